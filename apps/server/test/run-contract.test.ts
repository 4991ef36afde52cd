import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// The run contract of the README: `npm start` on an empty database migrates, seeds, prints the demo
// logins, serves on HOST:PORT and stops cleanly on SIGTERM. Exercised on the real entry point, started as
// `npm run serve` starts it: one node process, SIGTERM straight to the server (the tsx CLI relays a signal to
// its child and, when the child does not confirm it within 60 ms on a loaded host, exits 143 itself).
const root = resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

type TRun = { child: ChildProcess; port: number; output: () => string };

async function start(env: Record<string, string>): Promise<TRun> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port, output: () => out };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

async function stop(run: TRun): Promise<number | null> {
  const exited = new Promise<number | null>((ok) => run.child.once('exit', (code) => ok(code)));
  run.child.kill('SIGTERM');
  return exited;
}

async function login(port: number, email: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('run contract on the embedded database', () => {
  it('first start seeds and prints the demo logins, a restart keeps the data, SIGTERM exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atoll-run-'));
    dirs.push(dataDir);
    const first = await start({ DATA_DIR: dataDir });
    expect(first.output()).toContain('admin@example.com');
    expect(first.output()).toContain('demo-admin');
    for (const [email, password] of [
      ['admin@example.com', 'demo-admin'],
      ['staff@example.com', 'demo-staff'],
      ['agent@example.com', 'demo-agent'],
      ['customer@example.com', 'demo-customer'],
    ] as const) {
      expect(await login(first.port, email, password)).toBe(200);
    }
    const version = (await fetch(`http://127.0.0.1:${first.port}/version`).then((r) => r.json())) as {
      version: string;
    };
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await stop(first)).toBe(0);

    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('Demo data loaded');
    expect(await login(second.port, 'admin@example.com', 'demo-admin')).toBe(200);
    expect(await stop(second)).toBe(0);
  }, 120_000);

  it('SEED=none starts empty and creates the first administrator from ADMIN_EMAIL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atoll-run-'));
    dirs.push(dataDir);
    const run = await start({
      DATA_DIR: dataDir,
      SEED: 'none',
      ADMIN_EMAIL: 'boss@dive.example',
      ADMIN_PASSWORD: 'long-secret-1',
    });
    expect(run.output()).not.toContain('demo-admin');
    expect(await login(run.port, 'admin@example.com', 'demo-admin')).toBe(401);
    expect(await login(run.port, 'boss@dive.example', 'long-secret-1')).toBe(200);
    expect(await stop(run)).toBe(0);
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
        start({ DATABASE_URL: target.toString() }),
        start({ DATABASE_URL: target.toString() }),
      ]);
      expect(await login(a.port, 'admin@example.com', 'demo-admin')).toBe(200);
      expect(await login(b.port, 'staff@example.com', 'demo-staff')).toBe(200);
      const db = new pg.Client({ connectionString: target.toString() });
      await db.connect();
      const { rows } = await db.query('select count(*)::int as n from users');
      await db.end();
      expect(rows[0].n).toBe(4);
      expect(await stop(a)).toBe(0);
      expect(await stop(b)).toBe(0);
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
    const first = await start({ DATA_DIR: dataDir, SEED: 'none' });
    await expect(start({ DATA_DIR: dataDir, SEED: 'none' })).rejects.toThrow(/Another Atoll process/);
    expect(await stop(first)).toBe(0);
  }, 120_000);
});
