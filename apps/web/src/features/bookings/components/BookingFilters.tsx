import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TListState } from '../../../components/useListState.ts';
import type { TOption } from '../api.ts';
import { assetValue, parseStates, STATE_FILTERS, type TListFilterKey } from './bookingList.ts';

type TProps = {
  filters: TListState['filters'];
  onChange: (patch: Partial<Record<TListFilterKey, string>>) => void;
  resorts: TOption[];
  vessels: TOption[];
  /** Null: the agency filter is not shown (agents see their own agency's bookings only). */
  agencies: TOption[] | null;
};

const WIDTH = { flex: '0 1 190px', minWidth: 160 };

/** The list's filters: states (with "not resolved"), travel dates, resort or vessel, agency. */
export function BookingFilters({ filters, onChange, resorts, vessels, agencies }: TProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`bookings.list.filters.${key}`);
  const assets = [
    ...(resorts.length
      ? [
          {
            group: label('resorts'),
            items: resorts.map((r) => ({ ...r, value: assetValue('resort', r.value) })),
          },
        ]
      : []),
    ...(vessels.length
      ? [
          {
            group: label('vessels'),
            items: vessels.map((v) => ({ ...v, value: assetValue('vessel', v.value) })),
          },
        ]
      : []),
  ];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label={label('states')}
        placeholder={parseStates(filters.states).length ? undefined : label('allStates')}
        data={STATE_FILTERS.map((s) => ({ value: s, label: t(`bookings.stateFilters.${s}`) }))}
        value={parseStates(filters.states)}
        onChange={(values) => onChange({ states: values.join(',') })}
        clearable
        style={{ flex: '1 1 240px', maxWidth: 300 }}
      />
      <TextInput
        type="date"
        label={label('from')}
        value={filters.from ?? ''}
        onChange={(e) => onChange({ from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={label('to')}
        value={filters.to ?? ''}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
      />
      {assets.length > 0 && (
        <Select
          label={label('asset')}
          placeholder={label('allAssets')}
          data={assets}
          value={filters.asset ?? null}
          onChange={(value) => onChange({ asset: value ?? '' })}
          searchable
          clearable
          style={WIDTH}
        />
      )}
      {agencies && (
        <Select
          label={label('agency')}
          placeholder={label('allAgencies')}
          data={agencies}
          value={filters.agencyId ?? null}
          onChange={(value) => onChange({ agencyId: value ?? '' })}
          searchable
          clearable
          style={WIDTH}
        />
      )}
    </Group>
  );
}
