import { COMMISSION_EARNED_STATES, DASHBOARD_ACTIVE_STATES } from '@atoll/domain/dashboard';
import { and, asc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agencies, bookings, creditEntries, schedules, tours, vessels } from '../../db/schema.ts';

const active = (agencyId: number) =>
  and(eq(bookings.agencyId, agencyId), inArray(bookings.state, [...DASHBOARD_ACTIVE_STATES]));

/** The read model of the home dashboards; every query is bound to the agency it is asked for. */
export function createDashboardRepository() {
  return {
    async agency(ex: Executor, agencyId: number) {
      const [row] = await ex
        .select({
          id: agencies.id,
          name: agencies.name,
          currency: agencies.currency,
          commission: agencies.commission,
        })
        .from(agencies)
        .where(eq(agencies.id, agencyId));
      return row;
    },

    async agencyBookingCounts(ex: Executor, agencyId: number, today: string) {
      const [row] = await ex
        .select({
          active: sql<number>`count(*)::int`,
          upcoming: sql<number>`(count(*) filter (where ${gte(bookings.to, today)}))::int`,
          withOpenPayments: sql<number>`(count(*) filter (where ${gt(bookings.openAmount, '0')}))::int`,
        })
        .from(bookings)
        .where(active(agencyId));
      return row ?? { active: 0, upcoming: 0, withOpenPayments: 0 };
    },

    /** Totals, open amounts and earned commission of the agency's active bookings, per currency. */
    agencyMoney(ex: Executor, agencyId: number) {
      const earned = inArray(bookings.state, [...COMMISSION_EARNED_STATES]);
      return ex
        .select({
          currency: bookings.currency,
          total: sql<string>`sum(${bookings.total})::numeric(14,2)::text`,
          open: sql<string>`sum(${bookings.openAmount})::numeric(14,2)::text`,
          commission: sql<string>`coalesce(sum(${bookings.commission}) filter (where ${earned}), 0)::numeric(14,2)::text`,
        })
        .from(bookings)
        .where(active(agencyId))
        .groupBy(bookings.currency)
        .orderBy(asc(bookings.currency));
    },

    agencyCredit(ex: Executor, agencyId: number) {
      return ex
        .select({
          currency: creditEntries.currency,
          balance: sql<string>`sum(${creditEntries.amount})::numeric(14,2)::text`,
        })
        .from(creditEntries)
        .where(eq(creditEntries.agencyId, agencyId))
        .groupBy(creditEntries.currency)
        .orderBy(asc(creditEntries.currency));
    },

    /** Departures (not cancelled) starting in [from, to], of the given vessels (undefined: all), by date. */
    departures(ex: Executor, from: string, to: string, vesselIds: readonly number[] | undefined) {
      return ex
        .select({
          scheduleId: schedules.id,
          vesselId: schedules.vesselId,
          vesselName: vessels.name,
          tourName: tours.name,
          from: schedules.from,
          to: schedules.to,
        })
        .from(schedules)
        .innerJoin(vessels, eq(vessels.id, schedules.vesselId))
        .leftJoin(tours, eq(tours.id, schedules.tourId))
        .where(
          and(
            gte(schedules.from, from),
            lte(schedules.from, to),
            ne(schedules.status, 'cancelled'),
            vesselIds ? inArray(schedules.vesselId, [...vesselIds]) : undefined,
          ),
        )
        .orderBy(asc(schedules.from), asc(schedules.id));
    },
  };
}

export type TDashboardRepository = ReturnType<typeof createDashboardRepository>;
