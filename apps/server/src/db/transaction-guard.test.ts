import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type Database, OutsideTransactionError } from './client.ts';

// Inside a transaction, the main handle refuses work (it would wait for the connection the transaction holds).
describe('the transaction guard', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // drizzle wraps a failed query's error (its `cause`); a new transaction's is thrown as is.
  const guarded = (err: unknown) =>
    err instanceof OutsideTransactionError || (err as Error).cause instanceof OutsideTransactionError;
  const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: unknown[] }).rows;
  const one = async () => (await rowsOf(database.db.execute(sql`select 1 as one`)))[0];

  it('refuses a query on the main handle inside a transaction and rolls the transaction back', async () => {
    await database.db.execute(sql`create table if not exists guard_probe (n int)`);
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into guard_probe values (1)`);
      await one();
    });
    await expect(attempt).rejects.toSatisfy(guarded);
    const rows = await rowsOf(database.db.execute(sql`select count(*)::int as n from guard_probe`));
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses a second transaction on the main handle, and work started beside the transaction', async () => {
    await expect(
      database.db.transaction(async () => {
        await database.db.transaction(async (inner) => inner.execute(sql`select 1`));
      }),
    ).rejects.toSatisfy(guarded);
    await expect(
      database.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select 1`), one()]);
      }),
    ).rejects.toSatisfy(guarded);
  });

  it('lets the transaction, its savepoints and anything after the commit use the database', async () => {
    let later: Promise<unknown> | undefined;
    const answer = await database.db.transaction(async (tx) => {
      const nested = await tx.transaction(
        async (inner) => (await rowsOf(inner.execute(sql`select 2 as two`)))[0],
      );
      // Started inside, run after the transaction has ended: allowed.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(one);
      return nested;
    });
    expect(answer).toEqual({ two: 2 });
    await expect(later).resolves.toEqual({ one: 1 });
    expect(await one()).toEqual({ one: 1 });
  });
});
