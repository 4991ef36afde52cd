import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/harness.ts';
import { pgClient } from './pg-client.ts';
import { createStatementNames } from './prepared.ts';

describe('statement names', () => {
  it('names a text from its third call on, always with the same name', () => {
    const names = createStatementNames(3, 10);
    expect(names.nameOf('select $1')).toBeUndefined();
    expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toMatch(/^atoll_\d+$/);
    expect(names.nameOf('select $1')).toBe(name);
    expect(names.nameOf('select $1 + 1')).toBeUndefined();
  });

  it('names no more than its limit; the rest stay unnamed', () => {
    const names = createStatementNames(1, 2);
    const given = ['a $1', 'b $1', 'c $1', 'a $1'].map((t) => names.nameOf(t));
    expect(given[0]).toBeDefined();
    expect(given[1]).toBeDefined();
    expect(given[1]).not.toBe(given[0]);
    expect(given[2]).toBeUndefined();
    expect(given[3]).toBe(given[0]);
    expect(names.size).toBe(2);
  });
});

// The pool's connections keep repeated statements prepared (ADR 0030).
describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  const withPool = async (work: (pool: pg.Pool) => Promise<void>) => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
    const pool = new pg.Pool({
      connectionString: created.url,
      max: 1,
      Client: pgClient(createStatementNames()),
    });
    try {
      await work(pool);
    } finally {
      await pool.end();
      await created.drop();
    }
  };
  const prepared = async (pool: pg.Pool) =>
    (await pool.query('select statement from pg_prepared_statements')).rows.map(
      (r: { statement: string }) => r.statement,
    );

  it('prepares a repeated statement once per connection and answers each call with its own values', async () => {
    await withPool(async (pool) => {
      const text = 'select $1::int * 2 as doubled';
      const answers: number[] = [];
      for (let i = 1; i <= 5; i++) answers.push((await pool.query({ text, values: [i] })).rows[0].doubled);
      expect(answers).toEqual([2, 4, 6, 8, 10]);
      expect(await prepared(pool)).toEqual([text]);
      // The same through the (text, values) form and with rows as arrays, as Drizzle sends them.
      const asArray = await pool.query({ text, rowMode: 'array' }, [21]);
      expect(asArray.rows).toEqual([[42]]);
      expect(await prepared(pool)).toEqual([text]);
    });
  });

  it('keeps working after a call of a prepared statement fails on its values', async () => {
    await withPool(async (pool) => {
      const text = 'select $1::int as n';
      for (let i = 0; i < 3; i++) await pool.query(text, [i]);
      await expect(pool.query(text, ['not a number'])).rejects.toThrow(/invalid input syntax/);
      expect((await pool.query(text, [7])).rows[0].n).toBe(7);
      // Inside a transaction that failed and rolled back, too.
      const client = await pool.connect();
      try {
        await client.query('begin');
        await expect(client.query(text, ['x'])).rejects.toThrow();
        await client.query('rollback');
        expect((await client.query(text, [8])).rows[0].n).toBe(8);
      } finally {
        client.release();
      }
    });
  });

  it('leaves statements without values unnamed', async () => {
    await withPool(async (pool) => {
      for (let i = 0; i < 5; i++) await pool.query('select 1');
      expect(await prepared(pool)).toEqual([]);
    });
  });
});
