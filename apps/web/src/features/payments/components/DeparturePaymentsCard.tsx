import { formatMoney } from '@atoll/domain/money';
import type { TDeparturePayments } from '@atoll/domain/payments/api';
import { Alert, Anchor, Badge, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { BookingStateBadge } from '../../bookings/components/BookingStateBadge.tsx';
import { useDeparturePayments } from '../api.ts';
import { PaymentStatusBadge } from './PaymentStatusBadge.tsx';

type TTotal = TDeparturePayments['totals'][number];

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={alert ? 'red.8' : undefined}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The money of a departure (docs/domain/payments.md): per booking currency what its bookings owe the operator,
 * what is paid, open and overdue; then each booking with its payment status, due date and payments (under
 * what it has paid).
 */
export function DeparturePaymentsCard({ tourId, scheduleId }: { tourId: number; scheduleId: number }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const answer = useDeparturePayments(tourId, scheduleId);
  const label = (key: string) => t(`payments.departure.${key}`);

  const sums = (total: TTotal) => (
    <SimpleGrid
      key={total.currency}
      cols={{ base: 2, sm: 5 }}
      data-testid={`departure-sums-${total.currency}`}
    >
      <Figure label={label('bookings')} value={String(total.bookings)} />
      <Figure label={label('due')} value={formatMoney(total.due, total.currency, lang)} />
      <Figure label={t('payments.card.paid')} value={formatMoney(total.paid, total.currency, lang)} />
      <Figure label={t('payments.card.open')} value={formatMoney(total.open, total.currency, lang)} />
      <Figure
        label={t('payments.card.overdue')}
        value={formatMoney(total.overdue, total.currency, lang)}
        alert={Number(total.overdue) > 0}
      />
    </SimpleGrid>
  );

  const body = () => {
    if (answer.isPending) return <Loader size="sm" />;
    if (answer.error) return <Alert color="red">{apiErrorText(answer.error as ApiError)}</Alert>;
    const { bookings, totals } = answer.data;
    if (bookings.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {label('none')}
        </Text>
      );
    return (
      <Stack gap="md">
        {totals.map(sums)}
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={label('title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label('booking')}</Table.Th>
                <Table.Th>{label('guest')}</Table.Th>
                <Table.Th>{t('payments.card.status')}</Table.Th>
                <Table.Th ta="right">{label('due')}</Table.Th>
                <Table.Th ta="right">{t('payments.card.paid')}</Table.Th>
                <Table.Th ta="right">{t('payments.card.open')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.map((b) => {
                const money = (amount: string) => formatMoney(amount, b.currency, lang);
                return (
                  <Table.Tr key={b.bookingId}>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Anchor component={Link} to={routePath('bookingDetail', { id: b.bookingId })} fz="sm">
                          {b.bookingNo ?? `#${b.bookingId}`}
                        </Anchor>
                        <BookingStateBadge state={b.state} resolved={b.resolved} />
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{b.customerName ?? t('common.none')}</Text>
                      {b.agencyName && (
                        <Text size="xs" c="dimmed">
                          {b.agencyName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <PaymentStatusBadge status={b.status} />
                        {b.nextDueDate && (
                          <Group gap={4} wrap="nowrap">
                            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                              {t('payments.departure.dueOn', { date: formatDay(b.nextDueDate, lang) })}
                            </Text>
                            {b.hasExceededDueDate && (
                              <Badge color="red" variant="light" c="var(--mantine-color-text)" size="xs">
                                {t('payments.card.overdue')}
                              </Badge>
                            )}
                          </Group>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(b.due)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(b.paid)}
                      {b.payments.map((p) => (
                        <Text size="xs" c="dimmed" key={p.id}>
                          {`${formatDay(p.date, lang)} · ${formatMoney(p.amount, p.currency, lang)}`}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {money(b.open)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  };

  return (
    <SectionCard title={label('title')} icon={IconCash}>
      {body()}
    </SectionCard>
  );
}
