import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { resorts } from './resorts.ts';
import { paymentTerms } from './terms.ts';
import { vessels } from './vessels.ts';

/** Occupancy and person variants of prices (`/api/pricevariant`): double use, single use, child ≤ 11. */
export const priceVariants = pgTable('price_variants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key'),
  translations: jsonb('translations').notNull().default({}),
  noOfPax: integer('no_of_pax'),
  maxAge: integer('max_age'),
  perPerson: boolean('per_person').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  fullCharter: boolean('full_charter').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Seasons and rate plans of one resort or one vessel (`/api/price`, docs/domain/prices.md). */
export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    internalId: text('internal_id'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** [{ from, to }] inside valid */
    periods: jsonb('periods').notNull().default([]),
    status: text('status').notNull().default('draft'),
    calculationType: text('calculation_type').notNull().default('unit'),
    type: text('type').notNull().default('Season'),
    variants: integer('variants').array().notNull().default(sql`'{}'::integer[]`),
    basePrice: numeric('base_price', { precision: 14, scale: 2 }),
    surcharge: numeric('surcharge', { precision: 14, scale: 2 }).notNull().default('0'),
    surchargeType: text('surcharge_type').notNull().default('percent'),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull().default('0'),
    discountType: text('discount_type').notNull().default('percent'),
    currencies: text('currencies').array().notNull().default(sql`'{EUR}'::text[]`),
    useOnsiteCurrency: boolean('use_onsite_currency').notNull().default(false),
    /** { status, value, inclusive }; new taxes are aborted */
    tax: jsonb('tax').notNull().default({ status: 'aborted', value: '0', inclusive: true }),
    commission: numeric('commission', { precision: 5, scale: 2 }).notNull().default('0'),
    termsOfPaymentId: integer('terms_of_payment_id').references(() => paymentTerms.id, {
      onDelete: 'set null',
    }),
    defaultTermsOfPayment: boolean('default_terms_of_payment').notNull().default(true),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    includedServices: jsonb('included_services').notNull().default({}),
    excludedServices: jsonb('excluded_services').notNull().default({}),
    isAvailableToOTA: boolean('is_available_to_ota').notNull().default(false),
    minNights: integer('min_nights'),
    tourIds: integer('tour_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    index('prices_resort_idx').on(t.resortId, t.validFrom),
    index('prices_vessel_idx').on(t.vesselId, t.validFrom),
    check('prices_one_asset', sql`(${t.resortId} is null) <> (${t.vesselId} is null)`),
    check('prices_valid_range', sql`${t.validTo} >= ${t.validFrom}`),
  ],
);

/** Priced extras of a price (`/api/supplements`, docs/domain/prices.md). */
export const supplements = pgTable(
  'supplements',
  {
    id: serial('id').primaryKey(),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    translations: jsonb('translations').notNull().default({}),
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    valueType: text('value_type').notNull().default('fixed'),
    chargingBase: text('charging_base').notNull().default('PerBooking'),
    qtyPerUnit: numeric('qty_per_unit', { precision: 9, scale: 3 }).notNull().default('1'),
    perUnit: boolean('per_unit').notNull().default(false),
    mandatory: boolean('mandatory').notNull().default(true),
    commissionable: boolean('commissionable').notNull().default(false),
    customerType: text('customer_type').notNull().default('None'),
    singleUse: boolean('single_use').notNull().default(false),
    roomTypeIds: integer('room_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    variantIds: integer('variant_ids').array().notNull().default(sql`'{}'::integer[]`),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('supplements_price_idx').on(t.priceId)],
);
