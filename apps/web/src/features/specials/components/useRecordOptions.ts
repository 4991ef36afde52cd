import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.ts';
import type { TListAnswer } from '../../../components/DataTable.tsx';
import type { TIdKind } from './ruleValues.ts';

/** A record as a picker shows it. */
export type TRecordOption = { value: string; label: string };

type TRow = { id: number; name?: string; fullName?: string; from?: string; to?: string; tourName?: string };
type TSource = { path: string; sort: string; label: (row: TRow) => string; searched?: boolean };

/** Departures are named by tour and dates: two departures of one tour differ only in their days. */
const scheduleLabel = (row: TRow) =>
  [row.tourName, row.from && `${row.from} – ${row.to ?? ''}`].filter(Boolean).join(' · ');
const byName = (row: TRow) => row.name ?? `#${row.id}`;

/**
 * Where each id kind of the rule builder and the simulator finds its records. Customers and agencies are
 * many: they are searched on the server, the rest is read whole.
 */
export const RECORD_SOURCES: Record<Exclude<TIdKind, 'booking'>, TSource> = {
  resort: { path: '/resort', sort: 'name', label: byName },
  vessel: { path: '/vessel', sort: 'name', label: byName },
  tour: { path: '/tours', sort: 'name', label: byName },
  agency: { path: '/agencies', sort: 'name', label: byName, searched: true },
  schedule: { path: '/schedules', sort: 'from', label: scheduleLabel },
  roomType: { path: '/roomtypes', sort: 'name', label: byName },
  specialsGroup: { path: '/specialsgroup', sort: 'name', label: byName },
  bookingSource: { path: '/bookingsource', sort: 'sort', label: byName },
  customer: { path: '/customers', sort: 'lastName', label: (row) => row.fullName || `#${row.id}` },
};
export type TRecordKind = keyof typeof RECORD_SOURCES;

const SEARCH_SIZE = 50;
const toOptions = (kind: TRecordKind) => (answer: TListAnswer<TRow>) =>
  answer.data.map((row) => ({ value: String(row.id), label: RECORD_SOURCES[kind].label(row) }));

type TOptionsQuery = {
  kind: TRecordKind;
  /** Only searched kinds: the text typed so far. */
  search?: string;
  /** A JSON list filter (`{"vesselId": 3}`), e.g. the departures or room types of one asset. */
  filter?: Record<string, unknown>;
  enabled?: boolean;
};

/**
 * Records of one kind as options. Silent: a user who may not read a kind (agencies, customers) gets an
 * empty picker, not an error message on every visit.
 */
export function useRecordOptions({ kind, search = '', filter, enabled = true }: TOptionsQuery) {
  const source = RECORD_SOURCES[kind];
  const term = source.searched ? search.trim() : '';
  return useQuery({
    queryKey: ['specials', 'options', kind, term, filter ?? null] as const,
    queryFn: ({ signal }) =>
      api<TListAnswer<TRow>>(source.path, {
        query: {
          size: source.searched ? SEARCH_SIZE : 0,
          sort: source.sort,
          ...(term ? { search: term } : {}),
          ...(filter ? { filter: JSON.stringify(filter) } : {}),
        },
        signal,
        silent: true,
      }),
    select: toOptions(kind),
    enabled,
    staleTime: 30_000,
  });
}

/** The chosen records of a searched kind by id, so their names show although the search moved on. */
export function useChosenRecords(kind: TRecordKind, ids: readonly string[]) {
  const source = RECORD_SOURCES[kind];
  const numbers = ids.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return useQuery({
    queryKey: ['specials', 'options', kind, 'chosen', numbers] as const,
    queryFn: ({ signal }) =>
      api<TListAnswer<TRow>>(source.path, {
        query: { size: 0, filter: JSON.stringify({ id: { $in: numbers } }) },
        signal,
        silent: true,
      }),
    select: toOptions(kind),
    enabled: Boolean(source.searched) && numbers.length > 0,
    staleTime: 60_000,
  });
}
