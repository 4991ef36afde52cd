import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { destinations } from './geo.ts';

export const resorts = pgTable('resorts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  description: jsonb('description').notNull().default({}),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  /** Local currency (ISO 4217) of the resort: prices on site, onsite payments. */
  currency: text('currency').notNull().default('EUR'),
  country: text('country'),
  destinationId: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
  address: jsonb('address').notNull().default({}),
  email: text('email'),
  phone: text('phone'),
  website: text('website'),
  checkInTime: text('check_in_time').notNull().default('14:00'),
  checkOutTime: text('check_out_time').notNull().default('11:00'),
  images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
  isActive: boolean('is_active').notNull().default(true),
  /** Bookable online (booking pages and widget). */
  isVisible: boolean('is_visible').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/**
 * Allowed arrival and departure days of a resort (`/api/arrivaldeparture`, docs/domain/availability.md): weekdays
 * (0 = Sunday … 6 = Saturday) within an optional validity range. No rule of a kind: every day allowed.
 */
export const arrivalDepartureRules = pgTable(
  'arrival_departure_rules',
  {
    id: serial('id').primaryKey(),
    resortId: integer('resort_id')
      .notNull()
      .references(() => resorts.id, { onDelete: 'cascade' }),
    /** arrival, departure or both */
    kind: text('kind').notNull().default('both'),
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::integer[]`),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('arrival_departure_resort_idx').on(t.resortId)],
);
