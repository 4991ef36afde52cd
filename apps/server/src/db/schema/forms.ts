import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/** Custom form definitions (`/api/formdef`, /formdef): the fields of spec booking §3 "Form field types". */
export const formDefs = pgTable('form_defs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** { de, en } */
  title: jsonb('title').notNull().default({}),
  /** [{ key, type, label: { de, en }, options?, rules? }] */
  fields: jsonb('fields').notNull().default([]),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** Custom forms sent to someone (`/api/form`, /forms/:id/:token): a definition, a token and the answers. */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    formDefId: integer('form_def_id')
      .notNull()
      .references(() => formDefs.id, { onDelete: 'restrict' }),
    token: text('token').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    /** open or submitted */
    status: text('status').notNull().default('open'),
    data: jsonb('data').notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('forms_token_unique').on(t.token),
    index('forms_def_idx').on(t.formDefId),
    index('forms_booking_idx').on(t.bookingId),
  ],
);
