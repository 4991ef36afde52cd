import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { ZCustomerData } from '../customer-data/customer-data.ts';
import { addDays } from '../pricing/dates.ts';

/** Customer types of spec platform §4, each shown in its own colour (Mantine palette names). */
export const CUSTOMER_TYPES = ['System', 'Default', 'API', 'Employee'] as const;
export type TCustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE_COLORS: Record<TCustomerType, string> = {
  System: 'grape',
  Default: 'blue',
  API: 'cyan',
  Employee: 'violet',
};

export const GENDERS = ['u', 'm', 'f'] as const;
export type TGender = (typeof GENDERS)[number];

/** Child maximum age when the installation sets none (settings group `customers`, key `childMaxAge`). */
export const DEFAULT_CHILD_MAX_AGE = 11;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (2024-02-30 is not) in YYYY-MM-DD, not before 1900. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value) || value < '1900-01-01') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

export const ZIsoDate = z.string().refine(isIsoDate, 'a date YYYY-MM-DD');
/** ISO 3166-1 alpha-2, stored upper-case. */
export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'a two-letter country code');
const text = (max: number) => z.string().trim().max(max).nullish();

/** Input of masterData: every field optional, so that an update names only what changes. */
const ZMasterDataPatch = z.object({
  name: text(200),
  firstName: text(100),
  lastName: z.string().trim().min(1).max(100).optional(),
  middleName: text(100),
  title: text(50),
  gender: z.enum(GENDERS).optional(),
  birthday: ZIsoDate.nullish(),
  permanentAge: z.number().int().min(0).max(130).nullish(),
  nationality: ZCountryCode.nullish(),
});
const ZContactPatch = z.object({
  email: z.email().max(254).nullish(),
  phone: text(50),
  mobile: text(50),
});
const ZAddressPatch = z.object({
  street: text(200),
  zip: text(20),
  city: text(100),
  state: text(100),
  country: ZCountryCode.nullish(),
});
const ZPassportPatch = z.object({
  number: text(50),
  nationality: ZCountryCode.nullish(),
  issueDate: ZIsoDate.nullish(),
  expiryDate: ZIsoDate.nullish(),
});

const customerFields = {
  contact: ZContactPatch.optional(),
  address: ZAddressPatch.optional(),
  passport: ZPassportPatch.optional(),
  customerType: z.enum(CUSTOMER_TYPES).optional(),
  agencyId: z.number().int().positive().nullish(),
  groupId: z.number().int().positive().nullish(),
  language: z.enum(LANGUAGES).nullish(),
  /** Custom data by customer data group: `{ [groupId]: { [field]: value } }`, checked against the groups. */
  data: ZCustomerData.optional(),
  internalNote: z.string().max(10_000).nullish(),
};

/** A new customer: a last name is the least a record needs. */
export const ZCreateCustomer = z.object({
  masterData: ZMasterDataPatch.extend({ lastName: z.string().trim().min(1).max(100) }),
  ...customerFields,
});
export type TCreateCustomer = z.infer<typeof ZCreateCustomer>;

/** A change: nested objects are merged into the stored ones key by key; absent keys stay. */
export const ZUpdateCustomer = z.object({ masterData: ZMasterDataPatch.optional(), ...customerFields });
export type TUpdateCustomer = z.infer<typeof ZUpdateCustomer>;

export const ZMasterData = z.object({
  name: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string().nullable(),
  title: z.string().nullable(),
  gender: z.enum(GENDERS),
  birthday: z.string().nullable(),
  permanentAge: z.number().int().nullable(),
  nationality: z.string().nullable(),
});
export type TMasterData = z.infer<typeof ZMasterData>;
export const ZContact = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
});
export const ZAddress = z.object({
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});
export const ZPassport = z.object({
  number: z.string().nullable(),
  nationality: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
});

/** A customer as the API answers it. `internalNote` is absent for agents and customers themselves. */
export const ZCustomer = z
  .object({
    id: z.number().int(),
    fullName: z.string(),
    customerType: z.enum(CUSTOMER_TYPES),
    masterData: ZMasterData,
    contact: ZContact,
    address: ZAddress,
    passport: ZPassport,
    agencyId: z.number().int().nullable(),
    groupId: z.number().int().nullable(),
    language: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    internalNote: z.string().nullable().optional(),
    /** Loyalty rule inputs, set by `{id}/stats/recalculate`. */
    stays: z.number().int(),
    /** Decimal string, e.g. "1234.50". */
    revenue: z.string(),
    lastStay: z.string().nullable(),
    version: z.number().int(),
    /** Derived: from the birthday, else permanentAge; null when neither is known. */
    age: z.number().int().nullable(),
    /** Derived: age at or below the installation's childMaxAge. */
    isChild: z.boolean(),
    /** A user account links this customer. */
    isAssigned: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Customer' });
export type TCustomer = z.infer<typeof ZCustomer>;

/** Full years on `today` (YYYY-MM-DD); someone born on 29 February turns a year older on 1 March. */
export function ageOn(birthday: string, today: string): number | null {
  if (!isIsoDate(birthday) || !ISO_DATE.test(today) || birthday > today) return null;
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5) < birthday.slice(5) ? years - 1 : years;
}

/** Age from the birthday, else the fixed permanentAge; null when neither is known. */
export function customerAge(
  masterData: { birthday?: string | null; permanentAge?: number | null },
  today: string,
): number | null {
  if (masterData.birthday) return ageOn(masterData.birthday, today);
  return masterData.permanentAge ?? null;
}

/** Spec platform §3: a child when the age is at or below childMaxAge. Unknown age is no child. */
export const isChild = (age: number | null, childMaxAge: number) => age !== null && age <= childMaxAge;

/** First, middle and last name; the free `name` when those are empty. */
export function fullNameOf(masterData: {
  name?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
}): string {
  const parts = [masterData.firstName, masterData.middleName, masterData.lastName]
    .map((p) => p?.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : (masterData.name?.trim() ?? '');
}

/** The day `days` after (or before) an ISO date (one implementation, in pricing/dates). */
export { addDays };

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The birthdays (as MM-DD) celebrated on a day: its own, and on 28 February of a common year also
 * those born on 29 February.
 */
export function birthdayKeys(date: string): string[] {
  const monthDay = date.slice(5);
  return monthDay === '02-28' && !isLeapYear(Number(date.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function leaves(value: unknown, path: string, out: Map<string, unknown>) {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, path ? `${path}.${key}` : key, out);
  } else if (path) out.set(path, isPlainObject(value) ? null : (value ?? null));
  return out;
}

/** Field-by-field changes between two saved states; absent and null count as the same. */
export function diffValues(from: unknown, to: unknown): TCustomerChange[] {
  const a = leaves(from, '', new Map());
  const b = leaves(to, '', new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .map((path) => ({ path, from: a.get(path) ?? null, to: b.get(path) ?? null }))
    .filter((c) => JSON.stringify(c.from) !== JSON.stringify(c.to));
}

/** What the duplicate rule compares. */
export const ZDuplicateQuery = z.object({
  firstName: z.string().trim().max(100).nullish(),
  lastName: z.string().trim().max(100).nullish(),
  birthday: ZIsoDate.nullish(),
  email: z.string().trim().max(254).nullish(),
});
export type TDuplicateQuery = z.infer<typeof ZDuplicateQuery>;
export const ZDuplicateMatch = z.object({
  id: z.number().int(),
  fullName: z.string(),
  birthday: z.string().nullable(),
  email: z.string().nullable(),
});
export type TDuplicateMatch = z.infer<typeof ZDuplicateMatch>;

const same = (a?: string | null, b?: string | null) =>
  !!a?.trim() && !!b?.trim() && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Duplicate rule: same first and last name and birthday, or the same e-mail (case-insensitive). */
export function isDuplicate(a: TDuplicateQuery, b: TDuplicateQuery): boolean {
  if (same(a.email, b.email)) return true;
  return same(a.firstName, b.firstName) && same(a.lastName, b.lastName) && same(a.birthday, b.birthday);
}

/** A customer's identity in an external system. */
export const ZCustomerReference = z.object({
  customerId: z.number().int(),
  system: z.string(),
  external: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCustomerReference = z.infer<typeof ZCustomerReference>;
export const ZReferenceParams = z.object({
  system: z.string().trim().min(1).max(100),
  external: z.string().trim().min(1).max(200),
});
export const ZReferenceBody = z.object({ data: z.record(z.string(), z.unknown()).default({}) });

export const ZCustomerMeta = z.object({ key: z.string(), value: z.unknown(), updatedAt: z.string() });
export type TCustomerMeta = z.infer<typeof ZCustomerMeta>;
export const ZMetaKey = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . -');
/** `POST {id}/meta`: several keys at once; a null value removes the key. */
export const ZMetaValues = z.record(ZMetaKey, z.unknown());
export const ZMetaValue = z.object({ value: z.unknown() });

/** One changed field between two versions; `path` is dotted (`masterData.firstName`). */
export const ZCustomerChange = z.object({ path: z.string(), from: z.unknown(), to: z.unknown() });
export type TCustomerChange = z.infer<typeof ZCustomerChange>;
export const ZCustomerDiff = z.object({
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(ZCustomerChange),
});
export type TCustomerDiff = z.infer<typeof ZCustomerDiff>;

/**
 * One stay of a customer (`GET {id}/stay`): a booking the customer travelled on. Filled by the
 * bookings issue; until then the list is empty.
 */
export const ZCustomerStay = z.object({
  bookingId: z.number().int(),
  from: z.string(),
  to: z.string(),
  asset: z.string(),
  status: z.string(),
  /** Decimal string in the booking's currency. */
  amount: z.string(),
  currency: z.string(),
});
export type TCustomerStay = z.infer<typeof ZCustomerStay>;

export const ZCustomerStats = z.object({
  stays: z.number().int(),
  revenue: z.string(),
  lastStay: z.string().nullable(),
});
export type TCustomerStats = z.infer<typeof ZCustomerStats>;

export const ZCustomerDashboardQuery = z.object({
  days: z.coerce.number().int().min(1).max(3660).default(30),
});
export const ZCustomerDashboard = z.object({
  total: z.number().int(),
  days: z.number().int(),
  newInPeriod: z.number().int(),
  birthdaysToday: z.number().int(),
  birthdaysNext7Days: z.number().int(),
  byType: z.array(z.object({ customerType: z.string(), count: z.number().int() })),
  byNationality: z.array(z.object({ nationality: z.string().nullable(), count: z.number().int() })),
});
export type TCustomerDashboard = z.infer<typeof ZCustomerDashboard>;

export const ZSendCustomerMail = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
  subject: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(20_000),
});
export type TSendCustomerMail = z.infer<typeof ZSendCustomerMail>;
/** Sent; skipped (no e-mail address, or not a customer the sender may see); failed (the mail server refused). */
export const ZSendCustomerMailAnswer = z.object({
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
