import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import type { TListFilter } from '../../../components/DataTable.tsx';
import type { TResourceField } from '../../../components/resource/ResourcePage.tsx';

/** Geography is settings master data: settings.update writes (spec platform §2, read with settings.read). */
const WRITE = ['settings.update'];
export const GEO_SCOPES = { create: WRITE, update: WRITE, delete: WRITE };

/** Plain text, not a badge: a light badge on a hovered row falls below 4.5:1 contrast. */
export function ActiveText({ active, t }: { active: boolean; t: TFunction }) {
  return (
    <Text size="sm" c={active ? undefined : 'dimmed'}>
      {t(active ? 'common.active' : 'common.inactive')}
    </Text>
  );
}

export const activeFilter = (t: TFunction): TListFilter => ({
  key: 'isActive',
  options: [
    { value: 'true', label: t('common.active') },
    { value: 'false', label: t('common.inactive') },
  ],
});

/** The switch says what it switches; the list column says "Status". */
export const activeField = (t: TFunction): TResourceField => ({
  key: 'isActive',
  kind: 'switch',
  initial: true,
  label: t('common.active'),
});

/** A country picked by name in the UI language, stored as its ISO code. */
export const countryField: TResourceField = {
  key: 'country',
  kind: 'custom',
  render: ({ value, onChange, label, error, disabled }) => (
    <CountrySelect
      label={label}
      value={value as string | null}
      onChange={onChange}
      error={error}
      disabled={disabled}
    />
  ),
};

/** Decimal degrees as text: up to 6 places, which a number field would cut. */
export const coordinateFields = (t: TFunction): TResourceField[] => [
  { key: 'latitude', kind: 'text', description: t('geo.coordinates.latitudeHint') },
  { key: 'longitude', kind: 'text', description: t('geo.coordinates.longitudeHint') },
];
