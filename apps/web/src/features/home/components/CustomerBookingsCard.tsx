import { formatMoney } from '@atoll/domain/money';
import { SELF_PAYABLE_STATES } from '@atoll/domain/payments/api';
import { Anchor, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { BookingStateBadge } from '../../bookings/components/BookingStateBadge.tsx';
import { shownNumber } from '../../bookings/components/bookingState.ts';
import { useOwnBookings } from '../api.ts';

/** The customer's start: their bookings, each opening its detail with documents, guest forms and payments. */
export function CustomerBookingsCard() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const bookings = useOwnBookings(true);
  const rows = bookings.data?.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-own-bookings">
      <Title order={2} size="h4" id="home-own-bookings" mb="sm">
        {t('home.ownBookings.title')}
      </Title>
      {bookings.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {bookings.isError ? t('home.ownBookings.unavailable') : t('home.ownBookings.empty')}
        </Text>
      ) : (
        // Two columns, so the list reads on a phone without scrolling sideways: the number with its state, total
        // and what is open (only where it can still be paid: not on a rebooked or cancelled booking); the travel dates (each kept on one line) with the asset.
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label={t('home.ownBookings.title')} striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('home.ownBookings.number')}</Table.Th>
                <Table.Th>{t('home.ownBookings.travel')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Anchor component={Link} to={`/booking/${b.id}`} state={{ back: '/' }}>
                        {shownNumber(b)}
                      </Anchor>
                      <BookingStateBadge state={b.state} resolved={b.resolved} />
                      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                        {t('home.ownBookings.totalAmount', {
                          amount: formatMoney(b.total, b.currency, lang),
                        })}
                      </Text>
                      {Number(b.openAmount) > 0 &&
                        (SELF_PAYABLE_STATES as readonly string[]).includes(b.state) && (
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {t('home.ownBookings.openAmount', {
                              amount: formatMoney(b.openAmount, b.currency, lang),
                            })}
                          </Text>
                        )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(b.from, lang)} –
                    </Text>{' '}
                    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(b.to, lang)}
                    </Text>
                    {b.assetName && (
                      <Text size="xs" c="dimmed">
                        {b.assetName}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
