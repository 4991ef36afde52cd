import type { TDiveOverview, TDiveStatistics } from '@atoll/domain/dive/plan';
import { DEFAULT_DIVES_PER_DAY, estimateDiveDays } from '@atoll/domain/pricing/charging';
import type { TSessionUser } from '@atoll/domain/users';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { customers, dayGuests, diveLogs, diveSites, employees } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { createDiveRepository, type TDiveRepository } from './dive.repository.ts';
import { buildUddf, parseUddf, type TUddfDive } from './uddf.ts';

// The dive log beyond its generic calls (docs/domain/dive-day.md): statistics of a period, the overview
// of a day's guests, UDDF in and out, and what a booking's dives would charge.

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export function createDiveLogService({ db, repository }: { db: Db; repository: TDiveRepository }) {
  return {
    async statistics(from: string, to: string): Promise<TDiveStatistics> {
      const totals = await repository.totals(db, from, to);
      const perDay = await repository.countBy(db, from, to, sql`${diveLogs.date}`, sql`${diveLogs.date}`);
      const perSite = await repository.countBy(
        db,
        from,
        to,
        sql`${diveLogs.siteId}`,
        sql`${diveSites.name}`,
        'site',
      );
      const perGuide = await repository.countBy(
        db,
        from,
        to,
        sql`${diveLogs.guideId}`,
        sql`${employees.name}`,
        'guide',
      );
      const nationality = sql`coalesce(${customers.nationality}, ${dayGuests.nationality}, '')`;
      const perNationality = await repository.countBy(db, from, to, nationality, nationality, 'customer');
      return {
        from,
        to,
        ...totals,
        perDay: perDay
          .map((r) => ({ date: String(r.key), dives: r.n }))
          .sort((a, b) => a.date.localeCompare(b.date)),
        perSite: perSite.map((r) => ({
          id: r.key === null ? null : Number(r.key),
          name: r.label ?? '',
          dives: r.n,
        })),
        perGuide: perGuide.map((r) => ({
          id: r.key === null ? null : Number(r.key),
          name: r.label ?? '',
          dives: r.n,
        })),
        perNationality: perNationality.map((r) => ({ nationality: String(r.key ?? ''), dives: r.n })),
      };
    },

    /**
     * The guests in house on a day with the dives their stay leads to expect (dive days = days − 3,
     * 3 dives a dive day, the constants of spec booking §9) and those logged so far.
     */
    async overview(day: string): Promise<TDiveOverview> {
      const house = await repository.inHouse(db, day);
      const logged = await repository.loggedPerBooking(db, [...new Set(house.map((h) => h.bookingId))]);
      const guests = house.map((h) => {
        const expectedDiveDays = estimateDiveDays(daysBetween(h.from, h.to));
        const mine = logged.find((l) => l.bookingId === h.bookingId && l.customerId === h.customerId);
        return {
          customerId: h.customerId,
          name: h.name,
          bookingId: h.bookingId,
          from: h.from,
          to: h.to,
          expectedDiveDays,
          expectedDives: expectedDiveDays * DEFAULT_DIVES_PER_DAY,
          diveDays: mine?.diveDays ?? 0,
          dives: mine?.dives ?? 0,
        };
      });
      return { date: day, guests: guests.sort((a, b) => a.name.localeCompare(b.name)) };
    },

    /** A customer's dives from a UDDF file; a dive already imported (same id) is skipped. All or nothing. */
    async importUddf(customerId: number, xml: string) {
      const dives = parseUddf(xml);
      return db.transaction(async (tx) => {
        const [customer] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, customerId));
        if (!customer) throw notFound('Customer');
        const known = await repository.externalIds(tx, customerId);
        const sites = new Map((await repository.sitesByName(tx)).map((s) => [s.name.toLowerCase(), s.id]));
        const fresh = dives.filter((d) => !known.has(d.externalId));
        const rows = await repository.insertLogs(
          tx,
          fresh.map((d) => ({
            date: d.date,
            start: d.start,
            customerId,
            depth: d.depth === null ? null : String(d.depth),
            duration: d.duration,
            siteId: d.site ? (sites.get(d.site.toLowerCase()) ?? null) : null,
            comment: d.comment,
            externalId: d.externalId,
          })),
        );
        return { imported: rows.length, skipped: dives.length - rows.length };
      });
    },

    /** A customer's log as UDDF; a customer reads only their own (404 for another's). */
    async exportUddf(user: TSessionUser, customerId: number, isOwnOnly: boolean) {
      if (isOwnOnly && user.customerId !== customerId) throw notFound('Customer');
      const [customer] = await db
        .select({ name: customers.fullName })
        .from(customers)
        .where(eq(customers.id, customerId));
      if (!customer) throw notFound('Customer');
      const rows = await db
        .select({ log: diveLogs, site: diveSites.name })
        .from(diveLogs)
        .leftJoin(diveSites, eq(diveSites.id, diveLogs.siteId))
        .where(eq(diveLogs.customerId, customerId))
        .orderBy(diveLogs.date, diveLogs.start, diveLogs.id);
      const dives: TUddfDive[] = rows.map(({ log, site }) => ({
        externalId: log.externalId ?? `atoll-${log.id}`,
        date: log.date,
        start: log.start,
        depth: log.depth === null ? null : Number(log.depth),
        duration: log.duration,
        site,
        comment: log.comment,
      }));
      return { xml: buildUddf(customer.name, dives), filename: `dives-${customerId}.uddf` };
    },
  };
}
export type TDiveLogService = ReturnType<typeof createDiveLogService>;

/**
 * The seam to onsite items (PerDive, PerDiveDay): what a booking's logged dives would charge, per
 * customer: `{ customerId, dives, diveDays }`. Onsite items join here; the dive module charges nothing itself.
 */
export const diveCharges = (ex: Executor, bookingId: number) =>
  createDiveRepository().loggedPerBooking(ex, [bookingId]);
