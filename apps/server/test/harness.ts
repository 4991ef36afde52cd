import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import type { TMailer } from '../src/mail/mailer.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or with TEST_DATABASE_URL a new
 * PostgreSQL database that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const name = `atoll_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
}

export type TTestApp = {
  app: FastifyInstance;
  database: Database;
  config: TConfig;
  /** Logs in through the API and returns the bearer token. */
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
};

export const DEMO = {
  admin: ['admin@example.com', 'demo-admin'],
  staff: ['staff@example.com', 'demo-staff'],
  agent: ['agent@example.com', 'demo-agent'],
  customer: ['customer@example.com', 'demo-customer'],
} as const;

export async function createTestApp(
  opts: { seed?: boolean; config?: Partial<TConfig>; mailer?: TMailer } = {},
): Promise<TTestApp> {
  const database = await createTestDatabase();
  if (opts.seed !== false) await seedDemo(database.db);
  const config = { ...loadConfig({}), authRateLimit: 10_000, appUrl: 'http://atoll.test', ...opts.config };
  const app = await buildApp({
    database,
    config,
    version: '1.2.3',
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
