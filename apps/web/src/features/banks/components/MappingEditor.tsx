import {
  CSV_DELIMITERS,
  DATE_FORMATS,
  DECIMAL_MARKS,
  MAPPED_COLUMNS,
  type TCsvMapping,
  type TMappedColumn,
} from '@atoll/domain/banks/statement';
import { Button, Fieldset, Group, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFieldProps } from '../../../components/resource/ResourcePage.tsx';

/** A German bank's export: a sensible start for a new mapping. */
export const DEFAULT_MAPPING: TCsvMapping = {
  delimiter: ';',
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
  hasHeader: true,
  columns: {
    date: 'Buchungstag',
    amount: 'Betrag',
    currency: null,
    counterparty: null,
    reference: null,
    externalId: null,
  },
};

const REQUIRED: readonly TMappedColumn[] = ['date', 'amount'];

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
      <Switch
        mt="sm"
        label={t('banks.mapping.hasHeader')}
        checked={mapping.hasHeader}
        onChange={(e) => set({ hasHeader: e.currentTarget.checked })}
        disabled={disabled}
      />
      <Text size="xs" c="dimmed" mt="sm">
        {t('banks.mapping.columnsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={4}>
        {MAPPED_COLUMNS.map((key) => (
          <TextInput
            key={key}
            label={t(`banks.mapping.columns.${key}`)}
            required={REQUIRED.includes(key)}
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
