/**
 * Custom-form field types and the generic validation rules (spec booking §3 "Form field types",
 * spec platform §5). Pure functions without zod: the public pages import this file, the server
 * validates the same way.
 */

export const FORM_FIELD_TYPES = [
  'Date',
  'Header',
  'Time',
  'DateTime',
  'Text',
  'QuestionShort',
  'QuestionLong',
  'MultipleChoice',
  'Radio',
  'Select',
  'Image',
  'Video',
  'Download',
  'Stars',
  'MultipleSelect',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Types that only show content (no answer). */
export const DISPLAY_FIELD_TYPES: readonly FormFieldType[] = ['Header', 'Text', 'Video', 'Download'];
/** Types whose answer is one of `options`. */
export const CHOICE_FIELD_TYPES: readonly FormFieldType[] = ['Radio', 'Select'];
/** Types whose answer is a list of `options`. */
export const MULTI_CHOICE_FIELD_TYPES: readonly FormFieldType[] = ['MultipleChoice', 'MultipleSelect'];

export const FORM_RULE_NAMES = [
  'required',
  'maxFileSizeKb',
  'minLength',
  'maxLength',
  'email',
  'flightNumber',
  'min',
  'max',
  'nonZero',
  'equals',
  'equalsField',
  'dateOnOrAfter',
  'dateOnOrBefore',
  'nonNegativeInteger',
] as const;
export type FormRuleName = (typeof FORM_RULE_NAMES)[number];

/** Default upload limit (spec platform §5: 256 KB). */
export const DEFAULT_MAX_FILE_SIZE_KB = 256;
export const DEFAULT_STARS = 5;

export interface FormFieldRules {
  required?: boolean;
  /** Upload limit in KB (Image); defaults to 256. */
  maxFileSizeKb?: number;
  /** Text length, or number of selected options for multi-choice fields. */
  minLength?: number;
  maxLength?: number;
  email?: boolean;
  flightNumber?: boolean;
  min?: number;
  max?: number;
  nonZero?: boolean;
  /** The answer must equal this value. */
  equals?: string;
  /** The answer must equal the answer of the field with this key (e.g. "repeat e-mail"). */
  equalsField?: string;
  /** A date ('YYYY-MM-DD') or a relative date such as 'today +3 days'. */
  dateOnOrAfter?: string;
  dateOnOrBefore?: string;
  nonNegativeInteger?: boolean;
}

export interface LocalText {
  de?: string;
  en?: string;
}

export interface FormFieldOption {
  value: string;
  label: LocalText;
}

export interface FormField {
  /** Unique within the definition; the answer key. */
  key: string;
  type: FormFieldType;
  label: LocalText;
  /** Help text, or the body of a Text field. */
  help?: LocalText;
  options?: FormFieldOption[];
  rules?: FormFieldRules;
  /** Video / Download: the link. */
  url?: string;
  /** Stars: how many (default 5). */
  stars?: number;
}

/** An Image answer: as sent by the browser (data = base64) or as stored (fileId). */
export interface FileAnswer {
  name: string;
  size: number;
  type?: string;
  data?: string;
  fileId?: number;
}

export const FORM_ERROR_CODES = [
  'REQUIRED',
  'FILE_TOO_LARGE',
  'INVALID_FILE',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_EMAIL',
  'INVALID_FLIGHT_NUMBER',
  'NOT_A_NUMBER',
  'TOO_SMALL',
  'TOO_LARGE',
  'ZERO',
  'NOT_EQUAL',
  'INVALID_DATE',
  'DATE_TOO_EARLY',
  'DATE_TOO_LATE',
  'NOT_NON_NEGATIVE_INTEGER',
  'INVALID_OPTION',
  'INVALID_VALUE',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];

export interface FormFieldError {
  path: string;
  code: FormErrorCode;
  message: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 2-3 alphanumerics plus up to 5 digits (an optional space between), e.g. LH1234, U2 8011, 4U123. */
const FLIGHT_RE = /^[A-Za-z0-9]{2,3} ?[0-9]{1,5}$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const DATETIME_RE = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?/;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

export function isFlightNumber(value: string): boolean {
  return FLIGHT_RE.test(value.trim());
}

export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

export function isTime(value: string): boolean {
  return TIME_RE.test(value);
}

export function isNonNegativeInteger(value: unknown): boolean {
  const n = toNumber(value);
  return n !== null && Number.isInteger(n) && n >= 0;
}

/** A number from a number or a numeric string ('' and non-numbers → null). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

function addToDate(iso: string, amount: number, unit: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + amount);
  else if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7 * amount);
  else {
    const months = unit === 'year' ? 12 * amount : amount;
    const target = new Date(Date.UTC(y, m - 1 + months, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(d, lastDay));
    return target.toISOString().slice(0, 10);
  }
  return date.toISOString().slice(0, 10);
}

/**
 * 'today', 'today +3 days', 'today - 1 week', 'today +2 months', 'today -18 years' or an ISO date
 * → 'YYYY-MM-DD' relative to `today` ('YYYY-MM-DD'); null if not understood.
 */
export function parseRelativeDate(expr: string, today: string): string | null {
  const s = expr.trim().toLowerCase();
  if (isIsoDate(s)) return s;
  if (!isIsoDate(today)) return null;
  const m = /^today(?:\s*([+-])\s*(\d{1,5})\s*(day|week|month|year)s?)?$/.exec(s);
  if (!m) return null;
  if (!m[1]) return today;
  const amount = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  return addToDate(today, amount, m[3] as string);
}

/** Today as 'YYYY-MM-DD' in UTC (callers may pass their own local day). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function isEmptyAnswer(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

export function isDisplayField(type: FormFieldType): boolean {
  return DISPLAY_FIELD_TYPES.includes(type);
}

function dateOf(type: FormFieldType, value: string): string | null {
  if (type === 'DateTime') {
    const m = DATETIME_RE.exec(value);
    return m && isIsoDate(m[1] as string) ? (m[1] as string) : null;
  }
  return isIsoDate(value) ? value : null;
}

/**
 * Validates one answer against the field's type and rules. `answers` (all answers) is needed only for
 * `equalsField`. Returns the first error code, or null.
 */
export function validateField(
  field: FormField,
  value: unknown,
  today: string,
  answers: Record<string, unknown> = {},
): FormErrorCode | null {
  if (isDisplayField(field.type)) return null;
  const rules = field.rules ?? {};
  if (isEmptyAnswer(value)) return rules.required ? 'REQUIRED' : null;

  switch (field.type) {
    case 'Date':
    case 'DateTime': {
      if (typeof value !== 'string') return 'INVALID_DATE';
      const day = dateOf(field.type, value);
      if (!day) return 'INVALID_DATE';
      if (rules.dateOnOrAfter) {
        const limit = parseRelativeDate(rules.dateOnOrAfter, today);
        if (limit && day < limit) return 'DATE_TOO_EARLY';
      }
      if (rules.dateOnOrBefore) {
        const limit = parseRelativeDate(rules.dateOnOrBefore, today);
        if (limit && day > limit) return 'DATE_TOO_LATE';
      }
      break;
    }
    case 'Time':
      if (typeof value !== 'string' || !isTime(value)) return 'INVALID_VALUE';
      break;
    case 'Radio':
    case 'Select': {
      if (typeof value !== 'string') return 'INVALID_OPTION';
      if (field.options?.length && !field.options.some((o) => o.value === value)) return 'INVALID_OPTION';
      break;
    }
    case 'MultipleChoice':
    case 'MultipleSelect': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return 'INVALID_OPTION';
      if (field.options?.length && value.some((v) => !field.options?.some((o) => o.value === v))) {
        return 'INVALID_OPTION';
      }
      if (rules.minLength !== undefined && value.length < rules.minLength) return 'TOO_SHORT';
      if (rules.maxLength !== undefined && value.length > rules.maxLength) return 'TOO_LONG';
      break;
    }
    case 'Stars': {
      const n = toNumber(value);
      const max = field.stars ?? DEFAULT_STARS;
      if (n === null || !Number.isInteger(n) || n < 0 || n > max) return 'INVALID_VALUE';
      if (rules.min !== undefined && n < rules.min) return 'TOO_SMALL';
      break;
    }
    case 'Image': {
      const file = value as FileAnswer;
      if (typeof file !== 'object' || typeof file.name !== 'string' || typeof file.size !== 'number') {
        return 'INVALID_FILE';
      }
      const limitKb = rules.maxFileSizeKb ?? DEFAULT_MAX_FILE_SIZE_KB;
      if (file.size > limitKb * 1024) return 'FILE_TOO_LARGE';
      if (file.type && !file.type.startsWith('image/')) return 'INVALID_FILE';
      break;
    }
    default:
      // QuestionShort, QuestionLong: text and numbers
      if (typeof value !== 'string' && typeof value !== 'number') return 'INVALID_VALUE';
      return validateText(String(value), rules, answers);
  }
  if (rules.equals !== undefined && String(value) !== rules.equals) return 'NOT_EQUAL';
  if (rules.equalsField && !sameAnswer(value, answers[rules.equalsField])) return 'NOT_EQUAL';
  return null;
}

function sameAnswer(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function validateText(
  text: string,
  rules: FormFieldRules,
  answers: Record<string, unknown>,
): FormErrorCode | null {
  const value = text.trim();
  if (rules.minLength !== undefined && value.length < rules.minLength) return 'TOO_SHORT';
  if (rules.maxLength !== undefined && value.length > rules.maxLength) return 'TOO_LONG';
  if (rules.email && !isEmail(value)) return 'INVALID_EMAIL';
  if (rules.flightNumber && !isFlightNumber(value)) return 'INVALID_FLIGHT_NUMBER';
  const numeric =
    rules.min !== undefined || rules.max !== undefined || rules.nonZero || rules.nonNegativeInteger;
  if (numeric) {
    const n = toNumber(value);
    if (n === null) return 'NOT_A_NUMBER';
    if (rules.nonNegativeInteger && !isNonNegativeInteger(n)) return 'NOT_NON_NEGATIVE_INTEGER';
    if (rules.nonZero && n === 0) return 'ZERO';
    if (rules.min !== undefined && n < rules.min) return 'TOO_SMALL';
    if (rules.max !== undefined && n > rules.max) return 'TOO_LARGE';
  }
  if (rules.equals !== undefined && value !== rules.equals) return 'NOT_EQUAL';
  if (rules.equalsField) {
    const other = answers[rules.equalsField];
    if (String(other ?? '').trim() !== value) return 'NOT_EQUAL';
  }
  return null;
}

type Lang = 'de' | 'en';
const MESSAGES: Record<FormErrorCode, { de: string; en: string }> = {
  REQUIRED: { de: 'Pflichtfeld', en: 'This field is required' },
  FILE_TOO_LARGE: { de: 'Die Datei ist größer als {limit} KB', en: 'The file is larger than {limit} KB' },
  INVALID_FILE: { de: 'Bitte ein Bild hochladen', en: 'Please upload an image' },
  TOO_SHORT: { de: 'Mindestens {minLength} Zeichen', en: 'At least {minLength} characters' },
  TOO_LONG: { de: 'Höchstens {maxLength} Zeichen', en: 'At most {maxLength} characters' },
  INVALID_EMAIL: { de: 'Die E-Mail-Adresse ist ungültig', en: 'The e-mail address is not valid' },
  INVALID_FLIGHT_NUMBER: {
    de: 'Die Flugnummer ist ungültig (z. B. LH1234)',
    en: 'The flight number is not valid (e.g. LH1234)',
  },
  NOT_A_NUMBER: { de: 'Bitte eine Zahl eingeben', en: 'Please enter a number' },
  TOO_SMALL: { de: 'Mindestens {min}', en: 'At least {min}' },
  TOO_LARGE: { de: 'Höchstens {max}', en: 'At most {max}' },
  ZERO: { de: 'Darf nicht 0 sein', en: 'Must not be 0' },
  NOT_EQUAL: { de: 'Die Werte stimmen nicht überein', en: 'The values do not match' },
  INVALID_DATE: { de: 'Das Datum ist ungültig', en: 'The date is not valid' },
  DATE_TOO_EARLY: { de: 'Frühestens am {date}', en: 'On {date} or later' },
  DATE_TOO_LATE: { de: 'Spätestens am {date}', en: 'On {date} or earlier' },
  NOT_NON_NEGATIVE_INTEGER: {
    de: 'Bitte eine ganze Zahl ab 0 eingeben',
    en: 'Please enter a whole number of 0 or more',
  },
  INVALID_OPTION: { de: 'Bitte eine der Möglichkeiten wählen', en: 'Please choose one of the options' },
  INVALID_VALUE: { de: 'Der Wert ist ungültig', en: 'The value is not valid' },
};

/** The message of an error code for a field, in de or en (placeholders filled from the rules). */
export function ruleMessage(
  code: FormErrorCode,
  field: FormField | null,
  lang: string,
  today: string,
): string {
  const l: Lang = lang === 'de' ? 'de' : 'en';
  const rules = field?.rules ?? {};
  const date =
    code === 'DATE_TOO_EARLY'
      ? parseRelativeDate(rules.dateOnOrAfter ?? '', today)
      : code === 'DATE_TOO_LATE'
        ? parseRelativeDate(rules.dateOnOrBefore ?? '', today)
        : null;
  const params: Record<string, string> = {
    limit: String(rules.maxFileSizeKb ?? DEFAULT_MAX_FILE_SIZE_KB),
    minLength: String(rules.minLength ?? ''),
    maxLength: String(rules.maxLength ?? ''),
    min: String(rules.min ?? ''),
    max: String(rules.max ?? ''),
    date: date ?? '',
  };
  return MESSAGES[code][l].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
}

/** Validates all answers of a form: [{ path: field key, code, message }] (empty when valid). */
export function validateAnswers(
  fields: readonly FormField[],
  answers: Record<string, unknown>,
  today: string,
  lang = 'en',
): FormFieldError[] {
  const errors: FormFieldError[] = [];
  for (const field of fields) {
    const code = validateField(field, answers[field.key], today, answers);
    if (code) errors.push({ path: field.key, code, message: ruleMessage(code, field, lang, today) });
  }
  return errors;
}

/** Keeps only answers of answerable fields of the definition (unknown keys are dropped). */
export function pickAnswers(
  fields: readonly FormField[],
  answers: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (isDisplayField(field.type)) continue;
    const v = answers[field.key];
    if (v !== undefined) out[field.key] = v;
  }
  return out;
}
