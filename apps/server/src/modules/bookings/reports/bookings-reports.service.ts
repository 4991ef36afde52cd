import type { TBooking, TBookingLine, TBookingState } from '@atoll/domain/bookings';
import {
  MAX_FULL_PAGE,
  type TArrivalCount,
  type TBookingListQuery,
  type TBookingStatistics,
  type TEndOfDay,
  type TGuestAtDate,
  type TIncomeQuery,
  type TIncomeReport,
  type TOccupancyFigures,
  type TOccupancyQuery,
  type TOccupancyReport,
  type TReportState,
  type TStayRow,
  yearReportRange,
} from '@atoll/domain/bookings/queries';
import { DEFAULT_CURRENCY, type TLanguage } from '@atoll/domain/constants';
import { addDays } from '@atoll/domain/customers';
import type { TGender } from '@atoll/domain/inventory/availability';
import { convert, D, normalize, rateOn } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import { today } from '../../../clock.ts';
import { bookingVisibility } from '../../../db/booking-conditions.ts';
import type { Db } from '../../../db/client.ts';
import { reportFileTexts } from '../../../documents/report-file.ts';
import { notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import type { TSettingsService } from '../../settings/settings.service.ts';
import { createBookingsRepository, redactBooking, toLine } from '../bookings.repository.ts';
import {
  createBookingQueriesRepository,
  listCondition,
  listOrder,
} from '../read/bookings-queries.repository.ts';
import {
  createBookingReportsRepository,
  type THoldingScope,
  type TStayKind,
  type TStayQueryRow,
} from './bookings-reports.repository.ts';

const queriesRepo = createBookingQueriesRepository();

const bookingRepo = createBookingsRepository();

// The reports over the bookings (spec booking §7 "Bookings … GET"): the full list, arrivals, statistics,
// the end of day, the guests in house, the todo names and a booking's product lines. Every call sees
// only what bookingVisibility lets through (agents their agency's, customers their own); the reports
// about stays count holding bookings only (docs/domain/availability.md). No commission leaves here for agents.

/** The line types `GET {id}/products` answers: what was sold beside the room. */
const PRODUCT_LINE_TYPES = ['product', 'addon', 'external'] as const;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const toStay = (r: TStayQueryRow): TStayRow => ({
  ...r,
  state: r.state as TBookingState,
  checkIn: iso(r.checkIn),
  checkOut: iso(r.checkOut),
});

/** The states a year report counts unless `states` says otherwise (docs/domain/reports.md). */
const DEFAULT_REPORT_STATES: TReportState[] = ['confirmed', 'resolved'];

/** a / b in percent with 2 decimals half-up; null when b is 0. */
const percent = (a: number, b: number) => (b === 0 ? null : new D(a).times(100).div(b).toFixed(2));
type TDec = InstanceType<typeof D>;
/** money / nights with 2 decimals half-up; null without nights. */
const perNight = (money: TDec, nights: number) => (nights === 0 ? null : money.div(nights).toFixed(2));

type TNights = {
  capacity: number;
  bedNights: number;
  occupied: number;
  sold: number;
  paxNights: number;
  revenue: TDec;
};
const figures = (n: TNights, seesMoney = true): TOccupancyFigures => ({
  occupiedNights: n.occupied,
  capacityNights: n.capacity,
  occupancy: percent(n.occupied, n.capacity),
  paxNights: n.paxNights,
  bedNights: n.bedNights,
  bedOccupancy: percent(n.paxNights, n.bedNights),
  soldNights: n.sold,
  roomRevenue: seesMoney ? n.revenue.toFixed(2) : null,
  adr: seesMoney ? perNight(n.revenue, n.sold) : null,
  revpar: seesMoney ? perNight(n.revenue, n.capacity) : null,
});
const addNights = (a: TNights, b: TNights): TNights => ({
  capacity: a.capacity + b.capacity,
  bedNights: a.bedNights + b.bedNights,
  occupied: a.occupied + b.occupied,
  sold: a.sold + b.sold,
  paxNights: a.paxNights + b.paxNights,
  revenue: a.revenue.plus(b.revenue),
});
const NO_NIGHTS: TNights = {
  capacity: 0,
  bedNights: 0,
  occupied: 0,
  sold: 0,
  paxNights: 0,
  revenue: new D(0),
};

/** The months `YYYY-MM` that have a day in `[from, to)`. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  const last = addDays(to, -1).slice(0, 7);
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  for (;;) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    if (month > last) return months;
    months.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

type TRates = Parameters<typeof rateOn>[2];
/** An amount in the base currency at the rate of `day` (converted once, to cents); undefined without a rate. */
function inBase(amount: string, currency: string, day: string, base: string, rates: TRates) {
  if (currency === base) return amount;
  const found = rateOn(currency, base, rates, day, base);
  return found ? convert(amount, found.rate) : undefined;
}

export function createBookingReports(deps: { db: Db; settings: TSettingsService }) {
  const { db, settings } = deps;
  const repo = createBookingReportsRepository();

  /** The base currency and the exchange rates valid up to `to` (or today, if later). */
  async function baseAndRates(to: string) {
    const { base: stored, rates: rateRows } = await repo.ratesUpTo(db, today() > to ? today() : to);
    const rates = rateRows.map((r) => ({ ...r, rate: normalize(r.rate) }));
    return { base: stored ?? DEFAULT_CURRENCY, rates };
  }

  /** Who asks, with the setting that says whether offers hold inventory: the scope of every stay report. */
  async function holdingFor(user: TSessionUser): Promise<THoldingScope> {
    const offersHoldInventory = (await settings.get('booking', 'offersHoldInventory', false)) === true;
    return { user, offersHoldInventory };
  }

  return {
    /** The letterhead and the texts of a year report's PDF (the document template `template`, kind report). */
    fileTexts: (template: number | undefined, lang: TLanguage) =>
      reportFileTexts(db, settings, template, lang),

    /** A page of whole bookings (at most MAX_FULL_PAGE; size 0 = the most), filtered as the list. */
    async full(user: TSessionUser, query: TBookingListQuery) {
      const where = listCondition(bookingVisibility(user), query);
      const order = listOrder(query);
      const size = query.size === 0 ? MAX_FULL_PAGE : Math.min(query.size, MAX_FULL_PAGE);
      const total = await queriesRepo.countBookings(db, where);
      const rows = await queriesRepo.pageOfBookings(db, where, order, size, (query.page - 1) * size);
      const data: TBooking[] = [];
      for (const row of rows) {
        const booking = await bookingRepo.loadBooking(db, row.id);
        if (booking) data.push(redactBooking(user, booking));
      }
      return { data, total, page: query.page, size };
    },

    async arrivalCount(user: TSessionUser, query: { days: number; start?: string | undefined }) {
      const start = query.start ?? today();
      const last = addDays(start, query.days - 1);
      const rows = await repo.arrivalCounts(db, await holdingFor(user), start, last);
      return rows as TArrivalCount[];
    },

    async statistics(user: TSessionUser, days: number): Promise<TBookingStatistics> {
      const day = today();
      const createdFrom = addDays(day, -(days - 1));
      const arrivingTo = addDays(day, days);
      const created = await repo.stateFigures(db, user, 'createdIn', createdFrom, day);
      const arriving = await repo.stateFigures(db, user, 'arrivingIn', day, arrivingTo);
      const typed = (rows: typeof created) => rows.map((r) => ({ ...r, state: r.state as TBookingState }));
      return { days, createdFrom, created: typed(created), arrivingTo, arriving: typed(arriving) };
    },

    async endOfDay(
      user: TSessionUser,
      query: { date: string; toDate?: string | undefined },
    ): Promise<TEndOfDay> {
      const { date } = query;
      const toDate = query.toDate ?? date;
      const holding = await holdingFor(user);
      const stays = async (kind: TStayKind, by?: 'to') =>
        (await repo.stays(db, holding, kind, date, toDate, by)).map(toStay);
      const booked = async (kind: 'createdIn' | 'cancelledIn') =>
        (await repo.bookings(db, user, kind, date, toDate)).map((r) => ({
          ...r,
          state: r.state as TBookingState,
        }));
      const inHouse = await stays('inHouse');
      return {
        date,
        toDate,
        arrivals: await stays('arriving'),
        departures: await stays('departing', 'to'),
        inHouse,
        inHouseGuests: inHouse.reduce((n, r) => n + r.guests, 0),
        checkIns: await stays('checkedIn'),
        checkOuts: await stays('checkedOut'),
        newBookings: await booked('createdIn'),
        cancellations: await booked('cancelledIn'),
      };
    },

    async customersAtDate(
      user: TSessionUser,
      query: {
        from: string;
        to?: string | undefined;
        asset?: { kind: 'resort' | 'vessel'; id: number } | undefined;
      },
    ): Promise<TGuestAtDate[]> {
      const rows = await repo.guestsInHouse(db, await holdingFor(user), {
        from: query.from,
        to: query.to ?? query.from,
        asset: query.asset,
      });
      return rows.map((r) => ({
        ...r,
        state: r.state as TBookingState,
        gender: r.gender as TGender,
        checkIn: iso(r.checkIn),
        checkOut: iso(r.checkOut),
      }));
    },

    taskNames: () => repo.taskNames(db),

    /**
     * Resort occupancy per period and resort over `[from, to)` (docs/domain/reports.md): the resorts of the
     * request and of the user's resorts, the counted bookings the user may see.
     */
    async occupancy(user: TSessionUser, query: TOccupancyQuery): Promise<TOccupancyReport> {
      const { from, to } = yearReportRange(query, today());
      const states = query.states ?? DEFAULT_REPORT_STATES;
      const own = !hasScope(user.scopes, ['admin']) && user.resorts.length ? user.resorts : undefined;
      const asked = query.assets?.resorts.length ? query.assets.resorts : undefined;
      const { base, rates } = await baseAndRates(to);
      const q = {
        from,
        to,
        group: query.groupBy,
        resorts: { own, asked },
        counted: {
          user,
          states: states.filter((s) => s !== 'aborted'),
          categories: query.categories,
          sources: query.sources,
        },
      };
      // Room revenue, ADR and RevPAR only for those who may see money (bookingpayment.read).
      const seesMoney = hasScope(user.scopes, ['bookingpayment.read']);
      const [rows, revenueRows] = await repo.yearReportSession(db, async (ex) => [
        await repo.occupancyRows(ex, q),
        seesMoney ? await repo.roomRevenueRows(ex, { ...q, base }) : [],
      ]);
      // Room revenue per period and resort in the base currency: each sum of a currency and rate day converted once.
      const revenueOf = new Map<string, TDec>();
      const unconverted: TOccupancyReport['unconverted'] = [];
      for (const r of revenueRows) {
        const converted = inBase(r.amount, r.currency, r.rateDay ?? from, base, rates);
        if (converted === undefined) {
          const { period, resortId, currency, amount } = r;
          unconverted.push({ period, resortId, currency, date: r.rateDay ?? from, amount });
          continue;
        }
        const key = `${r.period}|${r.resortId}`;
        revenueOf.set(key, (revenueOf.get(key) ?? new D(0)).plus(converted));
      }
      const nightsOf = (r: (typeof rows)[number]): TNights => ({
        ...r,
        revenue: revenueOf.get(`${r.period}|${r.resortId}`) ?? new D(0),
      });
      const resortIds = [...new Set(rows.map((r) => r.resortId))];
      const byPeriod = new Map<string, { start: string; nights: TNights }>();
      let total = NO_NIGHTS;
      for (const r of rows) {
        const seen = byPeriod.get(r.period) ?? { start: r.start, nights: NO_NIGHTS };
        byPeriod.set(r.period, { start: seen.start, nights: addNights(seen.nights, nightsOf(r)) });
        total = addNights(total, nightsOf(r));
      }
      return {
        from,
        to,
        groupBy: query.groupBy,
        states,
        currency: base,
        resorts: await repo.resortNames(db, resortIds),
        rows: rows.map((r) => ({
          period: r.period,
          start: r.start,
          resortId: r.resortId,
          ...figures(nightsOf(r), seesMoney),
        })),
        periods: [...byPeriod].map(([period, p]) => ({
          period,
          start: p.start,
          ...figures(p.nights, seesMoney),
        })),
        total: figures(total, seesMoney),
        unconverted,
      };
    },

    /**
     * Net revenue per month over `[from, to)` in the base currency (docs/domain/reports.md incomeByMonth): each
     * amount converted at the rate of its booking's booking date (else creation date), summed per month,
     * currency and day of rate, rounded once there. Amounts without a rate are listed, not added.
     */
    async income(user: TSessionUser, query: TIncomeQuery): Promise<TIncomeReport> {
      const { from, to } = yearReportRange(query, today());
      const states = query.states ?? [...DEFAULT_REPORT_STATES, 'aborted'];
      const { base, rates } = await baseAndRates(to);
      const rows = await repo.yearReportSession(db, (ex) =>
        repo.incomeRows(ex, {
          from,
          to,
          byBookingDate: query.by === 'bookingDate',
          base,
          counted: { user, states, categories: query.categories, sources: query.sources },
          assets: query.assets,
        }),
      );
      const months = new Map(monthsOf(from, to).map((m) => [m, { revenue: new D(0), bookings: 0 }]));
      const unconverted: TIncomeReport['unconverted'] = [];
      let bookingsTotal = 0;
      let revenueTotal = new D(0);
      for (const r of rows) {
        if (r.month === null) {
          bookingsTotal = r.bookings;
          continue;
        }
        const month = months.get(r.month);
        if (!month) continue;
        if (r.currency === null) {
          month.bookings = r.bookings;
          continue;
        }
        const amount = r.amount ?? '0';
        const converted = inBase(amount, r.currency, r.rateDay ?? from, base, rates);
        if (converted === undefined) {
          unconverted.push({ month: r.month, currency: r.currency, date: r.rateDay ?? from, amount });
          continue;
        }
        month.revenue = month.revenue.plus(converted);
        revenueTotal = revenueTotal.plus(converted);
      }
      return {
        from,
        to,
        by: query.by,
        currency: base,
        states,
        months: [...months].map(([month, m]) => ({
          month,
          revenue: m.revenue.toFixed(2),
          bookings: m.bookings,
        })),
        total: { revenue: revenueTotal.toFixed(2), bookings: bookingsTotal },
        unconverted,
      };
    },

    async products(user: TSessionUser, id: number): Promise<TBookingLine[]> {
      if (!(await queriesRepo.findVisible(db, id, bookingVisibility(user)))) throw notFound('Booking');
      return (await repo.linesOfTypes(db, id, PRODUCT_LINE_TYPES)).map(toLine);
    },
  };
}
export type TBookingReports = ReturnType<typeof createBookingReports>;
