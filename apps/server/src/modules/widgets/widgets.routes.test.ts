// The booking widget against the real database: scopes and the feature switch, bad
// input (slug, asset, origins), CRUD with copy and the unique slug, the public slug call, tracking once
// per visitor and action with the booking check, the funnel numbers per day, and the page's
// frame-ancestors header.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { today } from '../../clock.ts';
import { bookings, resorts, vessels, widgetEvents } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
let reader: string;
let resortId: number;
let otherResortId: number;
let vesselId: number;

const ok = (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  // biome-ignore lint/suspicious/noExplicitAny: test answers
  return res.json() as any;
};
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Main widget',
  slug: 'main',
  assetType: 'resort',
  assetId: resortId,
  ...extra,
});
const directive = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));
const track = (widget: string | number, visitor: string, action: string, payload: unknown = {}) =>
  t.post(`/api/widget/t/${widget}/${visitor}/${action}`, undefined, payload);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, agent, customer } = await t.demoTokens());
  reader = await t.account('reader@widgets.test', ['widget.read']);
  const db = t.database.db;
  const rs = await db
    .insert(resorts)
    .values([{ name: 'Widget Resort' }, { name: 'Other Resort' }])
    .returning({ id: resorts.id });
  resortId = rs[0]?.id ?? 0;
  otherResortId = rs[1]?.id ?? 0;
  const [v] = await db.insert(vessels).values({ name: 'MY Widget' }).returning({ id: vessels.id });
  vesselId = v?.id ?? 0;
});
afterAll(() => t?.close());

describe('access', () => {
  it('answers 401 without login and 403 without the scopes', async () => {
    expectError(await t.get('/api/widget'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/widget/1/stats'), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/widget', undefined, body()), 401, 'UNAUTHORIZED');
    for (const token of [agent, customer]) {
      expectError(await t.get('/api/widget', token), 403, 'FORBIDDEN');
      expectError(await t.get('/api/widget/1/stats', token), 403, 'FORBIDDEN');
      expectError(await t.post('/api/widget', token, body()), 403, 'FORBIDDEN');
    }
    expect((await t.get('/api/widget', reader)).statusCode).toBe(200);
    expectError(await t.post('/api/widget', reader, body()), 403, 'FORBIDDEN');
    expectError(await t.del('/api/widget/1', reader), 403, 'FORBIDDEN');
  });
});

describe('validation', () => {
  it('refuses bad slugs, assets and origins (400)', async () => {
    for (const slug of ['Main', 'with space', 'ümlaut', '-dash', 'a/b', ''])
      expectError(await t.post('/api/widget', staff, body({ slug })), 400, 'ValidationError');
    expectError(await t.post('/api/widget', staff, body({ assetType: 'hotel' })), 400, 'ValidationError');
    expectError(await t.post('/api/widget', staff, body({ assetId: 999_999 })), 400, 'ValidationError');
    expectError(
      await t.post('/api/widget', staff, body({ assetType: 'vessel', assetId: resortId + 999_999 })),
      400,
      'ValidationError',
    );
    for (const origin of ['example.com', 'https://example.com/path', 'ftp://example.com', 'https://a b'])
      expectError(
        await t.post('/api/widget', staff, body({ allowedOrigins: [origin] })),
        400,
        'ValidationError',
      );
    expectError(
      await t.post('/api/widget', staff, body({ look: { primaryColor: 'red' } })),
      400,
      'ValidationError',
    );
  });
});

describe('CRUD', () => {
  let id: number;
  it('creates, reads, lists, updates, copies and deletes', async () => {
    const created = ok(
      await t.post(
        '/api/widget',
        staff,
        body({
          allowedOrigins: ['https://Shop.Example.com/', 'http://localhost:8080'],
          look: { primaryColor: '#0077aa', radius: 'lg' },
          language: 'de',
        }),
      ),
      201,
    );
    id = created.id;
    expect(created).toMatchObject({
      slug: 'main',
      assetType: 'resort',
      assetId: resortId,
      resortId,
      vesselId: null,
      language: 'de',
      active: true,
      allowedOrigins: ['https://shop.example.com', 'http://localhost:8080'],
      look: { primaryColor: '#0077aa', radius: 'lg' },
    });
    expect(ok(await t.get(`/api/widget/${id}`, reader)).name).toBe('Main widget');
    const list = ok(await t.get('/api/widget?search=main', reader));
    expect(list.data.map((w: { id: number }) => w.id)).toContain(id);
    const csv = await t.get('/api/widget/listCSV', reader);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('main');

    const updated = ok(await t.post(`/api/widget/${id}`, staff, { assetType: 'vessel', assetId: vesselId }));
    expect(updated).toMatchObject({ assetType: 'vessel', assetId: vesselId, vesselId, resortId: null });
    expectError(await t.post(`/api/widget/${id}`, staff, { assetType: 'resort' }), 400, 'ValidationError');
    ok(await t.post(`/api/widget/${id}`, staff, { assetType: 'resort', assetId: resortId }));

    const copy = ok(await t.post(`/api/widget/${id}/copy`, staff), 201);
    expect(copy).toMatchObject({ slug: 'main-copy', name: 'Main widget (copy)', assetId: resortId });
    const copy2 = ok(await t.post(`/api/widget/${id}/copy`, staff), 201);
    expect(copy2.slug).toBe('main-copy-2');
    ok(await t.del(`/api/widget/${copy2.id}`, staff));
    expectError(await t.get(`/api/widget/${copy2.id}`, staff), 404, 'NOT_FOUND');
  });

  it('keeps slugs unique (409 SLUG_TAKEN)', async () => {
    expectError(await t.post('/api/widget', staff, body()), 409, 'SLUG_TAKEN');
    const other = ok(await t.post('/api/widget', staff, body({ slug: 'other' })), 201);
    expectError(await t.post(`/api/widget/${other.id}`, staff, { slug: 'main' }), 409, 'SLUG_TAKEN');
    // Its own slug again is no conflict.
    ok(await t.post(`/api/widget/${other.id}`, staff, { slug: 'other', active: false }));
  });

  it('answers the public page by slug, active widgets only, without internals', async () => {
    const answer = ok(await t.get('/api/widget/slug/main'));
    expect(answer).toEqual({
      id,
      slug: 'main',
      assetType: 'resort',
      assetId: resortId,
      language: 'de',
      look: { primaryColor: '#0077aa', radius: 'lg' },
    });
    expectError(await t.get('/api/widget/slug/other'), 404, 'NOT_FOUND');
    expectError(await t.get('/api/widget/slug/nope'), 404, 'NOT_FOUND');
    expectError(await t.get('/api/widget/slug/Bad%20Slug'), 400, 'ValidationError');
  });
});

describe('tracking and stats', () => {
  let id: number;
  let ownBooking: number;
  let foreignBooking: number;
  beforeAll(async () => {
    id = ok(await t.post('/api/widget', staff, body({ slug: 'funnel', name: 'Funnel' })), 201).id;
    const rows = await t.database.db
      .insert(bookings)
      .values([
        { from: '2041-03-01', to: '2041-03-05', resortId },
        { from: '2041-03-01', to: '2041-03-05', resortId: otherResortId },
      ])
      .returning({ id: bookings.id });
    ownBooking = rows[0]?.id ?? 0;
    foreignBooking = rows[1]?.id ?? 0;
  });

  it('counts each visitor and action once, by id or slug', async () => {
    expect(ok(await track('funnel', 'visitor-aaaa', 'view'))).toEqual({ counted: true });
    expect(ok(await track(id, 'visitor-aaaa', 'view'))).toEqual({ counted: false });
    expect(ok(await track('funnel', 'visitor-bbbb', 'view')).counted).toBe(true);
    expect(ok(await track('funnel', 'visitor-cccc', 'view')).counted).toBe(true);
    expect(ok(await track('funnel', 'visitor-dddd', 'view')).counted).toBe(true);
    expect(ok(await track('funnel', 'visitor-aaaa', 'search')).counted).toBe(true);
    expect(ok(await track('funnel', 'visitor-aaaa', 'search')).counted).toBe(false);
    expect(ok(await track('funnel', 'visitor-bbbb', 'search')).counted).toBe(true);
    expect(ok(await track('funnel', 'visitor-aaaa', 'booking', { bookingId: ownBooking })).counted).toBe(
      true,
    );
    // Without a body at all, too.
    const bare = await t.app.inject({ method: 'POST', url: '/api/widget/t/funnel/visitor-eeee/view' });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('refuses foreign bookings, unknown widgets and bad input', async () => {
    expectError(
      await track('funnel', 'visitor-bbbb', 'booking', { bookingId: foreignBooking }),
      400,
      'ValidationError',
    );
    expectError(
      await track('funnel', 'visitor-bbbb', 'booking', { bookingId: 2_000_000 }),
      400,
      'ValidationError',
    );
    expectError(await track('funnel', 'visitor-bbbb', 'buy'), 400, 'ValidationError');
    expectError(await track('funnel', 'short', 'view'), 400, 'ValidationError');
    expectError(await track('nope', 'visitor-bbbb', 'view'), 404, 'NOT_FOUND');
    expectError(await track('other', 'visitor-bbbb', 'view'), 404, 'NOT_FOUND'); // inactive
  });

  it('answers the funnel with rates, per day', async () => {
    // Two events of earlier days, written directly.
    await t.database.db.insert(widgetEvents).values([
      {
        widgetId: id,
        visitorId: 'old-visitor-1',
        action: 'view',
        createdAt: new Date('2041-01-10T10:00:00Z'),
      },
      {
        widgetId: id,
        visitorId: 'old-visitor-1',
        action: 'search',
        createdAt: new Date('2041-01-10T23:59:00Z'),
      },
      {
        widgetId: id,
        visitorId: 'old-visitor-2',
        action: 'view',
        createdAt: new Date('2041-01-12T00:00:00Z'),
      },
    ]);
    const past = ok(await t.get(`/api/widget/${id}/stats?from=2041-01-10&to=2041-01-12`, reader));
    expect(past.totals).toEqual({
      views: 2,
      searches: 1,
      bookings: 0,
      searchRate: 0.5,
      bookingRate: 0,
      conversion: 0,
    });
    // The operator's days (Europe/Berlin, UTC+1 in January): 23:59 UTC on the 10th is the 11th there.
    expect(past.days).toEqual([
      { day: '2041-01-10', views: 1, searches: 0, bookings: 0 },
      { day: '2041-01-11', views: 0, searches: 1, bookings: 0 },
      { day: '2041-01-12', views: 1, searches: 0, bookings: 0 },
    ]);

    const recent = ok(await t.get(`/api/widget/${id}/stats`, reader));
    expect(recent.days).toHaveLength(30);
    expect(recent.to).toBe(today());
    expect(recent.totals).toEqual({
      views: 5,
      searches: 2,
      bookings: 1,
      searchRate: 0.4,
      bookingRate: 0.5,
      conversion: 0.2,
    });
  });

  it('refuses bad periods and unknown widgets', async () => {
    expectError(
      await t.get(`/api/widget/${id}/stats?from=2041-02-01&to=2041-01-01`, reader),
      400,
      'ValidationError',
    );
    expectError(
      await t.get(`/api/widget/${id}/stats?from=2040-01-01&to=2041-12-31`, reader),
      400,
      'ValidationError',
    );
    expectError(await t.get(`/api/widget/${id}/stats?from=someday`, reader), 400, 'ValidationError');
    expectError(await t.get('/api/widget/999999/stats', reader), 404, 'NOT_FOUND');
  });
});

describe('the page /widget/:slug', () => {
  it('may be framed by the allowed origins only, or by any when none are given', async () => {
    const own = await t.get('/widget/main?embed=1');
    expect(directive(own.headers['content-security-policy'])).toBe(
      "frame-ancestors 'self' https://shop.example.com http://localhost:8080",
    );
    expect(own.headers['x-frame-options']).toBeUndefined();
    const open = await t.get('/widget/funnel');
    expect(directive(open.headers['content-security-policy'])).toBe('frame-ancestors *');
    expect(open.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps the default headers elsewhere and for unknown or inactive widgets', async () => {
    for (const url of ['/widget/nope', '/widget/other', '/book/online', '/login']) {
      const res = await t.get(url);
      expect(directive(res.headers['content-security-policy']), url).toBe("frame-ancestors 'self'");
    }
    const api = await t.get('/api/widget/slug/main');
    expect(directive(api.headers['content-security-policy'])).toBe("frame-ancestors 'self'");
  });
});

describe('the feature switch', () => {
  it('hides every widget call when bookingWidget is off', async () => {
    ok(await t.post('/api/settings/group/features', admin, { bookingWidget: false }));
    expectError(await t.get('/api/widget', staff), 404, 'NOT_FOUND');
    expectError(await t.get('/api/widget/slug/main'), 404, 'NOT_FOUND');
    expectError(await track('main', 'visitor-zzzz', 'view'), 404, 'NOT_FOUND');
    const page = await t.get('/widget/main');
    expect(directive(page.headers['content-security-policy'])).toBe("frame-ancestors 'self'");
    ok(await t.post('/api/settings/group/features', admin, { bookingWidget: true }));
    expect((await t.get('/api/widget', staff)).statusCode).toBe(200);
  });
});

describe('the rate limit', () => {
  it('limits tracking calls per IP (429)', async () => {
    let last = await track('main', 'visitor-rate-0', 'view');
    for (let i = 1; i <= 130 && last.statusCode !== 429; i++)
      last = await track('main', `visitor-rate-${i}`, 'view');
    expectError(last, 429, 'TOO_MANY_REQUESTS');
  });
});
