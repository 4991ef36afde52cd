import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** Groups of custom customer fields (diving experience, medical, ...): `fields` [{key, type, label{de,en}, options}]. */
export const customerDataGroups = pgTable('customer_data_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  label: jsonb('label').notNull().default({}),
  sort: integer('sort').notNull().default(0),
  fields: jsonb('fields').notNull().default([]),
  ...timestamps,
});
