import { z } from 'zod';
import { BLOCK_KINDS } from './rooms.ts';

/** Calendar date YYYY-MM-DD (asset time zone). Stays are half-open `[from, to)`: `to` is not a night. */
export const ZIsoDate = z.iso.date();

/**
 * Who asks (docs/domain/availability.md): staff may book invisible rooms; agencies and the online channels
 * (booking pages, widget, OTA) only visible ones that are not hidden.
 */
export const CHANNELS = ['staff', 'agency', 'online'] as const;
export type TChannel = (typeof CHANNELS)[number];

/** Booking states (spec booking §4). */
export const BOOKING_STATES = [
  'draft',
  'planned',
  'confirmed',
  'resolved',
  'aborted',
  'rebooked',
  'freed',
  'splitted',
  'waiting',
  'deleted',
] as const;
export type TBookingState = (typeof BOOKING_STATES)[number];

export const GENDERS = ['m', 'f', 'u'] as const;
export type TGender = (typeof GENDERS)[number];

/**
 * Does a booking in this state hold its rooms (docs/domain/availability.md)? Drafts only with the setting
 * `offersHoldInventory`; planned options until `holdUntil` (their option expiry) and not when resolved
 * (released); confirmed always, resolved or not; the legacy state `resolved` like confirmed.
 */
export function holdsInventory(
  booking: { state: TBookingState; resolved?: boolean },
  options: { offersHoldInventory: boolean },
): boolean {
  switch (booking.state) {
    case 'draft':
      return options.offersHoldInventory;
    case 'planned':
      return !booking.resolved;
    case 'confirmed':
    case 'resolved':
      return true;
    default:
      return false;
  }
}

/** The nights of `[from, to)` as ISO dates. */
export function nightsOf(from: string, to: string): string[] {
  const out: string[] = [];
  const day = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (day < end) {
    out.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

/** `[a.from, a.to)` and `[b.from, b.to)` share a night. ISO dates compare as strings. */
export const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from < b.to && a.to > b.from;

/** Whole years between a birthday and a day (the first night), or null when unknown. */
export function ageOn(birthday: string | null | undefined, day: string): number | null {
  if (!birthday) return null;
  const [by, bm, bd] = birthday.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** docs/domain/availability.md: a bed with `maxAge` takes only persons of known age at or below it; 0 or empty = no limit. */
export function bedTakes(bed: { maxAge?: number | null }, age: number | null): boolean {
  if (!bed.maxAge) return true;
  return age !== null && age <= bed.maxAge;
}

/**
 * docs/domain/availability.md: with `allowMixedGender = false` all persons held in a room share one gender; `u`
 * (unknown) fits anywhere. Returns whether `gender` may join persons of `present` genders.
 */
export function genderFits(gender: TGender, present: readonly TGender[], allowMixedGender: boolean): boolean {
  if (allowMixedGender || gender === 'u') return true;
  return present.every((g) => g === 'u' || g === gender);
}

export const ZBlockSummary = z.object({
  id: z.number().int(),
  kind: z.enum(BLOCK_KINDS),
  from: ZIsoDate,
  to: ZIsoDate,
  reason: z.string().nullable(),
});
export type TBlockSummary = z.infer<typeof ZBlockSummary>;

/** One hold of a unit as calendars and the availability answer show it. */
export const ZHoldSummary = z.object({
  unit: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  bookingId: z.number().int().nullable(),
  state: z.string(),
  gender: z.enum(GENDERS),
});
export type THoldSummary = z.infer<typeof ZHoldSummary>;

export const ZBedAvailability = z.object({
  internalId: z.string(),
  type: z.string(),
  maxAge: z.number().int().nullable(),
  free: z.boolean(),
});

/** One room or cabin in an availability answer. */
export const ZRoomAvailability = z.object({
  id: z.number().int(),
  name: z.string(),
  roomTypeId: z.number().int().nullable(),
  deckId: z.number().int().nullable(),
  sort: z.number().int(),
  /** Sellable on this channel: active, and for agencies and online visible and not hidden. */
  sellable: z.boolean(),
  allowSharedRoom: z.boolean(),
  allowMixedGender: z.boolean(),
  /** The whole room is free for every night of the interval (no hold, no block). */
  free: z.boolean(),
  /** Active beds not held on any night of the interval (0 when blocked). */
  freeBeds: z.number().int(),
  beds: z.array(ZBedAvailability),
  /** Genders held in the room over the interval (the same-gender rule of shared rooms). */
  genders: z.array(z.enum(GENDERS)),
  blocks: z.array(ZBlockSummary),
  holds: z.array(ZHoldSummary),
});
export type TRoomAvailability = z.infer<typeof ZRoomAvailability>;

export const ZRoomTypeAvailability = z.object({
  roomTypeId: z.number().int().nullable(),
  name: z.string(),
  /** Sellable rooms of the type. */
  rooms: z.number().int(),
  /** Free sellable rooms per night, in the order of `nights`. */
  free: z.array(z.number().int()),
  /** Rooms free for every night: the stay fits one single room (no automatic split, docs/domain/availability.md). */
  freeForStay: z.number().int(),
});
export type TRoomTypeAvailability = z.infer<typeof ZRoomTypeAvailability>;

/** `GET /api/rooms/available/{resort}?from&to`: free rooms per night of one resort. */
export const ZResortAvailability = z.object({
  resortId: z.number().int(),
  from: ZIsoDate,
  to: ZIsoDate,
  channel: z.enum(CHANNELS),
  nights: z.array(ZIsoDate),
  roomTypes: z.array(ZRoomTypeAvailability),
  rooms: z.array(ZRoomAvailability),
});
export type TResortAvailability = z.infer<typeof ZResortAvailability>;

/** Free cabins and berths of one departure (docs/domain/departures-and-charters.md). */
export const ZScheduleCapacity = z.object({
  scheduleId: z.number().int(),
  /** Sellable cabins and their active beds. */
  cabins: z.number().int(),
  berths: z.number().int(),
  /** Cabins free as a whole, and berths free (a whole-cabin hold takes all its beds). */
  freeCabins: z.number().int(),
  freeBerths: z.number().int(),
});
export type TScheduleCapacity = z.infer<typeof ZScheduleCapacity>;

export const ZScheduleAvailability = ZScheduleCapacity.extend({
  vesselId: z.number().int(),
  from: ZIsoDate,
  to: ZIsoDate,
  channel: z.enum(CHANNELS),
  /** Cancelled departures hold nothing and sell nothing. */
  bookable: z.boolean(),
  rooms: z.array(ZRoomAvailability),
});
export type TScheduleAvailability = z.infer<typeof ZScheduleAvailability>;

/** What the engine knows of a room: its flags and configuration (beds) as stored. */
export type TInventoryRoom = {
  id: number;
  name: string;
  roomTypeId: number | null;
  deckId: number | null;
  sort: number;
  isActive: boolean;
  isVisible: boolean;
  hide: boolean;
  allowSharedRoom: boolean;
  allowMixedGender: boolean;
  beds: readonly { internalId: string; active: boolean; type: string; maxAge?: number | null }[];
};

/** docs/domain/availability.md: active; for agencies and the online channels also visible and not hidden. */
export const isSellable = (
  room: Pick<TInventoryRoom, 'isActive' | 'isVisible' | 'hide'>,
  channel: TChannel,
) => room.isActive && (channel === 'staff' || (room.isVisible && !room.hide));

/**
 * One room over the nights of an interval (docs/domain/availability.md). `blocks` and `holds` are those of
 * this room that overlap the interval (holding rows only). A hold of unit '' takes the whole room; in a
 * shared room a whole-room booking holds every bed, so the room is free only when no bed is held.
 */
export function roomOverNights(
  room: TInventoryRoom,
  nights: readonly string[],
  blocks: readonly TBlockSummary[],
  holds: readonly THoldSummary[],
  channel: TChannel,
  spans: readonly { from: string; to: string }[] = nightSpans(nights),
) {
  const beds = room.beds.filter((b) => b.active);
  // Most rooms have neither: no per-night work for them.
  const untouched = blocks.length === 0 && holds.length === 0;
  const freePerNight = untouched
    ? spans.map(() => true)
    : spans.map((span) => !blocks.some((b) => overlaps(b, span)) && !holds.some((h) => overlaps(h, span)));
  const blocked = blocks.length > 0;
  const wholeHeld = holds.some((h) => h.unit === '');
  const heldBeds = new Set(holds.map((h) => h.unit));
  const bedRows = beds.map((b) => ({
    internalId: b.internalId,
    type: b.type,
    maxAge: b.maxAge ?? null,
    free: untouched || (!blocked && !wholeHeld && !heldBeds.has(b.internalId)),
  }));
  const out: TRoomAvailability = {
    id: room.id,
    name: room.name,
    roomTypeId: room.roomTypeId,
    deckId: room.deckId,
    sort: room.sort,
    sellable: isSellable(room, channel),
    allowSharedRoom: room.allowSharedRoom,
    allowMixedGender: room.allowMixedGender,
    free: untouched || freePerNight.every(Boolean),
    freeBeds: bedRows.filter((b) => b.free).length,
    beds: bedRows,
    genders: untouched ? [] : [...new Set(holds.map((h) => h.gender))].sort(),
    blocks: [...blocks],
    holds: [...holds],
  };
  return { room: out, freePerNight };
}

/** Each night of `nights` as the interval `[night, next day)`: compute once, use for every room. */
export const nightSpans = (nights: readonly string[]) => nights.map((n) => ({ from: n, to: nextDay(n) }));

export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Rooms per room type: free sellable rooms per night and rooms free for the whole stay. */
export function roomTypesOverNights(
  types: readonly { id: number | null; name: string }[],
  rooms: readonly { room: TRoomAvailability; freePerNight: boolean[] }[],
  nightCount: number,
): TRoomTypeAvailability[] {
  return types.map((type) => {
    const ofType = rooms.filter((r) => r.room.roomTypeId === type.id && r.room.sellable);
    return {
      roomTypeId: type.id,
      name: type.name,
      rooms: ofType.length,
      free: Array.from({ length: nightCount }, (_, i) => ofType.filter((r) => r.freePerNight[i]).length),
      freeForStay: ofType.filter((r) => r.room.free).length,
    };
  });
}

/** Cabins and berths of a departure (docs/domain/departures-and-charters.md): counted over sellable cabins only. */
export function capacityOf(scheduleId: number, rooms: readonly TRoomAvailability[], bookable: boolean) {
  const sellable = rooms.filter((r) => r.sellable);
  return {
    scheduleId,
    cabins: sellable.length,
    berths: sellable.reduce((sum, r) => sum + r.beds.length, 0),
    freeCabins: bookable ? sellable.filter((r) => r.free).length : 0,
    freeBerths: bookable ? sellable.reduce((sum, r) => sum + r.freeBeds, 0) : 0,
  };
}
