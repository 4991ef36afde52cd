// Terms of payment (docs/domain/cancellation.md and payments.md): scopes, tiers sorted and distinct, one default at most,
// copies that are never the default, and the delete guard while prices name the terms.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { paymentTerms, prices, resorts } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let customer: string;
/** price.read only: price editors pick terms for a season. */
let priceReader: string;
/** bookings.read only. */
let bookingsReader: string;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const defaults = async () =>
  (await t.database.db.select().from(paymentTerms).where(eq(paymentTerms.isDefault, true))).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, customer } = await t.demoTokens('staff', 'customer'));
  priceReader = await t.account('reader@terms.test', ['price.read']);
  bookingsReader = await t.account('bookings@terms.test', ['bookings.read']);
});
afterAll(() => t?.close());

describe('access', () => {
  it('every call answers 401 without login', async () => {
    expectError(await t.get('/api/terms'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/terms/listCSV'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/terms/1'), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/terms', undefined, { name: 'X' }), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/terms/1', undefined, { name: 'X' }), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/terms/1/copy'), 401, 'UNAUTHORIZED');
    expectError(await t.del('/api/terms/1'), 401, 'UNAUTHORIZED');
  });

  it('reads need bookings.read or price.read; every write needs bookings.update', async () => {
    expectError(await t.get('/api/terms', customer), 403, 'FORBIDDEN');
    ok(await t.get('/api/terms', priceReader));
    ok(await t.get('/api/terms/listCSV', bookingsReader));
    const terms = ok(await t.post('/api/terms', staff, { name: 'Access check' }), 201).json();
    for (const reader of [priceReader, bookingsReader]) {
      expectError(await t.post('/api/terms', reader, { name: 'X' }), 403, 'FORBIDDEN');
      expectError(await t.post(`/api/terms/${terms.id}`, reader, { name: 'X' }), 403, 'FORBIDDEN');
      expectError(await t.post(`/api/terms/${terms.id}/copy`, reader), 403, 'FORBIDDEN');
      expectError(await t.del(`/api/terms/${terms.id}`, reader), 403, 'FORBIDDEN');
    }
    ok(await t.get(`/api/terms/${terms.id}`, priceReader));
  });
});

describe('terms', () => {
  it('stores the worked example’s liveaboard terms with their tiers sorted by days descending', async () => {
    const body = ok(
      await t.post('/api/terms', staff, {
        name: 'Liveaboard test',
        description: { de: 'Anzahlung 30 %', en: 'Deposit 30 %' },
        depositPercent: '30',
        depositDueDays: 7,
        restDueDaysBeforeArrival: 60,
        cancellationTiers: [
          { daysBefore: 0, percent: '100' },
          { daysBefore: 90, percent: '30' },
          { daysBefore: 60, percent: '50' },
        ],
      }),
      201,
    ).json();
    expect(body).toMatchObject({
      depositPercent: '30.00',
      depositAbsolute: null,
      depositDueDays: 7,
      restDueDaysBeforeArrival: 60,
      optionDays: 7,
      onReservation: false,
      depositNonRefundable: false,
      isDefault: false,
      description: { de: 'Anzahlung 30 %', en: 'Deposit 30 %' },
      cancellationTiers: [
        { daysBefore: 90, percent: '30' },
        { daysBefore: 60, percent: '50' },
        { daysBefore: 0, percent: '100' },
      ],
    });
    const updated = ok(
      await t.post(`/api/terms/${body.id}`, staff, {
        cancellationTiers: [
          { daysBefore: -1, percent: '100' },
          { daysBefore: 30, percent: '80' },
        ],
        depositAbsolute: '500',
      }),
    ).json();
    expect(updated.cancellationTiers.map((tier: { daysBefore: number }) => tier.daysBefore)).toEqual([
      30, -1,
    ]);
    expect(updated).toMatchObject({ depositAbsolute: '500.00', depositPercent: '30.00' });
  });

  it.each([
    [
      'two tiers on the same day',
      {
        cancellationTiers: [
          { daysBefore: 30, percent: '50' },
          { daysBefore: 30, percent: '60' },
        ],
      },
      'cancellationTiers[1].daysBefore',
    ],
    [
      'a tier above 100 %',
      { cancellationTiers: [{ daysBefore: 30, percent: '101' }] },
      'body/cancellationTiers/0/percent',
    ],
    ['a deposit above 100 %', { depositPercent: '120' }, 'body/depositPercent'],
    ['negative due days', { depositDueDays: -1 }, 'body/depositDueDays'],
    ['a percentage as a number', { depositPercent: 30 }, 'body/depositPercent'],
  ])('refuses %s with 400', async (_label, body, path) => {
    const res = await t.post('/api/terms', staff, { name: 'Bad', ...body });
    expectError(res, 400, 'ValidationError');
    expect(res.json().details[0].path).toBe(path);
  });

  it('refuses duplicate tiers on update too', async () => {
    const terms = ok(await t.post('/api/terms', staff, { name: 'Dup' }), 201).json();
    const res = await t.post(`/api/terms/${terms.id}`, staff, {
      cancellationTiers: [
        { daysBefore: 10, percent: '50' },
        { daysBefore: 10, percent: '50' },
      ],
    });
    expectError(res, 400, 'ValidationError');
    expect(res.json().details[0].path).toBe('cancellationTiers[1].daysBefore');
  });

  it('keeps at most one default: setting it on one clears the others', async () => {
    const seeded = await defaults();
    expect(seeded.length).toBeLessThanOrEqual(1);
    const a = ok(await t.post('/api/terms', staff, { name: 'Default A', isDefault: true }), 201).json();
    expect(await defaults()).toEqual([a.id]);
    const b = ok(await t.post('/api/terms', staff, { name: 'Default B' }), 201).json();
    expect(await defaults()).toEqual([a.id]);
    ok(await t.post(`/api/terms/${b.id}`, staff, { isDefault: true }));
    expect(await defaults()).toEqual([b.id]);
    expect(ok(await t.get(`/api/terms/${a.id}`, staff)).json().isDefault).toBe(false);
    // Unsetting leaves none: the installation then has no default terms.
    ok(await t.post(`/api/terms/${b.id}`, staff, { isDefault: false }));
    expect(await defaults()).toEqual([]);
  });

  it('copies as "(copy)", never as the default', async () => {
    const source = ok(
      await t.post('/api/terms', staff, {
        name: 'Copied',
        isDefault: true,
        cancellationTiers: [{ daysBefore: 14, percent: '50' }],
      }),
      201,
    ).json();
    const copy = ok(await t.post(`/api/terms/${source.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({
      name: 'Copied (copy)',
      isDefault: false,
      cancellationTiers: source.cancellationTiers,
    });
    expect(await defaults()).toEqual([source.id]);
  });

  it('lists search by name and filter the default, also as CSV', async () => {
    ok(await t.post('/api/terms', staff, { name: 'Dive centre walk-in' }), 201);
    const found = ok(await t.get('/api/terms?search=walk-in', priceReader)).json();
    expect(found.data.map((r: { name: string }) => r.name)).toEqual(['Dive centre walk-in']);
    const filter = encodeURIComponent(JSON.stringify({ isDefault: true }));
    const onlyDefault = ok(await t.get(`/api/terms?filter=${filter}`, priceReader)).json();
    expect(onlyDefault.total).toBe(1);
    const csv = ok(await t.get('/api/terms/listCSV?search=walk-in', bookingsReader)).body;
    expect(csv).toContain('Dive centre walk-in');
  });

  it('refuses to delete terms a price uses (409 IN_USE), deletes unused ones', async () => {
    const used = ok(await t.post('/api/terms', staff, { name: 'Used by a season' }), 201).json();
    const [resort] = await t.database.db.insert(resorts).values({ name: 'Terms Test Resort' }).returning();
    await t.database.db.insert(prices).values({
      name: 'Season',
      resortId: resort?.id ?? 0,
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      termsOfPaymentId: used.id,
    });
    const res = await t.del(`/api/terms/${used.id}`, staff);
    expectError(res, 409, 'IN_USE');
    expect(res.json().details[0]).toMatchObject({ path: 'prices', message: '1' });
    ok(await t.get(`/api/terms/${used.id}`, staff));
    const unused = ok(await t.post('/api/terms', staff, { name: 'Unused' }), 201).json();
    ok(await t.del(`/api/terms/${unused.id}`, staff));
    expectError(await t.get(`/api/terms/${unused.id}`, staff), 404, 'NOT_FOUND');
  });
});
