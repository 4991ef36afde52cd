import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookingGuests, bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/** Guest forms (spec platform §7 Guest forms): one per guest of a booking, filled through a token link. */
export const guestForms = pgTable(
  'guest_forms',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingGuestId: integer('booking_guest_id').references(() => bookingGuests.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** 192-bit random token of the link /guestform/:id/:token. */
    token: text('token').notNull(),
    /** The sections asked for: passport, diving, insurance, flights, ... (`GET types`). */
    types: jsonb('types').notNull().default([]),
    language: text('language').notNull().default('en'),
    /** open, submitted or added (taken over into the booking and customer) */
    status: text('status').notNull().default('open'),
    /** The answers: { field: value }; uploads as stored_files ids. */
    data: jsonb('data').notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('guest_forms_token_unique').on(t.token),
    uniqueIndex('guest_forms_guest_unique').on(t.bookingGuestId),
    index('guest_forms_booking_idx').on(t.bookingId),
    index('guest_forms_customer_idx').on(t.customerId),
  ],
);
