import { MultiSelect, TextInput } from '@mantine/core';
import type { TResourceField } from '../../../components/resource/fields.tsx';
import type { TOption } from '../api.ts';

/** A date of a generic resource form (`YYYY-MM-DD` or null). */
export const dateField = (key: string, extra: Partial<TResourceField> = {}): TResourceField => ({
  key,
  kind: 'custom',
  initial: null,
  ...extra,
  render: ({ value, onChange, label, error, required, disabled }) => (
    <TextInput
      type="date"
      label={label}
      value={typeof value === 'string' ? value : ''}
      error={error}
      required={required}
      disabled={disabled}
      description={extra.description}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  ),
});

/** A list of record ids picked by name (room types, variants); empty = all. */
export const idsField = (key: string, options: TOption[], description?: string): TResourceField => ({
  key,
  kind: 'custom',
  initial: [],
  render: ({ value, onChange, label, error, disabled }) => (
    <MultiSelect
      label={label}
      description={description}
      data={options}
      value={((value as number[] | null) ?? []).map(String)}
      error={error}
      disabled={disabled}
      searchable
      clearable
      onChange={(ids) => onChange(ids.map(Number))}
    />
  ),
});
