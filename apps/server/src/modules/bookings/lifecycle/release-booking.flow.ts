import { canRelease, isEditable, type TBooking, type TBookingState } from '@atoll/domain/bookings';
import type { TBookingAction } from '@atoll/domain/bookings/history';
import { hasScope } from '@atoll/domain/scopes';
import type { Tx } from '../../../db/client.ts';
import { forbidden } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { lockBooking } from '../booking-lock.ts';
import { createBookingsRepository, redactBooking, type TBookingRow } from '../bookings.repository.ts';
import { invalidState } from '../edit/change-booking.flow.ts';
import { assertPriced, priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository, type TBookingPatch } from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { assertNoPayments } from './booking-lifecycle.ts';
import { notifyWaitlist } from './waitlist.flow.ts';

const bookingRepo = createBookingsRepository();

// The office's other state moves on a stored booking (docs/domain/lifecycle.md), each one transaction with
// its version row: release (a planned option let go with a reason, no fee), the soft delete, and
// reloadPrice (a recalculation with today's rates that keeps the evaluation date t).

type TStep = (tx: Tx, row: TBookingRow) => Promise<TBookingPatch | undefined>;

export function createReleaseBookingFlow(deps: TBookingFlowDeps) {
  const bookingWrites = createBookingWritesRepository();
  const { db, availability } = deps;

  /** Locks, checks, applies one step and records the version: the frame every call here shares. */
  async function run(
    user: TSessionUser,
    scope: string,
    id: number,
    version: number | null,
    action: TBookingAction,
    step: TStep,
  ): Promise<TBooking> {
    if (!hasScope(user.scopes, [scope])) throw forbidden();
    const booking = await db.transaction(async (tx) => {
      const row = await lockBooking(tx, user, id, version);
      const before = await bookingRepo.loadBooking(tx, id);
      const patch = await step(tx, row);
      if (patch) await bookingWrites.updateBooking(tx, id, patch);
      return recordVersion(tx, {
        bookingId: id,
        version: row.version,
        userId: user.id,
        action,
        ...(before ? { before } : {}),
      });
    });
    return redactBooking(user, booking);
  }

  return {
    /** planned → freed with a reason: the holds go, no fee. Scope bookings.update. */
    releaseBooking(user: TSessionUser, id: number, reason: string, version: number | null = null) {
      return run(user, 'bookings.update', id, version, 'release', async (tx, row) => {
        if (!canRelease(row.state as TBookingState)) throw invalidState(row.state, 'freed');
        await availability.release(tx, id);
        await notifyWaitlist(tx, availability, id);
        return { state: 'freed', freedDate: new Date(), releaseReason: reason, optionExpiry: null };
      });
    },

    /** Soft delete: state deleted, the holds go; the rows stay for history. Scope bookings.delete. */
    deleteBooking(user: TSessionUser, id: number, version: number | null = null) {
      return run(user, 'bookings.delete', id, version, 'delete', async (tx, row) => {
        if (row.state === 'deleted') throw invalidState(row.state, 'deleted');
        await assertNoPayments(tx, id);
        await availability.release(tx, id);
        await notifyWaitlist(tx, availability, id);
        return { state: 'deleted', deletedDate: new Date(), optionExpiry: null };
      });
    },

    /** Recalculates with the current prices and rates, keeping `t`. Scope bookings.update. */
    reloadPrice(user: TSessionUser, id: number, version: number | null = null) {
      return run(user, 'bookings.update', id, version, 'reloadPrice', async (tx, row) => {
        if (!isEditable(row.state as TBookingState)) throw invalidState(row.state);
        assertPriced(await priceBooking(tx, user, row, deps.reference?.reads()), false);
        return undefined;
      });
    },
  };
}
