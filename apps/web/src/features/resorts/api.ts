import type {
  TAllowedDay,
  TArrivalDepartureRule,
  TCreateArrivalDepartureRule,
  TResort,
  TResortConstants,
  TResortList,
  TUpdateResort,
} from '@atoll/domain/inventory/resorts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { downloadFile } from '../../components/downloadFile.ts';
import type { TListQuery } from '../../components/useListState.ts';

/** Query keys of resorts (TanStack Query key factory); `resort` is also the generic resource name. */
export const resortKeys = {
  all: ['resort'] as const,
  lists: () => [...resortKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...resortKeys.lists(), query] as const,
  options: () => [...resortKeys.all, 'options'] as const,
  detail: (id: number) => [...resortKeys.all, 'detail', id] as const,
  constants: () => [...resortKeys.all, 'constants'] as const,
};

/** Rules and the days computed from them, refreshed together. */
export const arrivalKeys = {
  all: ['arrivaldeparture'] as const,
  rules: (resortId: number) => [...arrivalKeys.all, 'rules', resortId] as const,
  days: (resortId: number, from: string, to: string) =>
    [...arrivalKeys.all, 'days', resortId, from, to] as const,
};

export function useResort(id: number | null) {
  return useQuery({
    queryKey: resortKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TResort>(`/resort/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** Every resort the user may see, by name: for pickers. */
export function useResortOptions(enabled = true) {
  return useQuery({
    queryKey: resortKeys.options(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TResort>>('/resort', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data.map((r) => ({ value: String(r.id), label: r.name })),
    enabled,
  });
}

export function useResortConstants() {
  return useQuery({
    queryKey: resortKeys.constants(),
    queryFn: ({ signal }) => api<TResortConstants>('/resort/constants', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveResort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TUpdateResort }) =>
      api<TResort>(id ? `/resort/${id}` : '/resort', { method: 'POST', body, silent: true }),
    onSuccess: (resort) => {
      client.setQueryData(resortKeys.detail(resort.id), resort);
      void client.invalidateQueries({ queryKey: resortKeys.lists() });
      void client.invalidateQueries({ queryKey: resortKeys.options() });
    },
  });
}

export function useDeleteResort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/resort/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resortKeys.lists() });
      void client.invalidateQueries({ queryKey: resortKeys.options() });
    },
  });
}

export function useArrivalRules(resortId: number | null) {
  return useQuery({
    queryKey: arrivalKeys.rules(resortId ?? 0),
    queryFn: ({ signal }) =>
      api<TListAnswer<TArrivalDepartureRule>>('/arrivaldeparture', {
        query: { size: 0, sort: 'id', filter: JSON.stringify({ resortId }) },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: resortId !== null,
  });
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Partial<TCreateArrivalDepartureRule> }) =>
      api<TArrivalDepartureRule>(id ? `/arrivaldeparture/${id}` : '/arrivaldeparture', {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: arrivalKeys.all }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/arrivaldeparture/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: arrivalKeys.all }),
  });
}

/** Allowed arrival and departure per day of `[from, to]` (docs/domain/availability.md). */
export function useAllowedDays(resortId: number | null, from: string, to: string) {
  return useQuery({
    queryKey: arrivalKeys.days(resortId ?? 0, from, to),
    queryFn: ({ signal }) =>
      api<TAllowedDay[]>(`/arrivaldeparture/date/${resortId}/${from}/${to}`, { signal }),
    enabled: resortId !== null,
  });
}

/** Saves one printed list of a resort in the given language. */
export const printResortList = (resortId: number, list: TResortList, lang: string, fileName: string) =>
  downloadFile(`/resort/${resortId}/print/${list}`, { lang }, fileName);
