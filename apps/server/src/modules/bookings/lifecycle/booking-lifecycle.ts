import type { TBookingReference, TBookingState } from '@atoll/domain/bookings';
import type { TChannel } from '@atoll/domain/inventory/availability';
import type { Executor, Tx } from '../../../db/client.ts';
import type { bookings } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import type { TAvailabilityService } from '../../availability/availability.service.ts';
import type { TBookingRow } from '../bookings.repository.ts';
import { bookingHooks } from '../write/booking-hooks.ts';
import { storedHoldItems } from '../write/booking-input.ts';

// What the lifecycle calls (change room, rebook, move, revert, split, reindex) share: the payment
// check, the links between bookings, holding a stored booking again and the fields a booking made
// from another one (rebook, split) takes over.

export const revertNotPossible = (why: string) => new AppError(409, 'REVERT_NOT_POSSIBLE', why);

/** Whether a booking has payments (docs/domain/payments.md): revert, delete and the option expiry ask here. */
export const hasPayments = (ex: Executor, bookingId: number) => bookingHooks().payments.has(ex, bookingId);

export async function assertNoPayments(ex: Executor, bookingId: number) {
  if (await hasPayments(ex, bookingId))
    throw new AppError(409, 'HAS_PAYMENTS', `Booking ${bookingId} has payments`);
}

type TStoredReference = Omit<TBookingReference, 'number'>;

export const referencesOf = (row: TBookingRow): TStoredReference[] =>
  Array.isArray(row.references) ? (row.references as TStoredReference[]) : [];

export const withReference = (row: TBookingRow, kind: TStoredReference['kind'], bookingId: number) => [
  ...referencesOf(row),
  { kind, bookingId },
];

/** The booking a link of this kind points at (the newest such link), or undefined. */
export const referenced = (row: TBookingRow, kind: TStoredReference['kind']) =>
  referencesOf(row)
    .filter((r) => r.kind === kind)
    .at(-1)?.bookingId;

/** Releases and holds again what the stored entries of `row` take (NOT_AVAILABLE when taken). */
export async function holdStored(
  tx: Tx,
  availability: TAvailabilityService,
  row: TBookingRow,
  channel: TChannel,
  force = false,
) {
  await availability.release(tx, row.id);
  await availability.hold(tx, {
    bookingId: row.id,
    state: row.state as TBookingState,
    resolved: row.resolved,
    holdUntil: row.optionExpiry,
    channel,
    force,
    items: await storedHoldItems(tx, row.id),
  });
}

/** The fields a booking made from `row` (rebook, split) takes over; numbers, links and totals it gets anew. */
export function copiedFields(row: TBookingRow, userId: number): typeof bookings.$inferInsert {
  return {
    state: row.state,
    resolved: row.resolved,
    type: row.type,
    channel: row.channel,
    resortId: row.resortId,
    vesselId: row.vesselId,
    scheduleId: row.scheduleId,
    tourId: row.tourId,
    from: row.from,
    to: row.to,
    noOfPax: row.noOfPax,
    customerId: row.customerId,
    agencyId: row.agencyId,
    userId,
    sourceId: row.sourceId,
    categoryId: row.categoryId,
    language: row.language,
    currency: row.currency,
    termsOfPayment: row.termsOfPayment,
    commissionPercent: row.commissionPercent,
    // The customer booked then: specials keep evaluating at the same date t (docs/domain/specials.md).
    evaluationDate: row.evaluationDate,
    reservationDate: row.reservationDate,
    bookingDate: row.bookingDate,
    optionExpiry: row.optionExpiry,
    chosenSpecials: row.chosenSpecials,
    priceId: row.priceId,
    commissionId: row.commissionId,
    note: row.note,
    internalNote: row.internalNote,
    systemReference: row.systemReference,
  };
}
