import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useOccupancy, useReportFilters } from '../api.ts';
import { ReportFilters } from '../components/ReportFilters.tsx';
import { cellText, languageOf, ReportSection } from '../components/ReportView.tsx';

/** The background of a heat map cell: the stronger, the fuller (light and dark schemes alike). */
const heat = (percent: string | null) =>
  percent === null
    ? undefined
    : `color-mix(in srgb, var(--mantine-color-teal-6) ${Math.round(Number(percent))}%, transparent)`;

/** /stats/occupancy: resorts × months heat map, occupancy, average daily rate and RevPAR per month, top rooms. */
export default function StatsOccupancyPage() {
  const { t, i18n } = useTranslation();
  const lang = languageOf(i18n.language);
  const [filters, setFilters] = useReportFilters();
  const occupancy = useOccupancy(filters);
  const data = occupancy.data;
  // The server computes ADR and RevPAR exactly (decimal strings); the chart plots them as numbers.
  const months = (data?.periods ?? []).map((p) => ({
    label: p.period,
    occupancy: Number(p.occupancy ?? 0),
    adr: p.adr === null ? null : Number(p.adr),
    revpar: p.revpar === null ? null : Number(p.revpar),
    figures: p,
  }));
  // Room revenue, ADR and RevPAR come as null to users who may not see money: their columns stay away.
  const money = data?.total.roomRevenue != null;
  const periods = data?.periods.map((p) => p.period) ?? [];
  const cell = (resortId: number, period: string) =>
    data?.rows.find((r) => r.resortId === resortId && r.period === period)?.occupancy ?? null;
  return (
    <Stack gap="md">
      <PageHeader title={t('routes.statsOccupancy')} intro={t('reports.occupancyIntro')} />
      <ReportFilters filters={filters} onChange={setFilters} />
      {occupancy.isLoading && <Loader size="sm" />}
      {occupancy.isError && <Alert color="red">{t('reports.failed')}</Alert>}
      {data && (
        <Paper withBorder p="md" component="section" aria-label={t('reports.titles.heatMap')}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('reports.titles.heatMap')}
            </Title>
            <Table.ScrollContainer minWidth={320}>
              <Table
                fz="xs"
                // Twelve months beside the resort's name fit at 1280 px beside the menu.
                horizontalSpacing={6}
                withColumnBorders
                aria-label={t('reports.titles.heatMap')}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reports.resort')}</Table.Th>
                    {periods.map((p) => (
                      <Table.Th key={p} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {p}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.resorts.map((r) => (
                    <Table.Tr key={r.resortId}>
                      <Table.Td>{r.name}</Table.Td>
                      {periods.map((p) => (
                        <Table.Td
                          key={p}
                          ta="right"
                          style={{ background: heat(cell(r.resortId, p)), whiteSpace: 'nowrap' }}
                        >
                          {cellText(cell(r.resortId, p), 'percent', lang)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      )}
      {data && (
        <Paper withBorder p="md" component="section" aria-label={t('reports.titles.occupancy')}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('reports.titles.occupancy')}
            </Title>
            <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
              <LineChart
                h={280}
                data={months}
                dataKey="label"
                withLegend
                withRightYAxis
                rightYAxisProps={{ domain: [0, 100] }}
                data-testid="report-chart"
                series={[
                  { name: 'occupancy', label: t('reports.occupancy'), color: 'teal.6', yAxisId: 'right' },
                  ...(money
                    ? [
                        { name: 'adr', label: t('reports.adr'), color: 'blue.6' },
                        { name: 'revpar', label: t('reports.revpar'), color: 'orange.6' },
                      ]
                    : []),
                ]}
              />
              <Table.ScrollContainer minWidth={320}>
                <Table striped fz="sm" aria-label={t('reports.titles.occupancy')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('reports.month')}</Table.Th>
                      <Table.Th ta="right">{t('reports.occupancy')}</Table.Th>
                      <Table.Th ta="right">{t('reports.soldNights')}</Table.Th>
                      {money && (
                        <>
                          <Table.Th ta="right">{t('reports.roomRevenue')}</Table.Th>
                          <Table.Th ta="right">{t('reports.adr')}</Table.Th>
                          <Table.Th ta="right">{t('reports.revpar')}</Table.Th>
                        </>
                      )}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {months.map((m) => (
                      <Table.Tr key={m.label}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.label}</Table.Td>
                        <Table.Td ta="right">{cellText(m.figures.occupancy, 'percent', lang)}</Table.Td>
                        <Table.Td ta="right">{cellText(m.figures.soldNights, 'count', lang)}</Table.Td>
                        {money && (
                          <>
                            <Table.Td ta="right">{cellText(m.figures.roomRevenue, 'money', lang)}</Table.Td>
                            <Table.Td ta="right">{cellText(m.figures.adr, 'money', lang)}</Table.Td>
                            <Table.Td ta="right">{cellText(m.figures.revpar, 'money', lang)}</Table.Td>
                          </>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </SimpleGrid>
            {money && (
              <Text size="xs" c="dimmed">
                {t('reports.adrNote', { currency: data.currency })}
              </Text>
            )}
            {data.unconverted.length > 0 && (
              <Text size="xs" c="orange">
                {t('reports.adrUnconverted', {
                  amounts: data.unconverted.map((u) => `${u.amount} ${u.currency} (${u.period})`).join(', '),
                })}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      <ReportSection
        name="topRooms"
        title={t('reports.titles.rooms')}
        filters={filters}
        series={['nights']}
      />
    </Stack>
  );
}
