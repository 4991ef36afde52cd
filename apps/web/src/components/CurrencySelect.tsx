import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byNameOrCode } from './CountrySelect.tsx';
import { useCurrencies } from './useReferenceData.ts';

export type TCurrencySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'> & {
  /** Visible label, also the field's accessible name. */
  label: string;
  /** ISO 4217 code ("EUR") or null. */
  value: string | null | undefined;
  onChange: (code: string | null) => void;
};

/** The currency's name in the UI language from the browser's CLDR data; the stored name otherwise. */
function currencyName(code: string, fallback: string, lang: string) {
  try {
    return new Intl.DisplayNames([lang], { type: 'currency', fallback: 'none' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * A searchable picker of the active currencies (`GET /api/settings/currencies`), labelled
 * "EUR – Euro" in the UI language. Other Select props pass through. A stored code that is no longer
 * active stays visible as its code.
 */
export function CurrencySelect({ label, value, onChange, ...rest }: TCurrencySelectProps) {
  const { t, i18n } = useTranslation();
  const currencies = useCurrencies();
  const data = useMemo(() => {
    const options = (currencies.data ?? []).map((c) => ({
      value: c.code,
      label: `${c.code} – ${currencyName(c.code, c.name, i18n.language)}`,
    }));
    return value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  }, [currencies.data, value, i18n.language]);
  return (
    <Select
      label={label}
      data={data}
      value={value ?? null}
      onChange={(code) => onChange(code)}
      searchable
      clearable={!rest.required}
      filter={byNameOrCode}
      nothingFoundMessage={currencies.isPending ? t('app.loading') : t('datatable.noMatch')}
      {...rest}
    />
  );
}
