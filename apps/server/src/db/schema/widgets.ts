import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { resorts } from './resorts.ts';
import { vessels } from './vessels.ts';

/** Booking widgets (`/api/widget`, /widget-admin/*): one asset, a look and the origins allowed to embed it. */
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** resort or vessel */
    assetType: text('asset_type').notNull(),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    /** de or en; the visitor's browser language wins when it is one of them. */
    language: text('language').notNull().default('en'),
    /** { primaryColor, radius } */
    look: jsonb('look').notNull().default({}),
    /** Origins allowed to embed the widget (frame-ancestors); empty: any. */
    allowedOrigins: jsonb('allowed_origins').notNull().default([]),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('widgets_slug_unique').on(t.slug)],
);

/** Widget tracking (`t/{widget}/{id}/{action}`): one row per visitor and action (view, search, booking). */
export const widgetEvents = pgTable(
  'widget_events',
  {
    id: serial('id').primaryKey(),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    /** The visitor's random id (no cookie, no personal data). */
    visitorId: text('visitor_id').notNull(),
    action: text('action').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('widget_events_widget_idx').on(t.widgetId, t.createdAt),
    uniqueIndex('widget_events_once').on(t.widgetId, t.visitorId, t.action),
  ],
);
