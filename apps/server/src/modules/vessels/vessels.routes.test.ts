// Vessels, decks and vessel lists: scopes, validation, asset visibility, IN_USE on delete, the decks'
// cabins, and the manifest PDF read back in German and English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { insertBooking } from '../../../test/test-bookings.ts';
import { occupancy, ports, rooms, schedules, tours } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
/** vessel.read only. */
let reader: string;
/** No vessel scope at all. */
let outsider: string;

const ok = <T = Record<string, unknown>>(
  res: { statusCode: number; body: string; json(): unknown },
  status = 200,
) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T & { id: number };
};

const createVessel = async (body: Record<string, unknown>) =>
  ok(await t.post('/api/vessel', staff, body), 201);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff } = await t.demoTokens('admin', 'staff'));
  reader = await t.account('reader@vessel.test', ['vessel.read']);
  outsider = await t.account('outsider@vessel.test', ['customers.read']);
});
afterAll(() => t?.close());

describe('access', () => {
  it('answers 401 without a login and 403 without a vessel scope', async () => {
    for (const url of ['/api/vessel', '/api/vesseldeck', '/api/vessellist', '/api/vessellist/1/print/1']) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, outsider), 403, 'FORBIDDEN');
    }
    expect((await t.get('/api/vessel', reader)).statusCode).toBe(200);
    expectError(await t.post('/api/vessel', reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    expectError(await t.post('/api/vesseldeck', reader, { vesselId: 1, name: 'Nope' }), 403, 'FORBIDDEN');
    expectError(await t.post('/api/vessellist', reader, { name: 'Nope' }), 403, 'FORBIDDEN');
  });
});

describe('/api/vessel', () => {
  it('creates a vessel with details, port and currency and reads it back', async () => {
    const [port] = await t.database.db.insert(ports).values({ name: 'Male', code: 'MLE' }).returning();
    const vessel = await createVessel({
      name: 'Sea Pearl',
      code: 'SP',
      description: { de: 'Ein Schiff', en: 'A ship' },
      timeZone: 'Indian/Maldives',
      currency: 'USD',
      homePortId: port?.id,
      details: { length: 38.5, beam: 8, built: 2012, flag: 'MV', crew: 14, guests: 20 },
    });
    expect(vessel).toMatchObject({
      timeZone: 'Indian/Maldives',
      currency: 'USD',
      images: [],
      isActive: true,
    });
    const read = ok(await t.get(`/api/vessel/${vessel.id}`, reader));
    expect(read).toMatchObject({ name: 'Sea Pearl', details: { length: 38.5, flag: 'MV' } });
    const changed = ok(await t.post(`/api/vessel/${vessel.id}`, staff, { code: 'PEARL' }));
    expect(changed).toMatchObject({ code: 'PEARL', currency: 'USD', timeZone: 'Indian/Maldives' });
  });

  it('refuses unknown time zones, currencies, ports and images', async () => {
    expectError(
      await t.post('/api/vessel', staff, { name: 'x', timeZone: 'Mars/Base' }),
      400,
      'ValidationError',
    );
    const currency = await t.post('/api/vessel', staff, { name: 'x', currency: 'XYZ' });
    expectError(currency, 400, 'ValidationError');
    expect(currency.json().details[0].path).toBe('currency');
    const port = await t.post('/api/vessel', staff, { name: 'x', homePortId: 999_999 });
    expect(port.json().details[0].path).toBe('homePortId');
    const images = await t.post('/api/vessel', staff, { name: 'x', images: [999_999] });
    expectError(images, 400, 'ValidationError');
    expect(images.json().details[0].path).toBe('images');
    expectError(await t.post('/api/vessel', staff, { name: '' }), 400, 'ValidationError');
  });

  it('shows a user with a vessel list only those vessels', async () => {
    const mine = await createVessel({ name: 'Mine' });
    const other = await createVessel({ name: 'Other' });
    const res = await t.post('/api/users', admin, {
      email: 'captain@vessel.test',
      password: ACCOUNT_PASSWORD,
      permissions: { scope: ['vessel.read', 'vessel.update'] },
      vessels: [mine.id],
    });
    ok(res, 201);
    const captain = await t.login('captain@vessel.test', ACCOUNT_PASSWORD);
    const list = ok<{ data: { id: number }[] }>(await t.get('/api/vessel?size=0', captain));
    expect(list.data.map((v) => v.id)).toEqual([mine.id]);
    expectError(await t.get(`/api/vessel/${other.id}`, captain), 404, 'NOT_FOUND');
    expectError(await t.post(`/api/vessel/${other.id}`, captain, { name: 'Taken' }), 404, 'NOT_FOUND');
    ok(await t.get(`/api/vessel/${mine.id}`, captain));
    const all = ok<{ data: { id: number }[] }>(await t.get('/api/vessel?size=0', reader));
    expect(all.data.map((v) => v.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
  });

  it('refuses to delete a vessel with departures (IN_USE), deletes one without', async () => {
    const busy = await createVessel({ name: 'Busy' });
    const [tour] = await t.database.db.insert(tours).values({ name: 'North' }).returning();
    await t.database.db
      .insert(schedules)
      .values({ tourId: tour?.id ?? 0, vesselId: busy.id, from: '2031-01-04', to: '2031-01-11' });
    const refused = await t.del(`/api/vessel/${busy.id}`, staff);
    expectError(refused, 409, 'IN_USE');
    expect(refused.json().details).toEqual([{ path: 'schedules', code: 'in_use', message: '1' }]);
    const idle = await createVessel({ name: 'Idle' });
    ok(await t.del(`/api/vessel/${idle.id}`, staff));
    expectError(await t.get(`/api/vessel/${idle.id}`, staff), 404, 'NOT_FOUND');
    expectError(await t.del(`/api/vessel/${idle.id}`, staff), 404, 'NOT_FOUND');
  });
});

describe('/api/vesseldeck', () => {
  it('lists a vessel’s decks with their cabins in cabin order', async () => {
    const vessel = await createVessel({ name: 'Deck Ship' });
    const main = ok(
      await t.post('/api/vesseldeck', staff, { vesselId: vessel.id, name: 'Main', sort: 1 }),
      201,
    );
    const sun = ok(
      await t.post('/api/vesseldeck', staff, { vesselId: vessel.id, name: 'Sun', sort: 2 }),
      201,
    );
    expect(main).toMatchObject({ cabins: [], planImage: null });
    await t.database.db.insert(rooms).values([
      {
        name: 'C2',
        type: 'Cabin',
        vesselId: vessel.id,
        deckId: main.id,
        sort: 2,
        deckPosition: { x: 40, y: 50 },
      },
      { name: 'C1', type: 'Cabin', vesselId: vessel.id, deckId: main.id, sort: 1 },
      {
        name: 'S1',
        type: 'Cabin',
        vesselId: vessel.id,
        deckId: sun.id,
        sort: 1,
        deckPosition: { x: 10, y: 5 },
      },
      { name: 'Loose', type: 'Cabin', vesselId: vessel.id, sort: 1 },
    ]);
    const filter = encodeURIComponent(JSON.stringify({ vesselId: vessel.id }));
    const list = ok<{ data: { name: string; cabins: { name: string; deckPosition: unknown }[] }[] }>(
      await t.get(`/api/vesseldeck?filter=${filter}&sort=sort`, reader),
    );
    expect(list.data.map((d) => [d.name, d.cabins.map((c) => [c.name, c.deckPosition])])).toEqual([
      [
        'Main',
        [
          ['C1', null],
          ['C2', { x: 40, y: 50 }],
        ],
      ],
      ['Sun', [['S1', { x: 10, y: 5 }]]],
    ]);
    const one = ok<{ cabins: unknown[] }>(await t.get(`/api/vesseldeck/${sun.id}`, reader));
    expect(one.cabins).toHaveLength(1);
  });

  it('checks the vessel and the plan image, and keeps a deck on its vessel', async () => {
    expectError(
      await t.post('/api/vesseldeck', staff, { vesselId: 999_999, name: 'x' }),
      400,
      'ValidationError',
    );
    const vessel = await createVessel({ name: 'Plan Ship' });
    const image = await t.post('/api/vesseldeck', staff, {
      vesselId: vessel.id,
      name: 'x',
      planImage: 999_999,
    });
    expect(image.json().details[0].path).toBe('planImage');
    const deck = ok(await t.post('/api/vesseldeck', staff, { vesselId: vessel.id, name: 'Lower' }), 201);
    const other = await createVessel({ name: 'Elsewhere' });
    const moved = ok(
      await t.post(`/api/vesseldeck/${deck.id}`, staff, { vesselId: other.id, name: 'Lower deck' }),
    );
    expect(moved).toMatchObject({ vesselId: vessel.id, name: 'Lower deck' });
  });
});

describe('/api/vessellist', () => {
  it('creates lists with columns of the catalogue, each once', async () => {
    const list = ok(
      await t.post('/api/vessellist', staff, {
        name: 'Port list',
        columns: ['cabin', 'lastName', 'passportNo'],
      }),
      201,
    );
    expect(list).toMatchObject({ kind: 'manifest', vesselId: null, language: null, landscape: false });
    expectError(
      await t.post('/api/vessellist', staff, { name: 'x', columns: ['salary'] }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/vessellist', staff, { name: 'x', columns: ['age', 'age'] }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/vessellist', staff, { name: 'x', vesselId: 999_999 }),
      400,
      'ValidationError',
    );
  });
});

describe('GET /api/vessellist/{listId}/print/{scheduleId}', () => {
  let vesselId: number;
  let scheduleId: number;

  const customer = async (masterData: Record<string, unknown>, passport: Record<string, unknown> = {}) =>
    ok(
      await t.post('/api/customers', admin, {
        masterData,
        passport,
        contact: { email: 'guest@vessel.test' },
      }),
      201,
    ).id;
  const list = async (body: Record<string, unknown>) =>
    ok(await t.post('/api/vessellist', staff, { vesselId, ...body }), 201).id;
  const print = async (listId: number, query = '') => {
    const res = await t.get(`/api/vessellist/${listId}/print/${scheduleId}${query}`, reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return { text: await pdfText(res.rawPayload), raw: res.rawPayload.toString('latin1') };
  };

  beforeAll(async () => {
    const db = t.database.db;
    const [embark] = await db.insert(ports).values({ name: 'Hurghada Marina' }).returning();
    const [disembark] = await db.insert(ports).values({ name: 'Port Ghalib' }).returning();
    vesselId = (await createVessel({ name: 'Manifest Star' })).id;
    const [tour] = await db
      .insert(tours)
      .values({ name: 'Brothers Daedalus', embarkPortId: embark?.id, disembarkPortId: disembark?.id })
      .returning();
    const [schedule] = await db
      .insert(schedules)
      .values({ tourId: tour?.id ?? 0, vesselId, from: '2031-06-14', to: '2031-06-21' })
      .returning();
    scheduleId = schedule?.id ?? 0;
    const beds = (ids: string[]) => ({ beds: ids.map((internalId) => ({ internalId, active: true })) });
    const [c2, c1] = await db
      .insert(rooms)
      .values([
        { name: 'Cabin 2', type: 'Cabin', vesselId, sort: 2, configuration: beds(['A', 'B']) },
        { name: 'Cabin 1', type: 'Cabin', vesselId, sort: 1, configuration: beds(['A', 'B']) },
      ])
      .returning();
    const anna = await customer(
      { firstName: 'Anna', lastName: 'Adler', gender: 'f', birthday: '1990-06-20', nationality: 'DE' },
      { number: 'C01X00T47', expiryDate: '2032-03-31' },
    );
    const ben = await customer({ firstName: 'Ben', lastName: 'Brook', gender: 'm', nationality: 'GB' });
    const gone = await customer({ firstName: 'Gina', lastName: 'Gone' });
    const hold = { from: '2031-06-14', to: '2031-06-21', scheduleId, wholeRoom: false };
    await db.insert(occupancy).values([
      {
        ...hold,
        roomId: c1?.id ?? 0,
        unit: 'B',
        customerId: anna,
        bookingId: 501,
        state: 'confirmed',
        holds: true,
        gender: 'f',
      },
      {
        ...hold,
        roomId: c2?.id ?? 0,
        unit: 'A',
        customerId: ben,
        bookingId: 502,
        state: 'planned',
        holds: true,
        gender: 'm',
      },
      {
        ...hold,
        roomId: c2?.id ?? 0,
        unit: 'B',
        customerId: gone,
        bookingId: 503,
        state: 'aborted',
        holds: false,
      },
    ]);
  });

  it('prints the manifest in the list’s language: header, persons held in cabin order, total', async () => {
    const id = await list({
      name: 'Crew manifest',
      language: 'de',
      columns: ['cabin', 'bed', 'lastName', 'firstName', 'birthday', 'age', 'passportNo', 'passportExpiry'],
    });
    const { text } = await print(id);
    expect(text).toContain('Crew manifest');
    expect(text).toMatch(/Schiff\s+Manifest Star/);
    expect(text).toMatch(/Tour\s+Brothers Daedalus/);
    expect(text).toMatch(/Reisedaten\s+14\.06\.2031 – 21\.06\.2031/);
    expect(text).toMatch(/Einschiffung\s+Hurghada Marina/);
    expect(text).toMatch(/Ausschiffung\s+Port Ghalib/);
    expect(text).toMatch(/Kabine\s+Platz\s+Nachname\s+Vorname\s+Geburtstag\s+Alter/);
    expect(text).toMatch(/Cabin 1\s+B\s+Adler\s+Anna\s+20\.06\.1990\s+40\s+C01X00T47\s+31\.03\.2032/);
    expect(text).toMatch(/Cabin 2\s+A\s+Brook\s+Ben/);
    expect(text.indexOf('Adler')).toBeLessThan(text.indexOf('Brook'));
    expect(text).not.toContain('Gone');
    expect(text).toContain('Personen an Bord: 2');
  });

  it('prints in the reader’s language when the list has none; cabin lists show free berths', async () => {
    const id = await list({
      name: 'Cabins',
      kind: 'cabins',
      columns: ['cabin', 'bed', 'name', 'gender', 'state'],
    });
    const { text } = await print(id, '?lang=en');
    expect(text).toMatch(/Vessel\s+Manifest Star/);
    expect(text).toMatch(/Dates\s+14\.06\.2031 – 21\.06\.2031/);
    expect(text).toMatch(/Embarkation\s+Hurghada Marina/);
    expect(text).toMatch(/Cabin\s+Berth\s+Name\s+Sex\s+State/);
    expect(text).toMatch(/Cabin 1\s+A\s+free/);
    expect(text).toMatch(/Cabin 1\s+B\s+Anna Adler\s+F\s+confirmed/);
    expect(text).toMatch(/Cabin 2\s+A\s+Ben Brook\s+M\s+option/);
    expect(text).toMatch(/Cabin 2\s+B\s+free/);
    expect(text).toContain('Persons on board: 2');
    expect(text).toContain('Free berths: 2');
    const german = await print(id, '?lang=de');
    expect(german.text).toMatch(/Cabin 1\s+A\s+frei/);
  });

  it('lists every guest of a cabin booked for two, one without a customer record yet', async () => {
    const db = t.database.db;
    const [tour] = await db.insert(tours).values({ name: 'Two in one' }).returning();
    const [schedule] = await db
      .insert(schedules)
      .values({ tourId: tour?.id ?? 0, vesselId, from: '2031-08-02', to: '2031-08-09' })
      .returning();
    const [cabin] = await db
      .insert(rooms)
      .values({
        name: 'Cabin 9',
        type: 'Cabin',
        vesselId,
        sort: 9,
        configuration: {
          beds: [
            { internalId: 'A', active: true },
            { internalId: 'B', active: true },
          ],
        },
      })
      .returning();
    const carla = await customer({ firstName: 'Carla', lastName: 'Cruz', gender: 'f' });
    const booking = await insertBooking(db, {
      type: 'vessel',
      vesselId,
      state: 'confirmed',
      bookingNo: 'B31-00042',
      from: '2031-08-02',
      to: '2031-08-09',
      customerId: carla,
      rooms: [
        {
          roomId: cabin?.id ?? 0,
          guests: [
            { customerId: carla, gender: 'f' },
            { gender: 'm' },
            { name: 'Sem de Jong', gender: 'm', age: 41 },
          ],
        },
      ],
    });
    await db.insert(occupancy).values({
      from: '2031-08-02',
      to: '2031-08-09',
      scheduleId: schedule?.id ?? 0,
      wholeRoom: true,
      roomId: cabin?.id ?? 0,
      unit: '',
      customerId: carla,
      bookingId: booking.id,
      state: 'confirmed',
      holds: true,
      gender: 'f',
    });
    const id = await list({ name: 'Two guests', columns: ['cabin', 'name', 'gender'] });
    for (const [lang, unnamed, total] of [
      ['de', 'Gast 2 von B31-00042', 'Personen an Bord: 3'],
      ['en', 'Guest 2 of B31-00042', 'Persons on board: 3'],
    ] as const) {
      const res = await t.get(`/api/vessellist/${id}/print/${schedule?.id}?lang=${lang}`, reader);
      expect(res.statusCode, res.body).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toMatch(/Cabin 9\s+Carla Cruz/);
      expect(text).toContain(unnamed);
      expect(text).toContain(total);
    }
    // A guest known only by a typed name: its first word the first name, the rest the last name; its noted age.
    const names = await list({ name: 'Names', columns: ['lastName', 'firstName', 'age'] });
    const text = await pdfText(
      (await t.get(`/api/vessellist/${names}/print/${schedule?.id}?lang=en`, reader)).rawPayload,
    );
    expect(text).toMatch(/Cruz\s+Carla\s/);
    expect(text).toMatch(/de Jong\s+Sem\s+41\s/);
    expect(text).toContain('Guest 2 of B31-00042');
  });

  it('turns the page for landscape lists', async () => {
    const portrait = await print(await list({ name: 'Portrait', columns: ['cabin'] }));
    const wide = await print(await list({ name: 'Wide', columns: ['cabin'], landscape: true }));
    expect(portrait.raw).toMatch(/\/MediaBox \[0 0 595\.\d+ 841\.\d+\]/);
    expect(wide.raw).toMatch(/\/MediaBox \[0 0 841\.\d+ 595\.\d+\]/);
  });

  it('answers 404 for an unknown list or departure and 400 for another vessel’s list', async () => {
    const id = await list({ name: 'Any', columns: ['cabin'] });
    expectError(await t.get(`/api/vessellist/999999/print/${scheduleId}`, reader), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/vessellist/${id}/print/999999`, reader), 404, 'NOT_FOUND');
    // A word where the departure's id goes names no route.
    expectError(await t.get(`/api/vessellist/${id}/print/abc`, reader), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/vessellist/${id}/print/-1`, reader), 400, 'ValidationError');
    const other = await createVessel({ name: 'Other Star' });
    const foreign = ok(await t.post('/api/vessellist', staff, { name: 'Foreign', vesselId: other.id }), 201);
    expectError(
      await t.get(`/api/vessellist/${foreign.id}/print/${scheduleId}`, reader),
      400,
      'ValidationError',
    );
    const shared = ok(await t.post('/api/vessellist', staff, { name: 'Shared', columns: ['cabin'] }), 201);
    expect((await t.get(`/api/vessellist/${shared.id}/print/${scheduleId}`, reader)).statusCode).toBe(200);
  });

  it('hides the departures of vessels the user may not see', async () => {
    const other = await createVessel({ name: 'Far Away' });
    await t.post('/api/users', admin, {
      email: 'mate@vessel.test',
      password: ACCOUNT_PASSWORD,
      permissions: { scope: ['vessel.read'] },
      vessels: [other.id],
    });
    const mate = await t.login('mate@vessel.test', ACCOUNT_PASSWORD);
    const shared = ok(await t.post('/api/vessellist', staff, { name: 'Everyone', columns: ['cabin'] }), 201);
    expectError(await t.get(`/api/vessellist/${shared.id}/print/${scheduleId}`, mate), 404, 'NOT_FOUND');
    const lists = ok<{ data: { vesselId: number | null }[] }>(await t.get('/api/vessellist?size=0', mate));
    expect(lists.data.every((l) => l.vesselId === null || l.vesselId === other.id)).toBe(true);
  });
});
