import type { TWorklog } from '@atoll/domain/dive';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../components/downloadFile.ts';
import { formatDay } from '../../../components/format.ts';
import { formatNumber, langOf, todayIso } from '../../../components/pricing/format.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { openPdf } from '../../vessels/openPdf.ts';
import { useDiveOptions } from '../api.ts';
import { dateField, monthDays, monthOptions } from '../components/fields.tsx';
import { DIVE_SCOPES } from '../components/options.ts';

type TRow = TWorklog & Record<string, unknown>;

/** An employee's month sheet as CSV or PDF (GET /api/worklog/sheet/{employee}?month=YYYY-MM). */
function MonthSheet({
  employees,
  months,
}: {
  employees: { value: string; label: string }[];
  months: { value: string; label: string }[];
}) {
  const { t, i18n } = useTranslation();
  const [employee, setEmployee] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(months[0]?.value ?? null);
  const path = `/worklog/sheet/${employee}`;
  const name = `worklog-${employee}-${month}`;
  const ready = employee !== null && month !== null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="worklog-sheet">
      <Title order={3} size="h4" id="worklog-sheet">
        {t('dive.worklog.sheet')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('dive.worklog.sheetIntro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('dive.worklog.employee')}
          data={employees}
          value={employee}
          onChange={setEmployee}
          allowDeselect={false}
          searchable
          w={220}
        />
        <Select
          label={t('dive.worklog.month')}
          data={months}
          value={month}
          onChange={setMonth}
          allowDeselect={false}
          w={180}
        />
        <Button
          variant="default"
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          disabled={!ready}
          onClick={() => void downloadFile(path, { month }, `${name}.csv`)}
        >
          {t('dive.worklog.csv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          disabled={!ready}
          onClick={() =>
            void openPdf(path, { month, format: 'pdf', lang: langOf(i18n.language) }, `${name}.pdf`)
          }
        >
          {t('dive.worklog.pdf')}
        </Button>
      </Group>
    </Card>
  );
}

/** /employee/worklog: hours and dives per employee and day (logged trips count the dives), the month's sheet. */
export default function WorklogPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const employees = useDiveOptions('employee').data ?? [];
  const names = new Map(employees.map((e) => [Number(e.value), e.label]));
  const months = monthOptions(todayIso(), i18n.language);
  return (
    <Stack gap="xl">
      <ResourcePage<TRow>
        resource="worklog"
        title={t('routes.worklog')}
        intro={t('dive.worklog.intro')}
        defaultSort="date"
        scopes={DIVE_SCOPES('employee')}
        nameOf={(row) => `${names.get(row.employeeId) ?? `#${row.employeeId}`}, ${formatDay(row.date, lang)}`}
        columns={[
          { key: 'date', sortable: true, render: (row) => formatDay(row.date, lang) },
          {
            key: 'employeeId',
            sortable: true,
            render: (row) => names.get(row.employeeId) ?? `#${row.employeeId}`,
          },
          { key: 'hours', render: (row) => formatNumber(row.hours, lang) },
          { key: 'dives', sortable: true },
          { key: 'note', wrap: true },
        ]}
        filters={[
          { key: 'employeeId', options: employees },
          {
            key: 'month',
            label: t('dive.worklog.month'),
            options: months,
            toFilter: (value) => {
              const { from, to } = monthDays(value);
              return { date: { $gte: from, $lte: to } };
            },
          },
        ]}
        fields={[
          { key: 'employeeId', kind: 'select', numeric: true, options: employees, required: true },
          dateField('date', { required: true, initial: todayIso() }),
          { key: 'hours', kind: 'decimal', min: 0, max: 24, initial: '0' },
          { key: 'dives', kind: 'number', min: 0, max: 20, initial: 0 },
          { key: 'note', kind: 'textarea', wide: true },
        ]}
      />
      <MonthSheet employees={employees} months={months} />
    </Stack>
  );
}
