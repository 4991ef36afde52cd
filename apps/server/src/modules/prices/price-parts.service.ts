import type {
  ZCreatePriceEntry,
  ZCreatePriceVariant,
  ZCreateSupplement,
} from '@atoll/domain/pricing/entities';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import type { TWriteContext } from '../../http/resource.ts';
import {
  entryValues,
  type TEntryRow,
  type TPricesRepository,
  type TSupplementRow,
  type TVariantRow,
  visiblePrices,
} from './prices.repository.ts';
import { assetAfter, inUse, type TPricesService } from './prices.service.ts';

// The parts of a price with their own base paths: entries on their own (`/api/roomprices`),
// supplements (`/api/supplements`) and the variants prices have columns for (`/api/pricevariant`).

type TEntryInput = Partial<z.output<typeof ZCreatePriceEntry>>;
type TSupplementInput = Partial<z.output<typeof ZCreateSupplement>>;
type TVariantInput = Partial<z.output<typeof ZCreatePriceVariant>>;

const withoutIdentity = <R extends { id: number }>(row: R) => {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  } = row as R & { createdAt?: Date; updatedAt?: Date };
  return rest;
};

export function createPricePartsService(deps: { repository: TPricesRepository; prices: TPricesService }) {
  const { repository, prices } = deps;

  /** The price a part belongs to: one the user sees, else the body names a missing price. */
  async function priceOf(ctx: TWriteContext, priceId: number | undefined) {
    const row =
      priceId === undefined
        ? undefined
        : await repository.findPrice(ctx.tx, priceId, visiblePrices(ctx.user));
    if (!row) throw badRequest('The price does not exist', 'priceId');
    return { row, asset: assetAfter(row) };
  }

  return {
    /** One entry: the same rules as an entry of the grid, checked with the stored values it keeps. */
    async entryValues(ctx: TWriteContext, input: TEntryInput, existing?: TEntryRow) {
      const merged = { ...existing, ...input };
      const { row, asset } = await priceOf(ctx, merged.priceId);
      await prices.assertEntries(ctx.tx, { asset, currencies: row.currencies }, [merged], (_i, f) => f);
      const values = entryValues(row.id, merged);
      // An update writes only what the body names (and the price, which may move the entry).
      if (!existing) return values;
      return Object.fromEntries(Object.entries(values).filter(([k]) => k === 'priceId' || k in input));
    },

    async supplementValues(ctx: TWriteContext, input: TSupplementInput, existing?: TSupplementRow) {
      const { asset } = await priceOf(ctx, input.priceId ?? existing?.priceId);
      const moved = input.priceId !== undefined && input.priceId !== existing?.priceId;
      const roomTypeIds = input.roomTypeIds ?? (moved ? (existing?.roomTypeIds ?? []) : []);
      const foreign = await repository.foreignRoomTypes(ctx.tx, asset, roomTypeIds);
      if (foreign.length) {
        const i = roomTypeIds.indexOf(foreign[0] as number);
        throw badRequest(`Room type ${foreign[0]} is not a type of the price's asset`, `roomTypeIds.${i}`);
      }
      const unknown = await repository.missingVariants(ctx.tx, input.variantIds ?? []);
      if (unknown.length) {
        const i = (input.variantIds ?? []).indexOf(unknown[0] as number);
        throw badRequest(`Unknown variant ${unknown[0]}`, `variantIds.${i}`);
      }
      const validFrom = input.validFrom === undefined ? existing?.validFrom : input.validFrom;
      const validTo = input.validTo === undefined ? existing?.validTo : input.validTo;
      if (validFrom && validTo && validFrom > validTo) {
        throw badRequest('validFrom must not be after validTo', 'validTo');
      }
      const values: Record<string, unknown> = { ...input };
      if (input.validFrom !== undefined) values.validFrom = input.validFrom ?? null;
      if (input.validTo !== undefined) values.validTo = input.validTo ?? null;
      return values;
    },

    async variantValues(_ctx: TWriteContext, input: TVariantInput) {
      const values: Record<string, unknown> = { ...input };
      if (input.key !== undefined) values.key = input.key || null;
      if (input.noOfPax !== undefined) values.noOfPax = input.noOfPax ?? null;
      if (input.maxAge !== undefined) values.maxAge = input.maxAge ?? null;
      return values;
    },

    /** Entries would lose their column and prices a listed variant: refuse while any uses it. */
    async beforeDeleteVariant(ctx: TWriteContext, row: TVariantRow) {
      const uses = await repository.variantUse(ctx.tx, row.id);
      if (uses.entries + uses.prices + uses.supplements > 0) throw inUse('variant', uses);
    },

    /** A copy of a named thing says so in its name. */
    async namedCopy<R extends { id: number; name: string }>(_ctx: TWriteContext, row: R) {
      return { ...withoutIdentity(row), name: `${row.name} (copy)` };
    },
  };
}
export type TPricePartsService = ReturnType<typeof createPricePartsService>;
