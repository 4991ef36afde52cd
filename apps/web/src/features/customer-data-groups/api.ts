import type {
  TCreateCustomerDataGroup,
  TCustomerDataGroup,
  TUpdateCustomerDataGroup,
} from '@atoll/domain/customer-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

const RESOURCE = 'customerdatagroup';

/** Query keys (TanStack Query key factory): the generic list and detail keys plus every group in order. */
export const dataGroupKeys = {
  ...resourceKeys(RESOURCE),
  ordered: () => [RESOURCE, 'ordered'] as const,
};

/** Every data group with its fields, in display order: the custom data sections of a customer. */
export function useDataGroups() {
  return useQuery({
    queryKey: dataGroupKeys.ordered(),
    queryFn: async ({ signal }) =>
      (
        await api<TListAnswer<TCustomerDataGroup>>(`/${RESOURCE}`, {
          query: { size: 0, sort: 'sort' },
          signal,
        })
      ).data,
  });
}

export function useDataGroup(id: number | null) {
  return useQuery({
    queryKey: dataGroupKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TCustomerDataGroup>(`/${RESOURCE}/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** After any change: every list, the ordered groups and the details (a move changes two groups). */
function useChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dataGroupKeys.all });
}

export function useSaveDataGroup() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TCreateCustomerDataGroup | TUpdateCustomerDataGroup }) =>
      api<TCustomerDataGroup>(id ? `/${RESOURCE}/${id}` : `/${RESOURCE}`, {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: changed,
  });
}

export function useDeleteDataGroup() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/${RESOURCE}/${id}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** Moves a field and every customer's value of it; answers how many customers' values moved. */
export function useMoveField() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ from, to, field }: { from: number; to: number; field: string }) =>
      api<number>(`/${RESOURCE}/move/${from}/${to}/${encodeURIComponent(field)}`, {
        method: 'POST',
        silent: true,
      }),
    onSuccess: changed,
  });
}
