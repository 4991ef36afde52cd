import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';

/** Online booking creates by `Idempotency-Key`: a replay with the same body answers the same booking. */
export const onlineRequests = pgTable('online_requests', {
  key: text('key').primaryKey(),
  /** SHA-256 of the request body: the same key with another body is refused. */
  bodyHash: text('body_hash').notNull(),
  bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
