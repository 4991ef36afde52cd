import type { TPaymentMethod, TPaymentRecordStatus } from '@atoll/domain/payments';
import { paymentValue } from '@atoll/domain/payments';
import type { TPaymentListItem } from '@atoll/domain/payments/api';
import type { TSessionUser } from '@atoll/domain/users';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { bookingNumber, bookingVisibility } from '../../db/booking-conditions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  calculationLines,
  customers,
  paymentProviders,
  payments,
  schedules,
} from '../../db/schema.ts';
import { compileFilter, compileSearch, type TListFields } from '../../http/filter.ts';

// The only file of the module that queries: payments, the payment fields of their bookings (with their lead
// guest and agency for a departure's list) and the bookings' payment lines. Every payment read joins the
// booking, so the booking visibility of the users in `seenBy` limits what is found.

export type TPaymentRow = typeof payments.$inferSelect;
export type TNewPaymentRow = typeof payments.$inferInsert;
type TBookingRow = typeof bookings.$inferSelect;
type TLineRow = typeof calculationLines.$inferSelect;

const columns = {
  payment: payments,
  bookingNo: bookingNumber,
  bookingCurrency: bookings.currency,
  agencyId: bookings.agencyId,
};
type TJoined = {
  payment: TPaymentRow;
  bookingNo: string | null;
  bookingCurrency: string;
  agencyId: number | null;
};

/** What the payment lists sort, filter and search by. */
export const PAYMENT_FIELDS: TListFields = {
  id: { column: payments.id, type: 'number', sort: true, filter: true },
  bookingId: { column: payments.bookingId, type: 'number', sort: true, filter: true },
  date: { column: payments.date, type: 'date', sort: true, filter: true },
  amount: { column: payments.amount, type: 'number', sort: true, filter: true },
  currency: { column: payments.currency, type: 'string', sort: true, filter: true },
  method: { column: payments.method, type: 'string', sort: true, filter: true },
  status: { column: payments.status, type: 'string', sort: true, filter: true },
  providerId: { column: payments.providerId, type: 'number', sort: true, filter: true },
  bankEntryId: { column: payments.bankEntryId, type: 'number', sort: true, filter: true },
  agencyId: { column: bookings.agencyId, type: 'number', sort: true, filter: true },
  createdAt: { column: payments.createdAt, type: 'datetime', sort: true, filter: true },
  reference: { column: payments.reference, type: 'string', sort: true, filter: true, search: true },
  bookingNo: { column: bookingNumber, type: 'string', sort: true, search: true },
  note: { column: payments.note, type: 'string', search: true },
};

export function toPaymentItem(r: TJoined): TPaymentListItem {
  const p = r.payment;
  return {
    id: p.id,
    bookingId: p.bookingId,
    date: p.date,
    amount: p.amount,
    currency: p.currency,
    rate: p.rate,
    value: paymentValue(p),
    method: p.method as TPaymentMethod,
    status: p.status as TPaymentRecordStatus,
    reference: p.reference,
    note: p.note,
    bankEntryId: p.bankEntryId,
    providerId: p.providerId,
    creditEntryId: p.creditEntryId,
    onsite: p.onsite,
    payerCustomerId: p.payerCustomerId,
    payerAgencyId: p.payerAgencyId,
    userId: p.userId,
    createdAt: p.createdAt.toISOString(),
    bookingNo: r.bookingNo,
    bookingCurrency: r.bookingCurrency,
    agencyId: r.agencyId,
    providerRef: p.providerRef,
  };
}

/**
 * Which payments a read finds: every condition given holds. `seenBy`: users who must each see the
 * payment's booking (none: every booking).
 */
export type TPaymentFilter = {
  id?: number | undefined;
  /** The payment's reference or the provider's reference. */
  ref?: string | undefined;
  agencyId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  bookingId?: number | undefined;
  bookingIds?: number[] | undefined;
  method?: string | undefined;
  status?: string | undefined;
  seenBy?: readonly TSessionUser[] | undefined;
};

/** Which bookings a payment-status read finds; `seenBy` as in TPaymentFilter. */
export type TStatusFilter = {
  bookingId?: number | undefined;
  bookingIds?: number[] | undefined;
  /** Next due date on or before this day. */
  dueUntil?: string | undefined;
  /** Active, with something open and the next due date on or before this day. */
  openUntil?: string | undefined;
  seenBy?: readonly TSessionUser[] | undefined;
};

/** The list's own query: search, JSON filter, sort field (checked against PAYMENT_FIELDS by the caller). */
export type TPaymentListArgs = {
  seenBy: readonly TSessionUser[];
  search?: string | undefined;
  filter?: string | undefined;
  sort: string;
  descending: boolean;
  size: number;
  offset: number;
};

type TPageArgs = { where: SQL | undefined; order: SQL[]; size: number; offset: number };

const visibleTo = (seenBy: readonly TSessionUser[] = []) => seenBy.map((user) => bookingVisibility(user));

const between = (from?: string, to?: string) =>
  and(from ? gte(payments.date, from) : undefined, to ? lte(payments.date, to) : undefined);

function paymentWhere(f: TPaymentFilter) {
  return and(
    f.id !== undefined ? eq(payments.id, f.id) : undefined,
    f.ref !== undefined ? or(eq(payments.reference, f.ref), eq(payments.providerRef, f.ref)) : undefined,
    f.agencyId !== undefined ? eq(bookings.agencyId, f.agencyId) : undefined,
    between(f.from, f.to),
    f.bookingId !== undefined ? eq(payments.bookingId, f.bookingId) : undefined,
    f.bookingIds !== undefined ? inArray(payments.bookingId, f.bookingIds) : undefined,
    f.method !== undefined ? eq(payments.method, f.method) : undefined,
    f.status !== undefined ? eq(payments.status, f.status) : undefined,
    ...visibleTo(f.seenBy),
  );
}

function statusWhere(f: TStatusFilter) {
  return and(
    f.bookingId !== undefined ? eq(bookings.id, f.bookingId) : undefined,
    ...visibleTo(f.seenBy),
    f.bookingIds !== undefined ? inArray(bookings.id, f.bookingIds) : undefined,
    f.dueUntil !== undefined
      ? and(sql`${bookings.nextDueDate} is not null`, lte(bookings.nextDueDate, f.dueUntil))
      : undefined,
    f.openUntil !== undefined
      ? and(
          inArray(bookings.state, ['planned', 'confirmed', 'resolved']),
          sql`${bookings.nextDueDate} is not null`,
          lte(bookings.nextDueDate, f.openUntil),
          sql`${bookings.openAmount} > 0`,
        )
      : undefined,
  );
}

export function createPaymentsRepository() {
  /** One page of payments with their booking's number, and the count. */
  async function page(ex: Executor, args: TPageArgs) {
    const [total] = await ex
      .select({ n: count() })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(args.where);
    const rows = await ex
      .select(columns)
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(args.where)
      .orderBy(...args.order)
      .limit(args.size)
      .offset(args.offset);
    return { rows: rows.map(toPaymentItem), total: total?.n ?? 0 };
  }

  return {
    /** The payment list: its search, JSON filter and sort (nulls last, then by id). */
    list(ex: Executor, args: TPaymentListArgs) {
      const column = PAYMENT_FIELDS[args.sort]?.column;
      if (!column) throw new Error(`unknown payment sort field ${args.sort}`);
      const direction = args.descending ? sql`desc` : sql`asc`;
      return page(ex, {
        where: and(
          ...visibleTo(args.seenBy),
          compileSearch(args.search, PAYMENT_FIELDS),
          compileFilter(args.filter, PAYMENT_FIELDS),
        ),
        order: [sql`${column} ${direction} nulls last`, sql`${payments.id} asc`],
        size: args.size,
        offset: args.offset,
      });
    },

    /** One page of the payments found, newest first. */
    newestPage(ex: Executor, filter: TPaymentFilter, size: number, offset: number) {
      return page(ex, {
        where: paymentWhere(filter),
        order: [desc(payments.date), desc(payments.id)],
        size,
        offset,
      });
    },

    /** The payments found (at most 1000), oldest first. */
    async find(ex: Executor, filter: TPaymentFilter): Promise<TPaymentListItem[]> {
      const rows = await ex
        .select(columns)
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(paymentWhere(filter))
        .orderBy(asc(payments.date), asc(payments.id))
        .limit(1000);
      return rows.map(toPaymentItem);
    },

    /** The booking rows (payment fields) a status call answers. */
    statuses(ex: Executor, filter: TStatusFilter) {
      return ex
        .select({
          bookingId: bookings.id,
          bookingNo: bookingNumber,
          currency: bookings.currency,
          status: bookings.paymentStatus,
          paid: bookings.paid,
          open: bookings.openAmount,
          nextDueDate: bookings.nextDueDate,
          hasExceededDueDate: bookings.hasExceededDueDate,
        })
        .from(bookings)
        .where(statusWhere(filter))
        .orderBy(asc(bookings.nextDueDate), asc(bookings.id))
        .limit(1000);
    },

    /** Whether the departure `scheduleId` is one of the tour `tourId`. */
    async isDepartureOf(ex: Executor, tourId: number, scheduleId: number): Promise<boolean> {
      const [row] = await ex
        .select({ id: schedules.id })
        .from(schedules)
        .where(and(eq(schedules.id, scheduleId), eq(schedules.tourId, tourId)));
      return row !== undefined;
    },

    /**
     * The bookings with a cabin on the departure whose payments matter: reservations and bookings, any other
     * with something paid (an offer with a deposit, a released one), and cancelled ones with a fee
     * open or a refund due. Never deleted ones.
     */
    departureBookings(ex: Executor, scheduleId: number, seenBy: readonly TSessionUser[]) {
      return ex
        .select({
          bookingId: bookings.id,
          bookingNo: bookingNumber,
          state: bookings.state,
          resolved: bookings.resolved,
          // The payer, else the first guest (a name given on the booking without a customer record).
          customerName: sql<
            string | null
          >`coalesce(${customers.fullName}, (select g.name from ${bookingGuests} g where g.booking_id = ${bookings.id} and g.name is not null order by g.booking_room_id, g.sort, g.id limit 1))`,
          agencyName: agencies.name,
          currency: bookings.currency,
          total: bookings.total,
          status: bookings.paymentStatus,
          paid: bookings.paid,
          open: bookings.openAmount,
          nextDueDate: bookings.nextDueDate,
          hasExceededDueDate: bookings.hasExceededDueDate,
        })
        .from(bookings)
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
        .where(
          and(
            sql`exists (select 1 from ${bookingRooms} where ${bookingRooms.bookingId} = ${bookings.id} and ${bookingRooms.scheduleId} = ${scheduleId})`,
            ne(bookings.state, 'deleted'),
            or(
              inArray(bookings.state, ['planned', 'confirmed', 'resolved']),
              ne(bookings.paid, '0'),
              and(eq(bookings.state, 'aborted'), ne(bookings.openAmount, '0')),
            ),
            ...visibleTo(seenBy),
          ),
        )
        .orderBy(sql`${bookings.nextDueDate} asc nulls last`, asc(bookings.id));
    },

    /** One payment row, without its booking. */
    async row(ex: Executor, id: number): Promise<TPaymentRow | undefined> {
      const [row] = await ex.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** Inserts a payment; undefined when one with the same provider reference exists (idempotency). */
    async insertUnlessDuplicate(tx: Tx, values: TNewPaymentRow): Promise<TPaymentRow | undefined> {
      const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
      return row;
    },

    async update(ex: Executor, id: number, values: Partial<TNewPaymentRow>) {
      await ex
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },

    async remove(tx: Tx, id: number) {
      await tx.delete(payments).where(eq(payments.id, id));
    },

    /** Marks a payment final with the bank entry that confirmed it. */
    async confirm(tx: Tx, id: number, bankEntryId: number | null): Promise<TPaymentRow | undefined> {
      const [row] = await tx
        .update(payments)
        .set({ status: 'final', bankEntryId, updatedAt: new Date() })
        .where(eq(payments.id, id))
        .returning();
      return row;
    },

    /** Whether a booking has payments. */
    async hasAny(ex: Executor, bookingId: number): Promise<boolean> {
      const [row] = await ex
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.bookingId, bookingId))
        .limit(1);
      return row !== undefined;
    },

    /** Whether a booking has payments made at or after `since`. */
    async hasSince(ex: Executor, bookingId: number, since: Date): Promise<boolean> {
      const [row] = await ex
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), gte(payments.createdAt, since)))
        .limit(1);
      return row !== undefined;
    },

    /** The active payment providers, in their order (what a guest may pay with). */
    activeProviders(ex: Executor) {
      return ex
        .select()
        .from(paymentProviders)
        .where(eq(paymentProviders.isActive, true))
        .orderBy(asc(paymentProviders.sort), asc(paymentProviders.id));
    },

    /** The payments of a booking, oldest first. */
    ofBooking(ex: Executor, bookingId: number): Promise<TPaymentRow[]> {
      return ex
        .select()
        .from(payments)
        .where(eq(payments.bookingId, bookingId))
        .orderBy(asc(payments.date), asc(payments.id));
    },

    /** Moves the payments of one booking (those created before `createdBefore`, when given) to another. */
    async move(tx: Tx, fromId: number, toId: number, createdBefore?: Date) {
      await tx
        .update(payments)
        .set({ bookingId: toId, updatedAt: new Date() })
        .where(
          and(
            eq(payments.bookingId, fromId),
            createdBefore ? lt(payments.createdAt, createdBefore) : undefined,
          ),
        );
    },

    async booking(ex: Executor, bookingId: number): Promise<TBookingRow | undefined> {
      const [row] = await ex.select().from(bookings).where(eq(bookings.id, bookingId));
      return row;
    },

    /**
     * Locks a booking the users in `seenBy` see (`for update`) and answers what a payment of it needs:
     * its customer, agency, currency and open amount.
     */
    async lockForPayment(tx: Tx, bookingId: number, seenBy: readonly TSessionUser[]) {
      const [row] = await tx
        .select({
          id: bookings.id,
          customerId: bookings.customerId,
          agencyId: bookings.agencyId,
          currency: bookings.currency,
          open: bookings.openAmount,
        })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), ...visibleTo(seenBy)))
        .for('update');
      return row;
    },

    /** Locks a booking the users in `seenBy` see (`for update`) and answers its open amount. */
    async lockOpenAmount(tx: Tx, bookingId: number, seenBy: readonly TSessionUser[]) {
      const [row] = await tx
        .select({ open: bookings.openAmount })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), ...visibleTo(seenBy)))
        .for('update');
      return row;
    },

    /** The booking's calculation lines of the given types. */
    linesOfTypes(ex: Executor, bookingId: number, types: string[]): Promise<TLineRow[]> {
      return ex
        .select()
        .from(calculationLines)
        .where(and(eq(calculationLines.bookingId, bookingId), inArray(calculationLines.type, types)));
    },

    /** Sets the booking's payment fields. */
    async setBookingFields(
      tx: Tx,
      bookingId: number,
      values: Pick<
        Partial<typeof bookings.$inferInsert>,
        'paid' | 'openAmount' | 'paymentStatus' | 'nextDueDate' | 'hasExceededDueDate'
      >,
    ) {
      await tx.update(bookings).set(values).where(eq(bookings.id, bookingId));
    },

    /** Replaces the booking's payment lines: deletes them all, then inserts `lines` (when there are any). */
    async replacePaymentLines(
      tx: Tx,
      bookingId: number,
      lines: Omit<typeof calculationLines.$inferInsert, 'bookingId'>[],
    ) {
      await tx
        .delete(calculationLines)
        .where(and(eq(calculationLines.bookingId, bookingId), eq(calculationLines.type, 'payment')));
      if (lines.length > 0) await tx.insert(calculationLines).values(lines.map((l) => ({ ...l, bookingId })));
    },

    /**
     * The bookings whose due date passed since they were last settled, or which are flagged but paid up:
     * the hourly job settles them again (their `hasExceededDueDate` changes with the calendar alone).
     */
    async toResettle(ex: Executor, day: string): Promise<number[]> {
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
    },
  };
}
export type TPaymentsRepository = ReturnType<typeof createPaymentsRepository>;
