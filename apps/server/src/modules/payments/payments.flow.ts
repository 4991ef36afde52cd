import type { TBooking } from '@atoll/domain/bookings';
import { D, type TDecimal } from '@atoll/domain/money';
import type { TPaymentMethod, TPaymentRecordStatus } from '@atoll/domain/payments';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { lockBooking } from '../bookings/booking-lock.ts';
import { createBookingsRepository } from '../bookings/bookings.repository.ts';
import { recordVersion } from '../bookings/write/booking-versions.ts';
import { createBookingWritesRepository } from '../bookings/write/bookings-writes.repository.ts';
import { createPaymentsRepository, type TPaymentRow } from './payments.repository.ts';

const bookingRepo = createBookingsRepository();

// The payments core (docs/domain/payments.md): the one way to add or remove a payment of a booking. Each
// is a booking write (locked, versioned, in the caller's transaction); `settleBookingPayments` keeps what
// the payments settle on the booking (paid, open, status, next due date, exceeded flag, payment lines)
// and runs inside every booking write (recordVersion), so totals and payments never disagree.

const bookingWrites = createBookingWritesRepository();

export type TPaymentInput = {
  bookingId: number;
  date: string;
  /** In the payment currency; negative: a refund. */
  amount: TDecimal;
  /** The booking's currency when left out. */
  currency?: string | undefined;
  /** Payment currency → booking currency; 1 for the same currency. */
  rate?: TDecimal | undefined;
  method: TPaymentMethod;
  status?: TPaymentRecordStatus | undefined;
  reference?: string | null | undefined;
  note?: string | null | undefined;
  bankEntryId?: number | null | undefined;
  providerId?: number | null | undefined;
  /** The provider's event or session id: a second payment with the same one is refused (idempotency). */
  providerRef?: string | null | undefined;
  creditEntryId?: number | null | undefined;
  onsite?: boolean | undefined;
  roomBookingId?: number | null | undefined;
  payerCustomerId?: number | null | undefined;
  payerAgencyId?: number | null | undefined;
  /** The booking version the client read; null or left out skips the comparison. */
  version?: number | null | undefined;
};

const repo = createPaymentsRepository();

/** States a payment may be added to: not to a deleted booking, nor to one whose payments moved on. */
const CLOSED_STATES = new Set(['deleted', 'rebooked', 'splitted']);

export const rateRequired = () =>
  new AppError(400, 'RATE_REQUIRED', 'A payment in another currency needs the rate to the booking currency');

/**
 * Adds a payment (or refund) to a booking the actor may see, inside `tx`, and records the booking
 * version. `actor` null: the system (a provider's webhook, a job), which sees every booking.
 */
export async function recordPayment(
  tx: Tx,
  actor: TSessionUser | null,
  input: TPaymentInput,
): Promise<{ payment: TPaymentRow; booking: TBooking }> {
  const { row, before } = await lockForPayment(tx, actor, input.bookingId, input.version ?? null);
  if (CLOSED_STATES.has(row.state))
    throw new AppError(409, 'INVALID_STATE', `A ${row.state} booking takes no payments`);
  const currency = input.currency ?? row.currency;
  if (currency !== row.currency && input.rate === undefined) throw rateRequired();
  const rate = currency === row.currency ? '1' : new D(input.rate ?? '1').toFixed();
  const payment = await repo.insertUnlessDuplicate(tx, {
    bookingId: row.id,
    date: input.date,
    amount: new D(input.amount).toFixed(2),
    currency,
    rate,
    method: input.method,
    status: input.status ?? 'final',
    reference: input.reference ?? null,
    note: input.note ?? null,
    bankEntryId: input.bankEntryId ?? null,
    providerId: input.providerId ?? null,
    providerRef: input.providerRef ?? null,
    creditEntryId: input.creditEntryId ?? null,
    onsite: input.onsite ?? false,
    roomBookingId: input.roomBookingId ?? null,
    payerCustomerId: input.payerCustomerId ?? null,
    payerAgencyId: input.payerAgencyId ?? null,
    userId: actor?.id ?? null,
  });
  if (!payment) throw new AppError(409, 'DUPLICATE_PAYMENT', 'This payment was recorded already');
  const booking = await recordVersion(tx, {
    bookingId: row.id,
    version: row.version,
    userId: actor?.id ?? null,
    action: input.amount.startsWith('-') ? 'refund' : 'payment',
    ...(before ? { before } : {}),
  });
  return { payment, booking };
}

/** Removes a payment of a booking the actor may see (404 otherwise), inside `tx`, and records the version. */
export async function removePayment(
  tx: Tx,
  actor: TSessionUser | null,
  paymentId: number,
  version: number | null = null,
): Promise<{ payment: TPaymentRow; booking: TBooking }> {
  const found = await repo.row(tx, paymentId);
  if (!found) throw notFound('Payment');
  const { row, before } = await lockForPayment(tx, actor, found.bookingId, version);
  await repo.remove(tx, paymentId);
  const booking = await recordVersion(tx, {
    bookingId: row.id,
    version: row.version,
    userId: actor?.id ?? null,
    action: 'removePayment',
    ...(before ? { before } : {}),
  });
  return { payment: found, booking };
}

/** Marks a temporary payment final (a bank entry confirmed it), with the entry it was seen in. */
export async function confirmPayment(
  tx: Tx,
  actor: TSessionUser | null,
  paymentId: number,
  bankEntryId: number | null,
): Promise<TPaymentRow> {
  const found = await repo.row(tx, paymentId);
  if (!found) throw notFound('Payment');
  const { row, before } = await lockForPayment(tx, actor, found.bookingId, null);
  const payment = await repo.confirm(tx, paymentId, bankEntryId);
  await recordVersion(tx, {
    bookingId: row.id,
    version: row.version,
    userId: actor?.id ?? null,
    action: 'confirmPayment',
    ...(before ? { before } : {}),
  });
  return payment ?? found;
}

async function lockForPayment(tx: Tx, actor: TSessionUser | null, bookingId: number, version: number | null) {
  const row = actor
    ? await lockBooking(tx, actor, bookingId, version)
    : await bookingWrites.bumpVersion(tx, bookingId, null);
  if (!row) throw notFound('Booking');
  const before = await bookingRepo.loadBooking(tx, bookingId);
  return { row, before };
}
