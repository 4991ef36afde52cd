import { boolean, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

// Terms of payment (docs/domain/payments.md).

/** Terms of payment (`/api/terms`): deposit, rest and cancellation tiers. */
export const paymentTerms = pgTable('payment_terms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: jsonb('description').notNull().default({}),
  depositPercent: numeric('deposit_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  depositAbsolute: numeric('deposit_absolute', { precision: 14, scale: 2 }),
  depositDueDays: integer('deposit_due_days').notNull().default(7),
  onReservation: boolean('on_reservation').notNull().default(false),
  restDueDaysBeforeArrival: integer('rest_due_days_before_arrival').notNull().default(60),
  optionDays: integer('option_days').notNull().default(7),
  /** [{ daysBefore, percent }] */
  cancellationTiers: jsonb('cancellation_tiers').notNull().default([]),
  depositNonRefundable: boolean('deposit_non_refundable').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  ...timestamps,
});
