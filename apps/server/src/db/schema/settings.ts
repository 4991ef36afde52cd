import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns.ts';

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    group: text('group').notNull(),
    key: text('key').notNull(),
    value: jsonb('value'),
    ...timestamps,
  },
  (t) => [uniqueIndex('settings_group_key_unique').on(t.group, t.key)],
);

/** Uploaded files kept in the database (company logo, imports); media of the inventory issue have their own table. */
export const storedFiles = pgTable('stored_files', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tax rates (`/tax`); new taxes start aborted (spec booking §3). */
export const taxes = pgTable('taxes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  value: numeric('value', { precision: 7, scale: 4 }).notNull().default('0'),
  inclusive: boolean('inclusive').notNull().default(true),
  status: text('status').notNull().default('aborted'),
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const textblockGroups = pgTable('textblock_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Reusable texts for mails and documents, per language (`text`: { de, en }). */
export const textblocks = pgTable('textblocks', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').references(() => textblockGroups.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  text: jsonb('text').notNull().default({}),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const bookingSources = pgTable('booking_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const bookingCategories = pgTable('booking_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color'),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});
