import type { TCustomerStats, TCustomerStay } from '@atoll/domain/customers';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  bookingGuests,
  bookings,
  customerDataGroups,
  customerMeta,
  customerReferences,
  customers,
  customerVersions,
  resorts,
  users,
  vessels,
} from '../../db/schema.ts';

/** Booking states that count as a stay in the customer's figures. */
const STAY_STATES = ['confirmed', 'resolved'];
/** The customer is a guest of the booking. */
const travelsOn = (customerId: number) =>
  sql`exists (select 1 from ${bookingGuests} where ${bookingGuests.bookingId} = ${bookings.id} and ${bookingGuests.customerId} = ${customerId})`;

export type TCustomerRow = typeof customers.$inferSelect;
export type TNewCustomerRow = typeof customers.$inferInsert;
export type TReferenceRow = typeof customerReferences.$inferSelect;
export type TMetaRow = typeof customerMeta.$inferSelect;

/** Whether a user account links the customer; usable in a select, a filter and a sort. */
export const isAssignedSql = sql<boolean>`exists (select 1 from ${users} where ${users.customerId} = ${customers.id})`;
/** Birthday as MM-DD, for "whose birthday is on" questions across years. */
const birthdayMonthDay = sql<string>`to_char(${customers.birthday}, 'MM-DD')`;

/** Which customers a user sees: all, or their own record and/or their agency's customers (none: neither). */
export type TCustomerVisibility = 'all' | { customerId: number | null; agencyId: number | null };

/** The condition for a visibility; undefined: all. */
export function customerCondition(visibility: TCustomerVisibility): SQL | undefined {
  if (visibility === 'all') return undefined;
  return (
    or(
      visibility.customerId !== null ? eq(customers.id, visibility.customerId) : undefined,
      visibility.agencyId !== null ? eq(customers.agencyId, visibility.agencyId) : undefined,
    ) ?? sql`false`
  );
}

/** No customer at all, as a condition. */
export const NO_CUSTOMERS = sql`false`;

/** The only file of the module that touches Drizzle: plain rows in, plain rows out, no decisions. */
export function createCustomersRepository() {
  return {
    async findOne(ex: Executor, id: number, visible: SQL | undefined) {
      const [row] = await ex
        .select()
        .from(customers)
        .where(and(eq(customers.id, id), visible));
      return row;
    },
    async findMany(ex: Executor, ids: number[], visible: SQL | undefined) {
      if (ids.length === 0) return [];
      return ex
        .select()
        .from(customers)
        .where(and(inArray(customers.id, ids), visible))
        .orderBy(asc(customers.id));
    },
    async insert(ex: Executor, values: TNewCustomerRow) {
      const [row] = await ex.insert(customers).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(ex: Executor, id: number, values: Partial<TNewCustomerRow>) {
      const [row] = await ex.update(customers).set(values).where(eq(customers.id, id)).returning();
      return row;
    },
    /** Ids among `ids` that a user account links. */
    async assignedIds(ex: Executor, ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await ex
        .selectDistinct({ id: users.customerId })
        .from(users)
        .where(inArray(users.customerId, ids));
      return new Set(rows.map((r) => r.id));
    },

    /** The fields of every customer data group, to check a customer's custom data against. */
    async dataGroups(ex: Executor) {
      return ex
        .select({ id: customerDataGroups.id, fields: customerDataGroups.fields })
        .from(customerDataGroups);
    },

    // Versions
    async insertVersion(
      ex: Executor,
      v: { customerId: number; version: number; snapshot: unknown; userId: number | null },
      opts: { ifMissing?: boolean } = {},
    ) {
      const insert = ex.insert(customerVersions).values(v);
      await (opts.ifMissing ? insert.onConflictDoNothing() : insert);
    },
    async version(ex: Executor, customerId: number, version: number) {
      const [row] = await ex
        .select()
        .from(customerVersions)
        .where(and(eq(customerVersions.customerId, customerId), eq(customerVersions.version, version)));
      return row;
    },

    // Lookups across customers
    async byBirthday(ex: Executor, monthDays: string[], visible: SQL | undefined, limit: number) {
      return ex
        .select()
        .from(customers)
        .where(and(inArray(birthdayMonthDay, monthDays), visible))
        .orderBy(asc(customers.fullName), asc(customers.id))
        .limit(limit);
    },
    async duplicates(
      ex: Executor,
      q: { firstName?: string; lastName?: string; birthday?: string; email?: string; excludeId?: number },
      visible: SQL | undefined,
    ) {
      const byName =
        q.firstName && q.lastName && q.birthday
          ? and(
              sql`lower(${customers.firstName}) = lower(${q.firstName})`,
              sql`lower(${customers.lastName}) = lower(${q.lastName})`,
              eq(customers.birthday, q.birthday),
            )
          : undefined;
      const byEmail = q.email ? eq(customers.email, q.email.toLowerCase()) : undefined;
      if (!byName && !byEmail) return [];
      return ex
        .select({
          id: customers.id,
          fullName: customers.fullName,
          birthday: customers.birthday,
          email: customers.email,
        })
        .from(customers)
        .where(
          and(or(byName, byEmail), visible, q.excludeId ? sql`${customers.id} <> ${q.excludeId}` : undefined),
        )
        .orderBy(asc(customers.id))
        .limit(20);
    },
    async dashboard(ex: Executor, visible: SQL | undefined, since: Date, today: string[], next7: string[]) {
      const counted = (cond?: SQL) => sql<number>`count(*) filter (where ${cond ?? sql`true`})::int`;
      const [totals] = await ex
        .select({
          total: count(),
          newInPeriod: counted(sql`${customers.createdAt} >= ${since.toISOString()}`),
          birthdaysToday: counted(inArray(birthdayMonthDay, today)),
          birthdaysNext7Days: counted(inArray(birthdayMonthDay, next7)),
        })
        .from(customers)
        .where(visible);
      const byType = await ex
        .select({ customerType: customers.customerType, count: count() })
        .from(customers)
        .where(visible)
        .groupBy(customers.customerType)
        .orderBy(desc(count()), asc(customers.customerType));
      const byNationality = await ex
        .select({ nationality: customers.nationality, count: count() })
        .from(customers)
        .where(visible)
        .groupBy(customers.nationality)
        .orderBy(desc(count()), sql`${customers.nationality} asc nulls last`)
        .limit(10);
      return {
        ...(totals ?? { total: 0, newInPeriod: 0, birthdaysToday: 0, birthdaysNext7Days: 0 }),
        byType,
        byNationality,
      };
    },

    /**
     * Stays, revenue and last stay of a customer (docs/domain/reports.md, [Judgment]): the confirmed or resolved
     * bookings they travel on as a guest; revenue is the total of those they pay for (the lead); the last
     * stay is the latest departure day already reached.
     */
    async collectStats(ex: Executor, customerId: number): Promise<TCustomerStats> {
      const [row] = await ex
        .select({
          stays: sql<number>`count(*)::int`,
          revenue: sql<string>`coalesce(sum(${bookings.total}) filter (where ${bookings.customerId} = ${customerId}), 0)::numeric(14,2)::text`,
          lastStay: sql<
            string | null
          >`to_char(max(${bookings.to}) filter (where ${bookings.to} <= current_date), 'YYYY-MM-DD')`,
        })
        .from(bookings)
        .where(and(inArray(bookings.state, STAY_STATES), travelsOn(customerId)));
      return { stays: row?.stays ?? 0, revenue: row?.revenue ?? '0.00', lastStay: row?.lastStay ?? null };
    },

    /** The customer's bookings (as lead or guest) that `visible` lets through, newest first. */
    async stays(ex: Executor, customerId: number, visible: SQL | undefined): Promise<TCustomerStay[]> {
      const rows = await ex
        .select({
          bookingId: bookings.id,
          from: bookings.from,
          to: bookings.to,
          asset: sql<string>`coalesce(nullif(concat_ws(' + ', ${resorts.name}, ${vessels.name}), ''), '')`,
          status: bookings.state,
          amount: bookings.total,
          currency: bookings.currency,
        })
        .from(bookings)
        .leftJoin(resorts, eq(resorts.id, bookings.resortId))
        .leftJoin(vessels, eq(vessels.id, bookings.vesselId))
        .where(
          and(
            sql`${bookings.state} <> 'deleted'`,
            or(eq(bookings.customerId, customerId), travelsOn(customerId)),
            visible,
          ),
        )
        .orderBy(desc(bookings.from), desc(bookings.id))
        .limit(500);
      return rows;
    },

    // References
    async references(ex: Executor, customerId: number, system?: string) {
      return ex
        .select()
        .from(customerReferences)
        .where(
          and(
            eq(customerReferences.customerId, customerId),
            system === undefined ? undefined : eq(customerReferences.system, system),
          ),
        )
        .orderBy(asc(customerReferences.system), asc(customerReferences.external));
    },
    async reference(ex: Executor, customerId: number, system: string, external: string) {
      const [row] = await ex
        .select()
        .from(customerReferences)
        .where(
          and(
            eq(customerReferences.customerId, customerId),
            eq(customerReferences.system, system),
            eq(customerReferences.external, external),
          ),
        );
      return row;
    },
    /** Insert or update; nothing comes back when another customer holds system + external. */
    async upsertReference(tx: Tx, customerId: number, system: string, external: string, data: unknown) {
      const [row] = await tx
        .insert(customerReferences)
        .values({ customerId, system, external, data })
        .onConflictDoUpdate({
          target: [customerReferences.system, customerReferences.external],
          set: { data, updatedAt: new Date() },
          setWhere: eq(customerReferences.customerId, customerId),
        })
        .returning();
      return row;
    },
    async deleteReference(ex: Executor, customerId: number, system: string, external: string) {
      const rows = await ex
        .delete(customerReferences)
        .where(
          and(
            eq(customerReferences.customerId, customerId),
            eq(customerReferences.system, system),
            eq(customerReferences.external, external),
          ),
        )
        .returning({ id: customerReferences.id });
      return rows.length > 0;
    },

    // Meta
    async meta(ex: Executor, customerId: number, key?: string) {
      return ex
        .select()
        .from(customerMeta)
        .where(
          and(
            eq(customerMeta.customerId, customerId),
            key === undefined ? undefined : eq(customerMeta.key, key),
          ),
        )
        .orderBy(asc(customerMeta.key));
    },
    async setMeta(ex: Executor, customerId: number, key: string, value: unknown) {
      const [row] = await ex
        .insert(customerMeta)
        .values({ customerId, key, value })
        .onConflictDoUpdate({
          target: [customerMeta.customerId, customerMeta.key],
          set: { value, updatedAt: new Date() },
        })
        .returning();
      return row;
    },
    async deleteMeta(ex: Executor, customerId: number, key: string) {
      await ex
        .delete(customerMeta)
        .where(and(eq(customerMeta.customerId, customerId), eq(customerMeta.key, key)));
    },
  };
}
export type TCustomersRepository = ReturnType<typeof createCustomersRepository>;
