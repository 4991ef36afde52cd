import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createTestDatabase } from '../apps/server/test/harness.ts';

// Our HTTP stack against a bare node:http server in the same run, on the same machine, so the
// figures are ratios rather than absolute numbers. Run: npm run bench.
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function measure(url: string, opts: { headers?: Record<string, string> } = {}) {
  const result = await autocannon({ url, connections: 10, duration: DURATION, ...opts });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

async function listen(server: {
  listen: (port: number, host: string, cb: () => void) => unknown;
  address(): unknown;
}) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function engine(name: string, database: Database) {
  await seedDemo(database.db);
  const config = { ...loadConfig({}), authRateLimit: 1_000_000 };
  const app = await buildApp({ database, config, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const rows = {
    version: await measure(`${base}/version`),
    usersList: await measure(`${base}/api/users?size=25`, { headers: auth }),
    usersSearch: await measure(`${base}/api/users?search=demo`, { headers: auth }),
    bootstrap: await measure(`${base}/api/bootstrap`, { headers: auth }),
  };
  await app.close();
  await database.close();
  return { name, rows };
}

const bare = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"version":"bench"}');
});
const bareUrl = await listen(bare);
const baseline = await measure(`${bareUrl}/version`);
bare.close();

const pglite = await openPglite(undefined);
await pglite.migrate();
const results = [await engine('PGlite', pglite)];
// A fresh PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL names a server.
if (process.env.TEST_DATABASE_URL) results.push(await engine('PostgreSQL', await createTestDatabase()));

const lines = [
  `| call | engine | req/s | p50 ms | p99 ms | vs bare node:http |`,
  `|---|---|---:|---:|---:|---:|`,
  `| bare node:http /version | – | ${baseline.rps} | ${baseline.p50} | ${baseline.p99} | 1.00 |`,
];
for (const { name, rows } of results) {
  for (const [call, r] of Object.entries(rows)) {
    lines.push(
      `| ${call} | ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / baseline.rps).toFixed(2)} |`,
    );
  }
}
console.log(lines.join('\n'));
