// Agents (agencies.self) pick a departure in the booking wizard through GET /api/tours/booking: only what
// the agency channel may sell (open, visible, from today on, of an active and visible tour and vessel),
// with its free places and without internal fields; customers still get 403, staff see every departure.
import { ZDeparture } from '@atoll/domain/inventory/tours';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { schedules, vessels } from '../../db/schema.ts';

let w: TWorld;
const unsold = { closed: 0, hidden: 0, cancelled: 0, past: 0, hiddenVessel: 0 };

const ids = (answer: { data: { id: number }[] }) => answer.data.map((d) => d.id);
const booking = (query: string, token: string) => w.t.get(`/api/tours/booking?size=0&${query}`, token);

beforeAll(async () => {
  w = await bookingWorld();
  await w.cabin();
  const tour = (await w.db.select().from(schedules).where(eq(schedules.id, w.departure)))[0]?.tourId ?? 0;
  const departure = async (from: string, to: string, extra: Record<string, unknown> = {}) =>
    ok(await w.t.post('/api/schedules', w.tokens.staff, { tourId: tour, from, to, ...extra }), 201)
      .id as number;
  unsold.closed = await departure('2041-07-02', '2041-07-09', { status: 'closed' });
  unsold.hidden = await departure('2041-08-02', '2041-08-09', { isVisible: false });
  unsold.cancelled = await departure('2041-09-02', '2041-09-09', { status: 'cancelled' });
  const [past] = await w.db
    .insert(schedules)
    .values({ tourId: tour, vesselId: w.vessel, from: '2020-01-02', to: '2020-01-09' })
    .returning({ id: schedules.id });
  unsold.past = past?.id ?? 0;
  const [boat] = await w.db
    .insert(vessels)
    .values({ name: 'MY Hidden', isVisible: false })
    .returning({ id: vessels.id });
  const hiddenTour = ok(
    await w.t.post('/api/tours', w.tokens.staff, { name: 'Secret', vesselId: boat?.id }),
    201,
  ).id as number;
  unsold.hiddenVessel = ok(
    await w.t.post('/api/schedules', w.tokens.staff, {
      tourId: hiddenTour,
      from: '2041-05-02',
      to: '2041-05-09',
    }),
    201,
  ).id as number;
});
afterAll(() => w?.t.close());

describe('agents', () => {
  it('list only the departures they may sell, without internal fields', async () => {
    const answer = ok(await booking('sort=from', w.tokens.agent));
    expect(ids(answer)).toEqual(expect.arrayContaining([w.departure, w.laterDeparture, w.otherDeparture]));
    for (const id of Object.values(unsold)) expect(ids(answer)).not.toContain(id);
    const known = Object.keys(ZDeparture.shape);
    for (const row of answer.data) {
      expect(row).toMatchObject({ status: 'open', isVisible: true });
      expect(Object.keys(row).every((k) => known.includes(k))).toBe(true);
      expect(row).not.toHaveProperty('note');
    }
    // A filter narrows but cannot widen.
    const asked = ok(await booking(`filter=${encodeURIComponent('{"status":"closed"}')}`, w.tokens.agent));
    expect(asked.total).toBe(0);
  });

  it('see the free places of the agency channel with available=1', async () => {
    const filter = encodeURIComponent(JSON.stringify({ vesselId: w.vessel }));
    const answer = ok(await booking(`available=1&filter=${filter}`, w.tokens.agent));
    expect(ids(answer).sort()).toEqual([w.departure, w.laterDeparture].sort());
    for (const row of answer.data)
      expect(row).toMatchObject({ cabins: 1, berths: 2, freeCabins: 1, freeBerths: 2 });
  });
});

describe('unchanged', () => {
  it('customers get 403; staff see closed, hidden, cancelled and past departures', async () => {
    expectError(await booking('', w.tokens.customer), 403, 'FORBIDDEN');
    const answer = ok(await booking('', w.tokens.staff));
    expect(ids(answer)).toEqual(expect.arrayContaining(Object.values(unsold)));
  });
});
