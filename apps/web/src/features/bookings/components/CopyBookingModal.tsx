import type { TBooking, TWritableState } from '@atoll/domain/bookings';
import { daysBetween } from '@atoll/domain/pricing/dates';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../../app/messages.ts';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { useCopyBooking, useVesselDepartures } from '../api.ts';
import { shownNumber } from './bookingState.ts';
import { departureOptions } from './RebookModal.tsx';

const STATES: { state: TWritableState; label: string }[] = [
  { state: 'draft', label: 'bookings.states.offer' },
  { state: 'planned', label: 'bookings.states.reservation' },
  { state: 'confirmed', label: 'bookings.states.booking' },
];

/**
 * Copies the booking (`POST {id}/copy`): its resort stays to a new arrival day (the nights stay the same), its
 * cabins to a departure of the vessel, as an offer unless asked; opens the copy.
 */
export function CopyBookingModal({ booking, onClose }: { booking: TBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const navigate = useNavigate();
  const copy = useCopyBooking(booking.id);
  const stays = booking.rooms.filter((r) => r.scheduleId === null);
  const firstArrival = stays.map((r) => r.from).sort()[0];
  const departures = useVesselDepartures(booking.vesselId);
  const [arrival, setArrival] = useState(firstArrival ?? '');
  const [scheduleId, setScheduleId] = useState<string | null>(
    booking.scheduleId === null ? null : String(booking.scheduleId),
  );
  const [state, setState] = useState<TWritableState>('draft');
  const [error, setError] = useState<string | undefined>();
  const options = departureOptions(departures.data ?? [], t, lang);
  // The current departure may be over or full: it stays a choice with its own dates.
  if (booking.scheduleId !== null && !options.some((o) => o.value === String(booking.scheduleId)))
    options.unshift({
      value: String(booking.scheduleId),
      label: `${formatDay(booking.from, lang)} – ${formatDay(booking.to, lang)}`,
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (firstArrival && !/^\d{4}-\d{2}-\d{2}$/.test(arrival)) {
      setError(t('form.invalid.required'));
      return;
    }
    copy.mutate(
      {
        state,
        shiftDays: firstArrival ? daysBetween(firstArrival, arrival) : 0,
        ...(scheduleId ? { scheduleId: Number(scheduleId) } : {}),
      },
      {
        onSuccess: (made) => {
          onClose();
          showSuccess(t('bookings.copy.done', { number: shownNumber(made) }));
          navigate(routePath('bookingDetail', { id: made.id }));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('bookings.copy.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('bookings.copy.text')}</Text>
          {firstArrival && (
            <TextInput
              type="date"
              label={t('bookings.copy.arrival')}
              description={t('bookings.copy.arrivalHint')}
              value={arrival}
              onChange={(e) => {
                setArrival(e.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              required
              data-autofocus
            />
          )}
          {booking.scheduleId !== null && (
            <Select
              label={t('bookings.lifecycle.rebook.departure')}
              data={options}
              value={scheduleId}
              onChange={setScheduleId}
              allowDeselect={false}
              placeholder={departures.isPending ? t('app.loading') : undefined}
            />
          )}
          <Select
            label={t('bookings.copy.state')}
            data={STATES.map((s) => ({ value: s.state, label: t(s.label) }))}
            value={state}
            onChange={(value) => value && setState(value as TWritableState)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={copy.isPending}>
              {t('bookings.copy.action')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
