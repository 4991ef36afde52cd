import type { TAllowedDay } from '@atoll/domain/inventory/resorts';
import { ActionIcon, Alert, Box, Group, Loader, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowedDays } from '../api.ts';
import { WEEKDAYS_MONDAY_FIRST, weekdayName } from './weekdays.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** First and last day of a month as ISO dates; `month` counts from 0. */
function monthRange(year: number, month: number) {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { from: `${year}-${pad(month + 1)}-01`, to: `${year}-${pad(month + 1)}-${pad(last)}` };
}

/** The days of a month in weeks of Monday to Sunday; null fills the cells outside the month. */
function weeksOf(days: TAllowedDay[]) {
  const first = days[0] ? new Date(`${days[0].date}T00:00:00Z`).getUTCDay() : 1;
  const cells: (TAllowedDay | null)[] = [...Array((first + 6) % 7).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

function DayCell({ day, lang }: { day: TAllowedDay; lang: string }) {
  const { t } = useTranslation();
  const date = new Date(`${day.date}T00:00:00Z`);
  const name = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(date);
  const state = [
    t(day.arrival ? 'resorts.dates.arrivalAllowed' : 'resorts.dates.arrivalClosed'),
    t(day.departure ? 'resorts.dates.departureAllowed' : 'resorts.dates.departureClosed'),
  ].join(', ');
  return (
    <Table.Td
      data-date={day.date}
      data-arrival={day.arrival}
      data-departure={day.departure}
      aria-label={`${name}: ${state}`}
      title={state}
      bg={day.arrival || day.departure ? undefined : 'var(--mantine-color-gray-light)'}
    >
      <Text size="sm" fw={700}>
        {date.getUTCDate()}
      </Text>
      {/* Only what is allowed is drawn; an empty spot keeps the icons in line. */}
      <Group gap={4} wrap="nowrap" h={18}>
        {day.arrival ? (
          <IconLogin2 size={18} aria-hidden color="var(--mantine-color-teal-text)" />
        ) : (
          <Box w={18} />
        )}
        {day.departure && <IconLogout2 size={18} aria-hidden color="var(--mantine-color-blue-text)" />}
      </Group>
    </Table.Td>
  );
}

/** A month of a resort: which days allow arrival and departure (`GET /api/arrivaldeparture/date/…`). */
export function MonthPreview({ resortId }: { resortId: number }) {
  const { t, i18n } = useTranslation();
  const today = new Date();
  const [month, setMonth] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const { from, to } = monthRange(month.year, month.month);
  const days = useAllowedDays(resortId, from, to);
  const shift = (by: number) =>
    setMonth((m) => {
      const d = new Date(Date.UTC(m.year, m.month + by, 1));
      return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
    });
  const title = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(month.year, month.month, 1)));

  return (
    <Box>
      <Group justify="space-between" mb="xs">
        <ActionIcon variant="default" onClick={() => shift(-1)} aria-label={t('resorts.dates.previousMonth')}>
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Title order={3} size="h4" aria-live="polite">
          {title}
        </Title>
        <ActionIcon variant="default" onClick={() => shift(1)} aria-label={t('resorts.dates.nextMonth')}>
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {days.isPending && <Loader size="sm" aria-label={t('datatable.loading')} />}
      {days.isError && <Alert color="red">{t('datatable.error')}</Alert>}
      {days.data && (
        <Table
          withTableBorder
          withColumnBorders
          layout="fixed"
          aria-label={t('resorts.dates.previewOf', { month: title })}
        >
          <Table.Thead>
            <Table.Tr>
              {WEEKDAYS_MONDAY_FIRST.map((d) => (
                <Table.Th key={d} scope="col">
                  {weekdayName(d, i18n.language)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeksOf(days.data).map((week) => (
              <Table.Tr key={week.find(Boolean)?.date}>
                {week.map((day, i) =>
                  day ? (
                    <DayCell key={day.date} day={day} lang={i18n.language} />
                  ) : (
                    // Cells outside the month have no date to name them by.
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed position in the week
                    <Table.Td key={i} />
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="lg" mt="xs">
        <Group gap={4}>
          <IconLogin2 size={16} aria-hidden color="var(--mantine-color-teal-text)" />
          <Text size="sm">{t('resorts.dates.legendArrival')}</Text>
        </Group>
        <Group gap={4}>
          <IconLogout2 size={16} aria-hidden color="var(--mantine-color-blue-text)" />
          <Text size="sm">{t('resorts.dates.legendDeparture')}</Text>
        </Group>
      </Group>
    </Box>
  );
}
