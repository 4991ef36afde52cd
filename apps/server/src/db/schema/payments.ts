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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies.ts';
import { bankEntries } from './banks.ts';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { creditEntries } from './credits.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** Payment providers (`/api/payprovider`): bank transfer (EPC QR) and Stripe Checkout. Secrets never leave the server. */
export const paymentProviders = pgTable('payment_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** bank_transfer or stripe */
  type: text('type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Public settings (bank account for transfers, currencies, success text). */
  config: jsonb('config').notNull().default({}),
  /** Secret settings (API key, webhook secret): write-only through the API. */
  secrets: jsonb('secrets').notNull().default({}),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/**
 * Payments of bookings (docs/domain/payments.md): stored in their own currency with the `rate` to the booking
 * currency, fixed at entry. A refund is negative. `temporary` ones are expected (checkout, QR) until a bank
 * entry confirms them. A provider's event id is unique, so a replayed webhook makes no second payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    date: date('date').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull().default('1'),
    /** bank, cash, card, provider, credit */
    method: text('method').notNull().default('bank'),
    /** final or temporary */
    status: text('status').notNull().default('final'),
    reference: text('reference'),
    note: text('note'),
    bankEntryId: integer('bank_entry_id').references(() => bankEntries.id, { onDelete: 'set null' }),
    providerId: integer('provider_id').references(() => paymentProviders.id, { onDelete: 'set null' }),
    /** The provider's id of the event or session: unique (idempotent webhooks). */
    providerRef: text('provider_ref'),
    creditEntryId: integer('credit_entry_id').references(() => creditEntries.id, { onDelete: 'set null' }),
    /** Paid on site (resort or vessel), by room booking entry. */
    onsite: boolean('onsite').notNull().default(false),
    roomBookingId: integer('room_booking_id'),
    payerCustomerId: integer('payer_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    payerAgencyId: integer('payer_agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    index('payments_bank_entry_idx').on(t.bankEntryId),
    index('payments_date_idx').on(t.date),
    // Provider ids (Stripe session and event ids) are unique across providers.
    uniqueIndex('payments_provider_ref_unique').on(t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);
