import { D } from '@atoll/domain/money';
import type { TPriceTax } from '@atoll/domain/pricing/entities';
import type { TAssetStock, TChosenProduct, TProduct, TStockLogEntry } from '@atoll/domain/products';
import { and, count, desc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  bookingGuests,
  bookingRooms,
  bookings,
  calculationLines,
  productAssetStock,
  productStockLog,
  products,
  resorts,
  taxes,
  vessels,
} from '../../db/schema.ts';

// The only Drizzle file of the products module: products, their taxes, their stock and its log, and the chosen
// products of holding bookings that `bookedAtDay` counts.

export type TProductRow = typeof products.$inferSelect;
export type TStockLogRow = typeof productStockLog.$inferSelect;
export type TStockLogInsert = typeof productStockLog.$inferInsert;

const trimmed = (value: string) => value.replace(/\.?0+$/, '') || '0';
/** numeric(14,3) as people write it: "12.500" → "12.5". */
export const quantityText = (value: string) => (value.includes('.') ? trimmed(value) : value);

export const toProduct = (row: TProductRow): TProduct => ({
  id: row.id,
  name: row.name,
  description: row.description,
  categoryId: row.categoryId,
  type: row.type as TProduct['type'],
  unit: row.unit as TProduct['unit'],
  chargingBase: row.chargingBase as TProduct['chargingBase'],
  perUnit: row.perUnit,
  price: row.price,
  currency: row.currency,
  taxId: row.taxId,
  resortId: row.resortId,
  vesselId: row.vesselId,
  isAddon: row.isAddon,
  isOnlineBookable: row.isOnlineBookable,
  trackStock: row.trackStock,
  stock: quantityText(row.stock),
  isActive: row.isActive,
  sort: row.sort,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The resort or vessel whose stock moves. */
export type TStockAsset = { resortId?: number | null | undefined; vesselId?: number | null | undefined };
export const assetWhere = (productId: number, asset: TStockAsset) =>
  and(
    eq(productAssetStock.productId, productId),
    asset.resortId
      ? eq(productAssetStock.resortId, asset.resortId)
      : eq(productAssetStock.vesselId, asset.vesselId ?? 0),
  );

export const toStockLogEntry = (row: TStockLogRow): TStockLogEntry => ({
  id: row.id,
  productId: row.productId,
  change: quantityText(row.change),
  stockAfter: quantityText(row.stockAfter),
  reason: row.reason,
  note: row.note,
  bookingId: row.bookingId,
  userId: row.userId,
  resortId: row.resortId,
  vesselId: row.vesselId,
  createdAt: row.createdAt.toISOString(),
});

/** A chosen product of a holding booking with the days and persons it covers. */
export type THeldProductRow = {
  bookingId: number;
  from: string;
  to: string;
  chosen: TChosenProduct[];
  entries: { id: number; from: string; to: string; guests: number }[];
  guests: number;
};

export function createProductsRepository() {
  const repository = {
    async product(ex: Executor, id: number, lock = false) {
      const query = ex.select().from(products).where(eq(products.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async productsByIds(ex: Executor, ids: readonly number[], lock = false) {
      if (ids.length === 0) return [];
      const query = ex
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(products.id);
      return lock ? query.for('update') : query;
    },

    /** The taxes of products by tax id, as a line carries them (the value without trailing zeros). */
    async taxesByIds(ex: Executor, ids: readonly number[]): Promise<Map<number, TPriceTax>> {
      if (ids.length === 0) return new Map();
      const rows = await ex
        .select()
        .from(taxes)
        .where(inArray(taxes.id, [...ids]));
      return new Map(
        rows.map((t) => [
          t.id,
          {
            status: t.status as TPriceTax['status'],
            value: new D(t.value).toFixed(),
            inclusive: t.inclusive,
          },
        ]),
      );
    },

    /** A product's stock at one asset, locked; a row at 0 is made when there is none yet. */
    async lockAssetStock(tx: Tx, productId: number, asset: TStockAsset) {
      const where = assetWhere(productId, asset);
      await tx
        .insert(productAssetStock)
        .values({ productId, resortId: asset.resortId ?? null, vesselId: asset.vesselId ?? null })
        .onConflictDoNothing();
      const [row] = await tx.select().from(productAssetStock).where(where).for('update');
      return row as typeof productAssetStock.$inferSelect;
    },

    async assetExists(ex: Executor, asset: TStockAsset) {
      const [row] = asset.resortId
        ? await ex.select({ id: resorts.id }).from(resorts).where(eq(resorts.id, asset.resortId))
        : await ex
            .select({ id: vessels.id })
            .from(vessels)
            .where(eq(vessels.id, asset.vesselId ?? 0));
      return row !== undefined;
    },

    async setAssetStock(tx: Tx, id: number, stock: string) {
      await tx
        .update(productAssetStock)
        .set({ stock, updatedAt: new Date() })
        .where(eq(productAssetStock.id, id));
    },

    /** The product's stock per asset, resorts first. */
    async assetStocks(ex: Executor, productId: number): Promise<TAssetStock[]> {
      const rows = await ex
        .select()
        .from(productAssetStock)
        .where(eq(productAssetStock.productId, productId))
        .orderBy(productAssetStock.resortId, productAssetStock.vesselId);
      return rows.map((r) => ({ resortId: r.resortId, vesselId: r.vesselId, stock: quantityText(r.stock) }));
    },

    /** The stock per asset of every product, by product, resorts first. */
    async allAssetStocks(ex: Executor): Promise<(TAssetStock & { productId: number })[]> {
      const rows = await ex
        .select()
        .from(productAssetStock)
        .orderBy(productAssetStock.productId, productAssetStock.resortId, productAssetStock.vesselId);
      return rows.map((r) => ({
        productId: r.productId,
        resortId: r.resortId,
        vesselId: r.vesselId,
        stock: quantityText(r.stock),
      }));
    },

    /** Sets the stock (the caller holds the product's row lock and writes the log row). */
    async setStock(tx: Tx, productId: number, stock: string) {
      await tx.update(products).set({ stock, updatedAt: new Date() }).where(eq(products.id, productId));
    },

    async insertLog(tx: Tx, entry: TStockLogInsert) {
      const [row] = await tx.insert(productStockLog).values(entry).returning();
      return row as TStockLogRow;
    },

    /** Sets the stock and writes its log row in `tx` (the caller holds the product's row lock). */
    async writeStock(tx: Tx, entry: TStockLogInsert) {
      await repository.setStock(tx, entry.productId, entry.stockAfter);
      return repository.insertLog(tx, entry);
    },

    async stockLog(ex: Executor, productId: number, page: number, size: number) {
      const where = eq(productStockLog.productId, productId);
      const [total] = await ex.select({ n: count() }).from(productStockLog).where(where);
      const rows = await ex
        .select()
        .from(productStockLog)
        .where(where)
        .orderBy(desc(productStockLog.createdAt), desc(productStockLog.id))
        .limit(size)
        .offset((page - 1) * size);
      return { rows, total: total?.n ?? 0 };
    },

    /** Log rows of one booking, to know whether its stock is out (sale) or back (return). */
    async bookingStockLog(ex: Executor, bookingId: number) {
      return ex
        .select()
        .from(productStockLog)
        .where(
          and(eq(productStockLog.bookingId, bookingId), inArray(productStockLog.reason, ['sale', 'return'])),
        )
        .orderBy(productStockLog.id);
    },

    /** The booking's state and the summed amounts of its product and add-on lines per product. */
    async bookingProducts(ex: Executor, bookingId: number) {
      const [booking] = await ex
        .select({ state: bookings.state })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      const productId = sql<number>`(${calculationLines.customData}->>'productId')::int`;
      const amounts = await ex
        .select({ productId, amount: sql<string>`sum(${calculationLines.amount})::text` })
        .from(calculationLines)
        .where(
          and(
            eq(calculationLines.bookingId, bookingId),
            inArray(calculationLines.type, ['product', 'addon']),
            sql`${calculationLines.customData}->>'productId' is not null`,
            // Onsite items take their stock when sold (docs/domain/onsite.md), not with the booking's state.
            sql`${calculationLines.customData}->>'onsiteId' is null`,
          ),
        )
        .groupBy(productId);
      return { state: booking?.state ?? null, amounts };
    },

    /** Holding bookings of the asset with chosen products and a day in `[from, to)`. */
    async heldProducts(ex: Executor, asset: SQL, holding: SQL, from: string, to: string) {
      const rows = await ex
        .select({
          bookingId: bookings.id,
          from: bookings.from,
          to: bookings.to,
          chosen: bookings.chosenProducts,
        })
        .from(bookings)
        .where(
          and(
            asset,
            holding,
            lt(bookings.from, to),
            gt(bookings.to, from),
            ne(sql`jsonb_array_length(${bookings.chosenProducts})`, 0),
          ),
        );
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.bookingId);
      const entries = await ex
        .select({
          bookingId: bookingRooms.bookingId,
          id: bookingRooms.id,
          from: bookingRooms.from,
          to: bookingRooms.to,
          guests: sql<number>`count(${bookingGuests.id})::int`,
        })
        .from(bookingRooms)
        .leftJoin(bookingGuests, eq(bookingGuests.bookingRoomId, bookingRooms.id))
        .where(inArray(bookingRooms.bookingId, ids))
        .groupBy(bookingRooms.id);
      return rows.map((row): THeldProductRow => {
        const own = entries.filter((e) => e.bookingId === row.bookingId);
        return {
          bookingId: row.bookingId,
          from: row.from,
          to: row.to,
          chosen: row.chosen as TChosenProduct[],
          entries: own,
          guests: own.reduce((n, e) => n + e.guests, 0),
        };
      });
    },
  };
  return repository;
}
export type TProductsRepository = ReturnType<typeof createProductsRepository>;

/** `resort:<id>` / `vessel:<id>` as a booking condition. */
export const assetCondition = (asset: { kind: 'resort' | 'vessel'; id: number }) =>
  asset.kind === 'resort' ? eq(bookings.resortId, asset.id) : eq(bookings.vesselId, asset.id);
