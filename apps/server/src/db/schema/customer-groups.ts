import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const customerGroups = pgTable('customer_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color'),
  ...timestamps,
});
