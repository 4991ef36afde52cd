import {
  formatBookingNumber,
  NUMBER_KINDS,
  type TBookingState,
  type TNumberKind,
} from '@atoll/domain/bookings';
import { sql } from 'drizzle-orm';
import { today } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { bookingCounters } from '../../../db/schema.ts';

// Offer, reservation and booking numbers (docs/domain/lifecycle.md): one sequence per kind and year in
// `booking_counters`. The counter row is bumped in the writer's transaction: a failed write rolls the
// number back with everything else (no gap), a committed one is never handed out again.

export { formatBookingNumber };

/** The next number of this kind and year, e.g. `O26-00012`. Locks the counter row until the commit. */
export async function nextNumber(tx: Tx, kind: TNumberKind, year: number): Promise<string> {
  const [row] = await tx
    .insert(bookingCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [bookingCounters.kind, bookingCounters.year],
      set: { last: sql`${bookingCounters.last} + 1` },
    })
    .returning({ last: bookingCounters.last });
  if (!row) throw new Error('booking_counters: no row returned');
  return formatBookingNumber(kind, year, row.last);
}

const COLUMN = { draft: 'offerNo', planned: 'reservationNo', confirmed: 'bookingNo' } as const;
type TNumbers = { offerNo: string | null; reservationNo: string | null; bookingNo: string | null };

const isNumberKind = (state: TBookingState): state is TNumberKind => state in NUMBER_KINDS;

/**
 * The number a booking gets on entering `state`, when it has none of that kind yet; `{}` otherwise.
 * Call it last in a write, after the holds: the counter row is the hottest lock of all bookings.
 */
export async function numberOnEntry(
  tx: Tx,
  state: TBookingState,
  held: TNumbers,
): Promise<Partial<TNumbers>> {
  if (!isNumberKind(state)) return {};
  const column = COLUMN[state];
  if (held[column]) return {};
  const year = Number(today().slice(0, 4));
  return { [column]: await nextNumber(tx, state, year) };
}
