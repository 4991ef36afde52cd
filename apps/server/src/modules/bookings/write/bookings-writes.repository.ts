import type { TBookingAction } from '@atoll/domain/bookings/history';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { rowOf } from '../../../db/row-of.ts';
import {
  agencies,
  bookingCategories,
  bookingCounters,
  bookingGuests,
  bookingRooms,
  bookingSources,
  bookings,
  bookingVersions,
  calculationLines,
  customers,
  occupancy,
  paymentTerms,
  priceVariants,
  rooms,
  schedules,
} from '../../../db/schema.ts';
import { HOLD_ROOM_COLUMNS } from '../../availability/availability.repository.ts';
import { detailNames, type TBookingDetailRow, type TBookingRow } from '../bookings.repository.ts';

// The writes of the booking flows (create, change, cancel, release, delete, reloadPrice) and the reads
// they make inside their transaction. Plain rows in and out; the flows decide.

export type TEntryInsert = Omit<typeof bookingRooms.$inferInsert, 'bookingId'>;
export type TGuestInsert = Omit<typeof bookingGuests.$inferInsert, 'bookingId' | 'bookingRoomId'>;
export type TLineRow = typeof calculationLines.$inferSelect;
export type TLineInsert = Omit<typeof calculationLines.$inferInsert, 'bookingId'>;
/** A line the engine generated, every column given but its id and booking. */
export type TGeneratedLine = Omit<TLineRow, 'id' | 'bookingId'>;
export type TBookingPatch = Partial<Omit<typeof bookings.$inferInsert, 'id'>>;

/** A room entry with the asset of its room, as pricing and the checks need it. */
export type TEntryRow = typeof bookingRooms.$inferSelect & {
  resortId: number | null;
  vesselId: number | null;
};
export type TGuestRow = typeof bookingGuests.$inferSelect;

export type TDrawnIds = { booking: number; entries: number[]; guests: number[] };
/** A room entry and a guest as insertCreated writes them: with the ids drawIds drew. */
export type TEntryValues = typeof bookingRooms.$inferInsert & { id: number };
export type TGuestValues = typeof bookingGuests.$inferInsert & { id: number };

/** A room entry with the guests it will hold, before it belongs to a booking. */
type TEntryWithGuests = TEntryInsert & { guests: readonly TGuestInsert[] };

/** The entries' values under their booking, sorted as given. */
const entryValues = (bookingId: number, entries: readonly TEntryWithGuests[]) =>
  entries.map(({ guests: _g, ...entry }, sort) => ({ ...entry, bookingId, sort }));

/** Their guests' values, each under its entry's id (`entryIds` in the entries' order), sorted within it. */
const guestValues = (bookingId: number, entries: readonly TEntryWithGuests[], entryIds: readonly number[]) =>
  entries.flatMap((entry, i) =>
    entry.guests.map((guest, sort) => ({ ...guest, bookingId, bookingRoomId: entryIds[i] as number, sort })),
  );

/**
 * The room entries and their guests as insertCreated writes them, under the ids drawn for them (in order), with
 * the rows they become (rowOf: nothing of them is filled in by the database).
 */
export function numberedEntries(ids: TDrawnIds, entries: readonly TEntryWithGuests[]) {
  const values = entryValues(ids.booking, entries).map(
    (entry, i): TEntryValues => ({ ...entry, id: ids.entries[i] as number }),
  );
  const guests = guestValues(ids.booking, entries, ids.entries).map(
    (guest, i): TGuestValues => ({ ...guest, id: ids.guests[i] as number }),
  );
  return {
    entries: values,
    guests,
    entryRows: values.map((v) => rowOf<typeof bookingRooms.$inferSelect>(bookingRooms, v)),
    guestRows: guests.map((g) => rowOf<TGuestRow>(bookingGuests, g)),
  };
}

/** The tables a booking names rows of by id, whose existence a write checks. */
const REFERENCED = {
  agencies: agencies.id,
  bookingSources: bookingSources.id,
  bookingCategories: bookingCategories.id,
  paymentTerms: paymentTerms.id,
  priceVariants: priceVariants.id,
};
export type TReferenced = keyof typeof REFERENCED;

export function createBookingWritesRepository() {
  const repository = {
    /**
     * Locks the rooms a write books, in id order, before anything else: the room entries' foreign keys
     * take a share lock on them, and two writers that share-lock first and then ask for the hold flow's
     * update lock would deadlock.
     */
    async lockRooms(tx: Tx, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return tx
        .select({
          ...HOLD_ROOM_COLUMNS,
          name: rooms.name,
          resortId: rooms.resortId,
          roomTypeId: rooms.roomTypeId,
        })
        .from(rooms)
        .where(inArray(rooms.id, [...new Set(ids)]))
        .orderBy(asc(rooms.id))
        .for('update');
    },

    /** The active cabins of a vessel (a full charter takes them all), locked in id order as lockRooms. */
    async lockVesselCabins(tx: Tx, vesselId: number) {
      return tx
        .select({
          id: rooms.id,
          sort: rooms.sort,
          isVisible: rooms.isVisible,
          hide: rooms.hide,
          configuration: rooms.configuration,
        })
        .from(rooms)
        .where(and(eq(rooms.vesselId, vesselId), eq(rooms.isActive, true)))
        .orderBy(asc(rooms.id))
        .for('update');
    },

    async schedules(ex: Executor, ids: readonly number[], visible: SQL | undefined) {
      if (ids.length === 0) return [];
      return ex
        .select()
        .from(schedules)
        .where(and(inArray(schedules.id, [...new Set(ids)]), visible));
    },

    /** The customers among `ids` the user may name (`visible`), with what the hold and pricing need. */
    async customers(ex: Executor, ids: readonly number[], visible: SQL | undefined) {
      if (ids.length === 0) return [];
      return ex
        .select({
          id: customers.id,
          gender: customers.gender,
          birthday: customers.birthday,
          permanentAge: customers.permanentAge,
        })
        .from(customers)
        .where(and(inArray(customers.id, [...new Set(ids)]), visible));
    },

    async paymentTerms(ex: Executor, id: number) {
      const [row] = await ex.select().from(paymentTerms).where(eq(paymentTerms.id, id));
      return row;
    },

    /** Bumps the counter of this kind and year (created at 1) and answers its new value; locks its row. */
    async bumpCounter(
      tx: Tx,
      kind: (typeof bookingCounters.$inferInsert)['kind'],
      year: number,
    ): Promise<number> {
      const [row] = await tx
        .insert(bookingCounters)
        .values({ kind, year, last: 1 })
        .onConflictDoUpdate({
          target: [bookingCounters.kind, bookingCounters.year],
          set: { last: sql`${bookingCounters.last} + 1` },
        })
        .returning({ last: bookingCounters.last });
      if (!row) throw new Error('booking_counters: no row returned');
      return row.last;
    },

    /** The ids among `ids` that exist in the table. */
    async existing(ex: Executor, referenced: TReferenced, ids: readonly number[]) {
      if (ids.length === 0) return new Set<number>();
      const id = REFERENCED[referenced];
      const rows = (await ex
        .select({ id })
        .from(id.table)
        .where(inArray(id, [...new Set(ids)]))) as { id: number }[];
      return new Set(rows.map((r) => r.id));
    },

    async insertBooking(tx: Tx, values: typeof bookings.$inferInsert): Promise<TBookingRow> {
      const [row] = await tx.insert(bookings).values(values).returning();
      if (!row) throw new Error('bookings: no row returned');
      return row;
    },

    /** Writes the room entries (one statement) and their guests (one more); answers the entries' ids in the given order. */
    async insertEntries(tx: Tx, bookingId: number, entries: readonly TEntryWithGuests[]): Promise<number[]> {
      if (entries.length === 0) return [];
      const written = await tx
        .insert(bookingRooms)
        .values(entryValues(bookingId, entries))
        .returning({ id: bookingRooms.id });
      const ids = written.map((e) => e.id);
      const guests = guestValues(bookingId, entries, ids);
      if (guests.length > 0) await tx.insert(bookingGuests).values(guests);
      return ids;
    },

    /** Ids for a new booking, its room entries and their guests, drawn before they are written (insertCreated). */
    async drawIds(tx: Tx, entries: number, guests: number): Promise<TDrawnIds> {
      const { rows } = (await tx.execute(sql`
        select nextval('bookings_id_seq')::int as "booking",
               array(select nextval('booking_rooms_id_seq')::int from generate_series(1, ${entries}::int)) as "entries",
               array(select nextval('booking_guests_id_seq')::int from generate_series(1, ${guests}::int)) as "guests"`)) as unknown as {
        rows: TDrawnIds[];
      };
      const [row] = rows;
      if (!row) throw new Error('drawIds: no row returned');
      return row;
    },

    /**
     * A new booking with its room entries, guests and holds in one statement (data-modifying CTEs: PostgreSQL checks
     * the foreign keys at its end), under the ids drawIds drew, then its calculation lines; answers the row with its
     * names and the lines as stored. Two round trips instead of five: a creation's share of waiting for PostgreSQL.
     */
    async insertCreated(
      tx: Tx,
      parts: {
        booking: typeof bookings.$inferInsert;
        entries: readonly TEntryValues[];
        guests: readonly TGuestValues[];
        lines: readonly TGeneratedLine[];
        holds: readonly (typeof occupancy.$inferInsert)[];
      },
    ): Promise<{ booking: TBookingDetailRow; lines: TLineRow[] }> {
      const bookingId = parts.booking.id;
      if (bookingId === undefined) throw new Error('insertCreated: the booking needs its drawn id');
      const beside = [
        parts.entries.length > 0 &&
          tx.$with('entries').as(tx.insert(bookingRooms).values([...parts.entries])),
        parts.guests.length > 0 && tx.$with('guests').as(tx.insert(bookingGuests).values([...parts.guests])),
        parts.holds.length > 0 && tx.$with('holds').as(tx.insert(occupancy).values([...parts.holds])),
      ].filter((cte) => cte !== false);
      const [booking] = await tx
        .with(...beside)
        .insert(bookings)
        .values(parts.booking)
        .returning(namedRow);
      if (!booking) throw new Error('bookings: no row returned');
      return { booking, lines: await repository.insertLines(tx, bookingId, parts.lines) };
    },

    /** Removes every room entry (their guests go with them; lines keep no guest). */
    async deleteEntries(tx: Tx, bookingId: number) {
      await tx.delete(bookingRooms).where(eq(bookingRooms.bookingId, bookingId));
    },

    async booking(ex: Executor, id: number, where?: SQL): Promise<TBookingRow | undefined> {
      const [row] = await ex
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), where));
      return row;
    },

    /**
     * The optimistic lock: bumps the version only if it is still `version` (and the booking is one the
     * user may see). Concurrent writers queue on the row; the later one finds the version moved on.
     */
    async bumpVersion(tx: Tx, id: number, version: number | null, where?: SQL) {
      const [row] = await tx
        .update(bookings)
        .set({ version: sql`${bookings.version} + 1`, updatedAt: new Date() })
        .where(and(eq(bookings.id, id), version === null ? undefined : eq(bookings.version, version), where))
        .returning();
      return row;
    },

    async updateBooking(tx: Tx, id: number, values: TBookingPatch): Promise<TBookingRow> {
      const [row] = await tx
        .update(bookings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(bookings.id, id))
        .returning();
      if (!row) throw new Error(`bookings: ${id} vanished inside its transaction`);
      return row;
    },

    async entries(ex: Executor, bookingId: number): Promise<TEntryRow[]> {
      const rows = await ex
        .select({ entry: bookingRooms, resortId: rooms.resortId, vesselId: rooms.vesselId })
        .from(bookingRooms)
        .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
        .where(eq(bookingRooms.bookingId, bookingId))
        .orderBy(asc(bookingRooms.sort), asc(bookingRooms.id));
      return rows.map((r) => ({ ...r.entry, resortId: r.resortId, vesselId: r.vesselId }));
    },

    async guests(ex: Executor, bookingId: number): Promise<TGuestRow[]> {
      return ex
        .select()
        .from(bookingGuests)
        .where(eq(bookingGuests.bookingId, bookingId))
        .orderBy(asc(bookingGuests.sort), asc(bookingGuests.id));
    },

    async lines(ex: Executor, bookingId: number): Promise<TLineRow[]> {
      return ex
        .select()
        .from(calculationLines)
        .where(eq(calculationLines.bookingId, bookingId))
        .orderBy(asc(calculationLines.position), asc(calculationLines.id));
    },

    /** Drops the generated lines and writes the new ones; manual lines stay and get their new position. */
    async replaceGeneratedLines(
      tx: Tx,
      bookingId: number,
      generated: readonly TLineInsert[],
      manualPositions: ReadonlyMap<number, number>,
    ) {
      await tx
        .delete(calculationLines)
        .where(and(eq(calculationLines.bookingId, bookingId), eq(calculationLines.manual, false)));
      await repository.insertLines(tx, bookingId, generated);
      for (const [id, position] of manualPositions)
        await tx.update(calculationLines).set({ position }).where(eq(calculationLines.id, id));
    },

    /** Writes lines in one statement; answers them as stored. */
    async insertLines(tx: Tx, bookingId: number, lines: readonly TLineInsert[]): Promise<TLineRow[]> {
      if (lines.length === 0) return [];
      return tx
        .insert(calculationLines)
        .values(lines.map((l) => ({ ...l, bookingId })))
        .returning();
    },

    async updateLine(tx: Tx, id: number, values: Partial<TLineInsert>) {
      await tx.update(calculationLines).set(values).where(eq(calculationLines.id, id));
    },

    async insertLine(tx: Tx, bookingId: number, line: TLineInsert) {
      await tx.insert(calculationLines).values({ ...line, bookingId });
    },

    /** A version row; its action is one the history names in words. */
    async insertVersion(tx: Tx, values: typeof bookingVersions.$inferInsert & { action: TBookingAction }) {
      await tx.insert(bookingVersions).values(values);
    },
  };
  return repository;
}
export type TBookingWritesRepository = ReturnType<typeof createBookingWritesRepository>;

/** The row and the names of its detail (insertCreated). */
const namedRow = { ...getTableColumns(bookings), ...detailNames };
