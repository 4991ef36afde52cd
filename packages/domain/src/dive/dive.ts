import { z } from 'zod';
import { ZAmount } from '../agencies/agencies.ts';
import { ZIsoDate } from '../inventory/availability.ts';

// The dive day (spec platform §2 "Dive", booking §3 "Dive log entry"; docs/domain/dive-day.md): the
// bodies and answers of /api/divesite, divetype, diveboat, diveplan, divelog, employee, worklog,
// dayguest and dayevent.

export const DIVE_ENTRIES = ['boat', 'shore'] as const;
export const DIVE_CURRENTS = ['none', 'mild', 'strong'] as const;
export const DIVE_DIFFICULTIES = ['easy', 'moderate', 'advanced'] as const;
export const DIVE_KINDS = ['boat', 'shore', 'night', 'drift', 'wreck', 'course', 'nitrox'] as const;
export const EMPLOYEE_ROLES = ['guide', 'instructor', 'captain', 'crew', 'office'] as const;
export const DAY_EVENT_KINDS = ['course', 'tryDive', 'cleanUp', 'other'] as const;
/** Roles that may lead divers under water. */
export const GUIDE_ROLES: readonly string[] = ['guide', 'instructor'];

const ZId = z.number().int().positive().max(2_147_483_647);
const ZStamps = { createdAt: z.string(), updatedAt: z.string() };
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullable().default(null);
const count = (max: number) => z.number().int().min(0).max(max);
export const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:MM');
const ZAsset = { resortId: ZId.nullable().default(null), vesselId: ZId.nullable().default(null) };
const ZAssetOut = { resortId: z.number().int().nullable(), vesselId: z.number().int().nullable() };

export const ZCreateDiveSite = z.object({
  name: text(200).min(1),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  minDepth: count(400).nullable().default(null),
  maxDepth: count(400).nullable().default(null),
  entry: z.enum(DIVE_ENTRIES).default('boat'),
  current: z.enum(DIVE_CURRENTS).default('none'),
  difficulty: z.enum(DIVE_DIFFICULTIES).default('easy'),
  fee: ZAmount.nullable().default(null),
  ...ZAsset,
  note: optText(5000),
  isActive: z.boolean().default(true),
});
export const ZDiveSite = ZCreateDiveSite.extend({
  id: z.number().int(),
  name: z.string(),
  fee: z.string().nullable(),
  note: z.string().nullable(),
  ...ZAssetOut,
  ...ZStamps,
}).meta({ id: 'DiveSite' });
export type TDiveSite = z.infer<typeof ZDiveSite>;

export const ZCreateDiveType = z.object({
  name: text(100).min(1),
  kind: z.enum(DIVE_KINDS).default('boat'),
  /** The onsite product (PerDive or PerDiveDay) a logged dive of this type charges; null: none. */
  productId: ZId.nullable().default(null),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  isActive: z.boolean().default(true),
});
export const ZDiveType = ZCreateDiveType.extend({ id: z.number().int(), name: z.string(), ...ZStamps }).meta({
  id: 'DiveType',
});
export type TDiveType = z.infer<typeof ZDiveType>;

export const ZCreateDiveBoat = z.object({
  name: text(100).min(1),
  diverCapacity: count(500),
  crewCapacity: count(100).default(0),
  tanks: count(2000).default(0),
  ...ZAsset,
  note: optText(5000),
  isActive: z.boolean().default(true),
});
export const ZDiveBoat = ZCreateDiveBoat.extend({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  ...ZAssetOut,
  ...ZStamps,
}).meta({ id: 'DiveBoat' });
export type TDiveBoat = z.infer<typeof ZDiveBoat>;

export const ZCreateEmployee = z.object({
  name: text(200).min(1),
  role: z.enum(EMPLOYEE_ROLES).default('guide'),
  email: z.email().max(200).nullable().default(null),
  phone: optText(40),
  certifications: optText(2000),
  userId: ZId.nullable().default(null),
  ...ZAsset,
  isActive: z.boolean().default(true),
});
export const ZEmployee = ZCreateEmployee.extend({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  certifications: z.string().nullable(),
  userId: z.number().int().nullable(),
  ...ZAssetOut,
  ...ZStamps,
}).meta({ id: 'Employee' });
export type TEmployee = z.infer<typeof ZEmployee>;

export const ZCreateWorklog = z.object({
  employeeId: ZId,
  date: ZIsoDate,
  hours: z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'hours with up to two decimals'))
    .refine((v) => Number(v) <= 24, 'at most 24 hours')
    .default('0'),
  dives: count(20).default(0),
  note: optText(2000),
});
export const ZWorklog = ZCreateWorklog.extend({
  id: z.number().int(),
  hours: z.string(),
  note: z.string().nullable(),
  ...ZStamps,
}).meta({ id: 'Worklog' });
export type TWorklog = z.infer<typeof ZWorklog>;

export const ZCreateDayGuest = z.object({
  date: ZIsoDate,
  name: text(200).min(1),
  email: z.email().max(200).nullable().default(null),
  phone: optText(40),
  nationality: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .default(null),
  customerId: ZId.nullable().default(null),
  certAgency: optText(40),
  certLevel: optText(100),
  loggedDives: count(100_000).default(0),
  hasNitrox: z.boolean().default(false),
  medicalDate: ZIsoDate.nullable().default(null),
  medicalYes: z.boolean().default(false),
  physicianSignOff: z.boolean().default(false),
  insurance: optText(200),
  note: optText(2000),
});
export const ZDayGuest = ZCreateDayGuest.extend({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nationality: z.string().nullable(),
  customerId: z.number().int().nullable(),
  certAgency: z.string().nullable(),
  certLevel: z.string().nullable(),
  insurance: z.string().nullable(),
  note: z.string().nullable(),
  ...ZStamps,
}).meta({ id: 'DayGuest' });
export type TDayGuest = z.infer<typeof ZDayGuest>;

const ZParticipant = z.object({
  name: text(200).min(1),
  customerId: ZId.nullable().default(null),
  dayGuestId: ZId.nullable().default(null),
});
export const ZCreateDayEvent = z.object({
  date: ZIsoDate,
  time: ZTime.nullable().default(null),
  name: text(200).min(1),
  kind: z.enum(DAY_EVENT_KINDS).default('other'),
  capacity: count(1000).default(0),
  participants: z.array(ZParticipant).max(1000).default([]),
  note: optText(2000),
});
export const ZDayEvent = ZCreateDayEvent.extend({
  id: z.number().int(),
  name: z.string(),
  time: z.string().nullable(),
  note: z.string().nullable(),
  ...ZStamps,
}).meta({ id: 'DayEvent' });
export type TDayEvent = z.infer<typeof ZDayEvent>;
