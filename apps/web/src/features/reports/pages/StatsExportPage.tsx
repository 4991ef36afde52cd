import { REPORT_NAMES, REPORT_TITLES, REPORTS, type TReportName } from '@atoll/domain/reports';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { downloadFile } from '../../../components/downloadFile.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useReportFilters } from '../api.ts';
import { DatevExport } from '../components/DatevExport.tsx';
import { ReportFilters } from '../components/ReportFilters.tsx';
import { languageOf, ReportSection } from '../components/ReportView.tsx';

/** The reports one can download as they are (those with a path value are on their screens). */
const CHOICES = REPORT_NAMES.filter((name) => !name.includes('{'));
/** The downloads: a spreadsheet as CSV or XLSX, a printable PDF. */
const FILES = [
  ['CSV', { mode: 'export', format: 'csv' }],
  ['XLSX', { mode: 'export', format: 'xlsx' }],
  ['PDF', { mode: 'template' }],
] as const;

/**
 * /stats/export: pick a report and its period, see it, download it as CSV, XLSX or PDF; staff with bookings.read
 * also download the DATEV file of a year or month.
 */
export default function StatsExportPage() {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const { user } = useSession();
  const [filters, setFilters] = useReportFilters();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('report') as TReportName | null;
  const name: TReportName = asked && CHOICES.includes(asked) ? asked : 'topCountries';
  const groups = REPORTS[name].groups;
  const groupBy = filters.groupBy && groups.includes(filters.groupBy) ? filters.groupBy : groups[0];
  const choose = (report: string) => {
    const next = new URLSearchParams(search);
    next.set('report', report);
    next.delete('groupBy');
    setSearch(next, { replace: true });
  };
  const query = { from: filters.from, to: filters.to, groupBy };
  return (
    <Stack gap="md">
      <PageHeader title={t('routes.statsExport')} intro={t('reports.exportIntro')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('reports.report')}
          data={CHOICES.map((value) => ({ value, label: REPORT_TITLES[value][lang] }))}
          value={name}
          allowDeselect={false}
          searchable
          onChange={(v) => v && choose(v)}
          w={260}
        />
        <ReportFilters filters={{ ...filters, groupBy }} onChange={setFilters} groups={groups} />
        {FILES.map(([label, options]) => (
          <Button
            key={label}
            aria-label={`${t('reports.download')} ${label}`}
            variant={label === 'CSV' ? 'filled' : 'default'}
            leftSection={<IconDownload size={16} />}
            disabled={filters.from >= filters.to}
            onClick={() =>
              void downloadFile(
                `/api/bookings/${name}`,
                { ...query, ...options },
                `${name}.${label.toLowerCase()}`,
              )
            }
          >
            {label}
          </Button>
        ))}
      </Group>
      <ReportSection name={name} title={REPORT_TITLES[name][lang]} filters={query} series={[]} />
      {hasScope(user?.scopes ?? [], ['bookings.read']) && <DatevExport />}
    </Stack>
  );
}
