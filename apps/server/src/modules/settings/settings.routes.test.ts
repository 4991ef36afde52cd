// Settings groups (read access per group, validation, cache invalidation), the module-accounts rule,
// enumerations, scuba lists and the company logo.
import { SETTINGS_GROUP_CACHE_MS } from '@atoll/domain/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { multipartFile, solidPng } from '../../../test/png.ts';
import { settings, storedFiles } from '../../db/schema.ts';
import { createSettingsService } from './settings.service.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;

async function stored(group: string, key: string) {
  const [row] = await t.database.db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.group, group), eq(settings.key, key)));
  return row?.value;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
});
afterAll(() => t?.close());

describe('GET /api/settings/group/{group}', () => {
  it('answers public groups to guests, with defaults for keys never stored', async () => {
    const theme = await t.get('/api/settings/group/theme');
    expect(theme.statusCode, theme.body).toBe(200);
    expect(theme.json()).toEqual({ primaryColor: 'blue' });
    const features = await t.get('/api/settings/group/features');
    expect(features.json()).toMatchObject({ resort: true, pos: false });
    expect((await t.get('/api/settings/group/guestform')).json()).toEqual({
      maxGuestFormFileSizeinKb: 256,
      multiGuestForm: true,
    });
  });

  it('answers company, customers, booking and scuba to any logged-in user, not to guests', async () => {
    for (const group of ['company', 'customers', 'booking', 'scuba']) {
      expectError(await t.get(`/api/settings/group/${group}`), 401, 'UNAUTHORIZED');
    }
    const company = await t.get('/api/settings/group/company', customer);
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json()).toMatchObject({
      name: 'Atoll Demo Divers',
      address: { city: 'Flensburg', country: 'DE' },
      bank: { iban: 'DE89370400440532013000' },
      logo: null,
    });
    expect((await t.get('/api/settings/group/customers', staff)).json()).toEqual({ childMaxAge: 11 });
    expect((await t.get('/api/settings/group/booking', staff)).json()).toMatchObject({
      offersHoldInventory: false,
      defaultCurrency: 'EUR',
      defaultLanguage: 'de',
      timezone: 'Europe/Berlin',
    });
  });

  it('answers auth and system only with settings.read', async () => {
    expectError(await t.get('/api/settings/group/auth', staff), 403, 'FORBIDDEN');
    expectError(await t.get('/api/settings/group/system', customer), 403, 'FORBIDDEN');
    expectError(await t.get('/api/settings/group/auth'), 401, 'UNAUTHORIZED');
    const reader = await t.account('reader@settings.test', ['settings.read']);
    expect((await t.get('/api/settings/group/auth', reader)).json()).toMatchObject({ minPasswordLength: 8 });
    expect((await t.get('/api/settings/group/system', admin)).json()).toEqual({ moduleAccounts: [] });
  });

  it('answers 404 for an unknown group', async () => {
    expectError(await t.get('/api/settings/group/nonsense', admin), 404, 'NOT_FOUND');
    expectError(await t.get('/api/settings/group/constructor'), 404, 'NOT_FOUND');
  });
});

describe('POST /api/settings/group/{group}', () => {
  it('needs a login and settings.update (or bookings.update for booking)', async () => {
    expectError(await t.post('/api/settings/group/company', undefined, { phone: '1' }), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/settings/group/company', customer, { phone: '1' }), 403, 'FORBIDDEN');
    // Staff holds bookings.update: the booking group yes, the company no.
    expectError(await t.post('/api/settings/group/company', staff, { phone: '1' }), 403, 'FORBIDDEN');
    const res = await t.post('/api/settings/group/booking', staff, { optionDays: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ optionDays: 10, defaultCurrency: 'EUR' });
  });

  it('refuses an unknown group, an unknown key and a bad value with 400, writing nothing', async () => {
    expectError(await t.post('/api/settings/group/nonsense', admin, { a: 1 }), 400, 'ValidationError');
    expectError(await t.post('/api/settings/group/customers', admin, { nope: 1 }), 400, 'ValidationError');
    expectError(
      await t.post('/api/settings/group/theme', admin, { primaryColor: 'mauve' }),
      400,
      'ValidationError',
    );
    const bad = await t.post('/api/settings/group/company', admin, {
      phone: '+49 1',
      bank: { iban: 'DE89370400440532013001' },
    });
    expectError(bad, 400, 'ValidationError');
    expect(bad.json().details[0].path).toBe('body/bank/iban');
    // All or nothing: the valid phone of the refused change was not stored.
    expect(await stored('company', 'phone')).toBe('+49 461 1234560');
    for (const body of [
      { timezone: 'Mars/Olympus' },
      { defaultCurrency: 'EURO' },
      { bookingNoPrefix: 'B 1' },
    ]) {
      expectError(await t.post('/api/settings/group/booking', admin, body), 400, 'ValidationError');
    }
    expectError(
      await t.post('/api/settings/group/auth', admin, { minPasswordLength: 4 }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/settings/group/company', admin, { logo: '/x.png' }),
      400,
      'ValidationError',
    );
  });

  it('invalidates the 3-hour cache in the same request: GET group and bootstrap show the change', async () => {
    expect((await t.get('/api/settings/group/company', admin)).json().name).toBe('Atoll Demo Divers');
    const res = await t.post('/api/settings/group/company', admin, {
      name: 'Reef Divers',
      address: { street: 'Am Strand 1', zip: '18055', city: 'Rostock', country: 'de' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Reef Divers', address: { country: 'DE' } });
    expect((await t.get('/api/settings/group/company', admin)).json()).toMatchObject({
      name: 'Reef Divers',
      address: { city: 'Rostock' },
      bank: { bic: 'COBADEFFXXX' },
    });
    expect((await t.get('/api/bootstrap')).json().company).toBe('Reef Divers');
    const theme = await t.post('/api/settings/group/theme', admin, { primaryColor: 'teal' });
    expect(theme.statusCode).toBe(200);
    expect((await t.get('/api/bootstrap')).json().theme).toEqual({ primaryColor: 'teal' });
  });

  it('serves reads from the cache until it is invalidated', async () => {
    let clock = 0;
    const service = createSettingsService(t.database.db, () => clock);
    expect((await service.values('customers')).childMaxAge).toBe(11);
    await t.database.db.insert(settings).values({ group: 'customers', key: 'childMaxAge', value: 9 });
    expect((await service.values('customers')).childMaxAge).toBe(11);
    clock = SETTINGS_GROUP_CACHE_MS;
    expect((await service.values('customers')).childMaxAge).toBe(9);
    await t.database.db.delete(settings).where(eq(settings.group, 'customers'));
  });

  it('stores views and guest-form limits that bootstrap then reports', async () => {
    expect((await t.post('/api/settings/group/views', admin, { guestforms: false })).statusCode).toBe(200);
    expect(
      (await t.post('/api/settings/group/guestform', admin, { maxGuestFormFileSizeinKb: 512 })).statusCode,
    ).toBe(200);
    const boot = (await t.get('/api/bootstrap')).json();
    expect(boot.views.guestforms).toBe(false);
    expect(boot.maxGuestFormFileSize).toBe(512);
  });
});

describe('module switches: features and system.moduleAccounts (ADR 0006)', () => {
  let second: string;
  let manager: string;

  beforeAll(async () => {
    second = await t.account('second-admin@settings.test', ['admin']);
    manager = await t.account('manager@settings.test', ['settings.read', 'settings.update']);
  });

  it('settings.update alone does not switch modules or name accounts', async () => {
    expectError(await t.post('/api/settings/group/features', manager, { pos: true }), 403, 'FORBIDDEN');
    expectError(
      await t.post('/api/settings/group/system', manager, { moduleAccounts: ['manager@settings.test'] }),
      403,
      'FORBIDDEN',
    );
  });

  it('with no named accounts every administrator switches modules', async () => {
    const res = await t.post('/api/settings/group/features', second, { pos: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pos).toBe(true);
    expect((await t.get('/api/bootstrap')).json().features.pos).toBe(true);
  });

  it('refuses more than two accounts or a malformed address', async () => {
    const three = ['a@x.test', 'b@x.test', 'c@x.test'];
    expectError(
      await t.post('/api/settings/group/system', admin, { moduleAccounts: three }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/settings/group/system', admin, { moduleAccounts: ['nope'] }),
      400,
      'ValidationError',
    );
  });

  it('once accounts are named, only they switch modules or change the list', async () => {
    const named = await t.post('/api/settings/group/system', admin, {
      moduleAccounts: ['Admin@Example.com', 'someone@settings.test'],
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().moduleAccounts).toEqual(['admin@example.com', 'someone@settings.test']);
    expectError(await t.post('/api/settings/group/features', second, { pos: false }), 403, 'FORBIDDEN');
    expectError(await t.post('/api/settings/group/system', second, { moduleAccounts: [] }), 403, 'FORBIDDEN');
    expect((await t.get('/api/bootstrap')).json().features.pos).toBe(true);
    const allowed = await t.post('/api/settings/group/features', admin, { pos: false });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await t.get('/api/bootstrap')).json().features.pos).toBe(false);
    // Other groups stay with every administrator.
    expect((await t.post('/api/settings/group/customers', second, { childMaxAge: 12 })).statusCode).toBe(200);
    const emptied = await t.post('/api/settings/group/system', admin, { moduleAccounts: [] });
    expect(emptied.statusCode).toBe(200);
    expect((await t.post('/api/settings/group/features', second, { pos: false })).statusCode).toBe(200);
  });
});

describe('GET /api/settings/types and /scubaDatesDiveSites', () => {
  it('types: the enumerations, to any logged-in user', async () => {
    expectError(await t.get('/api/settings/types'), 401, 'UNAUTHORIZED');
    const res = await t.get('/api/settings/types', customer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      customerTypes: ['System', 'Default', 'API', 'Employee'],
      agencyTypes: ['travel', 'resell', 'employee'],
      messageKinds: ['Text', 'Payment', 'Cancellation', 'Information', 'Price', 'Custom'],
      genders: ['u', 'm', 'f'],
      taxStates: ['confirmed', 'aborted'],
    });
    expect(res.json().userTypes).toContain('agency');
  });

  it('scuba lists: empty by default, then what the scuba group holds', async () => {
    expectError(await t.get('/api/settings/scubaDatesDiveSites'), 401, 'UNAUTHORIZED');
    expect((await t.get('/api/settings/scubaDatesDiveSites', staff)).json()).toEqual({
      diveDates: [],
      diveSites: [],
    });
    expectError(
      await t.post('/api/settings/group/scuba', admin, { diveDates: ['2025-02-30'] }),
      400,
      'ValidationError',
    );
    const body = { diveDates: ['2025-06-01', '2025-06-02'], diveSites: ['House Reef', 'Blue Hole'] };
    expect((await t.post('/api/settings/group/scuba', admin, body)).statusCode).toBe(200);
    expect((await t.get('/api/settings/scubaDatesDiveSites', customer)).json()).toEqual(body);
  });
});

describe('company logo', () => {
  const upload = (token: string | undefined, name: string, type: string, data: Buffer) => {
    const form = multipartFile('file', name, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/settings/logo',
      payload: form.payload,
      headers: { ...form.headers, ...(token ? bearer(token) : {}) },
    });
  };
  const png = solidPng(24, 12);

  it('needs a login and settings.update', async () => {
    expectError(await upload(undefined, 'logo.png', 'image/png', png), 401, 'UNAUTHORIZED');
    expectError(await upload(staff, 'logo.png', 'image/png', png), 403, 'FORBIDDEN');
    expectError(await t.call('DELETE', '/api/settings/logo', staff), 403, 'FORBIDDEN');
    expectError(await t.call('DELETE', '/api/settings/logo'), 401, 'UNAUTHORIZED');
  });

  it('round trip: upload a PNG, read it back publicly, bootstrap and the company group name it', async () => {
    const res = await upload(admin, 'logo.png', 'image/png', png);
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().logo as string;
    expect(url).toMatch(/^\/api\/settings\/logo\/\d+$/);
    const file = await t.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.equals(png)).toBe(true);
    // An upload from a user: never sniffed, and sandboxed if a browser opens it.
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect((await t.get('/api/bootstrap')).json().logo).toBe(url);
    expect((await t.get('/api/settings/group/company', customer)).json().logo).toBe(url);

    // A second upload replaces the first: the old address is gone.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const next = await upload(admin, 'logo.jpg', 'image/jpeg', jpeg);
    expect(next.statusCode, next.body).toBe(201);
    expectError(await t.get(url), 404, 'NOT_FOUND');
    expect((await t.get(next.json().logo)).headers['content-type']).toBe('image/jpeg');
    expect(await t.database.db.select({ id: storedFiles.id }).from(storedFiles)).toHaveLength(1);

    const removed = await t.call('DELETE', '/api/settings/logo', admin);
    expect(removed.statusCode).toBe(200);
    expectError(await t.get(next.json().logo), 404, 'NOT_FOUND');
    expect((await t.get('/api/bootstrap')).json().logo).toBeNull();
  });

  it('refuses other formats (by their bytes) with 415 and more than 1 MB with 413', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expectError(await upload(admin, 'logo.gif', 'image/gif', gif), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expectError(await upload(admin, 'logo.png', 'image/png', svg), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    expectError(await upload(admin, 'big.png', 'image/png', big), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await t.post('/api/settings/logo', admin, { file: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await t.get('/api/bootstrap')).json().logo).toBeNull();
  });

  it('answers 400 for an upload without a file, 404 for an id that is not a logo', async () => {
    const boundary = '----empty';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings/logo',
      payload: `--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
    });
    expectError(res, 400, 'ValidationError');
    const [other] = await t.database.db
      .insert(storedFiles)
      .values({ kind: 'import', name: 'x.csv', mime: 'text/csv', size: 1, data: Buffer.from('x') })
      .returning();
    expectError(await t.get(`/api/settings/logo/${other?.id}`), 404, 'NOT_FOUND');
    expectError(await t.get('/api/settings/logo/abc'), 404, 'NOT_FOUND');
  });
});
