import { and, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { bookingGuests, commissions, prices } from '../../../db/schema.ts';
import type { TGuestInsert } from '../write/bookings-writes.repository.ts';

// The reads and writes of the choices by hand on a booking (booking-choices.flow.ts): the price and the
// commission row it may pin, and the guests of one room entry. Plain rows in and out; the flow decides.

export function createBookingChoiceWritesRepository() {
  return {
    async price(ex: Executor, id: number) {
      const [row] = await ex
        .select({
          id: prices.id,
          resortId: prices.resortId,
          vesselId: prices.vesselId,
          status: prices.status,
        })
        .from(prices)
        .where(eq(prices.id, id));
      return row;
    },

    async commission(ex: Executor, id: number) {
      const [row] = await ex
        .select({
          id: commissions.id,
          agencyId: commissions.agencyId,
          resortId: commissions.resortId,
          vesselId: commissions.vesselId,
        })
        .from(commissions)
        .where(eq(commissions.id, id));
      return row;
    },

    /** Adds guests to a room entry after its `after` existing ones. */
    async insertGuests(
      tx: Tx,
      bookingId: number,
      entryId: number,
      guests: readonly TGuestInsert[],
      after: number,
    ) {
      if (guests.length === 0) return;
      await tx
        .insert(bookingGuests)
        .values(guests.map((g, i) => ({ ...g, bookingId, bookingRoomId: entryId, sort: after + i })));
    },

    async deleteGuests(tx: Tx, bookingId: number, ids: readonly number[]) {
      if (ids.length === 0) return;
      await tx
        .delete(bookingGuests)
        .where(and(eq(bookingGuests.bookingId, bookingId), inArray(bookingGuests.id, [...ids])));
    },
  };
}
export type TBookingChoiceWritesRepository = ReturnType<typeof createBookingChoiceWritesRepository>;
