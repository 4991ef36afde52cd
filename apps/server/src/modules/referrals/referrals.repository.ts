import type { TReferral, TReferralStatus } from '@atoll/domain/referrals';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { bookingNumber } from '../../db/booking-conditions.ts';
import type { Executor } from '../../db/client.ts';
import { bookings, currencies, customers, referrals } from '../../db/schema.ts';

// The only Drizzle file of the referrals (`/api/referral`): the rows, the names and numbers an answer shows, and
// the customers, bookings and currencies a referral names.

export type TReferralRow = typeof referrals.$inferSelect;
type TExpandedRow = TReferralRow & {
  referrerName?: string | null;
  referredCustomerName?: string | null;
  bookingNo?: string | null;
};

export const toReferral = (row: TExpandedRow): TReferral => ({
  id: row.id,
  referrerCustomerId: row.referrerCustomerId,
  referrerName: row.referrerName ?? null,
  referredCustomerId: row.referredCustomerId,
  referredCustomerName: row.referredCustomerName ?? null,
  referredName: row.referredName,
  referredEmail: row.referredEmail,
  bookingId: row.bookingId,
  bookingNo: row.bookingNo ?? null,
  status: row.status as TReferralStatus,
  rewardAmount: row.rewardAmount,
  rewardCurrency: row.rewardCurrency,
  rewardedAt: row.rewardedAt?.toISOString() ?? null,
  creditEntryId: row.creditEntryId,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  updatedAt: row.updatedAt.toISOString(),
});

export function createReferralsRepository() {
  return {
    /** Those of `ids` that are customers. */
    async existingCustomers(ex: Executor, ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await ex.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    /** A booking that is not deleted: its customer and state. */
    async booking(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: bookings.id, customerId: bookings.customerId, state: bookings.state })
        .from(bookings)
        .where(and(eq(bookings.id, id), isNull(bookings.deletedDate)));
      return row;
    },

    /** Another referral of this referred customer, if any. */
    async referralOf(ex: Executor, referredCustomerId: number, exceptId: number | undefined) {
      const [row] = await ex
        .select({ id: referrals.id })
        .from(referrals)
        .where(
          and(
            eq(referrals.referredCustomerId, referredCustomerId),
            exceptId === undefined ? undefined : ne(referrals.id, exceptId),
          ),
        );
      return row;
    },

    async isActiveCurrency(ex: Executor, code: string) {
      const [row] = await ex
        .select({ id: currencies.id })
        .from(currencies)
        .where(and(eq(currencies.code, code), eq(currencies.isActive, true)));
      return row !== undefined;
    },

    /** The rows with the customers' names and the booking's number, in two queries for the whole page. */
    async expand(ex: Executor, rows: TReferralRow[]): Promise<TExpandedRow[]> {
      const customerIds = [
        ...new Set(rows.flatMap((r) => [r.referrerCustomerId, r.referredCustomerId ?? r.referrerCustomerId])),
      ];
      const bookingIds = [...new Set(rows.flatMap((r) => (r.bookingId === null ? [] : [r.bookingId])))];
      const names = customerIds.length
        ? await ex
            .select({ id: customers.id, name: customers.fullName })
            .from(customers)
            .where(inArray(customers.id, customerIds))
        : [];
      const numbers = bookingIds.length
        ? await ex
            .select({ id: bookings.id, no: bookingNumber })
            .from(bookings)
            .where(inArray(bookings.id, bookingIds))
        : [];
      const nameOf = new Map(names.map((c) => [c.id, c.name]));
      const numberOf = new Map(numbers.map((b) => [b.id, b.no]));
      return rows.map((r) => ({
        ...r,
        referrerName: nameOf.get(r.referrerCustomerId) ?? null,
        referredCustomerName:
          r.referredCustomerId === null ? null : (nameOf.get(r.referredCustomerId) ?? null),
        bookingNo: r.bookingId === null ? null : (numberOf.get(r.bookingId) ?? null),
      }));
    },
  };
}
export type TReferralsRepository = ReturnType<typeof createReferralsRepository>;
