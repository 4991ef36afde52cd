import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { bookingGuests, bookingRooms } from '../../../db/schema.ts';

// The writes of the room, guest and stay calls (booking-rooms.flow.ts) on single room entries and
// guests. Plain rows in and out; the flow decides.

export type TEntryPatch = Partial<
  Pick<typeof bookingRooms.$inferInsert, 'from' | 'to' | 'checkIn' | 'checkOut' | 'locked' | 'sort' | 'whole'>
>;
export type TGuestPatch = Partial<
  Pick<typeof bookingGuests.$inferInsert, 'customerId' | 'name' | 'gender' | 'age' | 'variantId' | 'bed'>
>;

export function createBookingRoomWritesRepository() {
  return {
    /** The booking of a room entry (the spec paths that name no booking). */
    async bookingOfEntry(ex: Executor, entryId: number): Promise<number | undefined> {
      const [row] = await ex
        .select({ bookingId: bookingRooms.bookingId })
        .from(bookingRooms)
        .where(eq(bookingRooms.id, entryId));
      return row?.bookingId;
    },

    async updateEntry(tx: Tx, bookingId: number, entryId: number, values: TEntryPatch) {
      await tx
        .update(bookingRooms)
        .set(values)
        .where(and(eq(bookingRooms.bookingId, bookingId), eq(bookingRooms.id, entryId)));
    },

    async deleteEntry(tx: Tx, bookingId: number, entryId: number) {
      await tx
        .delete(bookingRooms)
        .where(and(eq(bookingRooms.bookingId, bookingId), eq(bookingRooms.id, entryId)));
    },

    async updateGuest(tx: Tx, bookingId: number, guestId: number, values: TGuestPatch) {
      await tx
        .update(bookingGuests)
        .set(values)
        .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.id, guestId)));
    },

    async deleteGuest(tx: Tx, bookingId: number, guestId: number) {
      await tx
        .delete(bookingGuests)
        .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.id, guestId)));
    },
  };
}
export type TBookingRoomWritesRepository = ReturnType<typeof createBookingRoomWritesRepository>;
