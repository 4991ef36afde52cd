import type { TCurrency, TRateImportResult, TRateOnDay } from '@atoll/domain/currencies';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';
import type { TListQuery } from '../../components/useListState.ts';

export const currencyKeys = resourceKeys('currency');
export const rateKeys = {
  ...resourceKeys('exchangerate'),
  /** One pair's rate on a day (`GET /api/settings/exchangeRate?from&to&date`). */
  ons: () => ['exchangerate', 'on'] as const,
  on: (from: string, to: string, date: string) => [...rateKeys.ons(), from, to, date] as const,
};

/** Every currency, in their sort order: a list query (the generic form's saves refresh it). */
const ALL_CURRENCIES: TListQuery = { page: 1, size: 0, sort: 'sort', order: 1 };

export function useCurrencyList() {
  return useQuery({
    queryKey: currencyKeys.list(ALL_CURRENCIES),
    queryFn: ({ signal }) => api<TListAnswer<TCurrency>>('/currency', { query: ALL_CURRENCIES, signal }),
    select: (answer) => answer.data,
  });
}

/**
 * While a screen shows derived data (a conversion, the app's currency pickers), every successful
 * change — also those of the generic resource forms — marks it stale.
 */
export function useRefreshAfterChanges(keys: readonly QueryKey[]) {
  const client = useQueryClient();
  const serialized = JSON.stringify(keys);
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.mutation.state.status !== 'success') return;
        for (const queryKey of JSON.parse(serialized) as QueryKey[])
          void client.invalidateQueries({ queryKey });
      }),
    [client, serialized],
  );
}

export function useSetBaseCurrency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TCurrency>(`/currency/${id}/base`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: currencyKeys.all }),
  });
}

export function useImportRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      // The import form shows the result and the bad rows itself.
      return api<TRateImportResult>('/exchangerate/import', { method: 'POST', body, silent: true });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: rateKeys.all }),
  });
}

/** The rate from → to on a day, or `null` when none is known (404). */
export function useRateOn(from: string | null, to: string | null, date: string) {
  return useQuery({
    queryKey: rateKeys.on(from ?? '', to ?? '', date),
    queryFn: async ({ signal }) => {
      try {
        return await api<TRateOnDay>('/settings/exchangeRate', {
          query: { from, to, date },
          signal,
          silent: true,
        });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    enabled: Boolean(from && to && /^\d{4}-\d{2}-\d{2}$/.test(date)),
  });
}
