import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useReportFilters } from '../api.ts';
import { ReportFilters } from '../components/ReportFilters.tsx';
import { ReportSection } from '../components/ReportView.tsx';

const PERIODS = ['month', 'week', 'quarter', 'year'] as const;

/** /stats/base: revenue, payments received and open per period, and profit and loss by line type. */
export default function StatsFinancePage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useReportFilters();
  return (
    <Stack gap="md">
      <PageHeader title={t('routes.statsFinance')} intro={t('reports.financeIntro')} />
      <ReportFilters filters={filters} onChange={setFilters} groups={PERIODS} />
      <ReportSection
        name="report/finance"
        title={t('reports.titles.finance')}
        filters={filters}
        series={['revenue', 'payments', 'open']}
      />
      <ReportSection
        name="report/profitLoss"
        title={t('reports.titles.profitLoss')}
        filters={filters}
        series={['revenue', 'commission', 'result']}
        kind="line"
      />
    </Stack>
  );
}
