import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { storedFiles } from './settings.ts';
import { users } from './users.ts';

/** The last invoice number per year and series: taken under a row lock, so numbers have no gaps. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer('year').notNull(),
    /** invoice (invoices and cancellation invoices share one series, as §14 UStG asks one unique sequence) */
    series: text('series').notNull().default('invoice'),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.series] })],
);

/**
 * Issued invoices (`/finance/invoices`): a frozen copy of what was billed. Never changed after issue; a
 * cancellation invoice (`kind` cancellation) reverses one. `publicToken` makes the unguessable public link.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** invoice, cancellation or split */
    kind: text('kind').notNull().default('invoice'),
    date: date('date').notNull(),
    /** The invoice this one cancels (kind cancellation). */
    cancelsId: integer('cancels_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull().default('EUR'),
    language: text('language').notNull().default('de'),
    /** Who is billed: { customerId?, agencyId?, name, address, vatId? } */
    recipient: jsonb('recipient').notNull().default({}),
    /** The billed lines, frozen: [{ text, amount, price, total, taxRate }] */
    lines: jsonb('lines').notNull().default([]),
    net: numeric('net', { precision: 14, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 14, scale: 2 }).notNull().default('0'),
    gross: numeric('gross', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Per rate: [{ rate, net, tax, gross }] (§14 UStG). */
    taxBreakdown: jsonb('tax_breakdown').notNull().default([]),
    publicToken: text('public_token').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_year_seq_unique').on(t.year, t.seq),
    uniqueIndex('invoices_public_token_unique').on(t.publicToken),
    index('invoices_booking_idx').on(t.bookingId),
  ],
);

/** Document templates (`bookings/{id}/templates`): kind, language texts and the text blocks around the body. */
export const documentTemplates = pgTable('document_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** offer, reservation, confirmation, invoice, voucher, guestlist, manifest */
  kind: text('kind').notNull(),
  /** { de, en }: title, intro and closing texts */
  texts: jsonb('texts').notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Documents kept with a booking (`{id}/store`): the PDF as a stored file. */
export const bookingDocuments = pgTable(
  'booking_documents',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    templateId: integer('template_id').references(() => documentTemplates.id, { onDelete: 'set null' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_documents_booking_idx').on(t.bookingId)],
);
