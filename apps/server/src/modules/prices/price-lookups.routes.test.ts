// The price lookups of booking screens: enums, one entry with its names, the season of each night of a
// resort stay (two overlapping seasons: the shorter wins, docs/domain/prices.md), the entry of a night, a
// season's entries, and the price, candidates, entry and full-charter amount of a departure.
import { addDays } from '@atoll/domain/inventory/tours';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { today } from '../../clock.ts';
import { schedules, vessels } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
let booker: string;
let limited: string;
let resort: number;
let otherResort: number;
let deluxe: number;
let cabin: number;
let double: number;
let charter: number;
let vessel: number;
let tour: number;
/** Confirmed, the whole of 2041: 100 a night. */
let year: { id: number; entries: { id: number }[] };
/** Confirmed, March 2041 inside the year: 150 a night. */
let march: { id: number; entries: { id: number }[] };
/** A draft inside March: never chosen. */
let draft: number;
let departure: number;
let longSeason: { id: number; entries: { id: number; scheduleId: number | null }[] };
let shortSeason: { id: number; entries: { id: number; scheduleId: number | null }[] };

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const created = async (url: string, body: unknown) => ok(await t.post(url, staff, body), 201).json();
/** A confirmed season: created as a draft (spec), then confirmed. */
async function confirmed(body: Record<string, unknown>) {
  const price = await created('/api/price', { currencies: ['EUR', 'USD'], ...body });
  return ok(await t.post(`/api/price/${price.id}`, staff, { status: 'confirmed' })).json();
}
const cell = (roomTypeId: number, value: string, more: Record<string, unknown> = {}) => ({
  roomTypeId,
  variantId: double,
  currency: 'EUR',
  value,
  ...more,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
  booker = await t.account('booker@lookups.test', ['bookings.read']);
  resort = (await created('/api/resort', { name: 'Coral Garden Resort' })).id;
  otherResort = (await created('/api/resort', { name: 'Sand Bay Resort' })).id;
  ok(
    await t.post('/api/users', admin, {
      email: 'limited@lookups.test',
      password: 'pass-word-1',
      permissions: { scope: ['price.read'] },
      resorts: [otherResort],
    }),
    201,
  );
  limited = await t.login('limited@lookups.test', 'pass-word-1');
  deluxe = (await created('/api/roomtypes', { name: 'Deluxe', resortId: resort })).id;
  double = (await created('/api/pricevariant', { name: 'Double use', noOfPax: 2 })).id;
  charter = (await created('/api/pricevariant', { name: 'Full charter', fullCharter: true })).id;
  year = await confirmed({
    name: 'Year 2041',
    resortId: resort,
    validFrom: '2041-01-01',
    validTo: '2041-12-31',
    entries: [cell(deluxe, '100.00'), cell(deluxe, '108.00', { currency: 'USD' })],
  });
  march = await confirmed({
    name: 'March 2041',
    resortId: resort,
    validFrom: '2041-03-01',
    validTo: '2041-03-31',
    entries: [cell(deluxe, '150.00')],
  });
  draft = (
    await created('/api/price', {
      name: 'Draft',
      resortId: resort,
      validFrom: '2041-03-10',
      validTo: '2041-03-12',
      entries: [cell(deluxe, '1.00')],
    })
  ).id;

  const [v] = await t.database.db.insert(vessels).values({ name: 'MY Manta' }).returning();
  vessel = v?.id ?? 0;
  cabin = (await created('/api/roomtypes', { name: 'Master cabin', vesselId: vessel })).id;
  tour = (await created('/api/tours', { name: 'Best of Maldives', vesselId: vessel })).id;
  departure = (await created('/api/schedules', { tourId: tour, from: '2041-04-05', to: '2041-04-12' })).id;
  longSeason = await confirmed({
    name: 'Vessel 2041',
    vesselId: vessel,
    validFrom: '2041-01-01',
    validTo: '2041-12-31',
    entries: [cell(cabin, '2100.00'), cell(cabin, '48000.00', { variantId: charter })],
  });
  shortSeason = await confirmed({
    name: 'Vessel April',
    vesselId: vessel,
    validFrom: '2041-04-01',
    validTo: '2041-04-30',
    entries: [cell(cabin, '2300.00'), cell(cabin, '2250.00', { scheduleId: departure })],
  });
});
afterAll(() => t?.close());

describe('access', () => {
  it('every lookup answers 401 without login and 403 without price.read or bookings.read', async () => {
    const urls = [
      '/api/price/types',
      '/api/price/calculationTypes',
      `/api/price/entry/${year.entries[0]?.id}`,
      `/api/resort/findPrice/${resort}?from=2041-02-01&to=2041-02-03`,
      `/api/resort/${resort}/prices`,
      `/api/resort/findPriceEntry/${resort}?roomType=${deluxe}&variant=${double}&date=2041-02-01`,
      `/api/resort/${resort}/entries?saison=${year.id}`,
      `/api/schedules/${departure}/price`,
      `/api/schedules/${departure}/prices`,
      `/api/schedules/${departure}/priceEntry?roomType=${cabin}&variant=${double}`,
    ];
    const charter = `/api/schedules/${departure}/fullCharterPrice?currency=EUR`;
    for (const url of [...urls, charter]) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
    for (const url of urls) ok(await t.get(url, booker));
    // Past the access check: this departure's season has no full-charter value.
    expectError(await t.get(charter, booker), 404, 'NO_PRICE');
  });

  it('answers 400 for malformed input', async () => {
    for (const url of ['/api/price/entry/abc', '/api/resort/findPrice/x?from=2041-02-01&to=2041-02-03'])
      expectError(await t.get(url, staff), 404, 'NOT_FOUND');
    for (const url of [
      '/api/price/entry/1.5',
      `/api/resort/findPrice/${resort}?from=2041-02-03&to=2041-02-03`,
      `/api/resort/findPrice/${resort}?from=2041-02-01&to=2045-02-03`,
      `/api/resort/findPrice/${resort}?from=tomorrow&to=2041-02-03`,
      `/api/resort/findPrice/${resort}`,
      `/api/resort/findPriceEntry/${resort}?variant=${double}&date=2041-02-01`,
      `/api/resort/findPriceEntry/${resort}?roomType=${deluxe}&variant=${double}&date=2041-02-01&currency=eur`,
      `/api/resort/${resort}/entries?saison=0`,
      `/api/schedules/${departure}/priceEntry?roomType=${cabin}`,
      `/api/schedules/${departure}/fullCharterPrice?currency=EURO`,
    ]) {
      expectError(await t.get(url, staff), 400, 'ValidationError');
    }
  });

  it('answers 404 for unknown or hidden resorts, schedules and entries', async () => {
    for (const url of [
      '/api/price/entry/999999',
      '/api/resort/findPrice/999999?from=2041-02-01&to=2041-02-03',
      '/api/resort/999999/prices',
      '/api/schedules/999999/price',
    ]) {
      expectError(await t.get(url, staff), 404, 'NOT_FOUND');
    }
    // A user limited to another resort: this resort does not exist for them.
    expectError(await t.get(`/api/resort/${resort}/prices`, limited), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/price/entry/${year.entries[0]?.id}`, limited), 404, 'NOT_FOUND');
    expectError(
      await t.get(`/api/resort/findPrice/${resort}?from=2041-02-01&to=2041-02-03`, limited),
      404,
      'NOT_FOUND',
    );
    ok(await t.get(`/api/resort/${otherResort}/prices`, limited));
  });
});

describe('price enums and entries', () => {
  it('lists the price types and calculation types', async () => {
    expect(ok(await t.get('/api/price/types', booker)).json()).toEqual([
      'Season',
      'Package',
      'FullCharter',
      'Net',
    ]);
    expect(ok(await t.get('/api/price/calculationTypes', booker)).json()).toEqual(['unit', 'complete']);
  });

  it('reads an entry with its price, room type and variant names', async () => {
    const id = year.entries[0]?.id;
    const detail = ok(await t.get(`/api/price/entry/${id}`, booker)).json();
    expect(detail).toMatchObject({
      id,
      priceId: year.id,
      value: '100.00',
      roomTypeName: 'Deluxe',
      variantName: 'Double use',
      price: { id: year.id, name: 'Year 2041', status: 'confirmed' },
    });
    expect(detail.price.entries).toBeUndefined();
  });
});

describe('resort lookups', () => {
  it('findPrice: the shorter of two overlapping seasons prices its nights, drafts never', async () => {
    const answer = ok(
      await t.get(`/api/resort/findPrice/${resort}?from=2041-02-27&to=2041-03-03`, staff),
    ).json();
    expect(answer.nights).toEqual([
      { date: '2041-02-27', priceId: year.id },
      { date: '2041-02-28', priceId: year.id },
      { date: '2041-03-01', priceId: march.id },
      { date: '2041-03-02', priceId: march.id },
    ]);
    expect(answer.prices.map((p: { id: number }) => p.id)).toEqual([year.id, march.id]);
    const inDraft = ok(
      await t.get(`/api/resort/findPrice/${resort}?from=2041-03-10&to=2041-03-12`, staff),
    ).json();
    expect(inDraft.nights.map((n: { priceId: number }) => n.priceId)).toEqual([march.id, march.id]);
    const none = ok(
      await t.get(`/api/resort/findPrice/${resort}?from=2042-01-01&to=2042-01-02`, staff),
    ).json();
    expect(none).toMatchObject({ nights: [{ date: '2042-01-01', priceId: null }], prices: [] });
  });

  it('lists the resort’s prices, drafts included', async () => {
    const list = ok(await t.get(`/api/resort/${resort}/prices`, booker)).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([year.id, march.id, draft]);
    expect(ok(await t.get(`/api/resort/${otherResort}/prices`, booker)).json()).toEqual([]);
  });

  it('findPriceEntry: the entry of the season that prices the night, in the asked currency', async () => {
    const base = `/api/resort/findPriceEntry/${resort}?roomType=${deluxe}&variant=${double}`;
    expect(ok(await t.get(`${base}&date=2041-03-15`, staff)).json()).toMatchObject({
      priceId: march.id,
      value: '150.00',
    });
    expect(ok(await t.get(`${base}&date=2041-02-15`, staff)).json()).toMatchObject({
      priceId: year.id,
      value: '100.00',
    });
    expect(ok(await t.get(`${base}&date=2041-02-15&currency=USD`, staff)).json()).toMatchObject({
      value: '108.00',
    });
    // March has no USD value: the engine converts its EUR value, so that is the entry.
    expect(ok(await t.get(`${base}&date=2041-03-15&currency=USD`, staff)).json()).toMatchObject({
      priceId: march.id,
      currency: 'EUR',
      value: '150.00',
    });
    expectError(await t.get(`${base}&date=2042-02-15`, staff), 404, 'NO_PRICE');
  });

  it('entries: of a named season, else of the season valid today', async () => {
    const named = ok(await t.get(`/api/resort/${resort}/entries?saison=${march.id}`, staff)).json();
    expect(named.map((e: { value: string }) => e.value)).toEqual(['150.00']);
    expectError(
      await t.get(`/api/resort/${otherResort}/entries?saison=${march.id}`, staff),
      404,
      'NOT_FOUND',
    );
    expect(ok(await t.get(`/api/resort/${resort}/entries`, staff)).json()).toEqual([]);
    const day = today();
    const current = await confirmed({
      name: 'Now',
      resortId: resort,
      validFrom: addDays(day, -3),
      validTo: addDays(day, 30),
      entries: [cell(deluxe, '99.00')],
    });
    const todays = ok(await t.get(`/api/resort/${resort}/entries`, staff)).json();
    expect(todays.map((e: { priceId: number; value: string }) => [e.priceId, e.value])).toEqual([
      [current.id, '99.00'],
    ]);
  });
});

describe('schedule lookups', () => {
  const setPrice = (priceId: number | null) =>
    t.database.db.update(schedules).set({ priceId }).where(eq(schedules.id, departure));

  it('price: the most specific confirmed vessel season containing the first day, else the named one', async () => {
    expect(ok(await t.get(`/api/schedules/${departure}/price`, booker)).json()).toMatchObject({
      id: shortSeason.id,
    });
    await setPrice(longSeason.id);
    const named = ok(await t.get(`/api/schedules/${departure}/price`, booker)).json();
    expect(named).toMatchObject({ id: longSeason.id, name: 'Vessel 2041' });
    expect(named.entries).toHaveLength(2);
    await setPrice(null);
  });

  it('prices: the candidates, most specific first', async () => {
    const list = ok(await t.get(`/api/schedules/${departure}/prices`, booker)).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([shortSeason.id, longSeason.id]);
  });

  it('priceEntry: the departure’s own value before the one for every departure', async () => {
    const url = `/api/schedules/${departure}/priceEntry?roomType=${cabin}&variant=${double}`;
    expect(ok(await t.get(url, booker)).json()).toMatchObject({
      value: '2250.00',
      scheduleId: departure,
      roomTypeName: 'Master cabin',
    });
    await setPrice(longSeason.id);
    expect(ok(await t.get(url, booker)).json()).toMatchObject({ value: '2100.00', scheduleId: null });
    await setPrice(null);
    // No USD value: the departure's own EUR value is what the engine converts.
    expect(ok(await t.get(`${url}&currency=USD`, booker)).json()).toMatchObject({
      value: '2250.00',
      currency: 'EUR',
    });
    expectError(
      await t.get(`/api/schedules/${departure}/priceEntry?roomType=${cabin}&variant=${charter}`, booker),
      404,
      'NO_PRICE',
    );
  });

  it('fullCharterPrice: the departure’s own amount, else a full-charter entry, else NO_PRICE', async () => {
    const url = `/api/schedules/${departure}/fullCharterPrice`;
    // The chosen April season has no full-charter entry.
    expectError(await t.get(`${url}?currency=EUR`, booker), 404, 'NO_PRICE');
    await setPrice(longSeason.id);
    expect(ok(await t.get(`${url}?currency=EUR`, booker)).json()).toMatchObject({
      source: 'entry',
      value: '48000.00',
      priceId: longSeason.id,
      currency: 'EUR',
    });
    await t.database.db
      .update(schedules)
      .set({ fullCharterPrice: { EUR: '45000.00', USD: '49000.00' } })
      .where(eq(schedules.id, departure));
    expect(ok(await t.get(`${url}?currency=USD`, booker)).json()).toMatchObject({
      source: 'schedule',
      value: '49000.00',
      currency: 'USD',
      entryId: null,
    });
    expect(ok(await t.get(url, booker)).json()).toMatchObject({
      source: 'schedule',
      value: '45000.00',
      currency: 'EUR',
    });
    // No GBP amount anywhere: the full-charter entry in its own currency.
    expect(ok(await t.get(`${url}?currency=GBP`, booker)).json()).toMatchObject({
      source: 'entry',
      value: '48000.00',
      currency: 'EUR',
    });
  });

  it('a departure without any season answers NO_PRICE', async () => {
    const lonely = (await created('/api/schedules', { tourId: tour, from: '2043-01-05', to: '2043-01-12' }))
      .id;
    expectError(await t.get(`/api/schedules/${lonely}/price`, booker), 404, 'NO_PRICE');
    expect(ok(await t.get(`/api/schedules/${lonely}/prices`, booker)).json()).toEqual([]);
  });
});
