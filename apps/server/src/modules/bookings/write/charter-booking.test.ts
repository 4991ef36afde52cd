// POST /api/bookings with `fullCharter` (docs/domain/departures-and-charters.md): one whole-cabin entry per active cabin, one
// "Full charter" line (the departure's own amount, else the sum of the cabins), NOT_AVAILABLE while any
// cabin is held, the race with a cabin booking, PAX_LIMIT, cancel, the cabins not changeable, agents.

import { addDays } from '@atoll/domain/inventory/tours';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { roomBlocks, rooms, schedules } from '../../../db/schema.ts';

type TLine = { type: string; text: string; amount: string; total: string };
type TRoom = { roomId: number; whole: boolean; guests: unknown[] };

let w: TWorld;
let staff: string;
let agent: string;
let cabins: number[];
const create = (body: unknown, token = staff) => w.t.post('/api/bookings', token, body);
const guests = (n: number) => Array.from({ length: n }, (_, i) => ({ gender: i % 2 ? 'm' : 'f' }));
const charter = (scheduleId: number, extra: Record<string, unknown> = {}, n = 3) => ({
  state: 'planned',
  language: 'en',
  fullCharter: { scheduleId, guests: guests(n) },
  ...extra,
});
const roomLines = (lines: TLine[]) => lines.filter((l) => l.type === 'room_cost');
/** The cabins a booking holds (one occupancy row per guest or bed; counted by room). */
const heldCabins = async (bookingId: number) =>
  new Set((await w.held({ bookingId })).holding.map((r) => r.roomId)).size;

let week = 0;
let lastFrom = '';
/** A fresh departure of the world's tour, a week after the last (2041-07-01 onwards). */
async function departure(explicit: Record<string, string> = {}) {
  const from = addDays('2041-07-01', 8 * week);
  week += 1;
  lastFrom = from;
  const [row] = await w.db.select().from(schedules).where(eq(schedules.id, w.departure));
  const body = { tourId: row?.tourId, from, to: addDays(from, 7) };
  const created = ok(await w.t.post('/api/schedules', staff, body), 201);
  await w.db.update(schedules).set({ fullCharterPrice: explicit }).where(eq(schedules.id, created.id));
  return created.id as number;
}

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
  // The vessel's only cabins: two of two berths each (max 4 guests; default occupancy 2 each).
  cabins = [await w.cabin(2), await w.cabin(2)];
});
afterAll(() => w?.t.close());

describe('access and refused requests', () => {
  it('answers 401 without login and 403 without bookings.create or agencies.self', async () => {
    const id = await departure();
    expectError(await create(charter(id), ''), 401, 'UNAUTHORIZED');
    expectError(await create(charter(id), w.tokens.customer), 403, 'FORBIDDEN');
  });

  it.each<[string, (id: number) => unknown, string]>([
    ['an unknown departure', () => charter(999_999), 'fullCharter.scheduleId'],
    [
      'rooms beside the charter',
      (id) => ({ ...charter(id), rooms: tripBody(cabins[0] ?? 0, id).rooms }),
      'rooms',
    ],
    ['no guests', (id) => ({ fullCharter: { scheduleId: id, guests: [] } }), 'body/fullCharter/guests'],
  ])('refuses %s with 400 at its path, writing nothing', async (_label, body, path) => {
    const id = await departure();
    const before = await w.count('bookings');
    const res = await create(body(id));
    expectError(res, 400, 'ValidationError');
    expect(res.json().details?.[0]?.path).toBe(path);
    expect(await w.count('bookings')).toBe(before);
  });

  it('refuses more guests than the cabins take with 400 PAX_LIMIT', async () => {
    const id = await departure();
    expectError(await create(charter(id, {}, 5)), 400, 'PAX_LIMIT');
    expect(await w.count('bookings', `schedule_id = ${id}`)).toBe(0);
  });
});

describe('a charter is priced as one line', () => {
  it('books every cabin whole, guests in cabin order, one "Full charter" line at the explicit price', async () => {
    const id = await departure({ EUR: '12345.00', USD: '1.00' });
    const booking = ok(await create(charter(id)), 201);
    expect(booking).toMatchObject({ type: 'charter', scheduleId: id, noOfPax: 3, total: '12345.00' });
    expect(booking.rooms.map((r: TRoom) => [r.roomId, r.whole, r.guests.length])).toEqual([
      [cabins[0], true, 2],
      [cabins[1], true, 1],
    ]);
    expect(roomLines(booking.calculation)).toEqual([
      expect.objectContaining({ text: 'Full charter', amount: '1', total: '12345.00' }),
    ]);
    expect(await heldCabins(booking.id)).toBe(2);
  });

  it('without a charter price: the cabins at default occupancy, 2 × 2 × 2,100.00 = 8,400.00', async () => {
    const id = await departure();
    const booking = ok(await create(charter(id, { agencyId: w.agencyId })), 201);
    expect(roomLines(booking.calculation).map((l: TLine) => [l.text, l.total])).toEqual([
      ['Full charter', '8400.00'],
    ]);
    expect(booking.total).toBe('8400.00');
    // Commission as usual: the agency's 15 % on the vessel.
    expect(booking.commission).toBe('1260.00');
  });
});

describe('no price', () => {
  it('a reservation without a charter price nor a season answers 409 NO_PRICE, writing nothing', async () => {
    const [row] = await w.db.select().from(schedules).where(eq(schedules.id, w.departure));
    const body = { tourId: row?.tourId, from: '2042-03-02', to: '2042-03-09' };
    const id = ok(await w.t.post('/api/schedules', staff, body), 201).id as number;
    const before = await w.count('bookings');
    expectError(await create(charter(id)), 409, 'NO_PRICE');
    expect(await w.count('bookings')).toBe(before);
    ok(await create(charter(id, { state: 'draft' })), 201);
  });
});

describe('availability', () => {
  it('refuses a charter with 409 NOT_AVAILABLE while one cabin is held, writing nothing', async () => {
    const id = await departure({ EUR: '10000.00' });
    ok(await create(tripBody(cabins[1] ?? 0, id, { state: 'planned' })), 201);
    const before = await w.count('bookings');
    expectError(await create(charter(id)), 409, 'NOT_AVAILABLE');
    expect(await w.count('bookings')).toBe(before);
  });

  it('does not count a waiting booking (nor an offer) on the departure', async () => {
    const id = await departure({ EUR: '10000.00' });
    ok(await create(tripBody(cabins[0] ?? 0, id, { state: 'waiting' })), 201);
    ok(await create(tripBody(cabins[1] ?? 0, id, { state: 'draft' })), 201);
    ok(await create(charter(id)), 201);
  });

  it('refuses a cabin booking on the chartered departure', async () => {
    const id = await departure({ EUR: '10000.00' });
    ok(await create(charter(id)), 201);
    expectError(await create(tripBody(cabins[0] ?? 0, id, { state: 'planned' })), 409, 'NOT_AVAILABLE');
  });

  it('a blocked cabin makes the vessel unavailable, unless staff force', async () => {
    const id = await departure({ EUR: '10000.00' });
    await w.db.insert(roomBlocks).values({
      roomId: cabins[1] ?? 0,
      kind: 'Maintanance',
      from: addDays(lastFrom, 1),
      to: addDays(lastFrom, 3),
    });
    expectError(await create(charter(id)), 409, 'NOT_AVAILABLE');
    ok(await create(charter(id, { force: true })), 201);
  });

  it('a charter and a cabin booking racing on one departure: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await departure({ EUR: '10000.00' });
      const answers = await Promise.all([
        create(charter(id)),
        create(tripBody(cabins[1] ?? 0, id, { state: 'confirmed' })),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      if (refused) expectError(refused, 409, 'NOT_AVAILABLE');
      expect(await w.count('bookings', `schedule_id = ${id}`)).toBe(1);
    }
  });
});

describe('after the charter', () => {
  it('cancel releases every cabin: a cabin booking then succeeds', async () => {
    const id = await departure({ EUR: '10000.00' });
    const booking = ok(await create(charter(id)), 201);
    ok(await w.t.post(`/api/bookings/${booking.id}/cancell`, staff, { version: booking.version }));
    expect(await heldCabins(booking.id)).toBe(0);
    ok(await create(tripBody(cabins[0] ?? 0, id, { state: 'planned' })), 201);
  });

  it('its cabins cannot be changed (409 INVALID_STATE); its state can', async () => {
    const id = await departure({ EUR: '10000.00' });
    const booking = ok(await create(charter(id)), 201);
    const change = (body: Record<string, unknown>) =>
      w.t.post(`/api/bookings/${booking.id}/change`, staff, body);
    const rooms = tripBody(cabins[0] ?? 0, id).rooms;
    expectError(await change({ rooms, version: booking.version }), 409, 'INVALID_STATE');
    const confirmed = ok(await change({ state: 'confirmed', version: booking.version }));
    expect(confirmed).toMatchObject({ state: 'confirmed', type: 'charter', total: '10000.00' });
    expect(confirmed.rooms).toHaveLength(2);
    expect(await heldCabins(booking.id)).toBe(2);
  });

  it('no cabin is swapped, added, removed or split off one by one (409 INVALID_STATE)', async () => {
    const id = await departure({ EUR: '10000.00' });
    const booking = ok(await create(charter(id)), 201);
    const entry = booking.rooms[0];
    const extra = await w.cabin(2);
    const v = `?version=${booking.version}`;
    // The extra cabin leaves the vessel again, whatever the answers: the other tests charter 2 cabins.
    try {
      const answers = [
        await w.t.post(`/api/bookings/${booking.id}/changeRoom${v}`, staff, {
          roomBookingId: entry.id,
          roomId: extra,
        }),
        await w.t.post(`/api/bookings/${booking.id}/rooms${v}`, staff, {
          roomId: extra,
          scheduleId: id,
          guests: [{}],
        }),
        await w.t.del(
          `/api/bookings/removeRoom/${entry.roomId}?rb=${entry.id}&version=${booking.version}`,
          staff,
        ),
        await w.t.post(`/api/bookings/${booking.id}/splitByCustomer${v}`, staff, {
          roomBookingIds: [entry.id],
        }),
      ];
      for (const res of answers) expectError(res, 409, 'INVALID_STATE');
    } finally {
      await w.db.update(rooms).set({ isActive: false }).where(eq(rooms.id, extra));
    }
  });

  it('rebooks to another departure as a charter priced there', async () => {
    const id = await departure({ EUR: '10000.00' });
    const target = await departure({ EUR: '11000.00' });
    const booking = ok(await create(charter(id)), 201);
    const rebooked = ok(
      await w.t.post(`/api/bookings/${booking.id}/rebook`, staff, {
        scheduleId: target,
        version: booking.version,
      }),
    );
    expect(rebooked).toMatchObject({ type: 'charter', scheduleId: target, total: '11000.00' });
    expect(rebooked.rooms).toHaveLength(2);
    expect(await heldCabins(booking.id)).toBe(0);
    expect(await heldCabins(rebooked.id)).toBe(2);
  });

  it('an agent charters for its own agency and sees its commission', async () => {
    const id = await departure({ EUR: '10000.00' });
    const booking = ok(await create(charter(id), agent), 201);
    expect(booking).toMatchObject({ type: 'charter', agencyId: w.ownAgency, channel: 'AgentDirectBooking' });
    expect(booking.commission).toBeDefined();
    expect(booking).not.toHaveProperty('commissionId');
    expectError(await create(charter(id, { agencyId: w.agencyId }), agent), 403, 'FORBIDDEN');
  });
});
