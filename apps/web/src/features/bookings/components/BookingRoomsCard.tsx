import type { TBooking, TBookingGuest } from '@atoll/domain/bookings';
import { Anchor, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconBed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useBookingGuestNames } from '../api.ts';
import { formatMoment } from './BookingFacts.tsx';
import { CheckInOutButton } from './CheckInOutButton.tsx';

type TProps = {
  booking: TBooking;
  /** Guests with a customer record link to it. */
  canOpenCustomers: boolean;
  /** The office checks rooms in and out (bookings.update). */
  canCheckIn: boolean;
};

type TGuestProps = {
  guest: TBookingGuest;
  index: number;
  /** The customer's name (else the placeholder's) as `{id}/customers` answers it. */
  knownName: string | undefined;
  canOpenCustomers: boolean;
};

/** One guest: name (the customer's, else the placeholder's), gender, age and bed. */
function Guest({ guest, index, knownName, canOpenCustomers }: TGuestProps) {
  const { t } = useTranslation();
  const name =
    knownName ??
    guest.name ??
    (guest.customerId !== null
      ? t('bookings.rooms.customerN', { id: guest.customerId })
      : t('bookings.rooms.guestN', { n: index + 1 }));
  const details = [
    t(`bookings.genders.${guest.gender}`),
    guest.age !== null ? t('bookings.rooms.age', { age: guest.age }) : null,
    guest.bed ? t('bookings.rooms.bed', { bed: guest.bed }) : null,
  ].filter(Boolean);
  return (
    <List.Item>
      {guest.customerId !== null && canOpenCustomers ? (
        <Anchor component={Link} to={routePath('customerView', { id: guest.customerId })} size="sm">
          {name}
        </Anchor>
      ) : (
        name
      )}
      <Text span size="sm" c="dimmed">
        {` · ${details.join(' · ')}`}
      </Text>
    </List.Item>
  );
}

/** The rooms and cabins of the booking, each with its dates, check-in/out and guests. */
export function BookingRoomsCard({ booking, canOpenCustomers, canCheckIn }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const names = useBookingGuestNames(booking.id, booking.version).data;
  const head = (key: string) => <Table.Th>{t(`bookings.rooms.${key}`)}</Table.Th>;
  return (
    <SectionCard title={t('bookings.rooms.title')} icon={IconBed}>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('bookings.rooms.title')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {head('room')}
              {head('dates')}
              {head('checkInOut')}
              {head('guests')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {booking.rooms.map((room) => (
              <Table.Tr key={room.id} style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {room.roomName}
                    </Text>
                    {!room.whole && (
                      <Badge variant="light" color="gray" radius="sm" size="sm">
                        {t('bookings.rooms.berths')}
                      </Badge>
                    )}
                    {room.locked && (
                      <Badge variant="light" color="gray" radius="sm" size="sm">
                        {t('bookings.rooms.locked')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {`${formatDay(room.from, lang)} – ${formatDay(room.to, lang)}`}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Text size="sm">
                      {[room.checkIn, room.checkOut]
                        .map((moment) => (moment ? formatMoment(moment, lang) : t('common.none')))
                        .join(' / ')}
                    </Text>
                    {canCheckIn && <CheckInOutButton booking={booking} room={room} />}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <List size="sm" listStyleType="none">
                    {room.guests.map((guest, index) => (
                      <Guest
                        key={guest.id}
                        guest={guest}
                        index={index}
                        knownName={names?.get(guest.id)}
                        canOpenCustomers={canOpenCustomers}
                      />
                    ))}
                  </List>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionCard>
  );
}
