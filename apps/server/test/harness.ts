import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import type { TMailer } from '../src/mail/mailer.ts';
import { pgliteTemplate, testTemplates } from './templates.ts';

/**
 * A new PostgreSQL database beside `url`, empty or a copy of `template` (named after this process, so an interrupted run's
 * leftovers are dropped by global-setup), and the way to drop it again.
 */
export async function createPostgresDatabase(
  url: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `atoll_t_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file, with the demo data when `seed` says so: PGlite in memory, or
 * with TEST_DATABASE_URL a new PostgreSQL database that is dropped again on close. Both start as a copy of
 * the run's template (templates.ts) when there is one.
 */
export async function createTestDatabase(opts: { seed?: boolean } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = testTemplates()?.[opts.seed ? 'seeded' : 'empty'];
  const database = url
    ? await postgresDatabase(url, template)
    : await openPglite(undefined, template ? pgliteTemplate(template) : undefined);
  await database.migrate();
  if (opts.seed && !template) await seedDemo(database.db);
  return database;
}

async function postgresDatabase(url: string, template: string | undefined): Promise<Database> {
  const created = await createPostgresDatabase(url, template);
  const database = await openPostgres(created.url, 5);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

export type TTestApp = {
  app: FastifyInstance;
  database: Database;
  config: TConfig;
  /** Logs in through the API and returns the bearer token. */
  login(email: string, password: string): Promise<string>;
  /** Logs in the given demo users (default: all four) at once and returns their tokens by name. */
  demoTokens<K extends TDemoUser = TDemoUser>(...who: K[]): Promise<Record<K, string>>;
  /** Creates a user with these scopes as admin, expects 201 and returns the new user's token. */
  account(email: string, scopes: string[]): Promise<string>;
  /** Injects a request, with the bearer token, JSON payload and extra headers when given. */
  call(
    method: TMethod,
    url: string,
    token?: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** `call('GET', …)`. */
  get(url: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** `call('POST', …)`. */
  post(url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** `call('DELETE', …)`. */
  del(url: string, token?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const DEMO = {
  admin: ['admin@example.com', 'demo-admin'],
  staff: ['staff@example.com', 'demo-staff'],
  agent: ['agent@example.com', 'demo-agent'],
  customer: ['customer@example.com', 'demo-customer'],
} as const;
export type TDemoUser = keyof typeof DEMO;

/** Password of the users that `account` creates. */
export const ACCOUNT_PASSWORD = 'pass-word-1';

export async function createTestApp(
  opts: { seed?: boolean; config?: Partial<TConfig>; mailer?: TMailer } = {},
): Promise<TTestApp> {
  const database = await createTestDatabase({ seed: opts.seed !== false });
  const config = {
    ...loadConfig({}),
    authRateLimit: 10_000,
    mailRateLimit: 10_000,
    // Tests log in with wrong passwords on purpose; the per-address delay has its own test.
    loginFailuresBeforeDelay: 10_000,
    appUrl: 'http://atoll.test',
    ...opts.config,
  };
  const app = await buildApp({
    database,
    config,
    version: '1.2.3',
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
  });
  await app.ready();
  /** The last admin token from `login`, which `account` reuses instead of logging in again. */
  let adminToken: string | undefined;
  const login = async (email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    const token = res.json().token as string;
    if (email === DEMO.admin[0]) adminToken = token;
    return token;
  };
  const call: TTestApp['call'] = (method, url, token, payload, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    app,
    database,
    config,
    login,
    async demoTokens<K extends TDemoUser>(...who: K[]) {
      const names = who.length ? who : (Object.keys(DEMO) as K[]);
      const tokens = await Promise.all(names.map((name) => login(DEMO[name][0], DEMO[name][1])));
      return Object.fromEntries(names.map((name, i) => [name, tokens[i]])) as Record<K, string>;
    },
    async account(email, scopes) {
      const admin = adminToken ?? (await login(...DEMO.admin));
      const res = await call('POST', '/api/users', admin, {
        email,
        password: ACCOUNT_PASSWORD,
        permissions: { scope: scopes },
      });
      expect(res.statusCode, res.body).toBe(201);
      return login(email, ACCOUNT_PASSWORD);
    },
    call,
    get: (url, token, headers) => call('GET', url, token, undefined, headers),
    post: (url, token, payload) => call('POST', url, token, payload),
    del: (url, token) => call('DELETE', url, token),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Headers of an administrator that stay valid through a sweep: a call under test (logout, refresh, a password
 * change) may end the token, then the next call logs in again.
 */
export function adminSession(t: TTestApp): () => Promise<{ authorization: string }> {
  let token = '';
  return async () => {
    const check = token
      ? await t.app.inject({ method: 'HEAD', url: '/api/auth/token', headers: bearer(token) })
      : undefined;
    if (check?.statusCode !== 200) token = await t.login(...DEMO.admin);
    return bearer(token);
  };
}

/** Expects this status and the standard error body with this `error` code and the same `statusCode`. */
export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ error: code, statusCode: status });
}
