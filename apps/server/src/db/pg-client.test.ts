import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgClient } from './pg-client.ts';

// The server's pg Client (ADR 0027): a query without a callback is answered through pg's callback form, with
// everything pg's promise form answers.
describe.runIf(process.env.TEST_DATABASE_URL)('the server’s pg client', () => {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, Client: pgClient() });
  beforeAll(() => pool.query('select 1'));
  afterAll(() => pool.end());

  it('answers a query without a callback in every form drizzle and the feed use', async () => {
    const client = await pool.connect();
    try {
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect((await client.query('select $1::int * 2 as n', [21])).rows).toEqual([{ n: 42 }]);
      const asArray = await client.query({ text: 'select $1::int as n, $2::text as t', rowMode: 'array' }, [
        7,
        'x',
      ]);
      expect(asArray.rows).toEqual([[7, 'x']]);
      expect(asArray.fields.map((f) => f.name)).toEqual(['n', 't']);
      expect((await client.query({ text: 'select $1::int as n', values: [3] })).rows).toEqual([{ n: 3 }]);
    } finally {
      client.release();
    }
  });

  it('still answers through a callback (the pool’s own query) and a Submittable', async () => {
    const viaCallback = await new Promise<pg.QueryResult>((done, fail) =>
      pool.query('select 2 as two', (err, result) => (err ? fail(err) : done(result))),
    );
    expect(viaCallback.rows).toEqual([{ two: 2 }]);
    const client = await pool.connect();
    try {
      const submitted = new pg.Query('select 3 as three');
      const rows = await new Promise<unknown[]>((done, fail) => {
        const seen: unknown[] = [];
        submitted.on('row', (row) => seen.push(row));
        submitted.on('end', () => done(seen));
        submitted.on('error', fail);
        client.query(submitted);
      });
      expect(rows).toEqual([{ three: 3 }]);
    } finally {
      client.release();
    }
  });

  it('rejects a failing query with PostgreSQL’s error and a stack that leads back to the caller', async () => {
    const client = await pool.connect();
    try {
      async function callerOfTheFailingQuery() {
        await client.query({ text: 'select $1::int' }, ['not a number']);
      }
      const error = await callerOfTheFailingQuery().then(
        () => undefined,
        (e: unknown) => e as pg.DatabaseError,
      );
      expect(error?.code).toBe('22P02');
      expect(error?.message).toMatch(/invalid input syntax/);
      expect(error?.stack).toContain('callerOfTheFailingQuery');
      // The connection goes on answering.
      expect((await client.query('select 4 as four')).rows).toEqual([{ four: 4 }]);
    } finally {
      client.release();
    }
  });
});
