import type { TBooking } from '@atoll/domain/bookings';
import type { TListQuery } from '@atoll/domain/list';
import type { TPaymentCreate } from '@atoll/domain/payments';
import type {
  TBookingPaymentStatus,
  TKeepCredit,
  TMarkPaid,
  TPaymentHistoryQuery,
  TPaymentUpdate,
  TPaymentWriteAnswer,
  TUseCredit,
} from '@atoll/domain/payments/api';
import { hasScope } from '@atoll/domain/scopes';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { today } from '../../clock.ts';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { compileFilter, compileSearch } from '../../http/filter.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import type { TPaymentRow } from './booking-settlement.ts';
import { keepOverpaymentAsCredit, useCredit } from './payment-credits.flow.ts';
import { recordPayment, removePayment } from './payments.flow.ts';
import { PAYMENT_FIELDS, paymentsRepository as repo, toPaymentItem } from './payments.repository.ts';

// The payments use cases (spec booking §7 Payments, Bookings GET/POST/DELETE). Reading: a payment clerk
// (bookingpayment.read) sees every payment; everyone else sees the payments of the bookings they see
// (bookingVisibility: agents their agency's, customers their own). Writing goes through the core
// (recordPayment/removePayment), one transaction per call.

const PAYMENT_CLERK = ['bookingpayment.read'];

/** The payments (their bookings) this user may see; undefined: all. */
export function paymentVisibility(user: TSessionUser): SQL | undefined {
  if (hasScope(user.scopes, PAYMENT_CLERK)) return undefined;
  return bookingVisibility(user);
}

/**
 * The actor for the core's booking lock. A payment clerk (bookingpayment.create/delete without
 * bookings.read) reaches every booking for its payments, as it sees all of them.
 */
function writer(user: TSessionUser): TSessionUser {
  if (hasScope(user.scopes, ['bookings.read'])) return user;
  return { ...user, scopes: [...user.scopes, 'bookings.read'] };
}

const statusOf = async (db: Db | Tx, bookingId: number) => {
  const [row] = await repo.statuses(db, eq(bookings.id, bookingId));
  return row;
};

const toStatus = (row: Awaited<ReturnType<typeof repo.statuses>>[number]): TBookingPaymentStatus => ({
  ...row,
  status: row.status as TBookingPaymentStatus['status'],
});

export function createPaymentsService(db: Db) {
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
    const [item] = await repo.find(db, and(repo.byId(id), paymentVisibility(user)));
    if (!item) throw notFound('Payment');
    return item;
  }

  async function page(user: TSessionUser, query: TListQuery, where?: SQL) {
    const field = Object.hasOwn(PAYMENT_FIELDS, query.sort) ? PAYMENT_FIELDS[query.sort] : undefined;
    if (!field?.sort) throw badRequest(`Cannot sort by "${query.sort}"`, 'sort');
    const size = query.size === 0 ? MAX_LIST_ROWS : Math.min(query.size, MAX_LIST_ROWS);
    const direction = query.order === -1 ? sql`desc` : sql`asc`;
    const { rows, total } = await repo.page(db, {
      where: and(
        where,
        paymentVisibility(user),
        compileSearch(query.search, PAYMENT_FIELDS),
        compileFilter(query.filter, PAYMENT_FIELDS),
      ),
      order: [sql`${field.column} ${direction} nulls last`, sql`${payments.id} asc`],
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
      const where = and(
        repo.between(q.from, q.to),
        q.bookingId ? repo.byBooking(q.bookingId) : undefined,
        q.method ? eq(payments.method, q.method) : undefined,
        q.status ? eq(payments.status, q.status) : undefined,
        paymentVisibility(user),
      );
      const { rows, total } = await repo.page(db, {
        where,
        order: repo.newestFirst,
        size: q.size,
        offset: (q.page - 1) * q.size,
      });
      return { data: rows, total, page: q.page, size: q.size };
    },

    byRef: (user: TSessionUser, ref: string) => repo.find(db, and(repo.byRef(ref), paymentVisibility(user))),

    /** A booking's payments; 404 when the booking is not there for this user. */
    async ofBooking(user: TSessionUser, bookingId: number) {
      const [booking] = await repo.statuses(db, and(eq(bookings.id, bookingId), paymentVisibility(user)));
      if (!booking) throw notFound('Booking');
      return repo.find(db, repo.byBooking(bookingId));
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
      if (Object.keys(set).length > 0)
        await db
          .update(payments)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(payments.id, id));
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
      const where = and(
        bookingVisibility(writer(user)),
        paymentVisibility(user),
        ids ? repo.bookingIds(ids) : undefined,
        q.days !== undefined ? repo.dueUntil(addDay(q.days)) : undefined,
      );
      return (await repo.statuses(db, where)).map(toStatus);
    },

    async openPayments(user: TSessionUser, days: number) {
      const where = and(
        bookingVisibility(writer(user)),
        paymentVisibility(user),
        repo.openUntil(addDay(days)),
      );
      return (await repo.statuses(db, where)).map(toStatus);
    },

    /** The agency's payments between two days; agents only their own agency's (another's: 404). */
    async agencyPayments(user: TSessionUser, agencyId: number, from: string, to: string) {
      const seesAll = hasScope(user.scopes, ['agencies.read', 'bookingpayment.read', 'bookings.read']);
      if (!seesAll && user.agencyId !== agencyId) throw notFound('Agency');
      const fromDay = from.slice(0, 10);
      const toDay = to.slice(0, 10);
      if (toDay < fromDay) throw badRequest('to must not be before from', 'to');
      return repo.find(db, and(repo.ofAgency(agencyId), repo.between(fromDay, toDay)));
    },

    /** A final payment of the open amount on each booking; bookings with nothing open are skipped. */
    async markPaid(user: TSessionUser, input: TMarkPaid) {
      return db.transaction(async (tx) => {
        const paid: { bookingId: number; paymentId: number; amount: string }[] = [];
        const skipped: number[] = [];
        for (const bookingId of [...new Set(input.bookingIds)]) {
          const [row] = await tx
            .select({ open: bookings.openAmount })
            .from(bookings)
            .where(and(eq(bookings.id, bookingId), bookingVisibility(writer(user))))
            .for('update');
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

async function assertVisible(tx: Tx, user: TSessionUser, id: number) {
  const [found] = await repo.find(tx, and(repo.byId(id), paymentVisibility(user)));
  if (!found) throw notFound('Payment');
}
