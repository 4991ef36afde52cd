import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agencies } from './agencies.ts';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

export const userRoles = pgTable('user_roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone'),
    userType: text('user_type').notNull().default('Default'),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** permissions.scope of the spec: the user's own scopes; roles add theirs. */
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    roleIds: integer('role_ids').array().notNull().default(sql`'{}'::integer[]`),
    settings: jsonb('settings').notNull().default({}),
    notifications: jsonb('notifications').notNull().default({}),
    activeAsset: jsonb('active_asset'),
    resorts: integer('resorts').array().notNull().default(sql`'{}'::integer[]`),
    vessels: integer('vessels').array().notNull().default(sql`'{}'::integer[]`),
    passwordHash: text('password_hash'),
    isCrmUser: boolean('is_crm_user').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);
