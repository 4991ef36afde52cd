import { z } from 'zod';
import { ZIsoDate } from '../inventory/availability.ts';
import { type TWritableState, WRITABLE_STATES } from './bookings.ts';

// The booking import (`GET bookings/import/types`, `POST bookings/import/{type}`, docs/domain/lifecycle.md
// "Importing bookings"): a spreadsheet of bookings from another system, one row per room or cabin; rows with the
// same reference are one booking. Pure: the file's records in, the rows or what is wrong with them out.

export const BOOKING_IMPORT_TYPES = ['csv'] as const;
export type TBookingImportType = (typeof BOOKING_IMPORT_TYPES)[number];
/** Rows of one file at most (a season of a busy house). */
export const BOOKING_IMPORT_MAX_ROWS = 2000;

/** The columns, by their header names (any order, any case); room and from are required. */
export const BOOKING_IMPORT_COLUMNS = [
  'reference',
  'state',
  'asset',
  'room',
  'from',
  'to',
  'guests',
  'pax',
  'email',
  'agency',
  'language',
  'currency',
  'note',
] as const;
export type TBookingImportColumn = (typeof BOOKING_IMPORT_COLUMNS)[number];

export const ZBookingImportFormat = z.object({
  type: z.enum(BOOKING_IMPORT_TYPES),
  columns: z.array(z.enum(BOOKING_IMPORT_COLUMNS)),
  required: z.array(z.enum(BOOKING_IMPORT_COLUMNS)),
  maxRows: z.number().int(),
});
export type TBookingImportFormat = z.infer<typeof ZBookingImportFormat>;

export const ZBookingImportQuery = z.object({
  /** 1: check and price every row, write nothing. */
  dryRun: z.enum(['0', '1', 'true', 'false']).default('0'),
});

/** One booking of the file as read: its rows (counting the header as row 1) and room entries. */
export type TImportBooking = {
  rows: number[];
  reference: string | null;
  state: TWritableState;
  email: string | null;
  agency: string | null;
  language: 'de' | 'en';
  currency: string;
  note: string | null;
  entries: {
    row: number;
    asset: string | null;
    room: string;
    from: string;
    to: string | null;
    guests: string[];
    pax: number;
  }[];
};

export const ZBookingImportItem = z.object({
  rows: z.array(z.number().int()),
  reference: z.string().nullable(),
  /** null in a dry run: nothing was written. */
  id: z.number().int().nullable(),
  number: z.string().nullable(),
  state: z.enum(WRITABLE_STATES),
  from: z.string(),
  to: z.string(),
  noOfPax: z.number().int(),
  total: z.string(),
  currency: z.string(),
});
export const ZBookingImportAnswer = z.object({
  dryRun: z.boolean(),
  created: z.array(ZBookingImportItem),
  /** Bookings whose reference a booking already has: imported before. */
  skipped: z.array(z.object({ rows: z.array(z.number().int()), reference: z.string() })),
});
export type TBookingImportAnswer = z.infer<typeof ZBookingImportAnswer>;

export type TImportProblem = { row: number; column: string; message: string };

const STATES: Record<string, TWritableState> = {
  '': 'draft',
  draft: 'draft',
  offer: 'draft',
  angebot: 'draft',
  planned: 'planned',
  reservation: 'planned',
  reservierung: 'planned',
  option: 'planned',
  confirmed: 'confirmed',
  booking: 'confirmed',
  buchung: 'confirmed',
};

/** A day as written in a spreadsheet: 2027-03-01 or 01.03.2027. */
function isoDay(text: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const day = german ? `${german[3]}-${german[2]?.padStart(2, '0')}-${german[1]?.padStart(2, '0')}` : text;
  return ZIsoDate.safeParse(day).success ? day : null;
}

/**
 * The bookings of a file's records (the first is the header). Rows with the same reference are one booking
 * (the first row's state, customer, agency, language, currency and note count); rows without a reference are
 * a booking each. Answers every problem found, not only the first.
 */
export function readBookingImport(records: readonly string[][]): {
  bookings: TImportBooking[];
  problems: TImportProblem[];
} {
  const problems: TImportProblem[] = [];
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const index = new Map(BOOKING_IMPORT_COLUMNS.map((c) => [c, header.indexOf(c)]));
  for (const column of ['room', 'from'] as const)
    if (index.get(column) === -1) problems.push({ row: 1, column, message: 'The column is missing' });
  const body = records.slice(1);
  if (body.length > BOOKING_IMPORT_MAX_ROWS)
    problems.push({ row: 1, column: '', message: `At most ${BOOKING_IMPORT_MAX_ROWS} rows` });
  if (problems.length > 0) return { bookings: [], problems };

  const byReference = new Map<string, TImportBooking>();
  const bookings: TImportBooking[] = [];
  body.forEach((record, i) => {
    const row = i + 2;
    const cell = (c: TBookingImportColumn) => (record[index.get(c) ?? -1] ?? '').trim();
    if (record.every((v) => v.trim() === '')) return;
    const found = problems.length;
    const problem = (column: string, message: string) => problems.push({ row, column, message });
    const from = isoDay(cell('from'));
    const to = cell('to') === '' ? null : isoDay(cell('to'));
    const state = STATES[cell('state').toLowerCase()];
    const names = cell('guests')
      .split('|')
      .map((n) => n.trim())
      .filter(Boolean);
    const pax = cell('pax') === '' ? Math.max(names.length, 1) : Number(cell('pax'));
    const language = cell('language').toLowerCase() || 'de';
    const currency = cell('currency').toUpperCase() || 'EUR';
    const email = cell('email');
    if (!cell('room')) problem('room', 'A room or cabin is required');
    if (!from) problem('from', 'A day like 2027-03-01 or 01.03.2027 is required');
    if (cell('to') !== '' && !to) problem('to', 'A day like 2027-03-08 or 08.03.2027');
    if (from && to && to <= from) problem('to', 'The departure must be after the arrival');
    if (!state) problem('state', 'offer, reservation or booking');
    if (!Number.isInteger(pax) || pax < 1 || pax > 50 || pax < names.length)
      problem('pax', 'A number of guests from 1 to 50, at least as many as names');
    if (language !== 'de' && language !== 'en') problem('language', 'de or en');
    if (!/^[A-Z]{3}$/.test(currency)) problem('currency', 'A currency code like EUR');
    if (email && !z.email().safeParse(email).success) problem('email', 'Not an e-mail address');
    if (problems.length > found || !from || !state) return;
    const entry = {
      row,
      asset: cell('asset') || null,
      room: cell('room'),
      from,
      to,
      guests: names,
      pax,
    };
    const reference = cell('reference') || null;
    const known = reference ? byReference.get(reference) : undefined;
    if (known) {
      known.rows.push(row);
      known.entries.push(entry);
      return;
    }
    const booking: TImportBooking = {
      rows: [row],
      reference,
      state,
      email: email || null,
      agency: cell('agency') || null,
      language: language === 'en' ? 'en' : 'de',
      currency,
      note: cell('note') || null,
      entries: [entry],
    };
    if (reference) byReference.set(reference, booking);
    bookings.push(booking);
  });
  if (body.length === 0 || (bookings.length === 0 && problems.length === 0))
    problems.push({ row: 2, column: '', message: 'The file has no bookings' });
  return { bookings, problems };
}
