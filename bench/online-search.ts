import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createTestDatabase } from '../apps/server/test/harness.ts';

// The guest's full search over HTTP on the demo data: one GET /api/book/roomTypes answers the resort's
// room types with their free rooms and their prices for 2 adults and 2 nights (the demo resort has 4 types).
// The searches rotate over every allowed 2-night stay of the next two months: once on a server without caches
// (CACHES=off: every search computes its prices) and once with the search cache, warmed by one search of each
// stay (whose mean time is the cold search's). Each request comes from its own
// address (X-Forwarded-For, behind a trusted proxy) as guests do, so the per-IP limit of the public calls
// does not count them together. autocannon, 10 connections. Run: npm run bench:online-search
// (TEST_DATABASE_URL=postgres://… adds PostgreSQL).
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const GUESTS = 2;
const NIGHTS = 2;

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type TTypes = {
  days: { date: string; arrival: boolean; departure: boolean }[];
  roomTypes: { resortId: number | null; free: number | null; price?: { total: string } | null }[];
};

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.1' } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The stays to search: every arrival of the next two months whose departure NIGHTS later is allowed. */
async function staysOf(base: string) {
  const all = await get<TTypes>(`${base}/api/book/roomTypes`);
  const resortId = all.roomTypes.find((t) => t.resortId !== null)?.resortId;
  if (!resortId) throw new Error('no resort on sale in the demo data');
  const start = addDays(new Date().toISOString().slice(0, 10), 14);
  const { days } = await get<TTypes>(
    `${base}/api/book/roomTypes?resortId=${resortId}&from=${start}&to=${addDays(start, 60)}`,
  );
  const allowed = new Map(days.map((d) => [d.date, d]));
  const stays = days
    .filter((d) => d.arrival && allowed.get(addDays(d.date, NIGHTS))?.departure)
    .map(
      (d) =>
        `/api/book/roomTypes?resortId=${resortId}&from=${d.date}&to=${addDays(d.date, NIGHTS)}&guests=${GUESTS}`,
    );
  if (stays.length === 0) throw new Error('no allowed 2-night stay in the next two months');
  return stays;
}

/** Searches/s over the stays, each request from its own address. */
async function searches(base: string, stays: string[]) {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: DURATION,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          n += 1;
          const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return {
            ...request,
            path: stays[n % stays.length] as string,
            headers: { ...request.headers, 'x-forwarded-for': ip },
          };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

/** One server on the database: without caches every search computes; with them, warmed first. */
async function run(database: Database, caches: boolean) {
  const config = { ...loadConfig({}), trustProxy: true, caches };
  const app = await buildApp({ database, config, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const stays = await staysOf(base);
    // Each stay once (cold on the cached server), checked: every type with a free room has its price.
    const started = performance.now();
    let priced = 0;
    for (const stay of stays) {
      const answer = await get<TTypes>(`${base}${stay}`);
      priced = answer.roomTypes.filter((t) => t.price).length;
      if (priced === 0 || answer.roomTypes.some((t) => (t.free ?? 0) > 0 && !t.price))
        throw new Error(`a free room type without a price: ${JSON.stringify(answer.roomTypes)}`);
    }
    const cold = (performance.now() - started) / stays.length;
    return { stays: stays.length, priced, cold: Math.round(cold), ...(await searches(base, stays)) };
  } finally {
    await app.close();
  }
}

async function engine(name: string, database: Database) {
  await seedDemo(database.db);
  const computed = await run(database, false);
  const cached = await run(database, true);
  await database.close();
  return { name, computed, cached };
}

const pglite = await openPglite(undefined);
await pglite.migrate();
const results = [await engine('PGlite', pglite)];
// A fresh PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL names a server.
if (process.env.TEST_DATABASE_URL) results.push(await engine('PostgreSQL', await createTestDatabase()));

const lines = [
  `Online search: GET /api/book/roomTypes, ${GUESTS} adults, ${NIGHTS} nights, autocannon 10 connections, ${DURATION} s.`,
  '| engine | search cache | room types priced | stays rotated | one search alone ms | searches/s | p50 ms | p99 ms | failed |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...results.flatMap(({ name, computed, cached }) =>
    (
      [
        ['off (each computes)', computed],
        ['on (warmed)', cached],
      ] as const
    ).map(
      ([label, r]) =>
        `| ${name} | ${label} | ${r.priced} | ${r.stays} | ${r.cold} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failed} |`,
    ),
  ),
];
console.log(lines.join('\n'));
