import { FILTER_OPERATORS, type TFilterOperator } from '@atoll/domain/list';
import {
  and,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.ts';

export type TFieldType = 'number' | 'string' | 'boolean' | 'date' | 'datetime';

/** A column a list may sort, filter or search by. Only declared fields are reachable. */
export type TListField = {
  column: PgColumn | SQL;
  type: TFieldType;
  sort?: boolean;
  filter?: boolean;
  search?: boolean;
};
export type TListFields = Record<string, TListField>;

const MAX_DEPTH = 6;
const MAX_CONDITIONS = 100;
const MAX_IN_VALUES = 1000;
const OPERATORS = new Set<string>(FILTER_OPERATORS);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
// ISO 8601 only: `new Date()` alone would also read '1' as a date in 2001.
const DATETIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** A real calendar day: Date.parse would roll 2024-02-30 over to March 1st. */
function isCalendarDate(value: string) {
  if (!DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

type TScalar = string | number | boolean | Date;

/** Escapes LIKE wildcards so that user text matches literally. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function coerce(field: string, type: TFieldType, value: unknown): TScalar {
  const fail = () => badRequest(`Filter value for "${field}" must be a ${type}`, `filter.${field}`);
  switch (type) {
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw fail();
      return n;
    }
    case 'string':
      if (typeof value !== 'string' && typeof value !== 'number') throw fail();
      return String(value);
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw fail();
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value)) throw fail();
      return value;
    case 'datetime': {
      const d =
        (typeof value === 'string' && DATETIME.test(value.trim())) || typeof value === 'number'
          ? new Date(typeof value === 'string' ? value.trim() : value)
          : undefined;
      if (!d || Number.isNaN(d.getTime())) throw fail();
      return d;
    }
  }
}

type TContext = { fields: TListFields; conditions: number };

function compileOperator(
  ctx: TContext,
  name: string,
  field: TListField,
  op: TFilterOperator,
  value: unknown,
): SQL {
  // A column or an SQL expression; drizzle's operators take both at run time.
  const col = field.column as PgColumn;
  if (++ctx.conditions > MAX_CONDITIONS) throw badRequest('The filter has too many conditions', 'filter');
  if (op === '$in' || op === '$nin') {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES) {
      throw badRequest(`${op} on "${name}" needs a list of 1 to ${MAX_IN_VALUES} values`, `filter.${name}`);
    }
    const list = value.map((v) => coerce(name, field.type, v));
    // Like $ne, $nin keeps the rows without a value (Mongo semantics); plain NOT IN would drop them.
    return op === '$in' ? inArray(col, list) : (or(isNull(col), not(inArray(col, list))) as SQL);
  }
  if (value === null) {
    if (op === '$eq') return isNull(col);
    if (op === '$ne') return isNotNull(col);
    throw badRequest(`${op} on "${name}" needs a value`, `filter.${name}`);
  }
  if (op === '$like') {
    if (typeof value !== 'string') throw badRequest(`$like on "${name}" needs text`, `filter.${name}`);
    return sql`${col}::text ilike ${likeContains(value)}`;
  }
  const v = coerce(name, field.type, value);
  // `<>` is unknown for NULL; "not equal to 5" includes the rows without a value.
  if (op === '$ne') return or(isNull(col), ne(col, v)) as SQL;
  const compare = { $eq: eq, $gt: gt, $gte: gte, $lt: lt, $lte: lte }[op];
  return compare(col, v);
}

function compileField(ctx: TContext, name: string, value: unknown): SQL {
  const field = Object.hasOwn(ctx.fields, name) ? ctx.fields[name] : undefined;
  if (!field?.filter) throw badRequest(`Cannot filter by "${name}"`, `filter.${name}`);
  if (value === null || typeof value !== 'object') return compileOperator(ctx, name, field, '$eq', value);
  if (Array.isArray(value)) throw badRequest(`Use $in to match "${name}" against a list`, `filter.${name}`);
  const entries = Object.entries(value);
  if (entries.length === 0) throw badRequest(`Empty condition for "${name}"`, `filter.${name}`);
  const parts = entries.map(([op, v]) => {
    if (!OPERATORS.has(op)) throw badRequest(`Unknown operator "${op}"`, `filter.${name}`);
    return compileOperator(ctx, name, field, op as TFilterOperator, v);
  });
  return and(...parts) as SQL;
}

function compileNode(ctx: TContext, node: unknown, depth: number): SQL | undefined {
  if (depth > MAX_DEPTH) throw badRequest('The filter is nested too deeply', 'filter');
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw badRequest('A filter must be a JSON object', 'filter');
  }
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0)
        throw badRequest(`${key} needs a non-empty list`, 'filter');
      const children = value.map((child) => compileNode(ctx, child, depth + 1)).filter((c): c is SQL => !!c);
      const combined = key === '$and' ? and(...children) : or(...children);
      if (combined) parts.push(combined);
    } else if (key.startsWith('$')) {
      throw badRequest(`Unknown operator "${key}"`, 'filter');
    } else {
      parts.push(compileField(ctx, key, value));
    }
  }
  return parts.length ? and(...parts) : undefined;
}

/**
 * Compiles the list's JSON filter to SQL over whitelisted fields and operators; anything else is a 400.
 * Values are bound parameters. `null` with $eq/$ne tests for a missing value; $ne and $nin keep rows
 * without a value, as in MongoDB whose operator names these are.
 */
export function compileFilter(filter: string | undefined, fields: TListFields): SQL | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(filter);
  } catch {
    throw badRequest('The filter is not valid JSON', 'filter');
  }
  return compileNode({ fields, conditions: 0 }, parsed, 0);
}

/** Case-insensitive "contains" over the searchable fields. */
export function compileSearch(search: string | undefined, fields: TListFields): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = likeContains(text);
  const columns = Object.values(fields).filter((f) => f.search);
  if (columns.length === 0) return undefined;
  return or(...columns.map((f) => sql`${f.column}::text ilike ${pattern}`));
}
