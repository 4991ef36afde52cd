// The parts of a price with their own base paths: single entries (/api/roomprices), variants
// (/api/pricevariant) and supplements (/api/supplements): access, rules, the cell conflict, copies
// and the delete guard of variants.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { vessels } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let customer: string;
let reader: string;
let resort: number;
let deluxe: number;
let foreignType: number;
let double: number;
let single: number;
let price: number;
let vesselPrice: number;
let schedule: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const created = async (url: string, body: unknown) => ok(await t.post(url, staff, body), 201).json();
const expectInvalid = (res: LightMyRequestResponse, path: string) => {
  expectError(res, 400, 'ValidationError');
  expect(res.json().details?.[0]?.path).toBe(path);
};
const entry = (body: Record<string, unknown> = {}) => ({
  priceId: price,
  roomTypeId: deluxe,
  variantId: double,
  currency: 'EUR',
  value: '100.00',
  ...body,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, customer } = await t.demoTokens('staff', 'customer'));
  reader = await t.account('reader@priceparts.test', ['price.read']);
  resort = (await created('/api/resort', { name: 'Coral Garden Resort' })).id;
  const other = (await created('/api/resort', { name: 'Sand Bay Resort' })).id;
  const [v] = await t.database.db.insert(vessels).values({ name: 'MY Manta' }).returning();
  deluxe = (await created('/api/roomtypes', { name: 'Deluxe', resortId: resort })).id;
  foreignType = (await created('/api/roomtypes', { name: 'Villa', resortId: other })).id;
  const cabin = (await created('/api/roomtypes', { name: 'Cabin', vesselId: v?.id })).id;
  double = (await created('/api/pricevariant', { name: 'Double use', noOfPax: 2 })).id;
  single = (await created('/api/pricevariant', { name: 'Single use', noOfPax: 1 })).id;
  const season = { validFrom: '2041-01-01', validTo: '2041-12-31', currencies: ['EUR', 'USD'] };
  price = (await created('/api/price', { ...season, name: 'Main', resortId: resort })).id;
  const tour = (await created('/api/tours', { name: 'North', vesselId: v?.id })).id;
  schedule = (await created('/api/schedules', { tourId: tour, from: '2041-03-01', to: '2041-03-08' })).id;
  vesselPrice = (
    await created('/api/price', {
      ...season,
      name: 'Cabins',
      vesselId: v?.id,
      entries: [{ roomTypeId: cabin, variantId: double, currency: 'EUR', value: '2100.00' }],
    })
  ).id;
});
afterAll(() => t?.close());

describe('access', () => {
  it.each(['/api/roomprices', '/api/pricevariant', '/api/supplements'])(
    '%s: 401 without login, 403 without the scope, writes need price.*',
    async (base) => {
      for (const url of [base, `${base}/listCSV`, `${base}/1`]) {
        expectError(await t.get(url), 401, 'UNAUTHORIZED');
        expectError(await t.get(url, customer), 403, 'FORBIDDEN');
      }
      ok(await t.get(base, reader));
      expectError(await t.post(base, undefined, {}), 401, 'UNAUTHORIZED');
      expectError(await t.post(base, reader, {}), 403, 'FORBIDDEN');
      expectError(await t.post(`${base}/1`, reader, {}), 403, 'FORBIDDEN');
      expectError(await t.post(`${base}/1/copy`, reader), 403, 'FORBIDDEN');
      expectError(await t.del(`${base}/1`, reader), 403, 'FORBIDDEN');
    },
  );
});

describe('/api/roomprices', () => {
  it('creates, reads, updates and deletes one entry', async () => {
    const one = await created('/api/roomprices', entry({ surcharge: '-5.00', surchargeType: 'fixed' }));
    expect(one).toMatchObject({
      priceId: price,
      value: '100.00',
      surcharge: '-5.00',
      surchargeType: 'fixed',
      scheduleId: null,
    });
    ok(await t.get(`/api/roomprices/${one.id}`, reader));
    const updated = ok(await t.post(`/api/roomprices/${one.id}`, staff, { value: '105.50' })).json();
    expect(updated).toMatchObject({ value: '105.50', surcharge: '-5.00', roomTypeId: deluxe });
    const priced = ok(await t.get(`/api/price/${price}`, staff)).json();
    expect(priced.entries.map((e: { id: number }) => e.id)).toContain(one.id);
    ok(await t.del(`/api/roomprices/${one.id}`, staff));
    expectError(await t.get(`/api/roomprices/${one.id}`, staff), 404, 'NOT_FOUND');
  });

  it('answers 409 CONFLICT for a second value of the same cell, also for a copy', async () => {
    const one = await created('/api/roomprices', entry({ variantId: single }));
    expectError(
      await t.post('/api/roomprices', staff, entry({ variantId: single, value: '1.00' })),
      409,
      'CONFLICT',
    );
    expectError(await t.post(`/api/roomprices/${one.id}/copy`, staff), 409, 'CONFLICT');
    // Another currency is another cell.
    await created('/api/roomprices', entry({ variantId: single, currency: 'USD' }));
  });

  it.each<[string, () => Record<string, unknown>, string]>([
    ['an unknown price', () => entry({ priceId: 999_999 }), 'priceId'],
    ['a room type of another resort', () => entry({ roomTypeId: foreignType }), 'roomTypeId'],
    ['an unknown variant', () => entry({ variantId: 999_999 }), 'variantId'],
    ['a departure on a resort price', () => entry({ scheduleId: schedule }), 'scheduleId'],
    ['a currency the price lacks', () => entry({ currency: 'GBP' }), 'currency'],
    ['a room type of the resort on a vessel price', () => entry({ priceId: vesselPrice }), 'roomTypeId'],
  ])('refuses %s with 400', async (_label, body, path) => {
    expectInvalid(await t.post('/api/roomprices', staff, body()), path);
  });

  it('checks an update with the values it keeps', async () => {
    const one = await created('/api/roomprices', entry({ currency: 'USD' }));
    expectInvalid(await t.post(`/api/roomprices/${one.id}`, staff, { priceId: vesselPrice }), 'roomTypeId');
    expectInvalid(await t.post(`/api/roomprices/${one.id}`, staff, { currency: 'CHF' }), 'currency');
  });
});

describe('/api/pricevariant', () => {
  it('creates, updates and copies a variant', async () => {
    const child = await created('/api/pricevariant', {
      name: 'Child ≤ 11',
      maxAge: 11,
      perPerson: true,
      translations: { de: 'Kind bis 11', en: 'Child up to 11' },
    });
    expect(child).toMatchObject({
      maxAge: 11,
      noOfPax: null,
      perPerson: true,
      isDefault: false,
      fullCharter: false,
      key: null,
    });
    const updated = ok(
      await t.post(`/api/pricevariant/${child.id}`, staff, { maxAge: 12, key: 'CHD' }),
    ).json();
    expect(updated).toMatchObject({ maxAge: 12, key: 'CHD', perPerson: true });
    const copy = ok(await t.post(`/api/pricevariant/${child.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Child ≤ 11 (copy)', maxAge: 12 });
    expectError(await t.post('/api/pricevariant', staff, { name: 'X', maxAge: 200 }), 400, 'ValidationError');
  });

  it('refuses to delete a variant entries use (409 IN_USE), deletes an unused one', async () => {
    const used = await created('/api/pricevariant', { name: 'Third person', noOfPax: 3 });
    const entryRow = await created('/api/roomprices', entry({ variantId: used.id }));
    const res = await t.del(`/api/pricevariant/${used.id}`, staff);
    expectError(res, 409, 'IN_USE');
    expect(res.json().details).toEqual([{ path: 'entries', code: 'in_use', message: '1' }]);
    ok(await t.del(`/api/roomprices/${entryRow.id}`, staff));
    ok(await t.del(`/api/pricevariant/${used.id}`, staff));
    expectError(await t.get(`/api/pricevariant/${used.id}`, staff), 404, 'NOT_FOUND');
  });
});

describe('/api/supplements', () => {
  it('creates a supplement with conditions, updates and copies it', async () => {
    const fee = await created('/api/supplements', {
      priceId: price,
      name: 'Park fee',
      value: '10.00',
      chargingBase: 'PerDiveDay',
      roomTypeIds: [deluxe],
      variantIds: [double],
      validFrom: '2041-02-01',
      validTo: '2041-02-28',
    });
    expect(fee).toMatchObject({
      valueType: 'fixed',
      mandatory: true,
      qtyPerUnit: '1.000',
      roomTypeIds: [deluxe],
    });
    const updated = ok(
      await t.post(`/api/supplements/${fee.id}`, staff, { validTo: null, value: '12.00' }),
    ).json();
    expect(updated).toMatchObject({ validTo: null, value: '12.00', validFrom: '2041-02-01' });
    const copy = ok(await t.post(`/api/supplements/${fee.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Park fee (copy)', priceId: price, value: '12.00' });
  });

  it.each<[string, () => Record<string, unknown>, string]>([
    ['an unknown price', () => ({ priceId: 999_999 }), 'priceId'],
    ['a room type of another resort', () => ({ roomTypeIds: [deluxe, foreignType] }), 'roomTypeIds.1'],
    ['an unknown variant', () => ({ variantIds: [999_999] }), 'variantIds.0'],
    ['validFrom after validTo', () => ({ validFrom: '2041-05-01', validTo: '2041-04-01' }), 'validTo'],
    ['an unknown charging base', () => ({ chargingBase: 'PerMoon' }), 'body/chargingBase'],
  ])('refuses %s with 400', async (_label, body, path) => {
    const res = await t.post('/api/supplements', staff, {
      priceId: price,
      name: 'Nitrox',
      value: '8.00',
      ...body(),
    });
    expectInvalid(res, path);
  });
});
