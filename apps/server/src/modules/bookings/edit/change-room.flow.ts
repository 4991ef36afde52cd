import { isEditable, type TBooking, type TBookingState } from '@atoll/domain/bookings';
import { AppError, badRequest, forbidden } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking } from '../bookings.repository.ts';
import { holdStored } from '../lifecycle/booking-lifecycle.ts';
import { createLifecycleWritesRepository } from '../lifecycle/bookings-lifecycle.repository.ts';
import { assertRoomsChangeable, writerOf } from '../write/booking-input.ts';
import { assertPriced, priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository, type TEntryRow } from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { type TLock, writeOrPreview } from './booking-rooms.flow.ts';
import { invalidState } from './change-booking.flow.ts';

const bookingRepo = createBookingsRepository();

// POST /api/bookings/{id}/changeRoom (docs/domain/moving-and-rebooking.md): one room entry moves to another room of the
// same resort (same dates) or another cabin of the same vessel (same departure). The occupancy grid's
// vertical drag and the cabin-move screen call it. The target must be free (NOT_AVAILABLE); the price
// is recalculated only when the room type differs and reloadPrice is asked for.

const bookingWrites = createBookingWritesRepository();

export type TChangeRoom = { roomBookingId: number; roomId: number; reloadPrice?: boolean | undefined };

type TRoom = Awaited<ReturnType<typeof bookingWrites.lockRooms>>[number];

/** A resort room stays in its resort, a cabin on its vessel: the dates or the departure do not change. */
const sameAsset = (entry: TEntryRow, room: TRoom) =>
  entry.resortId !== null ? room.resortId === entry.resortId : room.vesselId === entry.vesselId;

export function createChangeRoomFlow(deps: TBookingFlowDeps) {
  const lifecycleWrites = createLifecycleWritesRepository();
  const { db, availability } = deps;

  return {
    /** Office only (bookings.update); `force` overrides a locked entry and blocks, never another hold. */
    async changeRoom(user: TSessionUser, id: number, input: TChangeRoom, lock: TLock): Promise<TBooking> {
      const writer = writerOf(user, ['bookings.update']);
      if (writer.isAgent) throw forbidden();
      const force = lock.force === true;
      const booking = await writeOrPreview(db, lock, async (tx) => {
        const row = await lockBooking(tx, user, id, lock.version);
        const before = await bookingRepo.loadBooking(tx, id);
        if (!isEditable(row.state as TBookingState)) throw invalidState(row.state);
        assertRoomsChangeable(row);
        const entries = await bookingWrites.entries(tx, id);
        const entry = entries.find((e) => e.id === input.roomBookingId);
        if (!entry) throw badRequest('The room entry is not part of the booking', 'roomBookingId');
        if (entry.roomId === input.roomId) throw badRequest('The entry is in this room already', 'roomId');
        if (entry.locked && !force) throw new AppError(409, 'ROOM_LOCKED', 'The room entry is locked');
        const rooms = await bookingWrites.lockRooms(tx, [...entries.map((e) => e.roomId), input.roomId]);
        const target = rooms.find((r) => r.id === input.roomId);
        if (!target || !sameAsset(entry, target) || target.roomTypeId === null)
          throw badRequest('The room does not exist', 'roomId');
        await lifecycleWrites.moveEntry(tx, id, entry.id, target);
        await holdStored(tx, availability, row, 'staff', force);
        if (input.reloadPrice && target.roomTypeId !== entry.roomTypeId)
          assertPriced(await priceBooking(tx, user, row, deps.reference?.reads()), force);
        return recordVersion(tx, {
          bookingId: id,
          version: row.version,
          userId: user.id,
          action: 'changeRoom',
          ...(before ? { before } : {}),
        });
      });
      return redactBooking(user, booking);
    },
  };
}
