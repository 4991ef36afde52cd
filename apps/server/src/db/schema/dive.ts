import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { products } from './products.ts';
import { resorts } from './resorts.ts';
import { users } from './users.ts';
import { vessels } from './vessels.ts';

// The dive day (docs/domain/dive-day.md): master data (sites, types, boats), crew and day business
// (employees, their worklog, day guests, day events), the trips of a day's plan and the dive log.

export const diveSites = pgTable('dive_sites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  latitude: numeric('latitude', { precision: 9, scale: 6 }),
  longitude: numeric('longitude', { precision: 9, scale: 6 }),
  minDepth: integer('min_depth'),
  maxDepth: integer('max_depth'),
  /** boat or shore */
  entry: text('entry').notNull().default('boat'),
  /** none, mild or strong */
  current: text('current').notNull().default('none'),
  /** easy, moderate or advanced */
  difficulty: text('difficulty').notNull().default('easy'),
  /** Protected-area fee per diver and dive, in the base currency. */
  fee: numeric('fee', { precision: 14, scale: 2 }),
  resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
  note: text('note'),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const diveTypes = pgTable('dive_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** boat, shore, night, drift, wreck, course or nitrox */
  kind: text('kind').notNull().default('boat'),
  /** The onsite product a logged dive of this type charges (PerDive or PerDiveDay); none: not charged. */
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const diveBoats = pgTable('dive_boats', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  diverCapacity: integer('diver_capacity').notNull(),
  crewCapacity: integer('crew_capacity').notNull().default(0),
  tanks: integer('tanks').notNull().default(0),
  resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
  note: text('note'),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const employees = pgTable('employees', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** guide, instructor, captain, crew or office */
  role: text('role').notNull().default('guide'),
  email: text('email'),
  phone: text('phone'),
  certifications: text('certifications'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const worklogs = pgTable(
  'worklogs',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    hours: numeric('hours', { precision: 5, scale: 2 }).notNull().default('0'),
    dives: integer('dives').notNull().default(0),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('worklogs_employee_date_idx').on(t.employeeId, t.date)],
);

/** Walk-in divers without a stay, with what their readiness needs. */
export const dayGuests = pgTable(
  'day_guests',
  {
    id: serial('id').primaryKey(),
    date: date('date').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    nationality: text('nationality'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    certAgency: text('cert_agency'),
    certLevel: text('cert_level'),
    loggedDives: integer('logged_dives').notNull().default(0),
    hasNitrox: boolean('has_nitrox').notNull().default(false),
    medicalDate: date('medical_date'),
    /** A "yes" on the medical questionnaire: needs a physician's sign-off. */
    medicalYes: boolean('medical_yes').notNull().default(false),
    physicianSignOff: boolean('physician_sign_off').notNull().default(false),
    insurance: text('insurance'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('day_guests_date_idx').on(t.date)],
);

export const dayEvents = pgTable(
  'day_events',
  {
    id: serial('id').primaryKey(),
    date: date('date').notNull(),
    time: text('time'),
    name: text('name').notNull(),
    /** course, tryDive, cleanUp or other */
    kind: text('kind').notNull().default('other'),
    capacity: integer('capacity').notNull().default(0),
    /** [{ name, customerId?, dayGuestId? }] */
    participants: jsonb('participants').notNull().default([]),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('day_events_date_idx').on(t.date)],
);

/** One trip of a day's dive plan (`/api/diveplan`): boat, site, guides and divers. */
export const divePlans = pgTable(
  'dive_plans',
  {
    id: serial('id').primaryKey(),
    date: date('date').notNull(),
    time: text('time').notNull(),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
    boatId: integer('boat_id').references(() => diveBoats.id, { onDelete: 'restrict' }),
    siteId: integer('site_id').references(() => diveSites.id, { onDelete: 'restrict' }),
    typeId: integer('type_id').references(() => diveTypes.id, { onDelete: 'restrict' }),
    /** Employee ids of the trip's guides. */
    guideIds: jsonb('guide_ids').notNull().default([]),
    /** [{ customerId | dayGuestId, bookingId?, rentalGear?, tankSize?, airMix? }] */
    divers: jsonb('divers').notNull().default([]),
    /** { minLevel?, minDives?, nitrox?, medicalMonths } */
    requirements: jsonb('requirements').notNull().default({}),
    maxPerGuide: integer('max_per_guide').notNull().default(4),
    note: text('note'),
    /** Set when the trip's dives were written into the log. */
    loggedAt: timestamp('logged_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('dive_plans_date_idx').on(t.date)],
);

/** Dive log entries (spec booking §3 "Dive log entry"). */
export const diveLogs = pgTable(
  'dive_logs',
  {
    id: serial('id').primaryKey(),
    date: date('date').notNull(),
    start: text('start'),
    end: text('end'),
    typeId: integer('type_id').references(() => diveTypes.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    dayGuestId: integer('day_guest_id').references(() => dayGuests.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    depth: numeric('depth', { precision: 6, scale: 1 }),
    /** Bottom time in minutes. */
    duration: integer('duration'),
    boatId: integer('boat_id').references(() => diveBoats.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => diveSites.id, { onDelete: 'set null' }),
    /** The dive's number on its day (1, 2, 3 …). */
    sort: integer('sort').notNull().default(1),
    crew: text('crew'),
    guideId: integer('guide_id').references(() => employees.id, { onDelete: 'set null' }),
    rentalGear: text('rental_gear'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'set null' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
    tankSize: integer('tank_size'),
    airMix: text('air_mix'),
    comment: text('comment'),
    planId: integer('plan_id').references(() => divePlans.id, { onDelete: 'set null' }),
    /** The dive's id in an imported UDDF file: a second import of the same file adds nothing. */
    externalId: text('external_id'),
    ...timestamps,
  },
  (t) => [
    index('dive_logs_date_idx').on(t.date),
    index('dive_logs_customer_idx').on(t.customerId, t.date),
    index('dive_logs_booking_idx').on(t.bookingId),
  ],
);
