import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { countryName } from '@atoll/domain/geo';
import { columnTitle, REPORT_PERIODS, type TReportAnswer, type TReportColumn } from '@atoll/domain/reports';
import { Alert, Loader, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TReportFilters, useReport } from '../api.ts';

/** Beyond this many rows the table goes under the chart, full width, and scrolls. */
const LONG = 12;
/** Beyond this many columns the table goes under the chart, full width: beside it, it would scroll sideways. */
const WIDE = 4;
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6'];

export const languageOf = (language: string): 'de' | 'en' => (language.startsWith('de') ? 'de' : 'en');

/** A cell as the user's language writes it: money with 2 decimals, percentages with a %. */
export function cellText(
  value: string | number | null | undefined,
  kind: TReportColumn['kind'],
  lang: string,
) {
  if (value === null || value === undefined) return '–';
  if (kind === 'text') return String(value) || '–';
  const n = Number(value);
  const digits =
    kind === 'count' ? { maximumFractionDigits: 3 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const text = new Intl.NumberFormat(lang, digits).format(n);
  return kind === 'percent' ? `${text} %` : text;
}

/** The row labels in the user's language where they are codes (states, channels, booking and line types). */
function useRowLabel(answer: TReportAnswer) {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const keys: Record<string, string> = {
    state: 'bookings.stateFilters',
    channel: 'bookings.channels',
    type: 'reports.bookingTypes',
  };
  return (value: string | number | null | undefined) => {
    const text = String(value ?? '');
    if (answer.groupBy === 'lineType') return columnTitle(text, lang);
    if (answer.groupBy === 'country') return text ? countryName(text, lang) : '–';
    const key = keys[answer.groupBy];
    return key && text ? t(`${key}.${text}`, { defaultValue: text }) : text || '–';
  };
}

/** The table of a report: its columns, rows and the total as the last line. */
export function ReportTable({ answer, label }: { answer: TReportAnswer; label: string }) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const { columns } = answer;
  const rowLabel = useRowLabel(answer);
  // A period ("2026-01") and a figure stay on one line; names may wrap.
  const byPeriod = (REPORT_PERIODS as readonly string[]).includes(answer.groupBy);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped highlightOnHover aria-label={label} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.kind === 'text' ? 'left' : 'right'}>
                {columnTitle(c.key, lang)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and two may share a label; a report is replaced whole, never reordered
            <Table.Tr key={`${row.label}-${i}`}>
              {columns.map((c) => (
                <Table.Td
                  key={c.key}
                  ta={c.kind === 'text' ? 'left' : 'right'}
                  style={c.key !== 'label' || byPeriod ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {c.key === 'label' ? rowLabel(row.label) : cellText(row[c.key], c.kind, lang)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            {columns.map((c) => (
              <Table.Td key={c.key} ta={c.kind === 'text' ? 'left' : 'right'}>
                {c.key === 'label'
                  ? lang === 'de'
                    ? 'Summe'
                    : 'Total'
                  : cellText(answer.total[c.key], c.kind, lang)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A chart of the report's rows: the given columns as series (those the answer has), bars or a line. */
export function ReportChart({
  answer,
  series,
  kind = 'bar',
}: {
  answer: TReportAnswer;
  series: string[];
  kind?: 'bar' | 'line';
}) {
  const { i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const rowLabel = useRowLabel(answer);
  const shown = answer.columns.filter((c) => series.includes(c.key));
  const data = answer.rows.map((row) => ({
    label: rowLabel(row.label),
    ...Object.fromEntries(shown.map((c) => [c.key, Number(row[c.key] ?? 0)])),
  }));
  // Money beside counts (revenue beside bookings) would flatten the counts: they get an axis of their own.
  const twoScales = shown.some((c) => c.kind === 'money') && shown.some((c) => c.kind !== 'money');
  const chartSeries = shown.map((c, i) => ({
    name: c.key,
    label: columnTitle(c.key, lang),
    color: COLORS[i % COLORS.length] as string,
    ...(twoScales && c.kind !== 'money' ? { yAxisId: 'right' } : {}),
  }));
  const Chart = kind === 'line' ? LineChart : BarChart;
  return (
    <Chart
      h={280}
      data={data}
      dataKey="label"
      series={chartSeries}
      withLegend
      withRightYAxis={twoScales}
      valueFormatter={(v) => new Intl.NumberFormat(lang).format(v)}
      data-testid="report-chart"
    />
  );
}

/** One report on a /stats screen: a chart beside its table (above it on a phone, or when the table is long or wide). */
export function ReportSection({
  name,
  title,
  filters,
  series,
  kind,
  extra,
}: {
  name: string;
  title: string;
  filters: TReportFilters;
  series: string[];
  kind?: 'bar' | 'line';
  extra?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const report = useReport(name, filters, extra);
  const answer = report.data;
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {report.isLoading && <Loader size="sm" />}
        {report.isError && <Alert color="red">{t('reports.failed')}</Alert>}
        {answer && answer.rows.length === 0 && <Text c="dimmed">{t('reports.empty')}</Text>}
        {answer && answer.rows.length > 0 && (
          <SimpleGrid
            cols={{ base: 1, lg: answer.rows.length > LONG || answer.columns.length > WIDE ? 1 : 2 }}
            spacing="md"
          >
            {answer.columns.some((c) => series.includes(c.key)) && (
              <ReportChart answer={answer} series={series} kind={kind} />
            )}
            <ScrollArea.Autosize mah={answer.rows.length > LONG ? 520 : undefined}>
              <ReportTable answer={answer} label={title} />
            </ScrollArea.Autosize>
          </SimpleGrid>
        )}
        {answer && answer.unconverted.length > 0 && (
          <Text size="xs" c="orange">
            {t('reports.unconverted', { count: answer.unconverted.length })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
