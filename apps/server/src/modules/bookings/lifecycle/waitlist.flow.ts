import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { TAvailabilityService } from '../../availability/availability.service.ts';
import { bookingHooks } from '../write/booking-hooks.ts';
import { storedHoldItems } from '../write/booking-input.ts';
import { createLifecycleWritesRepository } from './bookings-lifecycle.repository.ts';

// The waitlist (docs/domain/lifecycle.md): waiting bookings hold nothing. When a holding booking lets go of its rooms
// (cancel, release, rebook, delete), the waiting bookings on the same departure or dates and room type that now
// fit get the todo "space available", oldest first. Promotion stays manual: the customer must be asked.

const lifecycleWrites = createLifecycleWritesRepository();

/** At most this many waiting bookings are tried per release (oldest first). */
const CANDIDATES = 20;

/** Thrown inside the trial hold's savepoint to roll it back. */
class TrialDone extends Error {}

/** Waiting bookings with a room entry of a released entry's room type on its departure, or on overlapping nights. */
const candidates = (tx: Tx, releasedId: number) =>
  lifecycleWrites.waitingCandidates(tx, releasedId, CANDIDATES);

/** Whether the waiting booking's rooms could be held now: a trial hold in a savepoint, always rolled back. */
async function fitsNow(tx: Tx, availability: TAvailabilityService, bookingId: number): Promise<boolean> {
  try {
    await tx.transaction(async (trial) => {
      await availability.release(trial, bookingId);
      const items = await storedHoldItems(trial, bookingId);
      await availability.hold(trial, { bookingId, state: 'planned', channel: 'staff', items });
      throw new TrialDone();
    });
  } catch (error) {
    if (error instanceof TrialDone) return true;
    // Taken, or no longer valid as it is (pax, ages, gender): staff see it when they try to promote it.
    if (error instanceof AppError) return false;
    throw error;
  }
  return false;
}

/** Raises "space available" on the waiting bookings that fit now that `releasedId` has let go of its rooms. */
export async function notifyWaitlist(tx: Tx, availability: TAvailabilityService, releasedId: number) {
  const fitting: number[] = [];
  for (const id of await candidates(tx, releasedId)) {
    if (await fitsNow(tx, availability, id)) fitting.push(id);
  }
  for (const id of fitting) await bookingHooks().todos.raise(tx, id, [{ code: 'spaceAvailable' }]);
  return fitting;
}
