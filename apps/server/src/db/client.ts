import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type TSchema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** What a repository runs on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /** Runs start-up work (migrate, seed) in one instance at a time when several start together. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const migrationsFolder = resolve(import.meta.dirname, 'migrations');
const extensions = { btree_gist, pg_trgm };

/** PGlite files belong to one process; a second one on the same directory would corrupt them. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = resolve(dataDir, 'atoll.pid');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another Atoll process (pid ${pid}) uses ${dataDir}; stop it or choose another DATA_DIR`,
      );
    }
    writeFileSync(lock, String(process.pid));
  }
  return () => rmSync(lock, { force: true });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // PGlite belongs to one process; nobody else can start on the same files.
    exclusive: (work) => work(),
    async close() {
      await client.close();
      unlock();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server drops (restart, failover, admin command) must not take the
  // process down: the pool replaces it on the next checkout.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    async exclusive(work) {
      // Several instances may start at once: one migrates and seeds, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(7243001)');
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock(7243001)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
