import type { TBooking, TBookingState } from '@atoll/domain/bookings';
import type { TListQuery } from '@atoll/domain/list';
import { round2, sum } from '@atoll/domain/money';
import type { TPaymentCreate } from '@atoll/domain/payments';
import type {
  TBookingPaymentStatus,
  TDeparturePayments,
  TKeepCredit,
  TMarkPaid,
  TPaymentHistoryQuery,
  TPaymentUpdate,
  TPaymentWriteAnswer,
  TUseCredit,
} from '@atoll/domain/payments/api';
import { hasScope } from '@atoll/domain/scopes';
import { today } from '../../clock.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { keepOverpaymentAsCredit, useCredit } from './payment-credits.flow.ts';
import { recordPayment, removePayment } from './payments.flow.ts';
import {
  createPaymentsRepository,
  PAYMENT_FIELDS,
  type TPaymentRow,
  toPaymentItem,
} from './payments.repository.ts';

// The payments use cases (spec booking §7 Payments, Bookings GET/POST/DELETE). Reading: a payment clerk
// (bookingpayment.read) sees every payment; everyone else sees the payments of the bookings they see
// (bookingVisibility: agents their agency's, customers their own). Writing goes through the core
// (recordPayment/removePayment), one transaction per call.

const PAYMENT_CLERK = ['bookingpayment.read'];

/** Whose booking visibility limits the payments this user may see: none for a payment clerk (all). */
function paymentReaders(user: TSessionUser): TSessionUser[] {
  if (hasScope(user.scopes, PAYMENT_CLERK)) return [];
  return [user];
}

/**
 * The actor for the core's booking lock. A payment clerk (bookingpayment.create/delete without
 * bookings.read) reaches every booking for its payments, as it sees all of them.
 */
function writer(user: TSessionUser): TSessionUser {
  if (hasScope(user.scopes, ['bookings.read'])) return user;
  return { ...user, scopes: [...user.scopes, 'bookings.read'] };
}

const toStatus = <TRow extends { status: string }>(
  row: TRow,
): TRow & Pick<TBookingPaymentStatus, 'status'> => ({
  ...row,
  status: row.status as TBookingPaymentStatus['status'],
});

export function createPaymentsService(db: Db) {
  const repo = createPaymentsRepository();

  const statusOf = async (ex: Executor, bookingId: number) => {
    const [row] = await repo.statuses(ex, { bookingId });
    return row;
  };

  async function assertVisible(tx: Tx, user: TSessionUser, id: number) {
    const [found] = await repo.find(tx, { id, seenBy: paymentReaders(user) });
    if (!found) throw notFound('Payment');
  }

  async function answer(
    tx: Tx,
    result: { payment: TPaymentRow; booking: TBooking },
  ): Promise<TPaymentWriteAnswer> {
    const status = await statusOf(tx, result.booking.id);
    if (!status) throw notFound('Booking');
    // A removed payment is answered as it was.
    const payment = toPaymentItem({
      payment: result.payment,
      bookingNo: status.bookingNo,
      bookingCurrency: status.currency,
      agencyId: result.booking.agencyId ?? null,
    });
    return { payment, booking: { ...toStatus(status), version: result.booking.version } };
  }

  async function visibleOne(user: TSessionUser, id: number) {
    const [item] = await repo.find(db, { id, seenBy: paymentReaders(user) });
    if (!item) throw notFound('Payment');
    return item;
  }

  async function page(user: TSessionUser, query: TListQuery) {
    const field = Object.hasOwn(PAYMENT_FIELDS, query.sort) ? PAYMENT_FIELDS[query.sort] : undefined;
    if (!field?.sort) throw badRequest(`Cannot sort by "${query.sort}"`, 'sort');
    const size = query.size === 0 ? MAX_LIST_ROWS : Math.min(query.size, MAX_LIST_ROWS);
    const { rows, total } = await repo.list(db, {
      seenBy: paymentReaders(user),
      search: query.search,
      filter: query.filter,
      sort: query.sort,
      descending: query.order === -1,
      size,
      offset: (query.page - 1) * size,
    });
    return { data: rows, total, page: query.page, size };
  }

  return {
    list: (user: TSessionUser, query: TListQuery) => page(user, query),
    get: visibleOne,

    async history(user: TSessionUser, q: TPaymentHistoryQuery) {
      if (q.from && q.to && q.to < q.from) throw badRequest('to must not be before from', 'to');
      const filter = {
        from: q.from,
        to: q.to,
        bookingId: q.bookingId || undefined,
        method: q.method || undefined,
        status: q.status || undefined,
        seenBy: paymentReaders(user),
      };
      const { rows, total } = await repo.newestPage(db, filter, q.size, (q.page - 1) * q.size);
      return { data: rows, total, page: q.page, size: q.size };
    },

    byRef: (user: TSessionUser, ref: string) => repo.find(db, { ref, seenBy: paymentReaders(user) }),

    /** A booking's payments; 404 when the booking is not there for this user. */
    async ofBooking(user: TSessionUser, bookingId: number) {
      const [booking] = await repo.statuses(db, { bookingId, seenBy: paymentReaders(user) });
      if (!booking) throw notFound('Booking');
      return repo.find(db, { bookingId });
    },

    async create(user: TSessionUser, bookingId: number, input: TPaymentCreate) {
      if (input.method === 'credit')
        throw badRequest('A credit is used with POST /api/bookings/{id}/payment/credit', 'method');
      return db.transaction(async (tx) =>
        answer(
          tx,
          await recordPayment(tx, writer(user), { ...input, bookingId, version: input.version ?? null }),
        ),
      );
    },

    async update(user: TSessionUser, id: number, input: TPaymentUpdate) {
      await visibleOne(user, id);
      const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length > 0) await repo.update(db, id, set);
      return visibleOne(user, id);
    },

    async remove(user: TSessionUser, id: number, version: number | null) {
      return db.transaction(async (tx) => {
        await assertVisible(tx, user, id);
        return answer(tx, await removePayment(tx, writer(user), id, version));
      });
    },

    /** Several payments at once: all or nothing (one transaction; one unknown id undoes the rest). */
    async removeMany(user: TSessionUser, ids: number[]) {
      if (ids.length === 0) throw badRequest('Name the payments to delete', 'ids');
      if (ids.length > 500) throw badRequest('At most 500 payments at once', 'ids');
      return db.transaction(async (tx) => {
        for (const id of [...new Set(ids)]) {
          await assertVisible(tx, user, id);
          await removePayment(tx, writer(user), id);
        }
        return { ids: [...new Set(ids)] };
      });
    },

    async paymentStatus(user: TSessionUser, q: { ids?: string | undefined; days?: number | undefined }) {
      if (q.ids === undefined && q.days === undefined) throw badRequest('Send ids or days', 'ids');
      const ids = q.ids?.split(',').map(Number);
      const rows = await repo.statuses(db, {
        seenBy: [writer(user), ...paymentReaders(user)],
        bookingIds: ids,
        dueUntil: q.days !== undefined ? addDay(q.days) : undefined,
      });
      return rows.map(toStatus);
    },

    async openPayments(user: TSessionUser, days: number) {
      const rows = await repo.statuses(db, {
        seenBy: [writer(user), ...paymentReaders(user)],
        openUntil: addDay(days),
      });
      return rows.map(toStatus);
    },

    /**
     * A departure's bookings with their payment state and payments, and the sums per currency (404 when the
     * departure is not one of the tour). Everyone sees the bookings they may see, a payment clerk all.
     */
    async departurePayments(
      user: TSessionUser,
      tourId: number,
      scheduleId: number,
    ): Promise<TDeparturePayments> {
      if (!(await repo.isDepartureOf(db, tourId, scheduleId))) throw notFound('Departure');
      const rows = await repo.departureBookings(db, scheduleId, paymentReaders(user));
      const made = rows.length ? await repo.find(db, { bookingIds: rows.map((r) => r.bookingId) }) : [];
      const list = rows.map((row) => ({
        ...toStatus(row),
        state: row.state as TBookingState,
        due: round2(sum([row.paid, row.open])),
        payments: made.filter((p) => p.bookingId === row.bookingId),
      }));
      const currencies = [...new Set(list.map((b) => b.currency))].sort();
      const totals = currencies.map((currency) => {
        const of = list.filter((b) => b.currency === currency);
        return {
          currency,
          bookings: of.length,
          due: round2(sum(of.map((b) => b.due))),
          paid: round2(sum(of.map((b) => b.paid))),
          open: round2(sum(of.map((b) => b.open))),
          overdue: round2(sum(of.filter((b) => b.hasExceededDueDate).map((b) => b.open))),
        };
      });
      return { bookings: list, totals };
    },

    /** The agency's payments between two days; agents only their own agency's (another's: 404). */
    async agencyPayments(user: TSessionUser, agencyId: number, from: string, to: string) {
      const seesAll = hasScope(user.scopes, ['agencies.read', 'bookingpayment.read', 'bookings.read']);
      if (!seesAll && user.agencyId !== agencyId) throw notFound('Agency');
      const fromDay = from.slice(0, 10);
      const toDay = to.slice(0, 10);
      if (toDay < fromDay) throw badRequest('to must not be before from', 'to');
      return repo.find(db, { agencyId, from: fromDay, to: toDay });
    },

    /** A final payment of the open amount on each booking; bookings with nothing open are skipped. */
    async markPaid(user: TSessionUser, input: TMarkPaid) {
      return db.transaction(async (tx) => {
        const paid: { bookingId: number; paymentId: number; amount: string }[] = [];
        const skipped: number[] = [];
        for (const bookingId of [...new Set(input.bookingIds)]) {
          const row = await repo.lockOpenAmount(tx, bookingId, [writer(user)]);
          if (!row) throw notFound('Booking');
          if (!(Number(row.open) > 0)) {
            skipped.push(bookingId);
            continue;
          }
          const { payment } = await recordPayment(tx, writer(user), {
            bookingId,
            date: input.date ?? today(),
            amount: row.open,
            method: input.method,
            reference: input.reference ?? 'markPaid',
          });
          paid.push({ bookingId, paymentId: payment.id, amount: payment.amount });
        }
        return { paid, skipped };
      });
    },

    useCredit: (user: TSessionUser, bookingId: number, input: TUseCredit) =>
      db.transaction(async (tx) => answer(tx, await useCredit(tx, writer(user), bookingId, input))),

    keepCredit: (user: TSessionUser, bookingId: number, input: TKeepCredit) =>
      db.transaction(async (tx) =>
        answer(tx, await keepOverpaymentAsCredit(tx, writer(user), bookingId, input)),
      ),
  };
}
export type TPaymentsService = ReturnType<typeof createPaymentsService>;

const addDay = (days: number) => today(new Date(Date.now() + days * 86_400_000));
