import { Anchor, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../components/routePath.ts';
import { BookingStateBadge } from '../../bookings/components/BookingStateBadge.tsx';
import { shownNumber } from '../../bookings/components/bookingState.ts';
import { useDepartureBookings } from '../api.ts';

/** The bookings of one departure: number (to the booking), state, guest, agency, pax. */
export function DepartureBookings({ scheduleId }: { scheduleId: number }) {
  const { t } = useTranslation();
  const bookings = useDepartureBookings(scheduleId);
  if (bookings.isPending) return <Loader size="sm" aria-label={t('datatable.loading')} />;
  const rows = bookings.data ?? [];
  if (rows.length === 0) return <Text c="dimmed">{t('calendars.tour.noBookings')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('calendars.tour.number')}</Table.Th>
            <Table.Th>{t('calendars.tour.state')}</Table.Th>
            <Table.Th>{t('calendars.tour.guest')}</Table.Th>
            <Table.Th>{t('calendars.tour.agency')}</Table.Th>
            <Table.Th>{t('calendars.tour.pax')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>
                <Anchor component={Link} to={routePath('bookingDetail', { id: b.id })}>
                  {shownNumber(b)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <BookingStateBadge state={b.state} resolved={b.resolved} />
              </Table.Td>
              <Table.Td>{b.customerName ?? '–'}</Table.Td>
              <Table.Td>{b.agencyName ?? '–'}</Table.Td>
              <Table.Td>{b.noOfPax}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
