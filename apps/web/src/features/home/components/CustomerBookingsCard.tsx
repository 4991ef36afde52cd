import { formatMoney } from '@atoll/domain/money';
import { Anchor, Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, langOf } from '../../../components/pricing/format.ts';
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
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={t('home.ownBookings.title')} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('home.ownBookings.number')}</Table.Th>
                <Table.Th>{t('home.ownBookings.travel')}</Table.Th>
                <Table.Th>{t('home.ownBookings.state')}</Table.Th>
                <Table.Th ta="right">{t('home.ownBookings.total')}</Table.Th>
                <Table.Th ta="right">{t('home.ownBookings.open')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/booking/${b.id}`} state={{ back: '/' }}>
                      {shownNumber(b)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {formatDay(b.from, lang)} – {formatDay(b.to, lang)}
                    {b.assetName && (
                      <Text size="xs" c="dimmed">
                        {b.assetName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <BookingStateBadge state={b.state} resolved={b.resolved} />
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(b.total, b.currency, lang)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(b.openAmount, b.currency, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
