import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { bookingGuests, bookingRooms, bookings, calculationLines } from '../../../db/schema.ts';
import { createBookingWritesRepository } from '../write/bookings-writes.repository.ts';

// The writes of the lifecycle calls (change room, rebook, revert, split, reindex) that the other
// booking repositories do not have, and the jobs' look-ups (option expiry, resolve, waitlist). Plain rows in
// and out; the flows decide.

/** Confirmed, not resolved, its last day before `day`, nothing open: the nightly resolve takes it. */
const finished = (day: string) =>
  and(
    eq(bookings.state, 'confirmed'),
    eq(bookings.resolved, false),
    lt(bookings.to, day),
    lte(bookings.openAmount, '0'),
  );

export function createLifecycleWritesRepository() {
  const bookingWrites = createBookingWritesRepository();
  return {
    /** Re-points a room entry at another room; the guests' beds were of the old room, so they go. */
    async moveEntry(
      tx: Tx,
      bookingId: number,
      entryId: number,
      room: { id: number; roomTypeId: number | null },
    ) {
      await tx
        .update(bookingRooms)
        .set({ roomId: room.id, roomTypeId: room.roomTypeId })
        .where(and(eq(bookingRooms.bookingId, bookingId), eq(bookingRooms.id, entryId)));
      await tx.update(bookingGuests).set({ bed: null }).where(eq(bookingGuests.bookingRoomId, entryId));
    },

    /** Moves room entries with their guests to another booking (split): ids, occupancy links stay valid. */
    async moveEntries(tx: Tx, entryIds: readonly number[], toBookingId: number) {
      if (entryIds.length === 0) return;
      await tx
        .update(bookingRooms)
        .set({ bookingId: toBookingId })
        .where(inArray(bookingRooms.id, [...entryIds]));
      await tx
        .update(bookingGuests)
        .set({ bookingId: toBookingId })
        .where(inArray(bookingGuests.bookingRoomId, [...entryIds]));
    },

    /** Moves calculation lines to another booking (split). */
    async moveLines(tx: Tx, lineIds: readonly number[], toBookingId: number) {
      if (lineIds.length === 0) return;
      await tx
        .update(calculationLines)
        .set({ bookingId: toBookingId })
        .where(inArray(calculationLines.id, [...lineIds]));
    },

    async deleteLines(tx: Tx, lineIds: readonly number[]) {
      if (lineIds.length === 0) return;
      await tx.delete(calculationLines).where(inArray(calculationLines.id, [...lineIds]));
    },

    /** The finished, settled bookings as of `day` (see `finished`), by last day and id. */
    finishedBookings(ex: Executor, day: string, limit: number) {
      return ex
        .select({ id: bookings.id, version: bookings.version })
        .from(bookings)
        .where(finished(day))
        .orderBy(bookings.to, bookings.id)
        .limit(limit);
    },

    /** bumpVersion, only while the booking is still finished as of `day`. */
    bumpVersionIfFinished(tx: Tx, id: number, version: number, day: string) {
      return bookingWrites.bumpVersion(tx, id, version, finished(day));
    },

    /**
     * Open options lapsing after `now` and by `until` that were not warned of for this expiry, whose hold
     * is longer than the warning time; by expiry.
     */
    optionsToWarn(ex: Executor, now: Date, until: Date, warningHours: number, limit: number) {
      return ex
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.state, 'planned'),
            eq(bookings.resolved, false),
            gt(bookings.optionExpiry, now),
            lte(bookings.optionExpiry, until),
            or(isNull(bookings.optionWarnedExpiry), ne(bookings.optionWarnedExpiry, bookings.optionExpiry)),
            // A hold shorter than the warning time (an online checkout's) is not warned of, only its lapse.
            sql`${bookings.optionExpiry} > coalesce(${bookings.reservationDate}, ${bookings.createdAt}) + make_interval(hours => ${warningHours})`,
          ),
        )
        .orderBy(bookings.optionExpiry)
        .limit(limit);
    },

    /** Open options whose expiry lies before `now`, by expiry. */
    lapsedOptions(ex: Executor, now: Date, limit: number) {
      return ex
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(eq(bookings.state, 'planned'), eq(bookings.resolved, false), lt(bookings.optionExpiry, now)),
        )
        .orderBy(bookings.optionExpiry)
        .limit(limit);
    },

    /**
     * Waiting bookings (not `releasedId`) with a room entry of a released entry's room type on its departure,
     * or on overlapping nights; oldest first.
     */
    async waitingCandidates(tx: Tx, releasedId: number, limit: number): Promise<number[]> {
      const result = await tx.execute(sql`
        select w.id from bookings w
        where w.state = 'waiting' and w.id <> ${releasedId}
          and exists (
            select 1 from booking_rooms we join booking_rooms re on re.booking_id = ${releasedId}
            where we.booking_id = w.id
              and we.room_type_id is not distinct from re.room_type_id
              and (we.schedule_id = re.schedule_id
                   or (we.schedule_id is null and re.schedule_id is null
                       and we.from_date < re.to_date and re.from_date < we.to_date)))
        order by w.created_at, w.id
        limit ${limit}`);
      return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    },

    /** Every booking id, in id order (the global reindex). */
    async bookingIds(ex: Executor): Promise<number[]> {
      const rows = await ex.select({ id: bookings.id }).from(bookings).orderBy(asc(bookings.id));
      return rows.map((r) => r.id);
    },
  };
}
export type TLifecycleWritesRepository = ReturnType<typeof createLifecycleWritesRepository>;
