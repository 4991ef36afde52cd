import { TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import type { TResourceField } from '../../../components/resource/ResourcePage.tsx';

/** Currencies and rates are settings: settings.update writes. */
export const WRITE_SCOPES = ['settings.update'];

/** YYYY-MM-DD as the language writes a day (spec platform §9: DD.MM.YYYY; English keeps ISO). */
/** Today in the browser's time zone as YYYY-MM-DD. */
export const todayIso = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

export const currencyFields = (t: TFunction): TResourceField[] => [
  { key: 'code', kind: 'text', required: true, description: t('currencies.currency.codeHint') },
  { key: 'name', kind: 'text', required: true },
  { key: 'symbol', kind: 'text', required: true },
  {
    key: 'decimals',
    kind: 'number',
    initial: 2,
    min: 0,
    max: 4,
    description: t('currencies.currency.decimalsHint'),
  },
  { key: 'isActive', kind: 'switch', initial: true },
];

const currencyPicker = (key: 'from' | 'to'): TResourceField => ({
  key,
  kind: 'custom',
  required: true,
  render: ({ value, onChange, label, error, disabled }) => (
    <CurrencySelect
      label={label}
      value={value as string | null}
      onChange={onChange}
      error={error}
      disabled={disabled}
      required
    />
  ),
});

/** Free text fields as custom inputs: empty is null, so the form's required check sees it. */
const textInput = (key: string, description: string, type: 'text' | 'date', clean = (v: string) => v) =>
  ({
    key,
    kind: 'custom',
    required: true,
    render: ({ value, onChange, label, error, disabled }) => (
      <TextInput
        label={label}
        description={description}
        type={type}
        inputMode={type === 'text' ? 'decimal' : undefined}
        value={(value as string | null) ?? ''}
        error={error}
        disabled={disabled}
        required
        onChange={(e) => onChange(clean(e.currentTarget.value.trim()) || null)}
      />
    ),
  }) satisfies TResourceField;

export const rateFields = (t: TFunction): TResourceField[] => [
  currencyPicker('from'),
  currencyPicker('to'),
  // A rate keeps 8 places as text (a number field would cut them); a German decimal comma becomes a point.
  textInput('rate', t('currencies.rates.rateHint'), 'text', (v) => v.replace(',', '.')),
  { ...textInput('validFrom', t('currencies.rates.dayHint'), 'date'), initial: todayIso() },
];
