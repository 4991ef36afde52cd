import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { useAssetOptions } from '../../bookings/api.ts';
import { useCalendarEvents } from '../api.ts';
import { CalendarFilters, useCalendarParams } from '../components/CalendarFilters.tsx';
import { CalendarLegend, ColourSwitches } from '../components/CalendarLegend.tsx';
import { monthRange } from '../components/months.ts';
import { useColourOptions } from '../components/useColourOptions.ts';
import { VesselGrid } from '../components/VesselGrid.tsx';

const SPANS = ['1', '2', '3', '6', '12'];
const DEFAULT_MONTHS = 3;

/** /booking/calendar: one vessel's cabins × its departures in some months, with the stays of each cabin. */
export default function VesselCalendarPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = todayIso();
  const { params, set, month, spanOf } = useCalendarParams(today);
  const { vessels } = useAssetOptions({ resorts: false, vessels: true });
  const vesselId = Number(params.get('vessel') ?? vessels[0]?.value ?? 0) || 0;
  const months = spanOf('months', SPANS, DEFAULT_MONTHS);
  const [options, setOptions] = useColourOptions();
  const events = useCalendarEvents({ ...monthRange(month, months), vesselId }, vesselId > 0);

  return (
    <Stack gap="md">
      <PageHeader title={t('calendars.vessel.title')} intro={t('calendars.vessel.intro')} />
      <CalendarFilters
        asset={{
          label: t('calendars.fields.vessel'),
          options: vessels,
          value: vesselId,
          onChange: (v) => set('vessel', v),
        }}
        start={{ type: 'month', value: month, onChange: (v) => set('month', v) }}
        span={{ unit: 'months', choices: SPANS, value: months, onChange: (v) => set('months', v) }}
      />
      <ColourSwitches value={options} onChange={setOptions} />
      {events.isError && <Alert color="red">{apiErrorText(events.error as ApiError)}</Alert>}
      {events.data && (
        <VesselGrid
          events={events.data}
          today={today}
          options={options}
          vesselId={vesselId}
          onOpen={(entry) => navigate(routePath('bookingDetail', { id: entry.bookingId }))}
        />
      )}
      <CalendarLegend withBlocks={false} />
    </Stack>
  );
}
