import { SCHEDULE_FILTER_STATUSES } from '@atoll/domain/inventory/tours';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TNamedOption } from '../api.ts';

export type TDepartureFilter = { vessel: string; tour: string; from: string; to: string; status: string };
export const DEPARTURE_FILTER_KEYS = ['vessel', 'tour', 'from', 'to', 'status'] as const;

/**
 * The list filter of `tours/booking`: departures sharing a day with the period (`to > from` of the
 * period, `from <= to`), of one vessel or tour, in one status; `active` (under way today) is derived.
 */
export function toDepartureFilter(f: TDepartureFilter): string {
  const query: Record<string, unknown> = {};
  if (f.vessel) query.vesselId = Number(f.vessel);
  if (f.tour) query.tourId = Number(f.tour);
  if (f.status) query.status = f.status;
  if (f.from) query.to = { $gt: f.from };
  if (f.to) query.from = { $lte: f.to };
  return JSON.stringify(query);
}

type TProps = {
  value: TDepartureFilter;
  onChange: (patch: Partial<TDepartureFilter>) => void;
  vessels: TNamedOption[];
  tours: TNamedOption[];
};

export function DepartureFilters({ value, onChange, vessels, tours }: TProps) {
  const { t } = useTranslation();
  const options = (rows: TNamedOption[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));
  const choice = (key: 'vessel' | 'tour' | 'status', data: { value: string; label: string }[]) => ({
    label: t(`tours.fields.${key}`),
    placeholder: t('tours.schedules.all'),
    data,
    value: value[key] || null,
    onChange: (v: string | null) => onChange({ [key]: v ?? '' }),
    clearable: true,
    w: 200,
  });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select {...choice('vessel', options(vessels))} searchable />
      <Select {...choice('tour', options(tours))} searchable />
      <TextInput
        type="date"
        label={t('tours.schedules.filterFrom')}
        value={value.from}
        onChange={(e) => onChange({ from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('tours.schedules.filterTo')}
        value={value.to}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
      />
      <Select
        {...choice(
          'status',
          SCHEDULE_FILTER_STATUSES.map((s) => ({ value: s, label: t(`tours.status.${s}`) })),
        )}
      />
    </Group>
  );
}
