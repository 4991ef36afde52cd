import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies.ts';
import { timestamps } from './columns.ts';
import { resorts } from './resorts.ts';
import { users } from './users.ts';
import { vessels } from './vessels.ts';

/** An agency sales contest (docs/domain/contests.md): what counts, in which period, and the prize. */
export const contests = pgTable(
  'contests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    prize: text('prize'),
    /** The period: bookings confirmed from `from` to `to` (operator's days, both included). */
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    /** bookings, guests, nights or revenue */
    metric: text('metric').notNull(),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
    /** The last day to subscribe or leave; null: `to`. */
    subscribeUntil: date('subscribe_until'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [check('contests_period', sql`${t.to} >= ${t.from}`)],
);

/** An agency taking part in a contest: once per contest and agency. */
export const contestSubscriptions = pgTable(
  'contest_subscriptions',
  {
    id: serial('id').primaryKey(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'restrict' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('contest_subscriptions_contest_agency').on(t.contestId, t.agencyId),
    index('contest_subscriptions_agency_idx').on(t.agencyId),
  ],
);
