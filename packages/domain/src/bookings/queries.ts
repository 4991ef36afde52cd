import { z } from 'zod';
import { BOOKING_STATES, GENDERS, ZIsoDate } from '../inventory/availability.ts';
import { ZListQuery } from '../list/list.ts';
import { ZFlag } from '../schema.ts';
import { NOT_RESOLVED, ZBookingVersion } from './bookings.ts';

// The query calls of the bookings (spec booking §7 "Bookings … GET"): their query strings and the
// answers that are not a booking or a list of summaries.

const ZQueryId = z.coerce.number().int().positive().max(2_147_483_647);

/** `states`: a comma list of booking states and `notResolved` (not resolved, planned or confirmed). */
export const BOOKING_LIST_STATES = [...BOOKING_STATES, NOT_RESOLVED] as const;
export type TBookingListState = (typeof BOOKING_LIST_STATES)[number];

const ZStates = z
  .string()
  .max(500)
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.enum(BOOKING_LIST_STATES)).max(BOOKING_LIST_STATES.length));

/** What `from`/`to` of the booking list select: stays overlapping the range, arriving or departing in it. */
export const BOOKING_DATE_MODES = ['stay', 'arrival', 'departure'] as const;
export type TBookingDateMode = (typeof BOOKING_DATE_MODES)[number];
/** The list's yes/no filters (each `1` narrows the list; the home dashboard links to them). */
export const BOOKING_LIST_FLAGS = ['overdue', 'optionExpiring', 'openTodos', 'missingGuestforms'] as const;
export type TBookingListFlag = (typeof BOOKING_LIST_FLAGS)[number];
/** An option "expires soon" when its expiry is at most this many days ahead (lapsed and unresolved included). */
export const OPTION_EXPIRING_DAYS = 7;

/**
 * `GET /api/bookings` and `csvExport`: the generic list (page, size, sort, order, search, filter), by
 * default newest travel date first, with the booking list's own filters. `from`/`to`: bookings that
 * overlap the range (a stay that departs on `from` or arrives on `to` counts); with `dates=arrival` those
 * arriving in it, with `dates=departure` those departing in it (both ends included).
 */
export const ZBookingListQuery = ZListQuery.extend({
  sort: z.string().max(64).default('from'),
  order: z
    .union([z.literal('1'), z.literal('-1'), z.literal(1), z.literal(-1)])
    .default(-1)
    .transform(Number),
  states: ZStates.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  resortId: ZQueryId.optional(),
  vesselId: ZQueryId.optional(),
  scheduleId: ZQueryId.optional(),
  agencyId: ZQueryId.optional(),
  customerId: ZQueryId.optional(),
  dates: z.enum(BOOKING_DATE_MODES).default('stay'),
  /** A payment is due and not paid in time (`hasExceededDueDate`). */
  overdue: ZFlag.optional(),
  /** Planned with an option expiring within OPTION_EXPIRING_DAYS, or lapsed and not yet resolved. */
  optionExpiring: ZFlag.optional(),
  /** With at least one open todo. */
  openTodos: ZFlag.optional(),
  /** With a guest whose guest form is missing or still open. */
  missingGuestforms: ZFlag.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type TBookingListQuery = z.infer<typeof ZBookingListQuery>;

/** `GET find`: a quick lookup by any number or the customer's name (20 rows). */
export const ZBookingFindQuery = z.object({
  query: z.string().trim().min(1).max(200),
  /** Only bookings still in play: draft, planned, confirmed, waiting. */
  onlyActive: ZFlag.default(false),
});
export type TBookingFindQuery = z.infer<typeof ZBookingFindQuery>;
export const BOOKING_FIND_LIMIT = 20;

/** `GET {id}/log`: the versions newest first, paged. */
export const ZBookingLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(25),
});
export const ZBookingLog = z.object({
  data: z.array(ZBookingVersion),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** `GET {id}/history/{version}`: the path's version number. */
export const ZVersionParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});

export const ZBookingEtag = z.object({ etag: z.number().int() });

/** The calls that lead out of a state (docs/domain/lifecycle.md). */
export const STATE_CALLS = ['change', 'cancell', 'release', 'rebook', 'revert', 'delete'] as const;
export const ZActionState = z.object({
  state: z.enum(BOOKING_STATES),
  /** Holds its rooms (docs/domain/availability.md; a planned option until it lapses or is resolved). */
  holdsInventory: z.boolean(),
  /** Rooms, guests and lines may still be changed. */
  editable: z.boolean(),
  /** The calls that lead out of it, each with the state it leads to. */
  actions: z.array(z.object({ call: z.enum(STATE_CALLS), to: z.enum(BOOKING_STATES) })),
});
export type TActionState = z.infer<typeof ZActionState>;

/** `GET {id}/customers`: the guests of the booking with their customer records' names. */
export const ZBookingCustomer = z.object({
  guestId: z.number().int(),
  bookingRoomId: z.number().int(),
  roomName: z.string(),
  customerId: z.number().int().nullable(),
  /** The customer's full name, else the placeholder's name. */
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: z.enum(GENDERS),
  age: z.number().int().nullable(),
  isLead: z.boolean(),
});
export type TBookingCustomer = z.infer<typeof ZBookingCustomer>;

/** `GET {id}/cabins`: the room entries with the room's and the room type's names. */
export const ZBookingCabin = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  roomName: z.string(),
  roomTypeId: z.number().int().nullable(),
  roomTypeName: z.string().nullable(),
  scheduleId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  whole: z.boolean(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  locked: z.boolean(),
  noOfGuests: z.number().int(),
});
export type TBookingCabin = z.infer<typeof ZBookingCabin>;

// ─── Reports over the bookings (spec booking §7: full, arrivalCount, statistics, endofday, …) ──────

/** The longest range (in days) a report over the bookings covers. */
export const MAX_REPORT_DAYS = 366;
/** The most bookings one page of `GET full` answers (each is the whole booking). */
export const MAX_FULL_PAGE = 100;

const ZDays = (fallback: number) => z.coerce.number().int().min(1).max(MAX_REPORT_DAYS).default(fallback);
const daysApart = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
const withinReportRange = (from: string, to: string) => from <= to && daysApart(from, to) < MAX_REPORT_DAYS;
const rangeError = {
  message: `to must be on or after from and at most ${MAX_REPORT_DAYS} days on`,
  path: ['to'],
};

/** `GET arrivalCount`: `days` days from `start` (default today). */
export const ZArrivalCountQuery = z.object({ days: ZDays(7), start: ZIsoDate.optional() });
export const ZArrivalCount = z.object({
  date: z.string(),
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  assetName: z.string().nullable(),
  /** Bookings with a room entry arriving that day. */
  bookings: z.number().int(),
  /** Guests of those entries. */
  guests: z.number().int(),
});
export type TArrivalCount = z.infer<typeof ZArrivalCount>;

/** `GET statistics`: the last `days` days of new bookings and the next `days` days of arrivals. */
export const ZStatisticsQuery = z.object({ days: ZDays(30) });
const ZStateFigures = z.object({
  state: z.enum(BOOKING_STATES),
  currency: z.string(),
  count: z.number().int(),
  pax: z.number().int(),
  /** Σ of the bookings' totals, in their currency (decimal string). */
  revenue: z.string(),
});
export const ZBookingStatistics = z.object({
  days: z.number().int(),
  /** Bookings created from `createdFrom` up to today, by state and currency. */
  createdFrom: z.string(),
  created: z.array(ZStateFigures),
  /** Bookings arriving from today up to `arrivingTo` (exclusive), by state and currency. */
  arrivingTo: z.string(),
  arriving: z.array(ZStateFigures),
});
export type TBookingStatistics = z.infer<typeof ZBookingStatistics>;
export type TStateFigures = z.infer<typeof ZStateFigures>;

/** `GET endofday`: the day `date` (or the days up to `toDate`, inclusive). */
export const ZEndOfDayQuery = z
  .object({ date: ZIsoDate, toDate: ZIsoDate.optional() })
  .refine((q) => withinReportRange(q.date, q.toDate ?? q.date), { ...rangeError, path: ['toDate'] });

/** A room entry of a booking in a report: who stays where, when. */
export const ZStayRow = z.object({
  bookingId: z.number().int(),
  number: z.string().nullable(),
  state: z.enum(BOOKING_STATES),
  entryId: z.number().int(),
  roomId: z.number().int(),
  roomName: z.string(),
  from: z.string(),
  to: z.string(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  guests: z.number().int(),
});
export type TStayRow = z.infer<typeof ZStayRow>;

const ZReportBooking = z.object({
  bookingId: z.number().int(),
  number: z.string().nullable(),
  state: z.enum(BOOKING_STATES),
  from: z.string(),
  to: z.string(),
  noOfPax: z.number().int(),
  customerName: z.string().nullable(),
  agencyName: z.string().nullable(),
  currency: z.string(),
  total: z.string(),
});
export type TReportBooking = z.infer<typeof ZReportBooking>;

export const ZEndOfDay = z.object({
  date: z.string(),
  toDate: z.string(),
  /** Entries of holding bookings arriving (first night) in the range. */
  arrivals: z.array(ZStayRow),
  /** Entries of holding bookings departing in the range. */
  departures: z.array(ZStayRow),
  /** Entries of holding bookings with a night in the range. */
  inHouse: z.array(ZStayRow),
  /** The number of guests of `inHouse`. */
  inHouseGuests: z.number().int(),
  /** Entries checked in / out on a day of the range (installation time zone). */
  checkIns: z.array(ZStayRow),
  checkOuts: z.array(ZStayRow),
  /** Bookings created, and bookings cancelled, on a day of the range. */
  newBookings: z.array(ZReportBooking),
  cancellations: z.array(ZReportBooking),
});
export type TEndOfDay = z.infer<typeof ZEndOfDay>;

/** `asset`: `resort:<id>` or `vessel:<id>`. */
export const ZAsset = z
  .string()
  .regex(/^(resort|vessel):[1-9][0-9]{0,9}$/, 'resort:<id> or vessel:<id>')
  .transform((text) => {
    const [kind, id] = text.split(':');
    return { kind: kind as 'resort' | 'vessel', id: Number(id) };
  })
  .pipe(z.object({ kind: z.enum(['resort', 'vessel']), id: z.number().int().max(2_147_483_647) }));

/** `GET customersAtDate`: the guests with a night in `[from, to]` (default: `from` only). */
export const ZCustomersAtDateQuery = z
  .object({ from: ZIsoDate, to: ZIsoDate.optional(), asset: ZAsset.optional() })
  .refine((q) => withinReportRange(q.from, q.to ?? q.from), rangeError);

export const ZGuestAtDate = z.object({
  bookingId: z.number().int(),
  number: z.string().nullable(),
  state: z.enum(BOOKING_STATES),
  entryId: z.number().int(),
  roomId: z.number().int(),
  roomName: z.string(),
  from: z.string(),
  to: z.string(),
  guestId: z.number().int(),
  customerId: z.number().int().nullable(),
  name: z.string().nullable(),
  gender: z.enum(GENDERS),
  age: z.number().int().nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
});
export type TGuestAtDate = z.infer<typeof ZGuestAtDate>;

/** `GET taskNames`: the todo definitions. */
export const ZTaskName = z.object({ id: z.number().int(), name: z.string(), group: z.string() });

// ─── Year reports (spec booking §7 "Reports": incomeByMonth, occupancyPerYear; docs/domain/reports.md) ─────

/**
 * The longest range of the year reports, in days: three years. A year needs 365 or 366 days, and
 * MAX_REPORT_DAYS (one year, `to` inclusive) is too tight for a report whose `to` is exclusive.
 */
export const MAX_YEAR_REPORT_DAYS = 3 * 366;
/** The states a report counts (docs/domain/reports.md): confirmed and resolved by default; planned when asked; aborted: fees. */
export const REPORT_STATES = ['confirmed', 'resolved', 'planned', 'aborted'] as const;
export type TReportState = (typeof REPORT_STATES)[number];
export const REPORT_GROUPS = ['day', 'week', 'month', 'year'] as const;
export type TReportGroup = (typeof REPORT_GROUPS)[number];

const ZReportId = z.number().int().positive().max(2_147_483_647);
const commaList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
const ZIdList = z
  .string()
  .max(2000)
  .transform(commaList)
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9][0-9]{0,9}$/, 'an id')
          .transform(Number)
          .pipe(ZReportId),
      )
      .max(200),
  );
/** `assets`: a comma list of resort ids (`12`, `resort:12`) and, where a report takes them, `vessel:3`. */
const ZReportAssets = z
  .string()
  .max(2000)
  .transform(commaList)
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^((resort|vessel):)?[1-9][0-9]{0,9}$/, '<id>, resort:<id> or vessel:<id>')
          .transform((item) => {
            const [kind, id] = item.includes(':') ? item.split(':') : ['resort', item];
            return { kind: kind as 'resort' | 'vessel', id: Number(id) };
          })
          .pipe(z.object({ kind: z.enum(['resort', 'vessel']), id: ZReportId })),
      )
      .max(200),
  )
  .transform((items) => ({
    resorts: items.filter((i) => i.kind === 'resort').map((i) => i.id),
    vessels: items.filter((i) => i.kind === 'vessel').map((i) => i.id),
  }));
const ZReportStates = z
  .string()
  .max(200)
  .transform(commaList)
  .pipe(z.array(z.enum(REPORT_STATES)).min(1).max(REPORT_STATES.length));

/** `from` and `to` (exclusive) of a year report; either may be left out (see yearReportRange). */
const ZReportDate = ZIsoDate.refine((day) => day >= '1900-01-01' && day <= '9000-12-31', {
  message: 'a date from 1900 to 9000',
});
export const ZYearRange = z.object({
  from: ZReportDate.optional(),
  to: ZReportDate.optional(),
  assets: ZReportAssets.optional(),
  states: ZReportStates.optional(),
  categories: ZIdList.optional(),
  sources: ZIdList.optional(),
});
/**
 * How a report answers: `mode` chart (JSON), export (`format` csv or xlsx) or template (a PDF; `template`: the
 * document template of kind report whose intro, closing and text blocks it prints).
 */
export const ZReportFile = z.object({
  mode: z.enum(['chart', 'export', 'template']).default('chart'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  template: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type TReportFileQuery = z.infer<typeof ZReportFile>;
export const yearRangeOk = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || (q.from < q.to && daysApart(q.from, q.to) <= MAX_YEAR_REPORT_DAYS);
export const yearRangeError = {
  message: `to must be after from and at most ${MAX_YEAR_REPORT_DAYS} days on`,
  path: ['to'],
};

/** A date moved by whole years; Feb 29 becomes Feb 28 in a year without it. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = String(y + years).padStart(4, '0');
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The range of a year report: both given as they are; only `from`: a year from it; only `to`: the year
 * before it; neither: the calendar year of `today`.
 */
export function yearReportRange(q: { from?: string | undefined; to?: string | undefined }, today: string) {
  if (q.from && q.to) return { from: q.from, to: q.to };
  if (q.from) return { from: q.from, to: addYears(q.from, 1) };
  if (q.to) return { from: addYears(q.to, -1), to: q.to };
  const year = today.slice(0, 4);
  return { from: `${year}-01-01`, to: addYears(`${year}-01-01`, 1) };
}

/** `GET occupancyPerYear`: resort occupancy over `[from, to)` by day, week, month or year (default). */
export const ZOccupancyQuery = ZYearRange.extend({
  groupBy: z.enum(REPORT_GROUPS).default('year'),
  ...ZReportFile.shape,
})
  .refine(yearRangeOk, yearRangeError)
  .refine((q) => !q.assets?.vessels?.length, {
    message: 'occupancy is a resort report: resort ids only (vessels: utilization)',
    path: ['assets'],
  });
export type TOccupancyQuery = z.infer<typeof ZOccupancyQuery>;

const ZOccupancyFigures = z.object({
  /** Room-nights of counted bookings and event blocks, in rooms that could be sold that night. */
  occupiedNights: z.number().int(),
  /** Active rooms × nights, less the nights they are blocked OutOfOrder or Maintanance. */
  capacityNights: z.number().int(),
  /** occupiedNights / capacityNights in percent, 2 decimals half-up ("73.45"); null without capacity. */
  occupancy: z.string().nullable(),
  /** Guests × nights of the counted bookings in those rooms. */
  paxNights: z.number().int(),
  /** Active beds × nights of the rooms counted in capacity. */
  bedNights: z.number().int(),
  /** paxNights / bedNights in percent, 2 decimals; null without beds. */
  bedOccupancy: z.string().nullable(),
  /** Room-nights of counted bookings alone (no event blocks), each room once a night, in rooms for sale. */
  soldNights: z.number().int(),
  /**
   * Net room revenue (room lines of resort room entries, before tax) of the sold nights, spread over their
   * nights, in the base currency (decimal string, 2 places); null (as adr and revpar) without bookingpayment.read.
   */
  roomRevenue: z.string().nullable(),
  /** Average daily rate: roomRevenue / soldNights, 2 decimals half-up; null without sold nights. */
  adr: z.string().nullable(),
  /** Revenue per available room: roomRevenue / capacityNights, 2 decimals half-up; null without capacity. */
  revpar: z.string().nullable(),
});
export type TOccupancyFigures = z.infer<typeof ZOccupancyFigures>;
const ZPeriod = {
  /** `YYYY-MM-DD` (day), `YYYY-Www` (ISO week), `YYYY-MM` (month) or `YYYY` (year). */
  period: z.string(),
  /** The first day of the period within the range. */
  start: z.string(),
};
export const ZOccupancyReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPS),
  states: z.array(z.enum(REPORT_STATES)),
  /** The base currency of roomRevenue, adr and revpar. */
  currency: z.string(),
  /** The resorts counted: those with active rooms that the user may see (and `assets` asks for). */
  resorts: z.array(z.object({ resortId: z.number().int(), name: z.string() })),
  /** Per period and resort, in period and resort order. */
  rows: z.array(z.object({ ...ZPeriod, resortId: z.number().int(), ...ZOccupancyFigures.shape })),
  /** Per period over all the resorts. */
  periods: z.array(z.object({ ...ZPeriod, ...ZOccupancyFigures.shape })),
  total: ZOccupancyFigures,
  /** Room revenue without an exchange rate to the base currency on its day: left out of roomRevenue. */
  unconverted: z.array(
    z.object({
      period: z.string(),
      resortId: z.number().int(),
      currency: z.string(),
      date: z.string(),
      amount: z.string(),
    }),
  ),
});
export type TOccupancyReport = z.infer<typeof ZOccupancyReport>;

/** `GET incomeByMonth`: net revenue per month over `[from, to)`, by stay nights or `by=bookingDate`. */
export const ZIncomeQuery = ZYearRange.extend({
  groupBy: z.literal('month').default('month'),
  by: z.enum(['stay', 'bookingDate']).default('stay'),
  ...ZReportFile.shape,
}).refine(yearRangeOk, yearRangeError);
export type TIncomeQuery = z.infer<typeof ZIncomeQuery>;

const ZIncomeMonth = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** Net revenue in the base currency (decimal string, 2 places). */
  revenue: z.string(),
  /** Bookings with a share in the month. */
  bookings: z.number().int(),
});
export const ZIncomeReport = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(['stay', 'bookingDate']),
  /** The base currency of `revenue`. */
  currency: z.string(),
  states: z.array(z.enum(REPORT_STATES)),
  months: z.array(ZIncomeMonth),
  total: z.object({ revenue: z.string(), bookings: z.number().int() }),
  /** Amounts that have no exchange rate to the base currency on their day: left out of `revenue`. */
  unconverted: z.array(
    z.object({ month: z.string(), currency: z.string(), date: z.string(), amount: z.string() }),
  ),
});
export type TIncomeReport = z.infer<typeof ZIncomeReport>;
