import { isEmail, isFlightNumber, isIsoDate, isNonNegativeInteger, isTime } from '../forms/rules.ts';

/**
 * Guest forms (spec platform §7 "Guest forms"): the sections a form asks for, their fields and the check
 * of the answers. Pure functions without zod: the public pages import this file (budget), the server
 * validates with the same code. The answers are one flat object `{ fieldKey: value }`; an upload is a
 * file answer `{ name, size, type, data (base64, only when sent) | fileId (when stored) }`.
 */

export const GUEST_FORM_TYPES = [
  'personal',
  'passport',
  'diving',
  'insurance',
  'flights',
  'emergency',
] as const;
export type TGuestFormType = (typeof GUEST_FORM_TYPES)[number];
export const GUEST_FORM_STATUSES = ['open', 'submitted', 'added'] as const;
export type TGuestFormStatus = (typeof GUEST_FORM_STATUSES)[number];
/** Allowed upload types (passport scan, certification card). */
export const GUEST_FORM_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const CERT_AGENCIES = ['PADI', 'SSI', 'CMAS', 'NAUI', 'SDI', 'BSAC', 'GUE', 'other'] as const;
export const GENDER_VALUES = ['m', 'f', 'u'] as const;

export type TGuestFieldKind =
  | 'text'
  | 'date'
  | 'time'
  | 'email'
  | 'flight'
  | 'count'
  | 'select'
  | 'yesno'
  | 'file';
export type TGuestField = {
  key: string;
  kind: TGuestFieldKind;
  required: boolean;
  options?: readonly string[];
  /** Max length of a text answer. */
  max?: number;
  /** Asked only after a "yes" to a medical question (then required): the physician's sign-off. */
  afterMedicalYes?: boolean;
};
export type TGuestSection = { type: TGuestFormType; fields: TGuestField[] };

const f = (
  key: string,
  kind: TGuestFieldKind,
  required = true,
  extra: Partial<TGuestField> = {},
): TGuestField => ({
  key,
  kind,
  required,
  ...extra,
});

/**
 * The medical questions (yes/no); a "yes" is reported to the dive centre, it does not block the form: the
 * form then asks whether a physician signed the diver fit (the answer is required, "no" is an answer; the
 * diver is not ready until it is "yes") and takes the signed statement as an upload.
 */
export const MEDICAL_QUESTIONS = [
  'medicalHeart',
  'medicalLungs',
  'medicalEars',
  'medicalMedication',
  'medicalSurgery',
  'medicalPregnant',
] as const;

/** Whether any medical question is answered "yes". */
export const hasMedicalYes = (data: Record<string, unknown>) =>
  MEDICAL_QUESTIONS.some((key) => data[key] === true);

export const GUEST_FORM_SECTIONS: readonly TGuestSection[] = [
  {
    type: 'personal',
    fields: [
      f('firstName', 'text', true, { max: 100 }),
      f('lastName', 'text', true, { max: 100 }),
      f('gender', 'select', false, { options: GENDER_VALUES }),
      f('birthday', 'date'),
      f('email', 'email', false),
      f('phone', 'text', false, { max: 40 }),
    ],
  },
  {
    type: 'passport',
    fields: [
      f('passportNumber', 'text', true, { max: 30 }),
      f('nationality', 'text', true, { max: 60 }),
      f('passportIssueDate', 'date'),
      f('passportExpiryDate', 'date'),
      f('passportScan', 'file', false),
    ],
  },
  {
    type: 'diving',
    fields: [
      f('certAgency', 'select', true, { options: CERT_AGENCIES }),
      f('certLevel', 'text', true, { max: 100 }),
      f('loggedDives', 'count'),
      f('lastDive', 'date', false),
      f('certCard', 'file', false),
      ...MEDICAL_QUESTIONS.map((key) => f(key, 'yesno')),
      // A "yes" needs a physician's sign-off of the medical statement (docs/domain/dive-day.md readiness).
      f('physicianSignOff', 'yesno', false, { afterMedicalYes: true }),
      f('physicianStatement', 'file', false, { afterMedicalYes: true }),
    ],
  },
  {
    type: 'insurance',
    fields: [
      f('insuranceCompany', 'text', true, { max: 100 }),
      f('insurancePolicy', 'text', true, { max: 60 }),
    ],
  },
  {
    type: 'flights',
    fields: [
      f('arrivalFlight', 'flight'),
      f('arrivalDate', 'date'),
      f('arrivalTime', 'time', false),
      f('departureFlight', 'flight'),
      f('departureDate', 'date'),
      f('departureTime', 'time', false),
    ],
  },
  {
    type: 'emergency',
    fields: [
      f('emergencyName', 'text', true, { max: 100 }),
      f('emergencyPhone', 'text', true, { max: 40 }),
      f('emergencyRelation', 'text', false, { max: 60 }),
    ],
  },
];

/**
 * A guest's private answers (passport and medical): never shown to another guest. The lead guest's page lists
 * them of the others as `hidden` (answered, not shown) and a save from it keeps them as stored.
 */
export const PRIVATE_GUEST_FIELDS: readonly string[] = [
  ...(GUEST_FORM_SECTIONS.find((s) => s.type === 'passport')?.fields.map((field) => field.key) ?? []),
  ...MEDICAL_QUESTIONS,
  'physicianSignOff',
  'physicianStatement',
];

export const sectionsOf = (types: readonly string[]): TGuestSection[] =>
  GUEST_FORM_SECTIONS.filter((s) => types.includes(s.type));

export const fieldsOf = (types: readonly string[]): TGuestField[] =>
  sectionsOf(types).flatMap((s) => s.fields);

export type TGuestFileAnswer = { name: string; size: number; type?: string; data?: string; fileId?: number };

export const GUEST_FORM_ERRORS = [
  'REQUIRED',
  'UNKNOWN_FIELD',
  'INVALID_TEXT',
  'TOO_LONG',
  'INVALID_DATE',
  'INVALID_TIME',
  'INVALID_EMAIL',
  'INVALID_FLIGHT_NUMBER',
  'INVALID_NUMBER',
  'INVALID_OPTION',
  'INVALID_FILE',
  'FILE_TOO_LARGE',
  'DATE_IN_FUTURE',
  'DATE_ORDER',
  'PASSPORT_EXPIRED',
] as const;
export type TGuestFormError = (typeof GUEST_FORM_ERRORS)[number];
export type TGuestFieldError = { path: string; code: TGuestFormError };

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The decoded size of a base64 text, without decoding it. */
export function base64Size(data: string): number {
  const clean = data.replace(/\s/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - pad;
}

function fileError(value: unknown, maxKb: number): TGuestFormError | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'INVALID_FILE';
  const v = value as Record<string, unknown>;
  if (typeof v.name !== 'string' || v.name.length === 0 || v.name.length > 200) return 'INVALID_FILE';
  if (typeof v.data === 'string') {
    if (!/^[A-Za-z0-9+/=\s]*$/.test(v.data)) return 'INVALID_FILE';
    if (!GUEST_FORM_FILE_TYPES.includes(v.type as (typeof GUEST_FORM_FILE_TYPES)[number]))
      return 'INVALID_FILE';
    if (base64Size(v.data) > maxKb * 1024) return 'FILE_TOO_LARGE';
    return null;
  }
  return typeof v.fileId === 'number' && Number.isInteger(v.fileId) ? null : 'INVALID_FILE';
}

function valueError(field: TGuestField, value: unknown, maxKb: number): TGuestFormError | null {
  if (field.kind === 'file') return fileError(value, maxKb);
  if (field.kind === 'yesno') return typeof value === 'boolean' ? null : 'INVALID_OPTION';
  if (field.kind === 'count')
    return isNonNegativeInteger(value) && Number(value) <= 100_000 ? null : 'INVALID_NUMBER';
  if (typeof value !== 'string') return 'INVALID_TEXT';
  const text = value.trim();
  if (text.includes('\u0000')) return 'INVALID_TEXT';
  switch (field.kind) {
    case 'date':
      return isIsoDate(text) ? null : 'INVALID_DATE';
    case 'time':
      return isTime(text) ? null : 'INVALID_TIME';
    case 'email':
      return text.length <= 200 && isEmail(text) ? null : 'INVALID_EMAIL';
    case 'flight':
      return isFlightNumber(text) ? null : 'INVALID_FLIGHT_NUMBER';
    case 'select':
      return field.options?.includes(text) ? null : 'INVALID_OPTION';
    default:
      if (text.length > (field.max ?? 200)) return 'TOO_LONG';
      return null;
  }
}

/**
 * Every problem of the answers for the form's sections, as `{ path: 'data.<field>', code }`. Unknown
 * keys, a missing required answer, a wrong format, a birthday or last dive in the future, a passport
 * expired before departure, a departure before the arrival. `today` is 'YYYY-MM-DD'.
 */
export function validateGuestForm(
  types: readonly string[],
  data: Record<string, unknown>,
  opts: { today: string; maxFileKb: number; travelTo?: string | null; prefix?: string },
): TGuestFieldError[] {
  const prefix = opts.prefix ?? 'data';
  const fields = fieldsOf(types);
  const known = new Set(fields.map((x) => x.key));
  const errors: TGuestFieldError[] = [];
  for (const key of Object.keys(data)) {
    if (!known.has(key)) errors.push({ path: `${prefix}.${key}`, code: 'UNKNOWN_FIELD' });
  }
  const medicalYes = hasMedicalYes(data);
  for (const field of fields) {
    const value = data[field.key];
    if (empty(value)) {
      const asked = field.afterMedicalYes && medicalYes && field.kind === 'yesno';
      if (field.required || asked) errors.push({ path: `${prefix}.${field.key}`, code: 'REQUIRED' });
      continue;
    }
    const code = valueError(field, value, opts.maxFileKb);
    if (code) errors.push({ path: `${prefix}.${field.key}`, code });
  }
  const bad = new Set(errors.map((e) => e.path));
  const date = (key: string) => {
    const v = data[key];
    return typeof v === 'string' && !bad.has(`${prefix}.${key}`) && isIsoDate(v.trim()) ? v.trim() : null;
  };
  const later = (key: string, code: TGuestFormError, than: string | null | undefined, orEqual = false) => {
    const v = date(key);
    if (v && than && (orEqual ? v >= than : v > than)) errors.push({ path: `${prefix}.${key}`, code });
  };
  later('birthday', 'DATE_IN_FUTURE', opts.today);
  later('lastDive', 'DATE_IN_FUTURE', opts.today);
  later('passportIssueDate', 'DATE_IN_FUTURE', opts.today);
  const issue = date('passportIssueDate');
  const expiry = date('passportExpiryDate');
  if (issue && expiry && expiry <= issue)
    errors.push({ path: `${prefix}.passportExpiryDate`, code: 'DATE_ORDER' });
  else if (expiry && expiry < (opts.travelTo ?? opts.today))
    errors.push({ path: `${prefix}.passportExpiryDate`, code: 'PASSPORT_EXPIRED' });
  const arrival = date('arrivalDate');
  const departure = date('departureDate');
  if (arrival && departure && departure < arrival)
    errors.push({ path: `${prefix}.departureDate`, code: 'DATE_ORDER' });
  return errors;
}

/** The answers that map onto the customer record: [answer key, label of the customer field]. */
export const CUSTOMER_FIELDS = [
  ['firstName', 'masterData.firstName'],
  ['lastName', 'masterData.lastName'],
  ['gender', 'masterData.gender'],
  ['birthday', 'masterData.birthday'],
  ['nationality', 'masterData.nationality'],
  ['email', 'contact.email'],
  ['phone', 'contact.phone'],
  ['passportNumber', 'passport.number'],
  ['nationality', 'passport.nationality'],
  ['passportIssueDate', 'passport.issueDate'],
  ['passportExpiryDate', 'passport.expiryDate'],
] as const;

/** A guest form as the API answers it. */
export type TGuestFormView = {
  id: number;
  bookingId: number;
  bookingGuestId: number | null;
  customerId: number | null;
  guestName: string | null;
  bookingNo: string | null;
  from: string | null;
  to: string | null;
  types: TGuestFormType[];
  language: string;
  status: TGuestFormStatus;
  data: Record<string, unknown>;
  submittedAt: string | null;
  addedAt: string | null;
  version: number;
  maxFileSizeKb: number;
  /** Whether /guestform/:id/:token shows the multi-guest page (global flag guestform.multiGuestForm). */
  multiGuest: boolean;
  /** Another guest's form on the lead guest's page: its private answers, answered but left out of `data`. */
  hidden?: string[];
};
