import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** ISO 3166-1 countries with names per language, calling codes and ISO 3166-2 states. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  code3: text('code3'),
  name: text('name').notNull(),
  translations: jsonb('translations').notNull().default({}),
  callingCodes: text('calling_codes').array().notNull().default(sql`'{}'::text[]`),
  /** [{ name, state_code }] */
  states: jsonb('states').notNull().default([]),
  currency: text('currency'),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const destinations = pgTable('destinations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country'),
  description: jsonb('description').notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const ports = pgTable('ports', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  country: text('country'),
  destinationId: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
  latitude: numeric('latitude', { precision: 9, scale: 6 }),
  longitude: numeric('longitude', { precision: 9, scale: 6 }),
  description: jsonb('description').notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const airports = pgTable(
  'airports',
  {
    id: serial('id').primaryKey(),
    iata: text('iata').notNull().unique(),
    icao: text('icao'),
    name: text('name').notNull(),
    city: text('city'),
    country: text('country'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('airports_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

export const airlines = pgTable(
  'airlines',
  {
    id: serial('id').primaryKey(),
    iata: text('iata'),
    icao: text('icao'),
    name: text('name').notNull(),
    country: text('country'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('airlines_iata_idx').on(t.iata)],
);
