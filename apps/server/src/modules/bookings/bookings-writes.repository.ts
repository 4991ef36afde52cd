import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client.ts';
import { insertRows, type TReturning, updateRow, wholeRow } from '../../db/fixed-statements.ts';
import {
  bookingGuests,
  bookingRooms,
  bookings,
  bookingVersions,
  calculationLines,
  customers,
  rooms,
  schedules,
} from '../../db/schema.ts';
import { detailNames, type TBookingDetailRow, type TBookingRow } from './bookings.repository.ts';

// The writes of the booking flows (create, change, cancel, release, delete, reloadPrice) and the reads
// they make inside their transaction. Plain rows in and out; the flows decide.

export type TEntryInsert = Omit<typeof bookingRooms.$inferInsert, 'bookingId'>;
export type TGuestInsert = Omit<typeof bookingGuests.$inferInsert, 'bookingId' | 'bookingRoomId'>;
export type TLineRow = typeof calculationLines.$inferSelect;
export type TLineInsert = Omit<typeof calculationLines.$inferInsert, 'bookingId'>;
export type TBookingPatch = Partial<Omit<typeof bookings.$inferInsert, 'id'>>;

/** A room entry with the asset of its room, as pricing and the checks need it. */
export type TEntryRow = typeof bookingRooms.$inferSelect & {
  resortId: number | null;
  vesselId: number | null;
};
export type TGuestRow = typeof bookingGuests.$inferSelect;

export const bookingWrites = {
  /**
   * Locks the rooms a write books, in id order, before anything else: the room entries' foreign keys
   * take a share lock on them, and two writers that share-lock first and then ask for the hold flow's
   * update lock would deadlock.
   */
  async lockRooms(tx: Tx, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: rooms.id,
        name: rooms.name,
        resortId: rooms.resortId,
        vesselId: rooms.vesselId,
        roomTypeId: rooms.roomTypeId,
        isActive: rooms.isActive,
        isVisible: rooms.isVisible,
        hide: rooms.hide,
        // What the hold flow checks, so that it need not lock them again (THoldRequest.locked).
        allowSharedRoom: rooms.allowSharedRoom,
        allowMixedGender: rooms.allowMixedGender,
        configuration: rooms.configuration,
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

  /** The ids among `ids` that exist in the table. */
  async existing(ex: Executor, table: PgTable, id: PgColumn, ids: readonly number[]) {
    if (ids.length === 0) return new Set<number>();
    const rows = (await ex
      .select({ id })
      .from(table)
      .where(inArray(id, [...new Set(ids)]))) as { id: number }[];
    return new Set(rows.map((r) => r.id));
  },

  async insertBooking(tx: Tx, values: typeof bookings.$inferInsert): Promise<TBookingRow> {
    const [row] = await insertRows<TBookingRow>(tx, bookings, [values], wholeRow(bookings));
    if (!row) throw new Error('bookings: no row returned');
    return row;
  },

  /** Writes the room entries and their guests; answers the entries' ids in the given order. */
  async insertEntries(
    tx: Tx,
    bookingId: number,
    entries: readonly (TEntryInsert & { guests: readonly TGuestInsert[] })[],
  ): Promise<number[]> {
    return (await bookingWrites.insertEntryRows(tx, bookingId, entries)).entries.map((e) => e.id);
  },

  /**
   * Writes the room entries (one statement) and their guests (one more); answers the rows as stored,
   * entries in the given order.
   */
  async insertEntryRows(
    tx: Tx,
    bookingId: number,
    entries: readonly (TEntryInsert & { guests: readonly TGuestInsert[] })[],
  ): Promise<{ entries: (typeof bookingRooms.$inferSelect)[]; guests: TGuestRow[] }> {
    if (entries.length === 0) return { entries: [], guests: [] };
    const written = await insertRows<typeof bookingRooms.$inferSelect>(
      tx,
      bookingRooms,
      entries.map(({ guests: _g, ...entry }, sort) => ({ ...entry, bookingId, sort })),
      wholeRow(bookingRooms),
    );
    const guests = entries.flatMap((entry, i) =>
      entry.guests.map((guest, sort) => ({
        ...guest,
        bookingId,
        bookingRoomId: written[i]?.id ?? 0,
        sort,
      })),
    );
    const guestRows =
      guests.length > 0
        ? await insertRows<TGuestRow>(tx, bookingGuests, guests, wholeRow(bookingGuests))
        : [];
    return { entries: written, guests: guestRows };
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

  updateBooking(tx: Tx, id: number, values: TBookingPatch): Promise<TBookingRow> {
    return updateBookingReturning(tx, id, values, wholeRow(bookings));
  },

  /** updateBooking answering the row with the names its detail shows beside it (detailNames). */
  updateBookingNamed(tx: Tx, id: number, values: TBookingPatch): Promise<TBookingDetailRow> {
    return updateBookingReturning(tx, id, values, namedRow);
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
    await bookingWrites.insertLines(tx, bookingId, generated);
    for (const [id, position] of manualPositions)
      await tx.update(calculationLines).set({ position }).where(eq(calculationLines.id, id));
  },

  /** Writes lines in one statement; answers them as stored. */
  async insertLines(tx: Tx, bookingId: number, lines: readonly TLineInsert[]): Promise<TLineRow[]> {
    if (lines.length === 0) return [];
    return insertRows<TLineRow>(
      tx,
      calculationLines,
      lines.map((l) => ({ ...l, bookingId })),
      wholeRow(calculationLines),
    );
  },

  async updateLine(tx: Tx, id: number, values: Partial<TLineInsert>) {
    await tx.update(calculationLines).set(values).where(eq(calculationLines.id, id));
  },

  async insertLine(tx: Tx, bookingId: number, line: TLineInsert) {
    await tx.insert(calculationLines).values({ ...line, bookingId });
  },

  async insertVersion(tx: Tx, values: typeof bookingVersions.$inferInsert) {
    await insertRows(tx, bookingVersions, [values]);
  },
};

/** The row and the names of its detail (updateBookingNamed): one object, so its statement is built once. */
const namedRow = { ...getTableColumns(bookings), ...detailNames };

async function updateBookingReturning<T>(tx: Tx, id: number, values: TBookingPatch, returning: TReturning) {
  const row = await updateRow<T>(
    tx,
    bookings,
    bookings.id,
    id,
    { ...values, updatedAt: new Date() },
    returning,
  );
  if (!row) throw new Error(`bookings: ${id} vanished inside its transaction`);
  return row;
}
