// Geography: the picker lookups (/api/settings/countries, /api/settings/airports), the five generic
// resources with their scopes and uniqueness, and the reference data the loader ships.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { airlines, airports, countries } from '../../db/schema.ts';
import { callingCodes, seedReference } from '../../db/seed-reference.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
/** settings.read only: may look, not change. */
let reader: string;
/** settings.update only. */
let editor: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, customer] = await Promise.all([
    t.login(...DEMO.admin),
    t.login(...DEMO.staff),
    t.login(...DEMO.customer),
  ]);
  [reader, editor] = await Promise.all([
    t.account('reader@example.com', ['settings.read']),
    t.account('editor@example.com', ['settings.update']),
  ]);
});
afterAll(() => t?.close());

describe('reference data', () => {
  it('ships every ISO country, airports with IATA codes and active airlines', async () => {
    const [c] = await t.database.db.select({ n: count() }).from(countries);
    const [a] = await t.database.db.select({ n: count() }).from(airports);
    const [l] = await t.database.db.select({ n: count() }).from(airlines);
    expect(c?.n).toBeGreaterThanOrEqual(249);
    expect(a?.n).toBeGreaterThan(4000);
    expect(l?.n).toBeGreaterThan(900);
  });

  it('loads once: a second run changes nothing', async () => {
    await seedReference(t.database.db);
    const [c] = await t.database.db.select({ n: count() }).from(countries);
    expect(c?.n).toBeLessThan(260);
  });

  it('writes calling codes as dialled', () => {
    expect(callingCodes({ root: '+6', suffixes: ['3'] })).toEqual(['+63']);
    expect(callingCodes({ root: '+1', suffixes: ['201', '202', '203', '205'] })).toEqual(['+1']);
    expect(callingCodes({ root: '+7', suffixes: ['6', '7'] })).toEqual(['+7']);
    expect(callingCodes({ root: '+1', suffixes: ['787', '939'] })).toEqual(['+1787', '+1939']);
    expect(callingCodes({ root: '', suffixes: [] })).toEqual([]);
  });
});

describe('GET /api/settings/countries', () => {
  it('answers anyone, in the asked language, alphabetically there', async () => {
    const de = await t.get('/api/settings/countries?lang=de');
    expect(de.statusCode).toBe(200);
    const list = de.json() as { code: string; name: string; callingCodes: string[]; states: unknown[] }[];
    const ph = list.find((c) => c.code === 'PH');
    expect(ph).toMatchObject({ name: 'Philippinen', callingCodes: ['+63'] });
    expect(ph?.states).toContainEqual({ code: 'PH-00', name: 'National Capital Region' });
    expect(list.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    const en = await t.get('/api/settings/countries?lang=en');
    expect(en.json().find((c: { code: string }) => c.code === 'DE').name).toBe('Germany');
  });

  it('takes the user’s language, else the Accept-Language header', async () => {
    const header = await t.get('/api/settings/countries', undefined, { 'accept-language': 'en-US' });
    expect(header.json().find((c: { code: string }) => c.code === 'PH').name).toBe('Philippines');
    const fallback = await t.get('/api/settings/countries');
    expect(fallback.json().find((c: { code: string }) => c.code === 'PH').name).toBe('Philippinen');
    const english = await t.account('english@example.com', ['user']);
    await t.post('/api/users/self', english, { settings: { language: 'en' } });
    const own = await t.get('/api/settings/countries', english, { 'accept-language': 'de' });
    expect(own.json().find((c: { code: string }) => c.code === 'PH').name).toBe('Philippines');
  });

  it('leaves inactive countries out', async () => {
    const [aq] = (await t.get('/api/country?filter={"code":"AQ"}', admin)).json().data;
    expect((await t.post(`/api/country/${aq.id}`, admin, { isActive: false })).statusCode).toBe(200);
    const list = (await t.get('/api/settings/countries?lang=en')).json() as { code: string }[];
    expect(list.some((c) => c.code === 'AQ')).toBe(false);
    await t.post(`/api/country/${aq.id}`, admin, { isActive: true });
  });

  it('refuses an unknown language', async () => {
    expectError(await t.get('/api/settings/countries?lang=fr'), 400, 'ValidationError');
  });
});

describe('GET /api/settings/airports', () => {
  it('finds by IATA code first, then by name or city; 20 at most', async () => {
    const mnl = (await t.get('/api/settings/airports?search=mnl')).json();
    expect(mnl[0]).toMatchObject({ iata: 'MNL', icao: 'RPLL', city: 'Manila', country: 'PH' });
    const manila = (await t.get('/api/settings/airports?search=Manila')).json() as { iata: string }[];
    expect(manila.map((a) => a.iata)).toContain('MNL');
    const broad = (await t.get('/api/settings/airports?search=a')).json();
    expect(broad).toHaveLength(20);
  });

  it('treats LIKE wildcards literally', async () => {
    expect((await t.get('/api/settings/airports?search=%25%25')).json()).toEqual([]);
  });

  it('refuses an over-long search', async () => {
    expectError(await t.get(`/api/settings/airports?search=${'x'.repeat(101)}`), 400, 'ValidationError');
  });
});

describe('the geography resources', () => {
  const bases = ['/api/country', '/api/destination', '/api/port', '/api/airport', '/api/airline'];

  it.each(bases)('%s: 401 without login, 403 without settings.read', async (base) => {
    expectError(await t.get(base), 401, 'UNAUTHORIZED');
    const noSettings = base === '/api/destination' || base === '/api/port' ? customer : staff;
    expectError(await t.get(base, noSettings), 403, 'FORBIDDEN');
    expectError(await t.get(`${base}/listCSV`, noSettings), 403, 'FORBIDDEN');
    expectError(await t.get(`${base}/1`, noSettings), 403, 'FORBIDDEN');
  });

  it.each(['/api/destination', '/api/port'])(
    '%s: read where tours, vessels and resorts are edited',
    async (base) => {
      expect((await t.get(base, staff)).statusCode).toBe(200);
      expectError(await t.post(base, staff, { name: 'X' }), 403, 'FORBIDDEN');
    },
  );

  it.each(bases)('%s: settings.read reads, but may not write', async (base) => {
    expect((await t.get(base, reader)).statusCode).toBe(200);
    expectError(await t.post(base, reader, { name: 'X' }), 403, 'FORBIDDEN');
    expectError(await t.post(`${base}/1`, reader, { name: 'X' }), 403, 'FORBIDDEN');
    expectError(await t.post(`${base}/1/copy`, reader), 403, 'FORBIDDEN');
    expectError(await t.del(`${base}/1`, reader), 403, 'FORBIDDEN');
  });

  it('country: search by German name, code unique, states and calling codes kept', async () => {
    const found = (await t.get('/api/country?search=Philipp&sort=nameDe', reader)).json();
    expect(found.data.map((c: { code: string }) => c.code)).toEqual(['PH']);
    expect(found.data[0]).toMatchObject({
      translations: { de: 'Philippinen', en: 'Philippines' },
      currency: 'PHP',
    });

    const body = {
      code: 'XA',
      name: 'Atlantis',
      translations: { de: 'Atlantis', en: 'Atlantis' },
      callingCodes: ['+999'],
      states: [{ code: 'XA-01', name: 'Poseidonia' }],
    };
    const created = await t.post('/api/country', editor, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...body, isActive: true, sort: 0 });
    expectError(await t.post('/api/country', admin, body), 409, 'CONFLICT');
    expectError(await t.post('/api/country', admin, { ...body, code: 'PH' }), 409, 'CONFLICT');
    expectError(await t.post(`/api/country/${created.json().id}/copy`, admin), 409, 'CONFLICT');

    const id = created.json().id;
    const renamed = await t.post(`/api/country/${id}`, admin, {
      translations: { de: 'Atlantis (versunken)' },
    });
    expect(renamed.json()).toMatchObject({ code: 'XA', callingCodes: ['+999'] });
    expect(renamed.json().translations).toEqual({ de: 'Atlantis (versunken)' });
    expect((await t.del(`/api/country/${id}`, editor)).statusCode).toBe(200);
    expectError(await t.get(`/api/country/${id}`, admin), 404, 'NOT_FOUND');
  });

  it('country: refuses bad codes, calling codes and states', async () => {
    for (const body of [
      { code: 'xa', name: 'A' },
      { code: 'XAA', name: 'A' },
      { code: 'XB', name: '' },
      { code: 'XB', name: 'A', callingCodes: ['63'] },
      { code: 'XB', name: 'A', states: [{ name: 'no code' }] },
      { code: 'XB', name: 'A', currency: 'peso' },
    ])
      expectError(await t.post('/api/country', admin, body), 400, 'ValidationError');
  });

  it('destination and port: create, list, link, delete', async () => {
    const dest = await t.post('/api/destination', editor, {
      name: 'Coron',
      country: 'PH',
      description: { de: 'Wracktauchen', en: 'Wreck diving' },
    });
    expect(dest.statusCode, dest.body).toBe(201);
    const port = await t.post('/api/port', editor, {
      name: 'Coron Town Pier',
      code: 'PHXCN',
      country: 'PH',
      destinationId: dest.json().id,
      latitude: '11.998',
      longitude: '120.204',
    });
    expect(port.statusCode, port.body).toBe(201);
    expect(port.json()).toMatchObject({ destinationId: dest.json().id, country: 'PH' });
    expect(Number(port.json().latitude)).toBe(11.998);

    const list = (await t.get(`/api/port?filter={"destinationId":${dest.json().id}}`, reader)).json();
    expect(list.total).toBe(1);
    const csv = await t.get('/api/destination/listCSV?search=Coron', reader);
    expect(csv.body).toContain('Coron');

    // The port keeps existing when its destination goes (set null).
    expect((await t.del(`/api/destination/${dest.json().id}`, editor)).statusCode).toBe(200);
    expect((await t.get(`/api/port/${port.json().id}`, reader)).json().destinationId).toBeNull();
  });

  it('port: refuses a destination that does not exist and coordinates out of range', async () => {
    expectError(
      await t.post('/api/port', admin, { name: 'P', destinationId: 999999 }),
      400,
      'ValidationError',
    );
    expectError(await t.post('/api/port', admin, { name: 'P', latitude: '91' }), 400, 'ValidationError');
    expectError(await t.post('/api/port', admin, { name: 'P', longitude: 'east' }), 400, 'ValidationError');
  });

  it('airport: IATA unique, searchable by city', async () => {
    const found = (await t.get('/api/airport?search=MNL&size=100', reader)).json();
    expect(found.data).toContainEqual(
      expect.objectContaining({ iata: 'MNL', name: 'Ninoy Aquino International Airport' }),
    );
    expectError(await t.post('/api/airport', admin, { iata: 'MNL', name: 'Second Manila' }), 409, 'CONFLICT');
    expectError(await t.post('/api/airport', admin, { iata: 'mn1', name: 'Bad' }), 400, 'ValidationError');
    const created = await t.post('/api/airport', editor, {
      iata: 'ZZZ',
      name: 'Test Field',
      city: 'Nowhere',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.get('/api/settings/airports?search=nowhere')).json()[0].iata).toBe('ZZZ');
    expect((await t.del(`/api/airport/${created.json().id}`, editor)).statusCode).toBe(200);
  });

  it('airline: active IATA airlines with their country', async () => {
    const pr = (await t.get('/api/airline?filter={"iata":"PR"}', reader)).json();
    expect(pr.data[0]).toMatchObject({ name: 'Philippine Airlines', icao: 'PAL', country: 'PH' });
    const created = await t.post('/api/airline', editor, { iata: 'Q9', name: 'Atoll Air' });
    expect(created.statusCode, created.body).toBe(201);
    expectError(await t.post('/api/airline', admin, { iata: 'Q99', name: 'Bad' }), 400, 'ValidationError');
    const updated = await t.post(`/api/airline/${created.json().id}`, editor, { isActive: false });
    expect(updated.json()).toMatchObject({ iata: 'Q9', isActive: false });
  });
});
