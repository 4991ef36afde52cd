import type { TBooking, TBookingRoom } from '@atoll/domain/bookings';
import { Button, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError } from '../../../app/messages.ts';
import { useBookingCall, useBookingGuestNames } from '../api.ts';

type TNotReady = { name: string; missing: string[] };

/**
 * Check-in and check-out of one room of a confirmed booking. When the dive log is on and guests are not
 * ready to dive, the server answers NOT_READY naming them: the dialog lists what each one misses and checks
 * in anyway with a reason, which the booking's history keeps.
 */
export function CheckInOutButton({ booking, room }: { booking: TBooking; room: TBookingRoom }) {
  const { t } = useTranslation();
  const call = useBookingCall(booking);
  const names = useBookingGuestNames(booking.id, booking.version).data;
  const [notReady, setNotReady] = useState<TNotReady[] | null>(null);
  const [reason, setReason] = useState('');
  const kind = room.checkIn === null ? 'checkin' : room.checkOut === null ? 'checkout' : null;
  if (booking.state !== 'confirmed' || kind === null) return null;

  const nameOf = (customerId: number) => {
    const guest = booking.rooms.flatMap((r) => r.guests).find((g) => g.customerId === customerId);
    return (
      (guest && (names?.get(guest.id) ?? guest.name)) ?? t('bookings.rooms.customerN', { id: customerId })
    );
  };
  const run = (notReadyReason?: string) =>
    call.mutate(
      { kind, roomBookingId: room.id, ...(notReadyReason ? { notReadyReason } : {}) },
      {
        onSuccess: () => setNotReady(null),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'NOT_READY')
            return setNotReady(
              (error.details ?? []).map((d) => ({
                name: nameOf(Number(d.path.split('.')[1])),
                missing: d.message.split(', '),
              })),
            );
          showError(apiErrorText(error instanceof ApiError ? error : new ApiError(0, 'NETWORK', 'NETWORK')));
        },
      },
    );

  return (
    <>
      <Button size="compact-sm" variant="light" loading={call.isPending} onClick={() => run()}>
        {t(`bookings.rooms.${kind === 'checkin' ? 'checkIn' : 'checkOut'}`)}
      </Button>
      <Modal
        opened={notReady !== null}
        onClose={() => setNotReady(null)}
        title={t('bookings.rooms.notReadyTitle')}
      >
        <Stack gap="sm">
          <Text size="sm">{t('bookings.rooms.notReadyText')}</Text>
          <List size="sm">
            {(notReady ?? []).map((g) => (
              <List.Item key={g.name}>
                <Text span fw={600} size="sm">
                  {g.name}
                </Text>
                {`: ${g.missing.map((gap) => t(`dive.gaps.${gap}`, { defaultValue: gap })).join(', ')}`}
              </List.Item>
            ))}
          </List>
          <Textarea
            label={t('bookings.rooms.notReadyReason')}
            required
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Button
            color="orange"
            disabled={reason.trim() === ''}
            loading={call.isPending}
            onClick={() => run(reason.trim())}
          >
            {t('bookings.rooms.checkInAnyway')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
