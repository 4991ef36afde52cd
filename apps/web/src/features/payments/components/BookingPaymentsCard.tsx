import type { TBooking } from '@atoll/domain/bookings';
import { formatMoney } from '@atoll/domain/money';
import type { TPaymentListItem } from '@atoll/domain/payments/api';
import { hasScope } from '@atoll/domain/scopes';
import { ActionIcon, Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCash, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useBookingPayments, useDeletePayment } from '../api.ts';
import { AddPaymentModal } from './AddPaymentModal.tsx';
import { CreditModal } from './CreditModal.tsx';
import { PaymentStatusBadge } from './PaymentStatusBadge.tsx';
import { PayOpenAmount } from './PayOpenAmount.tsx';

type TDialog = { kind: 'add' | 'refund' } | { kind: 'credit'; mode: 'use' | 'keep' } | null;

/**
 * The booking's payments: status, paid, open and next due date, the payments (delete), and the office's
 * writes: add a payment, a refund (negative), pay from credit, keep an overpayment as credit.
 */
export function BookingPaymentsCard({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], ['bookingpayment.create', 'bookings.update']);
  const canDelete = hasScope(user?.scopes ?? [], ['bookingpayment.delete', 'bookings.update']);
  // The office records payments; a customer or an agent pays the open amount itself.
  const paysItself = hasScope(user?.scopes ?? [], ['customers.self', 'agencies.self']) && !canWrite;
  const list = useBookingPayments(booking.id);
  const remove = useDeletePayment(booking.id);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [deleting, setDeleting] = useState<TPaymentListItem | null>(null);
  const money = (amount: string, currency = booking.currency) => formatMoney(amount, currency, lang);
  const overpaid = booking.paymentStatus === 'overpayment';
  const rows = list.data ?? [];

  return (
    <SectionCard title={t('payments.card.title')} icon={IconCash}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="payment-summary">
          <div>
            <Text size="xs" c="dimmed">
              {t('payments.card.status')}
            </Text>
            <PaymentStatusBadge status={booking.paymentStatus} />
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('payments.card.paid')}
            </Text>
            <Text fw={600} data-testid="payment-paid">
              {money(booking.paid)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('payments.card.open')}
            </Text>
            <Text fw={600} data-testid="payment-open">
              {money(booking.openAmount)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('payments.card.nextDue')}
            </Text>
            <Group gap={4}>
              <Text>{booking.nextDueDate ? formatDay(booking.nextDueDate, lang) : '–'}</Text>
              {booking.hasExceededDueDate && (
                <Badge color="red" variant="light" c="var(--mantine-color-text)" size="sm">
                  {t('payments.card.overdue')}
                </Badge>
              )}
            </Group>
          </div>
        </SimpleGrid>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('payments.card.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments.fields.date')}</Table.Th>
                  <Table.Th>{t('payments.fields.amount')}</Table.Th>
                  <Table.Th>{t('payments.fields.method')}</Table.Th>
                  <Table.Th>{t('payments.fields.reference')}</Table.Th>
                  {canDelete && <Table.Th aria-label={t('payments.card.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDay(p.date, lang)}</Table.Td>
                    <Table.Td>
                      {money(p.amount, p.currency)}
                      {p.currency !== booking.currency && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          = {money(p.value)} ({t('payments.card.rate', { rate: p.rate })})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {t(`payments.methods.${p.method}`)}
                        {p.status === 'temporary' && (
                          <Badge size="xs" variant="light" color="yellow" c="var(--mantine-color-text)">
                            {t('payments.recordStatus.temporary')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{p.reference ?? ''}</Table.Td>
                    {canDelete && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('payments.card.delete', { date: formatDay(p.date, lang) })}
                          onClick={() => setDeleting(p)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {paysItself && <PayOpenAmount booking={booking} />}
        {canWrite && (
          <Group gap="xs">
            <Button size="xs" onClick={() => setDialog({ kind: 'add' })}>
              {t('payments.card.add')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'refund' })}>
              {t('payments.card.refund')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'credit', mode: 'use' })}>
              {t('payments.card.useCredit')}
            </Button>
            {overpaid && (
              <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'credit', mode: 'keep' })}>
                {t('payments.card.keepCredit')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {dialog && dialog.kind !== 'credit' && (
        <AddPaymentModal
          bookingId={booking.id}
          currency={booking.currency}
          version={booking.version}
          refund={dialog.kind === 'refund'}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'credit' && (
        <CreditModal
          bookingId={booking.id}
          mode={dialog.mode}
          hasAgency={booking.agencyId !== null}
          surplus={money(booking.openAmount.replace('-', ''))}
          version={booking.version}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('payments.card.deleteTitle')}
        text={
          deleting
            ? t('payments.card.deleteText', {
                amount: money(deleting.amount, deleting.currency),
                date: formatDay(deleting.date, lang),
              })
            : ''
        }
        confirmLabel={t('payments.card.deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSuccess(t('payments.card.deleted'));
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}
