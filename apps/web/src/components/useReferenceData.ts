import type { TCurrencyOption } from '@atoll/domain/currencies';
import type { TCountryOption } from '@atoll/domain/geo';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api.ts';

/** Reference data changes rarely; the geography and currency screens invalidate these keys on a change. */
const REFERENCE_STALE_MS = 24 * 60 * 60 * 1000;

/** Query keys of the picker lookups (TanStack Query key factory). */
export const referenceKeys = {
  all: ['reference'] as const,
  countries: (lang: string) => [...referenceKeys.all, 'countries', lang] as const,
  currencies: () => [...referenceKeys.all, 'currencies'] as const,
};

/** Active countries named in the UI language (`GET /api/settings/countries`), sorted by that name. */
export function useCountries() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useQuery({
    queryKey: referenceKeys.countries(lang),
    queryFn: ({ signal }) => api<TCountryOption[]>('/settings/countries', { query: { lang }, signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** Active currencies, the base among them (`GET /api/settings/currencies`). */
export function useCurrencies() {
  return useQuery({
    queryKey: referenceKeys.currencies(),
    queryFn: ({ signal }) => api<TCurrencyOption[]>('/settings/currencies', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** A country's name in the UI language by its code, for lists and read-only views; the code while loading. */
export function useCountryName(): (code: string | null | undefined) => string {
  const { data } = useCountries();
  const names = useMemo(() => new Map(data?.map((c) => [c.code, c.name])), [data]);
  return (code) => (code ? (names.get(code) ?? code) : '');
}
