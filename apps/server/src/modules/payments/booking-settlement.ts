import { D, type TDecimal } from '@atoll/domain/money';
import { paymentValue, settle, type TSettlement } from '@atoll/domain/payments';
import { textsFor } from '@atoll/domain/pricing/texts';
import { today } from '../../clock.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { bookings, calculationLines } from '../../db/schema.ts';
import { raiseBookingTodos } from '../todos/raise-todos.flow.ts';
import { createPaymentsRepository, type TPaymentRow } from './payments.repository.ts';

// What the payments of a booking settle (docs/domain/calculation-lines.md and payments.md): paid, open, status, the next due
// date and the exceeded flag on the booking, and one `payment` line per payment. `settleBookingPayments`
// runs in every booking write (recordVersion), as the stock does, so payments and totals never disagree.

export type { TPaymentRow };

const repo = createPaymentsRepository();

/** Whether a booking has payments (revert, delete and the option expiry ask). */
export const bookingHasPayments = (ex: Executor, bookingId: number): Promise<boolean> =>
  repo.hasAny(ex, bookingId);

/** Whether a booking has payments made at or after `since` (its own, not moved to it by a rebook). */
export const hasPaymentsSince = (ex: Executor, bookingId: number, since: Date): Promise<boolean> =>
  repo.hasSince(ex, bookingId, since);

/** Moves every payment of one booking to another (rebook; its revert moves them back). */
export const movePayments = (tx: Tx, fromId: number, toId: number, createdBefore?: Date) =>
  repo.move(tx, fromId, toId, createdBefore);

type TTotalsLike = { dueBeforeTravel?: string; agencyDue?: string; customerDue?: string };

/**
 * What the booking owes before travel: `dueBeforeTravel`, or for an agency booking what the agency pays
 * (agencyDue, net of an included commission) plus the guest's Direct lines (docs/domain/calculation-lines.md). [Judgment]
 */
export function dueOf(booking: { agencyId: number | null; totals: unknown }): TDecimal {
  const totals = (booking.totals ?? {}) as TTotalsLike;
  if (booking.agencyId !== null && totals.agencyDue !== undefined)
    return new D(totals.agencyDue).plus(totals.customerDue ?? '0').toFixed(2);
  return new D(totals.dueBeforeTravel ?? '0').toFixed(2);
}

const SCHEDULE_TYPES = ['deposit', 'rest'];
const ACTIVE = new Set(['planned', 'confirmed']);
const NOT_OWED = new Set(['Info', 'ForFree', 'OnSite']);
const PAYMENT_LINE_POSITION = 100_000;

type TLineLike = Pick<typeof calculationLines.$inferSelect, 'type' | 'customerType' | 'total' | 'customData'>;

/** What the payments settle of the booking's calculation (its deposit and rest lines) on `day`; no reads. */
function settlementOf(
  booking: Pick<typeof bookings.$inferSelect, 'agencyId' | 'totals' | 'from'>,
  lines: readonly TLineLike[],
  paid: readonly TPaymentRow[],
  day: string,
): TSettlement {
  const dues = lines
    .filter((l) => SCHEDULE_TYPES.includes(l.type) && !NOT_OWED.has(l.customerType))
    .map((l) => ({
      amount: l.total,
      dueDate: String((l.customData as { dueDate?: string }).dueDate ?? booking.from),
    }));
  return settle({ due: dueOf(booking), dues, payments: paid, today: day });
}

/**
 * The payment fields of a booking created in this transaction (it has no payments yet), to write with its
 * price: the settlement in recordVersion then finds them as it would set them and writes nothing. The
 * exceeded flag is left to that settlement, which raises the office's todo when it sets it.
 */
export function newBookingPayments(
  booking: Pick<typeof bookings.$inferSelect, 'agencyId' | 'totals' | 'from'>,
  lines: readonly TLineLike[],
) {
  const result = settlementOf(booking, lines, [], today());
  return {
    paid: result.paid,
    openAmount: result.open,
    paymentStatus: result.status,
    nextDueDate: result.nextDueDate,
  };
}

/**
 * Brings the booking's payment fields and payment lines in line with its payments and calculation, in
 * `tx`. Runs in every booking write (recordVersion) and in the hourly due-date job; writes only what
 * changed. `stored`: the booking row and all its lines as they are now in `tx`, when the caller holds
 * them (they are not read again). Answers the settlement, and whether the payment lines and the row were
 * rewritten.
 */
export async function settleBookingPayments(
  tx: Tx,
  bookingId: number,
  day = today(),
  stored?: {
    booking: typeof bookings.$inferSelect;
    lines: readonly (typeof calculationLines.$inferSelect)[];
    /** Its payments, when the caller knows them (a booking created in this transaction has none). */
    payments?: readonly TPaymentRow[];
  },
): Promise<TSettlement & { linesChanged: boolean; rowChanged: boolean }> {
  const booking = stored ? stored.booking : await repo.booking(tx, bookingId);
  if (!booking) throw new Error(`booking ${bookingId} vanished inside its transaction`);
  const settledTypes = [...SCHEDULE_TYPES, 'payment'];
  // One after the other: the queries share the transaction's one connection.
  const paid = stored?.payments ?? (await repo.ofBooking(tx, bookingId));
  const lines = stored
    ? stored.lines.filter((l) => settledTypes.includes(l.type))
    : await repo.linesOfTypes(tx, bookingId, settledTypes);
  const result = settlementOf(booking, lines, paid, day);
  const linesChanged = await syncPaymentLines(tx, booking, paid, lines);
  // Overdue on an active booking: the office is told once (raiseBookingTodos skips an open one).
  if (result.hasExceededDueDate && !booking.hasExceededDueDate && ACTIVE.has(booking.state))
    await raiseBookingTodos(tx, bookingId, [{ code: 'exceededDueDate' }]);
  const changed =
    !new D(booking.paid).eq(result.paid) ||
    !new D(booking.openAmount).eq(result.open) ||
    booking.paymentStatus !== result.status ||
    booking.nextDueDate !== result.nextDueDate ||
    booking.hasExceededDueDate !== result.hasExceededDueDate;
  if (changed)
    await repo.setBookingFields(tx, bookingId, {
      paid: result.paid,
      openAmount: result.open,
      paymentStatus: result.status,
      nextDueDate: result.nextDueDate,
      hasExceededDueDate: result.hasExceededDueDate,
    });
  return { ...result, linesChanged, rowChanged: changed };
}

/** One `payment` line per payment, `price = −value` in the booking currency (docs/domain/calculation-lines.md), for display. */
async function syncPaymentLines(
  tx: Tx,
  booking: typeof bookings.$inferSelect,
  paid: readonly TPaymentRow[],
  lines: readonly (typeof calculationLines.$inferSelect)[],
) {
  const t = textsFor(booking.language === 'en' ? 'en' : 'de');
  const wanted = paid.map((p, i) => {
    const value = new D(paymentValue(p)).negated().toFixed(2);
    return {
      key: `payment:${p.id}`,
      type: 'payment',
      text: (p.amount.startsWith('-') ? t.refund : t.payment)(t.date(p.date)),
      sort: 9999,
      amount: '1',
      price: value,
      total: value,
      customerType: 'None',
      guestId: null,
      editable: false,
      deletable: false,
      unique: true,
      manual: false,
      customData: { generator: 'payment', paymentId: p.id, method: p.method },
      position: PAYMENT_LINE_POSITION + i,
    };
  });
  const have = lines.filter((l) => l.type === 'payment');
  const same =
    have.length === wanted.length &&
    wanted.every((w) =>
      have.some(
        (h) =>
          h.key === w.key && new D(h.total).eq(w.total) && h.text === w.text && h.position === w.position,
      ),
    );
  if (same) return false;
  await repo.replacePaymentLines(tx, booking.id, wanted);
  return true;
}

/**
 * The hourly due-date job: settles again the bookings whose due date passed (hasExceededDueDate and the
 * todo "due date exceeded" follow the calendar, not a write). Each booking in its own transaction; no
 * version row, as the todo job. Idempotent, safe with several instances (a second run finds nothing).
 */
export async function settleDueDates(db: Db, now: Date): Promise<number[]> {
  const day = today(now);
  const flagged: number[] = [];
  for (const id of await repo.toResettle(db, day)) {
    const result = await db.transaction((tx) => settleBookingPayments(tx, id, day));
    if (result.hasExceededDueDate) flagged.push(id);
  }
  return flagged;
}
