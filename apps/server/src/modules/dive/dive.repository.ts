import type { TDiverFacts } from '@atoll/domain/dive/readiness';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { holdingCondition } from '../../db/booking-conditions.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookings,
  customers,
  dayGuests,
  diveBoats,
  diveLogs,
  divePlans,
  diveSites,
  employees,
  guestForms,
  worklogs,
} from '../../db/schema.ts';

// The only Drizzle file of the dive module beyond the generic resources: what readiness, the plan's
// checks, the statistics and the overview read.

export type TDivePlanRow = typeof divePlans.$inferSelect;
export type TDiveLogRow = typeof diveLogs.$inferSelect;
export type TDiveLogInsert = typeof diveLogs.$inferInsert;
export type TDayGuestRow = typeof dayGuests.$inferSelect;

/** A row as the API answers it: timestamps as ISO strings. */
export function stamped<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
const num = (value: string | null) => (value === null ? null : Number(value));

type TNamedLog = TDiveLogRow & { diver?: string | null; site?: string | null };
export const toDiveLog = (row: TNamedLog) => ({
  ...stamped(row),
  depth: num(row.depth),
  diver: row.diver ?? null,
  site: row.site ?? null,
});
export const toDiveSite = (row: typeof diveSites.$inferSelect) => ({
  ...stamped(row),
  latitude: num(row.latitude),
  longitude: num(row.longitude),
});

export type TNamedFacts = { name: string; facts: TDiverFacts };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A guest form's diving and insurance answers as readiness facts; the medical statement is dated by its submission. */
function formFacts(data: Record<string, unknown>, submittedAt: Date | null, logged: number): TDiverFacts {
  const medicalKeys = Object.keys(data).filter((k) => k.startsWith('medical'));
  const declared = Number(data.loggedDives ?? 0);
  return {
    certLevel: text(data.certLevel),
    loggedDives: (Number.isFinite(declared) ? declared : 0) + logged,
    hasNitrox: /nitrox|eanx/i.test(String(data.certLevel ?? '')),
    medicalDate: medicalKeys.length && submittedAt ? submittedAt.toISOString().slice(0, 10) : null,
    medicalYes: medicalKeys.some((k) => data[k] === true),
    physicianSignOff: data.physicianSignOff === true,
    insurance: text(data.insuranceCompany),
  };
}

export function createDiveRepository() {
  async function loggedBy(
    ex: Executor,
    column: typeof diveLogs.customerId | typeof diveLogs.dayGuestId,
    ids: number[],
  ) {
    if (!ids.length) return new Map<number, number>();
    const rows = await ex
      .select({ id: column, n: count() })
      .from(diveLogs)
      .where(inArray(column, ids))
      .groupBy(column);
    return new Map(rows.map((r) => [r.id as number, r.n]));
  }

  return {
    /** Readiness facts of customers: their newest submitted guest form with diving answers, and their log. */
    async customerFacts(ex: Executor, ids: number[]): Promise<Map<number, TNamedFacts>> {
      if (!ids.length) return new Map();
      const people = await ex
        .select({ id: customers.id, name: customers.fullName })
        .from(customers)
        .where(inArray(customers.id, ids));
      const forms = await ex
        .select({
          customerId: guestForms.customerId,
          data: guestForms.data,
          submittedAt: guestForms.submittedAt,
        })
        .from(guestForms)
        .where(and(inArray(guestForms.customerId, ids), isNotNull(guestForms.submittedAt)))
        .orderBy(desc(guestForms.submittedAt));
      const logged = await loggedBy(ex, diveLogs.customerId, ids);
      const out = new Map<number, TNamedFacts>();
      for (const person of people) {
        const form = forms.find((f) => f.customerId === person.id && 'certLevel' in (f.data as object));
        const data = (form?.data ?? {}) as Record<string, unknown>;
        out.set(person.id, {
          name: person.name,
          facts: formFacts(data, form?.submittedAt ?? null, logged.get(person.id) ?? 0),
        });
      }
      return out;
    },

    async dayGuestFacts(ex: Executor, ids: number[]): Promise<Map<number, TNamedFacts>> {
      if (!ids.length) return new Map();
      const rows = await ex.select().from(dayGuests).where(inArray(dayGuests.id, ids));
      const logged = await loggedBy(ex, diveLogs.dayGuestId, ids);
      return new Map(
        rows.map((g) => [
          g.id,
          {
            name: g.name,
            facts: {
              certLevel: g.certLevel,
              loggedDives: g.loggedDives + (logged.get(g.id) ?? 0),
              hasNitrox: g.hasNitrox,
              medicalDate: g.medicalDate,
              medicalYes: g.medicalYes,
              physicianSignOff: g.physicianSignOff,
              insurance: g.insurance,
            },
          },
        ]),
      );
    },

    /** Guests of holding bookings in house on `day` (arrival to departure day) who have a customer record. */
    inHouse(ex: Executor, day: string, bookingIds?: number[]) {
      return ex
        .selectDistinctOn([bookingGuests.customerId, bookings.id], {
          customerId: sql<number>`${bookingGuests.customerId}`,
          name: customers.fullName,
          nationality: customers.nationality,
          bookingId: bookings.id,
          from: bookings.from,
          to: bookings.to,
          resortId: bookings.resortId,
          vesselId: bookings.vesselId,
        })
        .from(bookingGuests)
        .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
        .innerJoin(customers, eq(customers.id, bookingGuests.customerId))
        .where(
          and(
            holdingCondition(false),
            lte(bookings.from, day),
            gte(bookings.to, day),
            bookingIds ? inArray(bookings.id, bookingIds) : undefined,
          ),
        )
        .orderBy(bookingGuests.customerId, bookings.id);
    },

    dayGuestsOn: (ex: Executor, day: string) =>
      ex.select().from(dayGuests).where(eq(dayGuests.date, day)).orderBy(asc(dayGuests.name)),

    async guides(ex: Executor, ids: number[]) {
      if (!ids.length) return [];
      return ex.select().from(employees).where(inArray(employees.id, ids));
    },

    async boat(ex: Executor, id: number | null) {
      if (id === null) return null;
      const [row] = await ex.select().from(diveBoats).where(eq(diveBoats.id, id));
      return row ?? null;
    },

    async site(ex: Executor, id: number | null) {
      if (id === null) return null;
      const [row] = await ex.select().from(diveSites).where(eq(diveSites.id, id));
      return row ?? null;
    },

    plansOn: (ex: Executor, day: string, ids?: number[]) =>
      ex
        .select()
        .from(divePlans)
        .where(and(eq(divePlans.date, day), ids ? inArray(divePlans.id, ids) : undefined))
        .orderBy(asc(divePlans.time), asc(divePlans.id)),

    /** Dives of the day already logged per diver: the number of the next dive. */
    async divesOnDay(ex: Executor, day: string) {
      const rows = await ex
        .select({ customerId: diveLogs.customerId, dayGuestId: diveLogs.dayGuestId, n: count() })
        .from(diveLogs)
        .where(eq(diveLogs.date, day))
        .groupBy(diveLogs.customerId, diveLogs.dayGuestId);
      return rows;
    },

    insertLogs: async (ex: Executor, rows: TDiveLogInsert[]) =>
      rows.length ? ex.insert(diveLogs).values(rows).returning() : [],

    /** One more dive on each guide's worklog of the day (the day's row is made when there is none). */
    async countGuideDives(ex: Executor, guideIds: number[], day: string) {
      for (const employeeId of new Set(guideIds)) {
        const [row] = await ex
          .select({ id: worklogs.id })
          .from(worklogs)
          .where(and(eq(worklogs.employeeId, employeeId), eq(worklogs.date, day)))
          .limit(1)
          .for('update');
        if (row)
          await ex
            .update(worklogs)
            .set({ dives: sql`${worklogs.dives} + 1`, updatedAt: new Date() })
            .where(eq(worklogs.id, row.id));
        else await ex.insert(worklogs).values({ employeeId, date: day, dives: 1 });
      }
    },

    markLogged: (ex: Executor, id: number) =>
      ex.update(divePlans).set({ loggedAt: new Date(), updatedAt: new Date() }).where(eq(divePlans.id, id)),

    logsOf: (ex: Executor, where: SQL | undefined) =>
      ex
        .select()
        .from(diveLogs)
        .where(where)
        .orderBy(asc(diveLogs.date), asc(diveLogs.sort), asc(diveLogs.id)),

    async externalIds(ex: Executor, customerId: number) {
      const rows = await ex
        .select({ id: diveLogs.externalId })
        .from(diveLogs)
        .where(and(eq(diveLogs.customerId, customerId), isNotNull(diveLogs.externalId)));
      return new Set(rows.map((r) => r.id as string));
    },

    /** Log rows with the names of their divers and sites. */
    async withNames(ex: Executor, rows: TDiveLogRow[]): Promise<TNamedLog[]> {
      const ids = (pick: (r: TDiveLogRow) => number | null) => [
        ...new Set(rows.flatMap((r) => (pick(r) === null ? [] : [pick(r) as number]))),
      ];
      const [people, guests, sites] = [
        ids((r) => r.customerId),
        ids((r) => r.dayGuestId),
        ids((r) => r.siteId),
      ];
      const names = async (table: typeof customers | typeof dayGuests | typeof diveSites, list: number[]) => {
        if (!list.length) return new Map<number, string>();
        const column =
          table === customers ? customers.fullName : table === dayGuests ? dayGuests.name : diveSites.name;
        const found = await ex
          .select({ id: table.id, name: column })
          .from(table)
          .where(inArray(table.id, list));
        return new Map(found.map((f) => [f.id, f.name]));
      };
      const [c, g, s] = [
        await names(customers, people),
        await names(dayGuests, guests),
        await names(diveSites, sites),
      ];
      return rows.map((r) => ({
        ...r,
        diver: (r.customerId !== null ? c.get(r.customerId) : g.get(r.dayGuestId ?? 0)) ?? null,
        site: r.siteId !== null ? (s.get(r.siteId) ?? null) : null,
      }));
    },

    sitesByName: (ex: Executor) => ex.select({ id: diveSites.id, name: diveSites.name }).from(diveSites),

    /** Counts of dives in a period grouped by `key` (a column or expression), with a label. */
    async countBy(
      ex: Executor,
      from: string,
      to: string,
      key: SQL,
      label: SQL,
      join?: 'site' | 'guide' | 'customer',
    ) {
      const period = and(gte(diveLogs.date, from), lte(diveLogs.date, to));
      let query = ex
        .select({ key: sql<string | number | null>`${key}`, label: sql<string | null>`${label}`, n: count() })
        .from(diveLogs)
        .$dynamic();
      if (join === 'site') query = query.leftJoin(diveSites, eq(diveSites.id, diveLogs.siteId));
      if (join === 'guide') query = query.leftJoin(employees, eq(employees.id, diveLogs.guideId));
      if (join === 'customer')
        query = query
          .leftJoin(customers, eq(customers.id, diveLogs.customerId))
          .leftJoin(dayGuests, eq(dayGuests.id, diveLogs.dayGuestId));
      return query.where(period).groupBy(key, label).orderBy(desc(count()), sql`${key}`);
    },

    async totals(ex: Executor, from: string, to: string) {
      const [row] = await ex
        .select({
          dives: count(),
          customers: countDistinct(diveLogs.customerId),
          guests: countDistinct(diveLogs.dayGuestId),
        })
        .from(diveLogs)
        .where(and(gte(diveLogs.date, from), lte(diveLogs.date, to)));
      return { dives: row?.dives ?? 0, divers: (row?.customers ?? 0) + (row?.guests ?? 0) };
    },

    /** Logged dives and dive days per customer within each booking. */
    async loggedPerBooking(ex: Executor, bookingIds: number[]) {
      if (!bookingIds.length) return [];
      return ex
        .select({
          bookingId: sql<number>`${diveLogs.bookingId}`,
          customerId: sql<number>`${diveLogs.customerId}`,
          dives: count(),
          diveDays: countDistinct(diveLogs.date),
        })
        .from(diveLogs)
        .where(and(inArray(diveLogs.bookingId, bookingIds), isNotNull(diveLogs.customerId)))
        .groupBy(diveLogs.bookingId, diveLogs.customerId);
    },
  };
}
export type TDiveRepository = ReturnType<typeof createDiveRepository>;
