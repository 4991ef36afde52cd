import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { bookingNumber, missingGuestformCondition } from '../../db/booking-conditions.ts';
import type { Executor } from '../../db/client.ts';
import { bookingGuests, bookings, customers, guestForms, storedFiles } from '../../db/schema.ts';
import { createBookingQueriesRepository } from '../bookings/read/bookings-queries.repository.ts';

const queriesRepo = createBookingQueriesRepository();

// The only file of the module that touches Drizzle: guest-form rows, the booking's guests and the
// uploads in stored_files (kind 'guestform').

export type TGuestFormRow = typeof guestForms.$inferSelect;
/** The list's filters; `visibility` and `own` are the bookings the user may see (bookingVisibility). */
export type TGuestFormFilter = {
  visibility?: SQL | undefined;
  own?: SQL | undefined;
  statuses?: string[] | undefined;
  bookingId?: number | undefined;
  customerId?: number | undefined;
  search?: string | undefined;
};
export type TGuestFormListRow = TGuestFormRow & {
  guestName: string | null;
  bookingNo: string | null;
  from: string | null;
  to: string | null;
};

/** 192 random bits, URL-safe (like an invoice's public token). */
export const newGuestFormToken = () => randomBytes(24).toString('base64url');

const listColumns = {
  form: guestForms,
  guestName: sql<string | null>`coalesce(${customers.fullName}, ${bookingGuests.name})`,
  bookingNo: bookingNumber,
  from: bookings.from,
  to: bookings.to,
};

type TJoined = {
  form: TGuestFormRow;
  guestName: string | null;
  bookingNo: string | null;
  from: string | null;
  to: string | null;
};
const flat = (r: TJoined): TGuestFormListRow => ({
  ...r.form,
  guestName: r.guestName,
  bookingNo: r.bookingNo,
  from: r.from,
  to: r.to,
});

function joined(ex: Executor) {
  return ex
    .select(listColumns)
    .from(guestForms)
    .innerJoin(bookings, eq(bookings.id, guestForms.bookingId))
    .leftJoin(bookingGuests, eq(bookingGuests.id, guestForms.bookingGuestId))
    .leftJoin(
      customers,
      eq(customers.id, sql`coalesce(${guestForms.customerId}, ${bookingGuests.customerId})`),
    );
}

export function createGuestFormsRepository() {
  const repo = {
    async one(ex: Executor, id: number, where?: SQL) {
      const [row] = await joined(ex).where(and(eq(guestForms.id, id), where));
      return row ? flat(row) : undefined;
    },
    async byToken(ex: Executor, id: number, token: string) {
      return repo.one(ex, id, eq(guestForms.token, token));
    },
    async ofBooking(ex: Executor, bookingId: number) {
      const rows = await joined(ex)
        .where(eq(guestForms.bookingId, bookingId))
        .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(guestForms.id));
      return rows.map(flat);
    },
    async page(ex: Executor, filter: TGuestFormFilter, limit: number, offset: number, desc_ = true) {
      const where = and(
        filter.visibility,
        filter.own,
        filter.statuses ? inArray(guestForms.status, filter.statuses) : undefined,
        filter.bookingId ? eq(guestForms.bookingId, filter.bookingId) : undefined,
        filter.customerId ? eq(guestForms.customerId, filter.customerId) : undefined,
        filter.search ? repo.search(filter.search) : undefined,
      );
      const [total] = await ex
        .select({ n: count() })
        .from(guestForms)
        .innerJoin(bookings, eq(bookings.id, guestForms.bookingId))
        .leftJoin(bookingGuests, eq(bookingGuests.id, guestForms.bookingGuestId))
        .leftJoin(
          customers,
          eq(customers.id, sql`coalesce(${guestForms.customerId}, ${bookingGuests.customerId})`),
        )
        .where(where);
      const rows = await joined(ex)
        .where(where)
        .orderBy(desc_ ? desc(guestForms.id) : asc(guestForms.id))
        .limit(limit)
        .offset(offset);
      return { total: total?.n ?? 0, rows: rows.map(flat) };
    },
    search(text: string): SQL {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return or(
        ilike(customers.fullName, like),
        ilike(bookingGuests.name, like),
        ilike(bookings.bookingNo, like),
        ilike(bookings.reservationNo, like),
      ) as SQL;
    },
    /** The guest's customer, if the guest has one. */
    async guestCustomerId(ex: Executor, bookingGuestId: number) {
      const [row] = await ex
        .select({ customerId: bookingGuests.customerId })
        .from(bookingGuests)
        .where(eq(bookingGuests.id, bookingGuestId));
      return row?.customerId ?? null;
    },
    async setGuestCustomer(ex: Executor, bookingGuestId: number, customerId: number) {
      await ex.update(bookingGuests).set({ customerId }).where(eq(bookingGuests.id, bookingGuestId));
    },
    /** The customer's place on the booking, locked: calls at once for one guest wait for each other. */
    async lockGuestOfCustomer(ex: Executor, bookingId: number, customerId: number) {
      const [row] = await ex
        .select({ id: bookingGuests.id })
        .from(bookingGuests)
        .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.customerId, customerId)))
        .limit(1)
        // Calls at once for one guest: the first creates the form, the others wait and find it.
        .for('update');
      return row;
    },
    async formOfGuest(ex: Executor, bookingGuestId: number) {
      const [row] = await ex
        .select({ id: guestForms.id })
        .from(guestForms)
        .where(eq(guestForms.bookingGuestId, bookingGuestId));
      return row;
    },
    async customer(ex: Executor, id: number) {
      const [row] = await ex.select().from(customers).where(eq(customers.id, id));
      return row;
    },
    async lockCustomer(ex: Executor, id: number) {
      const [row] = await ex.select().from(customers).where(eq(customers.id, id)).for('update');
      return row;
    },
    /**
     * A page of the bookings (the booking list's condition and order) with at least one guest whose form is
     * missing or still open, and how many there are (counted up to `countLimit`).
     */
    async bookingsMissingForms(
      ex: Executor,
      where: SQL | undefined,
      order: SQL[],
      page: { size: number; offset: number; countLimit: number },
    ) {
      const withMissing = and(where, missingGuestformCondition);
      const [total, rows] = await Promise.all([
        queriesRepo.countBookingsUpTo(ex, withMissing, page.countLimit),
        queriesRepo.pageOfBookings(ex, withMissing, order, page.size, page.offset),
      ]);
      return { total, rows };
    },
    /** The booking's guests (in room order) with their customers. */
    async guests(ex: Executor, bookingId: number) {
      return ex
        .select({
          id: bookingGuests.id,
          customerId: bookingGuests.customerId,
          name: bookingGuests.name,
          bookingRoomId: bookingGuests.bookingRoomId,
          language: bookings.language,
        })
        .from(bookingGuests)
        .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
        .where(eq(bookingGuests.bookingId, bookingId))
        .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(bookingGuests.id));
    },
    /** One form per guest of the booking that has none (a concurrent create is answered by the unique index). */
    async ensureForBooking(ex: Executor, bookingId: number, types: readonly string[]) {
      const guests = await repo.guests(ex, bookingId);
      if (guests.length === 0) return;
      await ex
        .insert(guestForms)
        .values(
          guests.map((g) => ({
            bookingId,
            bookingGuestId: g.id,
            customerId: g.customerId,
            token: newGuestFormToken(),
            types: [...types],
            language: g.language === 'de' ? 'de' : 'en',
          })),
        )
        .onConflictDoNothing();
    },
    async insert(ex: Executor, values: typeof guestForms.$inferInsert) {
      const [row] = await ex.insert(guestForms).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(ex: Executor, id: number, values: Partial<typeof guestForms.$inferInsert>) {
      const [row] = await ex
        .update(guestForms)
        .set({ ...values, version: sql`${guestForms.version} + 1`, updatedAt: new Date() })
        .where(eq(guestForms.id, id))
        .returning();
      return row;
    },
    async booking(ex: Executor, id: number, where?: SQL) {
      const [row] = await ex
        .select({ id: bookings.id, to: bookings.to, language: bookings.language })
        .from(bookings)
        .where(and(eq(bookings.id, id), where));
      return row;
    },
    async storeFile(ex: Executor, file: { name: string; mime: string; data: Buffer }) {
      const [row] = await ex
        .insert(storedFiles)
        .values({
          kind: 'guestform',
          name: file.name,
          mime: file.mime,
          size: file.data.length,
          data: file.data,
        })
        .returning({ id: storedFiles.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async statistics(ex: Executor, where: SQL | undefined, since: Date) {
      const rows = await ex
        .select({ status: guestForms.status, n: count() })
        .from(guestForms)
        .innerJoin(bookings, eq(bookings.id, guestForms.bookingId))
        .where(and(where, gte(guestForms.createdAt, since)))
        .groupBy(guestForms.status);
      const daily = await ex
        .select({ date: sql<string>`to_char(${guestForms.submittedAt}, 'YYYY-MM-DD')`, n: count() })
        .from(guestForms)
        .innerJoin(bookings, eq(bookings.id, guestForms.bookingId))
        .where(and(where, gte(guestForms.submittedAt, since)))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return { rows, daily };
    },
    /** Per booking: its guests and how many of them lack a submitted (or added) form. */
    async missingCounts(ex: Executor, bookingIds: number[]) {
      if (bookingIds.length === 0) return [];
      return ex
        .select({
          bookingId: bookingGuests.bookingId,
          guests: count(),
          missing: sql<number>`count(*) filter (where ${guestForms.id} is null or ${guestForms.status} = 'open')::int`,
        })
        .from(bookingGuests)
        .leftJoin(guestForms, eq(guestForms.bookingGuestId, bookingGuests.id))
        .where(inArray(bookingGuests.bookingId, bookingIds))
        .groupBy(bookingGuests.bookingId);
    },
  };
  return repo;
}

export type TGuestFormsRepository = ReturnType<typeof createGuestFormsRepository>;
