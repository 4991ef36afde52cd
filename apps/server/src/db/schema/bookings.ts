import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies.ts';
import { timestamps } from './columns.ts';
import { commissions } from './commissions.ts';
import { customers } from './customers.ts';
import { prices, priceVariants } from './prices.ts';
import { resorts } from './resorts.ts';
import { roomTypes } from './room-types.ts';
import { rooms } from './rooms.ts';
import { bookingCategories, bookingSources } from './settings.ts';
import { schedules, tours } from './tours.ts';
import { users } from './users.ts';
import { vessels } from './vessels.ts';

// Bookings (docs/domain/calculation-lines.md and lifecycle.md).

/**
 * A booking: an offer (draft), reservation (planned), booking (confirmed) and the states after them
 * (spec booking §3 Booking). Numbers are kept forever once given; `version` is the ETag of the record
 * and grows with every successful write, each of which adds a row to `booking_versions`.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull().default('draft'),
    resolved: boolean('resolved').notNull().default(false),
    offerNo: text('offer_no'),
    reservationNo: text('reservation_no'),
    bookingNo: text('booking_no'),
    /** resort, vessel, charter or mixed */
    type: text('type').notNull().default('resort'),
    /** Booking, AgentDirectBooking, CustomerDirectBooking or OTABooking */
    channel: text('channel').notNull().default('Booking'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'restrict' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'restrict' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'restrict' }),
    tourId: integer('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    /** First night and departure over all room entries. */
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    noOfPax: integer('no_of_pax').notNull().default(0),
    /** The payer and lead guest (first guest of the first room unless chosen). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
    /** The staff member or agent who owns it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sourceId: integer('source_id').references(() => bookingSources.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => bookingCategories.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('de'),
    currency: text('currency').notNull().default('EUR'),
    /** The terms of payment copied onto the booking (docs/domain/payments.md). */
    termsOfPayment: jsonb('terms_of_payment'),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull().default('0'),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** The engine's totals of the last calculation (docs/domain/calculation-lines.md). */
    totals: jsonb('totals').notNull().default({}),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The engine's `why` and problems of the last calculation: { why, problems }. */
    explanation: jsonb('explanation').notNull().default({}),
    /** The special evaluation date `t` (docs/domain/specials.md): kept across recalculations. */
    evaluationDate: date('evaluation_date'),
    optionExpiry: timestamp('option_expiry', { withTimezone: true }),
    /** The option expiry the office was last warned of (a new expiry is warned of again). */
    optionWarnedExpiry: timestamp('option_warned_expiry', { withTimezone: true }),
    reservationDate: timestamp('reservation_date', { withTimezone: true }),
    bookingDate: timestamp('booking_date', { withTimezone: true }),
    cancelationDate: timestamp('cancelation_date', { withTimezone: true }),
    resolvedDate: timestamp('resolved_date', { withTimezone: true }),
    freedDate: timestamp('freed_date', { withTimezone: true }),
    deletedDate: timestamp('deleted_date', { withTimezone: true }),
    /** Cancellation request and fee, release reason. */
    cancellation: jsonb('cancellation'),
    releaseReason: text('release_reason'),
    /** Specials added by hand: [{ specialId, ignoreRules }]. */
    chosenSpecials: jsonb('chosen_specials').notNull().default([]),
    /**
     * Products and add-ons added to the booking (`product/{product}`, `addon/{addon}`): [{ key, productId, type,
     * roomBookingId?, guestIds?, qtyPerUnit?, price? }]; the engine makes their lines (docs/domain/products.md).
     */
    chosenProducts: jsonb('chosen_products').notNull().default([]),
    /** Links to other bookings: [{ kind: rebookedFrom | rebookedTo | splitFrom | splitTo, bookingId }]. */
    references: jsonb('references').notNull().default([]),
    /** A price chosen by hand (`changePrice/{price}`); null lets the engine choose (docs/domain/prices.md). */
    priceId: integer('price_id').references(() => prices.id, { onDelete: 'set null' }),
    /** A commission chosen by hand (`commission/{commission}`); null takes the agency's. */
    commissionId: integer('commission_id').references(() => commissions.id, { onDelete: 'set null' }),
    hasOpenTodos: boolean('has_open_todos').notNull().default(false),
    hasExceededDueDate: boolean('has_exceeded_due_date').notNull().default(false),
    /** Σ payments × rate in the booking currency, and what is left of `dueBeforeTravel` (docs/domain/calculation-lines.md and payments.md). */
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
    openAmount: numeric('open_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** nothing_to_pay, not_paid, partial, paid or overpayment (docs/domain/payments.md). */
    paymentStatus: text('payment_status').notNull().default('nothing_to_pay'),
    /** The earliest due date (deposit or rest) not yet covered by payments; null when nothing is due. */
    nextDueDate: date('next_due_date'),
    systemReference: text('system_reference'),
    note: text('note'),
    /** Internal note of the operator: never shown to agents or customers. */
    internalNote: text('internal_note'),
    version: integer('version').notNull().default(1),
    /** The numbers, lower-cased, for the list search: one trigram index answers "contains" (customers: their own). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(offer_no, '') || ' ' || coalesce(reservation_no, '') || ' ' || coalesce(booking_no, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    index('bookings_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('bookings_offer_no_unique').on(t.offerNo),
    uniqueIndex('bookings_reservation_no_unique').on(t.reservationNo),
    uniqueIndex('bookings_booking_no_unique').on(t.bookingNo),
    index('bookings_from_idx').on(t.from, t.id),
    index('bookings_created_idx').on(t.createdAt),
    index('bookings_state_idx').on(t.state, t.from),
    index('bookings_agency_idx').on(t.agencyId, t.from),
    index('bookings_customer_idx').on(t.customerId),
    index('bookings_schedule_idx').on(t.scheduleId),
    index('bookings_resort_idx').on(t.resortId, t.from),
    index('bookings_vessel_idx').on(t.vesselId, t.from),
    check('bookings_range', sql`${t.to} > ${t.from}`),
  ],
);

/** Room booking entries: a room or cabin (or berths in it) over `[from, to)` or on a departure. */
export const bookingRooms = pgTable(
  'booking_rooms',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    roomTypeId: integer('room_type_id').references(() => roomTypes.id, { onDelete: 'set null' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'restrict' }),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    /** The whole room or cabin; false: berths for the guests in a shared cabin. */
    whole: boolean('whole').notNull().default(true),
    checkIn: timestamp('check_in', { withTimezone: true }),
    checkOut: timestamp('check_out', { withTimezone: true }),
    /** Locked to this room: the occupancy grid may not move it. */
    locked: boolean('locked').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('booking_rooms_booking_idx').on(t.bookingId),
    index('booking_rooms_room_idx').on(t.roomId, t.from),
    index('booking_rooms_schedule_idx').on(t.scheduleId),
    check('booking_rooms_range', sql`${t.to} > ${t.from}`),
  ],
);

/** The guests of a room entry; a guest without a customer record is a placeholder ("Guest 2"). */
export const bookingGuests = pgTable(
  'booking_guests',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingRoomId: integer('booking_room_id')
      .notNull()
      .references(() => bookingRooms.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name'),
    gender: text('gender').notNull().default('u'),
    age: integer('age'),
    variantId: integer('variant_id').references(() => priceVariants.id, { onDelete: 'set null' }),
    /** The bed (internalId) in a shared cabin. */
    bed: text('bed'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('booking_guests_booking_idx').on(t.bookingId),
    index('booking_guests_customer_idx').on(t.customerId),
    /** The list search finds a traveller by a part of its name (bookingSearch). */
    index('booking_guests_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** Calculation lines of a booking (docs/domain/calculation-lines.md): generated by the engine or manual. */
export const calculationLines = pgTable(
  'calculation_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The engine's key ("room:r12", "special:7"); manual lines "manual:<n>". */
    key: text('key').notNull(),
    type: text('type').notNull(),
    text: text('text').notNull(),
    sort: integer('sort').notNull().default(9999),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull().default('1'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    customerType: text('customer_type').notNull().default('None'),
    /** The guest the line belongs to. */
    guestId: integer('guest_id').references(() => bookingGuests.id, { onDelete: 'set null' }),
    editable: boolean('editable').notNull().default(true),
    deletable: boolean('deletable').notNull().default(true),
    unique: boolean('unique').notNull().default(false),
    manual: boolean('manual').notNull().default(false),
    customData: jsonb('custom_data').notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('calculation_lines_booking_idx').on(t.bookingId, t.position),
    // The money reports read type, customer type and total from the index alone (0021_report_indexes.sql).
    index('calculation_lines_report_idx').on(t.bookingId),
  ],
);

/** Every successful write of a booking: who, when, what, and the booking as it was afterwards. */
export const bookingVersions = pgTable(
  'booking_versions',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** create, change, cancel, release, confirm, … */
    action: text('action').notNull(),
    /** What changed: [{ path, from, to }]. */
    changes: jsonb('changes').notNull().default([]),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_versions_booking_version_unique').on(t.bookingId, t.version)],
);

/** Number sequences per kind (offer, reservation, booking) and year: numbers are never reused. */
export const bookingCounters = pgTable(
  'booking_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * Comments on a booking (`/api/bookingcomment`, docs/domain/lifecycle.md "Comments"): internal ones for the
 * office, public ones (internal = false) also for the booking's agency and customer.
 */
export const bookingComments = pgTable(
  'booking_comments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    internal: boolean('internal').notNull().default(true),
    /** The author; the comment stays when their user goes. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('booking_comments_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_comments_text_length', sql`char_length(${t.text}) between 1 and 5000`),
  ],
);
