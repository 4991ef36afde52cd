import { join } from 'node:path';
import { SETTINGS_GROUP_CACHE_MS } from '@atoll/domain/constants';
import { ZErrorBody } from '@atoll/domain/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, type TTestApp } from '../../../test/harness.ts';
import { authTokens, events, settings, users } from '../../db/schema.ts';
import { tokenHash } from '../auth/tokens.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import { diskUsage } from './system.routes.ts';

/** The feature switches as spec platform §1 lists them, written out rather than imported. */
const SPEC_FEATURES = [
  'resort',
  'vessel',
  'stock',
  'forms',
  'bookingWidget',
  'customerRelation',
  'diveLog',
  'todo',
  'ota',
  'mailScheduler',
  'crmMaster',
  'crmClient',
  'loyalityProgram',
  'assetMaster',
  'contest',
  'bank',
  'connect',
  'pos',
];

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
const ids: Record<'admin' | 'staff' | 'customer', number> = { admin: 0, staff: 0, customer: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
  for (const who of ['admin', 'staff', 'customer'] as const) {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO[who][0]));
    ids[who] = row?.id ?? 0;
  }
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const clearCache = () => t.app.inject({ method: 'POST', url: '/clearCache', headers: bearer(admin) });

async function putSetting(group: string, key: string, value: unknown) {
  await t.database.db
    .insert(settings)
    .values({ group, key, value })
    .onConflictDoUpdate({ target: [settings.group, settings.key], set: { value } });
}
async function dropSetting(group: string, key: string) {
  await t.database.db.delete(settings).where(and(eq(settings.group, group), eq(settings.key, key)));
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, error: string) {
  expect(res.statusCode).toBe(status);
  expect(ZErrorBody.parse(res.json()).error).toBe(error);
}

describe('GET /version', () => {
  it('answers the version, to anyone', async () => {
    const res = await get('/version');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '1.2.3' });
  });
});

describe('GET /robots.txt', () => {
  it('lets search engines see the booking pages only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).not.toContain('<html');
    expect(res.body).toContain('Allow: /book/online');
    expect(res.body).toContain('Allow: /book/resort');
    expect(res.body).toMatch(/^Disallow: \/$/m);
  });
});

describe('GET /api/bootstrap', () => {
  it('as a guest: every feature switch of the spec, views, limits, disk, no user', async () => {
    const res = await get('/api/bootstrap');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toBe('1.2.3');
    expect(Object.keys(body.features).sort()).toEqual([...SPEC_FEATURES].sort());
    for (const f of SPEC_FEATURES) expect(typeof body.features[f], f).toBe('boolean');
    expect(Object.keys(body.views).length).toBeGreaterThan(0);
    for (const [view, on] of Object.entries(body.views)) expect(typeof on, view).toBe('boolean');
    expect(body.maxGuestFormFileSize).toBe(256);
    expect(body.disk.size).toBeGreaterThan(0);
    expect(body.disk.used).toBeGreaterThan(0);
    expect(body.disk.used).toBeLessThanOrEqual(body.disk.size);
    expect(body.user).toBeNull();
    expect(body.company).toBe('Atoll Demo Divers');
    expect(body.languages).toEqual(['de', 'en']);
  });

  it('as admin: the session user with scopes, never a password hash', async () => {
    const res = await get('/api/bootstrap', bearer(admin));
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ id: ids.admin, email: 'admin@example.com' });
    expect(user.scopes).toContain('admin');
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('as staff: the scopes of the role are in force', async () => {
    const { user } = (await get('/api/bootstrap', bearer(staff))).json();
    expect(user.scopes).toEqual(expect.arrayContaining(['events.read', 'bookings.read']));
  });

  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['fr', 'de'],
    ['fr-FR,fr;q=0.9,en;q=0.5', 'en'],
    ['de-AT', 'de'],
    ['', 'de'],
  ])('picks the language from Accept-Language %j → %s', async (header, language) => {
    const res = await get('/api/bootstrap', header ? { 'accept-language': header } : {});
    expect(res.json().language).toBe(language);
  });

  it("prefers the user's own language setting over Accept-Language", async () => {
    await t.database.db
      .update(users)
      .set({ settings: { language: 'en' } })
      .where(eq(users.id, ids.staff));
    try {
      const res = await get('/api/bootstrap', { ...bearer(staff), 'accept-language': 'de-DE,de' });
      expect(res.json().language).toBe('en');
      expect(res.json().user.settings.language).toBe('en');
    } finally {
      await t.database.db.update(users).set({ settings: {} }).where(eq(users.id, ids.staff));
    }
    const res = await get('/api/bootstrap', { ...bearer(staff), 'accept-language': 'en' });
    expect(res.json().language).toBe('en');
    expect((await get('/api/bootstrap', { ...bearer(staff), 'accept-language': 'de' })).json().language).toBe(
      'de',
    );
  });

  it('takes the guest-form file limit from settings guestform/maxGuestFormFileSizeinKb', async () => {
    await putSetting('guestform', 'maxGuestFormFileSizeinKb', 1024);
    try {
      expect((await clearCache()).statusCode).toBe(200);
      expect((await get('/api/bootstrap')).json().maxGuestFormFileSize).toBe(1024);
    } finally {
      await dropSetting('guestform', 'maxGuestFormFileSizeinKb');
      await clearCache();
    }
    expect((await get('/api/bootstrap')).json().maxGuestFormFileSize).toBe(256);
  });

  it('answers the brand colour from settings theme/primaryColor, blue when unset or unknown', async () => {
    expect((await get('/api/bootstrap')).json().theme).toEqual({ primaryColor: 'blue' });
    try {
      await putSetting('theme', 'primaryColor', 'teal');
      await clearCache();
      expect((await get('/api/bootstrap')).json().theme).toEqual({ primaryColor: 'teal' });
      await putSetting('theme', 'primaryColor', 'url(javascript:alert(1))');
      await clearCache();
      expect((await get('/api/bootstrap')).json().theme).toEqual({ primaryColor: 'blue' });
    } finally {
      await dropSetting('theme', 'primaryColor');
      await clearCache();
    }
  });

  it('a feature switched off in settings shows only after POST /clearCache (settings are cached)', async () => {
    expect((await get('/api/bootstrap')).json().features.vessel).toBe(true); // warms the cache
    await putSetting('features', 'vessel', false);
    try {
      // Written behind the service's back: the cached group still answers.
      expect((await get('/api/bootstrap')).json().features.vessel).toBe(true);
      expect((await get('/api/bootstrap', bearer(admin))).json().features.vessel).toBe(true);
      expect((await clearCache()).json()).toEqual({ ok: true });
      const after = (await get('/api/bootstrap')).json();
      expect(after.features.vessel).toBe(false);
      expect(after.features.resort).toBe(true);
    } finally {
      await dropSetting('features', 'vessel');
      await clearCache();
    }
    expect((await get('/api/bootstrap')).json().features.vessel).toBe(true);
  });

  it('reports a bad or expired token with 401, so the web runs its token-expired action', async () => {
    expectError(await get('/api/bootstrap', bearer('garbage')), 401, 'UNAUTHORIZED');
    const token = await t.login(...DEMO.customer);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.tokenHash, tokenHash(token)));
    expectError(await get('/api/bootstrap', bearer(token)), 401, 'TOKEN_EXPIRED');
  });
});

describe('settings cache (3 hours, spec platform §9)', () => {
  it('serves a group from memory for 3 hours, then reads it again', async () => {
    let clock = 1_000_000;
    const service = createSettingsService(t.database.db, () => clock);
    expect(SETTINGS_GROUP_CACHE_MS).toBe(3 * 60 * 60 * 1000);
    await putSetting('cachetest', 'k', 'one');
    try {
      expect(await service.get('cachetest', 'k', 'none')).toBe('one');
      await putSetting('cachetest', 'k', 'two');
      clock += SETTINGS_GROUP_CACHE_MS - 1;
      expect(await service.get('cachetest', 'k', 'none')).toBe('one');
      clock += 1;
      expect(await service.get('cachetest', 'k', 'none')).toBe('two');
      // Through the service, a change is seen at once.
      await service.set(t.database.db, 'cachetest', 'k', 'three');
      expect(await service.get('cachetest', 'k', 'none')).toBe('three');
    } finally {
      await dropSetting('cachetest', 'k');
    }
  });

  it('a read under way while the group is invalidated does not put the old values back', async () => {
    // The database answers at once, but the service sees the answer only when the gate opens.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let answered = () => {};
    const executed = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const held = (builder: object): object =>
      new Proxy(builder, {
        get(target, prop) {
          const value = Reflect.get(target, prop);
          if (prop === 'then') {
            return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
              (target as Promise<unknown>)
                .then((rows) => {
                  answered();
                  return gate.then(() => rows);
                })
                .then(ok, fail);
          }
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const result = value.apply(target, args);
            return result && typeof result === 'object' ? held(result) : result;
          };
        },
      });
    const db = t.database.db;
    const slowDb = new Proxy(db, {
      get: (target, prop) =>
        prop === 'select'
          ? (...args: Parameters<typeof db.select>) => held(target.select(...args))
          : Reflect.get(target, prop),
    });
    const service = createSettingsService(slowDb);
    await putSetting('cacherace', 'k', 'old');
    try {
      const reading = service.get('cacherace', 'k', 'none');
      await executed; // the read has seen 'old'
      await putSetting('cacherace', 'k', 'new');
      service.invalidate('cacherace');
      open();
      expect(await reading).toBe('old');
      expect(await service.get('cacherace', 'k', 'none')).toBe('new');
    } finally {
      await dropSetting('cacherace', 'k');
    }
  });
});

describe('POST /clearCache', () => {
  it('is for admins only', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/clearCache' }), 401, 'UNAUTHORIZED');
    expectError(
      await t.app.inject({ method: 'POST', url: '/clearCache', headers: bearer(staff) }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/clearCache', headers: bearer(customer) }),
      403,
      'FORBIDDEN',
    );
    expect((await clearCache()).json()).toEqual({ ok: true });
  });
});

describe('GET /api/settings/lang', () => {
  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['fr', 'de'],
    ['de-CH;q=0.8, en-GB;q=0.9', 'en'],
  ])('%j → %s, without login', async (header, lang) => {
    const res = await get('/api/settings/lang', { 'accept-language': header });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lang, languages: ['de', 'en'] });
  });

  it('defaults to de without the header', async () => {
    expect((await get('/api/settings/lang')).json().lang).toBe('de');
  });
});

describe('GET /api/events/notifications', () => {
  const day = 86_400_000;

  beforeAll(async () => {
    await t.database.db.insert(events).values([
      { userId: ids.staff, type: 'Information', text: 'for staff', data: { n: 1 } },
      {
        userId: ids.staff,
        type: 'Information',
        text: 'for staff, read',
        readAt: new Date(),
        createdAt: new Date(Date.now() - 60_000),
      },
      { userId: ids.admin, type: 'Information', text: 'for admin only' },
      { userId: null, type: 'Warning', text: 'for everyone' },
      {
        userId: ids.staff,
        type: 'Information',
        text: 'staff, too old',
        createdAt: new Date(Date.now() - 40 * day),
      },
    ]);
  });

  it('needs events.read: staff has it through the Staff role, the customer not, a guest must log in', async () => {
    expectError(await get('/api/events/notifications'), 401, 'UNAUTHORIZED');
    expectError(await get('/api/events/notifications', bearer(customer)), 403, 'FORBIDDEN');
    expect((await get('/api/events/notifications', bearer(staff))).statusCode).toBe(200);
  });

  it("returns global events and the user's own, never another user's", async () => {
    const staffRes = await get('/api/events/notifications', bearer(staff));
    const staffTexts = staffRes.json().data.map((e: { text: string }) => e.text);
    expect(staffTexts).toEqual(
      expect.arrayContaining(['for staff', 'for staff, read', 'for everyone', 'welcome']),
    );
    expect(staffTexts).not.toContain('for admin only');
    expect(staffTexts).not.toContain('staff, too old');
    expect(staffRes.json().total).toBe(staffTexts.length);
    expect(staffRes.json().unread).toBe(staffTexts.length - 1);

    const adminTexts = (await get('/api/events/notifications', bearer(admin)))
      .json()
      .data.map((e: { text: string }) => e.text);
    expect(adminTexts).toEqual(expect.arrayContaining(['for admin only', 'for everyone', 'welcome']));
    expect(adminTexts.some((text: string) => text.startsWith('for staff'))).toBe(false);
  });

  it('newest first, with the stored data; unread=true leaves out read ones', async () => {
    const { data } = (await get('/api/events/notifications', bearer(staff))).json();
    const times = data.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(data.find((e: { text: string }) => e.text === 'for staff')).toMatchObject({
      type: 'Information',
      data: { n: 1 },
      read: false,
    });
    const unread = (await get('/api/events/notifications?unread=true', bearer(staff))).json();
    expect(unread.data.map((e: { text: string }) => e.text)).not.toContain('for staff, read');
    expect(unread.data.every((e: { read: boolean }) => !e.read)).toBe(true);
    expectError(await get('/api/events/notifications?unread=maybe', bearer(staff)), 400, 'ValidationError');
  });
});

describe('/api/cauth/jump', () => {
  it('issues a one-time login for a system to a logged-in user, a guest gets 401', async () => {
    expectError(await get('/api/cauth/jump/crm'), 401, 'UNAUTHORIZED');
    const issued = await get('/api/cauth/jump/crm?target=/bookings', bearer(staff));
    expect(issued.statusCode).toBe(200);
    const { token, system, url } = issued.json();
    expect(system).toBe('crm');
    expect(token.length).toBeGreaterThan(50);
    expect(url).toBe(`http://atoll.test/jumpto/${token}?target=%2Fbookings`);

    const redeemed = await t.app.inject({ method: 'POST', url: `/api/cauth/jump/${token}` });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({ user: { email: DEMO.staff[0] }, target: '/bookings' });
    expect((await get('/api/users/self', bearer(redeemed.json().token))).json().email).toBe(DEMO.staff[0]);
    // Single use.
    expectError(await get(`/api/cauth/jump/${token}`), 400, 'INVALID_TOKEN');
  });

  it('refuses an off-site target and a system name that is no name', async () => {
    expectError(
      await get('/api/cauth/jump/crm?target=//evil.example', bearer(staff)),
      400,
      'ValidationError',
    );
    expectError(await get('/api/cauth/jump/a%20b', bearer(staff)), 400, 'ValidationError');
    expectError(await get('/api/cauth/jump/a%20b'), 400, 'ValidationError');
  });
});

describe('diskUsage', () => {
  it('measures the nearest existing directory when the data directory does not exist yet', async () => {
    const missing = await diskUsage(join(t.config.dataDir, 'not', 'there', 'yet'));
    const root = await diskUsage('/');
    expect(missing.size).toBeGreaterThan(0);
    expect(missing.used).toBeGreaterThan(0);
    expect(root.size).toBeGreaterThan(0);
    expect(missing.free + missing.used).toBe(missing.size);
  });
});
