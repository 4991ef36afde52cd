import { createTestApp } from '../apps/server/test/harness.ts';
import { percentile } from './percentile.ts';

// The dive day (docs/domain/dive-day.md, issue 35): the plan of a day with 120 divers on 6 trips (60 guests
// in house in 30 bookings, 60 day guests; each diver's readiness worked out) read as the plan screen reads
// it, p50/p99 over SAMPLES calls through the app without a network; and a UDDF file of 1,000 dives imported
// into one guest's log. Goals: the day's plan p50 ≤ 50 ms on PostgreSQL; the import ≤ 5 s.
// Run: npm run bench:dive (TEST_DATABASE_URL=postgres://… for PostgreSQL).
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const TRIPS = 6;
const PER_TRIP = 20;
const UDDF_DIVES = 1_000;

const t = await createTestApp();
const admin = await t.login('admin@example.com', 'demo-admin');
type TRes = { statusCode: number; body: string; json: () => unknown };
const must = async <T = { id: number }>(res: Promise<TRes>, status = 200) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as T;
};
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
await must(t.post('/api/settings/group/features', admin, { diveLog: true }));

const day = new Date(Date.now() + 500 * 86_400_000).toISOString().slice(0, 10);
const plus = (n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
const rooms = await must<{ data: { id: number }[] }>(t.get('/api/rooms?size=30&sort=id', admin));

// 60 guests in house: two customers in each of (up to) 30 bookings; day guests fill the rest up to 120.
const divers: Record<string, unknown>[] = [];
for (const [i, room] of rooms.data.entries()) {
  const guests = [];
  for (const n of [1, 2])
    guests.push({
      customerId: (
        await must(
          t.post('/api/customers', admin, { masterData: { firstName: `Bench${i}`, lastName: `Diver${n}` } }),
          201,
        )
      ).id,
    });
  const booking = await must(
    t.post('/api/bookings', admin, {
      state: 'confirmed',
      rooms: [{ roomId: room.id, from: plus(-2), to: plus(3), guests }],
    }),
    201,
  ).catch(() => null);
  if (booking) for (const g of guests) divers.push({ ...g, bookingId: booking.id });
}
const inHouse = divers.length;
while (divers.length < TRIPS * PER_TRIP) {
  const n = divers.length;
  const guest = await must(
    t.post('/api/dayguest', admin, {
      date: day,
      name: `Walk-in ${n}`,
      certLevel: 'PADI Open Water',
      medicalDate: day,
      insurance: 'DAN',
    }),
    201,
  );
  divers.push({ dayGuestId: guest.id });
}
const site = await must(t.post('/api/divesite', admin, { name: 'Bench Reef' }), 201);
const guides: number[] = [];
for (let i = 0; i < 5 * TRIPS; i++)
  guides.push((await must(t.post('/api/employee', admin, { name: `Guide ${i}`, role: 'guide' }), 201)).id);
for (let trip = 0; trip < TRIPS; trip++) {
  const boat = await must(
    t.post('/api/diveboat', admin, { name: `Boat ${trip}`, diverCapacity: PER_TRIP }),
    201,
  );
  await must(
    t.post('/api/diveplan', admin, {
      date: day,
      time: `${String(7 + trip * 2).padStart(2, '0')}:00`,
      boatId: boat.id,
      siteId: site.id,
      guideIds: guides.slice(trip * 5, trip * 5 + 5),
      divers: divers.slice(trip * PER_TRIP, (trip + 1) * PER_TRIP),
    }),
    201,
  );
}

const planUrl = `/api/diveplan?size=0&sort=time&filter=${encodeURIComponent(JSON.stringify({ date: day }))}`;
const answer = await must<{ data: { divers: unknown[] }[] }>(t.get(planUrl, admin));
const planned = answer.data.reduce((sum, p) => sum + p.divers.length, 0);
for (let i = 0; i < 10; i++) await must(t.get(planUrl, admin));
const times: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const started = performance.now();
  await must(t.get(planUrl, admin));
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `${engine} the day's plan (${answer.data.length} trips, ${planned} divers, ${inHouse} in house): ` +
    `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
);

// A dive computer's export of 1,000 dives (one a day at 09:00, 50 sites), imported into one guest's log.
const sites = Array.from({ length: 50 }, (_, i) => `<site id="s${i}"><name>Site ${i}</name></site>`).join('');
const dives = Array.from({ length: UDDF_DIVES }, (_, i) => {
  const date = new Date(Date.UTC(2030, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return `<dive id="bench-${i}"><informationbeforedive><datetime>${date}T09:00:00</datetime><link ref="s${i % 50}"/></informationbeforedive><informationafterdive><greatestdepth>${10 + (i % 30)}.5</greatestdepth><diveduration>${2400 + i}</diveduration><notes><para>Dive ${i}</para></notes></informationafterdive></dive>`;
}).join('\n');
const uddf = `<?xml version="1.0" encoding="UTF-8"?><uddf version="3.2.1"><generator><name>Bench</name></generator><divesite>${sites}</divesite><profiledata><repetitiongroup id="r1">${dives}</repetitiongroup></profiledata></uddf>`;
const customer =
  divers.find((d) => d.customerId)?.customerId ??
  (await must(t.post('/api/customers', admin, { masterData: { firstName: 'Uddf', lastName: 'Bench' } }), 201))
    .id;
const started = performance.now();
const imported = await must<{ imported: number }>(t.post(`/api/divelog/uddf/${customer}`, admin, { uddf }));
const took = (performance.now() - started) / 1000;
console.log(
  `${engine} UDDF import of ${UDDF_DIVES} dives (${Math.round(uddf.length / 1024)} KB): ${took.toFixed(2)} s, imported ${imported.imported}`,
);
await t.close();
