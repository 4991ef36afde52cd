import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type TCodeSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'> & {
  /** Visible label, also the field's accessible name. */
  label: string;
  /** The chosen code or null. */
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
 * A searchable picker of codes from reference data (countries, currencies), found by name or code. Other
 * Select props (error, required, disabled, description, placeholder …) pass through. A stored code the
 * list lacks (no longer active) stays visible as its code.
 */
export function CodeSelect({
  options,
  loading,
  label,
  value,
  onChange,
  ...rest
}: TCodeSelectProps & { options: ComboboxItem[]; loading: boolean }) {
  const { t } = useTranslation();
  const data = useMemo(
    () =>
      value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options,
    [options, value],
  );
  return (
    <Select
      label={label}
      data={data}
      value={value ?? null}
      onChange={(code) => onChange(code)}
      searchable
      clearable={!rest.required}
      filter={byNameOrCode}
      nothingFoundMessage={loading ? t('app.loading') : t('datatable.noMatch')}
      {...rest}
    />
  );
}
