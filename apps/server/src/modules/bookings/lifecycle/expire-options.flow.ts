import type { Tx } from '../../../db/client.ts';
import type { TBookingRow } from '../bookings.repository.ts';
import { bookingHooks } from '../write/booking-hooks.ts';
import { recordVersion } from '../write/booking-versions.ts';
import { createBookingWritesRepository } from '../write/bookings-writes.repository.ts';
import type { TBookingFlowDeps } from '../write/write-context.ts';
import { hasPayments } from './booking-lifecycle.ts';
import { createLifecycleWritesRepository } from './bookings-lifecycle.repository.ts';
import { notifyWaitlist } from './waitlist.flow.ts';

// The option expiry job (docs/domain/options.md): a planned booking whose option lapsed becomes freed with the reason
// "expired" (no fee); one with a payment stays planned and gets the todo "option expired but paid". The hold
// itself stopped counting at the expiry already (ADR 0010); the job settles state, history and the waitlist.
// Before and when an option lapses the office hears of it (option-notices.ts).

/** Bookings settled per run; the next run takes the rest. */
const BATCH = 200;

const isLapsed = (row: TBookingRow | undefined, now: Date) =>
  row !== undefined &&
  row.state === 'planned' &&
  !row.resolved &&
  row.optionExpiry !== null &&
  row.optionExpiry.getTime() < now.getTime();

export function createExpireOptionsFlow(deps: TBookingFlowDeps) {
  const lifecycleWrites = createLifecycleWritesRepository();
  const bookingWrites = createBookingWritesRepository();
  const { db, availability } = deps;

  /** One booking in its own transaction; a write that came first (confirmed meanwhile) wins, then nothing happens. */
  async function expire(tx: Tx, id: number, now: Date): Promise<boolean> {
    const row = await bookingWrites.booking(tx, id);
    if (!row || !isLapsed(row, now)) return false;
    // Paid: the office decides (raised as the todo job raises, without a booking version).
    if (await hasPayments(tx, id)) {
      await bookingHooks().todos.raise(tx, id, [{ code: 'optionExpiredPaid' }]);
      return false;
    }
    const locked = await bookingWrites.bumpVersion(tx, id, row.version);
    if (!locked) return false;
    await availability.release(tx, id);
    await notifyWaitlist(tx, availability, id);
    await bookingWrites.updateBooking(tx, id, {
      state: 'freed',
      freedDate: now,
      releaseReason: 'expired',
      optionExpiry: null,
    });
    await recordVersion(tx, { bookingId: id, version: locked.version, userId: null, action: 'expire' });
    // It lapsed: the warning of its lapsing is done, the notice below raises that it lapsed.
    await bookingHooks().todos.closeOption(tx, id, null);
    if (row.optionExpiry) await bookingHooks().options.notice(tx, id, 'expired', row.optionExpiry);
    return true;
  }

  /** Warns of one option lapsing soon, once per expiry; a write that came first (confirmed, extended) wins. */
  async function warn(tx: Tx, id: number, until: Date, now: Date): Promise<boolean> {
    const row = await bookingWrites.booking(tx, id);
    const expiry = row?.optionExpiry;
    if (!row || !expiry || row.state !== 'planned' || row.resolved) return false;
    if (expiry.getTime() <= now.getTime() || expiry.getTime() > until.getTime()) return false;
    if (row.optionWarnedExpiry?.getTime() === expiry.getTime()) return false;
    await bookingWrites.updateBooking(tx, id, { optionWarnedExpiry: expiry });
    await bookingHooks().options.notice(tx, id, 'expiring', expiry);
    return true;
  }

  return {
    /** Warns of the options lapsing within the warning hours (setting); answers the ids warned of. */
    async warnOptions(now: Date): Promise<number[]> {
      const warningHours = await bookingHooks().options.warningHours(db);
      if (warningHours <= 0) return [];
      const until = new Date(now.getTime() + warningHours * 3_600_000);
      const soon = await lifecycleWrites.optionsToWarn(db, now, until, warningHours, BATCH);
      const warned: number[] = [];
      for (const { id } of soon) {
        if (await db.transaction((tx) => warn(tx, id, until, now))) warned.push(id);
      }
      return warned;
    },

    /** Settles the lapsed options; answers the ids it changed. */
    async expireOptions(now: Date): Promise<number[]> {
      const lapsed = await lifecycleWrites.lapsedOptions(db, now, BATCH);
      const changed: number[] = [];
      for (const { id } of lapsed) {
        if (await db.transaction((tx) => expire(tx, id, now))) changed.push(id);
      }
      return changed;
    },
  };
}
