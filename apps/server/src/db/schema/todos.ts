import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Todo definitions (`/api/todo`, the /todo screen): what staff must do for a booking and when it is due.
 * `code` names the ones the bookings raise themselves (overbooking, gender, due dates, options, no-show).
 */
export const todos = pgTable('todos', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  group: text('group').notNull().default(''),
  text: text('text').notNull().default(''),
  /** The system todo this is (overbooking, genderUnknown, …); null for one the operator defined. */
  code: text('code').unique(),
  predefined: boolean('predefined').notNull().default(false),
  /** The due rule: `value` days counted as `calcType` says (after booking, before arrival, …). */
  calcType: text('calc_type').notNull().default('afterBooking'),
  value: integer('value').notNull().default(0),
  closeOnAbort: boolean('close_on_abort').notNull().default(true),
  /** Added to every new booking of these types (resort, vessel, …); empty: only when raised or added by hand. */
  autoAdd: jsonb('auto_add').notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** The todos of one booking (`/api/todoitem`): open until solved; `hasOpenTodos` on the booking follows them. */
export const bookingTodos = pgTable(
  'booking_todos',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The definition ("definition" in the spec). */
    todoId: integer('todo_id').references(() => todos.id, { onDelete: 'set null' }),
    code: text('code'),
    group: text('group').notNull().default(''),
    text: text('text').notNull(),
    /** The room entry or room it is about (a forced overbooking, a guest of unknown gender). */
    roomId: integer('room_id'),
    due: date('due'),
    open: boolean('open').notNull().default(true),
    predefined: boolean('predefined').notNull().default(false),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('booking_todos_booking_idx').on(t.bookingId),
    index('booking_todos_open_idx').on(t.open, t.due),
  ],
);
