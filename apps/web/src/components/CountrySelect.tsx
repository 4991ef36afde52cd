import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from './useReferenceData.ts';

export type TCountrySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'> & {
  /** Visible label, also the field's accessible name. */
  label: string;
  /** ISO 3166-1 alpha-2 code ("PH") or null. */
  value: string | null | undefined;
  onChange: (code: string | null) => void;
};

/** Finds "Philipp", "ph" or "PH": the name contains the text, or the code is it. */
export const byNameOrCode: OptionsFilter = ({ options, search }) => {
  const text = search.trim().toLowerCase();
  if (!text) return options;
  return (options as ComboboxItem[]).filter(
    (o) => o.label.toLowerCase().includes(text) || o.value.toLowerCase() === text,
  );
};

/**
 * A searchable country picker fed by `GET /api/settings/countries`, names in the UI language. Other
 * Select props (error, required, disabled, description, placeholder …) pass through. A stored code the
 * list lacks (an inactive country) stays visible as its code.
 */
export function CountrySelect({ label, value, onChange, ...rest }: TCountrySelectProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const data = useMemo(() => {
    const options = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name }));
    return value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  }, [countries.data, value]);
  return (
    <Select
      label={label}
      data={data}
      value={value ?? null}
      onChange={(code) => onChange(code)}
      searchable
      clearable={!rest.required}
      filter={byNameOrCode}
      nothingFoundMessage={countries.isPending ? t('app.loading') : t('datatable.noMatch')}
      {...rest}
    />
  );
}
