import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createTestDatabase } from '../apps/server/test/harness.ts';
import { freeStaySlots, PRICED_DAYS, seedManyBookings, stayIn } from './seed-bookings.ts';

// The mixed load on the large data set (2,000 rooms and cabins, 100,000 bookings, 50,000
// customers, 200 agencies), PGlite and PostgreSQL side by side: 70 % list and detail, 20 % availability and
// price, 10 % booking writes, autocannon with 10 connections for 30 s; beside it a bare `SELECT 1` through the
// driver. Run: npm run bench:mixed (TEST_DATABASE_URL=postgres://… adds PostgreSQL).

const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const SELECTS = 2_000;

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** p50 and p99 of `SELECT 1` through the driver, sequentially. */
async function selectOne(database: Database) {
  for (let i = 0; i < 100; i++) await database.db.execute(sql`select 1`);
  const times: number[] = [];
  for (let i = 0; i < SELECTS; i++) {
    const started = performance.now();
    await database.db.execute(sql`select 1`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(SELECTS / 2)] ?? 0, p99: times[Math.floor(SELECTS * 0.99)] ?? 0 };
}

async function engine(name: string, database: Database) {
  await seedDemo(database.db);
  await seedManyBookings(database);
  const bare = await selectOne(database);
  const [resort] = await rowsOf<{ id: number; roomTypeId: number }>(
    database,
    sql`select s.id, t.id as "roomTypeId" from resorts s join room_types t on t.resort_id = s.id
        where s.name = 'Coral Garden Resort' order by t.id limit 1`,
  );
  const samples = await rowsOf<{ id: number }>(
    database,
    sql`select id from bookings where state = 'confirmed' order by id desc limit 50`,
  );
  // Free 2-night slots for the writes; a slot taken meanwhile answers 409, which the table counts apart.
  const slots = await freeStaySlots(database, PRICED_DAYS, true);
  if (!resort || samples.length === 0) throw new Error('bench data missing');

  const app = await buildApp({
    database,
    config: { ...loadConfig({}), authRateLimit: 1_000_000, logLevel: 'warn' },
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
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  let n = 0;
  const detail = () => `/api/bookings/${samples[n++ % samples.length]?.id}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  let slot = 0;
  const write = () => JSON.stringify(stayIn(slots[slot++ % slots.length]));
  // Ten requests per connection cycle: 7 reads, 2 availability/price, 1 write.
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/bookings?size=25' },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: detail() }) },
    { method: 'GET', path: '/api/bookings?size=25&search=schr%C3%B6der' },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: detail() }) },
    { method: 'GET', path: '/api/bookings?size=25&page=40' },
    { method: 'GET', setupRequest: (r) => ({ ...r, path: detail() }) },
    { method: 'GET', path: '/api/customers?size=25&search=meyer' },
    { method: 'GET', path: `/api/rooms/available/${resort.id}?from=${day(90)}&to=${day(97)}` },
    {
      method: 'POST',
      path: '/api/price/simulate',
      body: JSON.stringify({
        resortId: resort.id,
        from: day(90),
        to: day(97),
        rooms: [{ roomTypeId: resort.roomTypeId, persons: [{}, {}] }],
      }),
    },
    { method: 'POST', path: '/api/bookings', setupRequest: (r) => ({ ...r, body: write() }) },
  ];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: 10, duration: DURATION, headers, requests },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
  });
  const version = await autocannon({ url: `${base}/version`, connections: 10, duration: 10 });
  await app.close();
  await database.close();
  return {
    name,
    bare,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    versionRps: Math.round(version.requests.average),
    statuses: [...statuses.entries()].sort((a, b) => a[0] - b[0]),
  };
}

const pglite = await openPglite(undefined);
await pglite.migrate();
const results = [await engine('PGlite', pglite)];
if (process.env.TEST_DATABASE_URL) results.push(await engine('PostgreSQL', await createTestDatabase()));

const lines = [
  `Mixed load: autocannon, 10 connections, ${DURATION} s; per cycle 7 reads (3 booking lists, 3 details, 1`,
  'customer search), 1 availability, 1 price simulation, 1 booking creation. Client and server share the cores.',
  '',
  '| engine | SELECT 1 p50 ms | SELECT 1 p99 ms | mixed req/s | mixed p50 ms | mixed p99 ms | /version req/s | mixed / version | answers |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
];
for (const r of results)
  lines.push(
    `| ${r.name} | ${r.bare.p50.toFixed(3)} | ${r.bare.p99.toFixed(3)} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.versionRps} | ${(r.rps / r.versionRps).toFixed(3)} | ${r.statuses.map(([s, c]) => `${s}: ${c}`).join(', ')} |`,
  );
console.log(lines.join('\n'));
