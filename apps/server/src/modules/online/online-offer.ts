import { allowedDays } from '@atoll/domain/inventory/resorts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { TOnlineRepository, TScheduleFilter } from './online.repository.ts';

// What the search and the booking of the online channel check alike: a departure or resort the channel may
// sell, and a stay that arrives and leaves on allowed days.

export const CHANNEL = 'online' as const;

export function createOnlineOffer(deps: { db: Db; repository: TOnlineRepository }) {
  const { db, repository } = deps;
  return {
    scheduleRows: (filter: TScheduleFilter) => repository.schedules(db, filter),

    async visibleResort(id: number) {
      const row = await repository.visibleResort(db, id);
      if (!row) throw notFound('Resort');
      return row;
    },

    /** docs/domain/availability.md: online stays arrive and leave on allowed days only. */
    async assertStayDays(resortId: number, from: string, to: string) {
      const rules = await repository.arrivalDepartureRules(db, resortId);
      const [first] = allowedDays(rules, from, from);
      const [last] = allowedDays(rules, to, to);
      if (!first?.arrival)
        throw new AppError(400, 'ARRIVAL_NOT_ALLOWED', 'No arrival on this day', [
          { path: 'from', code: 'ARRIVAL_NOT_ALLOWED', message: from },
        ]);
      if (!last?.departure)
        throw new AppError(400, 'DEPARTURE_NOT_ALLOWED', 'No departure on this day', [
          { path: 'to', code: 'DEPARTURE_NOT_ALLOWED', message: to },
        ]);
    },
  };
}
export type TOnlineOffer = ReturnType<typeof createOnlineOffer>;
