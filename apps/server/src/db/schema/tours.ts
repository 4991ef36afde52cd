import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { destinations, ports } from './geo.ts';
import { prices } from './prices.ts';
import { vessels } from './vessels.ts';

/** Itineraries: a named route without dates (docs/domain/departures-and-charters.md). */
export const tours = pgTable('tours', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
  destinationId: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
  embarkPortId: integer('embark_port_id').references(() => ports.id, { onDelete: 'set null' }),
  disembarkPortId: integer('disembark_port_id').references(() => ports.id, { onDelete: 'set null' }),
  /** Default length of a departure. */
  nights: integer('nights').notNull().default(7),
  description: jsonb('description').notNull().default({}),
  /** [{ day, title: { de, en }, text: { de, en }, portId? }] */
  itinerary: jsonb('itinerary').notNull().default([]),
  included: jsonb('included').notNull().default({}),
  excluded: jsonb('excluded').notNull().default({}),
  color: text('color'),
  images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
  isActive: boolean('is_active').notNull().default(true),
  isVisible: boolean('is_visible').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/**
 * Departures of a tour on a vessel over `[from, to)`. Two live schedules of one vessel never overlap:
 * the exclusion constraint `schedules_no_overlap` (migration 0004) guards it under concurrency.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    vesselId: integer('vessel_id')
      .notNull()
      .references(() => vessels.id, { onDelete: 'restrict' }),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    /** open, closed (no more sales) or cancelled (holds nothing, cannot be booked) */
    status: text('status').notNull().default('open'),
    embarkPortId: integer('embark_port_id').references(() => ports.id, { onDelete: 'set null' }),
    disembarkPortId: integer('disembark_port_id').references(() => ports.id, { onDelete: 'set null' }),
    /** The price of this departure (docs/domain/prices.md); else the vessel's season containing `from`. */
    priceId: integer('price_id').references((): AnyPgColumn => prices.id, { onDelete: 'set null' }),
    /** Explicit full-charter price per currency: { EUR: "48000.00" }. */
    fullCharterPrice: jsonb('full_charter_price').notNull().default({}),
    isVisible: boolean('is_visible').notNull().default(true),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('schedules_vessel_idx').on(t.vesselId, t.from),
    index('schedules_tour_idx').on(t.tourId, t.from),
    check('schedules_range', sql`${t.to} > ${t.from}`),
  ],
);
