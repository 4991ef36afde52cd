import type { TCommission } from '@atoll/domain/pricing/entities';
import type { TSessionUser } from '@atoll/domain/users';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agencies, commissions, resorts, vessels } from '../../db/schema.ts';

export type TCommissionRow = typeof commissions.$inferSelect;

export const toCommission = (row: TCommissionRow): TCommission => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createCommissionsRepository() {
  return {
    async agencyExists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id));
      return row !== undefined;
    },
    async resortExists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: resorts.id }).from(resorts).where(eq(resorts.id, id));
      return row !== undefined;
    },
    async vesselExists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: vessels.id }).from(vessels).where(eq(vessels.id, id));
      return row !== undefined;
    },
  };
}

export type TCommissionsRepository = ReturnType<typeof createCommissionsRepository>;

/**
 * Asset visibility (spec platform §6): a user with a resort or vessel list sees the commissions of
 * those assets and the ones for every asset, not those of other assets.
 */
export function commissionVisibility(user: TSessionUser): SQL | undefined {
  const resortPart =
    user.resorts.length === 0
      ? undefined
      : or(isNull(commissions.resortId), inArray(commissions.resortId, user.resorts));
  const vesselPart =
    user.vessels.length === 0
      ? undefined
      : or(isNull(commissions.vesselId), inArray(commissions.vesselId, user.vessels));
  return and(resortPart, vesselPart);
}
