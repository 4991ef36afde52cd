import type {
  TBooking,
  TBookingSummary,
  TBookingVersion,
  TCancelBooking,
  TCreateBooking,
  TWritableState,
} from '@atoll/domain/bookings';
import type {
  TBookingComment,
  TCreateBookingComment,
  TUpdateBookingComment,
} from '@atoll/domain/bookings/comments';
import type { TCopyBooking } from '@atoll/domain/bookings/copy';
import type { THistoryDiff } from '@atoll/domain/bookings/history';
import type { TBookingImportAnswer } from '@atoll/domain/bookings/import';
import type { TBookingCustomer } from '@atoll/domain/bookings/queries';
import type { TDeparture } from '@atoll/domain/inventory/tours';
import type { TSimulateRequest, TSimulateResult } from '@atoll/domain/pricing/engine-types';
import type { TCommission, TPrice } from '@atoll/domain/pricing/entities';
import type { TAddProduct } from '@atoll/domain/products';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TBookingListQuery } from './components/bookingList.ts';

/** Query keys of bookings (TanStack Query key factory): invalidate `lists()` to refresh every list. */
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (query: object) => [...bookingKeys.lists(), query] as const,
  details: () => [...bookingKeys.all, 'detail'] as const,
  detail: (id: number) => [...bookingKeys.details(), id] as const,
  history: (id: number) => [...bookingKeys.detail(id), 'history'] as const,
  diff: (id: number, from: number, to: number) => [...bookingKeys.history(id), 'diff', from, to] as const,
  comments: (id: number) => [...bookingKeys.all, 'comments', id] as const,
};

export type TBookingPageQuery = TBookingListQuery & { page: number; size: number };
export type TOption = { value: string; label: string };

export function useBookings(query: TBookingPageQuery) {
  return useQuery({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingSummary>>('/bookings', { query: { ...query }, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: number | null) {
  return useQuery({
    queryKey: bookingKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TBooking>(`/bookings/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useBookingHistory(id: number, version: number) {
  return useQuery({
    // The version in the key: a write adds one, so the history is read again.
    queryKey: [...bookingKeys.history(id), version],
    queryFn: ({ signal }) => api<TBookingVersion[]>(`/bookings/${id}/history`, { signal, silent: true }),
  });
}

export function useBookingDiff(id: number, from: number | null, to: number | null) {
  return useQuery({
    queryKey: bookingKeys.diff(id, from ?? 0, to ?? 0),
    queryFn: ({ signal }) =>
      api<THistoryDiff>(`/bookings/${id}/history/diff`, { query: { from, to }, signal, silent: true }),
    select: (answer: THistoryDiff) => answer.changes,
    enabled: from !== null && to !== null && from !== to,
  });
}

/** The guests with their customer records' names, by guest id (`{id}/customers`). */
export function useBookingGuestNames(id: number, version: number) {
  return useQuery({
    queryKey: [...bookingKeys.detail(id), 'customers', version],
    queryFn: ({ signal }) => api<TBookingCustomer[]>(`/bookings/${id}/customers`, { signal, silent: true }),
    select: (rows) => new Map(rows.flatMap((r) => (r.name ? [[r.guestId, r.name] as const] : []))),
  });
}

/** The calls of the detail page's actions; each sends the version the page read. */
export type TBookingCall =
  | { kind: 'state'; state: TWritableState }
  | { kind: 'resolved'; resolved: boolean }
  | { kind: 'cancel'; body: Omit<TCancelBooking, 'version'> }
  | { kind: 'release'; reason: string }
  | { kind: 'reloadPrice' }
  | { kind: 'rebook'; scheduleId: number; keepPrice: boolean }
  | { kind: 'revert'; optionExpiry?: string }
  | { kind: 'revertRebook' }
  | { kind: 'splitByCustomer'; roomBookingIds: number[] }
  | { kind: 'changeRoom'; roomBookingId: number; roomId: number; reloadPrice: boolean }
  | { kind: 'changePrice'; priceId: number | null }
  | { kind: 'commission'; commissionId: number | null }
  | { kind: 'lineType'; calcId: number; type: 'cost' | 'option' }
  | { kind: 'addProduct'; as: 'product' | 'addon'; productId: number; body: Omit<TAddProduct, 'version'> }
  | { kind: 'checkin' | 'checkout'; roomBookingId: number; notReadyReason?: string };

function send(booking: Pick<TBooking, 'id' | 'version'>, call: TBookingCall) {
  const base = `/bookings/${booking.id}`;
  const { version } = booking;
  switch (call.kind) {
    case 'state':
      return api<TBooking>(`${base}/change`, { method: 'POST', body: { state: call.state, version } });
    case 'resolved':
      return api<TBooking>(`${base}/change`, { method: 'POST', body: { resolved: call.resolved, version } });
    case 'cancel':
      return api<TBooking>(`${base}/cancell`, { method: 'POST', body: { ...call.body, version } });
    case 'release':
      return api<TBooking>(`${base}/release`, { method: 'POST', query: { reason: call.reason, version } });
    case 'reloadPrice':
      return api<TBooking>(`${base}/reloadPrice`, { method: 'POST', query: { version } });
    // 0 lets the engine choose again.
    case 'changePrice':
      return api<TBooking>(`${base}/changePrice/${call.priceId ?? 0}`, {
        method: 'POST',
        query: { version },
      });
    case 'commission':
      return api<TBooking>(`${base}/commission/${call.commissionId ?? 0}`, {
        method: 'POST',
        query: { version },
      });
    // An option taken into the booking is billed as a cost; made optional again, it is not.
    case 'lineType':
      return api<TBooking>(`${base}/calculation/${call.calcId}`, {
        method: 'POST',
        body: { type: call.type, version },
      });
    default:
      return sendLifecycle(base, version, call);
  }
}

/** The lifecycle calls (rebook, revert, split, change room); rebook answers the NEW booking. */
function sendLifecycle(base: string, version: number, call: TBookingCall) {
  const post = (path: string, body: object = {}) =>
    api<TBooking>(`${base}/${path}`, { method: 'POST', body: { ...body, version } });
  switch (call.kind) {
    case 'rebook':
      return post(`rebook/${call.scheduleId}`, { keepPrice: call.keepPrice });
    case 'revert':
      return post('revert', call.optionExpiry ? { optionExpiry: call.optionExpiry } : {});
    case 'revertRebook':
      return post('revertRebook');
    case 'splitByCustomer':
      return post('splitByCustomer', { roomBookingIds: call.roomBookingIds });
    case 'changeRoom': {
      const { kind: _k, ...body } = call;
      return post('changeRoom', body);
    }
    case 'addProduct':
      return post(`${call.as}/${call.productId}`, call.body);
    // Silent: a check-in of guests not ready to dive (409 NOT_READY) asks for a reason in its own dialog.
    case 'checkin':
    case 'checkout':
      return api<TBooking>(`${base}/${call.kind}`, {
        method: 'POST',
        body: { roomBookingId: call.roomBookingId, notReadyReason: call.notReadyReason, version },
        silent: true,
      });
    default:
      throw new Error(`unknown booking call ${call.kind}`);
  }
}

/** The answer is the booking as it is now, when the call answers one. */
const isBooking = (answer: unknown): answer is TBooking =>
  typeof answer === 'object' && answer !== null && 'rooms' in answer && 'calculation' in answer;

/**
 * One action on a booking. The message bar shows a failure (`errors.<code>`); on VERSION_CONFLICT the
 * booking is read again, so the next try starts from what the other person saved.
 */
export function useBookingCall(booking: Pick<TBooking, 'id' | 'version'>) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
    void client.invalidateQueries({ queryKey: bookingKeys.lists() });
  };
  return useMutation({
    mutationFn: (call: TBookingCall) => send(booking, call),
    onSuccess: (answer) => {
      // A rebook answers the new booking: it is cached under its own id, never over this one.
      if (isBooking(answer)) client.setQueryData(bookingKeys.detail(answer.id), answer);
      refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'VERSION_CONFLICT') refresh();
    },
  });
}

// ─── Comments ───────────────────────────────────────────────────────────────────────────────────

/** The comments of a booking the user may read, newest first (agents and customers get the public ones). */
export function useBookingComments(bookingId: number) {
  return useQuery({
    queryKey: bookingKeys.comments(bookingId),
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingComment>>('/bookingcomment', {
        query: { size: 0, sort: 'createdAt', order: -1, filter: JSON.stringify({ bookingId }) },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
  });
}

export type TCommentCall =
  | { kind: 'add'; body: Omit<TCreateBookingComment, 'bookingId'> }
  | { kind: 'change'; id: number; body: TUpdateBookingComment }
  | { kind: 'delete'; id: number };

/** Adds, changes or deletes a comment of the booking; the message bar shows a failure; the thread is read again. */
export function useBookingCommentCall(bookingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: TCommentCall) => {
      switch (call.kind) {
        case 'add':
          return api<TBookingComment>('/bookingcomment', {
            method: 'POST',
            body: { ...call.body, bookingId },
          });
        case 'change':
          return api<TBookingComment>(`/bookingcomment/${call.id}`, { method: 'POST', body: call.body });
        default:
          return api<{ id: number }>(`/bookingcomment/${call.id}`, { method: 'DELETE' });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.comments(bookingId) }),
  });
}

// ─── Lifecycle: departures to rebook to, bookings of a departure ─────────────────────────────────

/** The vessel's departures from today on (the rebook target), by date. */
export function useVesselDepartures(vesselId: number | null) {
  return useQuery({
    queryKey: ['schedules', 'rebook', vesselId],
    queryFn: ({ signal }) =>
      api<TListAnswer<TDeparture>>('/tours/booking', {
        query: { new: 1, available: 1, size: 0, sort: 'from', filter: JSON.stringify({ vesselId }) },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

/** `POST {id}/copy`: a new booking made from this one; answers the copy, cached under its own id. */
export function useCopyBooking(bookingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TCopyBooking>) =>
      api<TBooking>(`/bookings/${bookingId}/copy`, { method: 'POST', body }),
    onSuccess: (copy) => {
      client.setQueryData(bookingKeys.detail(copy.id), copy);
      void client.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
}

/** `POST import/csv`: all bookings of the file or none; `dryRun` checks and prices only. */
export function useImportBookings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const body = new FormData();
      body.append('file', file);
      // The import dialog shows the refused rows itself.
      return api<TBookingImportAnswer>('/bookings/import/csv', {
        method: 'POST',
        body,
        query: { dryRun: dryRun ? 1 : 0 },
        silent: true,
      });
    },
    onSuccess: (answer) => {
      if (!answer.dryRun) void client.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
}

/** Several bookings at once (the bookings held on a departure). */
export function useBookingsById(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: bookingKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<TBooking>(`/bookings/${id}`, { signal, silent: true }),
    })),
  });
}

// ─── Choices by hand on the calculation card ───────────────────────────────────────────────────

/** The confirmed prices of the booking's resort and vessel (the price a booking may be pinned to). */
export function useBookingPriceOptions(booking: Pick<TBooking, 'resortId' | 'vesselId'>, enabled: boolean) {
  const { resortId, vesselId } = booking;
  const pricesOf = (asset: { resortId: number } | { vesselId: number }) => ({
    queryKey: ['price', 'options', 'booking', asset],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<TListAnswer<TPrice>>('/price', {
        query: { size: 0, sort: 'validFrom', filter: JSON.stringify({ ...asset, status: 'confirmed' }) },
        signal,
        silent: true,
      }),
    staleTime: OPTIONS_STALE_MS,
    retry: false,
  });
  const resort = useQuery({
    ...pricesOf({ resortId: resortId ?? 0 }),
    enabled: enabled && resortId !== null,
  });
  const vessel = useQuery({
    ...pricesOf({ vesselId: vesselId ?? 0 }),
    enabled: enabled && vesselId !== null,
  });
  return [...(resort.data?.data ?? []), ...(vessel.data?.data ?? [])];
}

/** The commission-table rows of an agency (the row an agency booking may be pinned to). */
export function useAgencyCommissions(agencyId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['commission', 'options', 'booking', agencyId],
    queryFn: ({ signal }) =>
      api<TListAnswer<TCommission>>('/commission', {
        query: { size: 0, sort: 'id', filter: JSON.stringify({ agencyId }) },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
    staleTime: OPTIONS_STALE_MS,
    enabled: enabled && agencyId !== null,
    retry: false,
  });
}

// ─── Pickers of the list filter ────────────────────────────────────────────────────────────────

const OPTIONS_STALE_MS = 60_000;
type TNamed = { id: number; name: string };

/** Every record of a kind by name; silent: a user who may not read it gets an empty picker. */
const named = (path: string, enabled: boolean) => ({
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<TListAnswer<TNamed>>(path, { query: { size: 0, sort: 'name' }, signal, silent: true }),
  select: (answer: TListAnswer<TNamed>): TOption[] =>
    answer.data.map((r) => ({ value: String(r.id), label: r.name })),
  staleTime: OPTIONS_STALE_MS,
  enabled,
  retry: false,
});

/** Resorts and vessels the user sees, for the asset filter and the asset column. */
export function useAssetOptions(may: { resorts: boolean; vessels: boolean }) {
  const resorts = useQuery({ queryKey: ['resort', 'options', 'bookings'], ...named('/resort', may.resorts) });
  const vessels = useQuery({ queryKey: ['vessel', 'options', 'bookings'], ...named('/vessel', may.vessels) });
  return { resorts: resorts.data ?? [], vessels: vessels.data ?? [] };
}

export function useAgencyOptions(enabled: boolean) {
  return useQuery({ queryKey: ['agencies', 'options', 'bookings'], ...named('/agencies', enabled) });
}

// ─── The booking wizard ────────────────────────────────────────────────────────────────────────

/** `POST /api/bookings`: the new booking; the lists are read again. */
export function useCreateBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TCreateBooking>) =>
      api<TBooking>('/bookings', { method: 'POST', body, silent: true }),
    onSuccess: (created) => {
      client.setQueryData(bookingKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
}

/** The departures the wizard lists first, without a month chosen. */
const NEXT_DEPARTURES = 12;

/**
 * Departures of a vessel with their free cabins and berths: those of one month (`YYYY-MM`), or without a
 * month the next ones from `today`.
 */
export function useWizardDepartures(vesselId: number | null, month: string, today: string) {
  const [year, mon] = month.split('-').map(Number);
  const last = year && mon ? new Date(Date.UTC(year, mon, 0)).toISOString().slice(0, 10) : '';
  const filter = last
    ? { vesselId, to: { $gt: `${month}-01` }, from: { $lte: last } }
    : { vesselId, from: { $gte: today } };
  return useQuery({
    queryKey: ['schedules', 'wizard', vesselId, month, last ? '' : today],
    queryFn: ({ signal }) =>
      api<TListAnswer<TDeparture>>('/tours/booking', {
        query: {
          available: 1,
          size: last ? 0 : NEXT_DEPARTURES,
          sort: 'from',
          filter: JSON.stringify(filter),
        },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

export type TWizardRoomType = { id: number; name: string; defaultNoOfPax: number };

/**
 * The room or cabin types of the wizard's asset: their names and default guests. Read by the office;
 * agents (who may not list room types) get none and the wizard uses the default room configuration.
 */
export function useWizardRoomTypes(asset: { resortId?: number; vesselId?: number } | null) {
  return useQuery({
    queryKey: ['roomtypes', 'wizard', asset],
    queryFn: ({ signal }) =>
      api<TListAnswer<TWizardRoomType>>('/roomtypes', {
        query: { size: 0, sort: 'sort', filter: JSON.stringify(asset) },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
    enabled: asset !== null,
    retry: false,
  });
}

export type TCustomerHit = { id: number; fullName: string; age: number | null; gender: 'm' | 'f' | 'u' };
type TCustomerRow = {
  id: number;
  fullName: string;
  age: number | null;
  masterData: { gender: 'm' | 'f' | 'u' };
};

/** `GET /api/customers?search=`: the first matches for a guest picker. */
export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: ['customers', 'wizard', search],
    queryFn: ({ signal }) =>
      api<TListAnswer<TCustomerRow>>('/customers', { query: { search, size: 10 }, signal, silent: true }),
    select: (answer): TCustomerHit[] =>
      answer.data.map((c) => ({ id: c.id, fullName: c.fullName, age: c.age, gender: c.masterData.gender })),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export type TFullCharterPrice = { scheduleId: number; currency: string; value: string; source: string };

/** `GET /api/schedules/{id}/fullCharterPrice`: the departure's charter price (404 NO_PRICE: none stored). */
export function useFullCharterPrice(scheduleId: number | null, currency: string, enabled: boolean) {
  return useQuery({
    queryKey: ['schedules', scheduleId, 'fullCharterPrice', currency],
    queryFn: ({ signal }) =>
      api<TFullCharterPrice>(`/schedules/${scheduleId}/fullCharterPrice`, {
        query: { currency },
        signal,
        silent: true,
      }),
    enabled: enabled && scheduleId !== null,
    retry: false,
  });
}

/** `POST /api/price/simulate` of the wizard's draft; nothing is written. */
export function usePriceDraft(body: Partial<TSimulateRequest>, enabled: boolean) {
  return useQuery({
    queryKey: ['price', 'simulate', 'wizard', body],
    queryFn: ({ signal }) =>
      api<TSimulateResult>('/price/simulate', { method: 'POST', body, signal, silent: true }),
    enabled,
    retry: false,
  });
}
