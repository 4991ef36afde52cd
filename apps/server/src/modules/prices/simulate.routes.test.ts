// The price simulator (POST /api/price/simulate) and its loader: access, every refused draft with the
// field's path, a resort stay (P1 of docs/domain/prices.md) and a departure (P2 in USD with an agency and an early
// bird), the answer being the engine's own, and the persons' facts the loader reads from customers.

import { calculate } from '@atoll/domain/pricing/calculate';
import type { TSessionUser } from '@atoll/domain/users';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { today } from '../../clock.ts';
import {
  agencies,
  commissions,
  customers,
  exchangeRates,
  occupancy,
  rooms,
  specials,
  vessels,
} from '../../db/schema.ts';
import { loadPricingInput } from './pricing-input.ts';

let t: TTestApp;
let staff: string;
let customer: string;
let booker: string;
let resort: number;
let deluxe: number;
let vessel: number;
let otherVessel: number;
let cabin: number;
let cabinRoom: number;
let departure: number;
let otherDeparture: number;
let agency: number;
let diver: number;
let child: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const created = async (url: string, body: unknown) => ok(await t.post(url, staff, body), 201).json();
async function confirmed(body: Record<string, unknown>) {
  const price = await created('/api/price', body);
  return ok(await t.post(`/api/price/${price.id}`, staff, { status: 'confirmed', tax: body.tax })).json();
}
const stay = (body: Record<string, unknown> = {}) => ({
  resortId: resort,
  from: '2041-03-29',
  to: '2041-04-02',
  // Nine days ahead: the early bird does not apply.
  bookingDate: '2041-03-20',
  rooms: [{ roomTypeId: deluxe, persons: [{}, {}] }],
  ...body,
});
const cruise = (body: Record<string, unknown> = {}) => ({
  vesselId: vessel,
  scheduleId: departure,
  rooms: [{ roomTypeId: cabin, persons: [{}, {}] }],
  ...body,
});
const simulate = (body: unknown, token = booker) => t.post('/api/price/simulate', token, body);
const admin = { scopes: ['admin'], resorts: [], vessels: [] } as unknown as TSessionUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, customer } = await t.demoTokens('staff', 'customer'));
  booker = await t.account('booker@simulate.test', ['bookings.read']);
  const db = t.database.db;
  // The demo's specials would act on these bookings too: only the test's own count.
  await db.update(specials).set({ status: 'aborted' });
  resort = (await created('/api/resort', { name: 'Coral Garden Resort' })).id;
  deluxe = (await created('/api/roomtypes', { name: 'Deluxe', resortId: resort, surcharge: '10' })).id;
  const double = (await created('/api/pricevariant', { name: 'double use', noOfPax: 2 })).id;
  const doublePp = (
    await created('/api/pricevariant', { name: 'double use pp', noOfPax: 2, perPerson: true })
  ).id;
  const tax = { status: 'confirmed', value: '7', inclusive: true };
  const resortSeason = { resortId: resort, variants: [double], tax };
  await confirmed({
    ...resortSeason,
    name: 'Season A',
    validFrom: '2041-01-10',
    validTo: '2041-03-31',
    entries: [{ roomTypeId: deluxe, variantId: double, currency: 'EUR', value: '100.00' }],
  });
  await confirmed({
    ...resortSeason,
    name: 'Season B',
    validFrom: '2041-04-01',
    validTo: '2041-10-31',
    entries: [{ roomTypeId: deluxe, variantId: double, currency: 'EUR', value: '120.00' }],
  });

  [{ id: vessel }, { id: otherVessel }] = (await db
    .insert(vessels)
    .values([{ name: 'MY Manta' }, { name: 'MY Orca' }])
    .returning({ id: vessels.id })) as [{ id: number }, { id: number }];
  cabin = (await created('/api/roomtypes', { name: 'Deluxe cabin', vesselId: vessel })).id;
  const [room] = await db
    .insert(rooms)
    .values({ name: 'C1', vesselId: vessel, roomTypeId: cabin, type: 'Cabin' })
    .returning();
  cabinRoom = room?.id ?? 0;
  const tour = (await created('/api/tours', { name: 'Raja Ampat', vesselId: vessel })).id;
  departure = (await created('/api/schedules', { tourId: tour, from: '2041-05-02', to: '2041-05-09' })).id;
  const orcaTour = (await created('/api/tours', { name: 'Komodo', vesselId: otherVessel })).id;
  otherDeparture = (
    await created('/api/schedules', { tourId: orcaTour, from: '2041-05-02', to: '2041-05-09' })
  ).id;
  await confirmed({
    name: 'Raja Ampat 2041',
    vesselId: vessel,
    calculationType: 'complete',
    validFrom: '2041-01-01',
    validTo: '2041-12-31',
    variants: [doublePp],
    entries: [{ roomTypeId: cabin, variantId: doublePp, currency: 'EUR', value: '2100.00' }],
  });
  await db
    .insert(exchangeRates)
    .values({ fromCurrency: 'EUR', toCurrency: 'USD', rate: '1.08', validFrom: today() })
    .onConflictDoUpdate({
      target: [exchangeRates.fromCurrency, exchangeRates.toCurrency, exchangeRates.validFrom],
      set: { rate: '1.08' },
    });
  const [a] = await db.insert(agencies).values({ name: 'Deep Blue Agency', commission: '5' }).returning();
  agency = a?.id ?? 0;
  await db.insert(commissions).values({ agencyId: agency, vesselId: vessel, percent: '15' });
  await db.insert(specials).values({
    name: 'Early bird',
    status: 'confirmed',
    rules: [{ field: 'DaysBeforeTravelDate', operator: 'GreaterThanEquals', value: 60 }],
    discount: 'PerCent',
    discountValue: '10',
    target: 'RoomPrice',
  });
  const people = await db
    .insert(customers)
    .values([
      {
        fullName: 'Ana Diver',
        birthday: '2000-06-15',
        gender: 'f',
        nationality: 'PT',
        country: 'NL',
        customerType: 'Diver',
        stays: 3,
        revenue: '1234.50',
        lastStay: '2040-08-01',
      },
      { fullName: 'Tom Kid', permanentAge: 10, gender: 'm' },
    ])
    .returning({ id: customers.id });
  [diver, child] = people.map((p) => p.id) as [number, number];
});
afterAll(() => t?.close());

describe('access', () => {
  it('answers 401 without login, 403 without price.read or bookings.read', async () => {
    expectError(await t.post('/api/price/simulate', undefined, stay()), 401, 'UNAUTHORIZED');
    expectError(await simulate(stay(), customer), 403, 'FORBIDDEN');
    ok(await simulate(stay(), booker));
    ok(await simulate(stay(), staff));
  });
});

describe('refused drafts', () => {
  it.each<[string, () => Record<string, unknown>, string]>([
    ['no asset', () => stay({ resortId: null }), 'resortId'],
    ['both assets', () => stay({ vesselId: vessel }), 'resortId'],
    ['an unknown resort', () => stay({ resortId: 999_999 }), 'resortId'],
    ['an unknown vessel', () => cruise({ vesselId: 999_999 }), 'vesselId'],
    ['a resort stay without dates', () => stay({ from: null }), 'from'],
    ['a resort stay ending on its first day', () => stay({ to: '2041-03-29' }), 'to'],
    ['a departure without a schedule', () => cruise({ scheduleId: null }), 'scheduleId'],
    ['a schedule of another vessel', () => cruise({ scheduleId: otherDeparture }), 'scheduleId'],
    [
      'a room type of another asset',
      () => stay({ rooms: [{ roomTypeId: cabin, persons: [{}] }] }),
      'rooms.0.roomTypeId',
    ],
    [
      'a room of another asset',
      () => stay({ rooms: [{ roomTypeId: deluxe, roomId: cabinRoom, persons: [{}] }] }),
      'rooms.0.roomId',
    ],
    ['an unknown agency', () => stay({ agencyId: 999_999 }), 'agencyId'],
    [
      'an unknown customer',
      () => stay({ rooms: [{ roomTypeId: deluxe, persons: [{}, { customerId: 999_999 }] }] }),
      'rooms.0.persons.1.customerId',
    ],
    [
      'an unknown variant',
      () => stay({ rooms: [{ roomTypeId: deluxe, persons: [{ variantId: 999_999 }] }] }),
      'rooms.0.persons.0.variantId',
    ],
    ['an unknown currency', () => stay({ currency: 'XYZ' }), 'currency'],
    ['no rooms', () => stay({ rooms: [] }), 'body/rooms'],
    [
      'a room without persons',
      () => stay({ rooms: [{ roomTypeId: deluxe, persons: [] }] }),
      'body/rooms/0/persons',
    ],
  ])('refuses %s with 400 at its path', async (_label, body, path) => {
    const res = await simulate(body());
    expectError(res, 400, 'ValidationError');
    expect(res.json().details?.[0]?.path).toBe(path);
  });
});

describe('a resort stay', () => {
  it('prices P1: seasons crossing, the room type surcharge and the inclusive tax', async () => {
    const result = ok(await simulate(stay())).json();
    expect(result.totals).toMatchObject({ total: '462.00', net: '431.78', tax: '30.22' });
    expect(result.problems).toEqual([]);
    expect(result.lines.find((l: { type: string }) => l.type === 'room_cost')?.total).toBe('462.00');
  });

  it('answers the engine’s result unchanged', async () => {
    const body = stay({ bookingDate: '2040-12-01' });
    const result = ok(await simulate(body)).json();
    const engine = calculate(
      await loadPricingInput(t.database.db, admin, { channel: 'Booking', currency: 'EUR', ...body }),
    );
    expect(result).toEqual(JSON.parse(JSON.stringify(engine)));
  });

  it('reports nights without a season as NO_PRICE problems', async () => {
    const result = ok(await simulate(stay({ from: '2041-11-01', to: '2041-11-03' }))).json();
    expect(result.problems.map((p: { code: string; date: string }) => [p.code, p.date])).toEqual([
      ['NO_PRICE', '2041-11-01'],
      ['NO_PRICE', '2041-11-02'],
    ]);
  });
});

describe('a departure', () => {
  it('prices P2 in USD with the rate on the line and the agency’s commission row', async () => {
    const body = cruise({ currency: 'USD', agencyId: agency, bookingDate: '2041-04-20' });
    const result = ok(await simulate(body)).json();
    // Per person: one line each, 2,100.00 EUR × 1.08.
    const roomLines = result.lines.filter((l: { type: string }) => l.type === 'room_cost');
    expect(roomLines).toHaveLength(2);
    for (const l of roomLines) {
      expect(l).toMatchObject({ total: '2268.00', customData: { currency: 'EUR', rate: '1.08' } });
    }
    expect(result.totals).toMatchObject({
      total: '4536.00',
      commission: '680.40',
      commissionSource: 'agency',
    });
    expect(Number(result.totals.commissionPercent)).toBe(15);
    // 12 days before travel: the early bird's rule fails, and the answer says which and why.
    const early = result.why.find((w: { name: string }) => w.name === 'Early bird');
    expect(early).toMatchObject({
      applied: false,
      reason: 'rule',
      failedRule: { field: 'DaysBeforeTravelDate', actual: 12 },
    });
  });

  it('applies the early bird when booked long before', async () => {
    const result = ok(await simulate(cruise({ bookingDate: '2041-01-02' }))).json();
    const early = result.why.find((w: { name: string }) => w.name === 'Early bird');
    expect(early).toMatchObject({ applied: true, amount: '-420.00' });
    expect(result.totals.total).toBe('3780.00');
  });
});

describe('loadPricingInput', () => {
  it('reads the persons’ facts from the customers, and what the draft says wins', async () => {
    const input = await loadPricingInput(t.database.db, admin, {
      ...cruise(),
      channel: 'Booking',
      currency: 'EUR',
      rooms: [
        { roomTypeId: cabin, persons: [{ customerId: diver }, { customerId: child, nationality: 'AT' }] },
      ],
    });
    const [ana, tom] = input.rooms[0]?.persons ?? [];
    expect(ana).toMatchObject({
      key: 'p1',
      customerId: diver,
      age: 40,
      gender: 'f',
      nationality: 'PT',
      addressCountry: 'NL',
      customerType: 'Diver',
      noOfStays: 3,
      stayRevenue: '1234.50',
      lastStayEnd: '2040-08-01',
    });
    expect(tom).toMatchObject({ key: 'p2', age: 10, gender: 'm', nationality: 'AT' });
    expect(input.rooms[0]).toMatchObject({
      from: '2041-05-02',
      to: '2041-05-09',
      scheduleId: departure,
      tourName: 'Raja Ampat',
    });
    expect(input.prices.map((p) => p.name)).toEqual(['Raja Ampat 2041']);
    expect(input.roomTypes.map((r) => r.id)).toEqual([cabin]);
  });

  it('counts the persons on the trip from the holding rows of the departure, this draft included', async () => {
    const db = t.database.db;
    await db.insert(occupancy).values([
      {
        roomId: cabinRoom,
        unit: 'b1',
        from: '2041-05-02',
        to: '2041-05-09',
        scheduleId: departure,
        state: 'confirmed',
        holds: true,
      },
      {
        roomId: cabinRoom,
        unit: 'b2',
        from: '2041-05-02',
        to: '2041-05-09',
        scheduleId: departure,
        state: 'planned',
        holds: true,
      },
      {
        roomId: cabinRoom,
        unit: 'b3',
        from: '2041-05-02',
        to: '2041-05-09',
        scheduleId: departure,
        state: 'aborted',
        holds: false,
      },
    ]);
    const input = await loadPricingInput(db, admin, { ...cruise(), channel: 'Booking', currency: 'EUR' });
    expect(input.paxOnTrip).toBe(4);
    await db.execute(sql`delete from occupancy where schedule_id = ${departure}`);
  });
});
