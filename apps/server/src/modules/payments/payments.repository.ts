import type { TPaymentMethod, TPaymentRecordStatus } from '@atoll/domain/payments';
import { paymentValue } from '@atoll/domain/payments';
import type { TPaymentListItem } from '@atoll/domain/payments/api';
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import type { TListFields } from '../../http/filter.ts';
import type { TPaymentRow } from './booking-settlement.ts';

// The read side of payments: the only file of the module (beside the core) that queries them. Every
// query joins the booking, so the caller's booking visibility (`visible`) limits what is found.

export const bookingNumber = sql<
  string | null
>`coalesce(${bookings.bookingNo}, ${bookings.reservationNo}, ${bookings.offerNo})`;

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

export type TPageArgs = { where: SQL | undefined; order: SQL[]; size: number; offset: number };

export const paymentsRepository = {
  /** One page of payments with their booking's number, and the count. */
  async page(ex: Executor, args: TPageArgs) {
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
  },

  async find(ex: Executor, where: SQL | undefined): Promise<TPaymentListItem[]> {
    const rows = await ex
      .select(columns)
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(where)
      .orderBy(asc(payments.date), asc(payments.id))
      .limit(1000);
    return rows.map(toPaymentItem);
  },

  byId: (id: number) => eq(payments.id, id),
  byIds: (ids: number[]) => inArray(payments.id, ids),
  byBooking: (bookingId: number) => eq(payments.bookingId, bookingId),
  byRef: (ref: string) => or(eq(payments.reference, ref), eq(payments.providerRef, ref)),
  between: (from?: string, to?: string) =>
    and(from ? gte(payments.date, from) : undefined, to ? lte(payments.date, to) : undefined),
  ofAgency: (agencyId: number) => eq(bookings.agencyId, agencyId),
  newestFirst: [desc(payments.date), desc(payments.id)],

  /** The booking rows (payment fields) a status call answers. */
  statuses(ex: Executor, where: SQL | undefined) {
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
      .where(where)
      .orderBy(asc(bookings.nextDueDate), asc(bookings.id))
      .limit(1000);
  },

  /** Bookings (of those visible) whose next due date is on or before `until` with something open. */
  openUntil: (until: string) =>
    and(
      inArray(bookings.state, ['planned', 'confirmed', 'resolved']),
      sql`${bookings.nextDueDate} is not null`,
      lte(bookings.nextDueDate, until),
      sql`${bookings.openAmount} > 0`,
    ),
  dueUntil: (until: string) =>
    and(sql`${bookings.nextDueDate} is not null`, lte(bookings.nextDueDate, until)),
  bookingIds: (ids: number[]) => inArray(bookings.id, ids),
};
