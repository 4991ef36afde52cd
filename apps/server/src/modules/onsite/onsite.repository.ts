import { D } from '@atoll/domain/money';
import type { TOnsiteItem, TOnsitePaymentRecord } from '@atoll/domain/onsite';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client.ts';
import {
  bookings,
  calculationLines,
  onsiteItems,
  onsitePayments,
  prices,
  productAssetStock,
  productStockLog,
  products,
  resorts,
  specials,
  vessels,
} from '../../db/schema.ts';
import { assetWhere, quantityText, type TStockAsset } from '../products/products.repository.ts';

// The only Drizzle file of the onsite module: items, payments, the item's calculation line and the
// conditional stock take (docs/domain/onsite.md).

export type TOnsiteItemRow = typeof onsiteItems.$inferSelect;
export type TOnsiteItemInsert = typeof onsiteItems.$inferInsert;
export type TOnsitePaymentRow = typeof onsitePayments.$inferSelect;
export type TOnsitePaymentInsert = typeof onsitePayments.$inferInsert;

/** The key of an item's calculation line. */
export const onsiteLineKey = (itemId: number) => `onsite:${itemId}`;

export const toOnsiteItem = (row: TOnsiteItemRow): TOnsiteItem => ({
  id: row.id,
  bookingId: row.bookingId,
  roomBookingId: row.roomBookingId,
  guestId: row.guestId,
  tabId: row.tabId,
  productId: row.productId,
  text: row.text,
  chargingBase: row.chargingBase,
  quantity: quantityText(row.quantity),
  amount: quantityText(row.amount),
  price: row.price,
  currency: row.currency,
  rate: row.rate,
  total: row.total,
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidedBy: row.voidedBy,
  voidReason: row.voidReason,
  idempotencyKey: row.idempotencyKey,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
});

export const toOnsitePayment = (row: TOnsitePaymentRow): TOnsitePaymentRecord => ({
  id: row.id,
  bookingId: row.bookingId,
  roomBookingId: row.roomBookingId,
  tabId: row.tabId,
  amount: row.amount,
  currency: row.currency,
  rate: row.rate,
  method: row.method,
  idempotencyKey: row.idempotencyKey,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
});

export type TOwner = { bookingId: number } | { tabId: number };
const ownerOf = (owner: TOwner) =>
  'bookingId' in owner ? eq(onsiteItems.bookingId, owner.bookingId) : eq(onsiteItems.tabId, owner.tabId);
const paymentOwner = (owner: TOwner) =>
  'bookingId' in owner
    ? eq(onsitePayments.bookingId, owner.bookingId)
    : eq(onsitePayments.tabId, owner.tabId);

export function createOnsiteRepository() {
  return {
    /** Row locks on bookings in id order: two moves in opposite directions wait for each other, never deadlock. */
    async lockInOrder(tx: Tx, ids: number[]) {
      await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(inArray(bookings.id, ids))
        .orderBy(asc(bookings.id))
        .for('update');
    },

    /**
     * Whether the booking's price (chosen by hand, else the one of its first priced room line) has
     * `useOnsiteCurrency`, and the local currency of its resort (else its vessel).
     */
    async onsiteSetting(ex: Executor, bookingId: number) {
      const line = sql`(select (${calculationLines.customData}->>'priceId')::int from ${calculationLines}
        where ${calculationLines.bookingId} = ${bookings.id} and ${calculationLines.type} = 'room_cost'
          and ${calculationLines.customData}->>'priceId' is not null order by ${calculationLines.id} limit 1)`;
      const [row] = await ex
        .select({
          use: sql<boolean>`coalesce((select ${prices.useOnsiteCurrency} from ${prices}
            where ${prices.id} = coalesce(${bookings.priceId}, ${line})), false)`,
          local: sql<string | null>`coalesce(
            (select ${resorts.currency} from ${resorts} where ${resorts.id} = ${bookings.resortId}),
            (select ${vessels.currency} from ${vessels} where ${vessels.id} = ${bookings.vesselId}))`,
        })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return row;
    },

    async item(ex: Executor, id: number, lock = false) {
      const query = ex.select().from(onsiteItems).where(eq(onsiteItems.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async itemByKey(ex: Executor, key: string) {
      const [row] = await ex.select().from(onsiteItems).where(eq(onsiteItems.idempotencyKey, key));
      return row;
    },

    async paymentByKey(ex: Executor, key: string) {
      const [row] = await ex.select().from(onsitePayments).where(eq(onsitePayments.idempotencyKey, key));
      return row;
    },

    async items(ex: Executor, owner: TOwner) {
      return ex.select().from(onsiteItems).where(ownerOf(owner)).orderBy(asc(onsiteItems.id));
    },

    async payments(ex: Executor, owner: TOwner) {
      return ex.select().from(onsitePayments).where(paymentOwner(owner)).orderBy(asc(onsitePayments.id));
    },

    /**
     * What a booking or tab sums to in `currency`, in one statement: an item or payment in that currency as it
     * is, another one × its rate rounded to cents (half away from zero, as `round2`); voided items left out.
     */
    async totals(ex: Executor, owner: TOwner, currency: string) {
      const value = (amount: PgColumn, of: PgColumn, rate: PgColumn) =>
        sql`case when ${of} = ${currency} then ${amount} else round(${amount} * ${rate}, 2) end`;
      const [row] = await ex
        .select({
          total: sql<string>`coalesce(sum(${value(onsiteItems.total, onsiteItems.currency, onsiteItems.rate)}), 0)::text`,
          paid: sql<string>`(select coalesce(sum(${value(onsitePayments.amount, onsitePayments.currency, onsitePayments.rate)}), 0)
            from ${onsitePayments} where ${paymentOwner(owner)})::text`,
        })
        .from(onsiteItems)
        .where(and(ownerOf(owner), isNull(onsiteItems.voidedAt)));
      return row ?? { total: '0', paid: '0' };
    },

    async payment(ex: Executor, id: number) {
      const [row] = await ex.select().from(onsitePayments).where(eq(onsitePayments.id, id));
      return row;
    },

    async insertItem(tx: Tx, values: TOnsiteItemInsert) {
      const [row] = await tx.insert(onsiteItems).values(values).returning();
      return row as TOnsiteItemRow;
    },

    async updateItem(tx: Tx, id: number, values: Partial<TOnsiteItemInsert>) {
      const [row] = await tx.update(onsiteItems).set(values).where(eq(onsiteItems.id, id)).returning();
      return row as TOnsiteItemRow;
    },

    async deleteItem(tx: Tx, id: number) {
      await tx.delete(onsiteItems).where(eq(onsiteItems.id, id));
    },

    async insertPayment(tx: Tx, values: TOnsitePaymentInsert) {
      const [row] = await tx.insert(onsitePayments).values(values).returning();
      return row as TOnsitePaymentRow;
    },

    async deletePayment(tx: Tx, id: number) {
      await tx.delete(onsitePayments).where(eq(onsitePayments.id, id));
    },

    /**
     * Takes `amount` out of a product's stock in one conditional UPDATE: of two sales of the last item the
     * second finds the row changed (PostgreSQL re-checks the condition after the first commits) and takes
     * nothing. Answers the stock after, or undefined when not enough was there.
     */
    async takeStock(tx: Tx, productId: number, amount: string) {
      const [row] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${amount}::numeric`, updatedAt: new Date() })
        .where(and(eq(products.id, productId), gte(products.stock, amount)))
        .returning({ stock: products.stock });
      return row?.stock;
    },

    /** The product's stock row at the asset, if stock is kept there. */
    async assetStockId(ex: Executor, productId: number, asset: TStockAsset) {
      if (!asset.resortId && !asset.vesselId) return undefined;
      const [row] = await ex
        .select({ id: productAssetStock.id })
        .from(productAssetStock)
        .where(assetWhere(productId, asset));
      return row?.id;
    },

    /**
     * Moves `change` (− taken, + given back) on an asset's stock row; a take only while enough is there (the
     * conditional UPDATE of `takeStock`). Answers the row after, or undefined when not enough was there.
     */
    async moveAssetStock(tx: Tx, id: number, change: string) {
      const enough = new D(change).lt(0)
        ? gte(productAssetStock.stock, new D(change).negated().toFixed())
        : undefined;
      const [row] = await tx
        .update(productAssetStock)
        .set({ stock: sql`${productAssetStock.stock} + ${change}::numeric`, updatedAt: new Date() })
        .where(and(eq(productAssetStock.id, id), enough))
        .returning();
      return row;
    },

    /** Moves the product's stock (the total) by `change`, whatever it is; answers the stock after. */
    async moveStock(tx: Tx, productId: number, change: string) {
      const [row] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${change}::numeric`, updatedAt: new Date() })
        .where(eq(products.id, productId))
        .returning({ stock: products.stock });
      return row?.stock ?? '0';
    },

    async logStock(tx: Tx, entry: typeof productStockLog.$inferInsert) {
      await tx.insert(productStockLog).values(entry);
    },

    /**
     * What the counter's lean sale needs of a booking's stored calculation: whether a special of it (a special
     * line, or one of `weighed`, the specials its lines were weighed for) may read product lines (a target
     * other than the room price or the commissionable base), and the tax of the price of its first priced
     * room line (the tax an OnSite line takes; null: none).
     */
    async leanFacts(ex: Executor, bookingId: number, weighed: readonly number[]) {
      const roomOnly = ['RoomPrice', 'Commissionable'];
      const [row] = await ex
        .select({
          specialsSeeProducts: sql<boolean>`exists (select 1 from ${calculationLines}
              where ${calculationLines.bookingId} = ${bookingId} and ${calculationLines.type} = 'special'
                and coalesce(${calculationLines.customData}->>'target', '') not in ('RoomPrice', 'Commissionable'))
            or exists (select 1 from ${specials} where ${inArray(specials.id, weighed.length ? [...weighed] : [0])}
                and ${specials.target} not in (${sql.join(
                  roomOnly.map((t) => sql`${t}`),
                  sql`, `,
                )}))`,
          tax: sql<unknown>`(select ${prices.tax} from ${prices} where ${prices.id} = (
            select (${calculationLines.customData}->>'priceId')::int from ${calculationLines}
            where ${calculationLines.bookingId} = ${bookingId} and ${calculationLines.type} = 'room_cost'
              and ${calculationLines.customData}->>'priceId' is not null
            order by ${calculationLines.position}, ${calculationLines.id} limit 1))`,
        })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return { specialsSeeProducts: row?.specialsSeeProducts !== false, tax: row?.tax ?? null };
    },

    /**
     * Puts the new OnSite line `key` where the engine's order (sort-lines.ts: by sort, then the generator's
     * rank, then age) puts it: after every line but those of a higher sort, and the specials, commission and
     * terms of its sort (9999); those move down one place. A recalculation then keeps the order.
     */
    async placeNewLine(tx: Tx, bookingId: number, key: string) {
      const cl = calculationLines;
      const generator = sql`coalesce(${cl.customData}->>'generator', case when ${cl.manual} then 'manual' end)`;
      const rank = sql`case ${generator} when 'tour' then 2 when 'room' then 3 when 'supplement' then 4
        when 'product' then 5 when 'manual' then 5.5 when 'special' then 6 when 'commission' then 7
        when 'terms' then 9 else case when ${cl.manual} then 5.5 else 8 end end`;
      const sortOf = sql`case when ${cl.sort} < 0 then 9999 else ${cl.sort} end`;
      const others = sql`${cl.bookingId} = ${bookingId} and ${cl.key} <> ${key}`;
      const after = sql`${others} and (${sortOf} > 9999 or (${sortOf} = 9999 and ${rank} > 5.5))`;
      await tx.execute(sql`with place as (
          select coalesce((select min(${cl.position}) from ${cl} where ${after}),
            (select coalesce(max(${cl.position}), -1) + 1 from ${cl} where ${others})) as p),
        moved as (update ${cl} set position = ${cl.position} + 1
          where ${others} and ${cl.position} >= (select p from place))
        update ${cl} set position = (select p from place)
        where ${cl.bookingId} = ${bookingId} and ${cl.key} = ${key}`);
    },

    /** Writes (or rewrites) the item's calculation line on its booking; manual, so recalculations keep it. */
    async upsertLine(
      tx: Tx,
      bookingId: number,
      line: Omit<typeof calculationLines.$inferInsert, 'bookingId'>,
    ) {
      const where = and(eq(calculationLines.bookingId, bookingId), eq(calculationLines.key, line.key));
      const [found] = await tx.select({ id: calculationLines.id }).from(calculationLines).where(where);
      if (found) await tx.update(calculationLines).set(line).where(eq(calculationLines.id, found.id));
      else await tx.insert(calculationLines).values({ ...line, bookingId });
    },

    async deleteLine(tx: Tx, bookingId: number, key: string) {
      await tx
        .delete(calculationLines)
        .where(and(eq(calculationLines.bookingId, bookingId), eq(calculationLines.key, key)));
    },

    /** A tab charged to a room: its payments count on the booking's onsite account (at its onsite rate). */
    async assignTabPayments(
      tx: Tx,
      tabId: number,
      to: { bookingId: number; roomBookingId: number; rate: string },
    ) {
      await tx
        .update(onsitePayments)
        .set(to)
        .where(and(eq(onsitePayments.tabId, tabId), isNull(onsitePayments.bookingId)));
    },

    /** Items of a tab not yet on a booking (charging a tab to a room moves them). */
    async tabItemsWithoutBooking(ex: Executor, tabId: number) {
      return ex
        .select()
        .from(onsiteItems)
        .where(and(eq(onsiteItems.tabId, tabId), isNull(onsiteItems.bookingId)))
        .orderBy(asc(onsiteItems.id));
    },
  };
}
export type TOnsiteRepository = ReturnType<typeof createOnsiteRepository>;
