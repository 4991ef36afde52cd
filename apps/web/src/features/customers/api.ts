import type {
  TCreateCustomer,
  TCustomer,
  TCustomerDiff,
  TCustomerMeta,
  TCustomerReference,
  TDuplicateMatch,
  TDuplicateQuery,
  TUpdateCustomer,
} from '@atoll/domain/customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TListQuery } from '../../components/useListState.ts';

/** Query keys of customers (TanStack Query key factory): invalidate `lists()` to refresh every list. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...customerKeys.lists(), query] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (id: number) => [...customerKeys.details(), id] as const,
  references: (id: number) => [...customerKeys.detail(id), 'references'] as const,
  meta: (id: number) => [...customerKeys.detail(id), 'meta'] as const,
  diff: (id: number, from: number, to: number) => [...customerKeys.detail(id), 'diff', from, to] as const,
  duplicates: (query: TDuplicateQuery) => [...customerKeys.all, 'duplicates', query] as const,
};

export type TOption = { id: number; name: string };

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TCustomer>(`/customers/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TCreateCustomer | TUpdateCustomer }) =>
      api<TCustomer>(id ? `/customers/${id}` : '/customers', { method: 'POST', body }),
    onSuccess: (customer) => {
      client.setQueryData(customerKeys.detail(customer.id), customer);
      void client.invalidateQueries({ queryKey: customerKeys.lists() });
      // A new version exists: the history of this customer is stale.
      void client.invalidateQueries({ queryKey: [...customerKeys.detail(customer.id), 'diff'] });
    },
  });
}

export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/customers/${id}`, { method: 'DELETE' }),
    // The detail stays cached until its page is gone (see useDeleteUser).
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}

export function useCopyCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TCustomer>(`/customers/${id}/copy`, { method: 'POST' }),
    onSuccess: (customer) => {
      client.setQueryData(customerKeys.detail(customer.id), customer);
      void client.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

/** Existing customers the create form's entries may duplicate (same e-mail, or same name and birthday). */
export function useDuplicates(query: TDuplicateQuery, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.duplicates(query),
    queryFn: ({ signal }) =>
      api<TDuplicateMatch[]>('/customers/duplicates', { method: 'POST', body: query, signal, silent: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerReferences(id: number) {
  return useQuery({
    queryKey: customerKeys.references(id),
    queryFn: ({ signal }) =>
      api<TCustomerReference[]>(`/customers/${id}/reference`, { signal, silent: true }),
  });
}

export function useCustomerMeta(id: number) {
  return useQuery({
    queryKey: customerKeys.meta(id),
    queryFn: ({ signal }) => api<TCustomerMeta[]>(`/customers/${id}/meta`, { signal, silent: true }),
  });
}

/** Changes from version `from` to the current one (`to`, part of the key so that a save refetches). */
export function useCustomerDiff(id: number, from: number | null, to: number) {
  return useQuery({
    queryKey: customerKeys.diff(id, from ?? 0, to),
    queryFn: ({ signal }) => api<TCustomerDiff>(`/customers/${id}/diff/${from}`, { signal, silent: true }),
    enabled: from !== null && from < to,
  });
}

/** Id and name of every row of a small generic resource (customer groups, agencies) for a Select. */
export function useOptions(path: string, enabled: boolean) {
  return useQuery({
    queryKey: ['options', path],
    queryFn: ({ signal }) =>
      api<TListAnswer<TOption>>(path, { query: { size: 0, sort: 'name' }, signal, silent: true }),
    select: (answer) => answer.data.map((row) => ({ id: row.id, name: row.name })),
    enabled,
    staleTime: 60_000,
  });
}

/** An agent's own clients (the server lists an agent only its agency's customers). */
export function useAgencyClients(search: string) {
  return useQuery({
    queryKey: [...customerKeys.lists(), 'agency', search] as const,
    queryFn: ({ signal }) =>
      api<TListAnswer<TCustomer>>('/customers', {
        query: { search, size: 8, sort: 'fullName', order: 1 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
