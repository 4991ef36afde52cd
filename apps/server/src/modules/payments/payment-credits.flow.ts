import { balanceAfter } from '@atoll/domain/customer-data';
import { D } from '@atoll/domain/money';
import type { TKeepCredit, TUseCredit } from '@atoll/domain/payments/api';
import { today } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { createCreditsRepository, type TLedgerOwner } from '../credits/credits.repository.ts';
import { recordPayment } from './payments.flow.ts';
import { createPaymentsRepository } from './payments.repository.ts';

// Credits on bookings (docs/domain/payments.md): using a customer's or agency's credit is a payment with
// method `credit` and a negative credit entry of the same value; an overpayment kept as credit is a
// positive entry and a negative payment. Each pair is written in the caller's transaction, so both or
// neither exist, and the ledger's owner row is locked so its balance never goes negative.

const credits = createCreditsRepository();
const payments = createPaymentsRepository();

export const creditInsufficient = () =>
  new AppError(409, 'CREDIT_INSUFFICIENT', 'The credit balance is not sufficient');

/** The ledger owner of a booking the actor sees: its customer or its agency. */
async function ownerOf(tx: Tx, actor: TSessionUser, bookingId: number, kind: 'customer' | 'agency') {
  const row = await payments.lockForPayment(tx, bookingId, [actor]);
  if (!row) throw notFound('Booking');
  const id = kind === 'customer' ? row.customerId : row.agencyId;
  if (id === null)
    throw new AppError(409, 'INVALID_STATE', `The booking has no ${kind} whose credit could be used`);
  const owner: TLedgerOwner = { kind, id };
  if (!(await credits.lockOwner(tx, owner))) throw notFound(kind);
  return { booking: row, owner };
}

const ownerColumns = (owner: TLedgerOwner) => ({
  customerId: owner.kind === 'customer' ? owner.id : null,
  agencyId: owner.kind === 'agency' ? owner.id : null,
});

/** Pays (part of) a booking from the credit of its customer or agency, in the booking currency. */
export async function useCredit(tx: Tx, actor: TSessionUser, bookingId: number, input: TUseCredit) {
  const { booking, owner } = await ownerOf(tx, actor, bookingId, input.from);
  const amount = new D(input.amount).toFixed(2);
  const balance = balanceAfter(await credits.balance(tx, owner, booking.currency), `-${amount}`);
  if (balance === undefined) throw creditInsufficient();
  const entry = await credits.insert(tx, {
    ...ownerColumns(owner),
    currency: booking.currency,
    amount: `-${amount}`,
    bookingId,
    note: 'payment',
    userId: actor.id,
  });
  return recordPayment(tx, actor, {
    bookingId,
    date: input.date ?? today(),
    amount,
    method: 'credit',
    creditEntryId: entry.id,
    ...(owner.kind === 'customer' ? { payerCustomerId: owner.id } : { payerAgencyId: owner.id }),
    version: input.version ?? null,
  });
}

/** Keeps what was paid beyond the due amount as credit of the customer or agency: one refund-like payment. */
export async function keepOverpaymentAsCredit(
  tx: Tx,
  actor: TSessionUser,
  bookingId: number,
  input: TKeepCredit,
) {
  const { booking, owner } = await ownerOf(tx, actor, bookingId, input.to);
  const surplus = new D(booking.open).negated();
  if (surplus.lte(0)) throw new AppError(409, 'INVALID_STATE', 'The booking is not overpaid');
  const entry = await credits.insert(tx, {
    ...ownerColumns(owner),
    currency: booking.currency,
    amount: surplus.toFixed(2),
    bookingId,
    note: 'overpayment',
    userId: actor.id,
  });
  return recordPayment(tx, actor, {
    bookingId,
    date: input.date ?? today(),
    amount: surplus.negated().toFixed(2),
    method: 'credit',
    creditEntryId: entry.id,
    ...(owner.kind === 'customer' ? { payerCustomerId: owner.id } : { payerAgencyId: owner.id }),
    version: input.version ?? null,
  });
}
