import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { client, startServer } from './server-process.ts';

// The run contract of the README: `npm start` on an empty database migrates, seeds, prints the demo
// logins, serves on HOST:PORT and stops cleanly on SIGTERM. Exercised on the real entry point, started as
// `npm run serve` starts it (server-process.ts): one node process, SIGTERM straight to the server (the tsx CLI
// relays a signal to its child and, when the child does not confirm it within 60 ms on a loaded host, exits 143
// itself).

/** The status of a login: 200, or 401 for a user the run does not have. */
async function login(url: string, email: string, password: string) {
  return (await client(url).call('POST', '/api/auth/token', undefined, { email, password })).status;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('run contract on the embedded database', () => {
  it('first start seeds and prints the demo logins, a restart keeps the data, SIGTERM exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atoll-run-'));
    dirs.push(dataDir);
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output()).toContain('admin@example.com');
    expect(first.output()).toContain('demo-admin');
    for (const [email, password] of [
      ['admin@example.com', 'demo-admin'],
      ['staff@example.com', 'demo-staff'],
      ['agent@example.com', 'demo-agent'],
      ['customer@example.com', 'demo-customer'],
    ] as const) {
      expect(await login(first.url, email, password)).toBe(200);
    }
    const version = (await fetch(`${first.url}/version`).then((r) => r.json())) as {
      version: string;
    };
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('Demo data loaded');
    expect(await login(second.url, 'admin@example.com', 'demo-admin')).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 120_000);

  it('SEED=none starts empty and creates the first administrator from ADMIN_EMAIL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atoll-run-'));
    dirs.push(dataDir);
    const run = await startServer({
      DATA_DIR: dataDir,
      SEED: 'none',
      ADMIN_EMAIL: 'boss@dive.example',
      ADMIN_PASSWORD: 'long-secret-1',
    });
    expect(run.output()).not.toContain('demo-admin');
    expect(await login(run.url, 'admin@example.com', 'demo-admin')).toBe(401);
    expect(await login(run.url, 'boss@dive.example', 'long-secret-1')).toBe(200);
    expect(await run.stop()).toBe(0);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('run contract on PostgreSQL', () => {
  it('two instances migrate one database concurrently, seed once and serve the same users', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `atoll_t_${process.pid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        startServer({ DATABASE_URL: target.toString() }),
        startServer({ DATABASE_URL: target.toString() }),
      ]);
      expect(await login(a.url, 'admin@example.com', 'demo-admin')).toBe(200);
      expect(await login(b.url, 'staff@example.com', 'demo-staff')).toBe(200);
      const db = new pg.Client({ connectionString: target.toString() });
      await db.connect();
      const { rows } = await db.query('select count(*)::int as n from users');
      await db.end();
      expect(rows[0].n).toBe(4);
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 120_000);
});

describe('embedded database directory', () => {
  it('refuses a second process on the same DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atoll-run-'));
    dirs.push(dataDir);
    const first = await startServer({ DATA_DIR: dataDir, SEED: 'none' });
    await expect(startServer({ DATA_DIR: dataDir, SEED: 'none' })).rejects.toThrow(/Another Atoll process/);
    expect(await first.stop()).toBe(0);
  }, 120_000);
});
