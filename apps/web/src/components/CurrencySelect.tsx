import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeSelect, type TCodeSelectProps } from './CodeSelect.tsx';
import { useCurrencies } from './useReferenceData.ts';

/** `value`: ISO 4217 code ("EUR") or null. */
export type TCurrencySelectProps = TCodeSelectProps;

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
export function CurrencySelect(props: TCurrencySelectProps) {
  const { i18n } = useTranslation();
  const currencies = useCurrencies();
  const options = useMemo(
    () =>
      (currencies.data ?? []).map((c) => ({
        value: c.code,
        label: `${c.code} – ${currencyName(c.code, c.name, i18n.language)}`,
      })),
    [currencies.data, i18n.language],
  );
  return <CodeSelect {...props} options={options} loading={currencies.isPending} />;
}
