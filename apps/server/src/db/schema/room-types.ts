import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { resorts } from './resorts.ts';
import { vessels } from './vessels.ts';

export const bedTypes = pgTable('bed_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key'),
  /** Display names per language: { de, en }. */
  translations: jsonb('translations').notNull().default({}),
  /** How many persons the bed sleeps. */
  persons: integer('persons').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Room and cabin categories (spec booking §3 Room type), of one resort or one vessel. */
export const roomTypes = pgTable(
  'room_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    defaultNoOfPax: integer('default_no_of_pax').notNull().default(2),
    minNoOfPax: integer('min_no_of_pax').notNull().default(1),
    maxNoOfPax: integer('max_no_of_pax').notNull().default(2),
    maxNoOfOTAPax: integer('max_no_of_ota_pax').notNull().default(2),
    availableToOTA: integer('available_to_ota').notNull().default(-1),
    roomTypeOTA: text('room_type_ota').notNull().default('Double'),
    sizeInSqm: numeric('size_in_sqm', { precision: 8, scale: 2 }).notNull().default('-1'),
    surcharge: numeric('surcharge', { precision: 14, scale: 2 }).notNull().default('0'),
    /** percent or fixed */
    surchargeType: text('surcharge_type').notNull().default('percent'),
    hide: boolean('hide').notNull().default(false),
    collapse: boolean('collapse').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    description: jsonb('description').notNull().default({}),
    images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
    sort: integer('sort').notNull().default(9999),
    ...timestamps,
  },
  (t) => [
    index('room_types_resort_idx').on(t.resortId),
    index('room_types_vessel_idx').on(t.vesselId),
    check('room_types_one_asset', sql`(${t.resortId} is null) <> (${t.vesselId} is null)`),
  ],
);
