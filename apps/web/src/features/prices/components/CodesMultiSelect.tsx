import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byNameOrCode } from '../../../components/CodeSelect.tsx';
import { useCountries, useCurrencies } from '../../../components/useReferenceData.ts';

type TProps = Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> & {
  kind: 'currency' | 'country';
  value: string[];
  onChange: (codes: string[]) => void;
};

/**
 * Several currencies or countries, found by name or code. Stored codes the reference list lacks (no
 * longer active) stay visible as their code.
 */
export function CodesMultiSelect({ kind, value, onChange, ...rest }: TProps) {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const countries = useCountries();
  const source = kind === 'currency' ? currencies : countries;
  const data = useMemo(() => {
    const options = (source.data ?? []).map((o) => ({
      value: o.code,
      label: kind === 'currency' ? `${o.code} – ${o.name}` : o.name,
    }));
    const missing = value.filter((code) => !options.some((o) => o.value === code));
    return [...missing.map((code) => ({ value: code, label: code })), ...options];
  }, [source.data, value, kind]);
  return (
    <MultiSelect
      data={data}
      value={value}
      onChange={onChange}
      searchable
      filter={byNameOrCode}
      nothingFoundMessage={source.isPending ? t('app.loading') : t('datatable.noMatch')}
      {...rest}
    />
  );
}
