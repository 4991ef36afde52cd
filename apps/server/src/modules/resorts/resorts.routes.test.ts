// Resorts: the generic calls with time zone, currency and media checks, asset visibility, constants,
// allowed arrival and departure days (docs/domain/availability.md) and the printed lists.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { media, rooms, roomTypes } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
/** Holds resort.read only. */
let reader: string;
/** resort.* but limited to the first resort by its asset list. */
let limited: string;
let palau: number;
let manila: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
  reader = await t.account('reader@resorts.test', ['resort.read']);
  palau = ok(
    await t.post('/api/resort', staff, { name: 'Palau Reef Lodge', timeZone: 'Pacific/Palau' }),
    201,
  ).json().id;
  manila = ok(await t.post('/api/resort', staff, { name: 'Manila Bay Resort', currency: 'USD' }), 201).json()
    .id;
  const res = await t.post('/api/users', admin, {
    email: 'limited@resorts.test',
    password: 'pass-word-1',
    permissions: { scope: ['resort.read', 'resort.update', 'resort.delete'] },
    resorts: [palau],
  });
  expect(res.statusCode, res.body).toBe(201);
  limited = await t.login('limited@resorts.test', 'pass-word-1');
});
afterAll(() => t?.close());

describe('access', () => {
  const reads = () => [
    '/api/resort',
    '/api/resort/listCSV',
    `/api/resort/${palau}`,
    '/api/resort/constants',
    `/api/resort/${palau}/print/rooms`,
    '/api/arrivaldeparture',
    `/api/arrivaldeparture/date/${palau}/2025-06-01/2025-06-07`,
  ];

  it('every read answers 401 without login and 403 without a resort scope', async () => {
    for (const url of reads()) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
  });

  it('a reader reads but may not write', async () => {
    ok(await t.get(`/api/resort/${palau}`, reader));
    expectError(await t.post('/api/resort', reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/resort/${palau}`, reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/resort/${palau}`, reader), 403, 'FORBIDDEN');
    expectError(
      await t.post('/api/arrivaldeparture', reader, { resortId: palau, kind: 'arrival', weekdays: [6] }),
      403,
      'FORBIDDEN',
    );
    expect(ok(await t.get(`/api/resort/${palau}`, staff)).json().name).toBe('Palau Reef Lodge');
  });
});

describe('create and update', () => {
  it('a new resort gets the defaults and a canonical time zone', async () => {
    const body = ok(
      await t.post('/api/resort', staff, { name: 'Dauin Dive Resort', timeZone: 'asia/manila' }),
      201,
    ).json();
    expect(body).toMatchObject({
      timeZone: 'Asia/Manila',
      currency: 'EUR',
      checkInTime: '14:00',
      checkOutTime: '11:00',
      images: [],
      isActive: true,
      description: {},
    });
    const got = ok(await t.get(`/api/resort/${manila}`, staff)).json();
    expect(got).toMatchObject({ currency: 'USD', timeZone: 'Europe/Berlin' });
  });

  it.each([
    ['an unknown time zone', { timeZone: 'Atlantis/Capital' }],
    ['an offset instead of a zone', { timeZone: '+08:00' }],
    ['a malformed currency', { currency: 'euro' }],
    ['a bad check-in time', { checkInTime: '25:00' }],
    ['images that are not ids', { images: ['a.jpg'] }],
  ])('refuses %s with 400', async (_label, patch) => {
    expectError(await t.post('/api/resort', staff, { name: 'Bad', ...patch }), 400, 'ValidationError');
    expectError(await t.post(`/api/resort/${manila}`, staff, patch), 400, 'ValidationError');
  });

  it('refuses a currency the currency table does not hold and unknown media', async () => {
    const res = await t.post('/api/resort', staff, { name: 'Bad', currency: 'XYZ' });
    expectError(res, 400, 'ValidationError');
    expect(res.json().details[0].path).toBe('currency');
    expectError(await t.post(`/api/resort/${manila}`, staff, { images: [999_999] }), 400, 'ValidationError');
  });

  it('stores media ids, texts per language, address and times', async () => {
    const [image] = await t.database.db
      .insert(media)
      .values({ name: 'pool.jpg', mime: 'image/jpeg' })
      .returning();
    const body = ok(
      await t.post(`/api/resort/${manila}`, staff, {
        images: [image?.id],
        description: { de: 'Am Meer', en: 'By the sea' },
        address: { street: 'Roxas Blvd 1', city: 'Manila', country: 'PH' },
        checkInTime: '15:30',
        timeZone: 'Asia/Manila',
        currency: 'PHP',
      }),
    ).json();
    expect(body).toMatchObject({
      images: [image?.id],
      description: { de: 'Am Meer', en: 'By the sea' },
      address: { city: 'Manila' },
      checkInTime: '15:30',
      currency: 'PHP',
      name: 'Manila Bay Resort',
    });
  });

  it('refuses to delete a resort that still has room types (409 IN_USE)', async () => {
    const doomed = ok(await t.post('/api/resort', staff, { name: 'Short Lived' }), 201).json().id;
    await t.database.db.insert(roomTypes).values({ name: 'Hut', resortId: doomed });
    expectError(await t.del(`/api/resort/${doomed}`, staff), 409, 'IN_USE');
  });
});

describe('asset visibility', () => {
  it('a user with a resort list sees only those resorts', async () => {
    const list = ok(await t.get('/api/resort?size=0', limited)).json();
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([palau]);
    expectError(await t.get(`/api/resort/${manila}`, limited), 404, 'NOT_FOUND');
    expectError(await t.post(`/api/resort/${manila}`, limited, { name: 'Taken' }), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/resort/${manila}/print/rooms`, limited), 404, 'NOT_FOUND');
    expectError(
      await t.get(`/api/arrivaldeparture/date/${manila}/2025-06-01/2025-06-02`, limited),
      404,
      'RESORT_NOT_FOUND',
    );
    ok(await t.get(`/api/arrivaldeparture/date/${palau}/2025-06-01/2025-06-02`, limited));
  });

  it('users without a list and admin see every resort', async () => {
    for (const token of [reader, staff, admin]) {
      const ids = ok(await t.get('/api/resort?size=0', token))
        .json()
        .data.map((r: { id: number }) => r.id);
      expect(ids).toEqual(expect.arrayContaining([palau, manila]));
    }
  });
});

describe('constants', () => {
  it('answers the enums the screens offer', async () => {
    const body = ok(await t.get('/api/resort/constants', reader)).json();
    expect(body.roomTypesOTA).toEqual(expect.arrayContaining(['Single', 'Double', 'Twin', 'Dorm']));
    expect(body.surchargeTypes).toEqual(['percent', 'fixed']);
    expect(body.blockKinds).toEqual(['Maintanance', 'OutOfOrder', 'Event']);
    expect(body.roomKinds).toEqual(['Room', 'Cabin']);
    expect(body.weekdays).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(body.timeZones).toEqual(expect.arrayContaining(['Europe/Berlin', 'Pacific/Palau', 'UTC']));
    expect(body.lists).toEqual(['rooms', 'roomtypes', 'housekeeping']);
  });
});

describe('arrival and departure days', () => {
  const dates = (resort: number | string, from: string, to: string, token = staff) =>
    t.get(`/api/arrivaldeparture/date/${resort}/${from}/${to}`, token);

  it('allows every day while nothing is configured', async () => {
    const body = ok(await dates(palau, '2025-06-01', '2025-06-07')).json();
    expect(body).toHaveLength(7);
    expect(body[0]).toEqual({ date: '2025-06-01', arrival: true, departure: true });
  });

  it('Saturday-only arrival in a season; departure on Saturday or Sunday all year', async () => {
    const rule = ok(
      await t.post('/api/arrivaldeparture', staff, {
        resortId: palau,
        kind: 'arrival',
        weekdays: [6],
        validFrom: '2025-06-01',
        validTo: '2025-08-31',
        note: 'high season',
      }),
      201,
    ).json();
    expect(rule).toMatchObject({ resortId: palau, kind: 'arrival', weekdays: [6], validTo: '2025-08-31' });
    ok(
      await t.post('/api/arrivaldeparture', staff, { resortId: palau, kind: 'departure', weekdays: [6, 0] }),
      201,
    );
    const body = ok(await dates(palau, '2025-05-30', '2025-06-09')).json() as {
      date: string;
      arrival: boolean;
      departure: boolean;
    }[];
    // Before the season every arrival day is open; in it only Saturday 2025-06-07.
    expect(body.filter((d) => d.arrival).map((d) => d.date)).toEqual([
      '2025-05-30',
      '2025-05-31',
      '2025-06-07',
    ]);
    expect(body.filter((d) => d.departure).map((d) => d.date)).toEqual([
      '2025-05-31',
      '2025-06-01',
      '2025-06-07',
      '2025-06-08',
    ]);
    // Another resort's days are not touched.
    const other = ok(await dates(manila, '2025-06-02', '2025-06-03')).json();
    expect(other.every((d: { arrival: boolean; departure: boolean }) => d.arrival && d.departure)).toBe(true);
    // The rules list filters by resort.
    const filter = encodeURIComponent(JSON.stringify({ resortId: palau }));
    expect(ok(await t.get(`/api/arrivaldeparture?filter=${filter}`, reader)).json().total).toBe(2);
  });

  it('answers RESORT_NOT_FOUND for an unknown or malformed resort', async () => {
    expectError(await dates(999_999, '2025-06-01', '2025-06-02'), 404, 'RESORT_NOT_FOUND');
    expectError(await dates('abc', '2025-06-01', '2025-06-02'), 400, 'RESORT_NOT_FOUND');
    expectError(await dates('0', '2025-06-01', '2025-06-02'), 400, 'RESORT_NOT_FOUND');
  });

  it('refuses bad dates, a reversed range and more than 731 days', async () => {
    expectError(await dates(palau, '2025-13-01', '2025-06-02'), 400, 'ValidationError');
    expectError(await dates(palau, '2025-06-01', '20250602'), 400, 'ValidationError');
    expectError(await dates(palau, '2025-06-02', '2025-06-01'), 400, 'ValidationError');
    expectError(await dates(palau, '2025-01-01', '2027-01-02'), 400, 'ValidationError');
    expect(ok(await dates(palau, '2025-01-01', '2027-01-01')).json()).toHaveLength(731);
  });

  it('refuses invalid rules', async () => {
    const bad = [
      { resortId: palau, weekdays: [7] },
      { resortId: palau, weekdays: [1, 1] },
      { resortId: palau, kind: 'checkin' },
      { resortId: palau, validFrom: '2025-07-01', validTo: '2025-06-01' },
      { resortId: 999_999 },
    ];
    for (const body of bad) {
      expectError(await t.post('/api/arrivaldeparture', staff, body), 400, 'ValidationError');
    }
    expectError(await t.post('/api/arrivaldeparture', limited, { resortId: manila }), 403, 'FORBIDDEN');
  });
});

describe('printed lists', () => {
  beforeAll(async () => {
    const [suite] = await t.database.db
      .insert(roomTypes)
      .values({ name: 'Ocean Suite', resortId: palau, sizeInSqm: '42.5', surcharge: '15', maxNoOfPax: 3 })
      .returning();
    await t.database.db.insert(rooms).values([
      {
        name: 'Room 101',
        resortId: palau,
        roomTypeId: suite?.id,
        availableBeds: 2,
        housekeeping: 'dirty',
        usageState: 'occupied',
        configuration: { minNoOfPax: 1, defaultNoOfPax: 2, maxNoOfPax: 3, beds: [] },
        sort: 1,
      },
      { name: 'Room 102', resortId: palau, roomTypeId: suite?.id, isActive: false, sort: 2 },
    ]);
  });

  it('prints the room list in German and in English', async () => {
    const de = ok(await t.get(`/api/resort/${palau}/print/rooms?lang=de`, staff));
    expect(de.headers['content-type']).toBe('application/pdf');
    const textDe = await pdfText(de.rawPayload);
    expect(textDe).toContain('Zimmerliste Palau Reef Lodge');
    expect(textDe).toMatch(/Room 101\s+Ocean Suite/);
    expect(textDe).toContain('schmutzig / belegt');
    expect(textDe).toContain('1–3 (2)');
    const en = ok(await t.get(`/api/resort/${palau}/print/rooms`, staff, { 'accept-language': 'en' }));
    const textEn = await pdfText(en.rawPayload);
    expect(textEn).toContain('Room list Palau Reef Lodge');
    expect(textEn).toContain('dirty / occupied');
  });

  it('prints the room types with pax, size and surcharge', async () => {
    const text = await pdfText(
      ok(await t.get(`/api/resort/${palau}/print/roomtypes?lang=de`, staff)).rawPayload,
    );
    expect(text).toContain('Zimmertypen Palau Reef Lodge');
    expect(text).toMatch(/Ocean Suite\s+1–3 \(2\)/);
    expect(text).toContain('42,5 m²');
    expect(text).toContain('15,00 %');
    const en = await pdfText(
      ok(await t.get(`/api/resort/${palau}/print/roomtypes?lang=en`, staff)).rawPayload,
    );
    expect(en).toContain('42.5 m²');
  });

  it('prints the housekeeping list of the rooms in service', async () => {
    const text = await pdfText(
      ok(await t.get(`/api/resort/${palau}/print/housekeeping?lang=en`, staff)).rawPayload,
    );
    expect(text).toContain('Housekeeping Palau Reef Lodge');
    expect(text).toMatch(/Room 101\s+Ocean Suite\s+dirty\s+occupied/);
    expect(text).not.toContain('Room 102');
  });

  it('answers 400 for an unknown list and 404 for an unknown resort', async () => {
    expectError(await t.get(`/api/resort/${palau}/print/guests`, staff), 400, 'ValidationError');
    expectError(await t.get('/api/resort/999999/print/rooms', staff), 404, 'NOT_FOUND');
  });
});
