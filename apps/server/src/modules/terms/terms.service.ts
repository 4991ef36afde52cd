import type { TCancellationTier, ZCreateTerms } from '@atoll/domain/pricing/entities';
import type { TSessionUser } from '@atoll/domain/users';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { TTermsRepository, TTermsRow } from './terms.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };
type TTermsInput = z.output<typeof ZCreateTerms> | Partial<z.output<typeof ZCreateTerms>>;

/**
 * Tiers sorted by `daysBefore` descending, the order the cancellation fee reads them in
 * (docs/domain/cancellation.md: the first tier with d ≥ daysBefore). Two tiers for the same day would leave the fee ambiguous.
 */
export function sortedTiers(tiers: readonly TCancellationTier[]): TCancellationTier[] {
  const seen = new Map<number, number>();
  for (const [i, tier] of tiers.entries()) {
    if (seen.has(tier.daysBefore)) {
      throw badRequest(
        `Two tiers start ${tier.daysBefore} days before arrival`,
        `cancellationTiers[${i}].daysBefore`,
      );
    }
    seen.set(tier.daysBefore, i);
  }
  return [...tiers].sort((a, b) => b.daysBefore - a.daysBefore);
}

export function createTermsService(deps: { repository: TTermsRepository }) {
  const { repository } = deps;

  return {
    async termsValues(ctx: TCtx, input: TTermsInput) {
      if (input.isDefault) await repository.lockDefault(ctx.tx);
      const { cancellationTiers, ...rest } = input;
      return cancellationTiers === undefined
        ? rest
        : { ...rest, cancellationTiers: sortedTiers(cancellationTiers) };
    },

    /** At most one default: the row just written takes the flag from the others, in the same transaction. */
    async afterWrite(ctx: TCtx, row: TTermsRow) {
      if (row.isDefault) await repository.clearOtherDefaults(ctx.tx, row.id);
    },

    async copyValues(_ctx: TCtx, row: TTermsRow) {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, isDefault: false };
    },

    /** Prices would silently fall back to the default terms: refuse while any names these. */
    async beforeDelete(ctx: TCtx, row: TTermsRow) {
      const n = await repository.pricesUsing(ctx.tx, row.id);
      if (n > 0) {
        throw new AppError(409, 'IN_USE', `Still used by ${n} prices`, [
          { path: 'prices', code: 'in_use', message: String(n) },
        ]);
      }
    },
  };
}

export type TTermsService = ReturnType<typeof createTermsService>;
