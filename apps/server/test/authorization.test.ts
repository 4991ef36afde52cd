import { ZErrorBody } from '@atoll/domain/errors';
import { hasAllScopes, hasScope } from '@atoll/domain/scopes';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { authTokens } from '../src/db/schema.ts';
import type { TAccess, TRouteEntry } from '../src/http/access.ts';
import { tokenHash } from '../src/modules/auth/tokens.ts';
import { bearer, createTestApp, DEMO, type TTestApp } from './harness.ts';

/**
 * Every registered route against every kind of caller. Expectations come from each route's declared
 * access through the same matcher the server uses (`hasScope`), never from a hand-written list, so a
 * new route is covered the moment it is registered.
 */

/** Routes registered today are 37; the floor keeps the sweep from passing on an empty table. */
const MIN_ROUTES = 30;
/** One sweep calls every route once; the table has some 400 routes, CI machines are small. */
const SWEEP_TIMEOUT_MS = 300_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TTestApp;
let routes: TRouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable.filter((r) => r.url !== '/*');
});
afterAll(() => t.close());

/** `:id`-like parameters get an existing id, any other parameter 'self'. */
function concreteUrl(url: string): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => (/^id$|Id$/.test(name) ? '1' : 'self'))
    .replace(/\*/g, 'x');
}

const isPublic = (access: TAccess) => 'public' in access;

function allows(scopes: readonly string[], access: TAccess): boolean {
  if ('public' in access) return true;
  return 'scopes' in access ? hasScope(scopes, access.scopes) : hasAllScopes(scopes, access.all);
}

const describeRoute = (r: TRouteEntry) => `${r.method} ${r.url}`;

async function call(route: TRouteEntry, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers,
    ...(BODY_METHODS.has(route.method) ? { payload: {} } : {}),
  });
}

/** Status and, except for HEAD (no body), the error code of the standard error body. */
function outcome(res: LightMyRequestResponse, method: string) {
  if (method === 'HEAD' || res.statusCode < 400) return { status: res.statusCode };
  const parsed = ZErrorBody.safeParse(res.json());
  return {
    status: res.statusCode,
    error: parsed.success ? parsed.data.error : `not an error body: ${res.body}`,
  };
}

/**
 * A demo user's session. Some calls end the session on purpose (logout, token refresh), so before
 * every call the token is checked and, if it no longer works, the user logs in again.
 */
function session(who: keyof typeof DEMO) {
  let token = '';
  let scopes: string[] = [];
  return {
    get scopes() {
      return scopes;
    },
    async headers() {
      const check = token
        ? await t.app.inject({ method: 'HEAD', url: '/api/auth/token', headers: bearer(token) })
        : undefined;
      if (check?.statusCode !== 200) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { email: DEMO[who][0], password: DEMO[who][1] },
        });
        expect(res.statusCode).toBe(200);
        token = res.json().token;
        scopes = res.json().user.scopes;
      }
      return bearer(token);
    },
  };
}

describe('route table', () => {
  it(`lists at least ${MIN_ROUTES} routes, each with a declared access`, () => {
    expect(routes.length).toBeGreaterThanOrEqual(MIN_ROUTES);
    for (const r of routes) {
      const a = r.access as Record<string, unknown>;
      expect('public' in a || Array.isArray(a.scopes) || Array.isArray(a.all), describeRoute(r)).toBe(true);
    }
    // Both kinds exist, so neither guest sweep below is vacuous.
    expect(routes.filter((r) => isPublic(r.access)).length).toBeGreaterThan(3);
    expect(routes.filter((r) => !isPublic(r.access)).length).toBeGreaterThan(20);
  });

  // The second path sits beside the documentation prefix, whose own asset routes are exempt.
  it.each(['/api/undeclared', '/api/docsExport'])(
    'starting the app fails when %s declares no access (default deny)',
    async (path) => {
      const app = await buildApp({ database: t.database, config: t.config, version: '0.0.0' });
      try {
        await expect(async () => {
          app.get(path, async () => ({ leaked: true }));
          await app.ready();
        }).rejects.toThrow(`GET ${path} declares no access`);
      } finally {
        await app.close().catch(() => {});
      }
    },
  );

  it('the documentation stays reachable without being in the table', async () => {
    expect(routes.some((r) => r.url.startsWith('/api/docs'))).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('the Bearer scheme is read case-insensitively', async () => {
    const token = await t.login(...DEMO.customer);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/self',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });
});

describe('guest', () => {
  it(
    'every non-public route answers 401 UNAUTHORIZED without a token',
    async () => {
      const wrong: string[] = [];
      for (const r of routes.filter((r) => !isPublic(r.access))) {
        const got = outcome(await call(r), r.method);
        const want = r.method === 'HEAD' ? { status: 401 } : { status: 401, error: 'UNAUTHORIZED' };
        if (JSON.stringify(got) !== JSON.stringify(want))
          wrong.push(`${describeRoute(r)} → ${JSON.stringify(got)}`);
      }
      expect(wrong).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'no public route answers 403 to a guest',
    async () => {
      const wrong: string[] = [];
      for (const r of routes.filter((r) => isPublic(r.access))) {
        const res = await call(r);
        if (res.statusCode === 403 || res.statusCode >= 500)
          wrong.push(`${describeRoute(r)} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it.each([
    ['a short garbage token', 'garbage'],
    ['a well-formed but unknown token', 'x'.repeat(64)],
  ])('with %s every non-public route (and bootstrap) answers 401 UNAUTHORIZED', async (_label, token) => {
    const checked = routes.filter(
      (r) => !isPublic(r.access) || ('public' in r.access && r.access.reportExpiredToken),
    );
    expect(checked.some((r) => r.url === '/api/bootstrap')).toBe(true);
    const wrong: string[] = [];
    for (const r of checked) {
      const got = outcome(await call(r, bearer(token)), r.method);
      const want = r.method === 'HEAD' ? { status: 401 } : { status: 401, error: 'UNAUTHORIZED' };
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`${describeRoute(r)} → ${JSON.stringify(got)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a garbage token on an ordinary public route is ignored, the caller is a guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version', headers: bearer('garbage') });
    expect(res.statusCode).toBe(200);
  });

  it(
    'with an expired token every non-public route answers 401 TOKEN_EXPIRED',
    async () => {
      const token = await t.login(...DEMO.admin);
      await t.database.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.tokenHash, tokenHash(token)));
      const wrong: string[] = [];
      for (const r of routes.filter((r) => !isPublic(r.access))) {
        const got = outcome(await call(r, bearer(token)), r.method);
        const want = r.method === 'HEAD' ? { status: 401 } : { status: 401, error: 'TOKEN_EXPIRED' };
        if (JSON.stringify(got) !== JSON.stringify(want))
          wrong.push(`${describeRoute(r)} → ${JSON.stringify(got)}`);
      }
      expect(wrong).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});

// Admin last: its sweep deletes and copies records the other users' sweeps rely on.
describe.each([['customer'], ['agent'], ['staff']] as const)('%s', (who) => {
  it(
    'every route the declared access denies answers 403 FORBIDDEN, every other one is no 401',
    async () => {
      const s = session(who);
      await s.headers();
      const denied = routes.filter((r) => !allows(s.scopes, r.access));
      // The customer holds customers.self and users.self only: most of the API must be closed to them.
      if (who === 'customer') {
        expect(s.scopes).toEqual(['customers.self', 'users.self']);
        expect(denied.length).toBeGreaterThan(15);
      }
      const wrong: string[] = [];
      for (const r of routes) {
        const got = outcome(await call(r, await s.headers()), r.method);
        if (denied.includes(r)) {
          const want = r.method === 'HEAD' ? { status: 403 } : { status: 403, error: 'FORBIDDEN' };
          if (JSON.stringify(got) !== JSON.stringify(want))
            wrong.push(`${describeRoute(r)} denied → ${JSON.stringify(got)}`);
        } else if (got.status === 401 || got.status >= 500) {
          wrong.push(`${describeRoute(r)} allowed → ${JSON.stringify(got)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});

describe('admin', () => {
  it(
    'no route answers 401 or 403 (validation errors for empty bodies are fine)',
    async () => {
      const s = session('admin');
      await s.headers();
      expect(s.scopes).toContain('admin');
      // Admin passes every check but a guest-only one; no route declares such a check today.
      expect(routes.filter((r) => !allows(s.scopes, r.access))).toEqual([]);
      const wrong: string[] = [];
      for (const r of routes) {
        const got = outcome(await call(r, await s.headers()), r.method);
        if (got.status === 401 || got.status === 403 || got.status >= 500)
          wrong.push(`${describeRoute(r)} → ${JSON.stringify(got)}`);
      }
      expect(wrong).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
