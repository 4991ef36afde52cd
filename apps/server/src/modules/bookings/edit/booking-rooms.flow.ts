import {
  isEditable,
  type TBooking,
  type TBookingRoomInput,
  type TBookingState,
  type TBookingType,
} from '@atoll/domain/bookings';
import type { TBookingAction, TFieldChange } from '@atoll/domain/bookings/history';
import { addDays, customerAge } from '@atoll/domain/customers';
import type { TGender } from '@atoll/domain/inventory/availability';
import { daysBetween } from '@atoll/domain/inventory/resorts';
import { scheduleNights } from '@atoll/domain/inventory/tours';
import { today } from '../../../clock.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { visibleCustomers } from '../../customers/customers.service.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow } from '../bookings.repository.ts';
import { bookingHooks, todosOfWarnings } from '../write/booking-hooks.ts';
import {
  assertRoomsChangeable,
  channelsOf,
  checkReferences,
  entryRows,
  resolveRooms,
  storedHoldItems,
  type TWriter,
  writerOf,
} from '../write/booking-input.ts';
import { assertPriced, priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import {
  createBookingWritesRepository,
  type TBookingPatch,
  type TEntryRow,
  type TGuestRow,
} from '../write/bookings-writes.repository.ts';
import { assertForce, type TBookingFlowDeps, termsById } from '../write/write-context.ts';
import { createBookingRoomWritesRepository } from './booking-rooms.repository.ts';
import { invalidState } from './change-booking.flow.ts';

const bookingRepo = createBookingsRepository();

// The room, guest and stay calls of a stored booking (spec booking §7 Booking POSTs / DELETEs,
// docs/domain/lifecycle.md check-in/out). Every call: the optimistic lock (lockBooking: version or If-Match,
// absent = no comparison) → one transaction → where rooms, dates or guests change the holds released
// and taken again from the stored entries (NOT_AVAILABLE rolls everything back) → a recalculation where
// the price may move → a version row → the whole booking, redacted for the user.
//
// Readings of the spec paths (the spec names the parameters only):
// - `{room}` in `variant/{room}/{customer}`, `room` of changeCustomer, `rb`/`roomBookingId`: the room
//   entry id (booking_rooms.id); `{customer}` in `variant/…`: the guest id (booking_guests.id), as a
//   placeholder guest has no customer.
// - `{roomId}` in `removeCustomer/{roomId}/…`, `removeRoom/{roomId}` and `rooms/{roomId}/date`: the
//   room (rooms.id) of the entry; it must be the entry's room (400 otherwise). Paths without the booking
//   find it through the entry.
// - `idx` of changeCustomer and removeCustomer: the guest's position (0-based) within its entry;
//   removeCustomer without idx takes the entry's first guest with that customer.

const bookingWrites = createBookingWritesRepository();

/**
 * The version read (null: no comparison), the staff override of blocks, gender rule and missing prices, and
 * `dryRun`: the write is made and rolled back, the answer is the booking as it would be (its new price).
 */
export type TLock = { version: number | null; force?: boolean | undefined; dryRun?: boolean | undefined };

/** Carries the booking of a dry run out of its transaction, which it rolls back. */
class DryRun extends Error {
  constructor(readonly booking: TBooking) {
    super('dry run');
  }
}

/**
 * One write in one transaction; with `dryRun` the same checks and recalculation run and everything is rolled
 * back (availability, price, version row): a move shows its price before it is made.
 */
export async function writeOrPreview(
  db: Db,
  lock: TLock,
  write: (tx: Tx) => Promise<TBooking>,
): Promise<TBooking> {
  try {
    return await db.transaction(async (tx) => {
      const booking = await write(tx);
      if (lock.dryRun) throw new DryRun(booking);
      return booking;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.booking;
    throw error;
  }
}

export type TEntrySelector = {
  roomBookingId?: number | undefined;
  /** Check-in of guests not ready to dive (dive-day.md): why staff check them in anyway. */
  notReadyReason?: string | undefined;
};

export type TContext = {
  tx: Tx;
  writer: TWriter;
  row: TBookingRow;
  entries: TEntryRow[];
  guests: TGuestRow[];
};

export type TEffect = {
  /** Rooms, dates or guests changed: release and hold again from the stored entries. */
  rehold?: boolean;
  /** The price may have moved: recalculate. */
  reprice?: boolean;
  patch?: TBookingPatch;
  /** Entries of the version row beside the diff (a check-in of guests not ready to dive, and why). */
  notes?: TFieldChange[];
};

export type TRunOptions = {
  action: TBookingAction;
  /** Agents (agencies.self) may make this call on their own bookings. */
  agents?: boolean;
  /** The booking must be editable (not for check-in/out and the room lock). */
  editable?: boolean;
};

export const entryOf = (ctx: TContext, entryId: number, path = 'roomBookingId') => {
  const entry = ctx.entries.find((e) => e.id === entryId);
  if (!entry) throw badRequest('The room entry is not part of the booking', path);
  return entry;
};

export const guestsOf = (ctx: TContext, entryId: number) =>
  ctx.guests.filter((g) => g.bookingRoomId === entryId);

/** The booking's dates, pax and asset summary from its stored entries. */
export function summaryOf(entries: readonly TEntryRow[], guestCount: number): TBookingPatch {
  const stay = entries.find((e) => e.resortId !== null);
  const trip = entries.find((e) => e.vesselId !== null);
  const type: TBookingType = stay && trip ? 'mixed' : trip ? 'vessel' : 'resort';
  const froms = entries.map((e) => e.from).sort();
  const tos = entries.map((e) => e.to).sort();
  return {
    type,
    resortId: stay?.resortId ?? null,
    vesselId: trip?.vesselId ?? null,
    scheduleId: trip?.scheduleId ?? null,
    ...(froms[0] ? { from: froms[0] } : {}),
    ...(tos.at(-1) ? { to: tos.at(-1) } : {}),
    noOfPax: guestCount,
  };
}

/** The stored explanation names a missing price (the booking was saved by force). */
const lacksPrice = (row: TBookingRow) => {
  const problems = (row.explanation as { problems?: { code?: string }[] } | null)?.problems ?? [];
  return problems.some((p) => p.code === 'NO_PRICE');
};

export async function customerOf(ctx: TContext, customerId: number, path: string) {
  const [customer] = await bookingWrites.customers(
    ctx.tx,
    [customerId],
    ctx.writer.isAgent ? visibleCustomers(ctx.writer.user) : undefined,
  );
  if (!customer) throw badRequest('The customer does not exist', path);
  return customer;
}

export function createBookingRoomsFlow(deps: TBookingFlowDeps) {
  const bookingRoomWrites = createBookingRoomWritesRepository();
  const { db, availability } = deps;

  async function rehold(tx: Tx, writer: TWriter, row: TBookingRow, force: boolean) {
    await availability.release(tx, row.id);
    const held = await availability.hold(tx, {
      bookingId: row.id,
      state: row.state as TBookingState,
      resolved: row.resolved,
      holdUntil: row.optionExpiry,
      channel: channelsOf(writer).holdChannel,
      force,
      items: await storedHoldItems(tx, row.id),
    });
    await bookingHooks().todos.raise(tx, row.id, todosOfWarnings(held.warnings));
  }

  async function run(
    user: TSessionUser,
    id: number,
    lock: TLock,
    options: TRunOptions,
    step: (ctx: TContext) => Promise<TEffect>,
  ): Promise<TBooking> {
    const writer = writerOf(user, ['bookings.update']);
    if (writer.isAgent && !options.agents) throw forbidden();
    const force = lock.force === true;
    assertForce(writer, force);
    const booking = await writeOrPreview(db, lock, async (tx) => {
      const row = await lockBooking(tx, user, id, lock.version);
      const before = await bookingRepo.loadBooking(tx, id);
      const state = row.state as TBookingState;
      if (options.editable !== false && !isEditable(state)) throw invalidState(state);
      // One after another: the transaction's one connection takes one query at a time.
      const entries = await bookingWrites.entries(tx, id);
      const guests = await bookingWrites.guests(tx, id);
      // The rooms first, in id order, as the create and change flows do (see lockRooms).
      await bookingWrites.lockRooms(
        tx,
        entries.map((e) => e.roomId),
      );
      const effect = await step({ tx, writer, row, entries, guests });
      let updated = row;
      let patch = effect.patch;
      if (effect.rehold) {
        const after = await bookingWrites.entries(tx, id);
        const afterGuests = await bookingWrites.guests(tx, id);
        patch = { ...patch, ...summaryOf(after, afterGuests.length) };
      }
      if (patch) updated = await bookingWrites.updateBooking(tx, id, patch);
      if (effect.rehold) await rehold(tx, writer, updated, force);
      // A booking already without a price (staff forced it) may still change in other respects.
      if (effect.reprice)
        assertPriced(
          await priceBooking(tx, user, updated, deps.reference?.reads()),
          force || lacksPrice(row),
        );
      return recordVersion(tx, {
        bookingId: id,
        version: row.version,
        userId: user.id,
        action: options.action,
        ...(before ? { before } : {}),
        ...(effect.notes ? { notes: effect.notes } : {}),
      });
    });
    return redactBooking(user, booking);
  }

  /** The booking of a room entry the user may see (paths without the booking id); 404 otherwise. */
  async function bookingOfEntry(entryId: number) {
    const bookingId = await bookingRoomWrites.bookingOfEntry(db, entryId);
    if (bookingId === undefined) throw notFound('Room entry');
    return bookingId;
  }

  const selected = (ctx: TContext, selector: TEntrySelector) =>
    selector.roomBookingId === undefined ? ctx.entries : [entryOf(ctx, selector.roomBookingId)];

  return {
    /** The lock → step → rehold → reprice → version sequence, for the sibling flows (booking-choices). */
    run,

    /** Check-in of one entry or all: confirmed and today ≥ from − 1 day (docs/domain/lifecycle.md). */
    checkIn(user: TSessionUser, id: number, selector: TEntrySelector, lock: TLock) {
      return run(user, id, lock, { action: 'checkin', editable: false }, async (ctx) => {
        if (ctx.row.state !== 'confirmed') throw invalidState(ctx.row.state);
        const now = new Date();
        const day = today(now);
        const entries = selected(ctx, selector).filter(
          (e) => selector.roomBookingId !== undefined || e.checkIn === null,
        );
        if (entries.length === 0) throw invalidState(ctx.row.state);
        for (const entry of entries) {
          if (entry.checkIn !== null || day < addDays(entry.from, -1)) throw invalidState(ctx.row.state);
          await bookingRoomWrites.updateEntry(ctx.tx, id, entry.id, { checkIn: now });
        }
        const customerIds = entries.flatMap((e) =>
          guestsOf(ctx, e.id).flatMap((g) => (g.customerId === null ? [] : [g.customerId])),
        );
        const notes = await bookingHooks().checkIn.readiness(
          ctx.tx,
          customerIds,
          day,
          selector.notReadyReason,
        );
        return notes.length ? { notes } : {};
      });
    },

    /** Check-out of one entry or all checked-in ones: only when checked in and not yet out. */
    checkOut(user: TSessionUser, id: number, selector: TEntrySelector, lock: TLock) {
      return run(user, id, lock, { action: 'checkout', editable: false }, async (ctx) => {
        const now = new Date();
        const entries = selected(ctx, selector).filter(
          (e) => selector.roomBookingId !== undefined || (e.checkIn !== null && e.checkOut === null),
        );
        if (entries.length === 0) throw invalidState(ctx.row.state);
        for (const entry of entries) {
          if (entry.checkIn === null || entry.checkOut !== null) throw invalidState(ctx.row.state);
          await bookingRoomWrites.updateEntry(ctx.tx, id, entry.id, { checkOut: now });
        }
        return {};
      });
    },

    /** Toggles `locked` of a room entry (the occupancy grid may not move it). */
    lockUnlockRoom(user: TSessionUser, id: number, entryId: number, lock: TLock) {
      return run(user, id, lock, { action: 'lockUnlockRoom', editable: false }, async (ctx) => {
        const entry = entryOf(ctx, entryId, 'roomBooking');
        await bookingRoomWrites.updateEntry(ctx.tx, id, entry.id, { locked: !entry.locked });
        return {};
      });
    },

    /** Copies the terms onto the booking; the recalculation regenerates deposit and rest. */
    changeTerms(user: TSessionUser, id: number, termsId: number, lock: TLock) {
      return run(user, id, lock, { action: 'changeTerms' }, async (ctx) => {
        const terms = await termsById(ctx.tx, termsId);
        if (!terms) throw notFound('Terms');
        return { patch: { termsOfPayment: terms }, reprice: true };
      });
    },

    language(user: TSessionUser, id: number, language: 'de' | 'en', lock: TLock) {
      return run(user, id, lock, { action: 'language', agents: true }, async () => ({
        patch: { language },
        reprice: true,
      }));
    },

    /** Books for another agency: its commission comes with the recalculation. */
    agency(user: TSessionUser, id: number, agencyId: number, lock: TLock) {
      return run(user, id, lock, { action: 'agency' }, async (ctx) => {
        await checkReferences(ctx.tx, ctx.writer, { agencyId });
        return { patch: { agencyId }, reprice: true };
      });
    },

    /** Another currency: the recalculation converts with the current rate. */
    currency(user: TSessionUser, id: number, currency: string, lock: TLock) {
      return run(user, id, lock, { action: 'currency' }, async () => ({
        patch: { currency },
        reprice: true,
      }));
    },

    /** The price variant of one guest (`guestId`) of one entry; null clears it. */
    variant(
      user: TSessionUser,
      id: number,
      entryId: number,
      guestId: number,
      variantId: number | null,
      lock: TLock,
    ) {
      return run(user, id, lock, { action: 'variant' }, async (ctx) => {
        entryOf(ctx, entryId, 'room');
        const guest = guestsOf(ctx, entryId).find((g) => g.id === guestId);
        if (!guest) throw badRequest('The guest is not part of the room entry', 'customer');
        if (variantId !== null) {
          const found = await bookingWrites.existing(ctx.tx, 'priceVariants', [variantId]);
          if (!found.has(variantId)) throw badRequest('The price variant does not exist', 'variantId');
        }
        await bookingRoomWrites.updateGuest(ctx.tx, id, guest.id, { variantId });
        return { reprice: true };
      });
    },

    /** Replaces the customer of guest `idx` of entry `room` (its customer must be `from`); holds again. */
    changeCustomer(
      user: TSessionUser,
      id: number,
      query: { from?: number | undefined; to: number; room: number; idx: number },
      lock: TLock,
    ) {
      return run(user, id, lock, { action: 'changeCustomer', agents: true }, async (ctx) => {
        const entry = entryOf(ctx, query.room, 'room');
        const guest = guestsOf(ctx, entry.id)[query.idx];
        if (!guest) throw badRequest('The entry has no guest at this position', 'idx');
        if (query.from !== undefined && guest.customerId !== query.from)
          throw badRequest('The guest is not this customer', 'from');
        const customer = await customerOf(ctx, query.to, 'to');
        const gender: TGender = customer.gender === 'm' || customer.gender === 'f' ? customer.gender : 'u';
        await bookingRoomWrites.updateGuest(ctx.tx, id, guest.id, {
          customerId: customer.id,
          name: null,
          gender,
          age: customerAge(customer, entry.from),
        });
        const patch: TBookingPatch =
          ctx.row.customerId === null || ctx.row.customerId === guest.customerId
            ? { customerId: customer.id }
            : {};
        return { rehold: true, reprice: true, patch };
      });
    },

    /** Removes a guest; the last guest of an entry stays (remove the room instead). */
    async removeCustomer(
      user: TSessionUser,
      roomId: number,
      customerId: number,
      query: { idx?: number | undefined; roomBookingId: number },
      lock: TLock,
    ) {
      const id = await bookingOfEntry(query.roomBookingId);
      return run(user, id, lock, { action: 'removeCustomer', agents: true }, async (ctx) => {
        const entry = entryOf(ctx, query.roomBookingId);
        if (entry.roomId !== roomId) throw badRequest('The room entry is not of this room', 'roomId');
        const guests = guestsOf(ctx, entry.id);
        const guest =
          query.idx === undefined ? guests.find((g) => g.customerId === customerId) : guests[query.idx];
        if (!guest || (guest.customerId ?? 0) !== customerId)
          throw badRequest('The entry has no such guest', query.idx === undefined ? 'customerId' : 'idx');
        if (guests.length === 1)
          throw badRequest('The last guest of a room cannot be removed: remove the room', 'customerId');
        await bookingRoomWrites.deleteGuest(ctx.tx, id, guest.id);
        const patch: TBookingPatch =
          guest.customerId !== null && ctx.row.customerId === guest.customerId
            ? {
                customerId:
                  ctx.guests.find((g) => g.id !== guest.id && g.customerId !== null)?.customerId ?? null,
              }
            : {};
        return { rehold: true, reprice: true, patch };
      });
    },

    /** Removes a room entry (`rb`) of room `roomId`; the last room of a booking stays. */
    async removeRoom(user: TSessionUser, roomId: number, entryId: number, lock: TLock) {
      const id = await bookingOfEntry(entryId);
      return run(user, id, lock, { action: 'removeRoom' }, async (ctx) => {
        assertRoomsChangeable(ctx.row);
        const entry = entryOf(ctx, entryId, 'rb');
        if (entry.roomId !== roomId) throw badRequest('The room entry is not of this room', 'roomId');
        if (ctx.entries.length === 1) throw badRequest('The last room of a booking cannot be removed', 'rb');
        await bookingRoomWrites.deleteEntry(ctx.tx, id, entry.id);
        const gone = new Set(guestsOf(ctx, entry.id).map((g) => g.customerId));
        const patch: TBookingPatch =
          ctx.row.customerId !== null && gone.has(ctx.row.customerId)
            ? {
                customerId:
                  ctx.guests.find((g) => g.bookingRoomId !== entry.id && g.customerId !== null)?.customerId ??
                  null,
              }
            : {};
        return { rehold: true, reprice: true, patch };
      });
    },

    /** Adds a room entry (checked as create does: one resort, one departure per booking). */
    addRoom(user: TSessionUser, id: number, input: TBookingRoomInput, lock: TLock) {
      return run(user, id, lock, { action: 'addRoom' }, async (ctx) => {
        assertRoomsChangeable(ctx.row);
        const resolved = await resolveRooms(ctx.tx, ctx.writer, [input]);
        const [entry] = resolved.entries;
        if (!entry) throw badRequest('A room is needed', 'roomId');
        const stay = ctx.entries.find((e) => e.resortId !== null);
        const trip = ctx.entries.find((e) => e.vesselId !== null);
        if (entry.resortId !== null && stay && stay.resortId !== entry.resortId)
          throw badRequest('A booking takes the rooms of one resort', 'roomId');
        if (entry.vesselId !== null && trip && trip.scheduleId !== entry.scheduleId)
          throw badRequest('A booking takes the cabins of one departure', 'scheduleId');
        const [entryId] = await bookingWrites.insertEntries(ctx.tx, id, entryRows([entry]));
        if (entryId !== undefined)
          await bookingRoomWrites.updateEntry(ctx.tx, id, entryId, { sort: ctx.entries.length });
        return { rehold: true, reprice: true };
      });
    },

    /**
     * Moves a resort stay: `from`/`to`, or `date` (the new first night, keeping the nights). The room
     * must be the entry's; a departure's cabin moves with `move/{schedule}`, not here.
     */
    moveDates(
      user: TSessionUser,
      id: number,
      roomId: number,
      input: {
        roomBookingId: number;
        date?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
      lock: TLock,
    ) {
      return run(user, id, lock, { action: 'moveDates' }, async (ctx) => {
        const entry = entryOf(ctx, input.roomBookingId);
        if (entry.roomId !== roomId) throw badRequest('The room entry is not of this room', 'roomId');
        if (entry.resortId === null || entry.scheduleId !== null)
          throw badRequest('Only a resort stay moves by dates', 'roomBookingId');
        const from = input.from ?? input.date;
        if (!from) throw badRequest('Send the new first night (date or from)', 'date');
        const to = input.to ?? addDays(from, scheduleNights(entry.from, entry.to));
        if (to <= from) throw badRequest('to must come after from', 'to');
        if (daysBetween(from, to) > 731) throw badRequest('At most 731 nights', 'to');
        await bookingRoomWrites.updateEntry(ctx.tx, id, entry.id, { from, to });
        // Ages are on the first night: a moved stay may make a guest a year older.
        const guests = guestsOf(ctx, entry.id).filter((g) => g.customerId !== null);
        const customers = await bookingWrites.customers(
          ctx.tx,
          guests.map((g) => g.customerId ?? 0),
          undefined,
        );
        for (const guest of guests) {
          const customer = customers.find((c) => c.id === guest.customerId);
          if (customer)
            await bookingRoomWrites.updateGuest(ctx.tx, id, guest.id, { age: customerAge(customer, from) });
        }
        return { rehold: true, reprice: true };
      });
    },
  };
}

export type TBookingRoomsFlow = ReturnType<typeof createBookingRoomsFlow>;
