import {
  canChangeState,
  isEditable,
  type TBooking,
  type TBookingState,
  type TChangeBooking,
} from '@atoll/domain/bookings';
import { now as clockNow } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import type { THoldItem } from '../../availability/hold.flow.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow } from '../bookings.repository.ts';
import { bookingHooks, todosOfWarnings } from '../write/booking-hooks.ts';
import {
  assertRoomsChangeable,
  channelsOf,
  checkReferences,
  entryRows,
  holdItems,
  resolveRooms,
  storedHoldItems,
  type TResolvedRooms,
  type TWriter,
  writerOf,
} from '../write/booking-input.ts';
import { numberOnEntry } from '../write/booking-numbers.ts';
import { assertPriced, priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository, type TBookingPatch } from '../write/bookings-writes.repository.ts';
import {
  assertForce,
  entryDates,
  optionExpiryOf,
  type TBookingFlowDeps,
  termsById,
} from '../write/write-context.ts';

const bookingRepo = createBookingsRepository();

// POST /api/bookings/{id}/change: what is sent replaces what is stored. Optimistic concurrency (the
// version read must still be the stored one), the state move checked by canChangeState, new rooms
// replace all entries (their holds released and taken again in the same transaction), a recalculation,
// numbers on first entry into a state, and version + 1 with the changed paths.

export const invalidState = (from: string, to?: string) =>
  new AppError(
    409,
    'INVALID_STATE',
    to ? `A booking in state ${from} cannot become ${to}` : `Not possible for a booking in state ${from}`,
  );

/** The fields a change names, as columns; what it does not name stays. */
async function fieldsOf(tx: Tx, writer: TWriter, input: TChangeBooking, agencyId: number | null) {
  const patch: TBookingPatch = {};
  if (input.agencyId !== undefined && !writer.isAgent) patch.agencyId = agencyId;
  if (input.customerId !== undefined) patch.customerId = input.customerId;
  if (input.sourceId !== undefined) patch.sourceId = input.sourceId;
  if (input.categoryId !== undefined) patch.categoryId = input.categoryId;
  if (input.language !== undefined) patch.language = input.language;
  if (input.currency !== undefined) patch.currency = input.currency;
  if (input.note !== undefined) patch.note = input.note;
  if (input.systemReference !== undefined) patch.systemReference = input.systemReference;
  if (input.internalNote !== undefined && !writer.isAgent) patch.internalNote = input.internalNote;
  if (input.termsId !== undefined)
    patch.termsOfPayment = input.termsId === null ? null : await termsById(tx, input.termsId);
  return patch;
}

const roomFields = (resolved: TResolvedRooms, row: TBookingRow, input: TChangeBooking): TBookingPatch => ({
  type: resolved.type,
  resortId: resolved.resortId,
  vesselId: resolved.vesselId,
  scheduleId: resolved.scheduleId,
  tourId: resolved.tourId,
  from: resolved.from,
  to: resolved.to,
  noOfPax: resolved.noOfPax,
  ...(input.customerId === undefined && row.customerId === null
    ? { customerId: resolved.firstCustomerId }
    : {}),
});

export function createChangeBookingFlow(deps: TBookingFlowDeps) {
  const bookingWrites = createBookingWritesRepository();
  const { db, availability } = deps;

  async function write(tx: Tx, writer: TWriter, id: number, input: TChangeBooking, version: number) {
    const { user } = writer;
    const row = await lockBooking(tx, user, id, version);
    const before = await bookingRepo.loadBooking(tx, id);
    const current = row.state as TBookingState;
    const next = input.state ?? current;
    if (!isEditable(current) || !canChangeState(current, next)) throw invalidState(current, next);
    // A booking that leaves planned and confirmed is no longer resolved; only those two can be.
    const resolved = next === 'planned' || next === 'confirmed' ? (input.resolved ?? row.resolved) : false;
    if (input.resolved === true && !resolved) throw invalidState(current, next);
    const { agencyId } = await checkReferences(tx, writer, input);
    const patch = await fieldsOf(tx, writer, input, agencyId);
    const now = clockNow();
    let items: THoldItem[] | null = null;
    if (input.rooms) {
      assertRoomsChangeable(row);
      const resolved = await resolveRooms(tx, writer, input.rooms);
      await availability.release(tx, id);
      await bookingWrites.deleteEntries(tx, id);
      const ids = await bookingWrites.insertEntries(tx, id, entryRows(resolved.entries));
      items = holdItems(resolved.entries, ids);
      Object.assign(patch, roomFields(resolved, row, input));
    }
    const updated = await bookingWrites.updateBooking(tx, id, {
      ...patch,
      state: next,
      resolved,
      ...(resolved === row.resolved ? {} : { resolvedDate: resolved ? now : null }),
      ...entryDates(next, now, row),
    });
    const priced = await priceBooking(tx, user, updated, deps.reference?.reads());
    const rehold =
      items !== null || next !== current || input.optionExpiry !== undefined || resolved !== row.resolved;
    const optionExpiry =
      next !== 'planned'
        ? null
        : input.optionExpiry || current !== 'planned'
          ? optionExpiryOf(now, priced.terms, input.optionExpiry)
          : row.optionExpiry;
    if (rehold) {
      if (!items) {
        await availability.release(tx, id);
        items = await storedHoldItems(tx, id);
      }
      const held = await availability.hold(tx, {
        bookingId: id,
        state: next,
        resolved,
        holdUntil: optionExpiry,
        channel: channelsOf(writer).holdChannel,
        force: input.force === true,
        items,
      });
      await bookingHooks().todos.raise(tx, id, todosOfWarnings(held.warnings));
    }
    assertPriced(priced, input.force);
    const numbers = await numberOnEntry(tx, next, row);
    await bookingWrites.updateBooking(tx, id, { optionExpiry, ...numbers });
    return recordVersion(tx, {
      bookingId: id,
      version: row.version,
      userId: user.id,
      action: 'change',
      ...(before ? { before } : {}),
    });
  }

  return {
    /**
     * Changes a booking the user may see. `version` (body) or `ifMatch` must be the stored version.
     * Scopes: bookings.update, or agencies.self on its agency's bookings.
     */
    async changeBooking(
      user: TSessionUser,
      id: number,
      input: TChangeBooking,
      ifMatch?: number,
    ): Promise<TBooking> {
      const writer = writerOf(user, ['bookings.update']);
      assertForce(writer, input.force);
      // Resolving is the office's call: agencies change their bookings, they do not close them.
      if (input.resolved !== undefined && writer.isAgent) throw forbidden();
      const version = input.version ?? ifMatch;
      if (version === undefined)
        throw badRequest('Send the version you read (version or If-Match)', 'version');
      const booking = await db.transaction((tx) => write(tx, writer, id, input, version));
      return redactBooking(user, booking);
    },
  };
}
