import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListQuery } from '../useListState.ts';

export type TResourceRow = { id: number } & Record<string, unknown>;

/** Query keys of one generic resource (TanStack Query key factory), e.g. `resourceKeys('destination')`. */
export const resourceKeys = (resource: string) => ({
  all: [resource] as const,
  lists: () => [resource, 'list'] as const,
  list: (query: TListQuery) => [resource, 'list', query] as const,
  detail: (id: number) => [resource, 'detail', id] as const,
});

/** `GET /api/<path>/{id}` of the record open in the drawer. */
export function useResourceItem<Row extends TResourceRow>(resource: string, path: string, id: number | null) {
  return useQuery({
    queryKey: resourceKeys(resource).detail(id ?? 0),
    queryFn: ({ signal }) => api<Row>(`${path}/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** Create (`POST /api/<path>`), update (`POST /api/<path>/{id}`), copy and delete, refreshing the lists. */
export function useResourceMutations<Row extends TResourceRow>(resource: string, path: string) {
  const client = useQueryClient();
  const keys = resourceKeys(resource);
  const changed = (row?: Row) => {
    if (row) client.setQueryData(keys.detail(row.id), row);
    void client.invalidateQueries({ queryKey: keys.lists() });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
        api<Row>(id ? `${path}/${id}` : path, { method: 'POST', body }),
      onSuccess: changed,
    }),
    copy: useMutation({
      mutationFn: (id: number) => api<Row>(`${path}/${id}/copy`, { method: 'POST' }),
      onSuccess: changed,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<{ id: number }>(`${path}/${id}`, { method: 'DELETE' }),
      onSuccess: () => changed(),
    }),
  };
}
