import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, DEFAULT_SORT } from '@atoll/domain/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [25, 50, 100] as const;

export type TSortOrder = 1 | -1;

/** A paged list request (spec platform §3) as the screen holds it; filter values by declared key. */
export type TListState = {
  page: number;
  size: number;
  sort: string;
  order: TSortOrder;
  search: string;
  filters: Record<string, string>;
};

/** The query of `GET /api/<base>` and `GET /api/<base>/listCSV`. */
export type TListQuery = {
  page: number;
  size: number;
  sort: string;
  order: TSortOrder;
  search?: string;
  filter?: string;
};

const splitKeys = (keys: string) => (keys ? keys.split(',') : []);

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

function parse(params: URLSearchParams, filterKeys: readonly string[], defaultSort: string): TListState {
  const size = positiveInt(params.get('size'), DEFAULT_PAGE_SIZE);
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    page: positiveInt(params.get('page'), DEFAULT_PAGE),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: params.get('sort') || defaultSort,
    order: params.get('order') === '-1' ? -1 : 1,
    search: params.get('search') ?? '',
    filters,
  };
}

/**
 * List state lives in the URL query (`?page=2&size=50&sort=name&order=-1&search=…&userType=agency`),
 * so a reload or the way back from a detail page shows the same list. Changes replace the history
 * entry: Back leaves the list instead of stepping through every click on a header.
 */
export function useListState(filterKeys: readonly string[], defaultSort = DEFAULT_SORT) {
  const [params, setParams] = useSearchParams();
  // Callers declare their filters inline; a string keeps the hooks below stable across renders.
  const keys = filterKeys.join(',');
  const state = useMemo(() => parse(params, splitKeys(keys), defaultSort), [params, keys, defaultSort]);

  const update = useCallback(
    (patch: Partial<TListState>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const put = (key: string, value: string | number | undefined, fallback?: string | number) => {
            if (value === undefined || value === '' || value === fallback) next.delete(key);
            else next.set(key, String(value));
          };
          if (patch.size !== undefined) put('size', patch.size, DEFAULT_PAGE_SIZE);
          if (patch.sort !== undefined) put('sort', patch.sort, defaultSort);
          if (patch.order !== undefined) put('order', patch.order, 1);
          if (patch.search !== undefined) put('search', patch.search);
          if (patch.filters) for (const key of splitKeys(keys)) put(key, patch.filters[key]);
          // A new search, filter or page size starts at the first page again.
          const restart = patch.search !== undefined || patch.filters || patch.size !== undefined;
          if (patch.page !== undefined) put('page', patch.page, DEFAULT_PAGE);
          else if (restart) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, keys, defaultSort],
  );

  /** Back to the defaults: every list parameter leaves the URL, other parameters stay. */
  const reset = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of ['page', 'size', 'sort', 'order', 'search', ...splitKeys(keys)]) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [setParams, keys]);

  return [state, update, reset] as const;
}

/** The API query of a list state; `toFilter` turns the screen's filter values into the JSON query. */
export function toListQuery(state: TListState, filter: Record<string, unknown> | undefined): TListQuery {
  const hasFilter = filter && Object.keys(filter).length > 0;
  return {
    page: state.page,
    size: state.size,
    sort: state.sort,
    order: state.order,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(hasFilter ? { filter: JSON.stringify(filter) } : {}),
  };
}
