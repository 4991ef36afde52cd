import { isEditable, type TBooking, type TBookingState } from '@atoll/domain/bookings';
import type { Tx } from '../../../db/client.ts';
import { badRequest, forbidden } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow } from '../bookings.repository.ts';
import { summaryOf } from '../edit/booking-rooms.flow.ts';
import { invalidState } from '../edit/change-booking.flow.ts';
import { assertRoomsChangeable, writerOf } from '../write/booking-input.ts';
import { numberOnEntry } from '../write/booking-numbers.ts';
import { assertPriced, priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import {
  createBookingWritesRepository,
  type TEntryRow,
  type TGuestRow,
  type TLineRow,
} from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { copiedFields, holdStored, referencesOf } from './booking-lifecycle.ts';
import { createLifecycleWritesRepository } from './bookings-lifecycle.repository.ts';

const bookingRepo = createBookingsRepository();

// POST /api/bookings/{id}/splitByCustomer: the guests of each chosen room entry become a booking of
// their own (same terms, agency, currency and state; own number; references both ways). A room entry
// is the unit because it is what holds inventory: splitting two guests of one double room would leave
// two bookings each holding half a room. The entries move with their ids (the occupancy rows keep
// pointing at them), manual lines of their guests move along, the rest of the lines is generated again
// on both sides. The original keeps the other entries, or becomes `splitted` when none is left (its
// guest-less manual lines then go to the first new booking). One transaction.

export type TSplitByCustomer = { roomBookingIds?: number[] | undefined };

const blankNumbers = { offerNo: null, reservationNo: null, bookingNo: null };

function chosenEntries(entries: readonly TEntryRow[], input: TSplitByCustomer) {
  const ids = input.roomBookingIds ?? entries.slice(1).map((e) => e.id);
  if (new Set(ids).size !== ids.length) throw badRequest('A room entry is named twice', 'roomBookingIds');
  if (ids.length === 0) throw badRequest('Choose the room entries to split off', 'roomBookingIds');
  return ids.map((id, i) => {
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw badRequest('The room entry is not part of the booking', `roomBookingIds.${i}`);
    return entry;
  });
}

export function createSplitBookingFlow(deps: TBookingFlowDeps) {
  const lifecycleWrites = createLifecycleWritesRepository();
  const bookingWrites = createBookingWritesRepository();
  const { db, availability } = deps;

  /** One new booking from one entry of `row`, with the manual lines of its guests; priced. */
  async function splitOff(
    tx: Tx,
    user: TSessionUser,
    row: TBookingRow,
    entry: TEntryRow,
    guests: TGuestRow[],
    lines: TLineRow[],
  ) {
    const own = guests.filter((g) => g.bookingRoomId === entry.id);
    const created = await bookingWrites.insertBooking(tx, {
      ...copiedFields(row, user.id),
      ...summaryOf([entry], own.length),
      tourId: entry.vesselId === null ? null : row.tourId,
      customerId: own.find((g) => g.customerId !== null)?.customerId ?? row.customerId,
      references: [{ kind: 'splitFrom', bookingId: row.id }],
    });
    await lifecycleWrites.moveEntries(tx, [entry.id], created.id);
    const ids = new Set(own.map((g) => g.id));
    await lifecycleWrites.moveLines(
      tx,
      lines.filter((l) => l.manual && l.guestId !== null && ids.has(l.guestId)).map((l) => l.id),
      created.id,
    );
    return created;
  }

  async function finish(tx: Tx, user: TSessionUser, row: TBookingRow) {
    const priced = await priceBooking(tx, user, row, deps.reference?.reads());
    await holdStored(tx, availability, priced.booking, 'staff');
    assertPriced(priced, false);
  }

  /** The original with nothing left: generated lines go, the rest moved on; state splitted. */
  async function empty(tx: Tx, row: TBookingRow, firstNew: number) {
    const lines = await bookingWrites.lines(tx, row.id);
    await lifecycleWrites.moveLines(
      tx,
      lines.filter((l) => l.manual).map((l) => l.id),
      firstNew,
    );
    await bookingWrites.replaceGeneratedLines(tx, row.id, [], new Map());
    return { state: 'splitted', totals: {}, total: '0.00', commission: '0.00', optionExpiry: null };
  }

  async function splitIn(
    tx: Tx,
    user: TSessionUser,
    id: number,
    version: number | null,
    input: TSplitByCustomer,
  ) {
    const row = await lockBooking(tx, user, id, version);
    const before = await bookingRepo.loadBooking(tx, id);
    if (!isEditable(row.state as TBookingState)) throw invalidState(row.state, 'splitted');
    assertRoomsChangeable(row);
    // One after another: the transaction's one connection takes one query at a time.
    const entries = await bookingWrites.entries(tx, id);
    const guests = await bookingWrites.guests(tx, id);
    const lines = await bookingWrites.lines(tx, id);
    const chosen = chosenEntries(entries, input);
    await bookingWrites.lockRooms(
      tx,
      entries.map((e) => e.roomId),
    );
    await availability.release(tx, id);
    const created: TBookingRow[] = [];
    for (const entry of chosen) created.push(await splitOff(tx, user, row, entry, guests, lines));
    const isEmpty = chosen.length === entries.length;
    if (isEmpty) await bookingWrites.updateBooking(tx, id, await empty(tx, row, created[0]?.id ?? id));
    for (const next of created) await finish(tx, user, next);
    const rest = entries.filter((e) => !chosen.includes(e));
    const left = guests.filter((g) => rest.some((e) => e.id === g.bookingRoomId));
    const references = [
      ...referencesOf(row),
      ...created.map((c) => ({ kind: 'splitTo' as const, bookingId: c.id })),
    ];
    const updated = await bookingWrites.updateBooking(tx, id, {
      references,
      ...(isEmpty ? {} : summaryOf(rest, left.length)),
    });
    if (!isEmpty) await finish(tx, user, updated);
    for (const next of created)
      await bookingWrites.updateBooking(
        tx,
        next.id,
        await numberOnEntry(tx, row.state as TBookingState, blankNumbers),
      );
    for (const next of created)
      await recordVersion(tx, { bookingId: next.id, version: 1, userId: user.id, action: 'splitByCustomer' });
    return recordVersion(tx, {
      bookingId: id,
      version: row.version,
      userId: user.id,
      action: 'splitByCustomer',
      ...(before ? { before } : {}),
    });
  }

  return {
    /** Office only (bookings.update); answers the original booking (its references name the new ones). */
    async splitByCustomer(
      user: TSessionUser,
      id: number,
      input: TSplitByCustomer,
      version: number | null,
    ): Promise<TBooking> {
      if (writerOf(user, ['bookings.update']).isAgent) throw forbidden();
      const booking = await db.transaction((tx) => splitIn(tx, user, id, version, input));
      return redactBooking(user, booking);
    },
  };
}
