import type { TBooking } from '@atoll/domain/bookings';
import type { TDeparture } from '@atoll/domain/inventory/tours';
import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { langOf, type TLang } from '../../../components/pricing/format.ts';
import { useVesselDepartures } from '../api.ts';

type TProps = {
  booking: TBooking;
  busy: boolean;
  onRebook: (scheduleId: number, keepPrice: boolean) => void;
  onClose: () => void;
};

/** The vessel's departures as choices: tour, dates and free berths. */
export const departureOptions = (departures: readonly TDeparture[], t: TFunction, lang: TLang) =>
  departures.map((d) => ({
    value: String(d.id),
    label: t('bookings.lifecycle.rebook.option', {
      tour: d.tourName,
      from: formatDay(d.from, lang),
      to: formatDay(d.to, lang),
      berths: d.freeBerths ?? '–',
    }),
  }));

/** Rebooks to another departure of the same vessel: a new booking, this one becomes "rebooked". */
export function RebookModal({ booking, busy, onRebook, onClose }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const departures = useVesselDepartures(booking.vesselId);
  const [scheduleId, setScheduleId] = useState<string | null>(null);
  const [keepPrice, setKeepPrice] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const options = departureOptions(departures.data ?? [], t, lang).filter(
    (o) => o.value !== String(booking.scheduleId),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!scheduleId) {
      setError(t('form.invalid.required'));
      return;
    }
    onRebook(Number(scheduleId), keepPrice);
  };
  return (
    <Modal opened onClose={onClose} title={t('bookings.lifecycle.rebook.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('bookings.lifecycle.rebook.text')}</Text>
          <Select
            label={t('bookings.lifecycle.rebook.departure')}
            data={options}
            value={scheduleId}
            onChange={(value) => {
              setScheduleId(value);
              setError(undefined);
            }}
            nothingFoundMessage={t('bookings.lifecycle.rebook.none')}
            placeholder={departures.isPending ? t('app.loading') : undefined}
            error={error}
            required
            data-autofocus
          />
          <Checkbox
            label={t('bookings.lifecycle.rebook.keepPrice')}
            checked={keepPrice}
            onChange={(e) => setKeepPrice(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('bookings.lifecycle.actions.rebook')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
