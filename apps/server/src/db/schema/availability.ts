import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { rooms } from './rooms.ts';
import { schedules } from './tours.ts';

/**
 * What holds a room or a bed over `[from, to)` (docs/domain/availability.md). One row per unit: `unit` is '' for a
 * whole room that is not shared, else the bed's internalId (a whole-room booking of a shared room writes
 * one row per active bed). `holds` follows the booking state; the exclusion constraint
 * `occupancy_no_overlap` (migration 0004) makes two holding rows of one unit on overlapping nights
 * impossible, also under concurrency.
 */
export const occupancy = pgTable(
  'occupancy',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    unit: text('unit').notNull().default(''),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'restrict' }),
    /** The booking (no foreign key: the availability tests and the bench hold for bookings they never write). */
    bookingId: integer('booking_id'),
    /** The booking's room entry, `booking_rooms.id` (several per booking when split by hand). */
    entryId: integer('entry_id'),
    /** Booking state when last written (draft, planned, confirmed …). */
    state: text('state').notNull(),
    holds: boolean('holds').notNull(),
    /** A planned option holds until then; null: no expiry. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** false: the bed was picked by the system and may be moved; true: chosen by staff or guest. */
    bedAssigned: boolean('bed_assigned').notNull().default(false),
    /** Whole-room hold (all beds of a shared room) rather than one berth. */
    wholeRoom: boolean('whole_room').notNull().default(true),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** m, f or u: the person in this bed, for the same-gender rule of shared rooms. */
    gender: text('gender').notNull().default('u'),
    ...timestamps,
  },
  (t) => [
    index('occupancy_booking_idx').on(t.bookingId),
    index('occupancy_schedule_idx').on(t.scheduleId),
    check('occupancy_range', sql`${t.to} > ${t.from}`),
  ],
);
