import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const specialsGroups = pgTable('specials_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Rule-based discounts and surcharges, and agency commission specials (`/api/specials`, docs/domain/specials.md). */
export const specials = pgTable(
  'specials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: jsonb('description').notNull().default({}),
    type: text('type').notNull().default('special'),
    status: text('status').notNull().default('draft'),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    /** [{ field, operator, value }], AND-ed */
    rules: jsonb('rules').notNull().default([]),
    discount: text('discount').notNull().default('PerCent'),
    discountValue: numeric('discount_value', { precision: 14, scale: 2 }).notNull().default('0'),
    reduce: boolean('reduce').notNull().default(true),
    target: text('target').notNull().default('RoomPrice'),
    targetIds: integer('target_ids').array().notNull().default(sql`'{}'::integer[]`),
    scopeUnit: text('scope_unit').notNull().default('Booking'),
    autoAdd: boolean('auto_add').notNull().default(true),
    unique: boolean('unique').notNull().default(true),
    replaceMatchingRoomPrice: boolean('replace_matching_room_price').notNull().default(false),
    includeSpecialsWithSameRule: boolean('include_specials_with_same_rule').notNull().default(false),
    excludeFromCommission: boolean('exclude_from_commission').notNull().default(false),
    excludeFromTax: boolean('exclude_from_tax').notNull().default(false),
    includeIn: text('include_in').array().notNull().default(sql`'{Booking}'::text[]`),
    editable: boolean('editable').notNull().default(true),
    deletable: boolean('deletable').notNull().default(true),
    groupId: integer('group_id').references(() => specialsGroups.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('specials_status_idx').on(t.status)],
);
