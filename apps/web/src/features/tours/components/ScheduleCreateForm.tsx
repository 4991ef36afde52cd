import {
  addDays,
  SCHEDULE_STATUSES,
  type TScheduleStatus,
  weeklySeries,
} from '@atoll/domain/inventory/tours';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { READABLE_TITLE } from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { type TNamedOption, useSaveSchedule, useTourOptions } from '../api.ts';
import { formatRange, scheduleErrorText } from './format.ts';

type TResult = { from: string; to: string; id?: number; error?: string };

/** One departure or a weekly series of a tour; each departure is saved on its own and its result shown. */
export function ScheduleCreateForm({ vessels }: { vessels: TNamedOption[] }) {
  const { t, i18n } = useTranslation();
  const tours = useTourOptions();
  const save = useSaveSchedule();
  const [mode, setMode] = useState<'single' | 'series'>('single');
  const [tourId, setTourId] = useState('');
  const [vesselId, setVesselId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [weeks, setWeeks] = useState(4);
  const [nights, setNights] = useState(7);
  const [status, setStatus] = useState<TScheduleStatus>('open');
  const [isVisible, setVisible] = useState(true);
  const [results, setResults] = useState<TResult[]>([]);
  const [busy, setBusy] = useState(false);

  const pickTour = (id: string) => {
    const tour = tours.data?.find((row) => String(row.id) === id);
    setTourId(id);
    setVesselId(tour?.vesselId ? String(tour.vesselId) : '');
    if (tour) setNights(tour.nights);
    if (tour && from) setTo(addDays(from, tour.nights));
  };
  const pickFrom = (date: string) => {
    setFrom(date);
    if (date) setTo(addDays(date, nights));
  };
  const planned =
    mode === 'single' ? (from && to ? [{ from, to }] : []) : from ? weeklySeries(from, weeks, nights) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done: TResult[] = [];
    // One after the other: each answer (created or overlapping) is the operator's to see.
    for (const range of planned) {
      const body = {
        tourId: Number(tourId),
        ...(vesselId ? { vesselId: Number(vesselId) } : {}),
        ...range,
        status,
        isVisible,
      };
      try {
        done.push({ ...range, id: (await save.mutateAsync({ body })).id });
      } catch (error) {
        done.push({ ...range, error: scheduleErrorText(error, i18n.language) });
      }
      setResults([...done]);
    }
    setBusy(false);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md" maw={900}>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'single' | 'series')}
          data={[
            { value: 'single', label: t('tours.create.single') },
            { value: 'series', label: t('tours.create.series') },
          ]}
          w="fit-content"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('tours.fields.tour')}
            data={(tours.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
            value={tourId || null}
            onChange={(v) => pickTour(v ?? '')}
            searchable
            required
          />
          <Select
            label={t('tours.fields.vessel')}
            data={vessels.map((v) => ({ value: String(v.id), label: v.name }))}
            value={vesselId || null}
            onChange={(v) => setVesselId(v ?? '')}
            searchable
            clearable
          />
          <TextInput
            type="date"
            label={t(mode === 'single' ? 'tours.fields.from' : 'tours.create.first')}
            value={from}
            onChange={(e) => pickFrom(e.currentTarget.value)}
            required
          />
          {mode === 'single' ? (
            <TextInput
              type="date"
              label={t('tours.fields.to')}
              value={to}
              min={from}
              onChange={(e) => setTo(e.currentTarget.value)}
              required
            />
          ) : (
            <NumberInput
              label={t('tours.create.weeks')}
              value={weeks}
              min={1}
              max={104}
              onChange={(n) => setWeeks(typeof n === 'number' ? n : 1)}
            />
          )}
          {mode === 'series' && (
            <NumberInput
              label={t('tours.fields.nights')}
              value={nights}
              min={1}
              max={365}
              onChange={(n) => setNights(typeof n === 'number' ? n : 1)}
            />
          )}
          <Select
            label={t('tours.fields.status')}
            data={SCHEDULE_STATUSES.map((s) => ({ value: s, label: t(`tours.status.${s}`) }))}
            value={status}
            onChange={(v) => v && setStatus(v as TScheduleStatus)}
            allowDeselect={false}
          />
          <Switch
            label={t('tours.fields.isVisible')}
            checked={isVisible}
            onChange={(e) => setVisible(e.currentTarget.checked)}
            mt="md"
          />
        </SimpleGrid>
        {mode === 'series' && planned.length > 0 && results.length === 0 && (
          <Alert color="blue" styles={READABLE_TITLE} title={t('tours.create.preview')}>
            <List size="sm">
              {planned.map((r) => (
                <List.Item key={r.from}>{formatRange(r.from, r.to, i18n.language)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {results.length > 0 && (
          <Alert
            color={results.some((r) => r.error) ? 'orange' : 'teal'}
            styles={READABLE_TITLE}
            title={t('tours.create.results')}
          >
            <List size="sm" aria-label={t('tours.create.results')}>
              {results.map((r) => (
                <List.Item key={r.from}>
                  {r.id ? (
                    <Anchor component={Link} to={routePath('scheduleDetail', { schedule: r.id })} fz="sm">
                      {formatRange(r.from, r.to, i18n.language)}: {t('tours.create.created')}
                    </Anchor>
                  ) : (
                    `${formatRange(r.from, r.to, i18n.language)}: ${r.error}`
                  )}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {!tourId && <Alert color="gray">{t('tours.create.pickTour')}</Alert>}
        <Group>
          <Button type="submit" loading={busy} disabled={!tourId || planned.length === 0}>
            {t('tours.create.submit')}
          </Button>
          <Button variant="default" component={Link} to={routePath('schedules')}>
            {t('common.back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
