// GET /api/bookings/events: access (401, agents 403 by default deny, foreign assets 404), the range
// checks, and the exact entries, blocks and departures of a known world (hidden states left out).

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld, tripBody } from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { bookingCategories, bookingRooms, bookings, roomBlocks, users } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
type TEvents = {
  rooms: { id: number; name: string }[];
  entries: Record<string, unknown>[];
  blocks: Record<string, unknown>[];
  schedules: { id: number; tourName: string; from: string }[];
};

const events = async (query: string, token = staff) =>
  ok(await w.t.get(`/api/bookings/events?${query}`, token)) as TEvents;
const create = async (body: unknown) => ok(await w.t.post('/api/bookings', staff, body), 201);

let roomA: number;
let roomB: number;
let shown: { id: number; version: number; offerNo: string; rooms: { id: number }[] };
let confirmed: { id: number; rooms: { id: number }[] };
let hidden: number;
const RANGE = 'from=2041-03-01&to=2041-04-30';

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff } = w.tokens);
  roomA = await w.resortRoom();
  roomB = await w.resortRoom();
  shown = await create(stayBody(roomA, { customerId: w.guests.ana }));
  confirmed = await create({
    ...stayBody(roomB, { state: 'confirmed', agencyId: w.agencyId }),
    rooms: [{ roomId: roomB, from: '2041-04-10', to: '2041-04-14', guests: [{}, {}] }],
  });
  const [category] = await w.db
    .insert(bookingCategories)
    .values({ name: 'VIP', color: '#aa00ff' })
    .returning({ id: bookingCategories.id });
  await w.db.update(bookings).set({ categoryId: category?.id }).where(eq(bookings.id, confirmed.id));
  await w.db
    .update(bookingRooms)
    .set({ checkIn: new Date('2041-04-10T14:00:00Z') })
    .where(eq(bookingRooms.bookingId, confirmed.id));
  // A rebooked booking stays out of the calendar (docs/domain/availability.md).
  const gone = await create({
    ...stayBody(roomB),
    rooms: [{ roomId: roomB, from: '2041-03-05', to: '2041-03-07', guests: [{}] }],
  });
  hidden = gone.id;
  await w.db.update(bookings).set({ state: 'rebooked' }).where(eq(bookings.id, hidden));
  await w.db.insert(roomBlocks).values([
    { roomId: roomA, kind: 'OutOfOrder', from: '2041-04-20', to: '2041-04-22', reason: 'leak' },
    { roomId: roomA, kind: 'Event', from: '2041-06-01', to: '2041-06-02' },
  ]);
});
afterAll(() => w?.t.close());

describe('access and input', () => {
  it('answers 401 without a session, 403 to agents and users without bookings.read', async () => {
    expectError(await w.t.get(`/api/bookings/events?${RANGE}&resortId=${w.resort}`), 401, 'UNAUTHORIZED');
    expectError(
      await w.t.get(`/api/bookings/events?${RANGE}&resortId=${w.resort}`, w.tokens.agent),
      403,
      'FORBIDDEN',
    );
    expectError(
      await w.t.get(`/api/bookings/events?${RANGE}&resortId=${w.resort}`, w.tokens.customer),
      403,
      'FORBIDDEN',
    );
  });

  it('refuses a missing asset, both assets, a reversed range and more than 400 days', async () => {
    const bad = [
      RANGE,
      `${RANGE}&resortId=${w.resort}&vesselId=${w.vessel}`,
      `from=2041-03-01&to=2041-03-01&resortId=${w.resort}`,
      `from=2041-01-01&to=2042-02-06&resortId=${w.resort}`,
      `from=2041-13-01&to=2041-03-01&resortId=${w.resort}`,
      `to=2041-03-01&resortId=${w.resort}`,
    ];
    for (const query of bad)
      expectError(await w.t.get(`/api/bookings/events?${query}`, staff), 400, 'ValidationError');
    ok(await w.t.get(`/api/bookings/events?from=2041-01-01&to=2042-02-05&resortId=${w.resort}`, staff));
  });

  it('answers 404 for an unknown asset and for a resort outside the user’s resorts', async () => {
    expectError(await w.t.get(`/api/bookings/events?${RANGE}&resortId=999999`, staff), 404, 'NOT_FOUND');
    const limited = await w.t.account('limited@calendar.test', ['bookings.read']);
    await w.db
      .update(users)
      .set({ resorts: [w.resort + 1000] })
      .where(eq(users.email, 'limited@calendar.test'));
    expectError(
      await w.t.get(`/api/bookings/events?${RANGE}&resortId=${w.resort}`, limited),
      404,
      'NOT_FOUND',
    );
    await w.db
      .update(users)
      .set({ resorts: [w.resort] })
      .where(eq(users.email, 'limited@calendar.test'));
    ok(await w.t.get(`/api/bookings/events?${RANGE}&resortId=${w.resort}`, limited));
  });
});

describe('resort calendar', () => {
  it('answers the rooms, the visible entries with their booking and the blocks in the range', async () => {
    const answer = await events(`${RANGE}&resortId=${w.resort}`);
    expect(answer.rooms.map((r) => r.id)).toEqual(expect.arrayContaining([roomA, roomB]));
    expect(answer.entries).toEqual([
      {
        entryId: shown.rooms[0]?.id,
        bookingId: shown.id,
        roomId: roomA,
        scheduleId: null,
        from: '2041-03-29',
        to: '2041-04-02',
        checkIn: null,
        checkOut: null,
        whole: true,
        locked: false,
        pax: 2,
        state: 'draft',
        resolved: false,
        offerNo: shown.offerNo,
        reservationNo: null,
        bookingNo: null,
        leadGuest: 'Ana Diver',
        noOfPax: 2,
        agencyName: null,
        categoryColor: null,
        isFreeOfCharge: false,
        version: shown.version,
      },
      expect.objectContaining({
        bookingId: confirmed.id,
        roomId: roomB,
        from: '2041-04-10',
        to: '2041-04-14',
        checkIn: '2041-04-10T14:00:00.000Z',
        state: 'confirmed',
        agencyName: 'Deep Blue Agency',
        categoryColor: '#aa00ff',
        leadGuest: null,
        pax: 2,
      }),
    ]);
    expect(answer.entries.some((e) => e.bookingId === hidden)).toBe(false);
    expect(answer.blocks).toEqual([
      {
        id: expect.any(Number),
        roomId: roomA,
        kind: 'OutOfOrder',
        from: '2041-04-20',
        to: '2041-04-22',
        reason: 'leak',
      },
    ]);
    expect(answer.schedules).toEqual([]);
  });

  it('takes stays overlapping the range only: the departure day is outside', async () => {
    const before = await events(`from=2041-04-02&to=2041-04-10&resortId=${w.resort}`);
    expect(before.entries).toEqual([]);
    const lastNight = await events(`from=2041-04-01&to=2041-04-02&resortId=${w.resort}`);
    expect(lastNight.entries.map((e) => e.bookingId)).toEqual([shown.id]);
  });
});

describe('lead guest', () => {
  it('is the customer, else the first named guest of the booking', async () => {
    const room = await w.resortRoom();
    const named = await create({
      ...stayBody(room),
      rooms: [{ roomId: room, from: '2041-03-10', to: '2041-03-12', guests: [{}, { name: 'Zoe Guest' }] }],
    });
    const answer = await events(`from=2041-03-10&to=2041-03-11&resortId=${w.resort}`);
    expect(answer.entries.find((e) => e.bookingId === named.id)?.leadGuest).toBe('Zoe Guest');
  });
});

describe('vessel calendar', () => {
  it('answers the cabins, the departures in the range and the berths taken per departure', async () => {
    const cabin = await w.cabin(4);
    const trip = await create(tripBody(cabin, w.departure, {}, [{ gender: 'f' }, { gender: 'm' }], false));
    const answer = await events(`from=2041-05-01&to=2041-06-30&vesselId=${w.vessel}`);
    expect(answer.rooms.map((r) => r.id)).toContain(cabin);
    expect(answer.schedules.map((s) => s.id)).toEqual([w.departure, w.laterDeparture]);
    expect(answer.schedules[0]?.tourName).toBe('Raja Ampat');
    expect(answer.entries).toEqual([
      expect.objectContaining({
        bookingId: trip.id,
        roomId: cabin,
        scheduleId: w.departure,
        whole: false,
        pax: 2,
        from: '2041-05-02',
        to: '2041-05-09',
      }),
    ]);
    const one = await events(
      `from=2041-05-01&to=2041-06-30&vesselId=${w.vessel}&scheduleId=${w.laterDeparture}`,
    );
    expect(one.schedules.map((s) => s.id)).toEqual([w.laterDeparture]);
    expect(one.entries).toEqual([]);
  });
});
