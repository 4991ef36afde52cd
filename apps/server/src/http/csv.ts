import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** One CSV line (RFC 4180); nested values as JSON, cells that a spreadsheet would run as a formula are defused. */
export function toCsvLine(values: readonly unknown[]): string {
  return `${values.map(toCsvCell).join(',')}\r\n`;
}

function toCsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  // Only text can be a formula; a number such as -5 stays a number.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Streams CSV lines as the attachment `fileName`. The first line is read before the headers go out: the
 * query's checks (sort, filter) run when the lines start, so a bad query still becomes a clean 400.
 */
export async function sendCsv(reply: FastifyReply, lines: AsyncGenerator<string>, fileName: string) {
  const first = await lines.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* lines;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(all()));
}
