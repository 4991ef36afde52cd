import { ZLocalizedText } from '@atoll/domain/geo';
import {
  PRICE_TAX_DEFAULT,
  type TPrice,
  type TPriceEntry,
  type TPriceEntryInput,
  type TPriceVariant,
  type TPriceWithEntries,
  type TSupplement,
  ZPeriod,
  ZPriceTax,
} from '@atoll/domain/pricing/entities';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Tx } from '../../db/client.ts';
import {
  currencies,
  paymentTerms,
  priceEntries,
  prices,
  priceVariants,
  resorts,
  roomTypes,
  schedules,
  supplements,
  tours,
  vessels,
} from '../../db/schema.ts';

export type TPriceRow = typeof prices.$inferSelect;
export type TEntryRow = typeof priceEntries.$inferSelect;
export type TVariantRow = typeof priceVariants.$inferSelect;
export type TSupplementRow = typeof supplements.$inferSelect;
/** A price row with its entries, as `expand` hands it to `toPrice`. */
export type TExpandedPriceRow = TPriceRow & { entries?: TEntryRow[] };
/** The one asset of a price, a room type or a supplement's price. */
export type TAsset = { resortId: number; vesselId: null } | { resortId: null; vesselId: number };

const iso = (d: Date) => d.toISOString();

export const toPriceEntry = (row: TEntryRow): TPriceEntry => ({
  ...row,
  surchargeType: row.surchargeType as TPriceEntry['surchargeType'],
  discountType: row.discountType as TPriceEntry['discountType'],
});

const ZPeriods = z.array(ZPeriod);

export function toPrice(row: TPriceRow): TPrice {
  const { createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    // jsonb written by hand may hold anything: the answer carries only what the contract knows.
    periods: ZPeriods.safeParse(row.periods).data ?? [],
    status: row.status as TPrice['status'],
    calculationType: row.calculationType as TPrice['calculationType'],
    type: row.type as TPrice['type'],
    surchargeType: row.surchargeType as TPrice['surchargeType'],
    discountType: row.discountType as TPrice['discountType'],
    tax: ZPriceTax.safeParse(row.tax).data ?? PRICE_TAX_DEFAULT,
    includedServices: ZLocalizedText.safeParse(row.includedServices).data ?? {},
    excludedServices: ZLocalizedText.safeParse(row.excludedServices).data ?? {},
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

export const toPriceWithEntries = (row: TExpandedPriceRow): TPriceWithEntries => ({
  ...toPrice(row),
  entries: (row.entries ?? []).map(toPriceEntry),
});

export const toVariant = (row: TVariantRow): TPriceVariant => ({
  ...row,
  translations: ZLocalizedText.safeParse(row.translations).data ?? {},
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toSupplement = (row: TSupplementRow): TSupplement => ({
  ...row,
  translations: ZLocalizedText.safeParse(row.translations).data ?? {},
  valueType: row.valueType as TSupplement['valueType'],
  chargingBase: row.chargingBase as TSupplement['chargingBase'],
  customerType: row.customerType as TSupplement['customerType'],
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const assetWhere = (asset: TAsset) =>
  asset.resortId !== null ? eq(roomTypes.resortId, asset.resortId) : eq(roomTypes.vesselId, asset.vesselId);

/** Ids of `ids` that the query does not return: the missing references of a body. */
const missing = (ids: readonly number[], found: { id: number }[]) => {
  const have = new Set(found.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !have.has(id));
};

/** The entries of these prices in one query, in a stable order. */
async function entriesOf(ex: Executor, priceIds: readonly number[]): Promise<TEntryRow[]> {
  if (priceIds.length === 0) return [];
  return ex
    .select()
    .from(priceEntries)
    .where(inArray(priceEntries.priceId, [...priceIds]))
    .orderBy(asc(priceEntries.priceId), asc(priceEntries.id));
}

export function createPricesRepository() {
  return {
    async findPrice(ex: Executor, id: number, visible?: SQL): Promise<TPriceRow | undefined> {
      const [row] = await ex
        .select()
        .from(prices)
        .where(and(eq(prices.id, id), visible));
      return row;
    },

    /** Prices with their entries, in two queries, ordered by start and id. */
    async pricesWithEntries(ex: Executor, where: SQL | undefined): Promise<TPriceWithEntries[]> {
      const rows = await ex.select().from(prices).where(where).orderBy(asc(prices.validFrom), asc(prices.id));
      const entries = await entriesOf(
        ex,
        rows.map((r) => r.id),
      );
      return rows.map((r) =>
        toPriceWithEntries({ ...r, entries: entries.filter((e) => e.priceId === r.id) }),
      );
    },

    entriesOf,

    /** The grid's save: the price's entries become exactly these. */
    async replaceEntries(tx: Tx, priceId: number, entries: readonly TPriceEntryInput[]) {
      await tx.delete(priceEntries).where(eq(priceEntries.priceId, priceId));
      if (entries.length === 0) return;
      await tx.insert(priceEntries).values(entries.map((e) => entryValues(priceId, e)));
    },

    /** A copied price gets the entries and supplements of its source. */
    async copyChildren(tx: Tx, fromId: number, toId: number) {
      await tx.execute(sql`
        insert into price_entries
          (price_id, room_type_id, variant_id, schedule_id, currency, value,
           surcharge, surcharge_type, discount, discount_type)
        select ${toId}, room_type_id, variant_id, schedule_id, currency, value,
           surcharge, surcharge_type, discount, discount_type
        from price_entries where price_id = ${fromId} order by id`);
      await tx.execute(sql`
        insert into supplements
          (price_id, name, translations, value, value_type, charging_base, qty_per_unit, per_unit,
           mandatory, commissionable, customer_type, single_use, room_type_ids, variant_ids,
           valid_from, valid_to, sort)
        select ${toId}, name, translations, value, value_type, charging_base, qty_per_unit, per_unit,
           mandatory, commissionable, customer_type, single_use, room_type_ids, variant_ids,
           valid_from, valid_to, sort
        from supplements where price_id = ${fromId} order by id`);
    },

    async assetExists(ex: Executor, asset: TAsset): Promise<boolean> {
      const rows =
        asset.resortId !== null
          ? await ex.select({ id: resorts.id }).from(resorts).where(eq(resorts.id, asset.resortId))
          : await ex.select({ id: vessels.id }).from(vessels).where(eq(vessels.id, asset.vesselId));
      return rows.length > 0;
    },

    /** Of these room type ids, those that are not types of the asset. */
    async foreignRoomTypes(ex: Executor, asset: TAsset, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await ex
        .select({ id: roomTypes.id })
        .from(roomTypes)
        .where(and(inArray(roomTypes.id, [...new Set(ids)]), assetWhere(asset)));
      return missing(ids, found);
    },

    async missingVariants(ex: Executor, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await ex
        .select({ id: priceVariants.id })
        .from(priceVariants)
        .where(inArray(priceVariants.id, [...new Set(ids)]));
      return missing(ids, found);
    },

    /** Of these schedule ids, those that are not departures of the vessel. */
    async foreignSchedules(ex: Executor, vesselId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await ex
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(inArray(schedules.id, [...new Set(ids)]), eq(schedules.vesselId, vesselId)));
      return missing(ids, found);
    },

    /** Of these tour ids, those that are not tours of the vessel. */
    async foreignTours(ex: Executor, vesselId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await ex
        .select({ id: tours.id })
        .from(tours)
        .where(and(inArray(tours.id, [...new Set(ids)]), eq(tours.vesselId, vesselId)));
      return missing(ids, found);
    },

    async termsExist(ex: Executor, id: number): Promise<boolean> {
      const rows = await ex.select({ id: paymentTerms.id }).from(paymentTerms).where(eq(paymentTerms.id, id));
      return rows.length > 0;
    },

    async unknownCurrencies(ex: Executor, codes: readonly string[]): Promise<string[]> {
      if (codes.length === 0) return [];
      const rows = await ex
        .select({ code: currencies.code })
        .from(currencies)
        .where(inArray(currencies.code, [...new Set(codes)]));
      const known = new Set(rows.map((r) => r.code));
      return [...new Set(codes)].filter((c) => !known.has(c));
    },

    /** What still names a variant: entries (FK restrict) and the column lists of prices. */
    async variantUse(ex: Executor, id: number) {
      // One after another: `ex` may be a transaction, whose one connection takes one query at a time.
      const [entries] = await ex
        .select({ n: count() })
        .from(priceEntries)
        .where(eq(priceEntries.variantId, id));
      const [priceRows] = await ex
        .select({ n: count() })
        .from(prices)
        .where(sql`${id} = any(${prices.variants})`);
      const [supplementRows] = await ex
        .select({ n: count() })
        .from(supplements)
        .where(sql`${id} = any(${supplements.variantIds})`);
      return { entries: entries?.n ?? 0, prices: priceRows?.n ?? 0, supplements: supplementRows?.n ?? 0 };
    },
  };
}
export type TPricesRepository = ReturnType<typeof createPricesRepository>;

/** An entry's columns as a body or a stored row names them. */
type TEntryFields = {
  roomTypeId?: number;
  variantId?: number;
  scheduleId?: number | null;
  currency?: string;
  value?: string;
  surcharge?: string | null;
  surchargeType?: string | null;
  discount?: string | null;
  discountType?: string | null;
};

export function entryValues(priceId: number, e: TEntryFields) {
  return {
    priceId,
    roomTypeId: e.roomTypeId as number,
    variantId: e.variantId as number,
    scheduleId: e.scheduleId ?? null,
    currency: e.currency as string,
    value: e.value as string,
    surcharge: e.surcharge ?? null,
    surchargeType: e.surchargeType ?? null,
    discount: e.discount ?? null,
    discountType: e.discountType ?? null,
  };
}

// ─── Asset visibility of prices (spec platform §6) ─────────────────────────────────────────────

/** The row filter of the prices a user may see; undefined: all. */
export function visiblePrices(user: TSessionUser): SQL | undefined {
  if (hasScope(user.scopes, ['admin'])) return undefined;
  const resortOk = user.resorts.length
    ? or(isNull(prices.resortId), inArray(prices.resortId, user.resorts))
    : undefined;
  const vesselOk = user.vessels.length
    ? or(isNull(prices.vesselId), inArray(prices.vesselId, user.vessels))
    : undefined;
  return and(resortOk, vesselOk);
}

/** Rows that hang on a price (entries, supplements) are visible through it. */
function throughPrice(ex: Executor, column: typeof priceEntries.priceId | typeof supplements.priceId) {
  return (user: TSessionUser): SQL | undefined => {
    const visible = visiblePrices(user);
    if (!visible) return undefined;
    return inArray(column, ex.select({ id: prices.id }).from(prices).where(visible));
  };
}

export const visibleEntries = (ex: Executor) => throughPrice(ex, priceEntries.priceId);
export const visibleSupplements = (ex: Executor) => throughPrice(ex, supplements.priceId);
