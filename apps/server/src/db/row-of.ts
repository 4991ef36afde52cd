import { getTableColumns, getTableName, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The row `values` become when inserted into `table`, made without asking the database: each column's value,
 * else its default, else null (a generated column: null). A column the database fills in by itself (a serial id,
 * an SQL default such as now()) must be given. Exact where the values come as the database answers them (ids,
 * text, booleans, dates, timestamps to the millisecond); numerics come back at their column's scale. The create
 * flow prices and checks a booking from these rows before it writes them.
 */
export function rowOf<T>(table: PgTable, values: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
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
