import { z } from 'zod';

/** ISO 3166-1 alpha-2, upper case ("PH"). */
export const ZCountryCode = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code');
/** ISO 4217, upper case ("EUR"); here because countries name their currency. */
export const ZCurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 code');

/** Texts per UI language; a missing language falls back to the record's plain name. */
export const ZLocalizedText = z.object({
  de: z.string().max(2000).optional(),
  en: z.string().max(2000).optional(),
});
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

/** An ISO 3166-2 subdivision (state, province, region) of a country: "PH-00", "National Capital Region". */
export const ZState = z.object({ code: z.string().min(1).max(10), name: z.string().min(1).max(200) });
export type TState = z.infer<typeof ZState>;

/** International calling code as dialled: "+63", "+1". */
const ZCallingCode = z.string().regex(/^\+\d{1,7}$/, 'a plus sign and digits');

/** Decimal degrees as a string, at most 6 places (numeric(9,6) in the database). */
const coordinate = (max: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,6})?$/, 'decimal degrees')
    .refine((v) => Math.abs(Number(v)) <= max, `between -${max} and ${max}`);

const ZTimestamps = { createdAt: z.string(), updatedAt: z.string() };

export const ZCountry = z.object({
  id: z.number().int(),
  code: ZCountryCode,
  code3: z.string().nullable(),
  /** English name; `translations` holds the name per language. */
  name: z.string(),
  translations: ZLocalizedText,
  callingCodes: z.array(z.string()),
  states: z.array(ZState),
  currency: z.string().nullable(),
  isActive: z.boolean(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TCountry = z.infer<typeof ZCountry>;

export const ZCreateCountry = z.object({
  code: ZCountryCode,
  code3: z
    .string()
    .regex(/^[A-Z]{3}$/, 'ISO 3166-1 alpha-3 code')
    .nullish(),
  name: z.string().trim().min(1).max(200),
  translations: ZLocalizedText.default({}),
  callingCodes: z.array(ZCallingCode).max(20).default([]),
  states: z.array(ZState).max(1000).default([]),
  currency: ZCurrencyCode.nullish(),
  isActive: z.boolean().default(true),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TCreateCountry = z.infer<typeof ZCreateCountry>;
export const ZUpdateCountry = ZCreateCountry.partial();
export type TUpdateCountry = z.infer<typeof ZUpdateCountry>;

/** A country as pickers need it (`GET /api/settings/countries`): the name in the asked language. */
export const ZCountryOption = z.object({
  code: z.string(),
  name: z.string(),
  callingCodes: z.array(z.string()),
  states: z.array(ZState),
});
export type TCountryOption = z.infer<typeof ZCountryOption>;

export const ZDestination = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string().nullable(),
  description: ZLocalizedText,
  isActive: z.boolean(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TDestination = z.infer<typeof ZDestination>;

export const ZCreateDestination = z.object({
  name: z.string().trim().min(1).max(200),
  country: ZCountryCode.nullish(),
  description: ZLocalizedText.default({}),
  isActive: z.boolean().default(true),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TCreateDestination = z.infer<typeof ZCreateDestination>;
export const ZUpdateDestination = ZCreateDestination.partial();

export const ZPort = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  country: z.string().nullable(),
  destinationId: z.number().int().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  description: ZLocalizedText,
  isActive: z.boolean(),
  ...ZTimestamps,
});
export type TPort = z.infer<typeof ZPort>;

export const ZCreatePort = z.object({
  name: z.string().trim().min(1).max(200),
  /** UN/LOCODE or the operator's own short code. */
  code: z.string().trim().min(1).max(10).nullish(),
  country: ZCountryCode.nullish(),
  destinationId: z.number().int().positive().nullish(),
  latitude: coordinate(90).nullish(),
  longitude: coordinate(180).nullish(),
  description: ZLocalizedText.default({}),
  isActive: z.boolean().default(true),
});
export type TCreatePort = z.infer<typeof ZCreatePort>;
export const ZUpdatePort = ZCreatePort.partial();

export const ZIataAirport = z.string().regex(/^[A-Z]{3}$/, 'three-letter IATA code');

export const ZAirport = z.object({
  id: z.number().int(),
  iata: z.string(),
  icao: z.string().nullable(),
  name: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  isActive: z.boolean(),
  ...ZTimestamps,
});
export type TAirport = z.infer<typeof ZAirport>;

export const ZCreateAirport = z.object({
  iata: ZIataAirport,
  icao: z
    .string()
    .regex(/^[A-Z0-9]{4}$/, 'four-character ICAO code')
    .nullish(),
  name: z.string().trim().min(1).max(200),
  city: z.string().trim().max(200).nullish(),
  country: ZCountryCode.nullish(),
  latitude: coordinate(90).nullish(),
  longitude: coordinate(180).nullish(),
  isActive: z.boolean().default(true),
});
export type TCreateAirport = z.infer<typeof ZCreateAirport>;
export const ZUpdateAirport = ZCreateAirport.partial();

/** An airport as the picker shows it (`GET /api/settings/airports`). */
export const ZAirportOption = ZAirport.pick({
  iata: true,
  icao: true,
  name: true,
  city: true,
  country: true,
});
export type TAirportOption = z.infer<typeof ZAirportOption>;
export const AIRPORT_SEARCH_LIMIT = 20;

export const ZAirline = z.object({
  id: z.number().int(),
  iata: z.string().nullable(),
  icao: z.string().nullable(),
  name: z.string(),
  country: z.string().nullable(),
  isActive: z.boolean(),
  ...ZTimestamps,
});
export type TAirline = z.infer<typeof ZAirline>;

export const ZCreateAirline = z.object({
  iata: z
    .string()
    .regex(/^[A-Z0-9]{2}$/, 'two-character IATA code')
    .nullish(),
  icao: z
    .string()
    .regex(/^[A-Z]{3}$/, 'three-letter ICAO code')
    .nullish(),
  name: z.string().trim().min(1).max(200),
  country: ZCountryCode.nullish(),
  isActive: z.boolean().default(true),
});
export type TCreateAirline = z.infer<typeof ZCreateAirline>;
export const ZUpdateAirline = ZCreateAirline.partial();

/** A country's name in the language ("CH": "Schweiz", "Switzerland"); a value that is no ISO code as it is. */
export function countryName(code: string | null | undefined, lang: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
