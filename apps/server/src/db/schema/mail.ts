import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies.ts';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';
import { resorts } from './resorts.ts';
import { users } from './users.ts';
import { vessels } from './vessels.ts';

/** SMTP accounts (`/api/mailaccount`): the password is write-only. */
export const mailAccounts = pgTable('mail_accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(587),
  /** none, starttls or tls */
  security: text('security').notNull().default('starttls'),
  username: text('username'),
  password: text('password'),
  fromAddress: text('from_address').notNull(),
  fromName: text('from_name'),
  replyTo: text('reply_to'),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Mail templates per booking state or event and language (`/api/mail/template`, `byState/{state}`). */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** A booking state (planned, confirmed, aborted, …) or an event (invoice, guestform, payment, custom). */
    state: text('state').notNull(),
    language: text('language').notNull().default('de'),
    subject: text('subject').notNull(),
    /** Text with {{placeholders}} (booking number, guest name, dates, totals, links). */
    body: text('body').notNull(),
    /** Documents attached: kinds of document templates (confirmation, invoice, voucher, …). */
    attachments: jsonb('attachments').notNull().default([]),
    accountId: integer('account_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('mail_templates_state_idx').on(t.state, t.language)],
);

/**
 * The durable mail queue (`/api/mailqueue`): at least once, with `dedupKey` unique so one event queues one
 * mail. Workers claim rows with `locked_until` (safe with several instances); failures retry with backoff.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    dedupKey: text('dedup_key'),
    accountId: integer('account_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => mailTemplates.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    cc: text('cc'),
    bcc: text('bcc'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What to attach, rendered when sent: [{ kind, bookingId?, invoiceId?, templateId?, name }] */
    attachments: jsonb('attachments').notNull().default([]),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    /** queued, sending, sent, failed (gave up) or cancelled */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before (planned mails, backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('mail_queue_dedup_unique').on(t.dedupKey).where(sql`${t.dedupKey} is not null`),
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_queue_booking_idx').on(t.bookingId),
  ],
);

/**
 * Rules of the mail scheduler (`/api/mailschedule`): a template per language, mailed to a booking's guest on
 * the day `days` from its arrival, departure or booking day (docs/domain/mail-schedule.md).
 */
export const mailSchedules = pgTable('mail_schedules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** arrival, departure or booked */
  anchor: text('anchor').notNull(),
  days: integer('days').notNull(),
  templateIdDe: integer('template_id_de').references(() => mailTemplates.id, { onDelete: 'restrict' }),
  templateIdEn: integer('template_id_en').references(() => mailTemplates.id, { onDelete: 'restrict' }),
  /** Booking states mailed: planned, confirmed, resolved. */
  states: jsonb('states').notNull().default(['confirmed', 'resolved']),
  resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
  includeAgencyBookings: boolean('include_agency_bookings').notNull().default(false),
  ...timestamps,
});

/** A rule's mail the office chose not to send for one booking (`DELETE /api/mailschedule/scheduled/{id}`). */
export const mailScheduleSkips = pgTable(
  'mail_schedule_skips',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => mailSchedules.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.bookingId] })],
);
