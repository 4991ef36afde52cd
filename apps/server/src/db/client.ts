import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgClient } from './pg-client.ts';
import { createStatementNames } from './prepared.ts';

// Without drizzle's relational queries (`db.query.…`): given the schema, drizzle would build a query builder for
// every table on each transaction, for nothing.
export type Db = PgDatabase<PgQueryResultHKT>;
/** The transaction `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository runs on: the database or an open transaction. */
export type Executor = Db | Tx;

export type TListener = {
  /**
   * Resolves once every notification committed before the call has reached `onMessage`; false when the
   * listener is not connected. Concurrent calls share one round trip.
   */
  sync(): Promise<boolean>;
  stop(): Promise<void>;
};

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /** Runs start-up work (migrate, seed) in one instance at a time when several start together. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel: `onMessage` gets each payload after its transaction committed; `onState` says whether
   * the listener is connected (on PostgreSQL it reconnects by itself after a lost connection, and notifications
   * sent meanwhile are lost).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<TListener>;
  close(): Promise<void>;
};

/** Thrown by a query on the main handle while the same call chain holds an open transaction. */
export class OutsideTransactionError extends Error {
  constructor() {
    super(
      'A query went to the database handle while its own transaction is open: it would wait for the connection ' +
        'that transaction holds (the embedded database has one). Use the transaction (tx), or read it before.',
    );
    this.name = 'OutsideTransactionError';
  }
}

const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * Makes a call chain that holds a transaction fail loudly when it queries through the main handle. On PGlite
 * (one connection) such a query waits forever for the connection its own transaction holds; on PostgreSQL it
 * takes a second connection and, under load, every connection waits on another. `db.transaction` marks its
 * callback's async context as inside an open transaction until the callback settles; `guard()` is called by
 * every entry of the main handle (a query, a new transaction) and throws there.
 */
function guardTransactions(db: Db) {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction((tx) => {
      const scope = { open: true };
      return openTransaction.run(scope, async () => {
        try {
          return await work(tx);
        } finally {
          scope.open = false;
        }
      });
    }, config)) as Db['transaction'];
}

function guard() {
  if (openTransaction.getStore()?.open) throw new OutsideTransactionError();
}

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

/** `from`: an in-memory database starts as a copy of this dump (`dumpDataDir`), as the test templates do. */
export async function openPglite(
  dataDir: string | undefined,
  from?: Blob,
): Promise<Database & { dump(): Promise<Blob> }> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await PGlite.create(
    dataDir ? { dataDir, extensions } : from ? { loadDataDir: from, extensions } : { extensions },
  );
  // Every way drizzle reaches the connection outside a transaction goes through these three.
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      guard();
      return original(...args);
    };
  }
  const db = drizzlePglite(client) as unknown as Db;
  guardTransactions(db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // PGlite belongs to one process; nobody else can start on the same files.
    exclusive: (work) => work(),
    async listen(channel, onMessage, onState) {
      const stop = await client.listen(channel, onMessage);
      onState(true);
      // One connection in this process: PGlite hands a commit's notifications to the listeners (in
      // microtasks) before the committing query resolves, so whoever asks next has them already.
      return { sync: async () => true, stop: () => stop() };
    },
    dump: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
      unlock();
    },
  };
}

/**
 * `prepared`: repeated statements become named prepared statements (ADR 0030); off for a connection pooler
 * that cannot keep them (PgBouncer in transaction mode before 1.21).
 */
export async function openPostgres(url: string, poolSize = 10, prepared = true): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: prepared ? pgClient(createStatementNames()) : pg.Client,
  });
  // An idle connection that the server drops (restart, failover, admin command) must not take the
  // process down: the pool replaces it on the next checkout.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  // drizzle queries through `pool.query` and opens a transaction on `pool.connect()`.
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    guard();
    return query(...args);
  }) as typeof pool.query;
  pool.connect = ((...args: unknown[]) => {
    guard();
    return connect(...args);
  }) as typeof pool.connect;
  const db = drizzleNodePg(pool) as unknown as Db;
  guardTransactions(db);
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
    listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState),
    close: () => pool.end(),
  };
}

/**
 * A dedicated connection (not from the pool) that LISTENs, reconnecting every second while it is lost.
 * `sync` is a `select 1` on it: PostgreSQL sends a listening connection every notification it has before it
 * answers a query, and one committed before the query was sent has signalled it already. A call that
 * arrives while a round trip is under way waits for the next one, which all such calls share.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<TListener> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = () => {
    current = undefined;
    onState(false);
    if (!stopped) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: `atoll ${channel}` });
    client.on('notification', (message) => onMessage(message.payload ?? ''));
    client.on('error', () => {}); // 'end' follows and reconnects
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      await client.end().catch(() => {});
      if (!stopped) lost();
      return;
    }
    if (stopped) return void (await client.end());
    client.on('end', () => current === client && lost());
    current = client;
    onState(true);
  };
  await connect();

  const roundTrip = async () => {
    const client = current;
    if (!client) return false;
    try {
      await client.query('select 1');
      return current === client;
    } catch {
      // The connection is broken: lost at once (no caching), not only when the client notices its end.
      if (current === client) {
        lost();
        await client.end().catch(() => {});
      }
      return false;
    }
  };
  let running: Promise<boolean> | undefined;
  let next: Promise<boolean> | undefined;
  const sync = (): Promise<boolean> => {
    if (!running) {
      running = roundTrip().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running.then(() => {
      next = undefined;
      return sync();
    });
    return next;
  };
  return {
    sync,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  preparedStatements?: boolean;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, opts.preparedStatements ?? true)
    : openPglite(opts.dataDir);
}
