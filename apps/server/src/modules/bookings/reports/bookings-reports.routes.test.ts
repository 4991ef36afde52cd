// The reports over the bookings on a small known world: exact counts and sums for staff, the demo
// agent sees only its agency's booking (never Deep Blue's), the demo customer nothing of them; ranges
// are capped and bad dates are 400.
//
// The world (2041, far from the clock; G arrives tomorrow):
//   A confirmed, the agent's agency, resort room, 03-29 → 04-02, Ana + 1 placeholder, 462.00
//   B planned, Deep Blue, resort room, 03-30 → 04-01, Ben + 1 placeholder, 220.00
//   C draft (holds nothing), resort room, 03-29 → 04-02, 2 placeholders, 462.00
//   D planned, whole cabin on the departure 05-02 → 05-09, 2 guests, 4,200.00
//   F planned, resort room, 03-29 → 04-02, then cancelled
//   G confirmed (forced, no price), resort room, tomorrow → +3 days, 2 guests, checked in today

import { addDays } from '@atoll/domain/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld, tripBody } from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { today } from '../../../clock.ts';
import { todos } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
let agent: string;
let customer: string;

type TAnswer = {
  id: number;
  total: string;
  rooms: { id: number; roomId: number }[];
  cancelationDate: string | null;
};
const ids = {} as Record<'a' | 'b' | 'c' | 'd' | 'f' | 'g', TAnswer>;
let day: string;

const create = async (body: unknown) => ok(await w.t.post('/api/bookings', staff, body), 201) as TAnswer;
const get = (url: string, token = staff) => w.t.get(`/api/bookings/${url}`, token);
const json = async (url: string, token = staff) => ok(await get(url, token));
const idsOf = (rows: { bookingId: number }[]) => rows.map((r) => r.bookingId);

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent, customer } = w.tokens);
  day = today();
  const room = () => w.resortRoom();
  const pair = [{ customerId: w.guests.ana }, {}];
  ids.a = await create(stayBody(await room(), { state: 'confirmed', agencyId: w.ownAgency }, pair));
  ids.b = await create({
    state: 'planned',
    agencyId: w.agencyId,
    rooms: [
      {
        roomId: await room(),
        from: '2041-03-30',
        to: '2041-04-01',
        guests: [{ customerId: w.guests.ben }, {}],
      },
    ],
  });
  ids.c = await create(stayBody(await room()));
  ids.d = await create(tripBody(await w.cabin(2), w.departure, { state: 'planned' }));
  const f = await create(stayBody(await room(), { state: 'planned' }));
  ids.f = ok(await w.t.post(`/api/bookings/${f.id}/cancell`, staff, { useTerms: false })) as TAnswer;
  const g = await create({
    state: 'confirmed',
    force: true,
    rooms: [{ roomId: await room(), from: addDays(day, 1), to: addDays(day, 4), guests: [{}, {}] }],
  });
  ids.g = ok(await w.t.post(`/api/bookings/${g.id}/checkin`, staff)) as TAnswer;
});
afterAll(() => w?.t.close());

describe('access and input', () => {
  const urls = () => [
    'full',
    'arrivalCount?days=7&start=2041-03-29',
    'statistics?days=7',
    'endofday?date=2041-03-29',
    'customersAtDate?from=2041-03-31',
    'taskNames',
    `${ids.a.id}/products`,
  ];

  it('answers 401 without a session and 403 without a booking scope', async () => {
    const nobody = await w.t.account('nobody@reports.test', ['customers.read']);
    for (const url of urls()) {
      expectError(await get(url, ''), 401, 'UNAUTHORIZED');
      expectError(await get(url, nobody), 403, 'FORBIDDEN');
    }
    expectError(await get('taskNames', agent), 403, 'FORBIDDEN');
  });

  it('caps ranges and refuses bad dates with 400', async () => {
    const bad = [
      'arrivalCount?days=0',
      'arrivalCount?days=367',
      'arrivalCount?start=2041-02-30',
      'statistics?days=400',
      'statistics?days=x',
      'endofday',
      'endofday?date=2041-13-01',
      'endofday?date=2041-03-29&toDate=2041-03-28',
      'endofday?date=2041-01-01&toDate=2042-01-02',
      'customersAtDate',
      'customersAtDate?from=2041-03-31&asset=hotel:1',
      'customersAtDate?from=2041-03-31&to=2043-01-01',
      'full?sort=password',
      '0/products',
    ];
    for (const url of bad) expectError(await get(url), 400, 'ValidationError');
    expectError(await get('x/products'), 404, 'NOT_FOUND');
    expectError(await get('999999/products'), 404, 'NOT_FOUND');
  });
});

describe('arrivalCount', () => {
  it('counts the holding bookings and their guests per arrival day and asset', async () => {
    const rows = await json('arrivalCount?days=7&start=2041-03-29');
    expect(rows).toEqual([
      {
        date: '2041-03-29',
        resortId: w.resort,
        vesselId: null,
        assetName: 'Booking Test Resort',
        bookings: 1,
        guests: 2,
      },
      {
        date: '2041-03-30',
        resortId: w.resort,
        vesselId: null,
        assetName: 'Booking Test Resort',
        bookings: 1,
        guests: 2,
      },
    ]);
    const trip = await json('arrivalCount?days=2&start=2041-05-01');
    expect(trip).toEqual([
      {
        date: '2041-05-02',
        resortId: null,
        vesselId: w.vessel,
        assetName: 'MY Booking Test',
        bookings: 1,
        guests: 2,
      },
    ]);
    // One day only: the start day.
    expect(await json('arrivalCount?days=1&start=2041-03-30')).toHaveLength(1);
    expect(
      (await json('arrivalCount?days=7&start=2041-03-29', agent)).map((r: { date: string }) => r.date),
    ).toEqual(['2041-03-29']);
    expect(await json('arrivalCount?days=7&start=2041-03-29', customer)).toEqual([]);
    // Default start: today, where G arrives tomorrow.
    expect(await json('arrivalCount?days=2')).toMatchObject([
      { date: addDays(day, 1), bookings: 1, guests: 2 },
    ]);
  });
});

describe('statistics', () => {
  it('sums count, pax and totals by state and currency: created lately, arriving soon', async () => {
    const stats = await json('statistics?days=7');
    expect(stats).toMatchObject({ days: 7, createdFrom: addDays(day, -6), arrivingTo: addDays(day, 7) });
    expect(stats.created).toEqual([
      { state: 'aborted', currency: 'EUR', count: 1, pax: 2, revenue: ids.f.total },
      {
        state: 'confirmed',
        currency: 'EUR',
        count: 2,
        pax: 4,
        revenue: (462 + Number(ids.g.total)).toFixed(2),
      },
      { state: 'draft', currency: 'EUR', count: 1, pax: 2, revenue: '462.00' },
      { state: 'planned', currency: 'EUR', count: 2, pax: 4, revenue: '4420.00' },
    ]);
    expect(stats.arriving).toEqual([
      { state: 'confirmed', currency: 'EUR', count: 1, pax: 2, revenue: ids.g.total },
    ]);
    const mine = await json('statistics?days=1', agent);
    expect(mine.created).toEqual([
      { state: 'confirmed', currency: 'EUR', count: 1, pax: 2, revenue: '462.00' },
    ]);
    expect(mine.arriving).toEqual([]);
    expect((await json('statistics', customer)).created).toEqual([]);
  });
});

describe('endofday', () => {
  it('lists arrivals, departures, guests in house, check-ins, new and cancelled bookings', async () => {
    const range = await json('endofday?date=2041-03-29&toDate=2041-04-02');
    expect(idsOf(range.arrivals)).toEqual([ids.a.id, ids.b.id]);
    expect(idsOf(range.departures)).toEqual([ids.b.id, ids.a.id]);
    expect(idsOf(range.inHouse)).toEqual([ids.a.id, ids.b.id]);
    expect(range.inHouseGuests).toBe(4);
    expect(range.arrivals[0]).toMatchObject({
      customerId: w.guests.ana,
      customerName: 'Ana Diver',
      guests: 2,
    });
    expect(range.newBookings).toEqual([]);
    // The last day: A departs, nobody is in house any more.
    const last = await json('endofday?date=2041-04-02');
    expect(idsOf(last.departures)).toEqual([ids.a.id]);
    expect(last.inHouse).toEqual([]);

    const now = await json(`endofday?date=${day}`);
    expect(idsOf(now.newBookings)).toEqual([ids.a, ids.b, ids.c, ids.d, ids.f, ids.g].map((b) => b.id));
    expect(idsOf(now.cancellations)).toEqual([ids.f.id]);
    expect(idsOf(now.checkIns)).toEqual([ids.g.id]);
    expect(now.checkOuts).toEqual([]);

    const agents = await json(`endofday?date=2041-03-29&toDate=2041-04-02`, agent);
    expect(idsOf(agents.arrivals)).toEqual([ids.a.id]);
    expect(idsOf((await json(`endofday?date=${day}`, agent)).newBookings)).toEqual([ids.a.id]);
    expect((await json(`endofday?date=${day}`, customer)).newBookings).toEqual([]);
  });
});

describe('customersAtDate', () => {
  it('lists the guests with a night in the range, by asset', async () => {
    const guests = await json(`customersAtDate?from=2041-03-31&asset=resort:${w.resort}`);
    expect(
      guests.map((g: { bookingId: number; customerId: number | null }) => [g.bookingId, g.customerId]),
    ).toEqual([
      [ids.a.id, w.guests.ana],
      [ids.a.id, null],
      [ids.b.id, w.guests.ben],
      [ids.b.id, null],
    ]);
    expect(guests[0]).toMatchObject({ name: 'Ana Diver', from: '2041-03-29', to: '2041-04-02', gender: 'f' });
    expect(idsOf(await json('customersAtDate?from=2041-04-01&to=2041-04-01'))).toEqual([ids.a.id, ids.a.id]);
    expect(idsOf(await json(`customersAtDate?from=2041-05-03&asset=vessel:${w.vessel}`))).toEqual([
      ids.d.id,
      ids.d.id,
    ]);
    expect(await json(`customersAtDate?from=2041-05-03&asset=resort:${w.resort}`)).toEqual([]);
    expect(idsOf(await json('customersAtDate?from=2041-03-31', agent))).toEqual([ids.a.id, ids.a.id]);
    expect(await json('customersAtDate?from=2041-03-31', customer)).toEqual([]);
  });
});

describe('full, taskNames and products', () => {
  it('answers whole bookings for the list’s query, capped, redacted for agents', async () => {
    const page = await json(`full?resortId=${w.resort}&sort=id&order=1&size=500&from=2041-01-01`);
    expect(page).toMatchObject({ total: 4, page: 1, size: 100 });
    expect(page.data.map((b: { id: number }) => b.id)).toEqual([ids.a, ids.b, ids.c, ids.f].map((b) => b.id));
    expect(page.data[0].rooms[0].guests).toHaveLength(2);
    expect(page.data[1]).toHaveProperty('commission');
    const small = await json(`full?resortId=${w.resort}&sort=id&order=1&size=1&page=2&from=2041-01-01`);
    expect(small.data.map((b: { id: number }) => b.id)).toEqual([ids.b.id]);
    const mine = await json('full', agent);
    expect(mine.data.map((b: { id: number }) => b.id)).toEqual([ids.a.id]);
    // The agent's own booking with its commission, never the internal note.
    expect(mine.data[0]).toHaveProperty('commission');
    expect(mine.data[0]).not.toHaveProperty('internalNote');
    expect((await json('full', customer)).total).toBe(0);
  });

  it('names the active todo definitions by group', async () => {
    await w.db.insert(todos).values([
      { name: 'Zz send visa letter', group: 'zz-reports' },
      { name: 'Zz check passports', group: 'zz-reports' },
      { name: 'Zz retired', group: 'zz-reports', isActive: false },
    ]);
    const names = (await json('taskNames')) as { name: string; group: string }[];
    expect(names.filter((n) => n.group === 'zz-reports').map((n) => n.name)).toEqual([
      'Zz check passports',
      'Zz send visa letter',
    ]);
    const groups = names.map((n) => n.group);
    expect(groups).toEqual([...groups].sort());
  });

  it('answers the product, addon and external lines of a booking the user may see', async () => {
    const url = `/api/bookings/${ids.a.id}/calculation`;
    ok(await w.t.post(url, staff, { type: 'product', text: 'Nitrox', amount: 2, price: '12.50' }));
    ok(await w.t.post(url, staff, { type: 'cost', text: 'Transfer', amount: 1, price: '30.00' }));
    const lines = await json(`${ids.a.id}/products`);
    expect(lines.map((l: { text: string; total: string }) => [l.text, l.total])).toEqual([
      ['Nitrox', '25.00'],
    ]);
    expect(await json(`${ids.a.id}/products`, agent)).toHaveLength(1);
    expectError(await get(`${ids.b.id}/products`, agent), 404, 'NOT_FOUND');
    expectError(await get(`${ids.a.id}/products`, customer), 404, 'NOT_FOUND');
    expect(await json(`${ids.b.id}/products`)).toEqual([]);
  });
});
