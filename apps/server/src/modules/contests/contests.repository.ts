import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agencies, contestSubscriptions, contests } from '../../db/schema.ts';
import {
  BILLABLE,
  COUNTED_CUSTOMER_TYPES,
  list,
  rowsOf,
  zoneLiteral,
} from '../bookings/reports/bookings-reports.repository.ts';

// The contests' statements (docs/domain/contests.md): subscriptions, and the figures of the subscribed
// agencies from their counted bookings, per currency and rate day for revenue (converted by the service).

export type TContestRow = typeof contests.$inferSelect;
export type TSubscriptionRow = typeof contestSubscriptions.$inferSelect;

/** The states that count: confirmed, and the legacy resolved (as the reports count them). */
const COUNTED_STATES = ['confirmed', 'resolved'];

/** One agency's sums of a currency and rate day (counts in the first line of each agency as well). */
export type TContestFigureRow = {
  agencyId: number;
  currency: string;
  rateDay: string;
  bookings: number;
  guests: number;
  nights: number;
  revenue: string;
};

/**
 * The bookings that count for a contest as the CTE `b`: of a subscribed agency, confirmed (bookingDate, the
 * operator's day) in the period, still confirmed or resolved, not deleted, of the contest's resort or vessel.
 */
function countedBookings(contest: TContestRow) {
  const tz = zoneLiteral();
  const day = sql`(bookings.booking_date at time zone ${tz})::date`;
  return sql`b as materialized (
    select bookings.id, bookings.agency_id, bookings.currency, bookings.no_of_pax, ${day} as rate_day
    from bookings join contest_subscriptions s on s.agency_id = bookings.agency_id and s.contest_id = ${contest.id}
    where bookings.state in (${list(COUNTED_STATES)}) and bookings.deleted_date is null
      and bookings.booking_date is not null and ${day} >= ${contest.from}::date and ${day} <= ${contest.to}::date
      ${contest.resortId === null ? sql`` : sql`and bookings.resort_id = ${contest.resortId}`}
      ${contest.vesselId === null ? sql`` : sql`and bookings.vessel_id = ${contest.vesselId}`}
  )`;
}

export function createContestsRepository() {
  return {
    async contest(ex: Executor, id: number) {
      const [row] = await ex.select().from(contests).where(eq(contests.id, id));
      return row;
    },

    async agency(ex: Executor, id: number) {
      const [row] = await ex.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id));
      return row;
    },

    async subscriptionCount(ex: Executor, contestId: number) {
      const [row] = await ex
        .select({ n: count() })
        .from(contestSubscriptions)
        .where(eq(contestSubscriptions.contestId, contestId));
      return row?.n ?? 0;
    },

    /** The subscribed agencies with their names, by name. */
    async subscriptions(ex: Executor, contestId: number) {
      return ex
        .select({
          agencyId: contestSubscriptions.agencyId,
          agencyName: agencies.name,
          subscribedAt: contestSubscriptions.subscribedAt,
        })
        .from(contestSubscriptions)
        .innerJoin(agencies, eq(agencies.id, contestSubscriptions.agencyId))
        .where(eq(contestSubscriptions.contestId, contestId))
        .orderBy(asc(agencies.name));
    },

    /** Inserts the subscription; undefined when the agency takes part already. */
    async subscribe(ex: Executor, values: { contestId: number; agencyId: number; userId: number }) {
      const [row] = await ex.insert(contestSubscriptions).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** Removes the subscription; undefined when there was none. */
    async unsubscribe(ex: Executor, contestId: number, agencyId: number) {
      const [row] = await ex
        .delete(contestSubscriptions)
        .where(
          and(eq(contestSubscriptions.contestId, contestId), eq(contestSubscriptions.agencyId, agencyId)),
        )
        .returning();
      return row;
    },

    /**
     * Per subscribed agency, currency and rate day: bookings, guests (noOfPax), guest nights (each guest the
     * nights of its room or berth entry) and revenue (the billable lines paid through the house, as priced).
     */
    async figures(ex: Executor, contest: TContestRow): Promise<TContestFigureRow[]> {
      const rows = await rowsOf<TContestFigureRow>(
        ex,
        sql`with ${countedBookings(contest)},
        m as (
          select cl.booking_id, sum(cl.total) as revenue from calculation_lines cl join b on b.id = cl.booking_id
          where cl.type in (${list(BILLABLE)}) and cl.customer_type in (${list(COUNTED_CUSTOMER_TYPES)})
          group by cl.booking_id
        ),
        n as (
          select g.booking_id, sum(br.to_date - br.from_date) as nights
          from booking_guests g join b on b.id = g.booking_id join booking_rooms br on br.id = g.booking_room_id
          group by g.booking_id
        )
        select b.agency_id as "agencyId", b.currency, to_char(b.rate_day, 'YYYY-MM-DD') as "rateDay",
               count(*)::int as bookings, coalesce(sum(b.no_of_pax), 0)::int as guests,
               coalesce(sum(n.nights), 0)::int as nights, coalesce(sum(m.revenue), 0)::numeric(16,2)::text as revenue
        from b left join m on m.booking_id = b.id left join n on n.booking_id = b.id
        group by 1, 2, 3`,
      );
      return rows.map((r) => ({ ...r, agencyId: Number(r.agencyId) }));
    },
  };
}
export type TContestsRepository = ReturnType<typeof createContestsRepository>;
