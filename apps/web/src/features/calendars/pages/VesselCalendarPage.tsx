import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/messages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { useAssetOptions } from '../../bookings/api.ts';
import { useCalendarEvents } from '../api.ts';
import { CalendarLegend, ColourSwitches } from '../components/CalendarLegend.tsx';
import { monthRange, thisMonth } from '../components/months.ts';
import { useColourOptions } from '../components/useColourOptions.ts';
import { VesselGrid } from '../components/VesselGrid.tsx';

const SPANS = ['1', '2', '3', '6', '12'];
const DEFAULT_MONTHS = 3;

/** /booking/calendar: one vessel's cabins × its departures in some months, with the stays of each cabin. */
export default function VesselCalendarPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = todayIso();
  const [params, setParams] = useSearchParams();
  const { vessels } = useAssetOptions({ resorts: false, vessels: true });
  const vesselId = Number(params.get('vessel') ?? vessels[0]?.value ?? 0) || 0;
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '')
    ? (params.get('month') as string)
    : thisMonth(today);
  const months = SPANS.includes(params.get('months') ?? '') ? Number(params.get('months')) : DEFAULT_MONTHS;
  const set = (key: string, value: string) =>
    setParams((p) => {
      p.set(key, value);
      return p;
    });
  const [options, setOptions] = useColourOptions();
  const events = useCalendarEvents({ ...monthRange(month, months), vesselId }, vesselId > 0);

  return (
    <Stack gap="md">
      <PageHeader title={t('calendars.vessel.title')} intro={t('calendars.vessel.intro')} />
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('calendars.fields.vessel')}
          data={vessels}
          value={vesselId ? String(vesselId) : null}
          onChange={(value) => value && set('vessel', value)}
          allowDeselect={false}
          searchable
        />
        <TextInput
          type="month"
          label={t('calendars.fields.month')}
          value={month}
          onChange={(e) => e.currentTarget.value && set('month', e.currentTarget.value)}
        />
        <Select
          label={t('calendars.fields.months')}
          data={SPANS.map((value) => ({
            value,
            label: t('calendars.fields.monthsValue', { count: Number(value) }),
          }))}
          value={String(months)}
          onChange={(value) => value && set('months', value)}
          allowDeselect={false}
          w={140}
        />
      </Group>
      <ColourSwitches value={options} onChange={setOptions} />
      {events.isError && <Alert color="red">{apiErrorText(events.error as ApiError)}</Alert>}
      {events.data && (
        <VesselGrid
          events={events.data}
          today={today}
          options={options}
          onOpen={(entry) => navigate(routePath('bookingDetail', { id: entry.bookingId }))}
        />
      )}
      <CalendarLegend withBlocks={false} />
    </Stack>
  );
}
