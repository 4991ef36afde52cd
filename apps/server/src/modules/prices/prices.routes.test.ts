// Prices (seasons) through /api/price: access, the rules of a price body (400 with the field's path,
// never a partial write), drafts and aborted taxes for new prices, the entries grid replacing the
// stored entries in one transaction, copies with their entries and supplements, and asset visibility.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { paymentTerms, priceEntries, vessels } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
/** price.read only. */
let reader: string;
/** bookings.read only: booking staff read prices. */
let booker: string;
/** price.* limited to the other resort. */
let limited: string;
let resort: number;
let otherResort: number;
let vessel: number;
let otherVessel: number;
let deluxe: number;
let garden: number;
let foreignType: number;
let cabin: number;
let double: number;
let single: number;
let tour: number;
let foreignTour: number;
let schedule: number;
let terms: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const created = async (url: string, body: unknown, token = staff) =>
  ok(await t.post(url, token, body), 201).json();
/** Expects a 400 whose first detail points at `path`. */
const expectInvalid = (res: LightMyRequestResponse, path: string) => {
  expectError(res, 400, 'ValidationError');
  expect(res.json().details?.[0]?.path).toBe(path);
};

const season = (body: Record<string, unknown> = {}) => ({
  name: 'High season 2041',
  resortId: resort,
  validFrom: '2041-01-01',
  validTo: '2041-12-31',
  variants: [double, single],
  currencies: ['EUR', 'USD'],
  ...body,
});
const entry = (body: Record<string, unknown> = {}) => ({
  roomTypeId: deluxe,
  variantId: double,
  currency: 'EUR',
  value: '100.00',
  ...body,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
  [reader, booker] = await Promise.all([
    t.account('reader@prices.test', ['price.read']),
    t.account('booker@prices.test', ['bookings.read']),
  ]);
  resort = (await created('/api/resort', { name: 'Coral Garden Resort' })).id;
  otherResort = (await created('/api/resort', { name: 'Sand Bay Resort' })).id;
  [{ id: vessel }, { id: otherVessel }] = (await t.database.db
    .insert(vessels)
    .values([{ name: 'MY Manta' }, { name: 'MY Orca' }])
    .returning({ id: vessels.id })) as [{ id: number }, { id: number }];
  deluxe = (await created('/api/roomtypes', { name: 'Deluxe', resortId: resort })).id;
  garden = (await created('/api/roomtypes', { name: 'Garden', resortId: resort })).id;
  foreignType = (await created('/api/roomtypes', { name: 'Sand Villa', resortId: otherResort })).id;
  cabin = (await created('/api/roomtypes', { name: 'Master cabin', vesselId: vessel })).id;
  double = (await created('/api/pricevariant', { name: 'Double use', noOfPax: 2, isDefault: true })).id;
  single = (await created('/api/pricevariant', { name: 'Single use', noOfPax: 1 })).id;
  tour = (await created('/api/tours', { name: 'Best of Maldives', vesselId: vessel })).id;
  foreignTour = (await created('/api/tours', { name: 'Orca tour', vesselId: otherVessel })).id;
  schedule = (await created('/api/schedules', { tourId: tour, from: '2041-02-01', to: '2041-02-08' })).id;
  [{ id: terms }] = (await t.database.db
    .insert(paymentTerms)
    .values({ name: '30 % deposit' })
    .returning({ id: paymentTerms.id })) as [{ id: number }];
  ok(
    await t.post('/api/users', admin, {
      email: 'limited@prices.test',
      password: 'pass-word-1',
      permissions: { scope: ['price.read', 'price.create', 'price.update', 'price.delete'] },
      resorts: [otherResort],
    }),
    201,
  );
  limited = await t.login('limited@prices.test', 'pass-word-1');
});
afterAll(() => t?.close());

describe('access', () => {
  it('reads answer 401 without login and 403 without price.read or bookings.read', async () => {
    const one = await created('/api/price', season());
    for (const url of ['/api/price', '/api/price/listCSV', `/api/price/${one.id}`]) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
      ok(await t.get(url, reader));
      ok(await t.get(url, booker));
    }
  });

  it('writes need price.create, price.update and price.delete', async () => {
    const one = await created('/api/price', season());
    expectError(await t.post('/api/price', undefined, season()), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/price', reader, season()), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/price/${one.id}`, booker, { name: 'X' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/price/${one.id}/copy`, reader), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/price/${one.id}`, reader), 403, 'FORBIDDEN');
    ok(await t.del(`/api/price/${one.id}`, staff));
    expectError(await t.get(`/api/price/${one.id}`, staff), 404, 'NOT_FOUND');
  });
});

describe('a new price', () => {
  it('is a draft with an aborted tax whatever the body says, and stores its entries', async () => {
    const price = await created(
      '/api/price',
      season({
        status: 'confirmed',
        tax: { status: 'confirmed', value: '7', inclusive: false },
        termsOfPaymentId: terms,
        periods: [{ from: '2041-03-01', to: '2041-03-31' }],
        entries: [
          entry(),
          entry({ variantId: single, value: '150.00' }),
          entry({ currency: 'USD', value: '110.00' }),
        ],
      }),
    );
    expect(price).toMatchObject({
      status: 'draft',
      tax: { status: 'aborted', value: '7', inclusive: false },
      termsOfPaymentId: terms,
      calculationType: 'unit',
      type: 'Season',
      periods: [{ from: '2041-03-01', to: '2041-03-31' }],
    });
    expect(price.entries.map((e: { value: string }) => Number(e.value)).sort()).toEqual([100, 110, 150]);
    const read = ok(await t.get(`/api/price/${price.id}`, booker)).json();
    expect(read.entries).toEqual(price.entries);
  });

  it('changes status and tax status by update', async () => {
    const price = await created('/api/price', season());
    const updated = ok(
      await t.post(`/api/price/${price.id}`, staff, {
        status: 'confirmed',
        tax: { status: 'confirmed', value: '7', inclusive: true },
      }),
    ).json();
    expect(updated).toMatchObject({ status: 'confirmed', tax: { status: 'confirmed', value: '7' } });
    // A tax sent without a status keeps the stored one.
    const kept = ok(await t.post(`/api/price/${price.id}`, staff, { tax: { value: '8' } })).json();
    expect(kept.tax).toEqual({ status: 'confirmed', value: '8', inclusive: true });
  });

  it('a vessel price names tours of its vessel and entries for its departures', async () => {
    const price = await created(
      '/api/price',
      season({
        resortId: null,
        vesselId: vessel,
        tourIds: [tour],
        entries: [entry({ roomTypeId: cabin, scheduleId: schedule }), entry({ roomTypeId: cabin })],
      }),
    );
    expect(price).toMatchObject({ vesselId: vessel, resortId: null, tourIds: [tour] });
    expect(price.entries.map((e: { scheduleId: number | null }) => e.scheduleId)).toEqual([schedule, null]);
  });
});

describe('the rules of a price body', () => {
  // 0 stands for an id known only at run time; the function fills it in.
  it.each<[string, () => Record<string, unknown>, string]>([
    ['no asset', () => season({ resortId: null }), 'resortId'],
    ['both assets', () => season({ vesselId: vessel }), 'resortId'],
    ['an unknown resort', () => season({ resortId: 999_999 }), 'resortId'],
    ['an unknown vessel', () => season({ resortId: null, vesselId: 999_999 }), 'vesselId'],
    ['validFrom after validTo', () => season({ validFrom: '2042-01-01' }), 'validTo'],
    [
      'a period ending before it starts',
      () => season({ periods: [{ from: '2041-05-02', to: '2041-05-01' }] }),
      'periods.0.to',
    ],
    [
      'a period outside valid',
      () =>
        season({
          periods: [
            { from: '2041-06-01', to: '2041-06-30' },
            { from: '2041-12-01', to: '2042-01-05' },
          ],
        }),
      'periods.1',
    ],
    ['an unknown variant', () => season({ variants: [double, 999_999] }), 'variants.1'],
    ['unknown terms', () => season({ termsOfPaymentId: 999_999 }), 'termsOfPaymentId'],
    ['an unknown currency', () => season({ currencies: ['EUR', 'XYZ'] }), 'currencies.1'],
    ['tours on a resort price', () => season({ tourIds: [tour] }), 'tourIds'],
    [
      'a tour of another vessel',
      () => season({ resortId: null, vesselId: vessel, tourIds: [tour, foreignTour] }),
      'tourIds.1',
    ],
    [
      'an entry of another resort’s room type',
      () => season({ entries: [entry(), entry({ roomTypeId: foreignType })] }),
      'entries.1.roomTypeId',
    ],
    [
      'an entry with an unknown variant',
      () => season({ entries: [entry({ variantId: 999_999 })] }),
      'entries.0.variantId',
    ],
    [
      'an entry for a departure on a resort price',
      () => season({ entries: [entry({ scheduleId: schedule })] }),
      'entries.0.scheduleId',
    ],
    [
      'an entry in a currency the price lacks',
      () => season({ entries: [entry({ currency: 'GBP' })] }),
      'entries.0.currency',
    ],
    [
      'two entries for one cell',
      () => season({ entries: [entry(), entry({ value: '90.00' })] }),
      'entries.1.variantId',
    ],
    ['a value as a number', () => season({ entries: [entry({ value: 100 })] }), 'body/entries/0/value'],
  ])('refuses %s with 400 at its path', async (_label, body, path) => {
    expectInvalid(await t.post('/api/price', staff, body()), path);
  });

  it('refuses a departure of another vessel on a vessel price', async () => {
    const orcaTour = foreignTour;
    const orcaSchedule = (
      await created('/api/schedules', { tourId: orcaTour, from: '2041-02-01', to: '2041-02-08' })
    ).id;
    const body = season({
      resortId: null,
      vesselId: vessel,
      entries: [entry({ roomTypeId: cabin, scheduleId: orcaSchedule })],
    });
    expectInvalid(await t.post('/api/price', staff, body), 'entries.0.scheduleId');
  });

  it('checks an update against the stored values', async () => {
    const price = await created(
      '/api/price',
      season({ periods: [{ from: '2041-03-01', to: '2041-03-31' }] }),
    );
    expectInvalid(await t.post(`/api/price/${price.id}`, staff, { validTo: '2041-03-15' }), 'periods.0');
    expectInvalid(await t.post(`/api/price/${price.id}`, staff, { resortId: null }), 'resortId');
    ok(await t.post(`/api/price/${price.id}`, staff, { validTo: '2041-03-31' }));
  });
});

describe('entries', () => {
  it('are replaced as a whole, and a bad entry leaves the old set', async () => {
    const price = await created(
      '/api/price',
      season({ entries: [entry(), entry({ roomTypeId: garden, value: '80.00' })] }),
    );
    const before = price.entries;
    const bad = await t.post(`/api/price/${price.id}`, staff, {
      name: 'Renamed',
      entries: [entry({ value: '120.00' }), entry({ roomTypeId: foreignType })],
    });
    expectInvalid(bad, 'entries.1.roomTypeId');
    const unchanged = ok(await t.get(`/api/price/${price.id}`, staff)).json();
    expect(unchanged.entries).toEqual(before);
    expect(unchanged.name).toBe(price.name);

    const replaced = ok(
      await t.post(`/api/price/${price.id}`, staff, { entries: [entry({ value: '120.00' })] }),
    ).json();
    expect(replaced.entries).toHaveLength(1);
    expect(replaced.entries[0]).toMatchObject({ roomTypeId: deluxe, value: '120.00' });
    const stored = await t.database.db.select().from(priceEntries).where(eq(priceEntries.priceId, price.id));
    expect(stored.map((e) => e.value)).toEqual(['120.00']);
  });

  it('stay when an update does not send them, and must still fit a changed currency list', async () => {
    const price = await created('/api/price', season({ entries: [entry({ currency: 'USD' })] }));
    const renamed = ok(await t.post(`/api/price/${price.id}`, staff, { name: 'Peak' })).json();
    expect(renamed.entries).toEqual(price.entries);
    expectInvalid(await t.post(`/api/price/${price.id}`, staff, { currencies: ['EUR'] }), 'entries');
    ok(await t.post(`/api/price/${price.id}`, staff, { currencies: ['EUR'], entries: [] }));
  });

  it('of every row of a list come in the answer', async () => {
    const a = await created('/api/price', season({ name: 'List A', entries: [entry()] }));
    const b = await created(
      '/api/price',
      season({ name: 'List B', entries: [entry(), entry({ roomTypeId: garden })] }),
    );
    const list = ok(await t.get('/api/price?size=0&search=List', staff)).json();
    const byId = new Map(list.data.map((p: { id: number; entries: unknown[] }) => [p.id, p.entries.length]));
    expect(byId.get(a.id)).toBe(1);
    expect(byId.get(b.id)).toBe(2);
  });
});

describe('copy and delete', () => {
  it('copies a price with its entries and supplements as a draft', async () => {
    const source = await created(
      '/api/price',
      season({ name: 'Summer', entries: [entry(), entry({ variantId: single })] }),
    );
    ok(await t.post(`/api/price/${source.id}`, staff, { status: 'confirmed' }));
    await created('/api/supplements', {
      priceId: source.id,
      name: 'Park fee',
      value: '10.00',
      chargingBase: 'PerDiveDay',
    });
    const copy = ok(await t.post(`/api/price/${source.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Summer (copy)', status: 'draft', resortId: resort });
    expect(copy.id).not.toBe(source.id);
    const cells = (p: { entries: { roomTypeId: number; variantId: number; value: string }[] }) =>
      p.entries.map((e) => [e.roomTypeId, e.variantId, e.value]);
    expect(cells(copy)).toEqual(cells(source));
    expect(copy.entries.every((e: { priceId: number }) => e.priceId === copy.id)).toBe(true);
    const supplements = ok(await t.get(`/api/supplements?filter={"priceId":${copy.id}}`, staff)).json();
    expect(supplements.data.map((s: { name: string }) => s.name)).toEqual(['Park fee']);
    // The source keeps its own.
    expect(ok(await t.get(`/api/price/${source.id}`, staff)).json().entries).toHaveLength(2);
  });

  it('deleting a price deletes its entries', async () => {
    const price = await created('/api/price', season({ entries: [entry()] }));
    ok(await t.del(`/api/price/${price.id}`, staff));
    const left = await t.database.db.select().from(priceEntries).where(eq(priceEntries.priceId, price.id));
    expect(left).toEqual([]);
  });
});

describe('asset visibility', () => {
  it('a user limited to another resort sees none of this resort’s prices, entries or supplements', async () => {
    const mine = await created('/api/price', season({ entries: [entry()] }));
    await created('/api/supplements', { priceId: mine.id, name: 'Nitrox', value: '8.00' });
    const theirs = await created(
      '/api/price',
      season({ resortId: otherResort, entries: [entry({ roomTypeId: foreignType })] }),
      limited,
    );
    // Their vessel list is empty: every vessel's prices stay visible, only resorts are limited.
    const list = ok(await t.get('/api/price?size=0', limited)).json();
    const resortPrices = list.data.filter((p: { resortId: number | null }) => p.resortId !== null);
    expect(resortPrices.map((p: { id: number }) => p.id)).toEqual([theirs.id]);
    expectError(await t.get(`/api/price/${mine.id}`, limited), 404, 'NOT_FOUND');
    expectError(await t.post(`/api/price/${mine.id}`, limited, { name: 'Mine' }), 404, 'NOT_FOUND');
    expectError(await t.post(`/api/price/${mine.id}/copy`, limited), 404, 'NOT_FOUND');
    expectError(await t.del(`/api/price/${mine.id}`, limited), 404, 'NOT_FOUND');
    const entries = ok(await t.get('/api/roomprices?size=0', limited)).json();
    expect(entries.data.map((e: { priceId: number }) => e.priceId)).toContain(theirs.id);
    expect(entries.data.map((e: { priceId: number }) => e.priceId)).not.toContain(mine.id);
    expectError(await t.get(`/api/roomprices/${mine.entries[0].id}`, limited), 404, 'NOT_FOUND');
    const supplements = ok(await t.get('/api/supplements?size=0', limited)).json();
    expect(supplements.data.map((x: { priceId: number }) => x.priceId)).not.toContain(mine.id);
    // Writing for the hidden resort looks like writing for a missing one.
    expectInvalid(await t.post('/api/price', limited, season()), 'resortId');
    expectInvalid(await t.post('/api/roomprices', limited, { ...entry(), priceId: mine.id }), 'priceId');
    // Staff without an asset list see both.
    const all = ok(await t.get('/api/price?size=0', staff)).json();
    expect(all.data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });
});
