import { ZLocalizedText } from '@atoll/domain/geo';
import { type TTerms, ZCancellationTier } from '@atoll/domain/pricing/entities';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { paymentTerms, prices } from '../../db/schema.ts';

export type TTermsRow = typeof paymentTerms.$inferSelect;

const ZStoredTiers = z.array(ZCancellationTier);
/** Serialises writers of the default flag: two concurrent "make me default" must not both win. */
const DEFAULT_LOCK = 7_243_006;

export const toTerms = (row: TTermsRow): TTerms => ({
  ...row,
  description: ZLocalizedText.safeParse(row.description).data ?? {},
  cancellationTiers: ZStoredTiers.safeParse(row.cancellationTiers).data ?? [],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createTermsRepository() {
  return {
    async lockDefault(ex: Executor) {
      await ex.execute(sql`select pg_advisory_xact_lock(${DEFAULT_LOCK})`);
    },

    /** Clears the default flag on every other terms row. */
    async clearOtherDefaults(ex: Executor, keepId: number) {
      await ex
        .update(paymentTerms)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(paymentTerms.isDefault, true), ne(paymentTerms.id, keepId)));
    },

    async pricesUsing(ex: Executor, termsId: number) {
      const [row] = await ex.select({ n: count() }).from(prices).where(eq(prices.termsOfPaymentId, termsId));
      return row?.n ?? 0;
    },
  };
}

export type TTermsRepository = ReturnType<typeof createTermsRepository>;
