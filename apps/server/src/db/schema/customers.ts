import { sql } from 'drizzle-orm';
import {
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
import { agencies } from './agencies.ts';
import { timestamps } from './columns.ts';
import { customerGroups } from './customer-groups.ts';

/**
 * Guests and clients (spec platform §3). The nested objects of the API (masterData, contact, address,
 * passport) are stored as jsonb; the values lists search, sort and filter by are copied into typed
 * columns on every write.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    customerType: text('customer_type').notNull().default('Default'),
    masterData: jsonb('master_data').notNull().default({}),
    contact: jsonb('contact').notNull().default({}),
    address: jsonb('address').notNull().default({}),
    passport: jsonb('passport').notNull().default({}),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Lower-cased contact e-mail. */
    email: text('email'),
    phone: text('phone'),
    birthday: date('birthday'),
    permanentAge: integer('permanent_age'),
    gender: text('gender').notNull().default('u'),
    nationality: text('nationality'),
    country: text('country'),
    language: text('language'),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => customerGroups.id, { onDelete: 'set null' }),
    /** Custom data by customer data group: `{ [groupId]: { [field]: value } }`. */
    data: jsonb('data').notNull().default({}),
    /** Internal note of the operator: never shown to agents or customers. */
    internalNote: text('internal_note'),
    /** Loyalty rule inputs (docs/domain/specials.md), set by `{id}/stats/recalculate`. */
    stays: integer('stays').notNull().default(0),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull().default('0'),
    lastStay: date('last_stay'),
    statsAt: timestamp('stats_at', { withTimezone: true }),
    /**
     * What the list search looks in (name, e-mail, phone), lower-cased, kept by the database itself: one
     * trigram index answers "contains" in about a millisecond where three ILIKEs read every row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`,
    ),
    /** Bumped on every change; `customer_versions` keeps each version for `{id}/diff/{from}`. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('customers_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('customers_email_idx').on(t.email),
    index('customers_birthday_idx').on(t.birthday),
    index('customers_last_name_idx').on(t.lastName, t.firstName),
    index('customers_agency_idx').on(t.agencyId),
  ],
);

/** A snapshot of a customer as it was saved in each version. */
export const customerVersions = pgTable(
  'customer_versions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_versions_unique').on(t.customerId, t.version)],
);

/** A customer's identity in an external system (`{id}/reference/{system}/{external}`). */
export const customerReferences = pgTable(
  'customer_references',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    system: text('system').notNull(),
    external: text('external').notNull(),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customer_references_unique').on(t.system, t.external),
    index('customer_references_customer_idx').on(t.customerId, t.system),
  ],
);

/** Free key/value data of a customer (`{id}/meta/{key}`). */
export const customerMeta = pgTable(
  'customer_meta',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);
