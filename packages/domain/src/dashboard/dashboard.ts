import { z } from 'zod';
import type { TBookingListFlag } from '../bookings/queries.ts';

// Home dashboards: what an agent sees of its agency on the start page.

/** Bookings that count for an agency's figures: booked or held, not cancelled, rebooked, freed or deleted. */
export const DASHBOARD_ACTIVE_STATES = ['planned', 'confirmed', 'waiting', 'resolved'] as const;
/** Bookings whose commission the agency has earned: confirmed or travelled. */
export const COMMISSION_EARNED_STATES = ['confirmed', 'resolved'] as const;

const ZAmount = z.string().describe('decimal amount, two places');

export const ZAgencyDashboardMoney = z.object({
  currency: z.string(),
  /** Σ totals of the active bookings. */
  total: ZAmount,
  /** Σ open amounts of the active bookings. */
  open: ZAmount,
  /** Σ commission of the confirmed and travelled bookings. */
  commission: ZAmount,
});

export const ZAgencyDashboard = z.object({
  agency: z.object({
    id: z.number().int(),
    name: z.string(),
    currency: z.string(),
    /** The agency's own default commission percent (the price lists may set another per booking). */
    commission: z.string(),
  }),
  bookings: z.object({
    /** Active bookings (planned, confirmed, waiting, travelled). */
    active: z.number().int(),
    /** Active bookings whose departure is today or later. */
    upcoming: z.number().int(),
    /** Active bookings with something open. */
    withOpenPayments: z.number().int(),
  }),
  money: z.array(ZAgencyDashboardMoney),
  /** The agency's credit balance per currency. */
  credit: z.array(z.object({ currency: z.string(), balance: ZAmount })),
});
export type TAgencyDashboard = z.infer<typeof ZAgencyDashboard>;

// ─── The office's home: what needs doing today and in the days ahead ─────────────────────────────

/** The "this week" of the office home: today and the next six days. */
export const DASHBOARD_WEEK_DAYS = 7;
/** Missing guest forms count for bookings arriving within this many days. */
export const GUESTFORM_AHEAD_DAYS = 30;
/** Occupancy and departures are shown over the next this many days. */
export const OCCUPANCY_AHEAD_DAYS = 30;
/** Arrivals, departures and missing guest forms count bookings that will travel: planned or confirmed. */
const TRAVELLING = 'planned,confirmed';

export const OFFICE_FIGURES = [
  'arrivalsToday',
  'arrivalsWeek',
  'departuresToday',
  'departuresWeek',
  'optionsExpiring',
  'overdue',
  'missingGuestforms',
  'openTodos',
] as const;
export type TOfficeFigure = (typeof OFFICE_FIGURES)[number];

/** A booking list filter as its URL and `GET /api/bookings` take it. */
export type TOfficeListFilter = Partial<
  Record<'states' | 'dates' | 'from' | 'to' | TBookingListFlag, string>
>;

/** The last day of a span of `days` days that starts on `day` (YYYY-MM-DD, calendar arithmetic in UTC). */
export function lastDayOf(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days - 1);
  return at.toISOString().slice(0, 10);
}

/**
 * The booking list filter behind each figure of the office home: the server counts exactly what the
 * figure's link lists (docs/domain/home.md).
 */
export function officeListFilters(today: string): Record<TOfficeFigure, TOfficeListFilter> {
  const weekEnd = lastDayOf(today, DASHBOARD_WEEK_DAYS);
  return {
    arrivalsToday: { states: TRAVELLING, dates: 'arrival', from: today, to: today },
    arrivalsWeek: { states: TRAVELLING, dates: 'arrival', from: today, to: weekEnd },
    departuresToday: { states: TRAVELLING, dates: 'departure', from: today, to: today },
    departuresWeek: { states: TRAVELLING, dates: 'departure', from: today, to: weekEnd },
    optionsExpiring: { optionExpiring: '1' },
    overdue: { overdue: '1' },
    missingGuestforms: {
      states: TRAVELLING,
      dates: 'arrival',
      from: today,
      to: lastDayOf(today, GUESTFORM_AHEAD_DAYS),
      missingGuestforms: '1',
    },
    openTodos: { openTodos: '1' },
  };
}

const ZDay = z.string().describe('YYYY-MM-DD');
const ZCount = z.number().int();

export const ZOfficeDeparture = z.object({
  scheduleId: z.number().int(),
  vesselId: z.number().int(),
  vesselName: z.string(),
  tourName: z.string().nullable(),
  from: ZDay,
  to: ZDay,
  berths: ZCount,
  freeBerths: ZCount,
});
export type TOfficeDeparture = z.infer<typeof ZOfficeDeparture>;

export const ZOfficeDashboard = z.object({
  /** The operator's today and the last day of the 30 days ahead (included). */
  today: ZDay,
  aheadEnd: ZDay,
  /** Each figure counts the bookings its booking list filter (officeListFilters) lists, up to 10,000. */
  counts: z.object(
    Object.fromEntries(OFFICE_FIGURES.map((f) => [f, ZCount])) as Record<TOfficeFigure, typeof ZCount>,
  ),
  /** The vessels' departures within OCCUPANCY_AHEAD_DAYS: berths and free berths (office channel). */
  departuresAhead: z.array(ZOfficeDeparture),
});
export type TOfficeDashboard = z.infer<typeof ZOfficeDashboard>;
