import type { TBooking } from '@atoll/domain/bookings';
import { diffSnapshots } from '@atoll/domain/bookings/history';
import type { Tx } from '../../db/client.ts';
import { queueStateMail } from '../mail/booking-state-mail.ts';
import { settleBookingPayments } from '../payments/booking-settlement.ts';
import { syncBookingStock } from '../products/booking-stock.ts';
import { loadBooking } from './bookings.repository.ts';
import { bookingWrites } from './bookings-writes.repository.ts';

// Every successful write adds a version row (issue 7 §5): who, when, the action, what changed (the
// history's own diff of the snapshots) and the booking as it is afterwards, unredacted.

/**
 * Writes the version row of a write that brought the booking to `version` and answers the booking as
 * stored. `before` (the booking as it was) gives the changed paths; a create has none.
 */
export async function recordVersion(
  tx: Tx,
  args: { bookingId: number; version: number; userId: number | null; action: string; before?: TBooking },
): Promise<TBooking> {
  // Every write may change what the booking takes from stock (state, products): settled here, once.
  await syncBookingStock(tx, args.bookingId, args.userId);
  // And what the payments settle of the (new) calculation: paid, open, status, due dates, payment lines.
  await settleBookingPayments(tx, args.bookingId);
  const snapshot = await loadBooking(tx, args.bookingId);
  if (!snapshot) throw new Error(`booking ${args.bookingId} vanished inside its transaction`);
  await bookingWrites.insertVersion(tx, {
    bookingId: args.bookingId,
    version: args.version,
    userId: args.userId,
    action: args.action,
    changes: args.before ? diffSnapshots(args.before, snapshot) : [],
    snapshot,
  });
  // The automatic mail of a new state (planned, confirmed, aborted), when the operator switched it on.
  await queueStateMail(tx, {
    bookingId: args.bookingId,
    version: args.version,
    before: args.before?.state,
    after: snapshot.state,
    userId: args.userId,
  });
  return snapshot;
}
