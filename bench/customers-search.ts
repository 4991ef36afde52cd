import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createTestDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { seedManyCustomers } from './seed-customers.ts';

// The customer list with 50,000 customers (goal: search by name under 50 ms at p50 on PostgreSQL),
// on PGlite and PostgreSQL side by side in one run. Run: npm run bench:customers
// (TEST_DATABASE_URL=postgres://… adds PostgreSQL).
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

/** Sequential requests: latency as one user feels it, without the load of other connections. */
async function latency(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  let total = -1;
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { total?: number };
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    total = body.total ?? -1;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

async function engine(name: string, database: Database) {
  await seedDemo(database.db);
  const seedStart = performance.now();
  await seedManyCustomers(database, CUSTOMERS);
  const seedMs = performance.now() - seedStart;
  const app = await buildApp({
    database,
    config: { ...loadConfig({}), authRateLimit: 1_000_000 },
    version: 'bench',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/customers`;
  const login = await fetch(`${base.replace('/customers', '')}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const calls = {
    'page 1 (no search)': `${base}?size=25`,
    'search last name "schröder"': `${base}?size=25&search=schr%C3%B6der`,
    'search "klara wolf"': `${base}?size=25&search=${encodeURIComponent('klara wolf')}`,
    'search e-mail "c4711@"': `${base}?size=25&search=c4711%40`,
    'sort by last name, page 100': `${base}?size=25&sort=lastName&page=100`,
    'filter nationality PH': `${base}?size=25&filter=${encodeURIComponent('{"nationality":"PH"}')}`,
  };
  const rows: Record<string, { p50: number; p95: number; total: number; rps?: number }> = {};
  for (const [label, url] of Object.entries(calls)) rows[label] = await latency(url, headers);
  const load = await autocannon({
    url: calls['search last name "schröder"'],
    headers,
    connections: 10,
    duration: DURATION,
  });
  const searchRow = rows['search last name "schröder"'];
  if (searchRow) searchRow.rps = Math.round(load.requests.average);
  await app.close();
  await database.close();
  return { name, seedMs, rows };
}

const pglite = await openPglite(undefined);
await pglite.migrate();
const results = [await engine('PGlite', pglite)];
if (process.env.TEST_DATABASE_URL) results.push(await engine('PostgreSQL', await createTestDatabase()));

const lines = [
  `Customers: ${CUSTOMERS.toLocaleString('en')} (+ demo), ${SAMPLES} sequential requests per row, load ${DURATION} s × 10 connections.`,
  '',
  '| call | engine | rows found | p50 ms | p95 ms | req/s (10 conn.) |',
  '|---|---|---:|---:|---:|---:|',
];
for (const { name, rows } of results) {
  for (const [call, r] of Object.entries(rows)) {
    lines.push(
      `| ${call} | ${name} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rps ?? ''} |`,
    );
  }
}
for (const r of results)
  lines.push('', `Seeding ${CUSTOMERS} customers on ${r.name}: ${(r.seedMs / 1000).toFixed(1)} s`);
console.log(lines.join('\n'));
