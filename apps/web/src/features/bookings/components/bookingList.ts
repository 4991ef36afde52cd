import { BOOKING_STATES, NOT_RESOLVED } from '@atoll/domain/bookings';
import {
  BOOKING_DATE_MODES,
  BOOKING_LIST_FLAGS,
  type TBookingDateMode,
  type TBookingListFlag,
} from '@atoll/domain/bookings/queries';
import type { TListState } from '../../../components/useListState.ts';

// The booking list's filters as the URL keeps them and as `GET /api/bookings` takes them. Pure, for tests.

/** URL keys of the filters (beside page, size, sort, order and search). */
export const LIST_FILTER_KEYS = [
  'states',
  'dates',
  'from',
  'to',
  'asset',
  'agencyId',
  ...BOOKING_LIST_FLAGS,
] as const;
export type TListFilterKey = (typeof LIST_FILTER_KEYS)[number];

/** The choices of the state filter: every state and "not resolved" (spec booking §4). */
export const STATE_FILTERS = [...BOOKING_STATES, NOT_RESOLVED] as const;

/**
 * The list's default order, as the server's: the latest travel date first. A key of its own, because the
 * URL drops the default order (ascending) and could not tell "dates descending" from "dates, default".
 */
export const LATEST_FIRST = 'latest';

/** The column and direction the list is sorted by. */
export function listOrder(state: Pick<TListState, 'sort' | 'order'>): { sort: string; order: 1 | -1 } {
  return state.sort === LATEST_FIRST ? { sort: 'from', order: -1 } : { sort: state.sort, order: state.order };
}

/** `states=planned,notResolved` as the chosen values; unknown ones (a hand-edited link) are dropped. */
export function parseStates(value: string | undefined): string[] {
  if (!value) return [];
  const known = new Set<string>(STATE_FILTERS);
  return [...new Set(value.split(','))].filter((s) => known.has(s));
}

/** The asset filter's value: `resort:3` or `vessel:5`. */
export const assetValue = (kind: 'resort' | 'vessel', id: number | string) => `${kind}:${id}`;

function assetQuery(value: string | undefined): { resortId?: number; vesselId?: number } {
  const match = /^(resort|vessel):(\d+)$/.exec(value ?? '');
  if (!match) return {};
  const id = Number(match[2]);
  return match[1] === 'resort' ? { resortId: id } : { vesselId: id };
}

const isDay = (value: string | undefined): value is string => /^\d{4}-\d{2}-\d{2}$/.test(value ?? '');
const positiveId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** `dates=arrival|departure` (what from/to select); the default, overlapping stays, is left out. */
export function parseDateMode(value: string | undefined): TBookingDateMode {
  return (BOOKING_DATE_MODES as readonly string[]).includes(value ?? '')
    ? (value as TBookingDateMode)
    : 'stay';
}

/** The yes/no filters set to `1` in the URL. */
export const activeFlags = (filters: TListState['filters']): TBookingListFlag[] =>
  BOOKING_LIST_FLAGS.filter((flag) => filters[flag] === '1');

export type TBookingListQuery = {
  sort: string;
  order: 1 | -1;
  search?: string;
  states?: string;
  from?: string;
  to?: string;
  resortId?: number;
  vesselId?: number;
  agencyId?: number;
  dates?: TBookingDateMode;
} & Partial<Record<TBookingListFlag, 1>>;

/** The filters, search and order of the list as the API's query; what is not valid is left out. */
export function toBookingFilter(state: TListState): TBookingListQuery {
  const f = state.filters;
  const states = parseStates(f.states);
  const agencyId = positiveId(f.agencyId);
  const dates = parseDateMode(f.dates);
  return {
    ...listOrder(state),
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(states.length ? { states: states.join(',') } : {}),
    ...(isDay(f.from) ? { from: f.from } : {}),
    ...(isDay(f.to) ? { to: f.to } : {}),
    ...assetQuery(f.asset),
    ...(agencyId ? { agencyId } : {}),
    ...(dates === 'stay' ? {} : { dates }),
    ...Object.fromEntries(activeFlags(f).map((flag) => [flag, 1])),
  };
}

/** The page of the list: the filter plus page and size. */
export const toBookingQuery = (state: TListState) => ({
  page: state.page,
  size: state.size,
  ...toBookingFilter(state),
});

/** What a saved filter keeps of the list's URL: everything but the page (a saved filter opens on page 1). */
export function savedFilterQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('page');
  kept.sort();
  return kept.toString();
}

/** The saved filters with `entry` added, replacing one of the same name (names compare case-insensitively). */
export function withSavedFilter<T extends { name: string }>(saved: readonly T[], entry: T): T[] {
  const name = entry.name.trim().toLowerCase();
  return [...saved.filter((s) => s.name.trim().toLowerCase() !== name), entry];
}
