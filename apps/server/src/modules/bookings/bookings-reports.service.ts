import type { TBooking, TBookingLine, TBookingState } from '@atoll/domain/bookings';
import {
  MAX_FULL_PAGE,
  type TArrivalCount,
  type TBookingListQuery,
  type TBookingStatistics,
  type TEndOfDay,
  type TGuestAtDate,
  type TStayRow,
} from '@atoll/domain/bookings/queries';
import { addDays } from '@atoll/domain/customers';
import type { TGender } from '@atoll/domain/inventory/availability';
import { and, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { today } from '../currencies/currencies.service.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { bookingVisibility, loadBooking, redactBooking, toLine } from './bookings.repository.ts';
import {
  countBookings,
  findVisible,
  listCondition,
  listOrder,
  pageOfBookings,
} from './bookings-queries.repository.ts';
import {
  arrivalCounts,
  bookingConditions,
  figureConditions,
  guestsInHouse,
  holdingCondition,
  linesOfTypes,
  reportBookings,
  stateFigures,
  stayConditions,
  stayRows,
  type TStayQueryRow,
  taskNames,
} from './bookings-reports.repository.ts';

// The reports over the bookings (spec booking §7 "Bookings … GET"): the full list, arrivals, statistics,
// the end of day, the guests in house, the todo names and a booking's product lines. Every call sees
// only what bookingVisibility lets through (agents their agency's, customers their own); the reports
// about stays count holding bookings only (domain-rules §1.4). No commission leaves here for agents.

/** The line types `GET {id}/products` answers: what was sold beside the room. */
const PRODUCT_LINE_TYPES = ['product', 'addon', 'external'] as const;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const toStay = (r: TStayQueryRow): TStayRow => ({
  ...r,
  state: r.state as TBookingState,
  checkIn: iso(r.checkIn),
  checkOut: iso(r.checkOut),
});

export function createBookingReports(deps: { db: Db; settings: TSettingsService }) {
  const { db, settings } = deps;

  /** Visible and holding bookings: the condition of every stay report. */
  async function holdingFor(user: TSessionUser): Promise<SQL | undefined> {
    const offersHoldInventory = (await settings.get('booking', 'offersHoldInventory', false)) === true;
    return and(bookingVisibility(user), holdingCondition(offersHoldInventory));
  }

  return {
    /** A page of whole bookings (at most MAX_FULL_PAGE; size 0 = the most), filtered as the list. */
    async full(user: TSessionUser, query: TBookingListQuery) {
      const where = listCondition(bookingVisibility(user), query);
      const order = listOrder(query);
      const size = query.size === 0 ? MAX_FULL_PAGE : Math.min(query.size, MAX_FULL_PAGE);
      const total = await countBookings(db, where);
      const rows = await pageOfBookings(db, where, order, size, (query.page - 1) * size);
      const data: TBooking[] = [];
      for (const row of rows) {
        const booking = await loadBooking(db, row.id);
        if (booking) data.push(redactBooking(user, booking));
      }
      return { data, total, page: query.page, size };
    },

    async arrivalCount(user: TSessionUser, query: { days: number; start?: string | undefined }) {
      const start = query.start ?? today();
      const last = addDays(start, query.days - 1);
      const rows = await arrivalCounts(db, and(await holdingFor(user), stayConditions.arriving(start, last)));
      return rows as TArrivalCount[];
    },

    async statistics(user: TSessionUser, days: number): Promise<TBookingStatistics> {
      const day = today();
      const createdFrom = addDays(day, -(days - 1));
      const arrivingTo = addDays(day, days);
      const visible = bookingVisibility(user);
      const created = await stateFigures(db, and(visible, figureConditions.createdIn(createdFrom, day)));
      const arriving = await stateFigures(db, and(visible, figureConditions.arrivingIn(day, arrivingTo)));
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
      const visible = bookingVisibility(user);
      const stays = async (condition: SQL | undefined, by?: 'to') =>
        (await stayRows(db, and(holding, condition), by)).map(toStay);
      const booked = async (condition: SQL | undefined) =>
        (await reportBookings(db, and(visible, condition))).map((r) => ({
          ...r,
          state: r.state as TBookingState,
        }));
      const inHouse = await stays(stayConditions.inHouse(date, toDate));
      return {
        date,
        toDate,
        arrivals: await stays(stayConditions.arriving(date, toDate)),
        departures: await stays(stayConditions.departing(date, toDate), 'to'),
        inHouse,
        inHouseGuests: inHouse.reduce((n, r) => n + r.guests, 0),
        checkIns: await stays(stayConditions.checkedIn(date, toDate)),
        checkOuts: await stays(stayConditions.checkedOut(date, toDate)),
        newBookings: await booked(bookingConditions.createdIn(date, toDate)),
        cancellations: await booked(bookingConditions.cancelledIn(date, toDate)),
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
      const where = and(
        await holdingFor(user),
        stayConditions.inHouse(query.from, query.to ?? query.from),
        stayConditions.ofAsset(query.asset),
      );
      const rows = await guestsInHouse(db, where);
      return rows.map((r) => ({
        ...r,
        state: r.state as TBookingState,
        gender: r.gender as TGender,
        checkIn: iso(r.checkIn),
        checkOut: iso(r.checkOut),
      }));
    },

    taskNames: () => taskNames(db),

    async products(user: TSessionUser, id: number): Promise<TBookingLine[]> {
      if (!(await findVisible(db, id, bookingVisibility(user)))) throw notFound('Booking');
      return (await linesOfTypes(db, id, PRODUCT_LINE_TYPES)).map(toLine);
    },
  };
}
export type TBookingReports = ReturnType<typeof createBookingReports>;
