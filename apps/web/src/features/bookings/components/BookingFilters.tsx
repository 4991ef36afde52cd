import { BOOKING_DATE_MODES, BOOKING_LIST_FLAGS } from '@atoll/domain/bookings/queries';
import { Chip, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TListState } from '../../../components/useListState.ts';
import type { TOption } from '../api.ts';
import {
  activeFlags,
  assetValue,
  parseDateMode,
  parseStates,
  STATE_FILTERS,
  type TListFilterKey,
} from './bookingList.ts';

type TProps = {
  filters: TListState['filters'];
  onChange: (patch: Partial<Record<TListFilterKey, string>>) => void;
  resorts: TOption[];
  vessels: TOption[];
  /** Null: the agency filter is not shown (agents see their own agency's bookings only). */
  agencies: TOption[] | null;
};

const WIDTH = { flex: '0 1 190px', minWidth: 160 };

/**
 * The list's filters: states (with "not resolved"), travel dates (stays overlapping them, arrivals or departures in
 * them), resort or vessel, agency, and the yes/no filters the home dashboard links to.
 */
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
  const flags = activeFlags(filters);
  return (
    <Stack gap="xs">
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
        <Select
          label={label('dates')}
          data={BOOKING_DATE_MODES.map((mode) => ({ value: mode, label: label(`dateModes.${mode}`) }))}
          value={parseDateMode(filters.dates)}
          onChange={(value) => onChange({ dates: value === 'stay' || !value ? '' : value })}
          allowDeselect={false}
          style={WIDTH}
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
      <Group gap="xs" wrap="wrap" role="group" aria-label={label('flags')}>
        <Text size="sm" fw={500} component="span">
          {label('flags')}:
        </Text>
        <Chip.Group
          multiple
          value={flags}
          onChange={(values) =>
            onChange(Object.fromEntries(BOOKING_LIST_FLAGS.map((f) => [f, values.includes(f) ? '1' : ''])))
          }
        >
          {BOOKING_LIST_FLAGS.map((flag) => (
            <Chip key={flag} value={flag} size="xs">
              {label(`flag.${flag}`)}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Stack>
  );
}
