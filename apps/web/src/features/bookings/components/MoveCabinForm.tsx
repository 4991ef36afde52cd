import type { TBooking, TBookingRoom } from '@atoll/domain/bookings';
import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import { Button, Checkbox, Group, Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { availabilityKeys } from '../../availability/api.ts';
import { useBookingCall } from '../api.ts';
import { shownNumber } from './bookingState.ts';
import { moveTargets } from './roomMoves.ts';

export type TBookedCabin = { booking: TBooking; entry: TBookingRoom };

type TProps = { booked: readonly TBookedCabin[]; cabins: readonly TRoomAvailability[] };

const NO_BOOKING = { id: 0, version: 0 };

/** Picks a booked cabin (a room entry) and a free cabin of the departure and moves it (changeRoom). */
export function MoveCabinForm({ booked, cabins }: TProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [entryId, setEntryId] = useState<string | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [reloadPrice, setReloadPrice] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const chosen = booked.find((b) => String(b.entry.id) === entryId);
  const call = useBookingCall(chosen?.booking ?? NO_BOOKING);
  const targets = chosen ? moveTargets(cabins, chosen.entry) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !roomId) {
      setError(t('form.invalid.required'));
      return;
    }
    const room = cabins.find((c) => String(c.id) === roomId)?.name ?? '';
    const move = { roomBookingId: chosen.entry.id, roomId: Number(roomId), reloadPrice };
    call.mutate(
      { kind: 'changeRoom', ...move },
      {
        onSuccess: () => {
          showSuccess(t('bookings.lifecycle.changeRoom.done', { room }));
          setEntryId(null);
          setRoomId(null);
        },
        onSettled: () => void client.invalidateQueries({ queryKey: availabilityKeys.all }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="md">
        <Select
          label={t('bookings.lifecycle.moveCabin.entry')}
          data={booked.map((b) => ({
            value: String(b.entry.id),
            label: t('bookings.lifecycle.moveCabin.entryLabel', {
              number: shownNumber(b.booking),
              room: b.entry.roomName,
              guests: b.entry.guests.length,
            }),
          }))}
          value={entryId}
          onChange={(value) => {
            setEntryId(value);
            setRoomId(null);
            setError(undefined);
          }}
          searchable
          w={320}
        />
        <Select
          label={t('bookings.lifecycle.changeRoom.target')}
          data={targets.map((c) => ({ value: String(c.id), label: c.name }))}
          value={roomId}
          onChange={(value) => {
            setRoomId(value);
            setError(undefined);
          }}
          nothingFoundMessage={t('bookings.lifecycle.changeRoom.none')}
          error={error}
          disabled={!chosen}
          w={220}
        />
        <Checkbox
          label={t('bookings.lifecycle.changeRoom.reloadPrice')}
          checked={reloadPrice}
          onChange={(e) => setReloadPrice(e.currentTarget.checked)}
          mb={8}
        />
        <Button type="submit" loading={call.isPending}>
          {t('bookings.lifecycle.changeRoom.move')}
        </Button>
      </Group>
    </form>
  );
}
