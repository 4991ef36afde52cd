import { D } from '@atoll/domain/money';
import {
  bookedAtDay,
  CHARGING_BASES,
  dailyQuantity,
  PRODUCT_TYPES,
  PRODUCT_UNITS,
  STOCK_REASONS,
  stockChange,
  type TBookedItem,
  type TStockUpdate,
} from '@atoll/domain/products';
import { holdingCondition } from '../../db/booking-conditions.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import {
  assetCondition,
  createProductsRepository,
  type THeldProductRow,
  toProduct,
  toStockLogEntry,
} from './products.repository.ts';

// The product calls of spec booking §7 "Products": constants, the stock update and its log, and
// `bookedAtDay` (docs/domain/products.md). Access is checked by the routes (product.* scopes, office only).

const repo = createProductsRepository();

export const outOfStock = (stock: string) =>
  new AppError(409, 'OUT_OF_STOCK', `The stock would go below 0 (now ${stock}); send force to allow it`);

/**
 * One stock change in `tx`: the product's row lock and its new stock; answers the log row to write.
 * Below 0 only with force (a count may find less than was booked; a sale recorded before the delivery).
 */
export async function stockValues(tx: Tx, user: TSessionUser, id: number, input: TStockUpdate) {
  const product = await repo.product(tx, id, true);
  if (!product) throw notFound('Product');
  const entry = { productId: id, reason: input.reason, note: input.note, userId: user.id };
  if (input.resortId === undefined && input.vesselId === undefined) {
    const { change, after } = stockChange(product.stock, input);
    if (new D(after).lt(0) && !input.force) throw outOfStock(product.stock);
    await repo.setStock(tx, id, after);
    return { ...entry, change, stockAfter: after };
  }
  // At an asset: its stock moves, and the product's (the total over all places) by the same change. The
  // product's row lock is taken first, as a sale takes it.
  const asset = { resortId: input.resortId ?? null, vesselId: input.vesselId ?? null };
  if (!(await repo.assetExists(tx, asset)))
    throw badRequest('The resort or vessel does not exist', 'resortId');
  const held = await repo.lockAssetStock(tx, id, asset);
  const { change, after } = stockChange(held.stock, input);
  if (new D(after).lt(0) && !input.force) throw outOfStock(held.stock);
  await repo.setAssetStock(tx, held.id, after);
  await repo.setStock(tx, id, new D(product.stock).plus(change).toFixed());
  return { ...entry, ...asset, change, stockAfter: after };
}

/** Each chosen product of a held booking with its days and the quantity it uses each day. */
function bookedItems(rows: readonly THeldProductRow[], perUnit: ReadonlyMap<number, boolean>) {
  return rows.flatMap((row) =>
    row.chosen.flatMap((c): TBookedItem[] => {
      if (!perUnit.has(c.productId)) return [];
      const entry = c.roomBookingId ? row.entries.find((e) => e.id === c.roomBookingId) : undefined;
      const persons = c.guestIds?.length ?? entry?.guests ?? row.guests;
      const days = entry ?? row;
      return [
        {
          productId: c.productId,
          from: days.from,
          to: days.to,
          quantity: dailyQuantity(persons, perUnit.get(c.productId) === true, c.qtyPerUnit),
        },
      ];
    }),
  );
}

export function createProductsService(deps: { db: Db; settings: TSettingsService }) {
  const { db, settings } = deps;
  return {
    constants() {
      return {
        types: [...PRODUCT_TYPES],
        units: [...PRODUCT_UNITS],
        chargingBases: [...CHARGING_BASES],
        stockReasons: [...STOCK_REASONS],
      };
    },

    /** The change and its log row in one transaction; answers the product and the log entry. */
    stockUpdate(user: TSessionUser, id: number, input: TStockUpdate) {
      return db.transaction(async (tx) => {
        const entry = await repo.insertLog(tx, await stockValues(tx, user, id, input));
        const product = await repo.product(tx, id);
        if (!product) throw notFound('Product');
        const stocks = await repo.assetStocks(tx, id);
        return { product: toProduct(product), entry: toStockLogEntry(entry), stocks };
      });
    },

    /** The stock kept at each asset, of every product (the stock screen's columns). */
    async assetStocks() {
      return { data: await repo.allAssetStocks(db) };
    },

    async stockLog(id: number, page: number, size: number) {
      if (!(await repo.product(db, id))) throw notFound('Product');
      const { rows, total } = await repo.stockLog(db, id, page, size);
      const stocks = await repo.assetStocks(db, id);
      return { data: rows.map(toStockLogEntry), total, page, size, stocks };
    },

    /** Quantities per product and day of `[from, to)` on the asset's holding bookings. */
    async bookedAtDay(
      asset: { kind: 'resort' | 'vessel'; id: number },
      query: { from: string; to: string; products?: number[] | undefined },
      ex: Executor = db,
    ) {
      const offersHoldInventory = (await settings.get('booking', 'offersHoldInventory', false)) === true;
      const rows = await repo.heldProducts(
        ex,
        assetCondition(asset),
        holdingCondition(offersHoldInventory),
        query.from,
        query.to,
      );
      const ids = [...new Set(rows.flatMap((r) => r.chosen.map((c) => c.productId)))].filter(
        (id) => !query.products || query.products.includes(id),
      );
      const perUnit = new Map((await repo.productsByIds(ex, ids)).map((p) => [p.id, p.perUnit]));
      return bookedAtDay(bookedItems(rows, perUnit), query.from, query.to);
    },
  };
}
export type TProductsService = ReturnType<typeof createProductsService>;
