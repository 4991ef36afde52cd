import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.ts';
import { customers } from './customers.ts';

/** Credit ledgers of customers and agencies (docs/domain/payments.md): the balance is the sum, never negative. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull().default('EUR'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    bookingId: integer('booking_id'),
    /** The bank entry it was assigned from (a part of an entry kept as credit, docs/domain/payments.md). */
    bankEntryId: integer('bank_entry_id'),
    note: text('note'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_entries_one_owner', sql`(${t.customerId} is null) <> (${t.agencyId} is null)`),
    index('credit_entries_customer_idx').on(t.customerId),
    index('credit_entries_agency_idx').on(t.agencyId),
  ],
);
