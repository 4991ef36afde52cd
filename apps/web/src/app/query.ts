import { LIST_CACHE_ENTRIES } from '@atoll/domain/constants';
import { type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Client errors will not go away by asking again.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** List queries are keyed `[resource, 'list', params]` (see the features' query-key factories). */
export const isListKey = (key: QueryKey) => key[1] === 'list';

/**
 * The list queries to forget so that at most `limit` stay cached (spec platform §7: the list cache
 * keeps 10 entries): the least recently updated ones that no screen shows right now.
 */
export function listQueriesToDrop<T extends Pick<Query, 'queryKey' | 'state' | 'getObserversCount'>>(
  queries: readonly T[],
  limit = LIST_CACHE_ENTRIES,
): T[] {
  const lists = queries.filter((q) => isListKey(q.queryKey));
  const excess = lists.length - limit;
  if (excess <= 0) return [];
  return lists
    .filter((q) => q.getObserversCount() === 0)
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)
    .slice(0, excess);
}

queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'added' || !isListKey(event.query.queryKey)) return;
  const cache = queryClient.getQueryCache();
  for (const query of listQueriesToDrop(cache.getAll())) cache.remove(query);
});
