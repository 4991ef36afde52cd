import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import type { buildApp as TBuildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { openPostgres as TOpenPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createPostgresDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { freeStaySlots, PRICED_DAYS, stayIn } from './seed-bookings.ts';

// Booking creation as the server itself sees it (goal: p99 without the HTTP client): this process runs only
// the server, on PostgreSQL and the demo data; a client in a process of its own
// (`creation-server-client.mjs`) sends BENCH_WARM + BENCH_SAMPLES creations one after the other over HTTP with
// keep-alive; the figures are the server's own time of each measured one, from its request arriving to its
// answer written (Fastify's `reply.elapsedTime`), this process's garbage collections meanwhile, the CPU time
// per creation of this process and of PostgreSQL (less swayed by a noisy host than the latency), and how much
// of a creation's objects outlived the young generation (the old generation's growth). Neither the
// client's objects (app.inject's light-my-request promotes some of its own to the old generation) nor its CPU
// share this heap. APP_DIR=/path/to/checkout runs that checkout's server code instead (an A/B: run it for
// both, in turn). Run: TEST_DATABASE_URL=postgres://… npm run bench:creation-server
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
const WARM = Number(process.env.BENCH_WARM ?? 1500);
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('Set TEST_DATABASE_URL (PostgreSQL)');
const dir = process.env.APP_DIR ?? resolve(import.meta.dirname, '..');
const { buildApp } = (await import(resolve(dir, 'apps/server/src/app.ts'))) as { buildApp: typeof TBuildApp };
const { openPostgres } = (await import(resolve(dir, 'apps/server/src/db/client.ts'))) as {
  openPostgres: typeof TOpenPostgres;
};

/**
 * CPU time so far of every PostgreSQL process of this host (its backends, WAL writer, …) in ms, from /proc:
 * PostgreSQL runs on this machine in the bench. In ticks of 10 ms; over a thousand creations that is fine enough.
 */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      // After the name: state is field 3, utime and stime fields 14 and 15 (proc(5)).
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}

const seeded = await createPostgresDatabase(url);
const database = await openPostgres(seeded.url, 5);
await database.migrate();
await seedDemo(database.db);
const slots = await freeStaySlots(database, PRICED_DAYS);
if (slots.length < WARM + SAMPLES) throw new Error(`only ${slots.length} free slots`);

const app = await buildApp({
  database,
  config: { ...loadConfig({}), authRateLimit: 1_000_000 },
  version: 'creation-server',
});
const times: number[] = [];
/** Bytes in V8's old generation: without a full collection meanwhile, it grows by what the scavenges promote. */
const oldBytes = () =>
  getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'old_space' || s.space_name === 'large_object_space')
    .reduce((sum, s) => sum + s.space_used_size, 0);
let cpuAtWarm: { server: NodeJS.CpuUsage; postgres: number; old: number } | undefined;
app.addHook('onResponse', async (request, reply) => {
  if (request.method === 'POST' && request.url === '/api/bookings' && reply.statusCode === 201) {
    times.push(reply.elapsedTime);
    if (times.length === WARM)
      cpuAtWarm = { server: process.cpuUsage(), postgres: postgresCpuMs(), old: oldBytes() };
  }
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');

const gcs: { kind: number; ms: number }[] = [];
const observer = new PerformanceObserver((list) => {
  if (times.length < WARM) return;
  for (const e of list.getEntries())
    gcs.push({ kind: (e as unknown as { detail: { kind: number } }).detail.kind, ms: e.duration });
});
observer.observe({ entryTypes: ['gc'] });

const client = spawn(process.execPath, [resolve(import.meta.dirname, 'creation-server-client.mjs')], {
  stdio: ['pipe', 'inherit', 'inherit'],
  env: { ...process.env, BENCH_PORT: String(address.port) },
});
client.stdin.end(JSON.stringify(slots.slice(0, WARM + SAMPLES).map(stayIn)));
const code = await new Promise<number | null>((done) => client.on('exit', done));
observer.disconnect();
const postgresMs = postgresCpuMs() - (cpuAtWarm?.postgres ?? 0);
const server = process.cpuUsage(cpuAtWarm?.server);
const promoted = oldBytes() - (cpuAtWarm?.old ?? 0);
if (code !== 0) throw new Error(`the client ended with ${code}`);

const measured = times.slice(WARM).sort((a, b) => a - b);
const ms = (v: number) => v.toFixed(2);
const minor = gcs.filter((g) => g.kind === constants.NODE_PERFORMANCE_GC_MINOR);
const average = (list: { ms: number }[]) => ms(list.reduce((a, g) => a + g.ms, 0) / Math.max(1, list.length));
console.log(
  `${dir}: ${measured.length} creations after ${WARM}, the server's own time: p50 ${ms(percentile(measured, 50))}, ` +
    `p95 ${ms(percentile(measured, 95))}, p99 ${ms(percentile(measured, 99))} ms; meanwhile ${minor.length} ` +
    `scavenges (${average(minor)} ms each on average), ${gcs.length - minor.length} other collections; CPU per ` +
    `creation: the server ${ms((server.user + server.system) / 1000 / measured.length)} ms (all its threads; ` +
    `in the kernel ${ms(server.system / 1000 / measured.length)}), PostgreSQL ${ms(postgresMs / measured.length)} ms; ` +
    (gcs.length === minor.length
      ? `the old generation grew by ${(promoted / 1024 / measured.length).toFixed(1)} KB per creation (what outlived the young one)`
      : 'the old generation: not comparable (a full collection ran)'),
);
await app.close();
await database.close();
await seeded.drop();
