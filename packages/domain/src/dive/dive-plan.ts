import { z } from 'zod';
import { ZIsoDate } from '../inventory/availability.ts';
import { ZTime } from './dive.ts';
import { CERT_LEVELS, ZReadiness } from './readiness.ts';

// A trip of a day's dive plan (`/api/diveplan`) and a dive log entry (`/api/divelog`, spec booking §3).

const ZId = z.number().int().positive().max(2_147_483_647);
const ZStamps = { createdAt: z.string(), updatedAt: z.string() };
const optText = (max: number) => z.string().trim().max(max).nullable().default(null);
const ZTank = z.number().int().min(1).max(30);
const ZAirMix = z.string().trim().max(20);

/** A diver of a trip: a guest in house (customer, with the booking) or a day guest. */
export const ZTripDiver = z
  .object({
    customerId: ZId.nullable().default(null),
    dayGuestId: ZId.nullable().default(null),
    bookingId: ZId.nullable().default(null),
    rentalGear: optText(200),
    tankSize: ZTank.nullable().default(null),
    airMix: ZAirMix.nullable().default(null),
  })
  .refine((d) => (d.customerId === null) !== (d.dayGuestId === null), {
    message: 'a diver is either a customer or a day guest',
  });
export type TTripDiver = z.infer<typeof ZTripDiver>;

export const ZTripRequirements = z.object({
  minLevel: z.enum(CERT_LEVELS).nullable().default(null),
  minDives: z.number().int().min(0).max(10_000).nullable().default(null),
  nitrox: z.boolean().default(false),
  /** The medical statement may be at most this old (default 12 months). */
  medicalMonths: z.number().int().min(1).max(60).default(12),
});
export type TTripRequirements = z.infer<typeof ZTripRequirements>;

export const ZCreateDivePlan = z.object({
  date: ZIsoDate,
  time: ZTime,
  resortId: ZId.nullable().default(null),
  vesselId: ZId.nullable().default(null),
  boatId: ZId.nullable().default(null),
  siteId: ZId.nullable().default(null),
  typeId: ZId.nullable().default(null),
  guideIds: z.array(ZId).max(50).default([]),
  divers: z.array(ZTripDiver).max(500).default([]),
  requirements: ZTripRequirements.default({
    minLevel: null,
    minDives: null,
    nitrox: false,
    medicalMonths: 12,
  }),
  maxPerGuide: z.number().int().min(1).max(20).default(4),
  note: optText(2000),
});
export type TCreateDivePlan = z.infer<typeof ZCreateDivePlan>;

export const TRIP_PROBLEMS = ['boatFull', 'guideRatio', 'noGuide', 'notReady'] as const;
export type TTripProblem = (typeof TRIP_PROBLEMS)[number];

export const ZPlannedDiver = z.object({
  customerId: z.number().int().nullable(),
  dayGuestId: z.number().int().nullable(),
  bookingId: z.number().int().nullable(),
  rentalGear: z.string().nullable(),
  tankSize: z.number().int().nullable(),
  airMix: z.string().nullable(),
  name: z.string(),
  readiness: ZReadiness,
});
export type TPlannedDiver = z.infer<typeof ZPlannedDiver>;

export const ZDivePlan = z
  .object({
    id: z.number().int(),
    date: z.string(),
    time: z.string(),
    resortId: z.number().int().nullable(),
    vesselId: z.number().int().nullable(),
    boatId: z.number().int().nullable(),
    siteId: z.number().int().nullable(),
    typeId: z.number().int().nullable(),
    guideIds: z.array(z.number().int()),
    divers: z.array(ZPlannedDiver),
    requirements: ZTripRequirements,
    maxPerGuide: z.number().int(),
    note: z.string().nullable(),
    loggedAt: z.string().nullable(),
    /** What the capacity and readiness checks found (docs/domain/dive-day.md). */
    problems: z.array(z.enum(TRIP_PROBLEMS)),
    ...ZStamps,
  })
  .meta({ id: 'DivePlan' });
export type TDivePlan = z.infer<typeof ZDivePlan>;

export const ZDiveLogFields = z.object({
  date: ZIsoDate,
  start: ZTime.nullable().default(null),
  end: ZTime.nullable().default(null),
  typeId: ZId.nullable().default(null),
  customerId: ZId.nullable().default(null),
  dayGuestId: ZId.nullable().default(null),
  bookingId: ZId.nullable().default(null),
  depth: z.number().min(0).max(400).nullable().default(null),
  duration: z.number().int().min(0).max(1440).nullable().default(null),
  boatId: ZId.nullable().default(null),
  siteId: ZId.nullable().default(null),
  sort: z.number().int().min(1).max(20).default(1),
  crew: optText(500),
  guideId: ZId.nullable().default(null),
  rentalGear: optText(200),
  resortId: ZId.nullable().default(null),
  vesselId: ZId.nullable().default(null),
  tankSize: ZTank.nullable().default(null),
  airMix: ZAirMix.nullable().default(null),
  comment: optText(5000),
});
export const ZCreateDiveLog = ZDiveLogFields.refine((d) => d.customerId !== null || d.dayGuestId !== null, {
  message: 'a dive belongs to a customer or a day guest',
  path: ['customerId'],
});
export type TCreateDiveLog = z.infer<typeof ZCreateDiveLog>;

export const ZDiveLog = z
  .object({
    id: z.number().int(),
    date: z.string(),
    start: z.string().nullable(),
    end: z.string().nullable(),
    typeId: z.number().int().nullable(),
    customerId: z.number().int().nullable(),
    dayGuestId: z.number().int().nullable(),
    bookingId: z.number().int().nullable(),
    depth: z.number().nullable(),
    duration: z.number().int().nullable(),
    boatId: z.number().int().nullable(),
    siteId: z.number().int().nullable(),
    sort: z.number().int(),
    crew: z.string().nullable(),
    guideId: z.number().int().nullable(),
    rentalGear: z.string().nullable(),
    resortId: z.number().int().nullable(),
    vesselId: z.number().int().nullable(),
    tankSize: z.number().int().nullable(),
    airMix: z.string().nullable(),
    comment: z.string().nullable(),
    planId: z.number().int().nullable(),
    externalId: z.string().nullable(),
    /** The diver's and the site's names, for lists. */
    diver: z.string().nullable(),
    site: z.string().nullable(),
    ...ZStamps,
  })
  .meta({ id: 'DiveLog' });
export type TDiveLog = z.infer<typeof ZDiveLog>;

/** GET /api/divelog/statistics: counts of a period. */
export const ZDiveStatistics = z.object({
  from: z.string(),
  to: z.string(),
  dives: z.number().int(),
  divers: z.number().int(),
  perDay: z.array(z.object({ date: z.string(), dives: z.number().int() })),
  perSite: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), dives: z.number().int() })),
  perGuide: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), dives: z.number().int() })),
  perNationality: z.array(z.object({ nationality: z.string(), dives: z.number().int() })),
});
export type TDiveStatistics = z.infer<typeof ZDiveStatistics>;

/** GET /api/divelog/overview: the guests in house on a day, their expected and logged dives. */
export const ZDiveOverviewRow = z.object({
  customerId: z.number().int(),
  name: z.string(),
  bookingId: z.number().int(),
  from: z.string(),
  to: z.string(),
  expectedDiveDays: z.number().int(),
  expectedDives: z.number().int(),
  diveDays: z.number().int(),
  dives: z.number().int(),
});
export const ZDiveOverview = z.object({ date: z.string(), guests: z.array(ZDiveOverviewRow) });
export type TDiveOverview = z.infer<typeof ZDiveOverview>;
