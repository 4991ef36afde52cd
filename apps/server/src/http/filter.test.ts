import { asc, count, type SQL, sql } from 'drizzle-orm';
import { boolean, date, integer, PgDialect, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { compileFilter, compileSearch, likeContains, type TListFields } from './filter.ts';

// A table of this test only: one column per field type, every one nullable.
const probe = pgTable('filter_probe', {
  id: serial('id').primaryKey(),
  n: integer('n'),
  label: text('label'),
  note: text('note'),
  day: date('day', { mode: 'string' }),
  at: timestamp('at', { withTimezone: true }),
  flag: boolean('flag'),
});

const fields: TListFields = {
  id: { column: probe.id, type: 'number', sort: true, filter: true },
  n: { column: probe.n, type: 'number', filter: true },
  label: { column: probe.label, type: 'string', filter: true, search: true },
  note: { column: probe.note, type: 'string', filter: true, search: true },
  day: { column: probe.day, type: 'date', filter: true },
  at: { column: probe.at, type: 'datetime', filter: true },
  flag: { column: probe.flag, type: 'boolean', filter: true },
  lowerLabel: { column: sql`lower(${probe.label})`, type: 'string', filter: true },
  // Sortable but not filterable: a whitelist entry does not open every door.
  secret: { column: probe.note, type: 'string', sort: true },
};

const userFields: TListFields = {
  id: { column: users.id, type: 'number', filter: true },
  name: { column: users.name, type: 'string', filter: true, search: true },
  email: { column: users.email, type: 'string', filter: true, search: true },
  phone: { column: users.phone, type: 'string', filter: true },
  createdAt: { column: users.createdAt, type: 'datetime', filter: true },
  lastLoginAt: { column: users.lastLoginAt, type: 'datetime', filter: true },
};

const ROWS = [
  { n: 1, label: 'alpha', note: null, day: '2024-01-01', at: '2024-01-01T08:00:00Z', flag: true },
  { n: 5, label: 'Beta', note: 'x', day: '2024-02-29', at: '2024-02-29T12:00:00Z', flag: false },
  { n: 10, label: '50%', note: '50% off', day: '2024-03-01', at: '2024-03-01T00:00:00Z', flag: true },
  { n: -3, label: '500', note: 'x', day: '2023-12-31', at: '2023-12-31T23:59:59Z', flag: false },
  { n: null, label: 'a_b', note: null, day: null, at: null, flag: null },
  { n: 7, label: 'axb', note: 'y', day: '2024-06-15', at: '2024-06-15T10:30:00Z', flag: true },
  { n: 8, label: 'back\\slash', note: 'z', day: '2024-06-16', at: '2024-06-16T10:30:00Z', flag: false },
  { n: 9, label: '50 percent', note: 'x', day: '2024-06-17', at: '2024-06-17T10:30:00Z', flag: true },
] as const;
// Row ids in insertion order: the table is fresh, so row i has id i + 1.
const ID = (label: string) => ROWS.findIndex((r) => r.label === label) + 1;

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table filter_probe (id serial primary key, n integer, label text, note text, day date, at timestamptz, flag boolean)`,
  );
  await database.db
    .insert(probe)
    .values(ROWS.map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at) })));
  await database.db.insert(users).values([
    { email: 'a@example.com', name: 'Anna 50%', phone: '+49 1' },
    { email: 'b@example.com', name: 'Bert 500', phone: null },
    { email: 'c@example.com', name: "O'Brien", phone: '+49 3' },
    { email: 'd@example.com', name: 'x', phone: null },
  ]);
});
afterAll(() => database?.close());

/** Ids of the probe rows the filter selects. */
async function ids(filter: unknown, on: TListFields = fields): Promise<number[]> {
  const where = compileFilter(typeof filter === 'string' ? filter : JSON.stringify(filter), on);
  const rows = await database.db.select({ id: probe.id }).from(probe).where(where).orderBy(asc(probe.id));
  return rows.map((r) => r.id);
}

async function userNames(filter: unknown): Promise<string[]> {
  const where = compileFilter(JSON.stringify(filter), userFields);
  const rows = await database.db.select({ name: users.name }).from(users).where(where).orderBy(asc(users.id));
  return rows.map((r) => r.name);
}

/** The filter is refused with a 400 ValidationError; returns the error for further checks. */
function refused(filter: unknown, on: TListFields = fields): AppError {
  const text = typeof filter === 'string' ? filter : JSON.stringify(filter);
  let error: unknown;
  try {
    compileFilter(text, on);
  } catch (e) {
    error = e;
  }
  expect(error, `filter ${text.slice(0, 80)} must be refused`).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ statusCode: 400, code: 'ValidationError' });
  return error as AppError;
}

const all = ROWS.map((_, i) => i + 1);
const where = (pred: (r: (typeof ROWS)[number]) => boolean) =>
  ROWS.flatMap((r, i) => (pred(r) ? [i + 1] : []));

describe('compileFilter: no filter', () => {
  it('returns undefined for a missing, empty or blank filter and for {}', async () => {
    expect(compileFilter(undefined, fields)).toBeUndefined();
    expect(compileFilter('', fields)).toBeUndefined();
    expect(compileFilter('   ', fields)).toBeUndefined();
    expect(compileFilter('{}', fields)).toBeUndefined();
    expect(await ids({})).toEqual(all);
  });
});

describe('compileFilter: equality and null', () => {
  it('matches implicit and explicit $eq alike', async () => {
    expect(await ids({ n: 5 })).toEqual([ID('Beta')]);
    expect(await ids({ n: { $eq: 5 } })).toEqual([ID('Beta')]);
    expect(await ids({ label: 'alpha' })).toEqual([ID('alpha')]);
    expect(await ids({ label: { $eq: 'alpha' } })).toEqual([ID('alpha')]);
  });

  it('is case-sensitive for $eq on text', async () => {
    expect(await ids({ label: 'beta' })).toEqual([]);
    expect(await ids({ lowerLabel: 'beta' })).toEqual([ID('Beta')]);
  });

  it('coerces a numeric string for a number field and a number for a text field', async () => {
    expect(await ids({ n: '5' })).toEqual([ID('Beta')]);
    expect(await ids({ label: 500 })).toEqual([ID('500')]);
  });

  it('reads null as IS NULL and $ne null as IS NOT NULL', async () => {
    expect(await ids({ note: null })).toEqual(where((r) => r.note === null));
    expect(await ids({ note: { $eq: null } })).toEqual(where((r) => r.note === null));
    expect(await ids({ note: { $ne: null } })).toEqual(where((r) => r.note !== null));
    expect(await ids({ n: null })).toEqual([ID('a_b')]);
  });

  it('keeps rows without a value for $ne (MongoDB semantics)', async () => {
    expect(await ids({ note: { $ne: 'x' } })).toEqual(where((r) => r.note !== 'x'));
    expect(await ids({ note: { $ne: 'x' } })).toContain(ID('alpha'));
  });

  it('matches booleans given as JSON booleans or as text', async () => {
    expect(await ids({ flag: true })).toEqual(where((r) => r.flag === true));
    expect(await ids({ flag: 'false' })).toEqual(where((r) => r.flag === false));
    expect(await ids({ flag: { $ne: true } })).toEqual(where((r) => r.flag !== true));
  });
});

describe('compileFilter: $in and $nin', () => {
  it('selects by a list', async () => {
    expect(await ids({ n: { $in: [1, 10, 42] } })).toEqual([ID('alpha'), ID('50%')]);
    expect(await ids({ label: { $in: ['Beta', 'axb'] } })).toEqual([ID('Beta'), ID('axb')]);
  });

  it('excludes a list and keeps rows without a value', async () => {
    expect(await ids({ n: { $nin: [1, 10] } })).toEqual(where((r) => r.n !== 1 && r.n !== 10));
    expect(await ids({ n: { $nin: [1, 10] } })).toContain(ID('a_b'));
  });

  it('accepts 1000 values and refuses an empty list, more than 1000 values and a non-list', async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => i - 3);
    expect(await ids({ n: { $in: thousand } })).toEqual(where((r) => r.n !== null && r.n < 997));
    for (const op of ['$in', '$nin']) {
      refused({ n: { [op]: [] } });
      refused({ n: { [op]: [...thousand, 1000] } });
      refused({ n: { [op]: 5 } });
      refused({ n: { [op]: 'a,b' } });
    }
  });

  it('refuses a list with a value of the wrong type', () => {
    refused({ n: { $in: [1, 'abc'] } });
    refused({ n: { $nin: [null] } });
    refused({ day: { $in: ['2024-13-01'] } });
  });
});

describe('compileFilter: comparisons', () => {
  it('compares numbers', async () => {
    expect(await ids({ n: { $gt: 5 } })).toEqual(where((r) => r.n !== null && r.n > 5));
    expect(await ids({ n: { $gte: 5 } })).toEqual(where((r) => r.n !== null && r.n >= 5));
    expect(await ids({ n: { $lt: 5 } })).toEqual(where((r) => r.n !== null && r.n < 5));
    expect(await ids({ n: { $lte: 5 } })).toEqual(where((r) => r.n !== null && r.n <= 5));
    expect(await ids({ n: { $lt: 0 } })).toEqual([ID('500')]);
    expect(await ids({ n: { $gt: 1, $lte: 8 } })).toEqual(where((r) => r.n !== null && r.n > 1 && r.n <= 8));
  });

  it('compares dates, including a leap day', async () => {
    expect(await ids({ day: '2024-02-29' })).toEqual([ID('Beta')]);
    expect(await ids({ day: { $gte: '2024-02-29' } })).toEqual(
      where((r) => r.day !== null && r.day >= '2024-02-29'),
    );
    expect(await ids({ day: { $lt: '2024-01-01' } })).toEqual([ID('500')]);
    expect(await ids({ day: { $gt: '2024-01-01', $lte: '2024-03-01' } })).toEqual([ID('Beta'), ID('50%')]);
  });

  it('compares datetimes given as ISO text with any offset, or as epoch milliseconds', async () => {
    const after = (iso: string) => where((r) => r.at !== null && Date.parse(r.at) > Date.parse(iso));
    expect(await ids({ at: { $gt: '2024-02-29T11:59:59Z' } })).toEqual(after('2024-02-29T11:59:59Z'));
    expect(await ids({ at: { $gte: '2024-02-29T12:00:00.000Z' } })).toEqual(after('2024-02-29T11:59:59Z'));
    expect(await ids({ at: { $lt: '2024-01-01' } })).toEqual([ID('500')]);
    expect(await ids({ at: { $lte: '2024-01-01T08:00:00Z' } })).toEqual([ID('alpha'), ID('500')]);
    expect(await ids({ at: '2024-01-01T09:00:00+01:00' })).toEqual([ID('alpha')]);
    expect(await ids({ at: Date.parse('2024-03-01T00:00:00Z') })).toEqual([ID('50%')]);
  });

  it('compares text by collation-independent equality bounds', async () => {
    expect(await ids({ label: { $gte: 'axb', $lte: 'axb' } })).toEqual([ID('axb')]);
  });
});

describe('compileFilter: $like', () => {
  it('matches case-insensitively as "contains"', async () => {
    expect(await ids({ label: { $like: 'ETA' } })).toEqual([ID('Beta')]);
    expect(await ids({ label: { $like: 'a' } })).toEqual(
      where((r) => !!r.label?.toLowerCase().includes('a')),
    );
  });

  it('takes % and _ literally: "50%" matches only a literal 50%', async () => {
    expect(await ids({ label: { $like: '50%' } })).toEqual([ID('50%')]);
    expect(await ids({ label: { $like: 'a_b' } })).toEqual([ID('a_b')]);
    expect(await ids({ label: { $like: '\\' } })).toEqual([ID('back\\slash')]);
    expect(await ids({ label: { $like: '%' } })).toEqual([ID('50%')]);
    expect(await userNames({ name: { $like: '50%' } })).toEqual(['Anna 50%']);
  });

  it('escapes the wildcards in the bound pattern', () => {
    expect(likeContains('50%')).toBe('%50\\%%');
    expect(likeContains('a_b\\')).toBe('%a\\_b\\\\%');
  });

  it('needs text', () => {
    refused({ label: { $like: 5 } });
    refused({ label: { $like: null } });
    refused({ label: { $like: ['a'] } });
  });
});

describe('compileFilter: $and and $or', () => {
  it('combines top-level fields with AND', async () => {
    expect(await ids({ flag: true, n: { $gt: 1 } })).toEqual(
      where((r) => r.flag === true && r.n !== null && r.n > 1),
    );
  });

  it('nests $and within $or and $or within $and', async () => {
    const filter = { $or: [{ n: 1 }, { $and: [{ flag: false }, { n: { $gt: 0 } }] }] };
    expect(await ids(filter)).toEqual(
      where((r) => r.n === 1 || (r.flag === false && r.n !== null && r.n > 0)),
    );
    const nested = {
      $and: [{ $or: [{ label: 'alpha' }, { label: 'Beta' }] }, { $or: [{ n: 5 }, { n: 7 }] }],
    };
    expect(await ids(nested)).toEqual([ID('Beta')]);
    expect(await ids({ $or: [{ n: 1 }], label: 'Beta' })).toEqual([]);
  });

  it('refuses an empty or non-list $and/$or and non-object members', () => {
    refused({ $and: [] });
    refused({ $or: [] });
    refused({ $and: { n: 1 } });
    refused({ $or: 'n=1' });
    refused({ $or: [1] });
    refused({ $and: [[{ n: 1 }]] });
    refused({ $or: [null] });
  });

  it('accepts nesting to depth 6 and refuses depth 7', async () => {
    const nest = (levels: number) => {
      let node: unknown = { n: 5 };
      for (let i = 0; i < levels; i++) node = { $and: [node] };
      return node;
    };
    expect(await ids(nest(6))).toEqual([ID('Beta')]);
    const error = refused(nest(7));
    expect(error.description).toMatch(/nested/);
    refused(nest(50));
  });

  it('accepts 100 conditions and refuses 101', async () => {
    const or = (k: number) => ({ $or: Array.from({ length: k }, (_, i) => ({ n: i })) });
    expect(await ids(or(100))).toEqual(where((r) => r.n !== null && r.n >= 0 && r.n < 100));
    expect(refused(or(101)).description).toMatch(/too many/);
    // Operators on one field count one by one.
    const ops = Object.fromEntries(['$gt', '$gte', '$lt', '$lte', '$ne'].map((op) => [op, 1]));
    refused({ $and: Array.from({ length: 21 }, () => ({ n: ops })) });
  });
});

describe('compileFilter: what is refused', () => {
  it('refuses an unknown field, naming it in the details', () => {
    const error = refused({ nope: 1 });
    expect(error.details?.[0]?.path).toBe('filter.nope');
    refused({ password_hash: 'x' });
    refused({ 'name; drop table users': 1 });
  });

  it('refuses a field that may be sorted but not filtered', () => {
    refused({ secret: 'x' });
    refused({ secret: { $like: 'x' } });
  });

  it('refuses properties of Object.prototype as field names', () => {
    refused('{"__proto__": {"n": 1}}');
    refused({ constructor: 1 });
    refused({ toString: 'x' });
    refused({ hasOwnProperty: 'x' });
  });

  it('refuses unknown operators at field and top level', () => {
    refused({ label: { $regex: '.*' } });
    refused({ label: { $where: '1=1' } });
    refused({ $where: 'sleep(10)' });
    refused({ $regex: 'a' });
    refused({ $not: { n: 1 } });
    refused({ n: { $exists: true } });
    refused({ n: { $and: [{ $eq: 1 }] } });
    refused({ n: { gt: 1 } });
    refused({ n: {} });
  });

  it('refuses values of the wrong type', () => {
    refused({ n: 'abc' });
    refused({ n: '' });
    refused({ n: true });
    refused({ n: { $gt: 'abc' } });
    refused({ n: { $lt: null } });
    refused('{"n": 1e999}');
    refused({ label: true });
    refused({ label: ['a', 'b'] });
    refused({ flag: 'yes' });
    refused({ flag: 1 });
    refused({ day: '2024-02-30' });
    refused({ day: '2023-02-29' });
    refused({ day: '01.02.2024' });
    refused({ day: 20240101 });
    refused({ at: 'tomorrow' });
    refused({ at: '1' });
    refused({ at: true });
    refused({ at: '2024-13-01T00:00:00Z' });
  });

  it('refuses text that is not JSON', () => {
    expect(refused('{n: 1}').description).toMatch(/JSON/);
    refused('{"n": 1');
    refused("{'n': 1}");
    refused('n=1');
  });

  it('refuses anything but an object at the top level', () => {
    refused('[{"n": 1}]');
    refused('[]');
    refused('null');
    refused('1');
    refused('"n"');
    refused('true');
  });
});

describe('compileFilter: values are bound parameters', () => {
  const attack = "x'; drop table users; --";

  it('keeps SQL-looking values out of the statement text', () => {
    const where = compileFilter(JSON.stringify({ name: attack }), userFields) as SQL;
    const query = new PgDialect().sqlToQuery(where);
    expect(query.sql).not.toContain('drop');
    expect(query.params).toContain(attack);
  });

  it('finds no user for an injection attempt and leaves the users table intact', async () => {
    const [before] = await database.db.select({ n: count() }).from(users);
    expect(await userNames({ name: attack })).toEqual([]);
    expect(await userNames({ name: { $like: attack } })).toEqual([]);
    expect(await userNames({ name: { $in: [attack, "' or '1'='1"] } })).toEqual([]);
    expect(await userNames({ email: "' or 1=1 --" })).toEqual([]);
    expect(
      await userNames({ $or: [{ name: "x' or 'a'='a" }, { phone: '1); delete from users; --' }] }),
    ).toEqual([]);
    const [after] = await database.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    expect(after?.n).toBe(4);
  });

  it('matches a value with a quote exactly', async () => {
    expect(await userNames({ name: "O'Brien" })).toEqual(["O'Brien"]);
    expect(await userNames({ name: { $like: "'b" } })).toEqual(["O'Brien"]);
  });

  it('works on the users table for null and datetimes', async () => {
    expect(await userNames({ phone: null })).toEqual(['Bert 500', 'x']);
    expect(await userNames({ phone: { $ne: '+49 1' } })).toEqual(['Bert 500', "O'Brien", 'x']);
    expect(await userNames({ lastLoginAt: null })).toHaveLength(4);
    expect(await userNames({ createdAt: { $gt: '2000-01-01T00:00:00Z' } })).toHaveLength(4);
    expect(await userNames({ createdAt: { $lt: '2000-01-01' } })).toEqual([]);
  });
});

describe('compileSearch', () => {
  async function searched(text: string | undefined) {
    const rows = await database.db
      .select({ id: probe.id })
      .from(probe)
      .where(compileSearch(text, fields))
      .orderBy(asc(probe.id));
    return rows.map((r) => r.id);
  }

  it('is a case-insensitive contains over the search fields only', async () => {
    expect(await searched('BETA')).toEqual([ID('Beta')]);
    // note 'x' is searched, the day column is not.
    expect(await searched('X')).toEqual(where((r) => r.note === 'x' || !!r.label?.includes('x')));
    expect(await searched('2024')).toEqual([]);
  });

  it('takes wildcards literally and ignores blank text', async () => {
    expect(await searched('50%')).toEqual([ID('50%')]);
    expect(await searched('_')).toEqual([ID('a_b')]);
    expect(compileSearch('  ', fields)).toBeUndefined();
    expect(compileSearch(undefined, fields)).toBeUndefined();
    expect(compileSearch('x', { id: fields.id as TListFields[string] })).toBeUndefined();
  });
});
