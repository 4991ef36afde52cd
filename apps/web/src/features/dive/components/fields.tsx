import { TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { TListFilter } from '../../../components/DataTable.tsx';
import { todayIso } from '../../../components/pricing/format.ts';
import type { TResourceField } from '../../../components/resource/ResourcePage.tsx';

// Form fields and list filters the day business screens share (day guests, day events, worklog).

/** A calendar day (YYYY-MM-DD) as a date input; empty is null. */
export const dateField = (key: string, extra: Partial<TResourceField> = {}): TResourceField => ({
  key,
  kind: 'custom',
  ...extra,
  render: ({ value, onChange, label, error, required, disabled }) => (
    <TextInput
      type="date"
      label={label}
      error={error}
      required={required}
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  ),
});

/** A time of day (HH:MM); empty is null. */
export const timeField = (key: string): TResourceField => ({
  key,
  kind: 'custom',
  render: ({ value, onChange, label, error, disabled }) => (
    <TextInput
      type="time"
      label={label}
      error={error}
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  ),
});

/** `day` moved by `days` (ISO dates, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const PERIODS = {
  today: [0, 0],
  tomorrow: [1, 1],
  yesterday: [-1, -1],
  next7: [0, 6],
  last30: [-30, 0],
} as const;

/** The list's days: today, tomorrow, yesterday, the next 7 or the last 30 days (by the browser's calendar). */
export const periodFilter = (t: TFunction): TListFilter => ({
  key: 'period',
  label: t('dive.period.label'),
  options: Object.keys(PERIODS).map((value) => ({ value, label: t(`dive.period.${value}`) })),
  toFilter: (value) => {
    const [from, to] = PERIODS[value as keyof typeof PERIODS] ?? [0, 0];
    const today = todayIso();
    return { date: { $gte: addDays(today, from), $lte: addDays(today, to) } };
  },
});

/** The month of `day` and the 11 before it, newest first, as "YYYY-MM" values named by the language. */
export function monthOptions(day: string, language: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const format = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return Array.from({ length: 12 }, (_, i) => {
    const first = new Date(Date.UTC(y, m - 1 - i, 1));
    return { value: first.toISOString().slice(0, 7), label: format.format(first) };
  });
}

/** The first and last day of a "YYYY-MM" month. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}
