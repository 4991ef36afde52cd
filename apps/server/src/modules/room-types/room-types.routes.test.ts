// Room types (spec booking §3 with its defaults) of resorts and vessels, and bed types: scopes per asset,
// the pax order, asset visibility and the delete guard while rooms use a type.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { media, rooms, vessels } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
/** resort.read and vessel.read only. */
let reader: string;
/** resort.* only: no vessel scopes. */
let resortOnly: string;
/** resort.read and resort.update, limited to the first resort. */
let limited: string;
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
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
  reader = await t.account('reader@roomtypes.test', ['resort.read', 'vessel.read']);
  resortOnly = await t.account('resort@roomtypes.test', ['resort.read', 'resort.update']);
  resort = ok(await t.post('/api/resort', staff, { name: 'Coral Garden Resort' }), 201).json().id;
  otherResort = ok(await t.post('/api/resort', staff, { name: 'Sand Bay Resort' }), 201).json().id;
  const [v] = await t.database.db.insert(vessels).values({ name: 'MY Manta' }).returning();
  vessel = v?.id ?? 0;
  ok(
    await t.post('/api/users', admin, {
      email: 'limited@roomtypes.test',
      password: 'pass-word-1',
      permissions: { scope: ['resort.read', 'resort.update'] },
      resorts: [resort],
    }),
    201,
  );
  limited = await t.login('limited@roomtypes.test', 'pass-word-1');
});
afterAll(() => t?.close());

describe('access', () => {
  it('reads answer 401 without login and 403 without resort or vessel scopes', async () => {
    for (const url of ['/api/roomtypes', '/api/roomtypes/listCSV', '/api/bedtype', '/api/bedtype/listCSV']) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
  });

  it('writes need resort.update or vessel.update', async () => {
    expectError(await t.post('/api/roomtypes', reader, { name: 'X', resortId: resort }), 403, 'FORBIDDEN');
    expectError(await t.post('/api/bedtype', reader, { name: 'King' }), 403, 'FORBIDDEN');
    expectError(await t.post('/api/roomtypes', customer, { name: 'X', resortId: resort }), 403, 'FORBIDDEN');
  });

  it('a vessel type needs vessel.update, a resort type resort.update', async () => {
    expectError(
      await t.post('/api/roomtypes', resortOnly, { name: 'Cabin', vesselId: vessel }),
      403,
      'FORBIDDEN',
    );
    ok(await t.post('/api/roomtypes', resortOnly, { name: 'Bungalow', resortId: resort }), 201);
    const cabin = ok(
      await t.post('/api/roomtypes', staff, { name: 'Master cabin', vesselId: vessel }),
      201,
    ).json();
    // A resort-only user neither sees nor changes the vessel's type.
    expectError(await t.get(`/api/roomtypes/${cabin.id}`, resortOnly), 404, 'NOT_FOUND');
    expectError(await t.post(`/api/roomtypes/${cabin.id}`, resortOnly, { name: 'Mine' }), 404, 'NOT_FOUND');
  });
});

describe('room types', () => {
  it('a new room type gets the defaults of spec booking §3', async () => {
    const body = ok(
      await t.post('/api/roomtypes', staff, { name: 'Garden Double', resortId: resort }),
      201,
    ).json();
    expect(body).toMatchObject({
      resortId: resort,
      vesselId: null,
      defaultNoOfPax: 2,
      minNoOfPax: 1,
      maxNoOfPax: 2,
      maxNoOfOTAPax: 2,
      availableToOTA: -1,
      roomTypeOTA: 'Double',
      sizeInSqm: -1,
      surchargeType: 'percent',
      hide: false,
      collapse: false,
      isVisible: true,
      images: [],
      sort: 9999,
    });
    expect(Number(body.surcharge)).toBe(0);
  });

  it('stores every field, texts per language and images', async () => {
    const [image] = await t.database.db
      .insert(media)
      .values({ name: 'suite.jpg', mime: 'image/jpeg' })
      .returning();
    const body = ok(
      await t.post('/api/roomtypes', staff, {
        name: 'Family Suite',
        key: 'FAM',
        resortId: resort,
        minNoOfPax: 2,
        defaultNoOfPax: 3,
        maxNoOfPax: 5,
        maxNoOfOTAPax: 4,
        availableToOTA: 2,
        roomTypeOTA: 'Family',
        sizeInSqm: 55.5,
        surcharge: '40.00',
        surchargeType: 'fixed',
        hide: true,
        collapse: true,
        isVisible: false,
        description: { de: 'Groß', en: 'Large' },
        images: [image?.id],
        sort: 3,
      }),
      201,
    ).json();
    expect(body).toMatchObject({
      sizeInSqm: 55.5,
      surcharge: '40.00',
      surchargeType: 'fixed',
      roomTypeOTA: 'Family',
      description: { de: 'Groß', en: 'Large' },
      images: [image?.id],
    });
    const updated = ok(await t.post(`/api/roomtypes/${body.id}`, staff, { maxNoOfPax: 6 })).json();
    expect(updated).toMatchObject({ maxNoOfPax: 6, minNoOfPax: 2, defaultNoOfPax: 3, surcharge: '40.00' });
  });

  it.each([
    ['no asset', { name: 'X' }],
    ['both assets', { name: 'X', resortId: 1, vesselId: 1 }],
    ['min above default', { name: 'X', resortId: 0, minNoOfPax: 3 }],
    ['default above max', { name: 'X', resortId: 0, defaultNoOfPax: 3 }],
    ['an unknown OTA type', { name: 'X', resortId: 0, roomTypeOTA: 'Penthouse' }],
    ['a surcharge as a number', { name: 'X', resortId: 0, surcharge: 10 }],
    ['a percentage above 100', { name: 'X', resortId: 0, surcharge: '150' }],
    ['unknown media', { name: 'X', resortId: 0, images: [999_999] }],
    ['an unknown resort', { name: 'X', resortId: 999_999 }],
    ['a description as text', { name: 'X', resortId: 0, description: 'nice' }],
  ])('refuses %s with 400', async (_label, body: Record<string, unknown>) => {
    // resortId 0 stands for the test's resort, whose id is known only at run time.
    const withAsset = body.resortId === 0 ? { ...body, resortId: resort } : body;
    expectError(await t.post('/api/roomtypes', staff, withAsset), 400, 'ValidationError');
  });

  it('checks the pax order against the stored values on update', async () => {
    const type = ok(await t.post('/api/roomtypes', staff, { name: 'Twin', resortId: resort }), 201).json();
    expectError(await t.post(`/api/roomtypes/${type.id}`, staff, { minNoOfPax: 3 }), 400, 'ValidationError');
    expectError(await t.post(`/api/roomtypes/${type.id}`, staff, { resortId: null }), 400, 'ValidationError');
    ok(await t.post(`/api/roomtypes/${type.id}`, staff, { maxNoOfPax: 3, defaultNoOfPax: 3, minNoOfPax: 3 }));
  });

  it('lists filter by resort and vessel', async () => {
    const byResort = encodeURIComponent(JSON.stringify({ resortId: resort }));
    const resortTypes = ok(await t.get(`/api/roomtypes?size=0&filter=${byResort}`, reader)).json();
    expect(resortTypes.total).toBeGreaterThanOrEqual(3);
    for (const type of resortTypes.data) expect(type.resortId).toBe(resort);
    const byVessel = encodeURIComponent(JSON.stringify({ vesselId: vessel }));
    const vesselTypes = ok(await t.get(`/api/roomtypes?size=0&filter=${byVessel}`, reader)).json();
    expect(vesselTypes.data.map((r: { name: string }) => r.name)).toEqual(['Master cabin']);
  });

  it('a user with a resort list sees and writes only the types of those resorts', async () => {
    const other = ok(
      await t.post('/api/roomtypes', staff, { name: 'Sand Villa', resortId: otherResort }),
      201,
    ).json();
    const seen = ids(ok(await t.get('/api/roomtypes?size=0', limited)));
    expect(seen).not.toContain(other.id);
    expect(seen.length).toBeGreaterThan(0);
    expectError(await t.get(`/api/roomtypes/${other.id}`, limited), 404, 'NOT_FOUND');
    expectError(
      await t.post('/api/roomtypes', limited, { name: 'X', resortId: otherResort }),
      400,
      'ValidationError',
    );
    ok(await t.post('/api/roomtypes', limited, { name: 'Own', resortId: resort }), 201);
    // Vessel types need vessel.read, which this user lacks.
    const all = ids(ok(await t.get('/api/roomtypes?size=0', admin)));
    expect(all.length).toBeGreaterThan(seen.length + 1);
  });

  it('refuses to delete a type that rooms use (409 IN_USE), deletes an unused one', async () => {
    const used = ok(await t.post('/api/roomtypes', staff, { name: 'Used', resortId: resort }), 201).json();
    await t.database.db.insert(rooms).values({ name: 'R1', resortId: resort, roomTypeId: used.id });
    expectError(await t.del(`/api/roomtypes/${used.id}`, staff), 409, 'IN_USE');
    ok(await t.get(`/api/roomtypes/${used.id}`, staff));
    const unused = ok(
      await t.post('/api/roomtypes', staff, { name: 'Unused', resortId: resort }),
      201,
    ).json();
    ok(await t.del(`/api/roomtypes/${unused.id}`, staff));
    expectError(await t.get(`/api/roomtypes/${unused.id}`, staff), 404, 'NOT_FOUND');
  });

  it('copies a type with its asset', async () => {
    const source = ok(
      await t.post('/api/roomtypes', staff, { name: 'Deluxe', resortId: resort }),
      201,
    ).json();
    const copy = ok(await t.post(`/api/roomtypes/${source.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Deluxe (copy)', resortId: resort, defaultNoOfPax: 2 });
  });
});

describe('bed types', () => {
  it('creates, lists and updates bed types with translations', async () => {
    const bed = ok(
      await t.post('/api/bedtype', staff, {
        name: 'Queen',
        key: 'queen',
        translations: { de: 'Queensize-Bett', en: 'Queen bed' },
        persons: 2,
      }),
      201,
    ).json();
    expect(bed).toMatchObject({ persons: 2, isActive: true, translations: { de: 'Queensize-Bett' } });
    const list = ok(await t.get('/api/bedtype?search=queen', reader)).json();
    expect(list.data.map((b: { id: number }) => b.id)).toContain(bed.id);
    ok(await t.post(`/api/bedtype/${bed.id}`, resortOnly, { persons: 3 }));
    expectError(await t.post(`/api/bedtype/${bed.id}`, staff, { persons: 0 }), 400, 'ValidationError');
  });

  it('refuses to delete a bed type rooms use', async () => {
    const bed = ok(await t.post('/api/bedtype', staff, { name: 'Bunk' }), 201).json();
    const extra = ok(await t.post('/api/bedtype', staff, { name: 'Cot' }), 201).json();
    await t.database.db
      .insert(rooms)
      .values({ name: 'Dorm', resortId: resort, bedTypeId: bed.id, additionalBedTypes: [extra.id] });
    expectError(await t.del(`/api/bedtype/${bed.id}`, staff), 409, 'IN_USE');
    expectError(await t.del(`/api/bedtype/${extra.id}`, staff), 409, 'IN_USE');
    const free = ok(await t.post('/api/bedtype', staff, { name: 'Sofa bed' }), 201).json();
    ok(await t.del(`/api/bedtype/${free.id}`, staff));
  });
});
