import type { TBooking, TBookingState } from '@atoll/domain/bookings';
import { bookingVisibility } from '../../../db/booking-conditions.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow } from '../bookings.repository.ts';
import { createBookingRoomWritesRepository } from '../edit/booking-rooms.repository.ts';
import { createBookingQueriesRepository } from '../read/bookings-queries.repository.ts';
import { bookingHooks } from '../write/booking-hooks.ts';
import { writerOf } from '../write/booking-input.ts';
import { assertPriced, priceBooking, storedTerms } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository, type TBookingPatch } from '../write/bookings-writes.repository.ts';
import { optionExpiryOf, type TBookingFlowDeps } from '../write/write-context.ts';
import {
  assertNoPayments,
  holdStored,
  referenced,
  referencesOf,
  revertNotPossible,
} from './booking-lifecycle.ts';
import { createLifecycleWritesRepository } from './bookings-lifecycle.repository.ts';

const queriesRepo = createBookingQueriesRepository();

const bookingRepo = createBookingsRepository();

// POST /api/bookings/{id}/revert (docs/domain/lifecycle.md) and {id}/revertRebook
// (docs/domain/moving-and-rebooking.md). The booking's own
// history (booking_versions snapshots) says what the last transition was and what came before it.
// A revert is a new write with its own version; reverting a revert is not possible (the previous
// transition is then the revert itself, which the revert rules do not list).

const lifecycleWrites = createLifecycleWritesRepository();
const bookingWrites = createBookingWritesRepository();

export type TRevert = { optionExpiry?: string | null | undefined };

type TTransition = { kind: 'state' | 'checkin' | 'checkout'; from: TBooking; to: TBooking };

/** The newest transition: a version whose state differs from the one before it, or a check-in/out. */
async function lastTransition(tx: Tx, id: number): Promise<TTransition | undefined> {
  const versions = await queriesRepo.versionRows(tx, id, { withSnapshots: true });
  for (let i = 0; i + 1 < versions.length; i += 1) {
    const [to, from] = [versions[i]?.snapshot as TBooking, versions[i + 1]?.snapshot as TBooking];
    const action = versions[i]?.action;
    if (action === 'checkin' || action === 'checkout') return { kind: action, from, to };
    if (to.state !== from.state) return { kind: 'state', from, to };
  }
  return undefined;
}

const expiryOf = (snapshot: TBooking) => (snapshot.optionExpiry ? new Date(snapshot.optionExpiry) : null);

/** aborted → the state before: the fee line goes, voided lines get their customer type back. */
async function unCancel(tx: Tx, row: TBookingRow, previous: TBooking): Promise<TBookingPatch> {
  const lines = await bookingWrites.lines(tx, row.id);
  const fee = lines.filter((l) => (l.customData as { cancellationFee?: boolean }).cancellationFee);
  await lifecycleWrites.deleteLines(
    tx,
    fee.map((l) => l.id),
  );
  for (const line of lines) {
    const { previousCustomerType, ...customData } = line.customData as { previousCustomerType?: string };
    if (previousCustomerType && line.customerType === 'Info')
      await bookingWrites.updateLine(tx, line.id, { customerType: previousCustomerType, customData });
  }
  return {
    state: previous.state,
    cancelationDate: null,
    cancellation: null,
    optionExpiry: expiryOf(previous),
  };
}

export function createRevertBookingFlow(deps: TBookingFlowDeps) {
  const bookingRoomWrites = createBookingRoomWritesRepository();
  const { db, availability } = deps;

  /** The patch that undoes the transition, and whether the holds and the price follow. */
  async function undo(tx: Tx, row: TBookingRow, t: TTransition, input: TRevert) {
    const from = t.from.state as TBookingState;
    const to = t.to.state as TBookingState;
    if (t.kind !== 'state') {
      const field = t.kind === 'checkin' ? 'checkIn' : 'checkOut';
      for (const entry of t.to.rooms) {
        const was = t.from.rooms.find((r) => r.id === entry.id);
        if (entry[field] && was && !was[field])
          await bookingRoomWrites.updateEntry(tx, row.id, entry.id, { [field]: null });
      }
      return { patch: {}, hold: false, reprice: false };
    }
    if (to === 'aborted' && ['draft', 'planned', 'confirmed', 'waiting'].includes(from))
      return { patch: await unCancel(tx, row, t.from), hold: true, reprice: true };
    if (to === 'freed' && from === 'planned') {
      if (!input.optionExpiry) throw badRequest('A new option expiry is needed', 'optionExpiry');
      const patch = {
        state: from,
        freedDate: null,
        releaseReason: null,
        optionExpiry: new Date(input.optionExpiry),
      };
      return { patch, hold: true, reprice: false };
    }
    if ((to === 'confirmed' && from === 'planned') || (to === 'planned' && from === 'draft')) {
      await assertNoPayments(tx, row.id);
      const expiry =
        from === 'planned'
          ? optionExpiryOf(new Date(), storedTerms(row), input.optionExpiry ?? t.from.optionExpiry)
          : null;
      const dates = to === 'confirmed' ? { bookingDate: null } : { reservationDate: null };
      return { patch: { state: from, optionExpiry: expiry, ...dates }, hold: true, reprice: true };
    }
    throw revertNotPossible(`A booking that became ${to} from ${from} cannot be reverted`);
  }

  async function revertIn(tx: Tx, user: TSessionUser, id: number, version: number | null, input: TRevert) {
    const row = await lockBooking(tx, user, id, version);
    const before = await bookingRepo.loadBooking(tx, id);
    const transition = await lastTransition(tx, id);
    if (!transition || transition.to.state !== row.state) throw revertNotPossible('Nothing to revert');
    const entries = await bookingWrites.entries(tx, id);
    await bookingWrites.lockRooms(
      tx,
      entries.map((e) => e.roomId),
    );
    const { patch, hold, reprice } = await undo(tx, row, transition, input);
    const updated = await bookingWrites.updateBooking(tx, id, patch);
    if (hold) await holdStored(tx, availability, updated, 'staff');
    if (reprice) assertPriced(await priceBooking(tx, user, updated, deps.reference?.reads()), false);
    return recordVersion(tx, {
      bookingId: id,
      version: row.version,
      userId: user.id,
      action: 'revert',
      ...(before ? { before } : {}),
    });
  }

  /** The state the old booking had before it was rebooked. */
  async function stateBeforeRebook(tx: Tx, oldId: number) {
    const versions = await queriesRepo.versionRows(tx, oldId, { withSnapshots: true });
    const previous = versions.map((v) => v.snapshot as TBooking).find((s) => s.state !== 'rebooked');
    if (!previous) throw revertNotPossible('The state before the rebook is not known');
    return previous;
  }

  async function revertRebookIn(tx: Tx, user: TSessionUser, id: number, version: number | null) {
    const named = await bookingWrites.booking(tx, id, bookingVisibility(user));
    if (!named) throw notFound('Booking');
    const oldId = named.state === 'rebooked' ? id : referenced(named, 'rebookedFrom');
    const newId = named.state === 'rebooked' ? referenced(named, 'rebookedTo') : id;
    if (oldId === undefined || newId === undefined) throw revertNotPossible('The booking was not rebooked');
    // The old booking first: it is the older row, as every other write on the pair locks it.
    const old = await lockBooking(tx, user, oldId, oldId === id ? version : null);
    const created = await lockBooking(tx, user, newId, newId === id ? version : null);
    if (old.state !== 'rebooked' || referenced(old, 'rebookedTo') !== newId)
      throw revertNotPossible('The rebook is no longer the last step of the booking');
    if (created.state !== 'planned' && created.state !== 'confirmed')
      throw revertNotPossible(`The new booking is ${created.state}`);
    // Payments of its own (made after the rebook) keep the new booking; the moved ones go back.
    if (await bookingHooks().payments.hasSince(tx, newId, created.createdAt))
      throw new AppError(409, 'HAS_PAYMENTS', `Booking ${newId} has payments of its own`);
    await bookingHooks().payments.move(tx, newId, oldId, created.createdAt);
    // One after another: the transaction's one connection takes one query at a time.
    const beforeOld = await bookingRepo.loadBooking(tx, oldId);
    const beforeNew = await bookingRepo.loadBooking(tx, newId);
    const previous = await stateBeforeRebook(tx, oldId);
    const entries = [
      ...(await bookingWrites.entries(tx, oldId)),
      ...(await bookingWrites.entries(tx, newId)),
    ];
    await bookingWrites.lockRooms(
      tx,
      entries.map((e) => e.roomId),
    );
    await availability.release(tx, newId);
    await bookingWrites.updateBooking(tx, newId, {
      state: 'deleted',
      deletedDate: new Date(),
      optionExpiry: null,
    });
    const restored = await bookingWrites.updateBooking(tx, oldId, {
      state: previous.state,
      optionExpiry: expiryOf(previous),
      references: referencesOf(old).filter((r) => !(r.kind === 'rebookedTo' && r.bookingId === newId)),
    });
    await holdStored(tx, availability, restored, 'staff');
    const action = 'revertRebook';
    await recordVersion(tx, {
      bookingId: newId,
      version: created.version,
      userId: user.id,
      action,
      ...(beforeNew ? { before: beforeNew } : {}),
    });
    return recordVersion(tx, {
      bookingId: oldId,
      version: old.version,
      userId: user.id,
      action,
      ...(beforeOld ? { before: beforeOld } : {}),
    });
  }

  const officeOnly = (user: TSessionUser) => {
    if (writerOf(user, ['bookings.update']).isAgent) throw forbidden();
  };

  return {
    /** Undoes the last transition (docs/domain/lifecycle.md). Office only (bookings.update). */
    async revert(user: TSessionUser, id: number, input: TRevert, version: number | null): Promise<TBooking> {
      officeOnly(user);
      const booking = await db.transaction((tx) => revertIn(tx, user, id, version, input));
      return redactBooking(user, booking);
    },

    /**
     * Undoes a rebook, named by the old or the new booking: the new one is deleted, the old one gets its
     * state and holds back (NOT_AVAILABLE when its cabins are taken meanwhile). Answers the old booking.
     */
    async revertRebook(user: TSessionUser, id: number, version: number | null): Promise<TBooking> {
      officeOnly(user);
      const booking = await db.transaction((tx) => revertRebookIn(tx, user, id, version));
      return redactBooking(user, booking);
    },
  };
}
