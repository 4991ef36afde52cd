import type { TBooking, TBookingSummary } from '@atoll/domain/bookings';
import type { TCalendarEntry, TCalendarEvents } from '@atoll/domain/bookings/calendar';
import type { TDeparture } from '@atoll/domain/inventory/tours';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { bookingKeys } from '../bookings/api.ts';

/** Query keys of the calendars (TanStack Query key factory). */
export const calendarKeys = {
  all: ['calendars'] as const,
  events: (query: object) => [...calendarKeys.all, 'events', query] as const,
  departures: (query: object) => [...calendarKeys.all, 'departures', query] as const,
};

export type TEventsQuery = {
  from: string;
  to: string;
  resortId?: number | undefined;
  vesselId?: number | undefined;
};

/** `GET /api/bookings/events`: rooms, room entries, blocks (and departures of a vessel) in the range. */
export function useCalendarEvents(query: TEventsQuery, enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.events(query),
    queryFn: ({ signal }) =>
      api<TCalendarEvents>('/bookings/events', { query: { ...query }, signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A move of a stay: new dates (same room) or another room (same dates). */
export type TStayMove = { kind: 'dates'; from: string; to: string } | { kind: 'room'; roomId: number };

/**
 * The call of a move: new dates through `rooms/{roomId}/date`, another room through `changeRoom`, each with
 * the booking's version; `dryRun`: checked and priced by the server, then rolled back.
 */
function moveCall(entry: TCalendarEntry, move: TStayMove, dryRun: boolean, signal?: AbortSignal) {
  const base = `/bookings/${entry.bookingId}`;
  const version = entry.version;
  const query = dryRun ? { dryRun: 1 } : {};
  if (move.kind === 'dates')
    return api<TBooking>(`${base}/rooms/${entry.roomId}/date`, {
      method: 'POST',
      query,
      body: { roomBookingId: entry.entryId, from: move.from, to: move.to, version },
      silent: true,
      ...(signal ? { signal } : {}),
    });
  return api<TBooking>(`${base}/changeRoom`, {
    method: 'POST',
    query,
    // Into a room of another type the stay is priced again (the server keeps the price within a type).
    body: { roomBookingId: entry.entryId, roomId: move.roomId, version, reloadPrice: true },
    silent: true,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The booking as a move would leave it (its new price), before the move is made: NOT_AVAILABLE and the
 * other refusals come as they would for the move itself.
 */
export function useMovePreview(entry: TCalendarEntry, move: TStayMove) {
  return useQuery({
    queryKey: [...calendarKeys.all, 'preview', entry.entryId, entry.version, move] as const,
    queryFn: ({ signal }) => moveCall(entry, move, true, signal),
    retry: false,
    gcTime: 0,
  });
}

/**
 * Moves a room entry. Errors (NOT_AVAILABLE, VERSION_CONFLICT …) go to the caller, which shows them; the
 * calendar is read again either way, so a stale version is fresh for the next try.
 */
export function useMoveStay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, move }: { entry: TCalendarEntry; move: TStayMove }) => moveCall(entry, move, false),
    onSettled: async (_answer, _error, { entry }) => {
      void client.invalidateQueries({ queryKey: bookingKeys.detail(entry.bookingId) });
      void client.invalidateQueries({ queryKey: bookingKeys.lists() });
      await client.invalidateQueries({ queryKey: calendarKeys.all });
    },
  });
}

/** A departure with its free cabins and berths; `isFull`: none left (or not bookable). */
export type TCalendarDeparture = TDeparture & { isFull: boolean };

const departuresOf = (filter: Record<string, unknown>, available: boolean, signal: AbortSignal) =>
  api<TListAnswer<TDeparture>>('/tours/booking', {
    query: { ...(available ? { available: 1 } : {}), size: 0, sort: 'from', filter: JSON.stringify(filter) },
    signal,
    silent: true,
  }).then((answer) => answer.data);

/**
 * Departures overlapping `[from, to]` (all vessels or one tour) with free cabins and berths: `available=1`
 * answers only those with room left, so a departure missing there is full.
 */
export function useCalendarDepartures(query: { from: string; to: string; tourId?: number | undefined }) {
  const filter: Record<string, unknown> = { to: { $gt: query.from }, from: { $lte: query.to } };
  if (query.tourId) filter.tourId = query.tourId;
  return useQuery({
    queryKey: calendarKeys.departures(query),
    queryFn: async ({ signal }): Promise<TCalendarDeparture[]> => {
      const [all, open] = await Promise.all([
        departuresOf(filter, false, signal),
        departuresOf(filter, true, signal),
      ]);
      const free = new Map(open.map((d) => [d.id, d]));
      return all.map((d) => ({ ...d, ...free.get(d.id), isFull: !free.has(d.id) }));
    },
    placeholderData: keepPreviousData,
  });
}

/** The bookings of one departure (`GET /api/bookings?scheduleId=`), newest travel date first. */
export function useDepartureBookings(scheduleId: number | null) {
  return useQuery({
    queryKey: bookingKeys.list({ scheduleId, size: 0 }),
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingSummary>>('/bookings', {
        query: { scheduleId: scheduleId ?? 0, size: 0 },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
    enabled: scheduleId !== null,
  });
}
