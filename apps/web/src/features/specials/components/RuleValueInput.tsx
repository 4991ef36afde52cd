import type { TRuleValue } from '@atoll/domain/pricing/entities';
import { MultiSelect, NumberInput, TagsInput, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byNameOrCode } from '../../../components/CodeSelect.tsx';
import { useCountries } from '../../../components/useReferenceData.ts';
import { customerTypeOptions } from '../../customers/components/CustomerTypeBadge.tsx';
import { RecordMultiSelect } from './RecordMultiSelect.tsx';
import { isIdKind, kindOf, type TRuleRow, takesList } from './ruleValues.ts';

type TProps = {
  row: TRuleRow;
  onChange: (value: TRuleValue | null) => void;
  label: string;
  error?: string | undefined;
  disabled?: boolean;
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

const listOf = (value: TRuleValue | null) => (Array.isArray(value) ? value : value === null ? [] : [value]);
const textsOf = (value: TRuleValue | null) => listOf(value).map(String);
const numbersOf = (texts: string[]) =>
  texts.map((text) => Number(text.replace(',', '.'))).filter((n) => Number.isFinite(n));

/** Countries by code in the UI language; a multiselect that finds "Germ" as well as "DE". */
function CountryMultiSelect(
  props: Omit<TProps, 'row' | 'onChange'> & { value: string[]; onChange: (v: string[]) => void },
) {
  const countries = useCountries();
  const data = useMemo(() => {
    const options = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name }));
    const missing = props.value.filter((code) => !options.some((o) => o.value === code));
    return [...missing.map((code) => ({ value: code, label: code })), ...options];
  }, [countries.data, props.value]);
  return <MultiSelect {...props} data={data} searchable clearable filter={byNameOrCode} hidePickedOptions />;
}

/** A single number; money thresholds take two decimals (the API compares them as numbers). */
function SingleNumber({ row, onChange, ...common }: TProps) {
  const isMoney = kindOf(row.field) === 'money';
  const value = row.value === null || Array.isArray(row.value) ? '' : row.value;
  return (
    <NumberInput
      {...common}
      value={value}
      allowNegative={false}
      allowDecimal={isMoney}
      decimalScale={isMoney ? 2 : 0}
      onChange={(v) => onChange(v === '' ? null : Number(v))}
    />
  );
}

/** Several values typed one by one (Enter or comma); entries that are not of the kind are dropped. */
function ValueList({ row, onChange, ...common }: TProps) {
  const { t } = useTranslation();
  const kind = kindOf(row.field);
  const accept = (texts: string[]): TRuleValue => {
    if (kind === 'date') return texts.filter((d) => ISO_DATE.test(d));
    if (kind === 'money') return numbersOf(texts.filter((m) => MONEY.test(m.replace(',', '.'))));
    return numbersOf(texts).filter((n) => kind !== 'booking' || (Number.isInteger(n) && n > 0));
  };
  return (
    <TagsInput
      {...common}
      value={textsOf(row.value)}
      onChange={(texts) => onChange(accept(texts))}
      splitChars={[',', ' ', ';']}
      placeholder={t(kind === 'date' ? 'specials.rules.datesHint' : 'specials.rules.numbersHint')}
      clearable
    />
  );
}

/** The value picker that fits the rule's field kind and operator (one value or a list). */
export function RuleValueInput(props: TProps) {
  const { t } = useTranslation();
  const { row, onChange, ...common } = props;
  const kind = kindOf(row.field);
  const isList = takesList(row.field, row.operator);

  if ((kind === 'number' || kind === 'money') && !isList) return <SingleNumber {...props} />;
  if (kind === 'date' && !isList)
    return (
      <TextInput
        {...common}
        type="date"
        value={typeof row.value === 'string' ? row.value : ''}
        onChange={(e) => onChange(e.currentTarget.value || null)}
      />
    );
  if (kind === 'number' || kind === 'money' || kind === 'date' || kind === 'booking')
    return <ValueList {...props} />;
  if (kind === 'weekday')
    return (
      <MultiSelect
        {...common}
        data={WEEKDAYS.map((d) => ({ value: String(d), label: t(`specials.weekdays.${d}`) }))}
        value={textsOf(row.value)}
        onChange={(days) => onChange(numbersOf(days).sort((a, b) => a - b))}
        clearable
      />
    );
  if (kind === 'country')
    return (
      <CountryMultiSelect {...common} value={textsOf(row.value)} onChange={(codes) => onChange(codes)} />
    );
  if (kind === 'customerType')
    return (
      <MultiSelect
        {...common}
        data={customerTypeOptions(t)}
        value={textsOf(row.value)}
        onChange={(types) => onChange(types)}
        clearable
      />
    );
  if (isIdKind(kind))
    return (
      <RecordMultiSelect
        {...common}
        kind={kind as Exclude<typeof kind, 'booking'>}
        value={textsOf(row.value)}
        onChange={(ids) => onChange(numbersOf(ids))}
      />
    );
  return null;
}
