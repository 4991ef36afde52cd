import type { TBookingState } from '@atoll/domain/bookings';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import { createBookingsRepository } from '../bookings/bookings.repository.ts';
import { hasPayments, holdStored } from '../bookings/lifecycle/booking-lifecycle.ts';
import { numberOnEntry } from '../bookings/write/booking-numbers.ts';
import { recordVersion } from '../bookings/write/booking-versions.ts';
import { createBookingWritesRepository } from '../bookings/write/bookings-writes.repository.ts';
import { raiseBookingTodos } from '../todos/raise-todos.flow.ts';

const bookingRepo = createBookingsRepository();

// The end of an online hold (spec booking §7, docs/domain/lifecycle.md): a paid checkout confirms the planned
// online booking (booking number, confirmation mail through recordVersion's state mail); a guest who gives
// up frees it at once. Both run inside the caller's transaction.

const bookingWrites = createBookingWritesRepository();

export const ONLINE_CHANNEL = 'CustomerDirectBooking';

/** Confirms a paid online booking, or frees one the guest gave up; in the caller's transaction. */
export function createOnlineConfirmFlow(deps: { availability: TAvailabilityService }) {
  const { availability } = deps;

  /**
   * After a provider payment was recorded (tx of the webhook): a planned, unresolved online booking becomes
   * confirmed and holds its rooms as confirmed. When the hold had lapsed and the rooms went to someone else,
   * it stays planned with the todo "option expired but paid" (the office decides). Answers whether it confirmed.
   */
  async function confirmPaid(tx: Tx, bookingId: number): Promise<boolean> {
    const row = await bookingWrites.booking(tx, bookingId);
    if (!row || row.channel !== ONLINE_CHANNEL || row.state !== 'planned' || row.resolved) return false;
    if (!(await hasPayments(tx, bookingId))) return false;
    try {
      return await tx.transaction(async (sp) => {
        const before = await bookingRepo.loadBooking(sp, bookingId);
        const locked = await bookingWrites.bumpVersion(sp, bookingId, row.version);
        if (!locked) return false;
        const now = new Date();
        const updated = await bookingWrites.updateBooking(sp, bookingId, {
          state: 'confirmed' satisfies TBookingState,
          bookingDate: row.bookingDate ?? now,
          optionExpiry: null,
        });
        await holdStored(sp, availability, updated, 'online');
        const numbers = await numberOnEntry(sp, 'confirmed', row);
        await bookingWrites.updateBooking(sp, bookingId, numbers);
        await recordVersion(sp, {
          bookingId,
          version: locked.version,
          userId: null,
          action: 'confirm',
          ...(before ? { before } : {}),
        });
        return true;
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_AVAILABLE') throw error;
      await raiseBookingTodos(tx, bookingId, [{ code: 'optionExpiredPaid' }]);
      return false;
    }
  }

  /** The guest gives up an unpaid hold: freed at once (reason "abandoned"), the rooms free for others. */
  async function abandon(tx: Tx, bookingId: number): Promise<boolean> {
    const row = await bookingWrites.booking(tx, bookingId);
    if (!row || row.channel !== ONLINE_CHANNEL || row.state !== 'planned' || row.resolved) return false;
    if (await hasPayments(tx, bookingId)) return false;
    const before = await bookingRepo.loadBooking(tx, bookingId);
    const locked = await bookingWrites.bumpVersion(tx, bookingId, row.version);
    if (!locked) return false;
    await availability.release(tx, bookingId);
    await bookingWrites.updateBooking(tx, bookingId, {
      state: 'freed',
      freedDate: new Date(),
      releaseReason: 'abandoned',
      optionExpiry: null,
    });
    await recordVersion(tx, {
      bookingId,
      version: locked.version,
      userId: null,
      action: 'abandon',
      ...(before ? { before } : {}),
    });
    return true;
  }

  return { confirmPaid, abandon };
}

export type TOnlineConfirmFlow = ReturnType<typeof createOnlineConfirmFlow>;
