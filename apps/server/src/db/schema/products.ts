import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { resorts } from './resorts.ts';
import { taxes } from './settings.ts';
import { users } from './users.ts';
import { vessels } from './vessels.ts';

/** Product categories (`/api/productcategory`): a target of specials (docs/domain/specials.md) and a list grouping. */
export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Products and add-ons sold with a booking or on site (`/api/product`, spec booking §3 Product). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    /** ConsumptionGood (stock goes down when sold) or ReusableGood (rental gear, counted per day). */
    type: text('type').notNull().default('ConsumptionGood'),
    unit: text('unit').notNull().default('None'),
    /** PerPerson, PerBooking, PerBookingAndCustomer, PerDay, PerDiveDay, PerDive, PerNight, PerWeekFloor, PerWeekCeil. */
    chargingBase: text('charging_base').notNull().default('PerBooking'),
    /** Per unit, not per person: personFactor 1 for every time base (docs/domain/products.md). */
    perUnit: boolean('per_unit').notNull().default(false),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('EUR'),
    taxId: integer('tax_id').references(() => taxes.id, { onDelete: 'set null' }),
    /** The asset it is sold at; both null: everywhere. */
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    /** Offered as an add-on (booking wizard, online booking). */
    isAddon: boolean('is_addon').notNull().default(false),
    isOnlineBookable: boolean('is_online_bookable').notNull().default(false),
    /** Stock is kept (ConsumptionGood): `stock` is the current quantity, `product_stock_log` its changes. */
    trackStock: boolean('track_stock').notNull().default(false),
    stock: numeric('stock', { precision: 14, scale: 3 }).notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Every change of a product's stock (`{id}/stock/update`, sales, returns): `{id}/stock/log`. */
export const productStockLog = pgTable(
  'product_stock_log',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    change: numeric('change', { precision: 14, scale: 3 }).notNull(),
    stockAfter: numeric('stock_after', { precision: 14, scale: 3 }).notNull(),
    /** manual, sale, return, correction */
    reason: text('reason').notNull().default('manual'),
    note: text('note'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The onsite item sold or voided (reasons onsite_sale, onsite_return; docs/domain/onsite.md). */
    onsiteItemId: integer('onsite_item_id'),
    /** The asset whose stock moved (`product_asset_stock`); none: the product's stock only. */
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_stock_log_product_idx').on(t.productId, t.createdAt),
    // Every booking write settles the booking's stock (booking-stock.ts) by this column.
    index('product_stock_log_booking_idx').on(t.bookingId),
  ],
);

/**
 * The stock of a product kept at one asset, a resort or a vessel (docs/domain/onsite.md "Stock"): part of the
 * product's `stock` (the total over all places). A sale at the asset takes from it.
 */
export const productAssetStock = pgTable(
  'product_asset_stock',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    stock: numeric('stock', { precision: 14, scale: 3 }).notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_asset_stock_resort_unique')
      .on(t.productId, t.resortId)
      .where(sql`${t.resortId} is not null`),
    uniqueIndex('product_asset_stock_vessel_unique')
      .on(t.productId, t.vesselId)
      .where(sql`${t.vesselId} is not null`),
    check('product_asset_stock_one_asset', sql`(${t.resortId} is null) <> (${t.vesselId} is null)`),
  ],
);
