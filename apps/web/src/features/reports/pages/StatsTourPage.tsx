import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useReportFilters } from '../api.ts';
import { ReportFilters } from '../components/ReportFilters.tsx';
import { ReportSection } from '../components/ReportView.tsx';

const GROUPS = ['schedule', 'vessel', 'month'] as const;

/** /stats/tour: berths sold of those available per departure (or vessel, month) and per vessel and year. */
export default function StatsTourPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useReportFilters();
  return (
    <Stack gap="md">
      <PageHeader title={t('routes.statsTour')} intro={t('reports.tourIntro')} />
      <ReportFilters filters={filters} onChange={setFilters} groups={GROUPS} />
      <ReportSection
        name="utilization"
        title={t('reports.titles.utilization')}
        filters={filters}
        series={['berths', 'berthsSold']}
      />
      <ReportSection
        name="statistics/byVesselYear"
        title={t('reports.titles.vesselYear')}
        filters={{ from: filters.from, to: filters.to }}
        series={['berthNights', 'berthNightsSold']}
      />
    </Stack>
  );
}
