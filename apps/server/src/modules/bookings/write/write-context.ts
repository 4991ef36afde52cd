import type { TBookingState } from '@atoll/domain/bookings';
import type { TTerms } from '@atoll/domain/pricing/entities';
import { hasScope } from '@atoll/domain/scopes';
import type { TReferenceCache } from '../../../db/change-feed.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { forbidden } from '../../../http/errors.ts';
import type { TAvailabilityService } from '../../availability/availability.service.ts';
import { toTerms } from '../../terms/terms.repository.ts';
import type { TWriter } from './booking-input.ts';
import { createBookingWritesRepository } from './bookings-writes.repository.ts';

// The write context every booking flow shares: what a flow is built with, and the rules of a write that are
// not one flow's own (option expiry, entry dates, who may force).

const bookingWrites = createBookingWritesRepository();

/** `reference`: the reference data of the price calculation kept in memory (ADR 0024); without it, read each time. */
export type TBookingFlowDeps = { db: Db; availability: TAvailabilityService; reference?: TReferenceCache };

/** Days an option holds when its terms do not say (docs/domain/lifecycle.md). */
export const DEFAULT_OPTION_DAYS = 7;

export const optionExpiryOf = (now: Date, terms: TTerms | null, explicit?: string | null) =>
  explicit
    ? new Date(explicit)
    : new Date(now.getTime() + (terms?.optionDays ?? DEFAULT_OPTION_DAYS) * 86_400_000);

export async function termsById(tx: Tx, id: number): Promise<TTerms | null> {
  const row = await bookingWrites.paymentTerms(tx, id);
  return row ? toTerms(row) : null;
}

/** Dates set on first entry into a state (docs/domain/lifecycle.md). */
export function entryDates(
  state: TBookingState,
  now: Date,
  held: { reservationDate: Date | null; bookingDate: Date | null },
) {
  return {
    ...(state === 'planned' && !held.reservationDate ? { reservationDate: now } : {}),
    ...(state === 'confirmed' && !held.bookingDate ? { bookingDate: now } : {}),
  };
}

/** `force` (override blocks, visibility, missing prices) is for staff who may change bookings. */
export function assertForce(writer: TWriter, force: boolean | undefined) {
  if (force && (writer.isAgent || !hasScope(writer.user.scopes, ['bookings.update']))) throw forbidden();
}
