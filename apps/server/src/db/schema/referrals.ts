import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { creditEntries } from './credits.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * Customer referrals (docs/domain/referrals.md): who recommended whom, the booking that qualifies and the reward
 * paid as credit. A customer is referred once (the unique index); a copy names no referred yet.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerCustomerId: integer('referrer_customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    referredCustomerId: integer('referred_customer_id').references(() => customers.id, {
      onDelete: 'set null',
    }),
    referredName: text('referred_name'),
    referredEmail: text('referred_email'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** open, booked, rewarded or declined */
    status: text('status').notNull().default('open'),
    rewardAmount: numeric('reward_amount', { precision: 14, scale: 2 }),
    rewardCurrency: text('reward_currency'),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    /** The referrer's credit entry the reward wrote. */
    creditEntryId: integer('credit_entry_id').references(() => creditEntries.id, { onDelete: 'set null' }),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('referrals_referred_customer_unique').on(t.referredCustomerId),
    index('referrals_referrer_idx').on(t.referrerCustomerId),
    check('referrals_status', sql`${t.status} in ('open', 'booked', 'rewarded', 'declined')`),
    check('referrals_not_self', sql`${t.referredCustomerId} is distinct from ${t.referrerCustomerId}`),
  ],
);
