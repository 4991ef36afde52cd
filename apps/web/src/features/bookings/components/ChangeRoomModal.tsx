import type { TBooking, TBookingRoom } from '@atoll/domain/bookings';
import { Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResortAvailability, useScheduleAvailability } from '../../availability/api.ts';
import { availabilityOf, moveTargets } from './roomMoves.ts';

type TMove = { roomBookingId: number; roomId: number; reloadPrice: boolean };
type TProps = {
  booking: TBooking;
  busy: boolean;
  onMove: (move: TMove) => void;
  onClose: () => void;
};

/** The rooms of the entry's resort over its dates, or the cabins of its departure (staff channel). */
function useEntryRooms(booking: TBooking, entry: TBookingRoom | undefined) {
  const where = entry ? availabilityOf(booking, entry) : null;
  const trip = where && 'scheduleId' in where ? where : null;
  const stay = where && 'resortId' in where ? where : null;
  const cabins = useScheduleAvailability(trip?.vesselId, trip?.scheduleId ?? 0, 'staff');
  const resort = useResortAvailability(stay?.resortId ?? 0, {
    from: stay?.from ?? '',
    to: stay?.to ?? '',
    channel: 'staff',
  });
  const answer = trip ? cabins : resort;
  return { data: answer.data?.rooms, isFetching: answer.isFetching };
}

/** Moves one room entry to a free room of its resort (same dates) or a free cabin of its departure. */
export function ChangeRoomModal({ booking, busy, onMove, onClose }: TProps) {
  const { t } = useTranslation();
  const [entryId, setEntryId] = useState<string | null>(
    booking.rooms[0] ? String(booking.rooms[0].id) : null,
  );
  const [roomId, setRoomId] = useState<string | null>(null);
  const [reloadPrice, setReloadPrice] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const entry = booking.rooms.find((r) => String(r.id) === entryId);
  const rooms = useEntryRooms(booking, entry);
  const targets = entry ? moveTargets(rooms.data ?? [], entry) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry || !roomId) {
      setError(t('form.invalid.required'));
      return;
    }
    onMove({ roomBookingId: entry.id, roomId: Number(roomId), reloadPrice });
  };
  return (
    <Modal opened onClose={onClose} title={t('bookings.lifecycle.changeRoom.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('bookings.lifecycle.changeRoom.entry')}
            data={booking.rooms.map((r) => ({
              value: String(r.id),
              label: t('bookings.lifecycle.entry', { room: r.roomName, guests: r.guests.length }),
            }))}
            value={entryId}
            onChange={(value) => {
              setEntryId(value);
              setRoomId(null);
            }}
            allowDeselect={false}
          />
          <Select
            label={t('bookings.lifecycle.changeRoom.target')}
            data={targets.map((r) => ({ value: String(r.id), label: r.name }))}
            value={roomId}
            onChange={(value) => {
              setRoomId(value);
              setError(undefined);
            }}
            nothingFoundMessage={t('bookings.lifecycle.changeRoom.none')}
            placeholder={rooms.isFetching ? t('app.loading') : undefined}
            error={error}
            searchable
            required
            data-autofocus
          />
          <Checkbox
            label={t('bookings.lifecycle.changeRoom.reloadPrice')}
            checked={reloadPrice}
            onChange={(e) => setReloadPrice(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('bookings.lifecycle.changeRoom.move')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
