import { D, type TDecimal } from '@atoll/domain/money';
import { paymentValue, settle, type TSettlement } from '@atoll/domain/payments';
import { textsFor } from '@atoll/domain/pricing/texts';
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { today } from '../../clock.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { bookings, calculationLines, payments } from '../../db/schema.ts';
import { raiseBookingTodos } from '../todos/raise-todos.flow.ts';

// What the payments of a booking settle (docs/domain/calculation-lines.md and payments.md): paid, open, status, the next due
// date and the exceeded flag on the booking, and one `payment` line per payment. `settleBookingPayments`
// runs in every booking write (recordVersion), as the stock does, so payments and totals never disagree.

export type TPaymentRow = typeof payments.$inferSelect;

/** Whether a booking has payments (revert, delete and the option expiry ask). */
export async function bookingHasPayments(ex: Executor, bookingId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .limit(1);
  return row !== undefined;
}

/** Whether a booking has payments made at or after `since` (its own, not moved to it by a rebook). */
export async function hasPaymentsSince(ex: Executor, bookingId: number, since: Date): Promise<boolean> {
  const [row] = await ex
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), gte(payments.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/** The payments of a booking, oldest first. */
export function bookingPayments(ex: Executor, bookingId: number): Promise<TPaymentRow[]> {
  return ex
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.date), asc(payments.id));
}

/** Moves every payment of one booking to another (rebook; its revert moves them back). */
export async function movePayments(tx: Tx, fromId: number, toId: number, createdBefore?: Date) {
  await tx
    .update(payments)
    .set({ bookingId: toId, updatedAt: new Date() })
    .where(
      and(eq(payments.bookingId, fromId), createdBefore ? lt(payments.createdAt, createdBefore) : undefined),
    );
}

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
  const [booking] = stored
    ? [stored.booking]
    : await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} vanished inside its transaction`);
  const settledTypes = [...SCHEDULE_TYPES, 'payment'];
  // One after the other: the queries share the transaction's one connection.
  const paid = stored?.payments ?? (await bookingPayments(tx, bookingId));
  const lines = stored
    ? stored.lines.filter((l) => settledTypes.includes(l.type))
    : await tx
        .select()
        .from(calculationLines)
        .where(and(eq(calculationLines.bookingId, bookingId), inArray(calculationLines.type, settledTypes)));
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
    await tx
      .update(bookings)
      .set({
        paid: result.paid,
        openAmount: result.open,
        paymentStatus: result.status,
        nextDueDate: result.nextDueDate,
        hasExceededDueDate: result.hasExceededDueDate,
      })
      .where(eq(bookings.id, bookingId));
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
  await tx
    .delete(calculationLines)
    .where(and(eq(calculationLines.bookingId, booking.id), eq(calculationLines.type, 'payment')));
  if (wanted.length > 0)
    await tx.insert(calculationLines).values(wanted.map((w) => ({ ...w, bookingId: booking.id })));
  return true;
}

/**
 * The bookings whose due date passed since they were last settled, or which are flagged but paid up:
 * the hourly job settles them again (their `hasExceededDueDate` changes with the calendar alone).
 */
export async function bookingsToResettle(ex: Executor, day = today()): Promise<number[]> {
  const rows = await ex
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        ne(bookings.state, 'deleted'),
        or(
          and(
            isNotNull(bookings.nextDueDate),
            lt(bookings.nextDueDate, day),
            eq(bookings.hasExceededDueDate, false),
          ),
          and(eq(bookings.hasExceededDueDate, true), sql`${bookings.nextDueDate} is null`),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The hourly due-date job: settles again the bookings whose due date passed (hasExceededDueDate and the
 * todo "due date exceeded" follow the calendar, not a write). Each booking in its own transaction; no
 * version row, as the todo job. Idempotent, safe with several instances (a second run finds nothing).
 */
export async function settleDueDates(db: Db, now: Date): Promise<number[]> {
  const day = today(now);
  const flagged: number[] = [];
  for (const id of await bookingsToResettle(db, day)) {
    const result = await db.transaction((tx) => settleBookingPayments(tx, id, day));
    if (result.hasExceededDueDate) flagged.push(id);
  }
  return flagged;
}
