import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const agencyGroups = pgTable('agency_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color'),
  ...timestamps,
});

/** Travel agencies, resellers and employee accounts that book for their clients (spec platform §7 Agencies). */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** travel, resell or employee */
    type: text('type').notNull().default('travel'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    groupId: integer('group_id').references(() => agencyGroups.id, { onDelete: 'set null' }),
    /** street, zip, city, state, country */
    address: jsonb('address').notNull().default({}),
    taxId: text('tax_id'),
    /** The Leitweg-ID a public-sector buyer gives for its XRechnung (BT-10); null: the booking number. */
    leitwegId: text('leitweg_id'),
    language: text('language').notNull().default('de'),
    currency: text('currency').notNull().default('EUR'),
    /** Default commission in percent (0..100) and mode (`included` or `subtract`, docs/domain/tax-and-commission.md). */
    commission: numeric('commission', { precision: 5, scale: 2 }).notNull().default('0'),
    commissionMode: text('commission_mode').notNull().default('included'),
    creditLimit: numeric('credit_limit', { precision: 14, scale: 2 }),
    /** bank name, IBAN, BIC, account holder */
    bank: jsonb('bank').notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    /** Internal note of the operator: never shown to agents or customers. */
    internalNote: text('internal_note'),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [index('agencies_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

/** People to talk to at an agency (`GET /api/agencies/contacts`). */
export const agencyContacts = pgTable(
  'agency_contacts',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: text('position'),
    email: text('email'),
    phone: text('phone'),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('agency_contacts_agency_idx').on(t.agencyId)],
);

/** An agency's identity in a connected system (`{agency}/link/{system}`). */
export const agencyLinks = pgTable(
  'agency_links',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    system: text('system').notNull(),
    external: text('external').notNull(),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.system] })],
);
