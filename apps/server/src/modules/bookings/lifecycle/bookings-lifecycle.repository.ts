import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { bookingGuests, bookingRooms, bookings, calculationLines } from '../../../db/schema.ts';

// The writes of the lifecycle calls (change room, rebook, revert, split, reindex) that the other
// booking repositories do not have. Plain rows in and out; the flows decide.

export const lifecycleWrites = {
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

  /** Every booking id, in id order (the global reindex). */
  async bookingIds(ex: Executor): Promise<number[]> {
    const rows = await ex.select({ id: bookings.id }).from(bookings).orderBy(asc(bookings.id));
    return rows.map((r) => r.id);
  },
};
