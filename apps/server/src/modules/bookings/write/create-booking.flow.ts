import type { TBooking, TCreateBooking } from '@atoll/domain/bookings';
import { now as clockNow } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { rowOf } from '../../../db/row-of.ts';
import { bookings } from '../../../db/schema.ts';
import { badRequest } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { redactBooking, type TBookingRow } from '../bookings.repository.ts';
import { bookingHooks, todosOfWarnings } from './booking-hooks.ts';
import {
  channelsOf,
  checkReferences,
  entryRows,
  holdItems,
  onlineWriter,
  resolveCharter,
  resolveRooms,
  type TWriter,
  writerOf,
} from './booking-input.ts';
import { numberOnEntry } from './booking-numbers.ts';
import { assertPriced, priceNewBooking } from './booking-pricing.ts';
import { recordVersion } from './booking-versions.ts';
import { createBookingWritesRepository, numberedEntries } from './bookings-writes.repository.ts';
import {
  assertForce,
  entryDates,
  optionExpiryOf,
  type TBookingFlowDeps,
  termsById,
} from './write-context.ts';

// POST /api/bookings: check → lock the rooms → draw the ids → price → check the holds → number → write the
// booking with its entries, guests, lines and holds → version 1, in one transaction.
// NOT_AVAILABLE, NO_PRICE or any refusal leaves nothing behind, not even a used number (drawn ids may go unused).

const bookingWrites = createBookingWritesRepository();

/** The request's rooms, or a full charter's cabins: one of the two, never both. */
async function roomsOf(tx: Tx, writer: TWriter, input: TCreateBooking) {
  if (input.fullCharter) {
    if (input.rooms.length > 0) throw badRequest('A full charter takes no rooms of its own', 'rooms');
    return resolveCharter(tx, writer, input.fullCharter);
  }
  // The schema's own path: without a charter, `rooms` is required as before.
  if (input.rooms.length === 0) throw badRequest('Book at least one room', 'body/rooms');
  return resolveRooms(tx, writer, input.rooms);
}

export function createCreateBookingFlow(deps: TBookingFlowDeps) {
  const { db, availability } = deps;

  async function write(
    tx: Tx,
    writer: TWriter,
    input: TCreateBooking,
    chosenProducts: unknown[] = [],
  ): Promise<TBooking> {
    const { user } = writer;
    // The reference data of this creation (prices, auto-todos, the state-mail switch), kept in memory.
    const reads = deps.reference?.reads();
    // The online guest has no user row.
    const userId = writer.online ? null : user.id;
    const resolved = await roomsOf(tx, writer, input);
    const { agencyId } = await checkReferences(tx, writer, input);
    const { channel, holdChannel } = channelsOf(writer);
    const now = clockNow();
    const blank = { reservationDate: null, bookingDate: null };
    const rows = entryRows(resolved.entries);
    const ids = await bookingWrites.drawIds(
      tx,
      rows.length,
      rows.reduce((n, e) => n + e.guests.length, 0),
    );
    const values = {
      id: ids.booking,
      state: input.state,
      type: resolved.type,
      channel,
      resortId: resolved.resortId,
      vesselId: resolved.vesselId,
      scheduleId: resolved.scheduleId,
      tourId: resolved.tourId,
      from: resolved.from,
      to: resolved.to,
      noOfPax: resolved.noOfPax,
      customerId: input.customerId ?? resolved.firstCustomerId,
      agencyId,
      userId,
      sourceId: input.sourceId ?? null,
      categoryId: input.categoryId ?? null,
      language: input.language,
      currency: input.currency,
      termsOfPayment: input.termsId ? await termsById(tx, input.termsId) : null,
      ...entryDates(input.state, now, blank),
      note: input.note ?? null,
      internalNote: writer.isAgent ? null : (input.internalNote ?? null),
      systemReference: input.systemReference ?? null,
      ...(chosenProducts.length > 0 ? { chosenProducts } : {}),
      createdAt: now,
      updatedAt: now,
    };
    // The booking, its entries and guests as they will be stored: priced and checked before anything is written.
    const booking = rowOf<TBookingRow>(bookings, values);
    const numbered = numberedEntries(ids, rows);
    // The entries as pricing reads them: each with its room's asset (same order).
    const entries = numbered.entryRows.map((e, i) => ({
      ...e,
      resortId: resolved.entries[i]?.resortId ?? null,
      vesselId: resolved.entries[i]?.vesselId ?? null,
    }));
    const priced = await priceNewBooking(tx, user, booking, { entries, guests: numbered.guestRows }, reads);
    const optionExpiry =
      input.state === 'planned' ? optionExpiryOf(now, priced.terms, input.optionExpiry) : null;
    const held = await availability.planHold(tx, {
      bookingId: booking.id,
      state: input.state,
      holdUntil: optionExpiry,
      channel: holdChannel,
      force: input.force,
      items: holdItems(resolved.entries, ids.entries),
      locked: resolved.locked,
    });
    assertPriced(priced, input.force);
    const numbers = await numberOnEntry(tx, input.state, {
      offerNo: null,
      reservationNo: null,
      bookingNo: null,
    });
    // The row with its price, what it leaves to pay and its number, then the entries, guests, lines and holds.
    const { booking: stored, lines } = await bookingWrites.insertCreated(tx, {
      booking: {
        ...values,
        ...priced.patch,
        ...bookingHooks().payments.ofNewBooking(
          { ...booking, totals: priced.patch.totals ?? null },
          priced.generated,
        ),
        optionExpiry,
        ...numbers,
      },
      entries: numbered.entries,
      guests: numbered.guests,
      lines: priced.generated,
      holds: held.rows,
    });
    const { warnings } = held;
    const hooks = bookingHooks().todos;
    const todos = [
      ...(await hooks.raise(tx, booking.id, todosOfWarnings(warnings))),
      ...(await hooks.addAuto(tx, booking.id, resolved.type, reads)),
    ];
    return recordVersion(tx, {
      bookingId: booking.id,
      version: 1,
      userId,
      action: 'create',
      reads,
      created: {
        booking: stored,
        // A todo sets the row's flag.
        rowChanged: todos.length > 0,
        entries: numbered.entryRows,
        guests: numbered.guestRows,
        lines,
        roomNames: new Map(resolved.entries.map((e) => [e.roomId, e.roomName])),
      },
    });
  }

  return {
    /** Creates a booking; answers it as the user may see it. Scopes: bookings.create, or agencies.self. */
    async createBooking(user: TSessionUser, input: TCreateBooking): Promise<TBooking> {
      const writer = writerOf(user, ['bookings.create']);
      assertForce(writer, input.force);
      const booking = await db.transaction((tx) => write(tx, writer, input));
      return redactBooking(user, booking);
    },

    /** The same inside the caller's transaction (the booking import); answers the booking as stored. */
    createInTransaction(tx: Tx, user: TSessionUser, input: TCreateBooking): Promise<TBooking> {
      const writer = writerOf(user, ['bookings.create']);
      assertForce(writer, input.force);
      return write(tx, writer, input);
    },

    /**
     * The online channel (/api/book, widget): the same write as the guest writer (channel
     * CustomerDirectBooking, sellable inventory only, never force) inside the caller's transaction, so the
     * caller's own rows (idempotency key, lead customer) commit or vanish with the booking. `addons` are
     * chosen products (checked by the caller) priced with the booking.
     */
    createOnlineBooking(tx: Tx, input: TCreateBooking, addons: unknown[] = []): Promise<TBooking> {
      return write(tx, onlineWriter(), { ...input, force: false }, addons);
    },
  };
}

export type TCreateBookingFlow = ReturnType<typeof createCreateBookingFlow>;
