import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { buildApp as TBuildApp } from '../apps/server/src/app.ts';
import type { loadConfig as TLoadConfig } from '../apps/server/src/config.ts';
import type { openPostgres as TOpenPostgres } from '../apps/server/src/db/client.ts';

// One side of bench/side-by-side.ts, in a process of its own on the Node it was started with: the server of the
// checkout APP_DIR on the PostgreSQL database DATABASE_URL, and a bare node:http server beside it (same Node, same
// process) that answers a fixed JSON body. Prints both ports as one JSON line; ends when its stdin closes.
const dir = process.env.APP_DIR ?? resolve(import.meta.dirname, '..');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL');
const app = (path: string) => import(resolve(dir, 'apps/server/src', path));
const { buildApp } = (await app('app.ts')) as { buildApp: typeof TBuildApp };
const { loadConfig } = (await app('config.ts')) as { loadConfig: typeof TLoadConfig };
const { openPostgres } = (await app('db/client.ts')) as { openPostgres: typeof TOpenPostgres };

const database = await openPostgres(url, 5);
const server = await buildApp({
  database,
  config: { ...loadConfig({}), authRateLimit: 1_000_000 },
  version: 'side-by-side',
});
await server.listen({ host: '127.0.0.1', port: 0 });
const bare = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"version":"side-by-side"}');
});
await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));
const port = (s: { address(): unknown }) => (s.address() as AddressInfo).port;
console.log(JSON.stringify({ app: port(server.server), bare: port(bare), node: process.version }));

process.stdin.resume();
process.stdin.on('end', async () => {
  bare.close();
  await server.close();
  await database.close();
  process.exit(0);
});
