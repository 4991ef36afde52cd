import { Column, eq, getTableColumns, Param, Placeholder, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

// Inserts and updates of the booking writes with their SQL text built once per shape instead of on every call
// (ADR 0025). Drizzle's builder renders a statement anew from its parts each time, which was the largest part of
// the JavaScript of a booking creation. The text depends only on the table, which columns get a value (the rest
// are `default`, or left alone by an update), how many rows, and what comes back; so the first call of a shape
// renders it with drizzle, later calls send that same text with their own values, each mapped by its column as
// drizzle maps it, and drizzle's session maps the rows that come back. A value drizzle renders into the text
// itself (an SQL expression, a column, a placeholder, a column type that maps to SQL) takes drizzle's own path.

/** What an insert or update answers: columns and SQL expressions by the key they come back under. */
export type TReturning = Record<string, PgColumn | SQL>;

type TTableInfo = {
  /** All columns by key, in the table's order (the order drizzle renders them in). */
  columns: [string, PgColumn][];
  insertable: [string, PgColumn][];
  /** Columns drizzle fills in by itself ($defaultFn, $onUpdate) change the text per call: drizzle's path. */
  fillsIn: boolean;
  /** Every column, as a returning selection (`wholeRow`). */
  row: TReturning;
  texts: Map<string, string>;
};

/** Shapes kept per table; a table written in more shapes (unusual row counts) renders the rest each time. */
const MAX_SHAPES = 200;
const tables = new WeakMap<PgTable, TTableInfo>();
/** Per returning selection: its key among the shapes, and its fields as drizzle's session maps them. */
const returnings = new WeakMap<TReturning, { key: string; fields: SelectedFieldsOrdered }>();
let returningCount = 0;

function infoOf(table: PgTable): TTableInfo {
  let info = tables.get(table);
  if (!info) {
    const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
    info = {
      columns,
      insertable: columns.filter(([, c]) => c.generated === undefined || c.generated.type === 'byDefault'),
      fillsIn: columns.some(([, c]) => c.defaultFn !== undefined || c.onUpdateFn !== undefined),
      row: Object.fromEntries(columns),
      texts: new Map(),
    };
    tables.set(table, info);
  }
  return info;
}

/** Every column of the table, as `returning` selects the whole row (one object per table). */
export const wholeRow = (table: PgTable): TReturning => infoOf(table).row;

/**
 * A returning selection's key and fields, by identity: a caller passes the same object each time (`wholeRow`,
 * or one kept in a constant); a new object each call would render each time.
 */
function returningOf(returning: TReturning) {
  let known = returnings.get(returning);
  if (!known) {
    known = {
      key: String(++returningCount),
      fields: Object.entries(returning).map(([key, field]) => ({ path: [key], field })),
    };
    returnings.set(returning, known);
  }
  return known;
}
const returningKey = (returning: TReturning | undefined) => (returning ? returningOf(returning).key : '-');

const isRendered = (value: unknown) =>
  value instanceof SQL || value instanceof Param || value instanceof Placeholder || value instanceof Column;

/** A value as drizzle sends it for its column; undefined when drizzle would render it into the text. */
function driverValue(column: PgColumn, value: unknown): unknown {
  if (value === null) return null;
  if (typeof value === 'object' && isRendered(value)) return undefined;
  const mapped = column.mapToDriverValue(value);
  return mapped instanceof SQL ? undefined : mapped;
}

/**
 * Pushes the values `values` gives the columns, mapped for the driver, onto `params`, and answers which columns
 * got one (`1`) and which not (`0`); undefined when drizzle must render a value into the text.
 */
function valuesOf(columns: [string, PgColumn][], values: Record<string, unknown>, params: unknown[]) {
  let mask = '';
  for (const [name, column] of columns) {
    const value = values[name];
    if (value === undefined) {
      mask += '0';
      continue;
    }
    const sent = driverValue(column, value);
    if (sent === undefined) return undefined;
    params.push(sent);
    mask += '1';
  }
  return mask;
}

function remember(info: TTableInfo, key: string, text: string) {
  if (info.texts.size < MAX_SHAPES) info.texts.set(key, text);
}

async function run<T>(
  ex: Executor,
  text: string,
  params: unknown[],
  returning: TReturning | undefined,
): Promise<T[]> {
  const query = ex._.session.prepareQuery(
    { sql: text, params },
    returning && returningOf(returning).fields,
    undefined,
    true,
  );
  const result = await query.execute();
  return (returning ? result : []) as T[];
}

/**
 * `insert into table … values …` for `rows` (at least one), answering the rows as `returning` selects them
 * (none without it), as drizzle's `ex.insert(table).values(rows).returning(returning)` does.
 */
export async function insertRows<T>(
  ex: Executor,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning?: TReturning,
): Promise<T[]> {
  const info = infoOf(table);
  if (info.fillsIn) return drizzleInsert(ex, table, rows, returning);
  const params: unknown[] = [];
  let key = `${returningKey(returning)}:`;
  for (const row of rows) {
    const mask = valuesOf(info.insertable, row, params);
    if (mask === undefined) return drizzleInsert(ex, table, rows, returning);
    key += `${mask}|`;
  }
  let text = info.texts.get(key);
  if (text === undefined) {
    text = drizzleInsertQuery(ex, table, rows, returning).toSQL().sql;
    remember(info, key, text);
  }
  return run<T>(ex, text, params, returning);
}

function drizzleInsertQuery(
  ex: Executor,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning: TReturning | undefined,
) {
  const insert = ex.insert(table).values(rows as never[]);
  return returning ? insert.returning(returning) : insert;
}

async function drizzleInsert<T>(
  ex: Executor,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning: TReturning | undefined,
): Promise<T[]> {
  const result = await drizzleInsertQuery(ex, table, rows, returning);
  return (returning ? result : []) as T[];
}

/**
 * `update table set … where idColumn = id`, answering the row as `returning` selects it (undefined when no row
 * has that id), as drizzle's `ex.update(table).set(set).where(eq(idColumn, id)).returning(returning)` does.
 */
export async function updateRow<T>(
  ex: Executor,
  table: PgTable,
  idColumn: PgColumn,
  id: unknown,
  set: Record<string, unknown>,
  returning: TReturning,
): Promise<T | undefined> {
  const info = infoOf(table);
  const drizzleUpdate = () => ex.update(table).set(set).where(eq(idColumn, id)).returning(returning);
  const params: unknown[] = [];
  const mask = info.fillsIn ? undefined : valuesOf(info.columns, set, params);
  if (mask === undefined) return ((await drizzleUpdate()) as T[])[0];
  const key = `${returningKey(returning)}:${idColumn.name}:${mask}`;
  params.push(driverValue(idColumn, id));
  let text = info.texts.get(key);
  if (text === undefined) {
    text = drizzleUpdate().toSQL().sql;
    remember(info, key, text);
  }
  const [row] = await run<T>(ex, text, params, returning);
  return row;
}
