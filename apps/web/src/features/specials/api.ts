import type { TPricingResult } from '@atoll/domain/pricing/engine-types';
import type { TCreateSpecial, TSpecial, TSpecialsGroup } from '@atoll/domain/pricing/entities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TListQuery } from '../../components/useListState.ts';
import type { TSimulateBody } from './components/simulator.ts';

/** Query keys of specials (TanStack Query key factory): invalidate `all` after any change. */
export const specialKeys = {
  all: ['specials'] as const,
  lists: () => [...specialKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...specialKeys.lists(), query] as const,
  detail: (id: number) => [...specialKeys.all, 'detail', id] as const,
};

/** The groups' own base path, so the group screen's changes (ResourcePage) refresh this list too. */
export const GROUP_RESOURCE = 'specialsgroup';
const groupOptionsKey = [GROUP_RESOURCE, 'list', 'options'] as const;

export function useSpecial(id: number | null) {
  return useQuery({
    queryKey: specialKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TSpecial>(`/specials/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useSaveSpecial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: Partial<TCreateSpecial> }) =>
      api<TSpecial>(id ? `/specials/${id}` : '/specials', { method: 'POST', body, silent: true }),
    onSuccess: (special) => {
      client.setQueryData(specialKeys.detail(special.id), special);
      void client.invalidateQueries({ queryKey: specialKeys.lists() });
    },
  });
}

export function useCopySpecial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TSpecial>(`/specials/${id}/copy`, { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: specialKeys.lists() }),
  });
}

export function useDeleteSpecial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/specials/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: specialKeys.all }),
  });
}

/** Every specials group, for the form's picker and the list's filter. */
export function useSpecialsGroups() {
  return useQuery({
    queryKey: groupOptionsKey,
    queryFn: ({ signal }) =>
      api<TListAnswer<TSpecialsGroup>>(`/${GROUP_RESOURCE}`, {
        query: { size: 0, sort: 'name' },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
  });
}

/** `POST /api/price/simulate`: prices a booking draft with the stored prices and specials; writes nothing. */
export function useSimulate() {
  return useMutation({
    mutationFn: (body: TSimulateBody) =>
      api<TPricingResult>('/price/simulate', { method: 'POST', body, silent: true }),
  });
}
