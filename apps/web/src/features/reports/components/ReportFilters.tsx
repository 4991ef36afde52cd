import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TReportFilters } from '../api.ts';

/** From, to (exclusive) and, where the screen offers it, the grouping: kept in the address. */
export function ReportFilters({
  filters,
  onChange,
  groups,
}: {
  filters: TReportFilters;
  onChange: (next: Partial<TReportFilters>) => void;
  groups?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="date"
        label={t('reports.from')}
        value={filters.from}
        onChange={(e) => onChange({ from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('reports.to')}
        value={filters.to}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
        error={filters.from >= filters.to ? t('reports.badRange') : undefined}
      />
      {groups && (
        <Select
          label={t('reports.groupBy')}
          data={groups.map((g) => ({ value: g, label: t(`reports.groups.${g}`) }))}
          value={filters.groupBy ?? groups[0] ?? null}
          allowDeselect={false}
          onChange={(v) => v && onChange({ groupBy: v })}
          w={160}
        />
      )}
    </Group>
  );
}
