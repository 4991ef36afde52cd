import type { TRoomType } from '@atoll/domain/inventory/resorts';
import type { TSchedule, TTour } from '@atoll/domain/inventory/tours';
import type {
  TPrice,
  TPriceVariant,
  TPriceWithEntries,
  TSupplement,
  TTerms,
  TUpdatePrice,
} from '@atoll/domain/pricing/entities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';
import type { TListQuery } from '../../components/useListState.ts';

export type TOption = { value: string; label: string };
/** A price's asset: exactly one of them is set. */
export type TAsset = { resortId: number | null; vesselId: number | null };

/**
 * Query keys of prices (TanStack Query key factory). `price` is also the generic resource name, so the
 * supplement screen's price filter and these hooks refresh each other.
 */
export const priceKeys = {
  all: ['price'] as const,
  lists: () => [...priceKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...priceKeys.lists(), query] as const,
  options: () => [...priceKeys.all, 'options'] as const,
  detail: (id: number) => [...priceKeys.all, 'detail', id] as const,
};

const OPTIONS_STALE_MS = 60_000;
const everything = <T>(path: string, signal: AbortSignal, sort: string, filter?: Record<string, unknown>) =>
  api<TListAnswer<T>>(path, {
    query: { size: 0, sort, ...(filter ? { filter: JSON.stringify(filter) } : {}) },
    signal,
    silent: true,
  });

export function usePrice(id: number | null) {
  return useQuery({
    queryKey: priceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TPriceWithEntries>(`/price/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** Creates or updates a price; `entries`, when sent, replace the stored set in one transaction. */
export function useSavePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TUpdatePrice }) =>
      api<TPriceWithEntries>(id ? `/price/${id}` : '/price', { method: 'POST', body, silent: true }),
    onSuccess: (price) => {
      client.setQueryData(priceKeys.detail(price.id), price);
      void client.invalidateQueries({ queryKey: priceKeys.lists() });
      void client.invalidateQueries({ queryKey: priceKeys.options() });
    },
  });
}

export function useCopyPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TPrice>(`/price/${id}/copy`, { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: priceKeys.all }),
  });
}

export function useDeletePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/price/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: priceKeys.lists() });
      void client.invalidateQueries({ queryKey: priceKeys.options() });
    },
  });
}

/** Every price the user sees, by name: the supplement screen's price picker and filter. */
export function usePriceOptions() {
  return useQuery({
    queryKey: priceKeys.options(),
    queryFn: ({ signal }) => everything<TPrice>('/price', signal, 'name'),
    select: (answer) => answer.data,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** Variants in their sort order: the columns of the entries grid. */
export function useVariants() {
  return useQuery({
    queryKey: [...resourceKeys('pricevariant').all, 'options'],
    queryFn: ({ signal }) => everything<TPriceVariant>('/pricevariant', signal, 'sort'),
    select: (answer) => answer.data,
    staleTime: OPTIONS_STALE_MS,
  });
}

const assetQuery = (kind: 'resort' | 'vessel') => ({
  // Under the feature's own options key, so its changes reach these pickers too.
  queryKey: [kind, 'options', 'prices'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    everything<{ id: number; name: string }>(`/${kind}`, signal, 'name'),
  select: (answer: TListAnswer<{ id: number; name: string }>): TOption[] =>
    answer.data.map((r) => ({ value: String(r.id), label: r.name })),
  staleTime: OPTIONS_STALE_MS,
});

/** Resorts and vessels the user sees (a user without the read scope gets none of that kind). */
export function useAssetOptions() {
  const resorts = useQuery(assetQuery('resort'));
  const vessels = useQuery(assetQuery('vessel'));
  return { resorts: resorts.data ?? [], vessels: vessels.data ?? [] };
}

/** The room types of one asset in their sort order: the rows of the entries grid. */
export function useRoomTypesOf(asset: TAsset) {
  const filter = asset.resortId
    ? { resortId: asset.resortId }
    : asset.vesselId
      ? { vesselId: asset.vesselId }
      : null;
  return useQuery({
    queryKey: ['roomtypes', 'options', 'prices', filter],
    queryFn: ({ signal }) => everything<TRoomType>('/roomtypes', signal, 'sort', filter ?? {}),
    select: (answer) => answer.data,
    enabled: filter !== null,
  });
}

/** Every room type the user sees: the supplement conditions. */
export function useAllRoomTypes() {
  return useQuery({
    queryKey: ['roomtypes', 'options', 'prices', 'all'],
    queryFn: ({ signal }) => everything<TRoomType>('/roomtypes', signal, 'sort'),
    select: (answer) => answer.data,
    staleTime: OPTIONS_STALE_MS,
  });
}

export function useTermsOptions() {
  return useQuery({
    queryKey: [...resourceKeys('terms').all, 'options'],
    queryFn: ({ signal }) => everything<TTerms>('/terms', signal, 'name'),
    select: (answer) => answer.data,
    staleTime: OPTIONS_STALE_MS,
  });
}

/** Tours and departures of a vessel (vessel prices only). */
export function useVesselTours(vesselId: number | null) {
  return useQuery({
    queryKey: ['tours', 'options', 'prices', vesselId],
    queryFn: ({ signal }) => everything<TTour>('/tours', signal, 'name', { vesselId }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

export function useVesselSchedules(vesselId: number | null) {
  return useQuery({
    queryKey: ['schedules', 'options', 'prices', vesselId],
    queryFn: ({ signal }) => everything<TSchedule>('/schedules', signal, 'from', { vesselId }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

export function useSupplementsOf(priceId: number) {
  return useQuery({
    queryKey: [...resourceKeys('supplements').lists(), 'of', priceId],
    queryFn: ({ signal }) => everything<TSupplement>('/supplements', signal, 'sort', { priceId }),
    select: (answer) => answer.data,
  });
}

export function useAgencyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['agencies', 'options', 'prices'],
    queryFn: ({ signal }) => everything<{ id: number; name: string }>('/agencies', signal, 'name'),
    select: (answer) => answer.data.map((a) => ({ value: String(a.id), label: a.name })),
    staleTime: OPTIONS_STALE_MS,
    enabled,
  });
}

/** Who may change the records of the simple screens; the server checks again. */
export const PRICE_WRITE = { create: ['price.create'], update: ['price.update'], delete: ['price.delete'] };
/** Commissions and terms of payment are booking matters (spec booking §6: /commission, /terms). */
export const BOOKING_WRITE = {
  create: ['bookings.update'],
  update: ['bookings.update'],
  delete: ['bookings.update'],
};
