import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createPostgresDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { freeStaySlots, PRICED_DAYS, seedManyBookings, stayIn } from './seed-bookings.ts';

// Two checkouts, each on its own Node, side by side in one run (bench/side-server.ts runs each in a process of
// its own): BEFORE (another checkout, e.g. a `git worktree` of an earlier commit with its own `npm ci`) on
// BEFORE_NODE, and this checkout on the Node running this script. Each gets its own copy of one seeded
// PostgreSQL database (demo data and the 100,000 bookings). Booking creation: the same stays on both, one after
// the other over HTTP with keep-alive, taking turns request by request (which goes first alternates), BENCH_WARM
// unmeasured first (V8 optimizes a creation's code for a few thousand of them). Load: autocannon, 10 connections,
// BENCH_SECONDS per row, the sides taking turns row by row, BENCH_ROUNDS rounds, the median kept; every row also
// as a share of the same process's bare node:http server.
// Run: BEFORE=/tmp/before BEFORE_NODE=/usr/bin/node TEST_DATABASE_URL=postgres://… npm run bench:side-by-side
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
const WARM = Number(process.env.BENCH_WARM ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const url = process.env.TEST_DATABASE_URL;
const before = process.env.BEFORE;
if (!url || !before) throw new Error('Set TEST_DATABASE_URL and BEFORE (the other checkout)');
const here = resolve(import.meta.dirname, '..');

const seeded = await createPostgresDatabase(url);
const slots = await (async () => {
  const database = await openPostgres(seeded.url, 5);
  await database.migrate();
  await seedDemo(database.db);
  await seedManyBookings(database);
  const free = await freeStaySlots(database, PRICED_DAYS);
  await database.close();
  return free;
})();
if (slots.length < WARM + SAMPLES) throw new Error(`only ${slots.length} free slots`);
const copy = new URL(seeded.url);
copy.pathname = `${copy.pathname}_copy`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database "${copy.pathname.slice(1)}" template "${seeded.url.split('/').pop()}"`);

type TSide = {
  label: string;
  node: string;
  child: ChildProcess;
  base: string;
  bare: string;
  headers: Record<string, string>;
  created: number[];
  load: Record<string, number[]>;
};

async function side(label: string, dir: string, node: string, database: string): Promise<TSide> {
  const child = spawn(
    node,
    [resolve(here, 'node_modules/tsx/dist/cli.mjs'), resolve(here, 'bench/side-server.ts')],
    {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, APP_DIR: dir, DATABASE_URL: database, LOG_LEVEL: 'warn' },
    },
  );
  if (!child.stdout) throw new Error('no stdout');
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const ports = JSON.parse(line) as { app: number; bare: number; node: string };
  const base = `http://127.0.0.1:${ports.app}`;
  const login = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin' }),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    label: `${label} (Node ${ports.node})`,
    node: ports.node,
    child,
    base,
    bare: `http://127.0.0.1:${ports.bare}`,
    headers: { authorization: `Bearer ${token}` },
    created: [],
    load: {},
  };
}

const sides = [
  await side(`before: ${before}`, before, process.env.BEFORE_NODE ?? 'node', seeded.url),
  await side('after: this checkout', here, process.execPath, copy.toString()),
];
const turns = (i: number) => (i % 2 === 0 ? sides : [...sides].reverse());

for (let i = 0; i < WARM + SAMPLES; i++) {
  for (const s of turns(i)) {
    const started = performance.now();
    const res = await fetch(`${s.base}/api/bookings`, {
      method: 'POST',
      headers: { ...s.headers, 'content-type': 'application/json' },
      body: JSON.stringify(stayIn(slots[i])),
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`${s.label}: ${res.status} ${body}`);
    if (i >= WARM) s.created.push(performance.now() - started);
  }
}

const rows = (s: TSide) => ({
  'bare node:http': { url: s.bare },
  '/version': { url: `${s.base}/version` },
  'booking list, 25 rows': { url: `${s.base}/api/bookings?size=25`, headers: s.headers },
});
for (let round = 0; round < ROUNDS; round++) {
  for (const s of turns(round)) {
    for (const [name, target] of Object.entries(rows(s))) {
      const result = await autocannon({ ...target, connections: 10, duration: SECONDS });
      if (result.non2xx > 0) throw new Error(`${s.label} ${name}: ${result.non2xx} answers were not 2xx`);
      s.load[name] = [...(s.load[name] ?? []), result.requests.average];
    }
  }
}

for (const s of sides) {
  s.child.stdin?.end();
  await once(s.child, 'exit');
}
await admin.query(`drop database if exists "${copy.pathname.slice(1)}"`);
await admin.end();
await seeded.drop();

const median = (list: number[]) =>
  percentile(
    [...list].sort((a, b) => a - b),
    50,
  );
const [a, b] = sides as [TSide, TSide];
const figures = (s: TSide) => {
  const created = [...s.created].sort((x, y) => x - y);
  const rps = (name: string) => median(s.load[name] ?? []);
  return {
    'booking creation p50 (ms)': percentile(created, 50),
    'booking creation p95 (ms)': percentile(created, 95),
    'booking list req/s': rps('booking list, 25 rows'),
    '/version req/s': rps('/version'),
    'bare node:http req/s': rps('bare node:http'),
    'booking list ÷ bare node:http': rps('booking list, 25 rows') / rps('bare node:http'),
    '/version ÷ bare node:http': rps('/version') / rps('bare node:http'),
  };
};
const fa = figures(a);
const fb = figures(b);
const show = (v: number) => (v < 1 ? v.toFixed(3) : v < 100 ? v.toFixed(2) : Math.round(v).toString());
console.log(
  [
    `${SAMPLES} creations per side after ${WARM}, over HTTP; load: autocannon, 10 connections, ${SECONDS} s per row, ` +
      `median of ${ROUNDS} rounds; client, both servers and PostgreSQL on the same host.`,
    '',
    `| figure | ${a.label} | ${b.label} | after ÷ before |`,
    '|---|---:|---:|---:|',
    ...Object.keys(fa).map((k) => {
      const x = fa[k as keyof typeof fa];
      const y = fb[k as keyof typeof fb];
      return `| ${k} | ${show(x)} | ${show(y)} | ${(y / x).toFixed(2)} |`;
    }),
  ].join('\n'),
);
