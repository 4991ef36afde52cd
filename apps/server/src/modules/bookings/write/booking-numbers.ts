import {
  formatBookingNumber,
  NUMBER_KINDS,
  type TBookingState,
  type TNumberKind,
} from '@atoll/domain/bookings';
import { today } from '../../../clock.ts';
import type { Tx } from '../../../db/client.ts';
import { createBookingWritesRepository } from './bookings-writes.repository.ts';

// Offer, reservation and booking numbers (docs/domain/lifecycle.md): one sequence per kind and year in
// `booking_counters`. The counter row is bumped in the writer's transaction: a failed write rolls the
// number back with everything else (no gap), a committed one is never handed out again.

const bookingWrites = createBookingWritesRepository();

export { formatBookingNumber };

/** The next number of this kind and year, e.g. `O26-00012`. Locks the counter row until the commit. */
export async function nextNumber(tx: Tx, kind: TNumberKind, year: number): Promise<string> {
  return formatBookingNumber(kind, year, await bookingWrites.bumpCounter(tx, kind, year));
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
