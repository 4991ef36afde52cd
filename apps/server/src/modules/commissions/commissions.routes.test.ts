// Agency commission rows (docs/domain/tax-and-commission.md, priority 2): bookings.update for every call, the agency
// and at most one asset must exist, the travel dates in order, and asset visibility for limited users.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { agencies, resorts, vessels } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
let agent: string;
/** bookings.read and price.read: may read bookings, but not what agencies earn. */
let reader: string;
/** bookings.update, limited to the demo resort. */
let limited: string;
let agency: number;
let resort: number;
let otherResort: number;
let vessel: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const ids = (res: LightMyRequestResponse) => res.json().data.map((r: { id: number }) => r.id) as number[];

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer, agent } = await t.demoTokens('admin', 'staff', 'customer', 'agent'));
  reader = await t.account('reader@commission.test', ['bookings.read', 'price.read']);
  const db = t.database.db;
  const [a] = await db.select().from(agencies).where(eq(agencies.name, 'Blue Reef Travel'));
  const [r] = await db.select().from(resorts).where(eq(resorts.name, 'Coral Garden Resort'));
  const [v] = await db.select().from(vessels).where(eq(vessels.name, 'MV Atoll Explorer'));
  const [o] = await db.insert(resorts).values({ name: 'Sand Bay Resort' }).returning();
  agency = a?.id ?? 0;
  resort = r?.id ?? 0;
  vessel = v?.id ?? 0;
  otherResort = o?.id ?? 0;
  ok(
    await t.post('/api/users', admin, {
      email: 'limited@commission.test',
      password: ACCOUNT_PASSWORD,
      permissions: { scope: ['bookings.update'] },
      resorts: [resort],
    }),
    201,
  );
  limited = await t.login('limited@commission.test', ACCOUNT_PASSWORD);
});
afterAll(() => t?.close());

describe('access', () => {
  it('every call answers 401 without login and 403 without bookings.update', async () => {
    const calls = [
      ['GET', '/api/commission'],
      ['GET', '/api/commission/listCSV'],
      ['GET', '/api/commission/1'],
      ['POST', '/api/commission'],
      ['POST', '/api/commission/1'],
      ['POST', '/api/commission/1/copy'],
      ['DELETE', '/api/commission/1'],
    ] as const;
    const body = { agencyId: 1, percent: '10' };
    for (const [method, url] of calls) {
      const payload = method === 'POST' && !url.endsWith('copy') ? body : undefined;
      expectError(await t.call(method, url, undefined, payload), 401, 'UNAUTHORIZED');
      for (const token of [customer, agent, reader]) {
        expectError(await t.call(method, url, token, payload), 403, 'FORBIDDEN');
      }
    }
  });
});

describe('commission', () => {
  it('creates, reads, updates, copies and deletes a row', async () => {
    const body = ok(
      await t.post('/api/commission', staff, {
        agencyId: agency,
        vesselId: vessel,
        validFrom: '2027-01-01',
        validTo: '2027-12-31',
        percent: '17.5',
        note: 'Liveaboard contract 2027',
      }),
      201,
    ).json();
    expect(body).toMatchObject({
      agencyId: agency,
      resortId: null,
      vesselId: vessel,
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      percent: '17.50',
      note: 'Liveaboard contract 2027',
    });
    expect(ok(await t.get(`/api/commission/${body.id}`, staff)).json()).toEqual(body);
    const updated = ok(
      await t.post(`/api/commission/${body.id}`, staff, { percent: '18', validTo: null }),
    ).json();
    expect(updated).toMatchObject({
      percent: '18.00',
      validTo: null,
      validFrom: '2027-01-01',
      vesselId: vessel,
    });
    const copy = ok(await t.post(`/api/commission/${body.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ agencyId: agency, vesselId: vessel, percent: '18.00' });
    expect(copy.id).not.toBe(body.id);
    ok(await t.del(`/api/commission/${copy.id}`, staff));
    expectError(await t.get(`/api/commission/${copy.id}`, staff), 404, 'NOT_FOUND');
  });

  it('a row without asset is for every asset; a row may move from a vessel to a resort', async () => {
    const all = ok(await t.post('/api/commission', staff, { agencyId: agency, percent: '10' }), 201).json();
    expect(all).toMatchObject({ resortId: null, vesselId: null, validFrom: null, validTo: null, note: null });
    const moved = ok(await t.post(`/api/commission/${all.id}`, staff, { resortId: resort })).json();
    expect(moved).toMatchObject({ resortId: resort, vesselId: null });
    const back = ok(await t.post(`/api/commission/${all.id}`, staff, { resortId: null, vesselId: vessel }));
    expect(back.json()).toMatchObject({ resortId: null, vesselId: vessel });
  });

  it.each([
    ['an unknown agency', { agencyId: 999_999 }, 'agencyId'],
    ['an unknown resort', { resortId: 999_999 }, 'resortId'],
    ['an unknown vessel', { vesselId: 999_999 }, 'vesselId'],
    ['dates in the wrong order', { validFrom: '2027-06-01', validTo: '2027-05-31' }, 'validTo'],
    ['a percentage above 100', { percent: '100.5' }, 'body/percent'],
    ['a percentage as a number', { percent: 12 }, 'body/percent'],
    ['an impossible date', { validFrom: '2027-02-30' }, 'body/validFrom'],
  ])('refuses %s with 400', async (_label, change, path) => {
    const res = await t.post('/api/commission', staff, { agencyId: agency, percent: '12', ...change });
    expectError(res, 400, 'ValidationError');
    expect(res.json().details[0].path).toBe(path);
  });

  it('refuses a resort and a vessel at once, also against the stored row', async () => {
    const both = await t.post('/api/commission', staff, {
      agencyId: agency,
      resortId: resort,
      vesselId: vessel,
      percent: '12',
    });
    expectError(both, 400, 'ValidationError');
    expect(both.json().details[0].path).toBe('vesselId');
    const row = ok(
      await t.post('/api/commission', staff, {
        agencyId: agency,
        resortId: resort,
        validFrom: '2027-03-01',
        percent: '12',
      }),
      201,
    ).json();
    const res = await t.post(`/api/commission/${row.id}`, staff, { vesselId: vessel });
    expectError(res, 400, 'ValidationError');
    expect(res.json().details[0].path).toBe('vesselId');
    const early = await t.post(`/api/commission/${row.id}`, staff, { validTo: '2027-02-01' });
    expect(early.json().details[0].path).toBe('validTo');
  });

  it('lists filter by agency and asset, also as CSV', async () => {
    const made = ok(
      await t.post('/api/commission', staff, {
        agencyId: agency,
        resortId: otherResort,
        percent: '9',
        note: 'Sand Bay deal',
      }),
      201,
    ).json();
    const filter = encodeURIComponent(JSON.stringify({ resortId: otherResort }));
    expect(ids(ok(await t.get(`/api/commission?filter=${filter}`, staff)))).toEqual([made.id]);
    const csv = ok(await t.get('/api/commission/listCSV?search=sand%20bay', staff)).body;
    expect(csv).toContain('Sand Bay deal');
  });

  it('a user limited to a resort sees and writes only its rows and those for every asset', async () => {
    const own = ok(
      await t.post('/api/commission', staff, { agencyId: agency, resortId: resort, percent: '11' }),
      201,
    ).json();
    const foreign = ok(
      await t.post('/api/commission', staff, { agencyId: agency, resortId: otherResort, percent: '8' }),
      201,
    ).json();
    const general = ok(
      await t.post('/api/commission', staff, { agencyId: agency, percent: '7' }),
      201,
    ).json();
    const seen = ids(ok(await t.get('/api/commission?size=0', limited)));
    expect(seen).toEqual(expect.arrayContaining([own.id, general.id]));
    expect(seen).not.toContain(foreign.id);
    expectError(await t.get(`/api/commission/${foreign.id}`, limited), 404, 'NOT_FOUND');
    expectError(await t.post(`/api/commission/${foreign.id}`, limited, { percent: '50' }), 404, 'NOT_FOUND');
    expectError(await t.del(`/api/commission/${foreign.id}`, limited), 404, 'NOT_FOUND');
    const res = await t.post('/api/commission', limited, {
      agencyId: agency,
      resortId: otherResort,
      percent: '8',
    });
    expect(res.json().details[0].path).toBe('resortId');
    ok(await t.post(`/api/commission/${own.id}`, limited, { percent: '12.5' }));
  });
});
