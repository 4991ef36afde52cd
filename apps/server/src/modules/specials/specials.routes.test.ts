// Specials (docs/domain/specials.md) and specials groups: scopes, rules checked against their field's kind,
// the cross-field settings, new specials as drafts, copies, and what deleting a group leaves behind.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { specials } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let customer: string;
let agent: string;
/** price.read only. */
let priceReader: string;
/** bookings.read only: the booking screen lists specials. */
let bookingsReader: string;
/** price.create only. */
let creator: string;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const expectInvalid = (res: LightMyRequestResponse, path: string) => {
  expectError(res, 400, 'ValidationError');
  expect(res.json().details[0].path).toBe(path);
};
const special = (body: Record<string, unknown> = {}) => ({ name: 'Test special', ...body });

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, customer, agent } = await t.demoTokens('staff', 'customer', 'agent'));
  priceReader = await t.account('reader@specials.test', ['price.read']);
  bookingsReader = await t.account('bookings@specials.test', ['bookings.read']);
  creator = await t.account('creator@specials.test', ['price.read', 'price.create']);
});
afterAll(() => t?.close());

describe('access', () => {
  it('every call answers 401 without login', async () => {
    for (const base of ['/api/specials', '/api/specialsgroup']) {
      expectError(await t.get(base), 401, 'UNAUTHORIZED');
      expectError(await t.get(`${base}/listCSV`), 401, 'UNAUTHORIZED');
      expectError(await t.get(`${base}/1`), 401, 'UNAUTHORIZED');
      expectError(await t.post(base, undefined, { name: 'X' }), 401, 'UNAUTHORIZED');
      expectError(await t.post(`${base}/1`, undefined, { name: 'X' }), 401, 'UNAUTHORIZED');
      expectError(await t.post(`${base}/1/copy`), 401, 'UNAUTHORIZED');
      expectError(await t.del(`${base}/1`), 401, 'UNAUTHORIZED');
    }
  });

  it('reads need price.read or bookings.read', async () => {
    for (const base of ['/api/specials', '/api/specialsgroup']) {
      expectError(await t.get(base, customer), 403, 'FORBIDDEN');
      expectError(await t.get(`${base}/listCSV`, agent), 403, 'FORBIDDEN');
      ok(await t.get(base, priceReader));
      ok(await t.get(`${base}/listCSV`, bookingsReader));
    }
  });

  it('writes need price.create, price.update and price.delete, each for its call', async () => {
    const created = ok(await t.post('/api/specials', creator, special()), 201).json();
    ok(await t.post(`/api/specials/${created.id}/copy`, creator), 201);
    expectError(await t.post('/api/specials', priceReader, special()), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/specials/${created.id}`, creator, { name: 'Y' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/specials/${created.id}`, creator), 403, 'FORBIDDEN');
    expectError(await t.post('/api/specialsgroup', bookingsReader, { name: 'G' }), 403, 'FORBIDDEN');
    const group = ok(await t.post('/api/specialsgroup', creator, { name: 'Mine' }), 201).json();
    expectError(await t.post(`/api/specialsgroup/${group.id}`, creator, { name: 'Y' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/specialsgroup/${group.id}`, creator), 403, 'FORBIDDEN');
    expect(ok(await t.get(`/api/specials/${created.id}`, staff)).json().name).toBe('Test special');
  });
});

describe('specials', () => {
  it('a new special is a draft whatever the body says, with the defaults of the contract', async () => {
    const body = ok(await t.post('/api/specials', staff, special({ status: 'confirmed' })), 201).json();
    expect(body).toMatchObject({
      status: 'draft',
      type: 'special',
      discount: 'PerCent',
      discountValue: '0.00',
      reduce: true,
      target: 'RoomPrice',
      scopeUnit: 'Booking',
      autoAdd: true,
      unique: true,
      includeIn: ['Booking'],
      rules: [],
      groupId: null,
      dateFrom: null,
    });
    const confirmed = ok(await t.post(`/api/specials/${body.id}`, staff, { status: 'confirmed' })).json();
    expect(confirmed.status).toBe('confirmed');
    // An update that does not name the status keeps it.
    expect(ok(await t.post(`/api/specials/${body.id}`, staff, { sort: 3 })).json().status).toBe('confirmed');
  });

  it('stores a rule of every kind of value and all settings', async () => {
    const group = ok(await t.post('/api/specialsgroup', staff, { name: 'Kinds' }), 201).json();
    const rules = [
      { field: 'DaysBeforeTravelDate', operator: 'GreaterThanEquals', value: 90 },
      { field: 'StayRevenue', operator: 'GreaterThan', value: 2500.5 },
      { field: 'Date', operator: 'IsIn', value: ['2027-12-24', '2027-12-31'] },
      { field: 'BookingDate', operator: 'LessThan', value: '2027-03-01' },
      { field: 'DayInWeek', operator: 'IsIn', value: [6, 7] },
      { field: 'DepartureDay', operator: 'Equals', value: 6 },
      { field: 'Agencies', operator: 'IsNotIn', value: 4 },
      { field: 'RoomType', operator: 'Equals', value: [3, 4] },
      { field: 'PassportCountry', operator: 'IsIn', value: ['DE', 'AT', 'CH'] },
      { field: 'CustomerType', operator: 'IsNotIn', value: ['Employee'] },
      { field: 'Age', operator: 'IsIn', value: [0, 1, 2] },
    ];
    const body = ok(
      await t.post('/api/specials', staff, {
        name: 'Weekend early bird',
        description: { de: 'Frühbucher am Wochenende', en: 'Weekend early bird' },
        dateFrom: '2027-01-01',
        dateTo: '2027-06-30',
        rules,
        discount: 'Fix',
        discountValue: '1800',
        target: 'RoomPrice',
        scopeUnit: 'Person',
        replaceMatchingRoomPrice: true,
        includeIn: ['Booking', 'AgentDirectBooking'],
        excludeFromCommission: true,
        groupId: group.id,
      }),
      201,
    ).json();
    expect(body).toMatchObject({
      rules,
      dateFrom: '2027-01-01',
      dateTo: '2027-06-30',
      discount: 'Fix',
      discountValue: '1800.00',
      replaceMatchingRoomPrice: true,
      includeIn: ['Booking', 'AgentDirectBooking'],
      groupId: group.id,
      description: { de: 'Frühbucher am Wochenende' },
    });
    expect(ok(await t.get(`/api/specials/${body.id}`, bookingsReader)).json().rules).toEqual(rules);
  });

  const rule = (field: string, operator: string, value: unknown) => ({ rules: [{ field, operator, value }] });
  it.each([
    ['an operator the field does not allow', rule('Agencies', 'GreaterThan', 1), 'rules[0].operator'],
    ['an ordered operator on a weekday', rule('DayInWeek', 'LessThan', 5), 'rules[0].operator'],
    ['a number as text', rule('Nights', 'GreaterThanEquals', '7'), 'rules[0].value'],
    ['money as text', rule('StayRevenue', 'GreaterThan', 'much'), 'rules[0].value'],
    ['an impossible date', rule('Date', 'GreaterThan', '2027-02-30'), 'rules[0].value'],
    ['a date as a number', rule('BookingDate', 'LessThan', 20270101), 'rules[0].value'],
    ['a weekday 8', rule('DayInWeek', 'IsIn', [6, 8]), 'rules[0].value[1]'],
    ['a weekday 0', rule('DepartureDay', 'Equals', 0), 'rules[0].value'],
    ['id 0', rule('Agencies', 'IsIn', [0]), 'rules[0].value[0]'],
    ['a fractional id', rule('Resort', 'IsIn', 1.5), 'rules[0].value'],
    ['an id as text', rule('Vessel', 'Equals', 'MV Atoll Explorer'), 'rules[0].value'],
    ['a lower-case country', rule('PassportCountry', 'IsIn', ['DE', 'de']), 'rules[0].value[1]'],
    ['an unknown customer type', rule('CustomerType', 'IsIn', ['VIP']), 'rules[0].value[0]'],
    ['a list with an ordered operator', rule('Age', 'LessThan', [11, 12]), 'rules[0].value'],
    ['an empty list', rule('Agencies', 'IsIn', []), 'rules[0].value'],
    [
      'a bad second rule',
      {
        rules: [
          { field: 'Nights', operator: 'GreaterThanEquals', value: 7 },
          { field: 'Nights', operator: 'IsIn', value: ['x'] },
        ],
      },
      'rules[1].value[0]',
    ],
    ['an unknown field', rule('Moon', 'Equals', 1), 'body/rules/0/field'],
    ['an unknown operator', rule('Nights', 'Between', 1), 'body/rules/0/operator'],
    ['a window ending before it starts', { dateFrom: '2027-05-01', dateTo: '2027-04-30' }, 'dateTo'],
    ['a percentage above 100', { discount: 'PerCent', discountValue: '100.01' }, 'discountValue'],
    [
      'a commission above 100',
      { type: 'AgencyCommission', discount: 'Absolute', discountValue: '150' },
      'discountValue',
    ],
    [
      'replacing with an absolute reduction',
      { discount: 'Absolute', discountValue: '50', replaceMatchingRoomPrice: true },
      'replaceMatchingRoomPrice',
    ],
    [
      'replacing on the full booking',
      { discount: 'PerCent', discountValue: '10', target: 'FullBooking', replaceMatchingRoomPrice: true },
      'replaceMatchingRoomPrice',
    ],
    ['target ids on the room price', { target: 'RoomPrice', targetIds: [1] }, 'targetIds'],
    ['an unknown group', { groupId: 999_999 }, 'groupId'],
  ])('refuses %s with 400 and the field path', async (_label, body, path) => {
    expectInvalid(await t.post('/api/specials', staff, special(body)), path);
  });

  it('accepts the boundaries: 100 %, one-day window, target ids on products, replacing with FixUnit', async () => {
    ok(await t.post('/api/specials', staff, special({ discountValue: '100' })), 201);
    ok(await t.post('/api/specials', staff, special({ dateFrom: '2027-05-01', dateTo: '2027-05-01' })), 201);
    ok(await t.post('/api/specials', staff, special({ target: 'Product', targetIds: [1, 2] })), 201);
    ok(await t.post('/api/specials', staff, special({ target: 'ProductCategory', targetIds: [3] })), 201);
    const body = special({ discount: 'FixUnit', discountValue: '1800', replaceMatchingRoomPrice: true });
    ok(await t.post('/api/specials', staff, body), 201);
    // Absolute amounts above 100 are fine: only percentages are capped.
    ok(await t.post('/api/specials', staff, special({ discount: 'Absolute', discountValue: '250' })), 201);
  });

  it('checks an update against the stored settings', async () => {
    const stored = ok(
      await t.post('/api/specials', staff, {
        name: 'Product deal',
        discount: 'PerCent',
        discountValue: '20',
        target: 'Product',
        targetIds: [5],
        dateFrom: '2027-03-01',
      }),
      201,
    ).json();
    const url = `/api/specials/${stored.id}`;
    expectInvalid(await t.post(url, staff, { discountValue: '120' }), 'discountValue');
    expectInvalid(await t.post(url, staff, { target: 'FullBooking' }), 'targetIds');
    expectInvalid(await t.post(url, staff, { dateTo: '2027-02-28' }), 'dateTo');
    expectInvalid(await t.post(url, staff, { replaceMatchingRoomPrice: true }), 'replaceMatchingRoomPrice');
    expectInvalid(
      await t.post(url, staff, { rules: [{ field: 'Age', operator: 'IsIn', value: [] }] }),
      'rules[0].value',
    );
    const moved = ok(await t.post(url, staff, { target: 'FullBooking', targetIds: [] })).json();
    expect(moved).toMatchObject({ target: 'FullBooking', targetIds: [], discountValue: '20.00' });
    ok(await t.post(url, staff, { dateFrom: null, dateTo: '2027-02-28' }));
  });

  it('lists filter by status and search by name, also as CSV', async () => {
    const made = ok(await t.post('/api/specials', staff, special({ name: 'Honeymoon bonus' })), 201).json();
    const filter = encodeURIComponent(JSON.stringify({ status: 'draft' }));
    const drafts = ok(await t.get(`/api/specials?size=0&filter=${filter}`, priceReader)).json();
    expect(drafts.data.map((s: { id: number }) => s.id)).toContain(made.id);
    for (const s of drafts.data) expect(s.status).toBe('draft');
    const found = ok(await t.get('/api/specials?search=honeymoon', priceReader)).json();
    expect(found.data.map((s: { name: string }) => s.name)).toEqual(['Honeymoon bonus']);
    const csv = ok(await t.get('/api/specials/listCSV?search=honeymoon', priceReader)).body;
    expect(csv).toContain('Honeymoon bonus');
    expect(csv.split('\n')[0]).toContain('discountValue');
  });

  it('copies as a draft named "(copy)" with the same rules', async () => {
    const source = ok(
      await t.post('/api/specials', staff, {
        name: 'Long stay',
        discount: 'FOC',
        discountValue: '1',
        rules: [{ field: 'Nights', operator: 'GreaterThanEquals', value: 7 }],
      }),
      201,
    ).json();
    ok(await t.post(`/api/specials/${source.id}`, staff, { status: 'confirmed' }));
    const copy = ok(await t.post(`/api/specials/${source.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({
      name: 'Long stay (copy)',
      status: 'draft',
      discount: 'FOC',
      rules: source.rules,
    });
    expect(copy.id).not.toBe(source.id);
  });

  it('staff delete a special even when it is not deletable (that flag guards booking lines)', async () => {
    const kept = ok(await t.post('/api/specials', staff, special({ deletable: false })), 201).json();
    expect(kept.deletable).toBe(false);
    ok(await t.del(`/api/specials/${kept.id}`, staff));
    expectError(await t.get(`/api/specials/${kept.id}`, staff), 404, 'NOT_FOUND');
    expectError(await t.del(`/api/specials/${kept.id}`, staff), 404, 'NOT_FOUND');
  });

  it('answers 400 for a malformed body and id', async () => {
    expectError(await t.post('/api/specials', staff, { name: '' }), 400, 'ValidationError');
    expectError(
      await t.post('/api/specials', staff, special({ discountValue: '-5' })),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/specials', staff, special({ includeIn: ['Fax'] })),
      400,
      'ValidationError',
    );
    expectError(await t.get('/api/specials/abc', staff), 404, 'NOT_FOUND');
    expectError(await t.post('/api/specials/1.5', staff, { name: 'X' }), 400, 'ValidationError');
  });
});

describe('specials groups', () => {
  it('creates, reads, updates and copies a group', async () => {
    const group = ok(
      await t.post('/api/specialsgroup', staff, { name: 'Last minute', description: 'Within 21 days' }),
      201,
    ).json();
    expect(group).toMatchObject({ name: 'Last minute', description: 'Within 21 days', sort: 0 });
    const updated = ok(await t.post(`/api/specialsgroup/${group.id}`, staff, { sort: 2 })).json();
    expect(updated).toMatchObject({ sort: 2, description: 'Within 21 days' });
    const copy = ok(await t.post(`/api/specialsgroup/${group.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Last minute (copy)', description: 'Within 21 days', sort: 2 });
    const found = ok(await t.get('/api/specialsgroup?search=last%20minute', bookingsReader)).json();
    expect(found.total).toBe(2);
    expectError(await t.post('/api/specialsgroup', staff, { name: ' ' }), 400, 'ValidationError');
    expectError(await t.get('/api/specialsgroup/999999', staff), 404, 'NOT_FOUND');
  });

  it('deleting a group leaves its specials without a group', async () => {
    const group = ok(await t.post('/api/specialsgroup', staff, { name: 'Short lived' }), 201).json();
    const member = ok(await t.post('/api/specials', staff, special({ groupId: group.id })), 201).json();
    expect(member.groupId).toBe(group.id);
    ok(await t.del(`/api/specialsgroup/${group.id}`, staff));
    expect(ok(await t.get(`/api/specials/${member.id}`, staff)).json().groupId).toBeNull();
    const [row] = await t.database.db.select().from(specials).where(eq(specials.id, member.id));
    expect(row?.groupId).toBeNull();
  });
});
