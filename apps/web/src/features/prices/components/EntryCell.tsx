import { ENTRY_ADJUSTMENT_TYPES, type TEntryAdjustmentType } from '@atoll/domain/pricing/entities';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL, isAmount, isSignedAmount, type TCell } from './priceForm.ts';

/** What the grid edits right now: the values, or the entries' own surcharges or discounts (ByEntry). */
export type TGridMode = 'value' | 'surcharge' | 'discount';

type TProps = {
  cell: TCell | undefined;
  mode: TGridMode;
  /** "Garden Room, Double use, EUR": the accessible name of the cell's inputs. */
  label: string;
  disabled: boolean;
  onChange: (patch: Partial<TCell>) => void;
};

const INPUT_WIDTH = 104;
const isValid = { value: isAmount, surcharge: isSignedAmount, discount: isAmount };

/** One cell of the entries grid: an amount (empty = no entry) and, for adjustments, its type. */
export function EntryCell({ cell = EMPTY_CELL, mode, label, disabled, onChange }: TProps) {
  const { t } = useTranslation();
  const amount = (key: 'value' | 'surcharge' | 'discount', name: string) => (
    <TextInput
      aria-label={name}
      inputMode="decimal"
      autoComplete="off"
      size="xs"
      w={INPUT_WIDTH}
      value={cell[key]}
      error={cell[key].trim() !== '' && !isValid[key](cell[key])}
      disabled={disabled || (key !== 'value' && cell.value.trim() === '')}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
  if (mode === 'value') return amount('value', label);

  const typeKey = mode === 'surcharge' ? 'surchargeType' : 'discountType';
  const modeLabel = t(`prices.grid.modes.${mode}`);
  return (
    <Group gap={4} wrap="nowrap">
      {amount(mode, `${modeLabel}: ${label}`)}
      <NativeSelect
        aria-label={`${t('prices.grid.adjustmentType')}: ${label}`}
        size="xs"
        w={76}
        disabled={disabled || cell.value.trim() === ''}
        value={cell[typeKey]}
        data={ENTRY_ADJUSTMENT_TYPES.map((type) => ({
          value: type,
          label: t(`prices.grid.typeShort.${type}`),
        }))}
        onChange={(e) => onChange({ [typeKey]: e.currentTarget.value as TEntryAdjustmentType })}
      />
    </Group>
  );
}
