import { REPORT_NAMES } from '@atoll/domain/reports';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createTestDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { seedBookingLines, seedManyBookings } from './seed-bookings.ts';

// Every report call over one year (2027) of the 100,000-booking bench set (seed-bookings.ts, with its
// calculation lines), PGlite and PostgreSQL side by side: p50 and p99 through app.inject (no HTTP client).
// Goal: p50 ≤ 100 ms on PostgreSQL. Run: npm run bench:reports (TEST_DATABASE_URL=postgres://… adds PostgreSQL;
// each row is also printed to stderr as it is measured).
// BENCH_REPORTS_PG_URL (an existing, empty or already seeded PostgreSQL database) and BENCH_PGLITE_DIR (a PGlite
// data directory) keep the seeded set between runs: it is seeded when it holds no bookings yet, and kept.
// BENCH_REPORTS=topBookings,utilization measures only those calls.
const SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 10);
const ONLY = process.env.BENCH_REPORTS?.split(',');
const YEAR = 'from=2027-01-01&to=2028-01-01';

type TTimes = { p50: number; p99: number; rows: number };

async function engine(name: string, database: Database) {
  await database.migrate();
  const [seeded] = (
    (await database.db.execute(sql`select count(*)::int as n from bookings`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  if (!seeded?.n) {
    const started = performance.now();
    await seedDemo(database.db);
    await seedManyBookings(database);
    await seedBookingLines(database);
    // As autovacuum leaves a settled database: the visibility map lets the reports read lines from an index.
    await database.db.execute(sql`vacuum analyze`);
    console.error(`${name}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const [vessel] = (
    (await database.db.execute(sql`select min(id) as id from vessels`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const app = await buildApp({
    database,
    config: { ...loadConfig({}), authRateLimit: 1_000_000 },
    version: 'bench',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { email: 'admin@example.com', password: 'demo-admin' },
  });
  const headers = { authorization: `Bearer ${login.json().token}` };
  const urls: Record<string, string> = Object.fromEntries(
    REPORT_NAMES.map((report) => [
      report,
      `/api/bookings/${report.replace('{type}', 'room_cost').replace('{vessel}', String(vessel?.id))}?${YEAR}`,
    ]),
  );
  urls.incomeByMonth = `/api/bookings/incomeByMonth?${YEAR}`;
  urls.occupancyPerYear = `/api/bookings/occupancyPerYear?${YEAR}&groupBy=month`;
  const timed: Record<string, TTimes> = {};
  for (const [report, url] of Object.entries(urls)) {
    if (ONLY && !ONLY.includes(report)) continue;
    const get = async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { rows?: unknown[]; months?: unknown[] };
    };
    const answer = await get();
    await get();
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      await get();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    timed[report] = {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      rows: (answer.rows ?? answer.months ?? []).length,
    };
    const t = timed[report];
    console.error(`${name} ${report}: p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`);
  }
  await app.close();
  await database.close();
  return { name, timed };
}

const results: Awaited<ReturnType<typeof engine>>[] = [];
const PG_URL = process.env.BENCH_REPORTS_PG_URL;
if (PG_URL) results.push(await engine('PostgreSQL', await openPostgres(PG_URL, 5)));
else if (process.env.TEST_DATABASE_URL) results.push(await engine('PostgreSQL', await createTestDatabase()));
// BENCH_PGLITE=0 leaves PGlite out (its 100,000-booking seed takes long on a busy host).
if (process.env.BENCH_PGLITE !== '0') {
  const dir = process.env.BENCH_PGLITE_DIR;
  const pglite = await openPglite(dir);
  results.push(await engine('PGlite', pglite));
}

const names = Object.keys(results[0]?.timed ?? {});
const lines = [
  `Every report over 2027 of the 100,000-booking bench set; ${SAMPLES} calls per row after 2 (app.inject).`,
  '',
  `| report | rows | ${results.map((r) => `${r.name} p50 ms | ${r.name} p99 ms`).join(' | ')} |`,
  `|---|---:|${results.map(() => '---:|---:').join('|')}|`,
];
for (const report of names) {
  const cells = results.map((r) => {
    const t = r.timed[report];
    return `${t?.p50.toFixed(1)} | ${t?.p99.toFixed(1)}`;
  });
  lines.push(`| ${report} | ${results[0]?.timed[report]?.rows} | ${cells.join(' | ')} |`);
}
console.log(lines.join('\n'));
