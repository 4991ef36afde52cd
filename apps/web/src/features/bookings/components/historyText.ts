import type { TBookingState } from '@atoll/domain/bookings';
import { BOOKING_STATES } from '@atoll/domain/inventory/availability';
import { formatMoney } from '@atoll/domain/money';
import { formatDateTime, formatDay } from '../../../components/format.ts';
import { formatNumber, type TLang } from '../../../components/pricing/format.ts';
import { displayState } from './bookingState.ts';

// How the booking history reads: field labels instead of the stored paths, values as the screens write
// them (dates per language, amounts with the currency, states and other codes by their names). Pure, for tests.

/** What the texts come from: the translation and whether a key exists. */
export type TTexts = {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** Fields whose numbers are money in the booking's currency. */
const MONEY = new Set([
  'total',
  'price',
  'paid',
  'openAmount',
  'commission',
  'fee',
  'dueBeforeTravel',
  'agencyDue',
  'customerDue',
  'onSite',
  'deposit',
  'rest',
  'tax',
  'net',
  'commissionBase',
]);

/** Fields whose values are codes with texts of their own (a code without one, e.g. a booking's type, stays). */
const CODES: Record<string, string> = {
  paymentStatus: 'payments.status',
  type: 'specials.lineTypes',
  customerType: 'specials.lineCustomerTypes',
};

/**
 * A line's flags for the engine and the screens (whether it may be edited, deleted, or stands once): a person
 * reads what the line is and costs, not these.
 */
const LINE_FLAGS = new Set(['editable', 'deletable', 'unique']);

/**
 * Keys of a changed record that tell a person nothing: its id, its key in the list, its place in the order, a
 * line's working data (its rate, generator, charging basis: the line's own fields say what it is) and its flags.
 */
const TECHNICAL = new Set(['id', 'key', 'sort', 'position', 'customData', ...LINE_FLAGS]);

/** The changes a person reads: not those of a line's working data (`calculation[key=…].customData.rules`) or flags. */
export const readableChanges = <T extends { path: string }>(changes: readonly T[]): T[] =>
  changes.filter(
    (change) =>
      !change.path.split('.').some((segment) => segment === 'customData' || LINE_FLAGS.has(segment)),
  );

/** "someField" → "Some field": a name no text exists for, still readable. */
export const humanize = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The name of one path segment: the booking field's label, the history's own, else the name in words. */
function segmentLabel(name: string, texts: TTexts): string {
  for (const key of [`bookings.history.paths.${name}`, `bookings.fields.${name}`])
    if (texts.exists(key)) return texts.t(key);
  return humanize(name);
}

/**
 * A calculation line's engine key (`room:r12`, `terms:deposit`, `payment:67`, `special:3`) as the kind of line:
 * "Room 12" (the number the rooms are listed by), "Deposit", "Payment", "Special".
 */
function lineLabel(key: string, texts: TTexts): string {
  const [kind = key, detail = ''] = key.split(':');
  const word = kind === 'terms' ? detail : kind;
  for (const text of [`bookings.history.lineKinds.${word}`, `specials.lineTypes.${word}`])
    if (texts.exists(text))
      return kind === 'room' ? `${texts.t(text)} ${detail.replace(/^r/, '')}` : texts.t(text);
  return key;
}

/**
 * A stored path (`rooms[id=12].guests[id=3].name`, `calculation[key=room:r12].total`, `why[name=Early bird]`) as
 * people read it: "Rooms 12 › Guest 3 › Name", "Calculation › Room 12 › Total". A dot inside brackets (a
 * special's name) does not split the path.
 */
export function pathLabel(path: string, texts: TTexts): string {
  return path
    .split(/\.(?![^[]*\])/)
    .flatMap((segment) => {
      const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(segment);
      if (!match) return [segment];
      const [, name = segment, selectors = ''] = match;
      const key = /^\[key=([^\]]*)\]$/.exec(selectors)?.[1];
      if (name === 'calculation' && key !== undefined)
        return [segmentLabel(name, texts), lineLabel(key, texts)];
      const which = [...selectors.matchAll(/\[(?:[a-zA-Z]+=)?([^\]]*)\]/g)].map((m) => m[1]).join(' ');
      return [which ? `${segmentLabel(name, texts)} ${which}` : segmentLabel(name, texts)];
    })
    .join(' › ');
}

/** A value of a change as the screens write it; `path` tells money and states apart. */
export function valueText(
  value: unknown,
  path: string,
  lang: TLang,
  currency: string,
  texts: TTexts,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const field = path.split('.').at(-1)?.replace(/\[.*$/, '') ?? path;
  if (typeof value === 'boolean') return texts.t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number') return formatNumber(String(value), lang);
  if (typeof value === 'string') {
    if (field === 'state' && (BOOKING_STATES as readonly string[]).includes(value))
      return texts.t(`bookings.states.${displayState(value as TBookingState, false)}`);
    const code = CODES[field] && `${CODES[field]}.${value}`;
    if (code && texts.exists(code)) return texts.t(code);
    if (ISO_DAY.test(value)) return formatDay(value, lang);
    if (ISO_MOMENT.test(value)) return formatDateTime(value, lang);
    if (DECIMAL.test(value)) {
      try {
        return MONEY.has(field) ? formatMoney(value, currency, lang) : formatNumber(value, lang);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value))
    return value.map((item) => valueText(item, path, lang, currency, texts)).join(', ') || '—';
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .filter(([key, inner]) => inner !== null && inner !== undefined && inner !== '' && !TECHNICAL.has(key))
      .map(([key, inner]) => `${segmentLabel(key, texts)}: ${valueText(inner, key, lang, currency, texts)}`)
      .join('; ');
  return String(value);
}

/** A version's action by its name, a new one in words rather than its code. */
export const actionText = (action: string, texts: TTexts) =>
  texts.exists(`bookings.history.actions.${action}`)
    ? texts.t(`bookings.history.actions.${action}`)
    : humanize(action);

/**
 * Notes a version keeps beside its field changes, which no snapshot holds and so no comparison shows: the
 * check-in's guests not ready to dive and the reason (docs/domain/dive-day.md "Check-in").
 */
const NOTE_PATHS = new Set(['checkIn.notReadyToDive']);

export const versionNotes = <T extends { path: string }>(changes: readonly T[]): T[] =>
  changes.filter((change) => NOTE_PATHS.has(change.path));
