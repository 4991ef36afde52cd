import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull().default(2),
  isBase: boolean('is_base').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** 1 `from` = `rate` `to`, valid from a day until the next rate of the pair. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    validFrom: date('valid_from').notNull(),
    source: text('source').notNull().default('manual'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('exchange_rates_pair_day_unique').on(t.fromCurrency, t.toCurrency, t.validFrom),
    check('exchange_rates_positive', sql`${t.rate} > 0`),
  ],
);
