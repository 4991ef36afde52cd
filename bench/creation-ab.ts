import { resolve } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createPostgresDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { freeStaySlots, PRICED_DAYS, seedManyBookings, stayIn } from './seed-bookings.ts';

// Booking creation of this checkout against another one (BASE=/path/to/checkout, e.g. a `git worktree` of an
// earlier commit with this node_modules linked in), side by side in one process: both on their own copy of
// one seeded PostgreSQL database (demo data and the 100,000 bookings), the same free nights on both, request
// by request in turn (which goes first alternates), through app.inject (no HTTP client), 20 warm-up calls each
// (BENCH_WARM; V8 goes on optimizing a creation's code for ~2,000–3,000 of them: 3000 compares running servers).
// BENCH_PREPARED=off runs this checkout without named prepared statements (what they pay, against BASE with them).
// Run: BASE=… TEST_DATABASE_URL=postgres://… npm run bench:creation-ab
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const WARM = Number(process.env.BENCH_WARM ?? 20);
const url = process.env.TEST_DATABASE_URL;
const base = process.env.BASE;
if (!url || !base) throw new Error('Set TEST_DATABASE_URL and BASE (the other checkout)');

type TBuild = typeof buildApp;
type TOpen = typeof openPostgres;
const other = {
  buildApp: (await import(resolve(base, 'apps/server/src/app.ts'))).buildApp as TBuild,
  openPostgres: (await import(resolve(base, 'apps/server/src/db/client.ts'))).openPostgres as TOpen,
};

const seeded = await createPostgresDatabase(url);
{
  const database = await openPostgres(seeded.url, 5);
  await database.migrate();
  await seedDemo(database.db);
  await seedManyBookings(database);
  await database.close();
}
const copy = new URL(seeded.url);
copy.pathname = `${copy.pathname}_copy`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(
  `create database "${copy.pathname.slice(1)}" template "${new URL(seeded.url).pathname.slice(1)}"`,
);

async function side(label: string, at: string, code: { buildApp: TBuild; openPostgres: TOpen }) {
  const database = await code.openPostgres(
    at,
    5,
    !(label === 'this checkout' && process.env.BENCH_PREPARED === 'off'),
  );
  const app = await code.buildApp({
    database,
    config: { ...loadConfig({}), authRateLimit: 1_000_000 },
    version: label,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { email: 'admin@example.com', password: 'demo-admin' },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const times: number[] = [];
  return { label, database, app, headers, times };
}
const sides = [
  await side('this checkout', seeded.url, { buildApp, openPostgres }),
  await side('BASE', copy.toString(), other),
];
const slots = await freeStaySlots(sides[0]?.database as Awaited<ReturnType<TOpen>>, PRICED_DAYS);
if (slots.length < SAMPLES + WARM) throw new Error(`only ${slots.length} free slots`);

for (let i = 0; i < SAMPLES + WARM; i++) {
  for (const s of i % 2 === 0 ? sides : [...sides].reverse()) {
    const started = performance.now();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: s.headers,
      payload: stayIn(slots[i]),
    });
    if (res.statusCode !== 201) throw new Error(`${s.label}: ${res.statusCode} ${res.body}`);
    if (i >= WARM) s.times.push(performance.now() - started);
  }
}

console.log(`| code | creations | p50 ms | p95 ms | p99 ms | mean ms |\n|---|---:|---:|---:|---:|---:|`);
for (const s of sides) {
  const sorted = [...s.times].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const cells = [percentile(sorted, 50), percentile(sorted, 95), percentile(sorted, 99), mean].map((v) =>
    v.toFixed(1),
  );
  console.log(`| ${s.label} | ${sorted.length} | ${cells.join(' | ')} |`);
}
for (const s of sides) {
  await s.app.close();
  await s.database.close();
}
await admin.query(`drop database if exists "${copy.pathname.slice(1)}" with (force)`);
await admin.end();
await seeded.drop();
