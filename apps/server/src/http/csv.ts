import { Readable } from 'node:stream';
import type { TCsvQuery } from '@atoll/domain/list';
import { parse } from 'csv-parse/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { requestLanguage } from './request.ts';

// The one CSV writer of every export (docs/domain/csv-exports.md): a byte-order mark so that Excel reads
// UTF-8 (umlauts), the separator and decimal mark of the user's language or the query's choice, nested
// objects (an address, the contact data) in their own columns, formula-like text defused.

export type TCsvFormat = { separator: ',' | ';' | '\t'; decimal: '.' | ',' };

const SEPARATORS = { semicolon: ';', comma: ',', tab: '\t' } as const;

/** The language of the user (the account's setting, else the browser's); null when neither says one. */
function languageOf(request: FastifyRequest): string | null {
  if (request.user?.settings.language) return request.user.settings.language;
  return request.headers['accept-language'] ? requestLanguage(request) : null;
}

/**
 * The format of an export: `separator` and `decimal` from the query, else by the user's language: German
 * `;` and a decimal comma, other languages (and a client that names none) `,` and a point. A comma as
 * separator without a chosen decimal mark takes the point, so that amounts need no quotes.
 */
export function csvFormat(request: FastifyRequest): TCsvFormat {
  const query = (request.query ?? {}) as TCsvQuery;
  const isGerman = languageOf(request) === 'de';
  const separator = SEPARATORS[query.separator ?? (isGerman ? 'semicolon' : 'comma')];
  const decimal = query.decimal ?? (isGerman && separator !== ',' ? 'comma' : 'point');
  return { separator, decimal: decimal === 'comma' ? ',' : '.' };
}

/** The wrapped schema of an optional, nullable or defaulted member. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
    inner = inner.unwrap() as z.ZodType;
  return inner;
}

/**
 * The columns of an answer schema: a nested object becomes one column per member, named by its path
 * (`address.street`, `contact.email`); records and lists stay one column.
 */
export function csvColumns(schema: z.ZodObject, prefix = ''): string[] {
  return Object.entries(schema.shape).flatMap(([key, member]) => {
    const inner = unwrapped(member as z.ZodType);
    return inner instanceof z.ZodObject ? csvColumns(inner, `${prefix}${key}.`) : [`${prefix}${key}`];
  });
}

/** The value of a column (a path such as `address.city`) in a row. */
export function csvValue(row: Record<string, unknown>, column: string): unknown {
  let value: unknown = row;
  for (const key of column.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A decimal written as text ("-1234.50"): an amount, shown with the format's decimal mark. */
const DECIMAL_TEXT = /^-?\d{1,15}\.\d{1,10}$/;
const NUMBER_TEXT = /^-?\d{1,15}(\.\d{1,10})?$/;

function cellText(value: unknown, format: TCsvFormat): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(value).replace('.', format.decimal);
  if (typeof value === 'string') {
    if (DECIMAL_TEXT.test(value)) return value.replace('.', format.decimal);
    // Only text can be a formula; an amount such as -5 or -12.50 stays a number.
    if (!NUMBER_TEXT.test(value) && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
    return value;
  }
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.map((v) => cellText(v, format)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One CSV line (RFC 4180) in the given format. */
export function csvLine(values: readonly unknown[], format: TCsvFormat): string {
  const quote = new RegExp(`["\\r\\n${format.separator === '\t' ? '\\t' : format.separator}]`);
  return `${values
    .map((value) => {
      const text = cellText(value, format);
      return quote.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(format.separator)}\r\n`;
}

type TRows = AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>;

/**
 * Sends rows (the first one names the columns) as the CSV attachment `fileName`, in the request's format.
 * The first row is read before the headers go out: the query's checks (sort, filter) run when the rows
 * start, so a bad query still becomes a clean 400.
 */
export async function sendCsv(request: FastifyRequest, reply: FastifyReply, rows: TRows, fileName: string) {
  const format = csvFormat(request);
  const iterator =
    Symbol.asyncIterator in rows
      ? rows[Symbol.asyncIterator]()
      : (rows as Iterable<readonly unknown[]>)[Symbol.iterator]();
  const first = await iterator.next();
  async function* lines() {
    if (first.done) return;
    yield `\uFEFF${csvLine(first.value, format)}`;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield csvLine(next.value, format);
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(lines()));
}

/**
 * The one CSV reader of the file imports (rates, bookings): the byte-order mark dropped, the separator told by
 * the first line (semicolon, else tab, else comma), RFC 4180 quoting (separators, doubled quotes and line breaks
 * inside quotes). A file that is not CSV answers 400 naming it.
 */
export function readCsvFile(text: string): { records: string[][]; separator: ';' | '\t' | ',' } {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.slice(0, body.search(/\r|\n|$/));
  const separator = first.includes(';') ? ';' : first.includes('\t') ? '\t' : ',';
  try {
    const records: string[][] = parse(body, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
    });
    return { records, separator };
  } catch (error) {
    throw new AppError(400, 'ValidationError', 'The file is not a CSV file', [
      { path: 'file', code: 'invalid', message: error instanceof Error ? error.message : 'unreadable' },
    ]);
  }
}
