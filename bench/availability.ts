import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createAvailabilityService } from '../apps/server/src/modules/availability/availability.service.ts';
import { createTestDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { BENCH_RESORTS, BENCH_START, seedManyInventory } from './seed-inventory.ts';

// Availability with 2,000 rooms and cabins and about 100,000 bookings (goal: one resort, 7 nights,
// p50 ≤ 5 ms on PostgreSQL, PGlite within 1.5×), on PGlite and PostgreSQL side by side in one run.
// Run: npm run bench:availability (TEST_DATABASE_URL=postgres://… adds PostgreSQL).
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

async function measure(run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(i); // warm-up: plans and caches
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** A 7-night window somewhere in the three years, different on every call. */
const week = (i: number) => {
  const from = new Date(`${BENCH_START}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() + 30 + ((i * 37) % 1000));
  const to = new Date(from.getTime() + 7 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
};

async function engine(name: string, database: Database) {
  await seedDemo(database.db);
  const seedStart = performance.now();
  await seedManyInventory(database);
  const seedMs = performance.now() - seedStart;
  const count = async (table: string) =>
    Number(
      (
        (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );
  const sizes = {
    rooms: await count('rooms'),
    occupancy: await count('occupancy'),
    schedules: await count('schedules'),
  };
  const resortIds = (
    (await database.db.execute(
      sql`select id, name from resorts where name like 'Bench Resort %' order by id`,
    )) as unknown as {
      rows: { id: number; name: string }[];
    }
  ).rows;
  const scheduleIds = (
    (await database.db.execute(
      sql`select id from schedules where from_date >= ${BENCH_START}::date + 30 order by id limit 52`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => r.id);

  const service = createAvailabilityService({ db: database.db });
  const app = await buildApp({
    database,
    config: { ...loadConfig({}), authRateLimit: 1_000_000 },
    version: 'bench',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const rows: Record<string, { p50: number; p99: number }> = {};
  for (const [index, resort] of resortIds.entries()) {
    const rooms = BENCH_RESORTS[index]?.rooms;
    rows[`engine: resort of ${rooms} rooms, 7 nights`] = await measure((i) =>
      service.resort(resort.id, { ...week(i), channel: 'staff' }),
    );
    rows[`HTTP: resort of ${rooms} rooms, 7 nights`] = await measure(async (i) => {
      const { from, to } = week(i);
      const res = await fetch(`${base}/api/rooms/available/${resort.id}?from=${from}&to=${to}`, { headers });
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    });
  }
  rows['engine: one departure, 50 cabins'] = await measure((i) =>
    service.schedule(scheduleIds[i % scheduleIds.length] ?? 0, 'staff'),
  );
  rows['engine: 52 departures of one vessel (capacities)'] = await measure(() =>
    service.capacities(scheduleIds, 'staff'),
  );
  await app.close();
  await database.close();
  return { name, seedMs, sizes, rows };
}

const pglite = await openPglite(undefined);
await pglite.migrate();
const results = [await engine('PGlite', pglite)];
if (process.env.TEST_DATABASE_URL) results.push(await engine('PostgreSQL', await createTestDatabase()));

const lines = [
  `${SAMPLES} sequential calls per row after 10 warm-up calls; every call asks a different week.`,
  '',
];
const postgres = results.find((r) => r.name === 'PostgreSQL');
lines.push('| call | engine | p50 ms | p99 ms | PGlite / PostgreSQL (p50) |', '|---|---|---:|---:|---:|');
for (const { name, rows } of results) {
  for (const [call, r] of Object.entries(rows)) {
    const pg = postgres?.rows[call];
    const ratio = name === 'PGlite' && pg ? (r.p50 / pg.p50).toFixed(2) : '';
    lines.push(`| ${call} | ${name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${ratio} |`);
  }
}
for (const r of results)
  lines.push(
    '',
    `${r.name}: ${r.sizes.rooms} rooms and cabins, ${r.sizes.occupancy} occupancy rows, ${r.sizes.schedules} departures; seeded in ${(r.seedMs / 1000).toFixed(1)} s`,
  );
console.log(lines.join('\n'));
