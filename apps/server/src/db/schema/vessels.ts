import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { ports } from './geo.ts';
import { media } from './media.ts';

export const vessels = pgTable('vessels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  description: jsonb('description').notNull().default({}),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  currency: text('currency').notNull().default('EUR'),
  homePortId: integer('home_port_id').references(() => ports.id, { onDelete: 'set null' }),
  /** Technical data shown on documents: length, beam, built, flag, crew … */
  details: jsonb('details').notNull().default({}),
  images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
  isActive: boolean('is_active').notNull().default(true),
  isVisible: boolean('is_visible').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const vesselDecks = pgTable(
  'vessel_decks',
  {
    id: serial('id').primaryKey(),
    vesselId: integer('vessel_id')
      .notNull()
      .references(() => vessels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: jsonb('description').notNull().default({}),
    /** Deck plan image (media id); cabins carry their position on it. */
    planImage: integer('plan_image').references(() => media.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('vessel_decks_vessel_idx').on(t.vesselId)],
);

/** Printable lists of a vessel (manifest, cabin list, dive list): columns chosen by the operator. */
export const vesselLists = pgTable('vessel_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
  /** manifest, cabins or custom */
  kind: text('kind').notNull().default('manifest'),
  columns: text('columns').array().notNull().default(sql`'{}'::text[]`),
  /** Language of the printout; empty = the reader's. */
  language: text('language'),
  landscape: boolean('landscape').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});
