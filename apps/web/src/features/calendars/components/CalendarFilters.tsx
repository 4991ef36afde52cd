import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { thisMonth } from './months.ts';

type TOption = { value: string; label: string };

type TProps = {
  /** The resort, vessel or tour picker; left out when the screen shows all. */
  asset?: { label: string; options: TOption[]; value: number; onChange: (value: string) => void };
  /** The first day (`date`) or month (`month`) shown. */
  start: { type: 'date' | 'month'; value: string; onChange: (value: string) => void };
  /** How many days or months are shown. */
  span?: {
    unit: 'days' | 'months';
    choices: readonly string[];
    value: number;
    onChange: (value: string) => void;
  };
};

/** The filter row every calendar shares: what, from when, how long. */
export function CalendarFilters({ asset, start, span }: TProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="wrap">
      {asset && (
        <Select
          label={asset.label}
          data={asset.options}
          value={asset.value ? String(asset.value) : null}
          onChange={(value) => value && asset.onChange(value)}
          allowDeselect={false}
          searchable
        />
      )}
      <TextInput
        type={start.type}
        label={t(start.type === 'date' ? 'calendars.fields.from' : 'calendars.fields.month')}
        value={start.value}
        onChange={(e) => e.currentTarget.value && start.onChange(e.currentTarget.value)}
      />
      {span && (
        <Select
          label={t(`calendars.fields.${span.unit}`)}
          data={span.choices.map((value) => ({
            value,
            label: t(`calendars.fields.${span.unit}Value`, { count: Number(value) }),
          }))}
          value={String(span.value)}
          onChange={(value) => value && span.onChange(value)}
          allowDeselect={false}
          w={140}
        />
      )}
    </Group>
  );
}

/** The calendars' URL state: read a key, set one (the rest kept), the month shown (default this month). */
export function useCalendarParams(today: string) {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) =>
    setParams((p) => {
      p.set(key, value);
      return p;
    });
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '')
    ? (params.get('month') as string)
    : thisMonth(today);
  /** A span from the URL if it is one of `choices`, else the default. */
  const spanOf = (key: string, choices: readonly string[], fallback: number) =>
    choices.includes(params.get(key) ?? '') ? Number(params.get(key)) : fallback;
  return { params, set, month, spanOf };
}
