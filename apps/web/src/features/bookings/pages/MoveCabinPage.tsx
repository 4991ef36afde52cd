import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconBed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { BackLink, RecordFailure, RecordHeader, recordId } from '../../../components/DetailPage.tsx';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useScheduleAvailability } from '../../availability/api.ts';
import { useScheduleInfo } from '../../tours/api.ts';
import { useBookingsById } from '../api.ts';
import { shownNumber } from '../components/bookingState.ts';
import { MoveCabinForm, type TBookedCabin } from '../components/MoveCabinForm.tsx';

// /schedules/movecabin/:id (docs/domain/moving-and-rebooking.md): the departure's cabins with the bookings and guests in
// them; staff pick a booked cabin (a room entry) and a free cabin and move it (bookings/{id}/changeRoom).

/** The bookings holding something on the departure, in order of their first cabin. */
const heldBookings = (cabins: readonly TRoomAvailability[]) => [
  ...new Set(cabins.flatMap((c) => c.holds.flatMap((h) => (h.bookingId === null ? [] : [h.bookingId])))),
];

function CabinsTable({ cabins, booked }: { cabins: readonly TRoomAvailability[]; booked: TBookedCabin[] }) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bookings.lifecycle.moveCabin.cabin')}</Table.Th>
          <Table.Th>{t('bookings.lifecycle.moveCabin.freeBerths')}</Table.Th>
          <Table.Th>{t('bookings.lifecycle.moveCabin.booked')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cabins.map((cabin) => {
          const inCabin = booked.filter((b) => b.entry.roomId === cabin.id);
          return (
            <Table.Tr key={cabin.id}>
              <Table.Td>{cabin.name}</Table.Td>
              <Table.Td>
                {t('bookings.lifecycle.moveCabin.berths', { free: cabin.freeBeds, total: cabin.beds.length })}
              </Table.Td>
              <Table.Td>
                {inCabin.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('bookings.lifecycle.moveCabin.free')}
                  </Text>
                ) : (
                  <Group gap="sm">
                    {inCabin.map((b) => (
                      <Anchor
                        key={b.entry.id}
                        component={Link}
                        to={routePath('bookingDetail', { id: b.booking.id })}
                        size="sm"
                      >
                        {t('bookings.lifecycle.moveCabin.bookedLabel', {
                          number: shownNumber(b.booking),
                          name: b.booking.customerName ?? '',
                          guests: b.entry.guests.length,
                        })}
                      </Anchor>
                    ))}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export default function MoveCabinPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const id = recordId(useParams().id);
  const info = useScheduleInfo(id);
  const availability = useScheduleAvailability(info.data?.vessel?.id, id ?? 0, 'staff');
  const cabins = availability.data?.rooms ?? [];
  const bookings = useBookingsById(heldBookings(cabins));
  const back = (
    <BackLink
      to={routePath('scheduleDetail', { schedule: id ?? 0 })}
      label={t('bookings.lifecycle.moveCabin.back')}
    />
  );

  if (id === null) return <RecordFailure back={back} error={null} />;
  if (info.isPending) return <PageLoader />;
  if (info.error) return <RecordFailure back={back} error={info.error} />;
  const { schedule, tour } = info.data;
  const booked: TBookedCabin[] = bookings.flatMap((q) =>
    q.data
      ? q.data.rooms.filter((r) => r.scheduleId === id).map((entry) => ({ booking: q.data, entry }))
      : [],
  );

  return (
    <Stack gap="md">
      {back}
      <RecordHeader title={t('bookings.lifecycle.moveCabin.title')}>
        <Text size="sm" c="dimmed" mt={4}>
          {[tour.name, `${formatDay(schedule.from, lang)} – ${formatDay(schedule.to, lang)}`].join(' · ')}
        </Text>
      </RecordHeader>
      <SectionCard title={t('bookings.lifecycle.moveCabin.move')} icon={IconArrowsExchange}>
        {booked.length === 0 ? (
          <Text size="sm">{t('bookings.lifecycle.moveCabin.empty')}</Text>
        ) : (
          <MoveCabinForm booked={booked} cabins={cabins} />
        )}
      </SectionCard>
      <SectionCard title={t('bookings.lifecycle.moveCabin.cabins')} icon={IconBed}>
        {availability.isPending ? <PageLoader /> : <CabinsTable cabins={cabins} booked={booked} />}
      </SectionCard>
    </Stack>
  );
}
