import { z } from 'zod';
import { ZLocalizedText } from '../geo/geo.ts';
import { addDays } from '../pricing/dates.ts';
import { ZFlag } from '../schema.ts';
import { BOOKING_STATES, ZIsoDate } from './availability.ts';

// ─── Tours (itineraries without dates, docs/domain/departures-and-charters.md) ───

/** One day of an itinerary: what happens, per language, and where the boat lies that night. */
export const ZItineraryDay = z.object({
  day: z.number().int().min(1).max(366),
  title: ZLocalizedText.default({}),
  text: ZLocalizedText.default({}),
  portId: z.number().int().positive().nullish(),
});
export type TItineraryDay = z.infer<typeof ZItineraryDay>;

const ZTimestamps = { createdAt: z.string(), updatedAt: z.string() };
const ZRef = z.number().int().positive().max(2_147_483_647);
/** A CSS hex colour for calendars. */
const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1c7ed6');

export const ZTour = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string().nullable(),
    vesselId: z.number().int().nullable(),
    destinationId: z.number().int().nullable(),
    embarkPortId: z.number().int().nullable(),
    disembarkPortId: z.number().int().nullable(),
    nights: z.number().int(),
    description: ZLocalizedText,
    itinerary: z.array(ZItineraryDay),
    included: ZLocalizedText,
    excluded: ZLocalizedText,
    color: z.string().nullable(),
    images: z.array(z.number().int()),
    isActive: z.boolean(),
    isVisible: z.boolean(),
    sort: z.number().int(),
    ...ZTimestamps,
  })
  .meta({ id: 'Tour' });
export type TTour = z.infer<typeof ZTour>;

export const ZCreateTour = z.object({
  name: z.string().trim().min(1).max(200),
  code: z.string().trim().max(20).nullish(),
  vesselId: ZRef.nullish(),
  destinationId: ZRef.nullish(),
  embarkPortId: ZRef.nullish(),
  disembarkPortId: ZRef.nullish(),
  nights: z.number().int().min(1).max(365).default(7),
  description: ZLocalizedText.default({}),
  itinerary: z.array(ZItineraryDay).max(366).default([]),
  included: ZLocalizedText.default({}),
  excluded: ZLocalizedText.default({}),
  color: ZColor.nullish(),
  images: z.array(ZRef).max(50).default([]),
  isActive: z.boolean().default(true),
  isVisible: z.boolean().default(true),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TCreateTour = z.infer<typeof ZCreateTour>;
export const ZUpdateTour = ZCreateTour.partial();
export type TUpdateTour = z.infer<typeof ZUpdateTour>;

// ─── Schedules (departures) ───

/** Stored states; `active` is derived from the dates and exists only as a filter value (spec platform §4). */
export const SCHEDULE_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type TScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_FILTER_STATUSES = [...SCHEDULE_STATUSES, 'active'] as const;
export type TScheduleFilterStatus = (typeof SCHEDULE_FILTER_STATUSES)[number];

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `days` after (or before) an ISO date (one implementation, in pricing/dates). */
export { addDays };

/** docs/domain/departures-and-charters.md: `nights = to - from`. */
export const scheduleNights = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
/** docs/domain/departures-and-charters.md: `days = nights + 1` (embarkation and disembarkation day both count). */
export const scheduleDays = (from: string, to: string) => scheduleNights(from, to) + 1;

/** `active` (spec platform §4): the departure is under way on `today`, `from <= today < to`. */
export const isActiveOn = (schedule: { from: string; to: string }, today: string) =>
  schedule.from <= today && today < schedule.to;

/**
 * The date a departure moves to when a season is copied `years` later: the same weekday as `date`,
 * nearest to the same calendar day in the target year (29 February becomes 28 February first).
 * Weekly liveaboard rhythms keep their weekday: Saturday 2026-03-07 + 1 year → Saturday 2027-03-06.
 */
export function shiftToSameWeekday(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const shifted = Date.UTC(year, m - 1, Math.min(d, lastDay));
  const weekdayDiff = (new Date(toUtc(date)).getUTCDay() - new Date(shifted).getUTCDay() + 7) % 7;
  // 0..6 days forward; more than 3 forward is nearer backward (a week has one nearest match).
  const offset = weekdayDiff > 3 ? weekdayDiff - 7 : weekdayDiff;
  return toIso(shifted + offset * DAY_MS);
}

/** Weekly departures for the create screen: `weeks` departures of `nights` nights, 7 days apart. */
export function weeklySeries(first: string, weeks: number, nights: number): { from: string; to: string }[] {
  return Array.from({ length: weeks }, (_, i) => {
    const from = addDays(first, 7 * i);
    return { from, to: addDays(from, nights) };
  });
}

export const ZSchedule = z
  .object({
    id: z.number().int(),
    tourId: z.number().int(),
    vesselId: z.number().int(),
    from: ZIsoDate,
    to: ZIsoDate,
    status: z.enum(SCHEDULE_STATUSES),
    embarkPortId: z.number().int().nullable(),
    disembarkPortId: z.number().int().nullable(),
    priceId: z.number().int().nullable(),
    fullCharterPrice: z.record(z.string(), z.string()),
    isVisible: z.boolean(),
    note: z.string().nullable(),
    nights: z.number().int(),
    days: z.number().int(),
    /** Names for lists, added once per page. */
    tourName: z.string().optional(),
    vesselName: z.string().optional(),
    ...ZTimestamps,
  })
  .meta({ id: 'Schedule' });
export type TSchedule = z.infer<typeof ZSchedule>;

/**
 * A departure. The vessel defaults to the tour's; `to > from` is checked by the server together with
 * the stored dates (an update may name one of them).
 */
export const ZCreateSchedule = z.object({
  tourId: ZRef,
  vesselId: ZRef.optional(),
  from: ZIsoDate,
  to: ZIsoDate,
  status: z.enum(SCHEDULE_STATUSES).default('open'),
  embarkPortId: ZRef.nullish(),
  disembarkPortId: ZRef.nullish(),
  isVisible: z.boolean().default(true),
  note: z.string().max(2000).nullish(),
});
export type TCreateSchedule = z.infer<typeof ZCreateSchedule>;
export const ZUpdateSchedule = ZCreateSchedule.partial();
export type TUpdateSchedule = z.infer<typeof ZUpdateSchedule>;

/** A departure for booking screens and pickers (`tours/booking`, `schedules/booking`, `tours/date`). */
export const ZDeparture = z.object({
  id: z.number().int(),
  tourId: z.number().int(),
  tourName: z.string(),
  vesselId: z.number().int(),
  vesselName: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  nights: z.number().int(),
  days: z.number().int(),
  status: z.enum(SCHEDULE_STATUSES),
  isVisible: z.boolean(),
  embarkPortId: z.number().int().nullable(),
  disembarkPortId: z.number().int().nullable(),
  color: z.string().nullable(),
  /** With `available=1`: free cabins and berths from the availability engine. */
  cabins: z.number().int().optional(),
  berths: z.number().int().optional(),
  freeCabins: z.number().int().optional(),
  freeBerths: z.number().int().optional(),
});
export type TDeparture = z.infer<typeof ZDeparture>;

/** `tours/booking?short=1`: what a picker needs. */
export const ZDepartureShort = ZDeparture.pick({
  id: true,
  from: true,
  to: true,
  tourName: true,
  vesselName: true,
  status: true,
});
export type TDepartureShort = z.infer<typeof ZDepartureShort>;

/** `GET /api/tours/booking` (spec platform §7). */
export const ZTourBookingQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(0).max(1000).default(25),
  new: ZFlag.default(false),
  available: ZFlag.default(false),
  short: ZFlag.default(false),
  filter: z.string().max(5000).optional(),
});
export type TTourBookingQuery = z.infer<typeof ZTourBookingQuery>;

const ZNamed = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** `GET /api/schedules/{id}/info`. */
export const ZScheduleInfo = z.object({
  schedule: ZSchedule,
  tour: ZTour,
  vessel: ZNamed,
  embarkPort: ZNamed,
  disembarkPort: ZNamed,
  nights: z.number().int(),
  days: z.number().int(),
  /** From the availability engine; null while it cannot answer. */
  capacity: z
    .object({
      cabins: z.number().int(),
      berths: z.number().int(),
      freeCabins: z.number().int(),
      freeBerths: z.number().int(),
    })
    .nullable(),
});
export type TScheduleInfo = z.infer<typeof ZScheduleInfo>;

/** `GET /api/schedules/{id}/customers`: one person held on a departure. */
export const ZScheduleCustomer = z.object({
  customerId: z.number().int().nullable(),
  name: z.string().nullable(),
  gender: z.string(),
  nationality: z.string().nullable(),
  birthday: ZIsoDate.nullable(),
  roomId: z.number().int(),
  roomName: z.string(),
  /** The bed's internalId, '' for a whole cabin. */
  unit: z.string(),
  bookingId: z.number().int().nullable(),
  /** The booking's number: its booking number, else its reservation's, else its offer's. */
  bookingNo: z.string().nullable(),
  state: z.enum(BOOKING_STATES),
  resolved: z.boolean(),
});
export type TScheduleCustomer = z.infer<typeof ZScheduleCustomer>;

/** `POST /api/schedules/copy/{from}/{to}?asset&addyear`. */
export const ZCopySeasonQuery = z.object({
  asset: z.coerce.number().int().positive().max(2_147_483_647),
  addyear: z.coerce.number().int().min(1).max(10).default(1),
});
export const ZCopySeasonAnswer = z.object({
  created: z.array(z.number().int()),
  skipped: z.array(z.object({ from: ZIsoDate, to: ZIsoDate, reason: z.string() })),
});
export type TCopySeasonAnswer = z.infer<typeof ZCopySeasonAnswer>;

export const SCHEDULE_PRINT_TEMPLATES = ['departures'] as const;
export type TSchedulePrintTemplate = (typeof SCHEDULE_PRINT_TEMPLATES)[number];

/**
 * The status `active` is derived (spec platform §4), so a list filter `{"status":"active"}` (or
 * `{"status":{"$eq":"active"}}`) becomes the date condition `{"active":true}`; any other filter, and text
 * that is not JSON, passes unchanged for the filter compiler to judge.
 */
export function withDerivedStatus(filter: string | undefined): string | undefined {
  if (!filter?.trim()) return filter;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    return filter;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return filter;
  const { status, ...rest } = parsed as Record<string, unknown>;
  const isActive =
    status === 'active' ||
    (typeof status === 'object' &&
      status !== null &&
      Object.keys(status).length === 1 &&
      (status as Record<string, unknown>).$eq === 'active');
  return isActive ? JSON.stringify({ ...rest, active: true }) : filter;
}
