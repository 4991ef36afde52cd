import type { TBooking, TBookingState } from '@atoll/domain/bookings';
import type { Tx } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { ownSchedules } from '../../tours/tours.repository.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow } from '../bookings.repository.ts';
import { invalidState } from '../edit/change-booking.flow.ts';
import { bookingHooks } from '../write/booking-hooks.ts';
import { writerOf } from '../write/booking-input.ts';
import { numberOnEntry } from '../write/booking-numbers.ts';
import { assertPriced, priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import {
  createBookingWritesRepository,
  type TEntryInsert,
  type TEntryRow,
  type TGuestInsert,
  type TGuestRow,
  type TLineRow,
} from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { copiedFields, holdStored, withReference } from './booking-lifecycle.ts';
import { notifyWaitlist } from './waitlist.flow.ts';

const bookingRepo = createBookingsRepository();

// POST /api/bookings/{booking}/rebook/{schedule}, {id}/rebook and move/{schedule} (docs/domain/moving-and-rebooking.md):
// a planned or confirmed departure booking moves to another departure of its vessel as a NEW booking
// (own number, same customers, agency, terms, currency and state; references both ways). Manual lines
// are copied and the rest generated for the new departure; with keepPrice the whole calculation is
// copied as it was (the price the customer agreed). The old booking becomes `rebooked` and lets go of
// its holds in the same transaction, so the new one may take the same cabins. The payments move to the
// new booking. Resort entries of a mixed booking move along unchanged.

const bookingWrites = createBookingWritesRepository();

export type TRebook = {
  scheduleId: number;
  keepPrice?: boolean | undefined;
  /** Cabins chosen on the target, per room entry; unnamed entries keep their cabin. Same room type. */
  cabins?: { roomBookingId: number; roomId: number }[] | undefined;
};

type TSchedule = Awaited<ReturnType<typeof bookingWrites.schedules>>[number];
type TNewEntry = TEntryInsert & { guests: TGuestInsert[] };

/** The target cabin of every departure entry: the chosen one, else the same cabin. */
async function targetCabins(tx: Tx, entries: readonly TEntryRow[], input: TRebook) {
  const target = new Map(entries.filter((e) => e.vesselId !== null).map((e) => [e.id, e.roomId]));
  (input.cabins ?? []).forEach((c, i) => {
    if (!target.has(c.roomBookingId))
      throw badRequest('The room entry is not a cabin of the booking', `cabins.${i}.roomBookingId`);
    target.set(c.roomBookingId, c.roomId);
  });
  const rooms = await bookingWrites.lockRooms(tx, [...entries.map((e) => e.roomId), ...target.values()]);
  const byId = new Map(rooms.map((r) => [r.id, r]));
  (input.cabins ?? []).forEach((c, i) => {
    const entry = entries.find((e) => e.id === c.roomBookingId);
    const room = byId.get(c.roomId);
    if (!room || room.vesselId !== entry?.vesselId || room.roomTypeId !== entry.roomTypeId)
      throw badRequest('Choose a cabin of the same type on the vessel', `cabins.${i}.roomId`);
  });
  return target;
}

/** The old entries as new ones: cabins on the target departure, resort rooms as they are. */
function newEntries(
  entries: readonly TEntryRow[],
  guests: readonly TGuestRow[],
  target: Map<number, number>,
  s: TSchedule,
) {
  return entries.map((e): TNewEntry => {
    const roomId = target.get(e.id) ?? e.roomId;
    const trip = e.vesselId !== null;
    return {
      roomId,
      roomTypeId: e.roomTypeId,
      scheduleId: trip ? s.id : e.scheduleId,
      from: trip ? s.from : e.from,
      to: trip ? s.to : e.to,
      whole: e.whole,
      guests: guests
        .filter((g) => g.bookingRoomId === e.id)
        .map((g) => ({
          customerId: g.customerId,
          name: g.name,
          gender: g.gender,
          age: g.age,
          variantId: g.variantId,
          bed: roomId === e.roomId ? g.bed : null,
        })),
    };
  });
}

/** Old guest id → new guest id: same entry order, same order within the entry. */
async function guestMap(
  tx: Tx,
  newId: number,
  oldGuests: readonly TGuestRow[],
  oldEntries: readonly TEntryRow[],
  ids: number[],
) {
  const fresh = await bookingWrites.guests(tx, newId);
  const map = new Map<number, number>();
  oldEntries.forEach((e, i) => {
    const before = oldGuests.filter((g) => g.bookingRoomId === e.id);
    const after = fresh.filter((g) => g.bookingRoomId === ids[i]);
    before.forEach((g, j) => {
      const to = after[j];
      if (to) map.set(g.id, to.id);
    });
  });
  return map;
}

/** Copies lines onto the new booking (their guest mapped); manual ones only unless the price is kept. */
async function copyLines(tx: Tx, bookingId: number, lines: readonly TLineRow[], guests: Map<number, number>) {
  for (const { id: _id, bookingId: _b, ...line } of lines)
    await bookingWrites.insertLine(tx, bookingId, {
      ...line,
      guestId: line.guestId === null ? null : (guests.get(line.guestId) ?? null),
    });
}

export function createRebookBookingFlow(deps: TBookingFlowDeps) {
  const { db, availability } = deps;

  /** One rebook inside `tx`: answers the new booking as stored. */
  async function rebook(tx: Tx, user: TSessionUser, id: number, version: number | null, input: TRebook) {
    const row = await lockBooking(tx, user, id, version);
    const before = await bookingRepo.loadBooking(tx, id);
    if (row.state !== 'planned' && row.state !== 'confirmed') throw invalidState(row.state, 'rebooked');
    // One after another: the transaction's one connection takes one query at a time.
    const entries = await bookingWrites.entries(tx, id);
    const guests = await bookingWrites.guests(tx, id);
    const lines = await bookingWrites.lines(tx, id);
    if (!entries.some((e) => e.vesselId !== null))
      throw badRequest('Only a booking on a departure can be rebooked', 'scheduleId');
    const [schedule] = await bookingWrites.schedules(tx, [input.scheduleId], ownSchedules(user));
    if (!schedule) throw notFound('Schedule');
    if (schedule.vesselId !== row.vesselId || schedule.id === row.scheduleId)
      throw badRequest('Choose another departure of the same vessel', 'scheduleId');
    const target = await targetCabins(tx, entries, input);
    await availability.release(tx, id);
    const moved = newEntries(entries, guests, target, schedule);
    const created = await createFrom(tx, user, row, moved, schedule);
    const ids = await bookingWrites.insertEntries(tx, created.id, moved);
    const map = await guestMap(tx, created.id, guests, entries, ids);
    await copyLines(tx, created.id, input.keepPrice ? lines : lines.filter((l) => l.manual), map);
    const priced = input.keepPrice ? null : await priceBooking(tx, user, created, deps.reference?.reads());
    await holdStored(tx, availability, priced?.booking ?? (await keepTotals(tx, created.id, row)), 'staff');
    await notifyWaitlist(tx, availability, id);
    // After the hold: a taken cabin answers NOT_AVAILABLE before a missing price does.
    if (priced) assertPriced(priced, false);
    return finish(tx, user, row, created.id, before);
  }

  /** The new booking's number, the old one rebooked and linked, a version row for both. */
  async function finish(tx: Tx, user: TSessionUser, row: TBookingRow, createdId: number, before?: TBooking) {
    const blank = { offerNo: null, reservationNo: null, bookingNo: null };
    await bookingWrites.updateBooking(
      tx,
      createdId,
      await numberOnEntry(tx, row.state as TBookingState, blank),
    );
    await bookingWrites.updateBooking(tx, row.id, {
      state: 'rebooked',
      references: withReference(row, 'rebookedTo', createdId),
    });
    // The payments go with the booking (docs/domain/moving-and-rebooking.md step 4); revertRebook moves them back.
    await bookingHooks().payments.move(tx, row.id, createdId);
    const action = 'rebook';
    await recordVersion(tx, {
      bookingId: row.id,
      version: row.version,
      userId: user.id,
      action,
      ...(before ? { before } : {}),
    });
    return recordVersion(tx, { bookingId: createdId, version: 1, userId: user.id, action });
  }

  /** The new booking: the old one's fields on the target departure, linked back to it. */
  async function createFrom(tx: Tx, user: TSessionUser, row: TBookingRow, moved: TNewEntry[], s: TSchedule) {
    const froms = moved.map((e) => e.from).sort();
    const tos = moved.map((e) => e.to).sort();
    return bookingWrites.insertBooking(tx, {
      ...copiedFields(row, user.id),
      scheduleId: s.id,
      tourId: s.tourId,
      from: froms[0] ?? s.from,
      to: tos.at(-1) ?? s.to,
      references: [{ kind: 'rebookedFrom', bookingId: row.id }],
    });
  }

  /** keepPrice: the copied lines are the old ones, so are the totals. */
  function keepTotals(tx: Tx, id: number, row: TBookingRow) {
    return bookingWrites.updateBooking(tx, id, {
      totals: row.totals,
      total: row.total,
      commission: row.commission,
      commissionPercent: row.commissionPercent,
      explanation: row.explanation,
    });
  }

  const officeOnly = (user: TSessionUser) => {
    if (writerOf(user, ['bookings.update']).isAgent) throw forbidden();
  };

  return {
    /** Rebooks one booking; answers the new booking. Office only (bookings.update). */
    async rebook(user: TSessionUser, id: number, input: TRebook, version: number | null): Promise<TBooking> {
      officeOnly(user);
      const created = await db.transaction((tx) => rebook(tx, user, id, version, input));
      return redactBooking(user, created);
    },

    /** Moves several bookings to one departure: all or nothing; answers the new bookings in the given order. */
    async move(
      user: TSessionUser,
      scheduleId: number,
      ids: number[],
      keepPrice: boolean,
    ): Promise<TBooking[]> {
      officeOnly(user);
      if (new Set(ids).size !== ids.length) throw badRequest('A booking is named twice', 'bookings');
      const created = await db.transaction(async (tx) => {
        const byId = new Map<number, TBooking>();
        // Id order: two moves that share bookings lock them in the same order.
        for (const id of [...ids].sort((a, b) => a - b))
          byId.set(id, await rebook(tx, user, id, null, { scheduleId, keepPrice }));
        return ids.map((id) => byId.get(id) as TBooking);
      });
      return created.map((b) => redactBooking(user, b));
    },
  };
}
