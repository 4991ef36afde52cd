import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './harness.ts';

type TRows<T> = { rows: T[] };

// A PostgreSQL restart or failover drops idle connections; the server must keep running and serve
// the next request on a fresh connection.
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  it('survives the server terminating its idle connections', async () => {
    const database = await createTestDatabase();
    try {
      const current = (await database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as TRows<{ name: string }>;
      const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await killer.connect();
      const killed = await killer.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1',
        [current.rows[0]?.name],
      );
      await killer.end();
      expect(killed.rows[0].n).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = (await database.db.execute(sql`select 1 as ok`)) as unknown as TRows<{ ok: number }>;
      expect(again.rows[0]?.ok).toBe(1);
    } finally {
      await database.close();
    }
  });
});
