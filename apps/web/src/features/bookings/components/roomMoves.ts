import type { TBooking, TBookingRoom } from '@atoll/domain/bookings';
import type { TRoomAvailability } from '@atoll/domain/inventory/availability';

// Where a room entry may move (docs/domain/moving-and-rebooking.md): another room of its resort over the same dates, or
// another cabin of its departure; free for it (the whole room, or enough free berths). The server checks
// again (NOT_AVAILABLE); this only keeps taken rooms out of the pickers. Pure, for tests.

/** The availability question of an entry: its departure's cabins, or its resort's rooms over its dates. */
export function availabilityOf(booking: Pick<TBooking, 'vesselId' | 'resortId'>, entry: TBookingRoom) {
  if (entry.scheduleId !== null && booking.vesselId !== null)
    return { vesselId: booking.vesselId, scheduleId: entry.scheduleId };
  if (booking.resortId !== null) return { resortId: booking.resortId, from: entry.from, to: entry.to };
  return null;
}

/** The rooms the entry may move to, by name. */
export function moveTargets(rooms: readonly TRoomAvailability[], entry: TBookingRoom): TRoomAvailability[] {
  return rooms
    .filter((r) => r.id !== entry.roomId && r.sellable)
    .filter((r) => (entry.whole ? r.free : r.freeBeds >= entry.guests.length))
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
}
