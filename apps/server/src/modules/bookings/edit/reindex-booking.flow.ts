import { isEditable, type TBookingState } from '@atoll/domain/bookings';
import { D } from '@atoll/domain/money';
import type { TCalcLine } from '@atoll/domain/pricing/engine-types';
import { isBillable, isCollected } from '@atoll/domain/pricing/totals';
import { hasScope } from '@atoll/domain/scopes';
import { bookingVisibility } from '../../../db/booking-conditions.ts';
import { AppError, forbidden, notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { createBookingsRepository, toLine } from '../bookings.repository.ts';
import { holdStored } from '../lifecycle/booking-lifecycle.ts';
import { createLifecycleWritesRepository } from '../lifecycle/bookings-lifecycle.repository.ts';
import { priceBooking } from '../write/booking-pricing.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository, type TLineRow } from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';

const bookingRepo = createBookingsRepository();

// POST /api/bookings/reindex (admin) and {booking}/reindex (bookings.update): rebuilds what is derived
// from a booking. Its occupancy rows are released and held again from its entries (no force: a booking
// that no longer fits keeps its old rows and is counted as a conflict); its totals are recalculated only
// when they disagree with its lines, so a kept price (rebook with keepPrice) survives. The search text is
// a generated column (PostgreSQL keeps it). One transaction per booking; a booking whose totals were
// rebuilt gets a version row.

export type TReindexReport = { bookings: number; holds: number; repriced: number; conflicts: number };

/** States that hold nothing and show nothing on the calendar: their rows are only released. */
const GONE: readonly TBookingState[] = ['aborted', 'freed', 'rebooked', 'splitted', 'deleted'];

const COUNTED = new Set(['None', 'Direct', 'OnSite']);

/**
 * Whether the stored total disagrees with the stored lines: the counted lines sum to the total (tax
 * inclusive) or to the total less the tax (tax exclusive); anything else is stale.
 */
function disagrees(total: string, tax: string | undefined, lines: readonly TLineRow[]) {
  const sum = lines
    .map((row) => toLine(row) as TCalcLine)
    .filter((l) => COUNTED.has(l.customerType) && (isBillable(l) || isCollected(l)))
    .reduce((s, l) => s.plus(l.total), new D(0));
  const diff = new D(total).minus(sum).abs();
  return !diff.isZero() && !diff.eq(new D(tax ?? '0'));
}

export function createReindexBookingFlow(deps: TBookingFlowDeps) {
  const bookingWrites = createBookingWritesRepository();
  const lifecycleWrites = createLifecycleWritesRepository();
  const { db, availability } = deps;

  /** Reindexes one booking in its own transaction; answers what it did. */
  async function reindexOne(user: TSessionUser, id: number): Promise<Omit<TReindexReport, 'bookings'>> {
    try {
      return await db.transaction(async (tx) => {
        const row = await bookingWrites.booking(tx, id, bookingVisibility(user));
        if (!row) throw notFound('Booking');
        if (GONE.includes(row.state as TBookingState)) {
          await availability.release(tx, id);
          return { holds: 0, repriced: 0, conflicts: 0 };
        }
        await bookingWrites.lockRooms(
          tx,
          (await bookingWrites.entries(tx, id)).map((e) => e.roomId),
        );
        await holdStored(tx, availability, row, 'staff');
        const tax = (row.totals as { tax?: string }).tax;
        if (
          !isEditable(row.state as TBookingState) ||
          !disagrees(row.total, tax, await bookingWrites.lines(tx, id))
        )
          return { holds: 1, repriced: 0, conflicts: 0 };
        const before = await bookingRepo.loadBooking(tx, id);
        const bumped = await bookingWrites.bumpVersion(tx, id, row.version);
        if (!bumped) throw new Error(`booking ${id} vanished inside its transaction`);
        await priceBooking(tx, user, bumped, deps.reference?.reads());
        await recordVersion(tx, {
          bookingId: id,
          version: bumped.version,
          userId: user.id,
          action: 'reindex',
          ...(before ? { before } : {}),
        });
        return { holds: 1, repriced: 1, conflicts: 0 };
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_AVAILABLE')
        return { holds: 0, repriced: 0, conflicts: 1 };
      throw error;
    }
  }

  return {
    /** One booking: bookings.update; 404 for one the user may not see. */
    async reindexBooking(user: TSessionUser, id: number): Promise<TReindexReport> {
      if (!hasScope(user.scopes, ['bookings.update'])) throw forbidden();
      return { bookings: 1, ...(await reindexOne(user, id)) };
    },

    /** Every booking, one after the other (admin only). */
    async reindexAll(user: TSessionUser): Promise<TReindexReport> {
      if (!hasScope(user.scopes, ['admin'])) throw forbidden();
      const report: TReindexReport = { bookings: 0, holds: 0, repriced: 0, conflicts: 0 };
      for (const id of await lifecycleWrites.bookingIds(db)) {
        const one = await reindexOne(user, id);
        report.bookings += 1;
        report.holds += one.holds;
        report.repriced += one.repriced;
        report.conflicts += one.conflicts;
      }
      return report;
    },
  };
}
