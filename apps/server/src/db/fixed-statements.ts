import {
  Column,
  eq,
  fillPlaceholders,
  getTableColumns,
  getTableName,
  Param,
  Placeholder,
  SQL,
  sql,
} from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
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
  return runFields<T>(ex, text, params, returning && returningOf(returning).fields);
}

async function runFields<T>(
  ex: Executor,
  text: string,
  params: unknown[],
  fields: SelectedFieldsOrdered | undefined,
): Promise<T[]> {
  const query = ex._.session.prepareQuery({ sql: text, params }, fields, undefined, true);
  const result = await query.execute();
  return (fields ? result : []) as T[];
}

const dialect = new PgDialect();

/**
 * A statement whose text never changes: drizzle renders `build()` once, on the first run, its
 * `sql.placeholder(name)`s becoming parameters; every run sends that text with `values` in their places and
 * answers the rows under the names the statement gives them (an alias such as `as "roomId"` names a key). For
 * the statements a booking write sends every time; drizzle's SQL objects, built anew on each call, were most of
 * what outlived a creation in the young generation (ADR 0025).
 */
export function fixedStatement<TRow>(build: () => SQL) {
  let query: { sql: string; params: unknown[] } | undefined;
  return async (ex: Executor, values: Record<string, unknown>): Promise<TRow[]> => {
    query ??= dialect.sqlToQuery(build());
    const params = fillPlaceholders(query.params, values);
    const result = await ex._.session
      .prepareQuery({ sql: query.sql, params }, undefined, undefined, false)
      .execute();
    return (result as { rows: TRow[] }).rows;
  };
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
  const params: unknown[] = [];
  const shape = rowsShape(table, rows, params);
  if (shape === undefined) return drizzleInsert(ex, table, rows, returning);
  const info = infoOf(table);
  const key = `${returningKey(returning)}:${shape}`;
  let text = info.texts.get(key);
  if (text === undefined) {
    text = drizzleInsertQuery(ex, table, rows, returning).toSQL().sql;
    remember(info, key, text);
  }
  return run<T>(ex, text, params, returning);
}

/**
 * The shape of an insert of `rows` into `table` (which columns of each row get a value), their values pushed
 * onto `params`; undefined when drizzle fills in a column itself or must render a value into the text.
 */
function rowsShape(table: PgTable, rows: readonly Record<string, unknown>[], params: unknown[]) {
  const info = infoOf(table);
  if (info.fillsIn) return undefined;
  let shape = '';
  for (const row of rows) {
    const mask = valuesOf(info.insertable, row, params);
    if (mask === undefined) return undefined;
    shape += `${mask}|`;
  }
  return shape;
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

/** Rows written beside the main row of insertTogether; `back`: the columns to answer of each, in the order written. */
export type TBeside = {
  table: PgTable;
  rows: readonly Record<string, unknown>[];
  back?: readonly string[];
};

/** insertTogether's statements by shape: the text and what its answer maps. */
const together = new Map<string, { text: string; fields: SelectedFieldsOrdered; params: number }>();
const BACK = '__beside';
const INTEGERS = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgSmallSerial']);

/**
 * `main.row` and the rows of `beside` in one statement: each part of `beside` (with rows) a data-modifying CTE
 * in the given order, then the insert of the main row, answered as `main.returning` selects it. PostgreSQL
 * checks foreign keys at the end of the statement, so the parts may refer to the main row and to each other's
 * rows by ids the caller drew before. `back[i]`: the columns `beside[i].back` names of that part's rows, in the
 * order written (the database numbers them in that order): integers as numbers, the rest read as text and mapped
 * by its column (numerics, text). A value drizzle renders into the text takes one statement per part instead.
 */
export async function insertTogether<T>(
  ex: Executor,
  main: { table: PgTable; row: Record<string, unknown>; returning: TReturning },
  beside: readonly TBeside[],
): Promise<{ row: T; back: Record<string, unknown>[][] }> {
  // The key and the values, part by part in their order, the main row last; no object made per part: objects
  // of changing shapes meeting here made V8 compile this function again and again (ADR 0025).
  const params: unknown[] = [];
  let key = `${returningKey(main.returning)}:`;
  for (let i = 0; i < beside.length; i++) {
    const part = beside[i] as TBeside;
    if (part.rows.length === 0) continue;
    const shape = rowsShape(part.table, part.rows, params);
    if (shape === undefined) return insertApart<T>(ex, main, beside);
    key += `${i}${getTableName(part.table)}(${part.back?.join(',') ?? ''}):${shape}`;
  }
  const shape = rowsShape(main.table, [main.row], params);
  if (shape === undefined) return insertApart<T>(ex, main, beside);
  key += `${getTableName(main.table)}:${shape}`;
  let statement = together.get(key);
  if (statement === undefined) {
    statement = renderTogether(ex, main, beside);
    if (statement.params !== params.length)
      throw new Error(`insertTogether: ${statement.params} parameters rendered, ${params.length} values`);
    if (together.size < MAX_SHAPES) together.set(key, statement);
  }
  const [answer] = await runFields<Record<string, unknown>>(ex, statement.text, params, statement.fields);
  if (!answer) throw new Error(`${getTableName(main.table)}: no row returned`);
  return splitAnswer<T>(answer, beside);
}

/** insertTogether's answer: the main row, and apart from it the columns of the parts' rows it brought back. */
function splitAnswer<T>(answer: Record<string, unknown>, beside: readonly TBeside[]) {
  const back = beside.map((): Record<string, unknown>[] => []);
  const row: Record<string, unknown> = {};
  for (const name of Object.keys(answer)) {
    const value = answer[name];
    if (!name.startsWith(BACK)) {
      row[name] = value;
      continue;
    }
    const [i, column] = name.slice(BACK.length).split(':') as [string, string];
    const mapped = getTableColumns((beside[Number(i)] as TBeside).table)[column] as PgColumn;
    const list = back[Number(i)] as Record<string, unknown>[];
    const values = value as (string | null)[];
    for (let n = 0; n < values.length; n++) {
      const v = values[n] as string | null;
      list[n] ??= {};
      (list[n] as Record<string, unknown>)[column] = v === null ? null : mapped.mapFromDriverValue(v);
    }
  }
  return { row: row as T, back };
}

function renderTogether(
  ex: Executor,
  main: { table: PgTable; row: Record<string, unknown>; returning: TReturning },
  beside: readonly TBeside[],
) {
  let offset = 0;
  /** Drizzle's text of a piece with its parameters numbered after the pieces before it. */
  const shifted = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    const at = offset;
    offset += params.length;
    return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + at}`);
  };
  const ctes: string[] = [];
  const back: TReturning = {};
  beside.forEach((part, i) => {
    if (part.rows.length === 0) return;
    ctes.push(`"w${i}" as (${shifted(ex.insert(part.table).values(part.rows as never[]))} returning *)`);
    for (const column of part.back ?? []) {
      const { name, columnType } = getTableColumns(part.table)[column] as PgColumn;
      // Integers come back as numbers; everything else as text, mapped by its column.
      const value = INTEGERS.has(columnType) ? `"${name}"` : `"${name}"::text`;
      back[`${BACK}${i}:${column}`] = sql.raw(`(select array_agg(${value} order by "id") from "w${i}")`);
    }
  });
  const returning = Object.assign({}, main.returning, back);
  const insert = shifted(
    ex
      .insert(main.table)
      .values([main.row] as never[])
      .returning(returning),
  );
  return {
    text: ctes.length > 0 ? `with ${ctes.join(', ')} ${insert}` : insert,
    fields: Object.entries(returning).map(([key, field]) => ({ path: [key], field })),
    params: offset,
  };
}

/** insertTogether one statement per part: the main row first, then the parts in their order. */
async function insertApart<T>(
  ex: Executor,
  main: { table: PgTable; row: Record<string, unknown>; returning: TReturning },
  beside: readonly TBeside[],
): Promise<{ row: T; back: Record<string, unknown>[][] }> {
  const [row] = await insertRows<T>(ex, main.table, [main.row], main.returning);
  if (!row) throw new Error(`${getTableName(main.table)}: no row returned`);
  const back: Record<string, unknown>[][] = [];
  for (const part of beside) {
    const rows =
      part.rows.length > 0
        ? await insertRows<Record<string, unknown>>(ex, part.table, part.rows, wholeRow(part.table))
        : [];
    const columns = part.back ?? [];
    back.push(columns.length > 0 ? rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]]))) : []);
  }
  return { row, back };
}

/**
 * The row `values` become when inserted into `table`, made without asking the database: each column's value,
 * else its default, else null (a generated column: null). A column the database fills in by itself (a serial id,
 * an SQL default such as now()) must be given. Exact where the values come as the database answers them (ids,
 * text, booleans, dates, timestamps to the millisecond); numerics come back at their column's scale.
 */
export function rowOf<T>(table: PgTable, values: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [name, column] of infoOf(table).columns) {
    const value = values[name];
    if (value !== undefined) row[name] = value;
    else if (column.generated !== undefined) row[name] = null;
    else if (column.default !== undefined && !(column.default instanceof SQL))
      row[name] = typeof column.default === 'object' ? structuredClone(column.default) : column.default;
    else if (!column.hasDefault && column.defaultFn === undefined) row[name] = null;
    else throw new Error(`${getTableName(table)}.${name}: the database fills it in; give it a value`);
  }
  return row as T;
}
