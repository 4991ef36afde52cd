import type { TPosTab } from '@atoll/domain/onsite/pos';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { operatorTimeZone } from '../../clock.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  onsiteItems,
  onsitePayments,
  posTabs,
  productCategories,
  products,
  resorts,
  users,
  vessels,
} from '../../db/schema.ts';

// The only Drizzle file of the counter: its tabs and the end-of-day sums over onsite items and payments.

export type TPosTabRow = typeof posTabs.$inferSelect;

export const toPosTab = (row: TPosTabRow): TPosTab => ({
  id: row.id,
  name: row.name,
  state: row.state,
  bookingId: row.bookingId,
  roomBookingId: row.roomBookingId,
  currency: row.currency,
  resortId: row.resortId,
  vesselId: row.vesselId,
  idempotencyKey: row.idempotencyKey,
  userId: row.userId,
  closedAt: row.closedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The operator's time zone as an SQL literal (GROUP BY needs the same expression as the select). */
const zoneLiteral = () => sql.raw(`'${operatorTimeZone().replaceAll("'", "''")}'`);
const inDays = (column: PgColumn, from: string, to: string) =>
  sql`(${column} at time zone ${zoneLiteral()})::date between ${from}::date and ${to}::date`;

/** An item's value in its currency, as counted: voided items count nothing. */
const sold = and(isNull(onsiteItems.voidedAt)) as SQL;

export function createPosRepository() {
  return {
    /** Resorts and vessels by name; `ids` null: all of them. */
    async assets(ex: Executor, ids: { resorts: number[] | null; vessels: number[] | null }) {
      const of = (table: typeof resorts | typeof vessels, only: number[] | null) =>
        ex
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(only === null ? undefined : inArray(table.id, only.length ? only : [0]))
          .orderBy(table.name, table.id);
      return { resorts: await of(resorts, ids.resorts), vessels: await of(vessels, ids.vessels) };
    },

    async tab(ex: Executor, id: number, lock = false) {
      const query = ex.select().from(posTabs).where(eq(posTabs.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async tabs(ex: Executor, ids: readonly number[]) {
      return ex
        .select()
        .from(posTabs)
        .where(inArray(posTabs.id, [...ids]))
        .orderBy(posTabs.id)
        .for('update');
    },

    async updateTab(tx: Tx, id: number, values: Partial<typeof posTabs.$inferInsert>) {
      const [row] = await tx
        .update(posTabs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(posTabs.id, id))
        .returning();
      return row as TPosTabRow;
    },

    /** Moves the items and payments of tabs onto one tab (combineItems). */
    async moveToTab(tx: Tx, from: readonly number[], to: number) {
      await tx
        .update(onsiteItems)
        .set({ tabId: to })
        .where(inArray(onsiteItems.tabId, [...from]));
      await tx
        .update(onsitePayments)
        .set({ tabId: to })
        .where(inArray(onsitePayments.tabId, [...from]));
    },

    async sales(ex: Executor, from: string, to: string) {
      return ex
        .select({
          currency: onsiteItems.currency,
          amount: sql<string>`coalesce(sum(${onsiteItems.total}), 0)::text`,
          count: sql<number>`count(*)::int`,
        })
        .from(onsiteItems)
        .where(and(sold, inDays(onsiteItems.createdAt, from, to)))
        .groupBy(onsiteItems.currency)
        .orderBy(onsiteItems.currency);
    },

    async byCategory(ex: Executor, from: string, to: string) {
      return ex
        .select({
          categoryId: products.categoryId,
          category: productCategories.name,
          currency: onsiteItems.currency,
          amount: sql<string>`coalesce(sum(${onsiteItems.total}), 0)::text`,
          count: sql<number>`count(*)::int`,
        })
        .from(onsiteItems)
        .innerJoin(products, eq(products.id, onsiteItems.productId))
        .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
        .where(and(sold, inDays(onsiteItems.createdAt, from, to)))
        .groupBy(products.categoryId, productCategories.name, onsiteItems.currency)
        .orderBy(productCategories.name, onsiteItems.currency);
    },

    async byCashier(ex: Executor, from: string, to: string) {
      return ex
        .select({
          userId: onsiteItems.userId,
          cashier: users.name,
          currency: onsiteItems.currency,
          amount: sql<string>`coalesce(sum(${onsiteItems.total}), 0)::text`,
          count: sql<number>`count(*)::int`,
        })
        .from(onsiteItems)
        .leftJoin(users, eq(users.id, onsiteItems.userId))
        .where(and(sold, inDays(onsiteItems.createdAt, from, to)))
        .groupBy(onsiteItems.userId, users.name, onsiteItems.currency)
        .orderBy(users.name, onsiteItems.currency);
    },

    async byMethod(ex: Executor, from: string, to: string) {
      return ex
        .select({
          method: onsitePayments.method,
          currency: onsitePayments.currency,
          amount: sql<string>`coalesce(sum(${onsitePayments.amount}), 0)::text`,
          count: sql<number>`count(*)::int`,
        })
        .from(onsitePayments)
        .where(inDays(onsitePayments.createdAt, from, to))
        .groupBy(onsitePayments.method, onsitePayments.currency)
        .orderBy(onsitePayments.method, onsitePayments.currency);
    },
  };
}
export type TPosRepository = ReturnType<typeof createPosRepository>;
