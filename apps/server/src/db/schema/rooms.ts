import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { resorts } from './resorts.ts';
import { bedTypes, roomTypes } from './room-types.ts';
import { users } from './users.ts';
import { vesselDecks, vessels } from './vessels.ts';

/** Rooms of a resort and cabins of a vessel (spec booking §3 Room / cabin). */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    internalId: text('internal_id'),
    /** Room or Cabin */
    type: text('type').notNull().default('Room'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id').references(() => roomTypes.id, { onDelete: 'set null' }),
    deckId: integer('deck_id').references(() => vesselDecks.id, { onDelete: 'set null' }),
    /** Place on the deck plan, percent of its width and height: { x, y }. */
    deckPosition: jsonb('deck_position'),
    isActive: boolean('is_active').notNull().default(true),
    isVisible: boolean('is_visible').notNull().default(true),
    hide: boolean('hide').notNull().default(false),
    /** Number of active beds; recomputed from `configuration.beds` on every save. */
    availableBeds: integer('available_beds').notNull().default(0),
    allowSharedRoom: boolean('allow_shared_room').notNull().default(false),
    allowMixedGender: boolean('allow_mixed_gender').notNull().default(false),
    bedTypeId: integer('bed_type_id').references(() => bedTypes.id, { onDelete: 'set null' }),
    additionalBedTypes: integer('additional_bed_types').array().notNull().default(sql`'{}'::integer[]`),
    housekeeping: text('housekeeping').notNull().default('clean'),
    usageState: text('usage_state').notNull().default('free'),
    images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
    description: jsonb('description').notNull().default({}),
    /** { maxNoOfPax, minNoOfPax, defaultNoOfPax, single, double, fan, acc, seaview, warmwater, beds: [...] } */
    configuration: jsonb('configuration').notNull().default({}),
    sort: integer('sort').notNull().default(9999),
    ...timestamps,
  },
  (t) => [
    index('rooms_resort_idx').on(t.resortId),
    index('rooms_vessel_idx').on(t.vesselId),
    index('rooms_room_type_idx').on(t.roomTypeId),
    check('rooms_one_asset', sql`(${t.resortId} is null) <> (${t.vesselId} is null)`),
  ],
);

/** Blocks of a room over `[from, to)`: Maintanance (spec spelling), OutOfOrder, Event. */
export const roomBlocks = pgTable(
  'room_blocks',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('room_blocks_room_idx').on(t.roomId, t.from),
    check('room_blocks_range', sql`${t.to} > ${t.from}`),
  ],
);
