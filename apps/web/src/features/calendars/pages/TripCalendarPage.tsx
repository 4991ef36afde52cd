import { hasScope } from '@atoll/domain/scopes';
import { Alert, Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { useSession } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { type TCalendarDeparture, useCalendarDepartures } from '../api.ts';
import { CalendarFilters, useCalendarParams } from '../components/CalendarFilters.tsx';
import { monthRange } from '../components/months.ts';

const SPANS = ['1', '2', '3', '6', '12'];
const DEFAULT_MONTHS = 3;

/** The departures by the month they start in. */
function byMonth(departures: TCalendarDeparture[]): [string, TCalendarDeparture[]][] {
  const months = new Map<string, TCalendarDeparture[]>();
  for (const d of departures) months.set(d.from.slice(0, 7), [...(months.get(d.from.slice(0, 7)) ?? []), d]);
  return [...months.entries()];
}

const wizardLink = (d: TCalendarDeparture) =>
  `${routePath('bookingWizard')}?${new URLSearchParams({ vessel: String(d.vesselId), schedule: String(d.id), from: d.from, to: d.to })}`;

/** /booking/trip: every vessel's departures month by month with their free cabins and berths. */
export default function TripCalendarPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const canBook = hasScope(user?.scopes ?? [], ['bookings.create']);
  const today = todayIso();
  const { set, month, spanOf } = useCalendarParams(today);
  const months = spanOf('months', SPANS, DEFAULT_MONTHS);
  const range = monthRange(month, months);
  // Departures starting in the months shown (the filter takes those overlapping, so one more cut).
  const departures = useCalendarDepartures(range);
  const shown = (departures.data ?? []).filter((d) => d.from >= range.from && d.from < range.to);
  const monthName = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

  return (
    <Stack gap="md">
      <PageHeader title={t('calendars.trip.title')} intro={t('calendars.trip.intro')} />
      <CalendarFilters
        start={{ type: 'month', value: month, onChange: (v) => set('month', v) }}
        span={{ unit: 'months', choices: SPANS, value: months, onChange: (v) => set('months', v) }}
      />
      {departures.isError && <Alert color="red">{apiErrorText(departures.error as ApiError)}</Alert>}
      {departures.isSuccess && shown.length === 0 && <Text c="dimmed">{t('calendars.trip.empty')}</Text>}
      {byMonth(shown).map(([key, list]) => (
        <Stack key={key} gap="xs">
          <Title order={2} size="h4">
            {monthName.format(new Date(`${key}-01T00:00:00Z`))}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('calendars.trip.dates')}</Table.Th>
                  <Table.Th>{t('calendars.fields.vessel')}</Table.Th>
                  <Table.Th>{t('calendars.trip.tour')}</Table.Th>
                  <Table.Th>{t('calendars.trip.freeCabins')}</Table.Th>
                  <Table.Th>{t('calendars.trip.freeBerths')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((d) => (
                  <Table.Tr key={d.id} data-testid="departure">
                    <Table.Td>
                      {canBook && !d.isFull && d.from >= today ? (
                        <Anchor component={Link} to={wizardLink(d)}>
                          {d.from} – {d.to}
                        </Anchor>
                      ) : (
                        `${d.from} – ${d.to}`
                      )}
                    </Table.Td>
                    <Table.Td>{d.vesselName}</Table.Td>
                    <Table.Td>{d.tourName}</Table.Td>
                    <Table.Td>
                      {d.isFull ? (
                        <Badge color="red" variant="light">
                          {t('calendars.trip.full')}
                        </Badge>
                      ) : (
                        `${d.freeCabins ?? 0} / ${d.cabins ?? 0}`
                      )}
                    </Table.Td>
                    <Table.Td>{d.isFull ? '–' : `${d.freeBerths ?? 0} / ${d.berths ?? 0}`}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </Stack>
  );
}
