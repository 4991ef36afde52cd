import {
  PRICE_TAX_DEFAULT,
  type TCreatePrice,
  type TUpdatePrice,
  ZPeriod,
  ZPriceTax,
} from '@atoll/domain/pricing/entities';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { TWriteContext } from '../../http/resource.ts';
import { seesAsset } from './price-access.ts';
import type {
  TAsset,
  TEntryRow,
  TExpandedPriceRow,
  TPriceRow,
  TPricesRepository,
} from './prices.repository.ts';

type TPriceInput = TCreatePrice | TUpdatePrice;
/** The cell an entry fills: what the entry rules look at. */
type TEntryLike = { roomTypeId?: number; variantId?: number; scheduleId?: number | null; currency?: string };
/** What an entry is checked against: its price's asset and currencies. */
export type TPriceFacts = { asset: TAsset; currencies: readonly string[] };
/** Where an error of entry `i` points: `entries.3.variantId` in a price body, `variantId` alone. */
type TPathOf = (i: number, field: keyof TEntryLike) => string;

export const inUse = (what: string, uses: Record<string, number>) => {
  const used = Object.entries(uses).filter(([, n]) => n > 0);
  return new AppError(
    409,
    'IN_USE',
    `The ${what} is still used by ${used.map(([k, n]) => `${n} ${k}`).join(', ')}`,
    used.map(([path, n]) => ({ path, code: 'in_use', message: String(n) })),
  );
};

/** The value of a nullable column after a partial update: given (null included) or the stored one. */
const after = <T>(given: T | null | undefined, stored: T | null | undefined): T | null =>
  given === undefined ? (stored ?? null) : (given ?? null);

/** The asset after a create or update: exactly one of resort and vessel. */
export function assetAfter(
  input: { resortId?: number | null; vesselId?: number | null },
  existing?: { resortId: number | null; vesselId: number | null },
): TAsset {
  const resortId = after(input.resortId, existing?.resortId);
  const vesselId = after(input.vesselId, existing?.vesselId);
  if (resortId !== null && vesselId === null) return { resortId, vesselId: null };
  if (vesselId !== null && resortId === null) return { resortId: null, vesselId };
  throw badRequest('A price belongs to exactly one resort or one vessel', 'resortId');
}

/** A create, or an update that moves the price to another resort or vessel. */
const isNewAsset = (asset: TAsset, existing?: TPriceRow) =>
  !existing || asset.resortId !== existing.resortId || asset.vesselId !== existing.vesselId;
const assetPath = (asset: TAsset) => (asset.resortId !== null ? 'resortId' : 'vesselId');
const periodsOf = (row?: TPriceRow) => z.array(ZPeriod).safeParse(row?.periods).data ?? [];

export function createPricesService(deps: { db: Db; repository: TPricesRepository }) {
  const { db, repository } = deps;

  async function assertAsset(ctx: TWriteContext, asset: TAsset) {
    const known = seesAsset(ctx.user, asset) && (await repository.assetExists(ctx.tx, asset));
    if (!known)
      throw badRequest(
        `The ${asset.resortId !== null ? 'resort' : 'vessel'} does not exist`,
        assetPath(asset),
      );
  }

  function assertRanges(input: TPriceInput, existing?: TPriceRow) {
    const validFrom = input.validFrom ?? existing?.validFrom ?? '';
    const validTo = input.validTo ?? existing?.validTo ?? '';
    if (validFrom > validTo) throw badRequest('validFrom must not be after validTo', 'validTo');
    const periods = input.periods ?? periodsOf(existing);
    periods.forEach((p, i) => {
      if (p.from > p.to) throw badRequest('A period must not end before it starts', `periods.${i}.to`);
      if (p.from < validFrom || p.to > validTo) {
        throw badRequest('A period lies inside the valid range', `periods.${i}`);
      }
    });
  }

  /** Variants, terms, currencies and tours the body names must exist (tours: of the vessel). */
  async function assertReferences(ex: Executor, input: TPriceInput, asset: TAsset, existing?: TPriceRow) {
    const unknownVariant = await repository.missingVariants(ex, input.variants ?? []);
    if (unknownVariant.length) {
      const i = (input.variants ?? []).indexOf(unknownVariant[0] as number);
      throw badRequest(`Unknown variant ${unknownVariant[0]}`, `variants.${i}`);
    }
    if (input.termsOfPaymentId != null && !(await repository.termsExist(ex, input.termsOfPaymentId))) {
      throw badRequest('The terms of payment do not exist', 'termsOfPaymentId');
    }
    const unknownCurrency = await repository.unknownCurrencies(ex, input.currencies ?? []);
    if (unknownCurrency.length) {
      const i = (input.currencies ?? []).indexOf(unknownCurrency[0] as string);
      throw badRequest(`Unknown currency ${unknownCurrency[0]}`, `currencies.${i}`);
    }
    if (input.tourIds === undefined && !isNewAsset(asset, existing)) return;
    const tourIds = input.tourIds ?? existing?.tourIds ?? [];
    if (asset.vesselId === null) {
      if (tourIds.length) throw badRequest('Only vessel prices name tours', 'tourIds');
      return;
    }
    const foreign = await repository.foreignTours(ex, asset.vesselId, tourIds);
    if (foreign.length) {
      throw badRequest(
        `Tour ${foreign[0]} is not a tour of the vessel`,
        `tourIds.${tourIds.indexOf(foreign[0] as number)}`,
      );
    }
  }

  /** Every entry: a room type of the asset, a known variant, a departure of the vessel, a price currency. */
  async function assertEntries(
    ex: Executor,
    price: TPriceFacts,
    entries: readonly TEntryLike[],
    path: TPathOf,
  ) {
    const firstIndex = (field: keyof TEntryLike, bad: readonly unknown[]) =>
      entries.findIndex((e) => bad.includes(e[field]));
    const foreignTypes = await repository.foreignRoomTypes(ex, price.asset, ids(entries, 'roomTypeId'));
    if (foreignTypes.length) {
      const i = firstIndex('roomTypeId', foreignTypes);
      throw badRequest(
        `Room type ${foreignTypes[0]} is not a type of the price's asset`,
        path(i, 'roomTypeId'),
      );
    }
    const unknownVariants = await repository.missingVariants(ex, ids(entries, 'variantId'));
    if (unknownVariants.length) {
      throw badRequest(
        `Unknown variant ${unknownVariants[0]}`,
        path(firstIndex('variantId', unknownVariants), 'variantId'),
      );
    }
    const scheduleIds = ids(entries, 'scheduleId');
    const foreignSchedules =
      price.asset.vesselId === null
        ? scheduleIds
        : await repository.foreignSchedules(ex, price.asset.vesselId, scheduleIds);
    if (foreignSchedules.length) {
      const i = firstIndex('scheduleId', foreignSchedules);
      throw badRequest(
        `Schedule ${foreignSchedules[0]} is not a departure of the price's vessel`,
        path(i, 'scheduleId'),
      );
    }
    const badCurrency = entries.findIndex((e) => !price.currencies.includes(e.currency ?? ''));
    if (badCurrency >= 0)
      throw badRequest("The currency is not one of the price's currencies", path(badCurrency, 'currency'));
    const cells = entries.map((e) => `${e.roomTypeId}:${e.variantId}:${e.scheduleId ?? 0}:${e.currency}`);
    const twice = cells.findIndex((c, i) => cells.indexOf(c) !== i);
    if (twice >= 0) throw badRequest('Two entries for the same cell', path(twice, 'variantId'));
  }

  /** The stored entries still have to fit when the asset or the currencies change without new entries. */
  async function assertStoredEntries(ex: Executor, price: TPriceFacts, priceId: number) {
    const stored: TEntryRow[] = await repository.entriesOf(ex, [priceId]);
    await assertEntries(ex, price, stored, () => 'entries');
  }

  async function priceValues(ctx: TWriteContext, input: TPriceInput, existing?: TPriceRow) {
    const asset = assetAfter(input, existing);
    const assetChanged = isNewAsset(asset, existing);
    if (assetChanged) await assertAsset(ctx, asset);
    assertRanges(input, existing);
    await assertReferences(ctx.tx, input, asset, existing);
    const facts = { asset, currencies: input.currencies ?? existing?.currencies ?? ['EUR'] };
    if (input.entries) await assertEntries(ctx.tx, facts, input.entries, (i, f) => `entries.${i}.${f}`);
    else if (existing && (assetChanged || input.currencies))
      await assertStoredEntries(ctx.tx, facts, existing.id);

    const {
      entries: _entries,
      status,
      tax,
      internalId,
      basePrice,
      minNights,
      termsOfPaymentId,
      ...rest
    } = input;
    const values: Record<string, unknown> = { ...rest, ...(assetChanged ? asset : {}) };
    if (internalId !== undefined) values.internalId = internalId || null;
    if (basePrice !== undefined) values.basePrice = basePrice ?? null;
    if (minNights !== undefined) values.minNights = minNights ?? null;
    if (termsOfPaymentId !== undefined) values.termsOfPaymentId = termsOfPaymentId ?? null;
    if (!existing) {
      // Spec booking §4: a new price is a draft and its tax aborted, whatever the body says.
      values.status = 'draft';
      values.tax = {
        ...PRICE_TAX_DEFAULT,
        ...(tax ? { value: tax.value, inclusive: tax.inclusive } : {}),
      };
      return values;
    }
    if (status !== undefined) values.status = status;
    if (tax !== undefined) {
      const stored = ZPriceTax.safeParse(existing.tax).data ?? PRICE_TAX_DEFAULT;
      values.tax = { status: tax.status ?? stored.status, value: tax.value, inclusive: tax.inclusive };
    }
    return values;
  }

  return {
    /** The entries of every row of one answer in one query. */
    async withEntries(rows: TPriceRow[]): Promise<TExpandedPriceRow[]> {
      const entries = await repository.entriesOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, entries: entries.filter((e) => e.priceId === r.id) }));
    },

    priceValues,
    assertEntries,
    assertAsset,

    /** The grid's entries replace the stored ones in the transaction of the write. */
    async afterPriceWrite(ctx: TWriteContext, row: TPriceRow, input: TPriceInput) {
      if (input.entries) await repository.replaceEntries(ctx.tx, row.id, input.entries);
    },

    async copyValues(_ctx: TWriteContext, row: TPriceRow) {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, status: 'draft' };
    },

    async afterCopy(ctx: TWriteContext, source: TPriceRow, copy: TPriceRow) {
      await repository.copyChildren(ctx.tx, source.id, copy.id);
    },
  };
}
export type TPricesService = ReturnType<typeof createPricesService>;

const ids = (entries: readonly TEntryLike[], field: 'roomTypeId' | 'variantId' | 'scheduleId') =>
  entries.flatMap((e) => (e[field] == null ? [] : [e[field] as number]));
