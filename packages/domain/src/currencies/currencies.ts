import { z } from 'zod';
import { ZCurrencyCode } from '../geo/geo.ts';

export { ZCurrencyCode };

/** Digits after the point an exchange rate keeps (numeric(18,8) in the database). */
export const RATE_DECIMALS = 8;

/** A positive decimal string with at most 8 places: "1.08", "57.5". Never a float. */
export const ZRate = z
  .string()
  .trim()
  // The lookahead asks for one non-zero digit: "0" and "0.000" are no rate.
  .regex(/^(?=.*[1-9])\d{1,10}(\.\d{1,8})?$/, 'a positive decimal with at most 8 places');

/** A calendar day, YYYY-MM-DD. */
export const ZDay = z.iso.date();

export const ZCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** ISO 4217 minor units: 2 for EUR, 0 for IDR. */
  decimals: z.number().int(),
  isBase: z.boolean(),
  isActive: z.boolean(),
  sort: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCurrency = z.infer<typeof ZCurrency>;

/** The base currency is not set here: `POST /api/currency/{id}/base` changes it on purpose. */
export const ZCreateCurrency = z.object({
  code: ZCurrencyCode,
  name: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(10),
  decimals: z.number().int().min(0).max(4).default(2),
  isActive: z.boolean().default(true),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TCreateCurrency = z.infer<typeof ZCreateCurrency>;
export const ZUpdateCurrency = ZCreateCurrency.partial();
export type TUpdateCurrency = z.infer<typeof ZUpdateCurrency>;

/** An active currency as pickers and price screens need it (`GET /api/settings/currencies`). */
export const ZCurrencyOption = ZCurrency.pick({
  code: true,
  name: true,
  symbol: true,
  decimals: true,
  isBase: true,
});
export type TCurrencyOption = z.infer<typeof ZCurrencyOption>;

/** 1 `from` = `rate` `to`, from `validFrom` until the pair's next rate. */
export const ZExchangeRate = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  validFrom: z.string(),
  /** "manual", "import" or the name of a feed. */
  source: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

export const ZCreateExchangeRate = z.object({
  from: ZCurrencyCode,
  to: ZCurrencyCode,
  rate: ZRate,
  validFrom: ZDay,
  source: z.string().trim().min(1).max(50).default('manual'),
});
export type TCreateExchangeRate = z.infer<typeof ZCreateExchangeRate>;
export const ZUpdateExchangeRate = ZCreateExchangeRate.partial();
export type TUpdateExchangeRate = z.infer<typeof ZUpdateExchangeRate>;

/** A rate as the conversion helpers take it. */
export const ZRateEntry = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string(),
  validFrom: z.string(),
});
export type TRateEntry = z.infer<typeof ZRateEntry>;

/** `GET /api/settings/exchangeRate`: every stored pair's rate valid on `date`. */
export const ZRatesOnDay = z.object({ date: z.string(), base: z.string(), rates: z.array(ZRateEntry) });
export type TRatesOnDay = z.infer<typeof ZRatesOnDay>;

/** `GET /api/settings/exchangeRate?from=&to=`: one rate, direct, inverted or through the base. */
export const ZRateOnDay = ZRateEntry.extend({
  date: z.string(),
  how: z.enum(['same', 'direct', 'inverse', 'base']),
});
export type TRateOnDay = z.infer<typeof ZRateOnDay>;

/** Answer of `POST /api/exchangerate/import`. */
export const ZRateImportResult = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type TRateImportResult = z.infer<typeof ZRateImportResult>;

/** Largest CSV file and row count an import takes. */
export const RATE_IMPORT_MAX_BYTES = 1024 * 1024;
export const RATE_IMPORT_MAX_ROWS = 10_000;
