import { hasScope } from '@atoll/domain/scopes';
import { Button, Group, Pagination, Stack, Title } from '@mantine/core';
import { IconCalendarPlus, IconCopy, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { downloadFile } from '../../../components/downloadFile.ts';
import { routePath } from '../../../components/routePath.ts';
import { useDepartures, useTourOptions, useVesselOptions } from '../api.ts';
import { CopySeasonModal } from '../components/CopySeasonModal.tsx';
import {
  DEPARTURE_FILTER_KEYS,
  DepartureFilters,
  type TDepartureFilter,
  toDepartureFilter,
} from '../components/DepartureFilters.tsx';
import { DeparturesTable } from '../components/DeparturesTable.tsx';

const PAGE_SIZE = 25;

/** /schedule: departures with filters kept in the URL, free places, season copy, calendar feed and print. */
export default function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const [params, setParams] = useSearchParams();
  const [copying, setCopying] = useState(false);
  const filter = Object.fromEntries(
    DEPARTURE_FILTER_KEYS.map((k) => [k, params.get(k) ?? '']),
  ) as TDepartureFilter;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const departures = useDepartures({ page, size: PAGE_SIZE, filter: toDepartureFilter(filter) });
  const vessels = useVesselOptions(hasScope(scopes, ['vessel.read']));
  const tours = useTourOptions();
  const total = departures.data?.total ?? 0;

  const update = (patch: Partial<TDepartureFilter> & { page?: number }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries({ page: 1, ...patch })) {
          if (value && !(key === 'page' && value === 1)) next.set(key, String(value));
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const year = new Date().getFullYear();
  const print = () =>
    void downloadFile(
      '/schedules/printList/departures',
      {
        from: filter.from || `${year}-01-01`,
        to: filter.to || `${year}-12-31`,
        vessel: filter.vessel,
        lang: i18n.language,
      },
      'departures.pdf',
    );
  const ics = () =>
    void downloadFile('/tours/ics', { vessel: filter.vessel, tour: filter.tour }, 'departures.ics');

  return (
    <Stack gap="md">
      <Title order={2}>{t('tours.schedules.title')}</Title>
      <Group gap="xs">
        {hasScope(scopes, ['schedules.create']) && (
          <>
            <Button
              component={Link}
              to={routePath('scheduleCreate')}
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
            >
              {t('tours.schedules.create')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => setCopying(true)}
            >
              {t('tours.schedules.copySeason')}
            </Button>
          </>
        )}
        <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={print}>
          {t('tours.schedules.print')}
        </Button>
        {hasScope(scopes, ['tours.read']) && (
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={ics}>
            {t('tours.schedules.ics')}
          </Button>
        )}
      </Group>
      <DepartureFilters
        value={filter}
        onChange={update}
        vessels={vessels.data ?? []}
        tours={tours.data ?? []}
      />
      <DeparturesTable rows={departures.data?.data ?? []} isError={departures.isError} />
      {total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={(p) => update({ page: p })}
          size="sm"
        />
      )}
      {copying && (
        <CopySeasonModal
          opened
          onClose={() => setCopying(false)}
          vessels={vessels.data ?? []}
          initialVessel={filter.vessel}
        />
      )}
    </Stack>
  );
}
