import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { TAvailabilityService } from '../../availability/availability.service.ts';
import { bookingHooks } from '../write/booking-hooks.ts';
import { storedHoldItems } from '../write/booking-input.ts';

// The waitlist (docs/domain/lifecycle.md): waiting bookings hold nothing. When a holding booking lets go of its rooms
// (cancel, release, rebook, delete), the waiting bookings on the same departure or dates and room type that now
// fit get the todo "space available", oldest first. Promotion stays manual: the customer must be asked.

/** At most this many waiting bookings are tried per release (oldest first). */
const CANDIDATES = 20;

/** Thrown inside the trial hold's savepoint to roll it back. */
class TrialDone extends Error {}

/** Waiting bookings with a room entry of a released entry's room type on its departure, or on overlapping nights. */
async function candidates(tx: Tx, releasedId: number): Promise<number[]> {
  const result = await tx.execute(sql`
    select w.id from bookings w
    where w.state = 'waiting' and w.id <> ${releasedId}
      and exists (
        select 1 from booking_rooms we join booking_rooms re on re.booking_id = ${releasedId}
        where we.booking_id = w.id
          and we.room_type_id is not distinct from re.room_type_id
          and (we.schedule_id = re.schedule_id
               or (we.schedule_id is null and re.schedule_id is null
                   and we.from_date < re.to_date and re.from_date < we.to_date)))
    order by w.created_at, w.id
    limit ${CANDIDATES}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

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
