import type { TAssignBody, TAssignQuery } from '@atoll/domain/banks';
import { D } from '@atoll/domain/money';
import { storedRate } from '@atoll/domain/payments';
import type { TSessionUser } from '@atoll/domain/users';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createCreditsRepository } from '../credits/credits.repository.ts';
import type { TCurrenciesService } from '../currencies/currencies.service.ts';
import { confirmPayment, rateRequired, recordPayment, removePayment } from '../payments/payments.flow.ts';
import { createBanksRepository, type TBankEntryRow } from './banks.repository.ts';

// Assigning (part of) a bank entry (docs/domain/payments.md): to a booking as a payment through the payments
// core, or to a customer's or agency's credit ledger. Σ assigned ≤ the entry amount, kept on the entry in
// the same transaction under the entry's row lock. An expected (temporary) payment of the same booking and
// amount becomes final with the entry instead of a second payment.

export const overassigned = (open: string) =>
  new AppError(
    409,
    'BANK_ENTRY_OVERASSIGNED',
    `Only ${open} of the bank entry is still unassigned: Σ assigned may not exceed its amount`,
  );

export type TAssignDeps = { currencies: TCurrenciesService };

const credits = createCreditsRepository();
const repo = createBanksRepository();

/** The entry, locked; incoming entries only. */
async function lockedEntry(tx: Tx, entryId: number): Promise<TBankEntryRow> {
  const entry = await repo.lockEntry(tx, entryId);
  if (!entry) throw notFound('Bank entry');
  return entry;
}

export async function assignEntry(
  deps: TAssignDeps,
  tx: Tx,
  actor: TSessionUser,
  entryId: number,
  body: TAssignBody,
  query: TAssignQuery,
): Promise<void> {
  const entry = await lockedEntry(tx, entryId);
  if (new D(entry.amount).lte(0))
    throw new AppError(409, 'INVALID_STATE', 'Only incoming entries (amount above 0) are assigned');
  const open = new D(entry.amount).minus(entry.assigned);
  if (new D(body.amount).gt(open)) throw overassigned(open.toFixed(2));
  if ('bookingId' in body) await payBooking(deps, tx, actor, entry, body, query);
  else {
    // The ledger's owner row lock orders this entry after any other of the same ledger (credits module).
    const owner =
      'customerId' in body
        ? { kind: 'customer' as const, id: body.customerId }
        : { kind: 'agency' as const, id: body.agencyId };
    if (!(await credits.lockOwner(tx, owner)))
      throw notFound(owner.kind === 'customer' ? 'Customer' : 'Agency');
    await credits.insert(tx, {
      customerId: 'customerId' in body ? body.customerId : null,
      agencyId: 'agencyId' in body ? body.agencyId : null,
      currency: entry.currency,
      amount: new D(body.amount).toFixed(2),
      bankEntryId: entry.id,
      note: body.note ?? entry.reference?.slice(0, 500) ?? null,
      userId: actor.id,
    });
  }
  await repo.addAssigned(tx, entry.id, new D(body.amount).toFixed(2));
}

async function payBooking(
  deps: TAssignDeps,
  tx: Tx,
  actor: TSessionUser,
  entry: TBankEntryRow,
  body: { bookingId: number; amount: string; note?: string | undefined },
  query: TAssignQuery,
) {
  const booking = await repo.booking(tx, body.bookingId);
  if (!booking) throw notFound('Booking');
  const expected = await repo.temporaryPayment(tx, booking.id, body.amount, entry.currency);
  if (expected) {
    await confirmPayment(tx, actor, expected.id, entry.id);
    return;
  }
  await recordPayment(tx, actor, {
    bookingId: booking.id,
    date: entry.date,
    amount: new D(body.amount).toFixed(2),
    currency: entry.currency,
    rate: await rateOf(deps, entry, booking.currency, query),
    method: 'bank',
    reference: entry.reference?.slice(0, 200) ?? null,
    note: body.note ?? null,
    bankEntryId: entry.id,
    payerCustomerId: booking.agencyId === null ? booking.customerId : null,
    payerAgencyId: booking.agencyId,
  });
}

/**
 * The stored rate entry currency → booking currency: 1 for the same currency; the given one (inverted
 * when quoted the other way, `rateType` inverse); else the stored exchange rate of day `rt` (default the
 * entry's date). No rate known: 400 RATE_REQUIRED.
 */
async function rateOf(deps: TAssignDeps, entry: TBankEntryRow, currency: string, query: TAssignQuery) {
  if (entry.currency === currency) return '1';
  if (query.rate) return storedRate(query.rate, query.rateType);
  try {
    return (await deps.currencies.rateFor(entry.currency, currency, query.rt ?? entry.date)).rate;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw rateRequired();
    throw error;
  }
}

/**
 * Un-assigns: removes the payment (through the payments core) or the credit entry that came from this
 * entry, and lowers `assigned`. A credit entry that was spent meanwhile stays (CREDIT_INSUFFICIENT).
 */
export async function unassignEntry(
  tx: Tx,
  actor: TSessionUser,
  entryId: number,
  id: number,
  kind: 'payment' | 'credit',
): Promise<void> {
  const entry = await lockedEntry(tx, entryId);
  if (kind === 'credit') {
    const credit = await repo.creditFromEntry(tx, id, entry.id);
    if (!credit) throw notFound('Credit entry');
    const owner = credit.customerId
      ? { kind: 'customer' as const, id: credit.customerId }
      : { kind: 'agency' as const, id: credit.agencyId ?? -1 };
    await credits.lockOwner(tx, owner);
    const balance = await credits.balance(tx, owner, credit.currency);
    if (new D(balance).minus(credit.amount).lt(0))
      throw new AppError(
        409,
        'CREDIT_INSUFFICIENT',
        'The credit was used meanwhile: the ledger would go negative',
      );
    await repo.deleteCredit(tx, credit.id);
    await repo.addAssigned(tx, entry.id, new D(credit.amount).negated().toFixed(2));
    return;
  }
  const payment = await repo.payment(tx, id);
  if (!payment || payment.bankEntryId !== entry.id) throw notFound('Payment');
  await removePayment(tx, actor, payment.id);
  await repo.addAssigned(tx, entry.id, new D(payment.amount).negated().toFixed(2));
}
