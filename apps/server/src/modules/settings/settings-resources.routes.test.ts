// Taxes, text blocks and groups, booking sources and categories: access, validation, the tax rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
let editor: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
  editor = await t.account('editor@config.test', ['settings.read', 'settings.update']);
});
afterAll(() => t?.close());

describe('/api/tax', () => {
  it('reads and writes with settings.read / settings.update only', async () => {
    expectError(await t.get('/api/tax'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/tax', staff), 403, 'FORBIDDEN');
    expectError(await t.post('/api/tax', staff, { name: 'X', value: '5' }), 403, 'FORBIDDEN');
    const list = await t.get('/api/tax?sort=name', editor);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.map((r: { name: string; value: string; status: string }) => [r.name, r.value, r.status]),
    ).toEqual([
      ['VAT 19 %', '19', 'confirmed'],
      ['VAT 7 %', '7', 'aborted'],
    ]);
  });

  it('a new tax starts aborted whatever the body says; confirming is an update', async () => {
    const res = await t.post('/api/tax', editor, { name: 'Tourist tax', value: '2.5', status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ value: '2.5', inclusive: true, status: 'aborted', countries: [] });
    const id = res.json().id;
    const confirmed = await t.post(`/api/tax/${id}`, admin, { status: 'confirmed', countries: ['mv'] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', value: '2.5', countries: ['MV'] });
    const copy = await t.post(`/api/tax/${id}/copy`, admin, undefined);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Tourist tax (copy)', status: 'aborted', value: '2.5' });
  });

  it.each([['101'], ['-1'], ['19,5'], ['abc'], ['7.12345']])(
    'refuses the value %s with 400',
    async (value) => {
      expectError(await t.post('/api/tax', admin, { name: 'Bad', value }), 400, 'ValidationError');
    },
  );

  it('refuses an unknown status and a bad country with 400', async () => {
    expectError(await t.post('/api/tax/1', admin, { status: 'draft' }), 400, 'ValidationError');
    expectError(
      await t.post('/api/tax', admin, { name: 'X', value: '1', countries: ['DEU'] }),
      400,
      'ValidationError',
    );
  });
});

describe('booking lists: text blocks, sources, categories', () => {
  it('staff read them (bookings.read) but do not write; customers neither', async () => {
    for (const base of [
      '/api/textblock',
      '/api/textblockgroup',
      '/api/bookingsource',
      '/api/bookingcategory',
    ]) {
      expect((await t.get(base, staff)).statusCode, base).toBe(200);
      expectError(await t.get(base, customer), 403, 'FORBIDDEN');
      expectError(await t.get(base), 401, 'UNAUTHORIZED');
      expectError(await t.post(base, staff, { name: 'X' }), 403, 'FORBIDDEN');
    }
  });

  it('the seed holds six sources and four categories in order', async () => {
    const sources = (await t.get('/api/bookingsource?sort=sort', staff)).json();
    expect(sources.data.map((s: { name: string }) => s.name)).toEqual([
      'Website',
      'Phone',
      'E-Mail',
      'Agency',
      'Walk-in',
      'OTA',
    ]);
    const categories = (await t.get('/api/bookingcategory?sort=sort', staff)).json();
    expect(categories.data.map((c: { name: string }) => c.name)).toEqual([
      'Dive package',
      'Liveaboard',
      'Resort only',
      'Course',
    ]);
  });

  it('creates, updates and deletes a booking source and a category', async () => {
    const created = await t.post('/api/bookingsource', editor, { name: 'Trade fair' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Trade fair', isActive: true, sort: 0, description: null });
    const id = created.json().id;
    const updated = await t.post(`/api/bookingsource/${id}`, editor, { isActive: false });
    expect(updated.json()).toMatchObject({ name: 'Trade fair', isActive: false });
    expect((await t.call('DELETE', `/api/bookingsource/${id}`, editor)).statusCode).toBe(200);
    expectError(await t.get(`/api/bookingsource/${id}`, editor), 404, 'NOT_FOUND');

    expectError(await t.post('/api/bookingsource', editor, { name: '' }), 400, 'ValidationError');
    expectError(
      await t.post('/api/bookingcategory', editor, { name: 'X', color: 'red;' }),
      400,
      'ValidationError',
    );
    const category = await t.post('/api/bookingcategory', editor, { name: 'Freediving', color: '#1a2b3c' });
    expect(category.statusCode, category.body).toBe(201);
    expect(category.json()).toMatchObject({ color: '#1a2b3c' });
  });

  it('text blocks: text per language, a group that must exist, deleting a group keeps its blocks', async () => {
    const group = await t.post('/api/textblockgroup', editor, { name: 'Mails' });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json().id;
    expectError(
      await t.post('/api/textblock', editor, { name: 'X', groupId: 999_999 }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/textblock', editor, { name: 'X', text: { fr: 'Bonjour' } }),
      400,
      'ValidationError',
    );
    const block = await t.post('/api/textblock', editor, {
      name: 'Welcome',
      groupId,
      text: { de: 'Willkommen an Bord', en: 'Welcome aboard' },
    });
    expect(block.statusCode, block.body).toBe(201);
    expect(block.json()).toMatchObject({ groupId, text: { de: 'Willkommen an Bord', en: 'Welcome aboard' } });
    const filtered = await t.get(
      `/api/textblock?filter=${encodeURIComponent(JSON.stringify({ groupId }))}`,
      staff,
    );
    expect(filtered.json().data.map((b: { name: string }) => b.name)).toEqual(['Welcome']);
    expect((await t.call('DELETE', `/api/textblockgroup/${groupId}`, editor)).statusCode).toBe(200);
    expect((await t.get(`/api/textblock/${block.json().id}`, staff)).json().groupId).toBeNull();
  });

  it('seeds text blocks in German and English', async () => {
    const blocks = (await t.get('/api/textblock?size=0', staff)).json().data as {
      text: { de?: string; en?: string };
    }[];
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const b of blocks.slice(0, 4)) {
      expect(b.text.de).toBeTruthy();
      expect(b.text.en).toBeTruthy();
    }
  });
});
