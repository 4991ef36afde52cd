import {
  RATE_IMPORT_MAX_ROWS,
  type TCreateExchangeRate,
  ZCreateExchangeRate,
} from '@atoll/domain/currencies';
import type { TErrorBody } from '@atoll/domain/errors';
import { readCsvFile } from '../../http/csv.ts';

type TDetail = NonNullable<TErrorBody['details']>[number];
export type TParsedRates = { rates: TCreateExchangeRate[]; errors: TDetail[] };

const COLUMNS = ['from', 'to', 'rate', 'validFrom'] as const;
/** An answer lists this many bad rows at most; a wrong file would otherwise answer thousands. */
const MAX_ERRORS = 100;

/**
 * Exchange rates from a CSV file: columns from,to,rate,validFrom, in that order or named by a header
 * row. A spreadsheet's semicolon file may write the rate with a decimal comma. Every row is checked
 * (format, known currency codes, no pair twice on one day); row numbers count the header.
 */
export function parseRateCsv(text: string, knownCodes: ReadonlySet<string>): TParsedRates {
  // A semicolon file may have decimal commas.
  const { records, separator: delimiter } = readCsvFile(text);
  const header = records[0]?.map((h) => h.trim().toLowerCase());
  const hasHeader = header?.includes('from') && header.includes('to');
  const index = COLUMNS.map((name, i) => (hasHeader ? (header?.indexOf(name.toLowerCase()) ?? -1) : i));

  const errors: TDetail[] = [];
  const fail = (row: number, field: string, code: string, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ path: `rows[${row}].${field}`, code, message });
  };
  const missing = COLUMNS.filter((_, i) => index[i] === -1);
  if (missing.length) {
    fail(1, missing.join(','), 'missing_column', `The header lacks ${missing.join(', ')}`);
    return { rates: [], errors };
  }

  const rates: TCreateExchangeRate[] = [];
  const seen = new Set<string>();
  records.forEach((record, i) => {
    const row = i + 1;
    if ((hasHeader && i === 0) || record.every((cell) => cell.trim() === '')) return;
    const cell = (c: number) => (record[index[c] ?? -1] ?? '').trim();
    const input = {
      from: cell(0).toUpperCase(),
      to: cell(1).toUpperCase(),
      rate: delimiter === ';' ? cell(2).replace(',', '.') : cell(2),
      validFrom: cell(3),
      source: 'import',
    };
    const parsed = ZCreateExchangeRate.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        fail(row, String(issue.path[0] ?? ''), issue.code, issue.message);
      return;
    }
    const rate = parsed.data;
    for (const field of ['from', 'to'] as const)
      if (!knownCodes.has(rate[field]))
        fail(row, field, 'unknown_currency', `Unknown currency ${rate[field]}`);
    if (rate.from === rate.to) fail(row, 'to', 'same_currency', 'from and to are the same currency');
    const key = `${rate.from}/${rate.to}/${rate.validFrom}`;
    if (seen.has(key)) fail(row, 'validFrom', 'duplicate', `${key} appears twice in the file`);
    seen.add(key);
    rates.push(rate);
  });
  if (rates.length === 0 && errors.length === 0) fail(1, '', 'empty', 'The file holds no rates');
  if (rates.length > RATE_IMPORT_MAX_ROWS)
    fail(RATE_IMPORT_MAX_ROWS + 1, '', 'too_many_rows', `At most ${RATE_IMPORT_MAX_ROWS} rows`);
  return { rates, errors };
}
