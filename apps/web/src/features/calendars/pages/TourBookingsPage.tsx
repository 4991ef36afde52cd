import { Accordion, Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { useTourOptions } from '../../tours/api.ts';
import { useCalendarDepartures } from '../api.ts';
import { CalendarFilters, useCalendarParams } from '../components/CalendarFilters.tsx';
import { DepartureBookings } from '../components/DepartureBookings.tsx';
import { monthRange } from '../components/months.ts';

const MONTHS = 12;

/** /booking/tour: a tour's departures of a year from a month on, each with its bookings on opening. */
export default function TourBookingsPage() {
  const { t } = useTranslation();
  const { params, set, month } = useCalendarParams(todayIso());
  const tours = useTourOptions();
  const tourId = Number(params.get('tour') ?? tours.data?.[0]?.id ?? 0) || 0;
  const departures = useCalendarDepartures({ ...monthRange(month, MONTHS), tourId });
  const list = tourId ? (departures.data ?? []) : [];
  const [open, setOpen] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title={t('calendars.tour.title')} intro={t('calendars.tour.intro')} />
      <CalendarFilters
        asset={{
          label: t('calendars.fields.tour'),
          options: (tours.data ?? []).map((tour) => ({ value: String(tour.id), label: tour.name })),
          value: tourId,
          onChange: (v) => set('tour', v),
        }}
        start={{ type: 'month', value: month, onChange: (v) => set('month', v) }}
      />
      {departures.isError && <Alert color="red">{apiErrorText(departures.error as ApiError)}</Alert>}
      {departures.isSuccess && list.length === 0 && <Text c="dimmed">{t('calendars.trip.empty')}</Text>}
      <Accordion value={open} onChange={setOpen} variant="separated">
        {list.map((d) => (
          <Accordion.Item key={d.id} value={String(d.id)}>
            <Accordion.Control>
              {d.from} – {d.to} · {d.vesselName} ·{' '}
              {d.isFull
                ? t('calendars.trip.full')
                : t('calendars.tour.free', { cabins: d.freeCabins ?? 0, berths: d.freeBerths ?? 0 })}
            </Accordion.Control>
            <Accordion.Panel>
              {open === String(d.id) && <DepartureBookings scheduleId={d.id} />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
