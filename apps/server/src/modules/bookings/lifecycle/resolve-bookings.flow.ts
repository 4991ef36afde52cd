import { today } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { createBookingsRepository } from '../bookings.repository.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository } from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { createLifecycleWritesRepository } from './bookings-lifecycle.repository.ts';

const bookingRepo = createBookingsRepository();

// The nightly resolve (docs/domain/resolved-bookings.md): a confirmed booking whose stay is over (its last day passed) and
// which owes nothing more becomes confirmed + resolved, with the resolved date and a booking version. It
// keeps its rooms (history, reports); the calendar shows it as confirmed-resolved. Staff resolve by hand
// through the change call (`resolved`), which also closes an option (planned + resolved: released).

/** Bookings settled per run; the next run takes the rest. */
const BATCH = 500;

export function createResolveBookingsFlow(deps: Pick<TBookingFlowDeps, 'db'>) {
  const lifecycleWrites = createLifecycleWritesRepository();
  const bookingWrites = createBookingWritesRepository();
  const { db } = deps;
  /** One booking in its own transaction, under its version: a write that came first and changed it wins. */
  async function resolve(tx: Tx, id: number, version: number, today: string, now: Date) {
    const before = await bookingRepo.loadBooking(tx, id);
    const locked = await lifecycleWrites.bumpVersionIfFinished(tx, id, version, today);
    if (!locked || !before) return false;
    await bookingWrites.updateBooking(tx, id, { resolved: true, resolvedDate: now });
    await recordVersion(tx, {
      bookingId: id,
      version: locked.version,
      userId: null,
      action: 'resolve',
      before,
    });
    return true;
  }

  return {
    /** Resolves the finished, settled bookings of the day before `now` and earlier; answers their ids. */
    async resolveFinished(now: Date): Promise<number[]> {
      const day = today(now);
      const due = await lifecycleWrites.finishedBookings(db, day, BATCH);
      const changed: number[] = [];
      for (const { id, version } of due) {
        if (await db.transaction((tx) => resolve(tx, id, version, day, now))) changed.push(id);
      }
      return changed;
    },
  };
}
