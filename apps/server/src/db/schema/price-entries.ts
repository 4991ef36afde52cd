import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { prices, priceVariants } from './prices.ts';
import { roomTypes } from './room-types.ts';
import { schedules } from './tours.ts';

// The prices module's cells, apart from prices.ts: a cell may be of a departure (`schedules`, tours.ts) and a
// departure names its price, so in prices.ts the two files would import each other.

/** One value per room type × variant (× schedule) × currency (`/api/roomprices`). */
export const priceEntries = pgTable(
  'price_entries',
  {
    id: serial('id').primaryKey(),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => priceVariants.id, { onDelete: 'restrict' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    surcharge: numeric('surcharge', { precision: 14, scale: 2 }),
    surchargeType: text('surcharge_type'),
    discount: numeric('discount', { precision: 14, scale: 2 }),
    discountType: text('discount_type'),
  },
  (t) => [
    uniqueIndex('price_entries_cell_unique').on(
      t.priceId,
      t.roomTypeId,
      t.variantId,
      t.currency,
      sql`coalesce(${t.scheduleId}, 0)`,
    ),
    index('price_entries_room_type_idx').on(t.roomTypeId),
  ],
);
