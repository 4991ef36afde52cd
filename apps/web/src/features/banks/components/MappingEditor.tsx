import {
  CSV_DELIMITERS,
  DATE_FORMATS,
  DECIMAL_MARKS,
  MAPPED_COLUMNS,
  MAX_SKIPPED_LINES,
  type TCsvMapping,
  type TMappedColumn,
} from '@atoll/domain/banks/statement';
import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFieldProps } from '../../../components/resource/ResourcePage.tsx';

/** A German bank's export: a sensible start for a new mapping. */
export const DEFAULT_MAPPING: TCsvMapping = {
  delimiter: ';',
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
  skipLines: 0,
  hasHeader: true,
  footerLines: 0,
  columns: {
    date: 'Buchungstag',
    amount: 'Betrag',
    debit: null,
    credit: null,
    currency: null,
    counterparty: null,
    reference: null,
    externalId: null,
  },
};

/** One signed amount column, or money out and money in in two columns (Soll/Haben). */
type TAmountKind = 'amount' | 'split';
const AMOUNT_COLUMNS: Record<TAmountKind, readonly TMappedColumn[]> = {
  amount: ['amount'],
  split: ['debit', 'credit'],
};
const OTHER_KIND: Record<TAmountKind, TAmountKind> = { amount: 'split', split: 'amount' };
const AMOUNT_OR_SPLIT: readonly TMappedColumn[] = ['amount', 'debit', 'credit'];

/** A column by name, or by position when a number is typed ("3" is the fourth column, counted from 0). */
const toColumn = (text: string): string | number | null => {
  const value = text.trim();
  if (value === '') return null;
  return /^\d{1,3}$/.test(value) ? Number(value) : value;
};

/** The CSV column mapping of a bank (stored on the account; an import may send a new one). */
export function MappingEditor({ value, onChange, label, disabled }: TFieldProps) {
  const { t } = useTranslation();
  const mapping = value as TCsvMapping | null;
  // Chosen by staff until the columns say it (both debit and credit are empty right after the switch).
  const [chosenKind, setChosenKind] = useState<TAmountKind | null>(null);
  if (!mapping)
    return (
      <Fieldset legend={label}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('banks.mapping.none')}
          </Text>
          <Button variant="light" size="xs" disabled={disabled} onClick={() => onChange(DEFAULT_MAPPING)}>
            {t('banks.mapping.add')}
          </Button>
        </Group>
      </Fieldset>
    );
  const set = (patch: Partial<TCsvMapping>) => onChange({ ...mapping, ...patch });
  const setColumn = (key: TMappedColumn, text: string) =>
    set({ columns: { ...mapping.columns, [key]: toColumn(text) } as TCsvMapping['columns'] });
  const delimiterLabel = (d: string) => (d === '\t' ? t('banks.mapping.tab') : d);
  const kind: TAmountKind =
    chosenKind ??
    (mapping.columns.amount == null && (mapping.columns.debit ?? mapping.columns.credit) != null
      ? 'split'
      : 'amount');
  const setKind = (next: TAmountKind) => {
    setChosenKind(next);
    if (next === kind) return;
    const columns = Object.assign({}, mapping.columns) as Record<TMappedColumn, string | number | null>;
    for (const key of AMOUNT_COLUMNS[OTHER_KIND[next]]) columns[key] = null;
    set({ columns: columns as TCsvMapping['columns'] });
  };
  const shown = MAPPED_COLUMNS.filter(
    (key) => !AMOUNT_OR_SPLIT.includes(key) || AMOUNT_COLUMNS[kind].includes(key),
  );
  const lines = (key: 'skipLines' | 'footerLines', v: string | number) =>
    set({ [key]: typeof v === 'number' ? Math.max(0, Math.min(MAX_SKIPPED_LINES, Math.trunc(v))) : 0 });
  return (
    <Fieldset legend={label}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Select
          label={t('banks.mapping.delimiter')}
          data={CSV_DELIMITERS.map((d) => ({ value: d, label: delimiterLabel(d) }))}
          value={mapping.delimiter}
          onChange={(v) => v && set({ delimiter: v as TCsvMapping['delimiter'] })}
          allowDeselect={false}
          disabled={disabled}
        />
        <Select
          label={t('banks.mapping.dateFormat')}
          data={[...DATE_FORMATS]}
          value={mapping.dateFormat}
          onChange={(v) => v && set({ dateFormat: v as TCsvMapping['dateFormat'] })}
          allowDeselect={false}
          disabled={disabled}
        />
        <Select
          label={t('banks.mapping.decimal')}
          data={DECIMAL_MARKS.map((d) => ({
            value: d,
            label: t(`banks.mapping.decimals.${d === ',' ? 'comma' : 'point'}`),
          }))}
          value={mapping.decimal}
          onChange={(v) => v && set({ decimal: v as TCsvMapping['decimal'] })}
          allowDeselect={false}
          disabled={disabled}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        <NumberInput
          label={t('banks.mapping.skipLines')}
          description={t('banks.mapping.skipLinesHint')}
          min={0}
          max={MAX_SKIPPED_LINES}
          allowDecimal={false}
          allowNegative={false}
          value={mapping.skipLines ?? 0}
          onChange={(v) => lines('skipLines', v)}
          disabled={disabled}
        />
        <NumberInput
          label={t('banks.mapping.footerLines')}
          description={t('banks.mapping.footerLinesHint')}
          min={0}
          max={MAX_SKIPPED_LINES}
          allowDecimal={false}
          allowNegative={false}
          value={mapping.footerLines ?? 0}
          onChange={(v) => lines('footerLines', v)}
          disabled={disabled}
        />
      </SimpleGrid>
      <Switch
        mt="sm"
        label={t('banks.mapping.hasHeader')}
        checked={mapping.hasHeader}
        onChange={(e) => set({ hasHeader: e.currentTarget.checked })}
        disabled={disabled}
      />
      <Text size="sm" mt="sm" id="bank-amount-kind">
        {t('banks.mapping.amountKind')}
      </Text>
      <SegmentedControl
        aria-labelledby="bank-amount-kind"
        mt={4}
        value={kind}
        onChange={(v) => setKind(v as TAmountKind)}
        data={[
          { value: 'amount', label: t('banks.mapping.amountKinds.amount') },
          { value: 'split', label: t('banks.mapping.amountKinds.split') },
        ]}
        disabled={disabled}
      />
      <Text size="xs" c="dimmed" mt="sm">
        {t('banks.mapping.columnsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={4}>
        {shown.map((key) => (
          <TextInput
            key={key}
            label={t(`banks.mapping.columns.${key}`)}
            required={key === 'date' || AMOUNT_OR_SPLIT.includes(key)}
            value={mapping.columns[key] == null ? '' : String(mapping.columns[key])}
            onChange={(e) => setColumn(key, e.currentTarget.value)}
            disabled={disabled}
          />
        ))}
      </SimpleGrid>
      <Button
        variant="subtle"
        size="xs"
        mt="xs"
        color="red"
        disabled={disabled}
        onClick={() => onChange(null)}
      >
        {t('banks.mapping.remove')}
      </Button>
    </Fieldset>
  );
}
