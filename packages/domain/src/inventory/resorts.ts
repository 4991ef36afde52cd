import { z } from 'zod';
import { ZCountryCode, ZCurrencyCode, ZLocalizedText } from '../geo/geo.ts';
import { ZIsoDate } from './availability.ts';

// Resorts, their allowed arrival and departure days (docs/domain/availability.md), room types and bed types
// (spec booking §3).

const ZTimestamps = { createdAt: z.string(), updatedAt: z.string() };
const ZSort = z.number().int().min(-1_000_000).max(1_000_000);
/** Media ids of the library, in display order. */
export const ZImageIds = z.array(z.number().int().positive().max(2_147_483_647)).max(50);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

// ─── Time zones ───────────────────────────────────────────────────────────────────────────────

/** Zone names as IANA writes them ("Europe/Berlin", "UTC"); offsets like "+01:00" are not zones. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical IANA name of a time zone the runtime knows, or undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!ZONE_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Every time zone a picker offers. */
export const timeZones = (): string[] => ['UTC', ...Intl.supportedValuesOf('timeZone')];

export const ZTimeZone = z
  .string()
  .trim()
  .max(64)
  .refine((v) => canonicalTimeZone(v) !== undefined, 'an IANA time zone such as Europe/Berlin')
  .transform((v) => canonicalTimeZone(v) ?? v);

// ─── Resort ───────────────────────────────────────────────────────────────────────────────────

/** HH:MM on a 24-hour clock. */
export const ZClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 14:00');

export const ZResortAddress = z.object({
  street: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(2),
});

export const ZResort = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string().nullable(),
    description: ZLocalizedText,
    timeZone: z.string(),
    currency: z.string(),
    country: z.string().nullable(),
    destinationId: z.number().int().nullable(),
    address: ZResortAddress,
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    checkInTime: z.string(),
    checkOutTime: z.string(),
    images: z.array(z.number().int()),
    isActive: z.boolean(),
    isVisible: z.boolean(),
    sort: z.number().int(),
    ...ZTimestamps,
  })
  .meta({ id: 'Resort' });
export type TResort = z.infer<typeof ZResort>;

export const ZCreateResort = z.object({
  name: z.string().trim().min(1).max(200),
  code: optionalText(20),
  description: ZLocalizedText.default({}),
  timeZone: ZTimeZone.default('Europe/Berlin'),
  /** Must name a currency of the currency table (checked by the server). */
  currency: ZCurrencyCode.default('EUR'),
  country: ZCountryCode.nullish(),
  destinationId: z.number().int().positive().max(2_147_483_647).nullish(),
  address: ZResortAddress.default({}),
  email: z.email().max(200).nullish().or(z.literal('')),
  phone: optionalText(50),
  website: optionalText(200),
  checkInTime: ZClockTime.default('14:00'),
  checkOutTime: ZClockTime.default('11:00'),
  images: ZImageIds.default([]),
  isActive: z.boolean().default(true),
  isVisible: z.boolean().default(true),
  sort: ZSort.default(0),
});
export type TCreateResort = z.input<typeof ZCreateResort>;
export const ZUpdateResort = ZCreateResort.partial();
export type TUpdateResort = z.input<typeof ZUpdateResort>;

// ─── Arrival and departure days ───────────────────────────────────────────────────────────────

/** 0 = Sunday … 6 = Saturday, as `Date.getUTCDay` counts. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const ARRIVAL_DEPARTURE_KINDS = ['arrival', 'departure', 'both'] as const;
export type TArrivalDepartureKind = (typeof ARRIVAL_DEPARTURE_KINDS)[number];

export const ZArrivalDepartureRule = z.object({
  id: z.number().int(),
  resortId: z.number().int(),
  kind: z.enum(ARRIVAL_DEPARTURE_KINDS),
  weekdays: z.array(z.number().int()),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  note: z.string().nullable(),
  ...ZTimestamps,
});
export type TArrivalDepartureRule = z.infer<typeof ZArrivalDepartureRule>;

const ZWeekdays = z
  .array(z.number().int().min(0).max(6))
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'each weekday once');

export const ZCreateArrivalDepartureRule = z.object({
  resortId: z.number().int().positive().max(2_147_483_647),
  kind: z.enum(ARRIVAL_DEPARTURE_KINDS).default('both'),
  weekdays: ZWeekdays.default([]),
  validFrom: ZIsoDate.nullish(),
  validTo: ZIsoDate.nullish(),
  note: optionalText(500),
});
export type TCreateArrivalDepartureRule = z.input<typeof ZCreateArrivalDepartureRule>;
export const ZUpdateArrivalDepartureRule = ZCreateArrivalDepartureRule.partial();

/** The part of a rule that decides a day; a kind other than the three never matches. */
export type TDayRule = Pick<TArrivalDepartureRule, 'weekdays' | 'validFrom' | 'validTo'> & { kind: string };

export const ZAllowedDay = z.object({ date: z.string(), arrival: z.boolean(), departure: z.boolean() });
export type TAllowedDay = z.infer<typeof ZAllowedDay>;

/** Longest range one date call answers: two years and a day, enough for a season planner. */
export const MAX_ALLOWED_DAYS = 731;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days in `[from, to]` (both included); 0 when `to` is before `from`. */
export const daysBetween = (from: string, to: string) => Math.max(0, dayNumber(to) - dayNumber(from) + 1);

const covers = (rule: TDayRule, date: string) =>
  (!rule.validFrom || rule.validFrom <= date) && (!rule.validTo || rule.validTo >= date);

function allowedFor(kind: 'arrival' | 'departure', rules: TDayRule[], weekday: number): boolean {
  const mentioning = rules.filter((r) => r.kind === kind || r.kind === 'both');
  // Nothing configured for this kind on this day: every day is allowed (docs/domain/availability.md).
  return mentioning.length === 0 || mentioning.some((r) => r.weekdays.includes(weekday));
}

/**
 * docs/domain/availability.md, per day of `[from, to]`: the rules whose validity covers the day apply; a kind no
 * applying rule mentions is allowed every day, otherwise the weekday must be in one of those rules.
 */
export function allowedDays(rules: readonly TDayRule[], from: string, to: string): TAllowedDay[] {
  const out: TAllowedDay[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) {
    const date = isoOf(day);
    const applying = rules.filter((r) => covers(r, date));
    const weekday = new Date(day * DAY_MS).getUTCDay();
    out.push({
      date,
      arrival: allowedFor('arrival', applying, weekday),
      departure: allowedFor('departure', applying, weekday),
    });
  }
  return out;
}

// ─── Room types ───────────────────────────────────────────────────────────────────────────────

/** Room categories as OTAs name them (channel-manager mapping). */
export const ROOM_TYPES_OTA = [
  'Single',
  'Double',
  'Twin',
  'Triple',
  'Quad',
  'Family',
  'Suite',
  'Dorm',
] as const;
export type TRoomTypeOTA = (typeof ROOM_TYPES_OTA)[number];
/** A room-type surcharge on the room price: a percentage of it or a fixed amount (docs/domain/prices.md). */
export const SURCHARGE_TYPES = ['percent', 'fixed'] as const;
export type TSurchargeType = (typeof SURCHARGE_TYPES)[number];

/** Spec booking §3 Room type defaults. */
export const ROOM_TYPE_DEFAULTS = {
  defaultNoOfPax: 2,
  minNoOfPax: 1,
  maxNoOfPax: 2,
  maxNoOfOTAPax: 2,
  availableToOTA: -1,
  roomTypeOTA: 'Double',
  sizeInSqm: -1,
  surcharge: '0',
  surchargeType: 'percent',
} as const;

export const ZRoomType = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string().nullable(),
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  defaultNoOfPax: z.number().int(),
  minNoOfPax: z.number().int(),
  maxNoOfPax: z.number().int(),
  maxNoOfOTAPax: z.number().int(),
  availableToOTA: z.number().int(),
  roomTypeOTA: z.string(),
  /** Square metres; -1 = not given. */
  sizeInSqm: z.number(),
  /** Decimal string: a percentage or an amount, per `surchargeType`. */
  surcharge: z.string(),
  surchargeType: z.enum(SURCHARGE_TYPES),
  hide: z.boolean(),
  collapse: z.boolean(),
  isVisible: z.boolean(),
  description: ZLocalizedText,
  images: z.array(z.number().int()),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TRoomType = z.infer<typeof ZRoomType>;

const ZPax = z.number().int().min(1).max(100);
const ZAssetId = z.number().int().positive().max(2_147_483_647).nullish();

export const ZCreateRoomType = z.object({
  name: z.string().trim().min(1).max(200),
  key: optionalText(60),
  /** Exactly one of resortId and vesselId (checked with the stored row on update). */
  resortId: ZAssetId,
  vesselId: ZAssetId,
  defaultNoOfPax: ZPax.default(ROOM_TYPE_DEFAULTS.defaultNoOfPax),
  minNoOfPax: ZPax.default(ROOM_TYPE_DEFAULTS.minNoOfPax),
  maxNoOfPax: ZPax.default(ROOM_TYPE_DEFAULTS.maxNoOfPax),
  maxNoOfOTAPax: ZPax.default(ROOM_TYPE_DEFAULTS.maxNoOfOTAPax),
  /** -1 = every free room; N ≥ 0 = at most N rooms a night (docs/domain/availability.md). */
  availableToOTA: z.number().int().min(-1).max(100_000).default(ROOM_TYPE_DEFAULTS.availableToOTA),
  roomTypeOTA: z.enum(ROOM_TYPES_OTA).default(ROOM_TYPE_DEFAULTS.roomTypeOTA),
  sizeInSqm: z
    .number()
    .min(-1)
    .max(100_000)
    .refine((v) => Number.isInteger(v * 100), 'at most two decimals')
    .default(ROOM_TYPE_DEFAULTS.sizeInSqm),
  surcharge: z
    .string()
    .trim()
    .regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'a decimal like 12.50')
    .default(ROOM_TYPE_DEFAULTS.surcharge),
  surchargeType: z.enum(SURCHARGE_TYPES).default(ROOM_TYPE_DEFAULTS.surchargeType),
  hide: z.boolean().default(false),
  collapse: z.boolean().default(false),
  isVisible: z.boolean().default(true),
  description: ZLocalizedText.default({}),
  images: ZImageIds.default([]),
  sort: ZSort.default(9999),
});
export type TCreateRoomType = z.input<typeof ZCreateRoomType>;
export const ZUpdateRoomType = ZCreateRoomType.partial();
export type TUpdateRoomType = z.input<typeof ZUpdateRoomType>;

/** min ≤ default ≤ max persons. */
export const paxInOrder = (t: Pick<TRoomType, 'minNoOfPax' | 'defaultNoOfPax' | 'maxNoOfPax'>) =>
  t.minNoOfPax <= t.defaultNoOfPax && t.defaultNoOfPax <= t.maxNoOfPax;

// ─── Bed types ────────────────────────────────────────────────────────────────────────────────

export const ZBedType = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string().nullable(),
  translations: ZLocalizedText,
  persons: z.number().int(),
  isActive: z.boolean(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TBedType = z.infer<typeof ZBedType>;

export const ZCreateBedType = z.object({
  name: z.string().trim().min(1).max(200),
  key: optionalText(60),
  translations: ZLocalizedText.default({}),
  persons: z.number().int().min(1).max(20).default(1),
  isActive: z.boolean().default(true),
  sort: ZSort.default(0),
});
export type TCreateBedType = z.input<typeof ZCreateBedType>;
export const ZUpdateBedType = ZCreateBedType.partial();

// ─── Lists and constants ──────────────────────────────────────────────────────────────────────

/** Printable lists of a resort (`GET /api/resort/{asset}/print/{list}`). */
export const RESORT_LISTS = ['rooms', 'roomtypes', 'housekeeping'] as const;
export type TResortList = (typeof RESORT_LISTS)[number];

/** `GET /api/resort/constants`: the enums the resort, room and room-type screens offer. */
export const ZResortConstants = z.object({
  roomKinds: z.array(z.string()),
  blockKinds: z.array(z.string()),
  surchargeTypes: z.array(z.string()),
  roomTypesOTA: z.array(z.string()),
  weekdays: z.array(z.number().int()),
  arrivalDepartureKinds: z.array(z.string()),
  lists: z.array(z.string()),
  housekeepingStates: z.array(z.string()),
  usageStates: z.array(z.string()),
  timeZones: z.array(z.string()),
});
export type TResortConstants = z.infer<typeof ZResortConstants>;
