import { randomUUID } from 'node:crypto';
import type { TImportResult } from '@atoll/domain/banks';
import {
  findBookingNumbers,
  findInvoiceNumbers,
  matchEntry,
  type TMatchCandidate,
  type TSuggestion,
  uniqueStrong,
} from '@atoll/domain/banks/matching';
import {
  duplicateKey,
  readStatementRow,
  resolveColumns,
  type TCsvMapping,
  type TStatementEntry,
  ZCsvMapping,
} from '@atoll/domain/banks/statement';
import { D } from '@atoll/domain/money';
import type { TSessionUser } from '@atoll/domain/users';
import { parse } from 'csv-parse/sync';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { assignEntry, type TAssignDeps } from './assign-entry.flow.ts';
import { createBanksRepository, type TBankEntryRow, type TBankRow } from './banks.repository.ts';
import { readCamt053 } from './camt053.ts';
import { readMt940 } from './mt940.ts';

// The CSV statement import (`POST banks/{bankId}/import/csv`, docs/domain/payments.md): read every row with the
// bank's column mapping (or the one sent, which is then stored); a file with a bad row imports nothing
// (400 with the rows' errors). Then, in one transaction: skip duplicates (the external id, else date,
// amount and reference), insert the rest in batches, store the suggestions of each incoming entry and
// assign a unique strong match when the bank auto-assigns.

export const MAX_IMPORT_ROWS = 50_000;
const MAX_ROW_ERRORS = 100;
const repo = createBanksRepository();

export type TParsed = { row: number; entry: TStatementEntry };

/**
 * The text after the first `count` lines (a bank's account and period lines before the column row). Cut
 * before parsing: such lines need not be CSV of the file's shape.
 */
function afterLines(text: string, count: number): string {
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    const next = text.indexOf('\n', at);
    if (next < 0) return '';
    at = next + 1;
  }
  return text.slice(at);
}

/** Every row of the file as an entry, or 400 with the bad rows (row = line number in the file). */
export function readStatement(text: string, mapping: TCsvMapping, bankCurrency: string): TParsed[] {
  let records: string[][];
  try {
    records = parse(afterLines(text, mapping.skipLines), {
      delimiter: mapping.delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw badRequest(`The file is not CSV with "${mapping.delimiter}": ${(error as Error).message}`, 'file');
  }
  const header = mapping.hasHeader ? (records[0] ?? null) : null;
  const columns = resolveColumns(mapping, header);
  if ('missing' in columns)
    throw badRequest(`Columns missing in the file: ${columns.missing.join(', ')}`, 'mapping');
  const entries = mapping.hasHeader ? records.slice(1) : records;
  // The closing lines (a balance) are no entries: dropped after parsing, empty lines not counted.
  const body = entries.slice(0, Math.max(0, entries.length - mapping.footerLines));
  if (body.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS} rows per file`, 'file');
  const first = mapping.skipLines + (mapping.hasHeader ? 2 : 1);
  const parsed: TParsed[] = [];
  const errors: { row: number; message: string }[] = [];
  body.forEach((cells, i) => {
    const result = readStatementRow(cells, columns.indexes, mapping, bankCurrency);
    if ('error' in result) errors.push({ row: first + i, message: result.error });
    else parsed.push({ row: first + i, entry: result.entry });
  });
  if (errors.length)
    throw new AppError(
      400,
      'ValidationError',
      `${errors.length} row(s) of the file are not valid: nothing was imported`,
      errors
        .slice(0, MAX_ROW_ERRORS)
        .map((e) => ({ path: `rows/${e.row}`, code: 'invalid', message: e.message })),
    );
  return parsed;
}

/** The mapping sent with the call (validated), else the bank's; none: 400. */
export function mappingOf(bank: TBankRow, sent: unknown): { mapping: TCsvMapping; isNew: boolean } {
  if (sent !== undefined) {
    const result = ZCsvMapping.safeParse(sent);
    if (!result.success)
      throw new AppError(
        400,
        'ValidationError',
        'The column mapping is not valid',
        result.error.issues.map((i) => ({
          path: `mapping/${i.path.join('/')}`,
          code: i.code,
          message: i.message,
        })),
      );
    return { mapping: result.data, isNew: true };
  }
  const stored = ZCsvMapping.safeParse(bank.csvMapping);
  if (!stored.success)
    throw badRequest('The bank has no CSV column mapping: send one with the file', 'mapping');
  return { mapping: stored.data, isNew: false };
}

export async function importStatement(
  deps: TAssignDeps & { db: Db },
  actor: TSessionUser,
  bankId: number,
  text: string,
  sentMapping: unknown,
): Promise<TImportResult> {
  const bank = await repo.bank(deps.db, bankId);
  if (!bank) throw notFound('Bank');
  const { mapping, isNew } = mappingOf(bank, sentMapping);
  const rows = readStatement(text, mapping, bank.currency);
  return storeEntries(deps, actor, bank, rows, isNew ? mapping : null);
}

export type TStatementFormat = 'camt053' | 'mt940';

/** A camt.053 or MT940 file into the bank's entries (docs/domain/bank-formats.md). */
export async function importStatementFile(
  deps: TAssignDeps & { db: Db },
  actor: TSessionUser,
  bankId: number,
  text: string,
  format: TStatementFormat,
): Promise<TImportResult> {
  const bank = await repo.bank(deps.db, bankId);
  if (!bank) throw notFound('Bank');
  const rows = format === 'camt053' ? readCamt053(text, bank.currency) : readMt940(text, bank.currency);
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS} entries per file`, 'file');
  return storeEntries(deps, actor, bank, rows, null);
}

/** Stores the lines of a statement (a file or a bank feed): one transaction, duplicates skipped, matched. */
export function storeEntries(
  deps: TAssignDeps & { db: Db },
  actor: TSessionUser,
  bank: TBankRow,
  rows: readonly TParsed[],
  mapping: TCsvMapping | null,
): Promise<TImportResult> {
  return deps.db.transaction(async (tx) => {
    if (mapping) await repo.setMapping(tx, bank.id, mapping);
    const fresh = await withoutDuplicates(tx, bank.id, rows);
    const importId = fresh.length ? randomUUID() : null;
    const inserted = await repo.insertEntries(
      tx,
      fresh.map(({ row, entry }) => ({
        bankId: bank.id,
        ...entry,
        importId,
        raw: { row },
        userId: actor.id,
      })),
    );
    const { suggested, assigned } = await matchEntries(deps, tx, actor, inserted, bank.autoAssign);
    return {
      importId,
      rows: rows.length,
      imported: inserted.length,
      duplicates: rows.length - fresh.length,
      assigned,
      suggested,
      errors: [],
    };
  });
}

/** The rows that are neither in the bank already nor earlier in the same file. */
async function withoutDuplicates(tx: Tx, bankId: number, rows: readonly TParsed[]): Promise<TParsed[]> {
  if (rows.length === 0) return [];
  const externalIds = rows.map((r) => r.entry.externalId).filter((id): id is string => id !== null);
  const seenIds = await repo.existingExternalIds(tx, bankId, [...new Set(externalIds)]);
  const days = rows.map((r) => r.entry.date).sort();
  const seenKeys = new Set(
    (await repo.entryKeysBetween(tx, bankId, days[0] ?? '', days[days.length - 1] ?? '')).map(duplicateKey),
  );
  return rows.filter(({ entry }) => {
    if (entry.externalId !== null) {
      if (seenIds.has(entry.externalId)) return false;
      seenIds.add(entry.externalId);
      return true;
    }
    const key = duplicateKey(entry);
    if (seenKeys.has(key)) return false;
    seenKeys.add(key);
    return true;
  });
}

/**
 * Suggestions for the incoming entries, and the auto-assignment of a unique strong match. One booking is
 * auto-assigned once per import: after a payment its open amount moves, so a second entry waits for staff.
 */
export async function matchEntries(
  deps: TAssignDeps,
  tx: Tx,
  actor: TSessionUser,
  entries: readonly TBankEntryRow[],
  isAutoAssign: boolean,
): Promise<{ suggested: number; assigned: number }> {
  const incoming = entries.filter((e) => new D(e.amount).gt(0));
  const numbers = new Set(incoming.flatMap((e) => findBookingNumbers(e.reference)));
  const invoiceNumbers = new Set(incoming.flatMap((e) => findInvoiceNumbers(e.reference)));
  const byNumber = withInvoices(
    await repo.candidatesByNumbers(tx, [...numbers]),
    await repo.candidatesByInvoiceNumbers(tx, [...invoiceNumbers]),
  );
  const withoutNumber = incoming.filter((e) => findBookingNumbers(e.reference).length === 0);
  const byName = new Map<string, TMatchCandidate[]>();
  for (const currency of new Set(withoutNumber.map((e) => e.currency))) {
    const amounts = [...new Set(withoutNumber.filter((e) => e.currency === currency).map((e) => e.amount))];
    byName.set(currency, await repo.candidatesByOpenAmount(tx, currency, amounts));
  }
  let suggested = 0;
  let assigned = 0;
  const paidBookings = new Set<number>();
  for (const entry of incoming) {
    const candidates = [...byNumber, ...(byName.get(entry.currency) ?? [])];
    const suggestions: TSuggestion[] = matchEntry(entry, candidates);
    if (suggestions.length === 0) {
      if (Array.isArray(entry.suggestions) && entry.suggestions.length)
        await repo.setSuggestions(tx, entry.id, []);
      continue;
    }
    suggested += 1;
    await repo.setSuggestions(tx, entry.id, suggestions);
    const strong = uniqueStrong(suggestions);
    if (!isAutoAssign || !strong || paidBookings.has(strong.bookingId)) continue;
    if (await tryAssign(deps, tx, actor, entry, strong.bookingId)) {
      paidBookings.add(strong.bookingId);
      assigned += 1;
    }
  }
  return { suggested, assigned };
}

/** One candidate per booking: a booking found by its number and by an invoice keeps both. */
function withInvoices(byNumber: TMatchCandidate[], byInvoice: TMatchCandidate[]): TMatchCandidate[] {
  const all = new Map(byNumber.map((c) => [c.bookingId, c]));
  for (const c of byInvoice) {
    const known = all.get(c.bookingId);
    if (known) known.invoiceNumbers = c.invoiceNumbers;
    else all.set(c.bookingId, c);
  }
  return [...all.values()];
}

/**
 * Auto-assigns in a savepoint: a booking the user may not see or that takes no payment (404, 409) keeps
 * the suggestion for staff instead of failing the whole import.
 */
async function tryAssign(
  deps: TAssignDeps,
  tx: Tx,
  actor: TSessionUser,
  entry: TBankEntryRow,
  bookingId: number,
) {
  try {
    await tx.transaction((savepoint) =>
      assignEntry(
        deps,
        savepoint,
        actor,
        entry.id,
        { bookingId, amount: entry.amount },
        { rateType: 'direct' },
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return false;
    throw error;
  }
}
