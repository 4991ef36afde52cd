import type { TCommission } from '@atoll/domain/pricing/entities';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agencies, type commissions, resorts, vessels } from '../../db/schema.ts';

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
