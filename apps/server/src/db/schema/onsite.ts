import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookingGuests, bookingRooms, bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { productAssetStock, products } from './products.ts';
import { resorts } from './resorts.ts';
import { users } from './users.ts';
import { vessels } from './vessels.ts';

// Charges during the stay and the point of sale (docs/domain/onsite.md).

/** A tab of the counter (`/api/pos`): a walk-in's, or a booked guest's charged to the room entry. */
export const posTabs = pgTable(
  'pos_tabs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** open or resolved (paid or charged, and closed). A room tab has its booking and room entry. */
    state: text('state').notNull().default('open'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    roomBookingId: integer('room_booking_id'),
    currency: text('currency').notNull().default('EUR'),
    /** Where the counter stands: its sales take from this asset's stock (a room tab: its booking's asset). */
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
    /** The counter's key of the tab (opened offline): one tab per key. */
    idempotencyKey: text('idempotency_key'),
    /** The cashier who opened it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('pos_tabs_state_idx').on(t.state, t.createdAt),
    uniqueIndex('pos_tabs_idempotency_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * An item sold on site: on a booking (its calculation line `onsite:<id>`, customer type OnSite), on a tab,
 * or both (a room tab). `quantity` is what the cashier typed, `amount` the quantity after the charging base,
 * `price` and `total` in `currency` (`rate` → booking currency). Voided items stay, struck, with who and why.
 */
export const onsiteItems = pgTable(
  'onsite_items',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    roomBookingId: integer('room_booking_id').references(() => bookingRooms.id, { onDelete: 'set null' }),
    guestId: integer('guest_id').references(() => bookingGuests.id, { onDelete: 'set null' }),
    tabId: integer('tab_id').references(() => posTabs.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    text: text('text').notNull(),
    chargingBase: text('charging_base').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull().default('1'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    /** What the sale took out of stock (given back on void or delete). */
    stockTaken: numeric('stock_taken', { precision: 14, scale: 3 }).notNull().default('0'),
    /** The asset's stock it was taken from (given back there); none: the product's stock only. */
    stockAssetId: integer('stock_asset_id').references(() => productAssetStock.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    /** The counter's key of the sale: a sale sent twice (offline sync) is stored once. */
    idempotencyKey: text('idempotency_key'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('onsite_items_booking_idx').on(t.bookingId),
    index('onsite_items_tab_idx').on(t.tabId),
    index('onsite_items_created_idx').on(t.createdAt),
    uniqueIndex('onsite_items_idempotency_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('onsite_items_owner', sql`${t.bookingId} is not null or ${t.tabId} is not null`),
  ],
);

/** A payment at the counter or on a booking's onsite balance (cash, card), in its currency with its rate. */
export const onsitePayments = pgTable(
  'onsite_payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    roomBookingId: integer('room_booking_id'),
    tabId: integer('tab_id').references(() => posTabs.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull().default('1'),
    /** cash or card */
    method: text('method').notNull(),
    idempotencyKey: text('idempotency_key'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('onsite_payments_booking_idx').on(t.bookingId),
    index('onsite_payments_tab_idx').on(t.tabId),
    index('onsite_payments_created_idx').on(t.createdAt),
    uniqueIndex('onsite_payments_idempotency_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('onsite_payments_owner', sql`${t.bookingId} is not null or ${t.tabId} is not null`),
  ],
);
