import { randomUUID } from 'node:crypto';
import { createTestApp } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';

// The counter (docs/domain/onsite.md): a sale added to a walk-in's tab and to a room tab (which recalculates
// the booking), p50/p99 over SAMPLES calls through the app without a network; and the sync of 500 sales
// queued offline (sent one after another as the counter does), then the same 500 again (all replays,
// stored once). Goals: a sale p50 ≤ 20 ms on PostgreSQL; 500 queued sales ≤ 10 s.
// Run: npx tsx bench/pos.ts (TEST_DATABASE_URL=postgres://… for PostgreSQL).
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const QUEUED = 500;

const t = await createTestApp();
const admin = await t.login('admin@example.com', 'demo-admin');
const must = async (
  res: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status = 200,
) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as { id: number };
};
await must(t.post('/api/settings/group/features', admin, { pos: true }));
const product = await must(t.post('/api/product', admin, { name: 'Bench soda', price: '2.00' }), 201);
const rooms = (await must(t.get('/api/rooms?size=1&sort=id', admin))) as unknown as {
  data: { id: number }[];
};
const from = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
const to = new Date(Date.now() + 404 * 86_400_000).toISOString().slice(0, 10);
const booking = await must(
  t.post('/api/bookings', admin, {
    state: 'confirmed',
    rooms: [{ roomId: rooms.data[0]?.id, from, to, guests: [{}, {}] }],
  }),
  201,
).catch(() => null);

async function timed(run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
}

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const walkIn = await must(t.post('/api/pos', admin, { name: 'Bench walk-in' }), 201);
console.log(
  `${engine} sale on a walk-in tab: ${await timed(() => must(t.post(`/api/pos/${walkIn.id}/product`, admin, { item: product.id })))}`,
);
if (booking) {
  const room = await must(t.post('/api/pos', admin, { name: 'Bench room', bookingId: booking.id }), 201);
  console.log(
    `${engine} sale on a room tab: ${await timed(() => must(t.post(`/api/pos/${room.id}/product`, admin, { item: product.id })))}`,
  );
} else console.log(`${engine} room tab: no free room for the bench booking, skipped`);

const queued = await must(t.post('/api/pos', admin, { name: 'Bench offline' }), 201);
const keys = Array.from({ length: QUEUED }, () => randomUUID());
const sync = async () => {
  const started = performance.now();
  for (const key of keys)
    await must(t.post(`/api/pos/${queued.id}/product`, admin, { item: product.id, idempotencyKey: key }));
  return ((performance.now() - started) / 1000).toFixed(2);
};
const first = await sync();
const again = await sync();
const account = (await must(t.get(`/api/pos/${queued.id}/account`, admin))) as unknown as {
  account: { items: unknown[] };
};
console.log(
  `${engine} sync of ${QUEUED} queued sales: ${first} s; sent again: ${again} s; stored ${account.account.items.length}`,
);
await t.close();
