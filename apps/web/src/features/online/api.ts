import type {
  TOnlineAddon,
  TOnlineCreated,
  TOnlineLookup,
  TOnlinePrice,
  TOnlineRooms,
  TOnlineRoomTypes,
  TOnlineSchedule,
  TOnlineTrip,
  TOnlineVessel,
} from '@atoll/domain/online/api';
import type { TCheckoutAnswer } from '@atoll/domain/payments/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, apiUrl } from '../../app/api.ts';

// The guest's online booking calls (spec booking §7 "Online booking (/api/book)"). Types only from the
// domain (no zod in the phone bundle).

export const onlineKeys = {
  all: ['online'] as const,
  schedules: (vesselId: number | undefined, month: string) =>
    ['online', 'schedules', vesselId, month] as const,
  trip: (id: number, guests: number) => ['online', 'trip', id, guests] as const,
  vessel: (id: number | undefined) => ['online', 'vessel', id] as const,
  roomTypes: (resortId: number | undefined, from?: string, to?: string, guests?: number) =>
    ['online', 'roomTypes', resortId, from, to, guests] as const,
  rooms: (resortId: number, from: string, to: string) => ['online', 'rooms', resortId, from, to] as const,
  addons: (kind: string, id: number | undefined) => ['online', 'addons', kind, id] as const,
};

export type TGuestChoice = { name?: string; gender?: 'm' | 'f' | 'u'; bed?: string };
export type TRoomChoice = { roomId: number; whole: boolean; guests: TGuestChoice[] };
export type TPriceBody = {
  scheduleId?: number;
  from?: string;
  to?: string;
  rooms: TRoomChoice[];
  addons?: { productId: number }[];
};
export type TCreateBody = TPriceBody & {
  lead: { firstName: string; lastName: string; email: string; phone?: string };
  note?: string;
  language?: 'de' | 'en';
};

export function useSchedules(vesselId: number | undefined, month: string) {
  return useQuery({
    queryKey: onlineKeys.schedules(vesselId, month),
    // No placeholder: the list of another month must never stand in for this one.
    queryFn: () => api<TOnlineSchedule[]>('/api/book/schedules', { query: { vesselId, month } }),
  });
}

/** One departure with its cabins, cabin types (priced for `guests` per cabin) and decks: one request. */
export function useTrip(id: number | null, guests = 2) {
  return useQuery({
    queryKey: onlineKeys.trip(id ?? 0, guests),
    queryFn: () => api<TOnlineTrip>(`/api/book/trip/${id}`, { query: { guests } }),
    enabled: id !== null,
    refetchInterval: 30_000,
  });
}

export function useVessel(vesselId: number | undefined) {
  return useQuery({
    queryKey: onlineKeys.vessel(vesselId),
    queryFn: () => api<TOnlineVessel[]>('/api/book/vessel', { query: { vesselId } }),
    enabled: vesselId !== undefined,
  });
}

/** Room types of a resort; with a stay their free rooms, with `guests` also each type's price. */
export function useRoomTypes(
  resortId: number | undefined,
  from?: string,
  to?: string,
  enabled = true,
  guests?: number,
) {
  return useQuery({
    queryKey: onlineKeys.roomTypes(resortId, from, to, guests),
    queryFn: () => api<TOnlineRoomTypes>('/api/book/roomTypes', { query: { resortId, from, to, guests } }),
    enabled,
  });
}

export function useResortRooms(resortId: number | undefined, from: string | null, to: string | null) {
  return useQuery({
    queryKey: onlineKeys.rooms(resortId ?? 0, from ?? '', to ?? ''),
    queryFn: () => api<TOnlineRooms>('/api/book/rooms', { query: { resortId, from, to } }),
    enabled: resortId !== undefined && from !== null && to !== null,
  });
}

export function useAddons(kind: 'vessel' | 'resort', id: number | undefined) {
  return useQuery({
    queryKey: onlineKeys.addons(kind, id),
    queryFn: () =>
      api<TOnlineAddon[]>('/api/book/addons', {
        query: kind === 'vessel' ? { vesselId: id } : { resortId: id },
      }),
    enabled: id !== undefined,
  });
}

export function usePrice() {
  return useMutation({
    mutationFn: (body: TPriceBody) =>
      api<TOnlinePrice>('/api/book/booking/price', { method: 'POST', body, silent: true }),
  });
}

/** The create with its Idempotency-Key and the browser's time zone offset (plain fetch: own headers). */
export async function createOnlineBooking(body: TCreateBody, key: string): Promise<TOnlineCreated> {
  const res = await fetch(apiUrl('/api/book/booking/create'), {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': key,
      'x-timezone-offset': String(new Date().getTimezoneOffset()),
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as TOnlineCreated & {
    error?: string;
    description?: string;
  };
  if (!res.ok) throw new ApiError(res.status, answer.error ?? 'UNKNOWN', answer.error ?? 'UNKNOWN');
  return answer;
}

export function useCreateOnline() {
  return useMutation({
    mutationFn: ({ body, key }: { body: TCreateBody; key: string }) => createOnlineBooking(body, key),
  });
}

export function useOnlineCheckout() {
  return useMutation({
    mutationFn: (v: { bookingId: number; providerId: number; token: string; language: 'de' | 'en' }) =>
      api<TCheckoutAnswer>(`/api/book/${v.bookingId}/checkout`, {
        method: 'POST',
        body: { providerId: v.providerId, token: v.token, language: v.language },
        silent: true,
      }),
  });
}

export function useLookup() {
  return useMutation({
    mutationFn: (v: { bookingNo: string; email: string }) =>
      api<TOnlineLookup>(`/api/book/no/${encodeURIComponent(v.bookingNo)}`, {
        query: { email: v.email },
        silent: true,
      }),
  });
}

/** A fresh key per booking attempt: a retry of the same attempt sends the same key. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
