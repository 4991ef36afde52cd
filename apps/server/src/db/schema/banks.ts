import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/** Bank accounts (`/api/banks`); `csvMapping` is the stored column mapping of the statement import. */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  bankName: text('bank_name'),
  accountHolder: text('account_holder'),
  iban: text('iban'),
  bic: text('bic'),
  currency: text('currency').notNull().default('EUR'),
  openingBalance: numeric('opening_balance', { precision: 14, scale: 2 }).notNull().default('0'),
  openingDate: date('opening_date'),
  /** { delimiter, dateFormat, decimal, columns: { date, amount, currency, counterparty, reference, externalId } } */
  csvMapping: jsonb('csv_mapping').notNull().default({}),
  /** A unique strong match becomes a payment on import (docs/domain/payments.md). */
  autoAssign: boolean('auto_assign').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  note: text('note'),
  ...timestamps,
});

/** Lines of bank statements (`/api/bankentries`, `banks/{id}/entries`). */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    counterparty: text('counterparty'),
    reference: text('reference'),
    externalId: text('external_id'),
    /** Σ of the payments assigned from this entry, in the entry currency (kept with them). */
    assigned: numeric('assigned', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Suggested bookings: [{ bookingId, number, strength: strong | weak, amount }]. */
    suggestions: jsonb('suggestions').notNull().default([]),
    /** The import it came from (null for entries typed in). */
    importId: text('import_id'),
    raw: jsonb('raw'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_entries_external_unique')
      .on(t.bankId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('bank_entries_bank_date_idx').on(t.bankId, t.date),
  ],
);
