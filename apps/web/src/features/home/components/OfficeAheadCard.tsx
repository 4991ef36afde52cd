import type { TOccupancyReport } from '@atoll/domain/bookings/queries';
import type { TOfficeDashboard } from '@atoll/domain/dashboard';
import { addDays } from '@atoll/domain/inventory/tours';
import { Anchor, Card, Group, Progress, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../components/format.ts';
import { langOf, type TLang } from '../../../components/pricing/format.ts';
import { assetValue } from '../../bookings/components/bookingList.ts';
import { useOccupancyAhead } from '../api.ts';
import classes from './OfficeAhead.module.css';

const percentOf = (value: string | null) => (value === null ? 0 : Number(value));
const wholePercent = (value: string | null) => `${Math.round(percentOf(value))} %`;

/** Each day's occupancy as a bar (the text beside says the average and the fullest day). */
function OccupancyBars({ report, lang }: { report: TOccupancyReport; lang: TLang }) {
  const { t } = useTranslation();
  const fullest = report.periods.reduce<(typeof report.periods)[number] | undefined>(
    (top, p) => (top === undefined || percentOf(p.occupancy) > percentOf(top.occupancy) ? p : top),
    undefined,
  );
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t('home.office.occupancyAverage', { percent: wholePercent(report.total.occupancy) })}
        {fullest &&
          ` ${t('home.office.occupancyFullest', { day: formatDay(fullest.start, lang), percent: wholePercent(fullest.occupancy) })}`}
      </Text>
      <div className={classes.bars} aria-hidden>
        {report.periods.map((p) => (
          <Tooltip key={p.start} label={`${formatDay(p.start, lang)}: ${wholePercent(p.occupancy)}`}>
            <div className={classes.bar} style={{ height: `${Math.max(percentOf(p.occupancy), 2)}%` }} />
          </Tooltip>
        ))}
      </div>
      {report.resorts.length > 1 &&
        report.resorts.map((resort) => {
          const rows = report.rows.filter((r) => r.resortId === resort.resortId);
          const occupied = rows.reduce((sum, r) => sum + r.occupiedNights, 0);
          const capacity = rows.reduce((sum, r) => sum + r.capacityNights, 0);
          return (
            <Text key={resort.resortId} size="sm">
              {resort.name}: {capacity ? `${Math.round((occupied / capacity) * 100)} %` : '–'}
            </Text>
          );
        })}
    </Stack>
  );
}

function Departures({ data, lang }: { data: TOfficeDashboard; lang: TLang }) {
  const { t } = useTranslation();
  if (data.departuresAhead.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('home.office.noDepartures')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('home.office.departure')}</Table.Th>
            <Table.Th>{t('home.office.tour')}</Table.Th>
            <Table.Th>{t('home.office.berthsSold')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.departuresAhead.map((d) => {
            const sold = d.berths - d.freeBerths;
            const query = new URLSearchParams({
              asset: assetValue('vessel', d.vesselId),
              dates: 'arrival',
              from: d.from,
              to: d.from,
            });
            return (
              <Table.Tr key={d.scheduleId}>
                <Table.Td>
                  <Anchor component={Link} to={`/booking/list?${query}`} size="sm">
                    {formatDay(d.from, lang)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{d.tourName ?? '–'}</Text>
                  <Text size="xs" c="dimmed">
                    {d.vesselName}
                  </Text>
                </Table.Td>
                <Table.Td miw={96}>
                  <Text size="sm">{t('home.office.berths', { sold, berths: d.berths })}</Text>
                  <Progress
                    value={d.berths ? (sold / d.berths) * 100 : 0}
                    size="sm"
                    aria-label={t('home.office.berths', { sold, berths: d.berths })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The next 30 days: the resorts' occupancy day by day and the vessels' departures with their berths. */
export function OfficeAheadCard({ data }: { data: TOfficeDashboard }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  // occupancyPerYear takes [from, to): up to the day after the last day ahead.
  const occupancy = useOccupancyAhead({ from: data.today, to: addDays(data.aheadEnd, 1) });
  const hasResorts = (occupancy.data?.resorts.length ?? 0) > 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-ahead">
      <Group justify="space-between" align="baseline" mb="md" gap="sm">
        <Title order={2} size="h3" id="home-ahead">
          {t('home.office.ahead')}
        </Title>
        <Text size="sm" c="dimmed">
          {formatDay(data.today, lang)} – {formatDay(data.aheadEnd, lang)}
        </Text>
      </Group>
      <Stack gap="lg">
        {occupancy.isPending ? (
          <Skeleton height={80} radius="md" />
        ) : (
          hasResorts &&
          occupancy.data && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t('home.office.occupancy')}
              </Title>
              <OccupancyBars report={occupancy.data} lang={lang} />
            </Stack>
          )
        )}
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('home.office.departuresAhead')}
          </Title>
          <Departures data={data} lang={lang} />
        </Stack>
      </Stack>
    </Card>
  );
}
