import { useMemo } from 'react';
import { CodeSelect, type TCodeSelectProps } from './CodeSelect.tsx';
import { useCountries } from './useReferenceData.ts';

/** `value`: ISO 3166-1 alpha-2 code ("PH") or null. */
export type TCountrySelectProps = TCodeSelectProps;

/**
 * A searchable country picker fed by `GET /api/settings/countries`, names in the UI language. Other
 * Select props (error, required, disabled, description, placeholder …) pass through. A stored code the
 * list lacks (an inactive country) stays visible as its code.
 */
export function CountrySelect(props: TCountrySelectProps) {
  const countries = useCountries();
  const options = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.code, label: c.name })),
    [countries.data],
  );
  return <CodeSelect {...props} options={options} loading={countries.isPending} />;
}
