import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createTestDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { freeStaySlots, PRICED_DAYS, seedBookingLines, seedManyBookings, stayIn } from './seed-bookings.ts';

// The booking list with 100,000 bookings (goal: 25 rows, p50/p99, req/s at least 0.25× our own /version
// in the same run) and booking creation (p99 ≤ 10 ms on PostgreSQL without the HTTP client), on PGlite and
// PostgreSQL side by side. Run: npm run bench:bookings (TEST_DATABASE_URL=postgres://… adds PostgreSQL).
/** Creations per creation row: p99 of 1,000 is the tenth slowest call, of 200 the second (it jumped by 4–5 ms). */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
/** Creations between the HTTP creation row and the last one (a running server's); all fit in PRICED_DAYS. */
const RUNNING = Number(process.env.BENCH_RUNNING ?? 700);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Calls per year-report row (each reads a year of bookings). */
const REPORT_SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 20);

type TTimes = { p50: number; p99: number };

async function sequential(run: () => Promise<unknown>, samples = SAMPLES, warm = 10): Promise<TTimes> {
  for (let i = 0; i < warm; i++) await run(); // warm-up: plans and caches
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function engine(name: string, database: Database) {
  await seedDemo(database.db);
  const seedStart = performance.now();
  await seedManyBookings(database);
  const seedMs = performance.now() - seedStart;
  const [size] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from bookings`);
  const slots = await freeStaySlots(database, PRICED_DAYS);
  if (slots.length < 3 * SAMPLES + RUNNING + 20) throw new Error(`only ${slots.length} free slots`);
  const [sample] = await rowsOf<{ id: number }>(
    database,
    sql`select id from bookings where state = 'confirmed' order by id desc limit 1`,
  );

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
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const list = '/api/bookings?size=25';
  const queries: Record<string, string> = {
    'list, page 1 (25 rows)': list,
    'list, page 400': `${list}&page=400`,
    'list, search "schröder"': `${list}&search=schr%C3%B6der`,
    'list, not resolved in a month': `${list}&states=notResolved&from=2027-03-01&to=2027-04-01`,
    'booking detail': `/api/bookings/${sample?.id}`,
  };
  const timed: Record<string, TTimes & { found?: number }> = {};
  for (const [label, path] of Object.entries(queries)) {
    const answer = (await get(path)) as { total?: number; data?: unknown };
    const found = Array.isArray(answer.data) ? answer.total : undefined;
    timed[label] = { ...(await sequential(() => get(path), 100)), found };
  }

  // Creation: through app.inject (no HTTP client, no socket) and through fetch, each on its own room and nights
  // (the next free slot). First as the server has just started (after 10 warm-up calls), then as a running
  // server does: V8 goes on optimizing the code of a creation, function by function, for ~2,000–3,000 of them
  // (see the booking-creation section of RESULTS.md), so RUNNING more creations go unmeasured before the last row.
  let used = 0;
  const nextStay = () => stayIn(slots[used++]);
  const create = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/bookings', headers, payload: nextStay() });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  };
  timed['create a confirmed stay (inject, no HTTP client)'] = await sequential(create);
  timed['create a confirmed stay (HTTP)'] = await sequential(async () => {
    const res = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(nextStay()),
    });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  });
  for (let i = 0; i < RUNNING; i++) await create();
  timed[`create a confirmed stay (inject), after ${used} creations`] = await sequential(create, SAMPLES, 0);

  // The load after the creations: its aftermath (the server and PostgreSQL still busy, autocannon's garbage)
  // is not the creations' to measure.
  const version = await load(`${base}/version`);
  const listLoad = await load(`${base}${list}`, headers);

  // Year reports over 2027: lines for every booking first (seed-bookings.ts seedBookingLines).
  await seedBookingLines(database);
  const year = 'from=2027-01-01&to=2028-01-01';
  const reports: Record<string, string> = {
    'year report: income by month (stay nights)': `/api/bookings/incomeByMonth?${year}`,
    'year report: income by month (booking date)': `/api/bookings/incomeByMonth?${year}&by=bookingDate`,
    'year report: occupancy per year': `/api/bookings/occupancyPerYear?${year}`,
    'year report: occupancy by month': `/api/bookings/occupancyPerYear?${year}&groupBy=month`,
  };
  for (const [label, path] of Object.entries(reports)) {
    const answer = (await get(path)) as { total?: { bookings?: number; occupiedNights?: number } };
    const found = answer.total?.bookings ?? answer.total?.occupiedNights;
    timed[label] = { ...(await sequential(() => get(path), REPORT_SAMPLES, 2)), found };
  }

  await app.close();
  await database.close();
  return { name, seedMs, size: size?.n ?? 0, timed, version, listLoad };
}

const pglite = await openPglite(undefined);
await pglite.migrate();
const results = [await engine('PGlite', pglite)];
if (process.env.TEST_DATABASE_URL) results.push(await engine('PostgreSQL', await createTestDatabase()));

const lines = [
  `Sequential: 100 calls per query row, ${SAMPLES} per creation row, after 10 warm-up calls (the last creation`,
  `row after ${RUNNING} more creations); ${REPORT_SAMPLES} per year-report row after 2 (rows found: bookings with`,
  'income, occupied room-nights). Load: autocannon,',
  `10 connections, ${DURATION} s per row, client and server on the same 2 cores.`,
  '',
  '| call | engine | rows found | p50 ms | p99 ms |',
  '|---|---|---:|---:|---:|',
];
for (const r of results)
  for (const [call, t] of Object.entries(r.timed))
    lines.push(`| ${call} | ${r.name} | ${t.found ?? ''} | ${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} |`);
lines.push(
  '',
  '| load | engine | req/s | p50 ms | p99 ms | list / version |',
  '|---|---|---:|---:|---:|---:|',
);
for (const r of results) {
  lines.push(`| /version | ${r.name} | ${r.version.rps} | ${r.version.p50} | ${r.version.p99} | |`);
  lines.push(
    `| list, page 1 (25 rows) | ${r.name} | ${r.listLoad.rps} | ${r.listLoad.p50} | ${r.listLoad.p99} | ${(r.listLoad.rps / r.version.rps).toFixed(2)} |`,
  );
}
for (const r of results)
  lines.push('', `${r.name}: ${r.size} bookings; seeded in ${(r.seedMs / 1000).toFixed(1)} s`);
console.log(lines.join('\n'));
