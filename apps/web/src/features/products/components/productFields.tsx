import { CHARGING_BASES, PRODUCT_TYPES, PRODUCT_UNITS, type TProductCategory } from '@atoll/domain/products';
import type { TFunction } from 'i18next';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import type { TResourceField } from '../../../components/resource/ResourcePage.tsx';

/** Translated options of one of the product enums (`products.<group>.<value>`). */
export const enumOptions = (t: TFunction, group: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: t(`products.${group}.${value}`) }));

/** Every field of a product (the stock itself changes on the stock screen, with its log). */
export function productFields(t: TFunction, categories: readonly TProductCategory[]): TResourceField[] {
  return [
    { key: 'name', kind: 'text', required: true },
    {
      key: 'categoryId',
      kind: 'select',
      numeric: true,
      options: categories.map((c) => ({ value: String(c.id), label: c.name })),
    },
    {
      key: 'type',
      kind: 'select',
      required: true,
      initial: 'ConsumptionGood',
      options: enumOptions(t, 'types', PRODUCT_TYPES),
    },
    {
      key: 'unit',
      kind: 'select',
      required: true,
      initial: 'None',
      options: enumOptions(t, 'units', PRODUCT_UNITS),
    },
    {
      key: 'chargingBase',
      kind: 'select',
      required: true,
      initial: 'PerBooking',
      options: enumOptions(t, 'chargingBases', CHARGING_BASES),
    },
    { key: 'price', kind: 'decimal', required: true, initial: '0' },
    {
      key: 'currency',
      kind: 'custom',
      initial: 'EUR',
      render: ({ value, onChange, label, error, disabled }) => (
        <CurrencySelect
          label={label}
          value={(value as string | null) ?? null}
          onChange={(code) => code && onChange(code)}
          error={error}
          disabled={disabled}
          required
        />
      ),
    },
    { key: 'perUnit', kind: 'switch', description: t('products.edit.perUnitHint') },
    { key: 'isAddon', kind: 'switch' },
    { key: 'isOnlineBookable', kind: 'switch' },
    { key: 'trackStock', kind: 'switch' },
    { key: 'isActive', kind: 'switch', initial: true },
    { key: 'sort', kind: 'number', initial: 0 },
    { key: 'description', kind: 'textarea', wide: true },
  ];
}
