// Translation overrides: the generic calls, unique key + language, built-in keys from the web's
// files, the public overrides the web applies at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { readBuiltInTexts, WEB_SRC } from './translations.service.ts';

let t: TTestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login(...DEMO.admin), t.login(...DEMO.staff)]);
});
afterAll(() => t?.close());

describe('built-in texts', () => {
  it('reads the shell and feature files of the web, flattened, in both languages', () => {
    const texts = readBuiltInTexts(WEB_SRC);
    expect(texts.get('home.quickLinks.title')).toEqual({ de: expect.any(String), en: 'Quick access' });
    // A feature's own file (features/users/i18n) is read too.
    expect([...texts.keys()].some((k) => k.startsWith('users.'))).toBe(true);
  });

  it('a missing web source gives no texts, not a failure', () => {
    expect(readBuiltInTexts('/nonexistent/web/src').size).toBe(0);
  });
});

describe('/api/translation', () => {
  it('needs settings.read to read and settings.update to write', async () => {
    expectError(await t.call('GET', '/api/translation'), 401, 'UNAUTHORIZED');
    expectError(await t.call('GET', '/api/translation', staff), 403, 'FORBIDDEN');
    expectError(await t.call('GET', '/api/translation/keys', staff), 403, 'FORBIDDEN');
    expectError(await t.call('GET', '/api/translation/keys'), 401, 'UNAUTHORIZED');
    expectError(
      await t.call('POST', '/api/translation', staff, {
        key: 'home.quickLinks.title',
        lang: 'en',
        value: 'x',
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('creates an override once per key and language (409 the second time)', async () => {
    const body = { key: 'home.quickLinks.title', lang: 'en', value: 'Shortcuts' };
    const res = await t.call('POST', '/api/translation', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject(body);
    expectError(
      await t.call('POST', '/api/translation', admin, { ...body, value: 'Other' }),
      409,
      'CONFLICT',
    );
    const de = await t.call('POST', '/api/translation', admin, { ...body, lang: 'de', value: 'Abkürzungen' });
    expect(de.statusCode, de.body).toBe(201);
    const list = await t.call('GET', '/api/translation?search=quickLinks', admin);
    expect(list.json().total).toBe(2);
  });

  it.each([
    [{ key: 'home.x', lang: 'fr', value: 'x' }],
    [{ key: 'home..x', lang: 'en', value: 'x' }],
    [{ key: 'home.x', lang: 'en' }],
    [{ key: 'home', lang: 'en', value: 'a whole branch' }],
    [{ key: 'home.quickLinks.title.below', lang: 'en', value: 'below a text' }],
  ])('refuses %j with 400', async (body) => {
    expectError(await t.call('POST', '/api/translation', admin, body), 400, 'ValidationError');
  });

  it('keys: every built-in key with both texts and the overrides in force', async () => {
    const res = await t.call('GET', '/api/translation/keys', admin);
    expect(res.statusCode).toBe(200);
    const keys = res.json() as { key: string; builtIn: object; overrides: { de: unknown; en: unknown } }[];
    const entry = keys.find((k) => k.key === 'home.quickLinks.title');
    expect(entry).toMatchObject({
      builtIn: { en: 'Quick access' },
      overrides: { en: { value: 'Shortcuts' }, de: { value: 'Abkürzungen' } },
    });
    expect(keys.find((k) => k.key === 'home.modules.title')?.overrides).toEqual({ de: null, en: null });
    // Document texts have no built-in web text; an override of one is listed too.
    await t.call('POST', '/api/translation', admin, {
      key: 'documents.invoice.footer',
      lang: 'de',
      value: 'Danke',
    });
    const again = (await t.call('GET', '/api/translation/keys', admin)).json() as typeof keys;
    expect(again.find((k) => k.key === 'documents.invoice.footer')).toMatchObject({
      builtIn: { de: null, en: null },
      overrides: { de: { value: 'Danke' }, en: null },
    });
  });

  it('overrides: public, one language, key → text; deleting an override restores the built-in', async () => {
    const en = await t.call('GET', '/api/translation/overrides?lang=en');
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({ 'home.quickLinks.title': 'Shortcuts' });
    expectError(await t.call('GET', '/api/translation/overrides?lang=fr'), 400, 'ValidationError');
    expectError(await t.call('GET', '/api/translation/overrides'), 400, 'ValidationError');
    const [row] = (await t.call('GET', '/api/translation?filter={"lang":"en"}', admin)).json().data;
    expect((await t.call('DELETE', `/api/translation/${row.id}`, admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/translation/overrides?lang=en')).json()).toEqual({});
  });
});
