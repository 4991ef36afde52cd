import { z } from 'zod';
import { BOOKING_STATES, type TBookingState, ZIsoDate } from '../inventory/availability.ts';
import { BLOCK_KINDS } from '../inventory/rooms.ts';
import { addDays, daysBetween } from '../pricing/dates.ts';

// The booking calendars (spec booking §2 /booking/occupancy, /booking/calendar; §4 "Calendar display";
// docs/domain/availability.md): what a room entry shows as, which colour it gets, the events call's contract and
// the grid's day ↔ pixel maths.

/**
 * The labels of spec booking §4 (plus the waitlist of docs/domain/availability.md). A cancelled (aborted or
 * deleted) stay holds no room: it is labelled "cancelled", not "blocked", which would read as a room block.
 */
export const CALENDAR_STATES = [
  'offer',
  'reservation',
  'booking',
  'confirmedResolved',
  'released',
  'cancelled',
  'waiting',
  'past',
  'checkedIn',
  'checkedOut',
] as const;
export type TCalendarState = (typeof CALENDAR_STATES)[number];

/** The state labels before the dates are looked at; null: not shown (rebooked, splitted). */
const BASE: Record<TBookingState, TCalendarState | null> = {
  draft: 'offer',
  planned: 'reservation',
  confirmed: 'booking',
  // Legacy alias of confirmed + resolved (docs/domain/availability.md).
  resolved: 'confirmedResolved',
  freed: 'released',
  aborted: 'cancelled',
  deleted: 'cancelled',
  waiting: 'waiting',
  rebooked: null,
  splitted: null,
};

export type TCalendarEntryState = {
  state: TBookingState;
  resolved: boolean;
  /** The stay `[from, to)`: `to` is the departure day. */
  to: string;
  checkIn: string | null;
  checkOut: string | null;
};

/** The label by state and resolved flag alone (the colour "until confirmed" and when a date rule is off). */
export function baseState(entry: Pick<TCalendarEntryState, 'state' | 'resolved'>): TCalendarState | null {
  if (entry.resolved && entry.state === 'planned') return 'released';
  if (entry.resolved && entry.state === 'confirmed') return 'confirmedResolved';
  return BASE[entry.state];
}

/** States whose stay happens: only they become checked in, checked out or past. */
const LIVE: readonly TCalendarState[] = ['offer', 'reservation', 'booking', 'confirmedResolved'];

/**
 * What a room entry shows as on `today` (an ISO date), spec booking §4: a checked-out stay is checked
 * out, a checked-in one checked in, a stay whose departure day has come is past; else its state label.
 * Released, cancelled and waiting entries keep their label whatever the dates. Null: hidden.
 */
export function displayState(entry: TCalendarEntryState, today: string): TCalendarState | null {
  const base = baseState(entry);
  if (base === null || !LIVE.includes(base)) return base;
  if (entry.checkOut) return 'checkedOut';
  if (entry.checkIn) return 'checkedIn';
  if (entry.to <= today) return 'past';
  return base;
}

// ─── Colour rules (spec booking §4 "Optional colour rules") ───────────────────────────────────

export const COLOUR_OPTIONS = [
  'greyOutOld',
  'checkInOutColours',
  'stateColourUntilConfirmed',
  'freeOfChargeColour',
  'categoryColour',
] as const;
export type TColourOption = (typeof COLOUR_OPTIONS)[number];
export type TColourOptions = Record<TColourOption, boolean>;

/** Grey old stays and the check-in/out colours on; the others off, as a calendar opens first. */
export const DEFAULT_COLOUR_OPTIONS: TColourOptions = {
  greyOutOld: true,
  checkInOutColours: true,
  stateColourUntilConfirmed: false,
  freeOfChargeColour: false,
  categoryColour: false,
};

/** A calendar label's colour, the free-of-charge colour or the booking category's own colour. */
export type TCalendarColour = TCalendarState | 'freeOfCharge' | 'category';

export type TColourEntry = TCalendarEntryState & { isFreeOfCharge: boolean; categoryColor: string | null };

const UNCONFIRMED: readonly TCalendarState[] = ['offer', 'reservation', 'waiting'];

/**
 * The colour of a shown entry. Released and cancelled entries always keep their state colour. "State
 * colour until confirmed" keeps offers and reservations in theirs, before any other rule. Then: past
 * grey (greyOutOld), checked in/out (checkInOutColours), free of charge, the category; else the state.
 */
export function entryColour(entry: TColourEntry, today: string, options: TColourOptions): TCalendarColour {
  const base = baseState(entry) ?? 'cancelled';
  const shown = displayState(entry, today) ?? base;
  if (!LIVE.includes(base)) return base;
  if (options.stateColourUntilConfirmed && UNCONFIRMED.includes(base)) return base;
  if (shown === 'past' && options.greyOutOld) return 'past';
  if ((shown === 'checkedIn' || shown === 'checkedOut') && options.checkInOutColours) return shown;
  if (entry.isFreeOfCharge && options.freeOfChargeColour) return 'freeOfCharge';
  if (entry.categoryColor && options.categoryColour) return 'category';
  return base;
}

// ─── Grid maths: one column per day, one row per room ──────────────────────────────────────────

export const ROW_HEIGHT = 47;
export const COLUMN_WIDTH = 78;

/** The column of a day counted from the grid's first day (negative: before it). */
export const dayIndex = (gridFrom: string, day: string) => daysBetween(gridFrom, day);
/** The day of a column. */
export const dayAt = (gridFrom: string, index: number) => addDays(gridFrom, index);

/** Where a stay `[from, to)` lies on the grid: its left edge and width in pixels. */
export function stayBox(gridFrom: string, from: string, to: string): { left: number; width: number } {
  return { left: dayIndex(gridFrom, from) * COLUMN_WIDTH, width: daysBetween(from, to) * COLUMN_WIDTH };
}

/** Whole days and rows a drag of `dx`, `dy` pixels moves a stay (rounded to the nearest cell). */
export function dragCells(dx: number, dy: number): { days: number; rows: number } {
  return { days: Math.round(dx / COLUMN_WIDTH) || 0, rows: Math.round(dy / ROW_HEIGHT) || 0 };
}

/** The first and last (exclusive) index visible in a scrolled window, with `overscan` extra on each side. */
export function visibleRange(
  scroll: number,
  viewport: number,
  cell: number,
  count: number,
  overscan = 3,
): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scroll / cell) - overscan);
  const end = Math.min(count, Math.ceil((scroll + viewport) / cell) + overscan);
  return { start, end: Math.max(start, end) };
}

// ─── GET /api/bookings/events ────────────────────────────────────────────────────────────────

/** The longest range the events call answers (a year and a bit of scrolling). */
export const MAX_CALENDAR_DAYS = 400;

const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZCalendarQuery = z
  .object({
    from: ZIsoDate,
    to: ZIsoDate,
    resortId: ZId.optional(),
    vesselId: ZId.optional(),
    scheduleId: ZId.optional(),
  })
  .refine((q) => q.to > q.from, { message: '"to" must be after "from"', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) <= MAX_CALENDAR_DAYS, {
    message: `At most ${MAX_CALENDAR_DAYS} days`,
    path: ['to'],
  })
  .refine((q) => (q.resortId === undefined) !== (q.vesselId === undefined), {
    message: 'Either resortId or vesselId',
    path: ['resortId'],
  });
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

/** A row of the grid: a room of the resort or a cabin of the vessel. */
export const ZCalendarRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  roomTypeId: z.number().int().nullable(),
  roomTypeName: z.string().nullable(),
  availableBeds: z.number().int(),
  isActive: z.boolean(),
});
export type TCalendarRoom = z.infer<typeof ZCalendarRoom>;

/** A room entry of a booking as the calendar shows it. */
export const ZCalendarEntry = z.object({
  entryId: z.number().int(),
  bookingId: z.number().int(),
  roomId: z.number().int(),
  scheduleId: z.number().int().nullable(),
  from: ZIsoDate,
  to: ZIsoDate,
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  whole: z.boolean(),
  locked: z.boolean(),
  /** The guests of this entry: the berths a shared cabin entry takes. */
  pax: z.number().int(),
  state: z.enum(BOOKING_STATES),
  resolved: z.boolean(),
  offerNo: z.string().nullable(),
  reservationNo: z.string().nullable(),
  bookingNo: z.string().nullable(),
  leadGuest: z.string().nullable(),
  noOfPax: z.number().int(),
  agencyName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  isFreeOfCharge: z.boolean(),
  /** The booking's version, for the move calls. */
  version: z.number().int(),
});
export type TCalendarEntry = z.infer<typeof ZCalendarEntry>;

export const ZCalendarBlock = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  kind: z.enum(BLOCK_KINDS),
  from: ZIsoDate,
  to: ZIsoDate,
  reason: z.string().nullable(),
});
export type TCalendarBlock = z.infer<typeof ZCalendarBlock>;

/** A departure of the vessel in the range (vessel calendar columns). */
export const ZCalendarSchedule = z.object({
  id: z.number().int(),
  tourName: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  status: z.string(),
});
export type TCalendarSchedule = z.infer<typeof ZCalendarSchedule>;

export const ZCalendarEvents = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  rooms: z.array(ZCalendarRoom),
  entries: z.array(ZCalendarEntry),
  blocks: z.array(ZCalendarBlock),
  schedules: z.array(ZCalendarSchedule),
});
export type TCalendarEvents = z.infer<typeof ZCalendarEvents>;
