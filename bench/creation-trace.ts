import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createPostgresDatabase } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';
import { freeStaySlots, PRICED_DAYS, stayIn } from './seed-bookings.ts';

// Where the time of a booking creation goes, on the demo data and PostgreSQL: BENCH_SAMPLES creations
// one after the other through app.inject after BENCH_WARM unmeasured ones (V8 goes on optimizing a creation's
// code for 2,000–3,000 of them), and for the measured ones:
// - p50 / p95 / p99 of a creation;
// - each statement as pg's client sees it (sent to answered, with pg's own JavaScript): how often per creation,
//   p50 / p99, and its share of a creation's time;
// - CPU per creation of this process's main thread and of its other threads (V8's compiler and collector
//   helpers), and of all PostgreSQL processes (from /proc, 10 ms resolution);
// - garbage collections: how many, and the pauses of the main thread.
// BENCH_PROFILE=file.cpuprofile writes a CPU profile of the measured creations (open it in Chrome's DevTools).
// Run: TEST_DATABASE_URL=postgres://… npm run bench:creation-trace. A tool to find what to change, not a
// figure of RESULTS.md's tables: its hooks cost time of their own.
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1000);
const WARM = Number(process.env.BENCH_WARM ?? 1000);
const PROFILE = process.env.BENCH_PROFILE;
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('Set TEST_DATABASE_URL (PostgreSQL)');

const seeded = await createPostgresDatabase(url);
const database = await openPostgres(seeded.url, 5);
await database.migrate();
await seedDemo(database.db);

// Every statement's time from pg's query() to its answer, by the start of its text (the feed's sync runs on a
// connection of its own, beside the transaction's statements: shares overlap).
let statements: Map<string, number[]> | undefined;
const query = pg.Client.prototype.query;
// Drizzle calls query() without a callback and awaits the promise it answers.
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
  const into = statements;
  if (into && answer instanceof Promise) {
    const started = performance.now();
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '?');
    const key = text.slice(0, 96).replace(/\s+/g, ' ').trim().slice(0, 48);
    const list = into.get(key) ?? [];
    into.set(key, list);
    const done = () => list.push(performance.now() - started);
    answer.then(done, done);
  }
  return answer;
} as typeof query;

const app = await buildApp({
  database,
  config: { ...loadConfig({}), authRateLimit: 1_000_000 },
  version: 'trace',
});
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/token',
  payload: { email: 'admin@example.com', password: 'demo-admin' },
});
const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
const slots = await freeStaySlots(database, PRICED_DAYS);
if (slots.length < SAMPLES + WARM) throw new Error(`only ${slots.length} free slots`);

/** CPU milliseconds of each thread of this process (utime + stime, 100 ticks a second). */
function threadCpu(): Map<number, number> {
  return new Map(
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [Number(tid), (Number(fields[11]) + Number(fields[12])) * 10];
    }),
  );
}
/** CPU milliseconds of all PostgreSQL processes of the machine. */
function postgresCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

const create = async (i: number) => {
  const res = await app.inject({ method: 'POST', url: '/api/bookings', headers, payload: stayIn(slots[i]) });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
};
for (let i = 0; i < WARM; i++) await create(i);

const gcs: { kind: number; ms: number }[] = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    gcs.push({ kind: (e as unknown as { detail: { kind: number } }).detail.kind, ms: e.duration });
});
observer.observe({ entryTypes: ['gc'] });
const session = PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const seen = new Map<string, number[]>();
statements = seen;
const threads0 = threadCpu();
const postgres0 = postgresCpu();
const times: number[] = [];
for (let i = WARM; i < WARM + SAMPLES; i++) {
  const started = performance.now();
  await create(i);
  times.push(performance.now() - started);
}
const threads1 = threadCpu();
const postgres1 = postgresCpu();
statements = undefined;
if (session && PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(PROFILE, JSON.stringify(profile));
}
await new Promise((done) => setTimeout(done, 100)); // the last gc entries
observer.disconnect();

const ms = (v: number) => v.toFixed(2);
const sorted = [...times].sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `\n${SAMPLES} creations after ${WARM}: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, ` +
    `p99 ${ms(percentile(sorted, 99))}, mean ${ms(mean)} ms\n`,
);

console.log(
  '| statement | per creation | p50 ms | p99 ms | share of a creation |\n|---|---:|---:|---:|---:|',
);
const byTime = [...seen].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0));
for (const [text, list] of byTime) {
  const own = [...list].sort((a, b) => a - b);
  const share = list.reduce((a, b) => a + b, 0) / SAMPLES / mean;
  console.log(
    `| ${text} | ${(list.length / SAMPLES).toFixed(1)} | ${ms(percentile(own, 50))} | ${ms(percentile(own, 99))} | ` +
      `${(share * 100).toFixed(0)} % |`,
  );
}

const main = (threads1.get(process.pid) ?? 0) - (threads0.get(process.pid) ?? 0);
let others = 0;
for (const [tid, cpu] of threads1) if (tid !== process.pid) others += cpu - (threads0.get(tid) ?? 0);
console.log(
  `\nCPU per creation: main thread ${ms(main / SAMPLES)} ms, the process's other threads ` +
    `${ms(others / SAMPLES)} ms, PostgreSQL ${ms((postgres1 - postgres0) / SAMPLES)} ms`,
);
const minor = gcs.filter((g) => g.kind === constants.NODE_PERFORMANCE_GC_MINOR);
const rest = gcs.filter((g) => g.kind !== constants.NODE_PERFORMANCE_GC_MINOR);
const pauses = (list: { ms: number }[]) =>
  `${list.length} (${ms(list.length ? list.reduce((a, g) => a + g.ms, 0) / list.length : 0)} ms each on average)`;
console.log(`Garbage collections: ${pauses(minor)} scavenges, ${pauses(rest)} others`);

await app.close();
await database.close();
await seeded.drop();
