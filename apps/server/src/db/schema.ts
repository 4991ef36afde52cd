import { sql } from 'drizzle-orm';
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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Travel agencies that book for their clients; the master-data issue adds the remaining fields. */
export const agencies = pgTable('agencies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().default('travel'),
  email: text('email'),
  ...timestamps,
});

/** Guests and clients; the master-data issue adds the remaining fields. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  customerType: text('customer_type').notNull().default('Default'),
  masterData: jsonb('master_data').notNull().default({}),
  contact: jsonb('contact').notNull().default({}),
  agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
  ...timestamps,
});

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

/** Bearer sessions. Only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Single-use tokens: password reset, e-mail verification, jump login. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.kind)],
);

/** Every login attempt, for `GET /api/users/logins`. */
export const userLogins = pgTable(
  'user_logins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_logins_user_idx').on(t.userId, t.createdAt)],
);

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

/** Notifications shown on the home page; `user_id` null means everyone with events.read. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    text: text('text').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('events_user_idx').on(t.userId, t.createdAt)],
);
