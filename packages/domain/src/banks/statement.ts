import { z } from 'zod';
import { D, type TDecimal } from '../money/money.ts';

// The CSV column mapping of a bank's statements (docs/domain/payments.md, stored per bank in
// bank_accounts.csv_mapping) and the reading of one statement row into a bank entry. The server parses
// the file (csv-parse); what a cell means is decided here, so that the web's mapping editor, the import
// and the tests agree.

export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export const DATE_FORMATS = ['DD.MM.YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YY'] as const;
export type TDateFormat = (typeof DATE_FORMATS)[number];
export const DECIMAL_MARKS = [',', '.'] as const;
export const MAPPED_COLUMNS = [
  'date',
  'amount',
  'debit',
  'credit',
  'currency',
  'counterparty',
  'reference',
  'externalId',
] as const;
export type TMappedColumn = (typeof MAPPED_COLUMNS)[number];

/** A column by its header name, or by its position (0 = first column). */
export const ZCsvColumn = z.union([z.string().trim().min(1).max(100), z.number().int().min(0).max(500)]);
export type TCsvColumn = z.infer<typeof ZCsvColumn>;

/** At most this many lines before the column row and after the last entry (account data, balances). */
export const MAX_SKIPPED_LINES = 50;

export const ZCsvMapping = z
  .object({
    delimiter: z.enum(CSV_DELIMITERS).default(';'),
    dateFormat: z.enum(DATE_FORMATS).default('DD.MM.YYYY'),
    decimal: z.enum(DECIMAL_MARKS).default(','),
    /** Lines before the column row (or the first entry): account, period, balance (Deutsche Bank). */
    skipLines: z.number().int().min(0).max(MAX_SKIPPED_LINES).default(0),
    /** The first line after the skipped ones names the columns (then columns may be given by name). */
    hasHeader: z.boolean().default(true),
    /** Lines after the last entry that are none: a closing balance ("Kontostand"). Empty lines never count. */
    footerLines: z.number().int().min(0).max(MAX_SKIPPED_LINES).default(0),
    columns: z.object({
      date: ZCsvColumn,
      /** The signed amount (+ in, − out); or instead `debit` and `credit` in two columns. */
      amount: ZCsvColumn.nullish(),
      /** Money out (Soll), with or without a minus: always booked as negative. */
      debit: ZCsvColumn.nullish(),
      /** Money in (Haben). */
      credit: ZCsvColumn.nullish(),
      currency: ZCsvColumn.nullish(),
      counterparty: ZCsvColumn.nullish(),
      reference: ZCsvColumn.nullish(),
      externalId: ZCsvColumn.nullish(),
    }),
  })
  .superRefine((mapping, ctx) => {
    const { amount, debit, credit } = mapping.columns;
    const has = (c: TCsvColumn | null | undefined) => c !== undefined && c !== null;
    const split = has(debit) || has(credit);
    if (has(amount) && split)
      ctx.addIssue({
        code: 'custom',
        path: ['columns', 'amount'],
        message: 'Map either the amount column or the debit and credit columns, not both',
      });
    else if (!has(amount) && !(has(debit) && has(credit)))
      ctx.addIssue({
        code: 'custom',
        path: ['columns', has(debit) ? 'credit' : has(credit) ? 'debit' : 'amount'],
        message: 'Map the amount column, or both the debit and the credit column',
      });
  });
export type TCsvMapping = z.infer<typeof ZCsvMapping>;

/** A row read from the statement, ready to become a bank entry. */
export type TStatementEntry = {
  date: string;
  amount: TDecimal;
  currency: string;
  counterparty: string | null;
  reference: string | null;
  externalId: string | null;
};
export type TRowResult = { entry: TStatementEntry } | { error: string };
/** Column positions of the mapped fields (undefined: not in the file). */
export type TColumnIndexes = Partial<Record<TMappedColumn, number>>;

/**
 * Where each mapped column is: a position stays, a name is looked up in the header (trimmed,
 * case-insensitive). Answers the positions or the names that are missing.
 */
export function resolveColumns(
  mapping: TCsvMapping,
  header: readonly string[] | null,
): { indexes: TColumnIndexes } | { missing: string[] } {
  const names = header?.map((h) => h.trim().toLowerCase()) ?? [];
  const indexes: TColumnIndexes = {};
  const missing: string[] = [];
  for (const key of MAPPED_COLUMNS) {
    const column = mapping.columns[key];
    if (column === undefined || column === null) continue;
    if (typeof column === 'number') {
      indexes[key] = column;
      continue;
    }
    const at = names.indexOf(column.trim().toLowerCase());
    if (at < 0) missing.push(column);
    else indexes[key] = at;
  }
  return missing.length ? { missing } : { indexes };
}

const DATE_PATTERNS: Record<
  TDateFormat,
  { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'DD.MM.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
  'DD.MM.YY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/, order: ['d', 'm', 'y'] },
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
};

/** An ISO day from a cell in the given format, or null when it is not a real day. */
export function parseStatementDate(value: string, format: TDateFormat): string | null {
  const pattern = DATE_PATTERNS[format];
  const match = pattern.re.exec(value.trim());
  if (!match) return null;
  const parts = { y: 0, m: 0, d: 0 };
  pattern.order.forEach((key, i) => {
    parts[key] = Number(match[i + 1]);
  });
  // Two-digit years: 00–69 are 20xx, 70–99 are 19xx (statements are recent).
  if (format === 'DD.MM.YY') parts.y += parts.y < 70 ? 2000 : 1900;
  const day = new Date(Date.UTC(parts.y, parts.m - 1, parts.d));
  if (day.getUTCFullYear() !== parts.y || day.getUTCMonth() !== parts.m - 1 || day.getUTCDate() !== parts.d) {
    return null;
  }
  return day.toISOString().slice(0, 10);
}

/**
 * An amount with 2 decimals at most from a cell: a sign in front (or a trailing minus, as some banks
 * write it), thousands separators of the other mark allowed ("-1.234,56" with decimal ",").
 */
export function parseStatementAmount(value: string, decimal: ',' | '.'): TDecimal | null {
  let text = value.trim().replace(/\s/g, '');
  let negative = false;
  if (text.endsWith('-')) {
    negative = true;
    text = text.slice(0, -1);
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-') !== negative;
    text = text.slice(1);
  }
  const thousands = decimal === ',' ? '.' : ',';
  const grouped = new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+(\\${decimal}\\d{1,2})?$`);
  const plain = new RegExp(`^\\d{1,12}(\\${decimal}\\d{1,2})?$`);
  if (grouped.test(text)) text = text.split(thousands).join('');
  else if (!plain.test(text)) return null;
  const amount = new D(text.replace(decimal, '.'));
  return (negative ? amount.negated() : amount).toFixed(2);
}

const cell = (cells: readonly string[], at: number | undefined, max = 500) => {
  if (at === undefined) return null;
  const value = (cells[at] ?? '').trim();
  return value ? value.slice(0, max) : null;
};

/** A cell's amount: null when empty, an error when it is no amount. */
function amountIn(
  cells: readonly string[],
  at: number | undefined,
  name: string,
  decimal: ',' | '.',
): { amount: TDecimal | null } | { error: string } {
  const text = cell(cells, at);
  if (!text) return { amount: null };
  const amount = parseStatementAmount(text, decimal);
  return amount === null ? { error: `${name} "${text}" is not an amount` } : { amount };
}

/**
 * The signed amount of a row: the amount column, or debit and credit columns of which exactly one holds
 * an amount other than 0 (a debit is money out whether the bank writes it with a minus or without).
 */
function readAmount(
  cells: readonly string[],
  indexes: TColumnIndexes,
  decimal: ',' | '.',
): { amount: TDecimal } | { error: string } {
  if (indexes.amount !== undefined) {
    const read = amountIn(cells, indexes.amount, 'amount', decimal);
    if ('error' in read) return read;
    return read.amount === null ? { error: 'amount is empty' } : { amount: read.amount };
  }
  const debit = amountIn(cells, indexes.debit, 'debit', decimal);
  if ('error' in debit) return debit;
  const credit = amountIn(cells, indexes.credit, 'credit', decimal);
  if ('error' in credit) return credit;
  const out = debit.amount === null || new D(debit.amount).isZero() ? null : new D(debit.amount).abs();
  const into = credit.amount === null || new D(credit.amount).isZero() ? null : new D(credit.amount);
  if (out && into) return { error: 'debit and credit both hold an amount' };
  if (into) return { amount: into.toFixed(2) };
  if (out) return { amount: out.negated().toFixed(2) };
  return { error: 'debit and credit are empty' };
}

/** One statement row as a bank entry, or why it cannot be one. */
export function readStatementRow(
  cells: readonly string[],
  indexes: TColumnIndexes,
  mapping: TCsvMapping,
  bankCurrency: string,
): TRowResult {
  const dateText = cell(cells, indexes.date);
  if (!dateText) return { error: 'date is empty' };
  const date = parseStatementDate(dateText, mapping.dateFormat);
  if (!date) return { error: `date "${dateText}" is not a day in the format ${mapping.dateFormat}` };
  const read = readAmount(cells, indexes, mapping.decimal);
  if ('error' in read) return read;
  const { amount } = read;
  if (new D(amount).isZero()) return { error: 'amount is 0' };
  const currency = (cell(cells, indexes.currency) ?? bankCurrency).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return { error: `currency "${currency}" is not an ISO 4217 code` };
  return {
    entry: {
      date,
      amount,
      currency,
      counterparty: cell(cells, indexes.counterparty, 200),
      reference: cell(cells, indexes.reference, 1000),
      externalId: cell(cells, indexes.externalId, 200),
    },
  };
}

/** The key of the duplicate check without an external id: (date, amount, reference) within one bank. */
export const duplicateKey = (e: Pick<TStatementEntry, 'date' | 'amount' | 'reference'>) =>
  `${e.date}|${new D(e.amount).toFixed(2)}|${(e.reference ?? '').trim()}`;
