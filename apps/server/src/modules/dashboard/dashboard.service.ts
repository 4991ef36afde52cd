import type { TAgencyDashboard } from '@atoll/domain/dashboard';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { TDashboardRepository } from './dashboard.repository.ts';

/** Scopes of the agent's home: its own agency only, whatever else the account holds. */
export const AGENCY_DASHBOARD_SCOPES = ['agencies.self'];

export function createDashboardService(deps: { db: Db; repository: TDashboardRepository }) {
  const { db, repository } = deps;
  return {
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
