import { ZBookingListQuery } from '@atoll/domain/bookings/queries';
import {
  OCCUPANCY_AHEAD_DAYS,
  OFFICE_FIGURES,
  officeListFilters,
  type TAgencyDashboard,
  type TOfficeDashboard,
} from '@atoll/domain/dashboard';
import { addDays } from '@atoll/domain/inventory/tours';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import type { TBookingQueriesRepository } from '../bookings/read/bookings-queries.repository.ts';
import { listCondition } from '../bookings/read/bookings-queries.repository.ts';
import type { TDashboardRepository } from './dashboard.repository.ts';

/** Scopes of the agent's home: its own agency only, whatever else the account holds. */
export const AGENCY_DASHBOARD_SCOPES = ['agencies.self'];
/** Scopes of the office's home: staff who read bookings. */
export const OFFICE_DASHBOARD_SCOPES = ['bookings.read'];
/** A figure of the office home counts up to this many bookings (the list says the rest). */
const COUNT_LIMIT = 10_000;

export function createDashboardService(deps: {
  db: Db;
  repository: TDashboardRepository;
  bookingQueries: TBookingQueriesRepository;
  availability: TAvailabilityService;
}) {
  const { db, repository, bookingQueries, availability } = deps;
  return {
    /**
     * The office's day: arrivals and departures today and this week, options expiring, overdue payments,
     * missing guest forms, open todos (each the count of its booking list filter, within what the user may
     * see) and the departures of the next 30 days with their free berths.
     */
    async office(user: TSessionUser): Promise<TOfficeDashboard> {
      if (!hasScope(user.scopes, OFFICE_DASHBOARD_SCOPES)) throw forbidden();
      const day = today();
      const aheadEnd = addDays(day, OCCUPANCY_AHEAD_DAYS - 1);
      const visibility = bookingVisibility(user);
      const filters = officeListFilters(day);
      const ownVessels = !hasScope(user.scopes, ['admin']) && user.vessels.length ? user.vessels : undefined;
      const [counts, schedules] = await Promise.all([
        Promise.all(
          OFFICE_FIGURES.map((figure) =>
            bookingQueries.countBookingsUpTo(
              db,
              listCondition(visibility, ZBookingListQuery.parse(filters[figure])),
              COUNT_LIMIT,
            ),
          ),
        ),
        repository.departures(db, day, aheadEnd, ownVessels),
      ]);
      const capacities = new Map(
        (
          await availability.capacities(
            schedules.map((s) => s.scheduleId),
            'staff',
          )
        ).map((c) => [c.scheduleId, c]),
      );
      return {
        today: day,
        aheadEnd,
        counts: Object.fromEntries(
          OFFICE_FIGURES.map((f, i) => [f, counts[i] ?? 0]),
        ) as TOfficeDashboard['counts'],
        departuresAhead: schedules.map((s) => ({
          ...s,
          berths: capacities.get(s.scheduleId)?.berths ?? 0,
          freeBerths: capacities.get(s.scheduleId)?.freeBerths ?? 0,
        })),
      };
    },

    /** The agent's agency at a glance: bookings, open payments, earned commission, credit. */
    async agency(user: TSessionUser): Promise<TAgencyDashboard> {
      if (!hasScope(user.scopes, AGENCY_DASHBOARD_SCOPES)) throw forbidden();
      // An account without an agency (an administrator, say) has no agency home.
      const agencyId = user.agencyId;
      const agency = agencyId ? await repository.agency(db, agencyId) : undefined;
      if (!agencyId || !agency) throw notFound('Agency');
      const [bookings, money, credit] = await Promise.all([
        repository.agencyBookingCounts(db, agencyId, today()),
        repository.agencyMoney(db, agencyId),
        repository.agencyCredit(db, agencyId),
      ]);
      return {
        agency: { ...agency, commission: agency.commission ?? '0' },
        bookings,
        money,
        credit,
      };
    },
  };
}

export type TDashboardService = ReturnType<typeof createDashboardService>;
