import {
  OFFICE_FIGURES,
  officeListFilters,
  type TOfficeDashboard,
  type TOfficeFigure,
} from '@atoll/domain/dashboard';
import { Anchor, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { useOfficeDashboard } from '../api.ts';
import { Figure, FigureGrid } from './Figure.tsx';
import { OfficeAheadCard } from './OfficeAheadCard.tsx';

/** The booking list behind a figure: the same filter the server counted. */
export const figureLink = (figure: TOfficeFigure, today: string) =>
  `/booking/list?${new URLSearchParams(officeListFilters(today)[figure])}`;

/** The figures shown as pairs (today, this week) and alone. */
const PAIRS = [
  ['arrivals', 'arrivalsToday', 'arrivalsWeek'],
  ['departures', 'departuresToday', 'departuresWeek'],
] as const;
const SINGLES = OFFICE_FIGURES.filter((f) => !PAIRS.some(([, a, b]) => a === f || b === f));

function Figures({ data }: { data: TOfficeDashboard }) {
  const { t } = useTranslation();
  const link = (figure: TOfficeFigure, text: string, big = false) => (
    <Anchor
      component={Link}
      to={figureLink(figure, data.today)}
      fw={big ? 700 : undefined}
      size={big ? 'xl' : 'sm'}
    >
      {text}
    </Anchor>
  );
  return (
    <FigureGrid cols={{ base: 1, xs: 2, lg: 3 }}>
      {PAIRS.map(([name, today, week]) => (
        <Figure key={name} label={t(`home.office.${name}`)}>
          {link(today, t('home.office.today', { count: data.counts[today] }), true)}
          {link(week, t('home.office.week', { count: data.counts[week] }))}
        </Figure>
      ))}
      {SINGLES.map((figure) => (
        <Figure key={figure} label={t(`home.office.${figure}`)}>
          {link(figure, String(data.counts[figure]), true)}
          <Text size="sm" c="dimmed">
            {t(`home.office.${figure}Note`)}
          </Text>
        </Figure>
      ))}
    </FigureGrid>
  );
}

/** The office's start: what needs doing today and this week, each figure a link to its filtered booking list. */
export function OfficeHomeCard() {
  const { t, i18n } = useTranslation();
  const dashboard = useOfficeDashboard();
  const lang = langOf(i18n.language);
  return (
    <>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-office">
        <Group justify="space-between" align="baseline" mb="md" gap="sm">
          <Title order={2} size="h3" id="home-office">
            {t('home.office.title')}
          </Title>
          {dashboard.data && (
            <Text size="sm" c="dimmed">
              {formatDay(dashboard.data.today, lang)}
            </Text>
          )}
        </Group>
        {dashboard.data ? (
          <Figures data={dashboard.data} />
        ) : dashboard.isError ? (
          <Text c="dimmed" size="sm">
            {t('home.office.unavailable')}
          </Text>
        ) : (
          <Skeleton height={180} radius="md" />
        )}
      </Card>
      {dashboard.data && <OfficeAheadCard data={dashboard.data} />}
    </>
  );
}
