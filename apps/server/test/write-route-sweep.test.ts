import { FEATURES } from '@atoll/domain/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRouteEntry } from '../src/http/access.ts';
import { adminSession, createTestApp, DEMO, type TTestApp } from './harness.ts';
import { demoIds, insertBooking } from './test-bookings.ts';

/**
 * Every write route once, as admin, on a fresh database with the demo data and one booking (a guest without a
 * customer record among its two), with plausible input: params that name real rows, bodies with the required
 * fields of the route's schema, each on cold caches. A watchdog stops the sweep at the first call that does not answer (a call that
 * waits for a connection its own transaction holds froze the embedded database for good); no call may fail with
 * a 5xx; afterwards the server still answers.
 */

const WATCHDOG_MS = 20_000;
const SWEEP_TIMEOUT_MS = 600_000;

type TSchema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  minItems?: number;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
};
type TDoc = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: TSchema }> } }>>;
  components?: { schemas?: Record<string, TSchema> };
};

let t: TTestApp;
let doc: TDoc;
let adminHeaders: () => Promise<{ authorization: string }>;
let params: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = adminSession(t);
  const admin = await t.login(...DEMO.admin);
  const features = Object.fromEntries(FEATURES.map((f) => [f, true]));
  const switched = await t.post('/api/settings/group/features', admin, features);
  if (switched.statusCode !== 200) throw new Error(`features: ${switched.statusCode} ${switched.body}`);
  doc = t.app.swagger() as unknown as TDoc;
  const ids = await demoIds(t.database.db);
  const [room] = ids.rooms;
  if (!room) throw new Error('demo data: no room');
  const booking = await insertBooking(t.database.db, {
    type: 'resort',
    resortId: ids.resortId,
    state: 'confirmed',
    bookingNo: 'SW-1',
    from: '2041-03-01',
    to: '2041-03-08',
    customerId: ids.mariaId,
    agencyId: ids.blueReefId,
    rooms: [{ roomId: room.id, guests: [{ customerId: ids.mariaId }, { name: 'Tom Guest' }] }],
  });
  const bookingId = String(booking.id);
  const customerId = String(ids.mariaId);
  params = {
    bookingId,
    booking: bookingId,
    bookingNo: 'SW-1',
    customer: customerId,
    customerId,
    resort: String(ids.resortId),
    roomId: String(room.id),
    room: String(room.id),
    agency: String(ids.blueReefId),
    agencyId: String(ids.blueReefId),
    from: '2041-03-01',
    to: '2041-03-08',
    date: '2041-03-02',
    language: 'en',
    currency: 'EUR',
  };
});
afterAll(() => t?.close());

function resolveRef(schema: TSchema): TSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return doc.components?.schemas?.[name] ?? {};
}

/** The smallest value the schema accepts, as far as types, formats and bounds tell. */
function sample(raw: TSchema | undefined, depth = 0): unknown {
  if (!raw || depth > 8) return undefined;
  const schema = resolveRef(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(choices.find((c) => resolveRef(c).type !== 'null') ?? choices[0], depth + 1);
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((part) => sample(part, depth + 1) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return undefined;
  }
}

function sampleString(schema: TSchema) {
  switch (schema.format) {
    case 'date':
      return '2041-03-02';
    case 'date-time':
      return '2041-03-02T10:00:00.000Z';
    case 'email':
      return 'sweep@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    default: {
      const text = 'Sweep'.padEnd(schema.minLength ?? 0, 'x');
      return schema.maxLength !== undefined ? text.slice(0, Math.max(schema.maxLength, 1)) : text;
    }
  }
}

function bodyOf(route: TRouteEntry) {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const schema =
    doc.paths[path]?.[route.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
  return schema ? sample(schema) : undefined;
}

function urlOf(route: TRouteEntry) {
  const isBooking = /^\/api\/bookings?\b/.test(route.url);
  return route.url
    .replace(
      /:(\w+)/g,
      (_m, name: string) => params[name] ?? (name === 'id' && isBooking ? String(params.bookingId) : '1'),
    )
    .replace(/\*/g, 'x');
}

/** The answer, or `undefined` when the watchdog fired first. */
async function answer(route: TRouteEntry, url: string, body: unknown) {
  let timer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), WATCHDOG_MS);
  });
  const headers = await adminHeaders();
  // Cold caches (settings are kept for hours): a read that would go to the database inside a transaction does.
  await t.app.inject({ method: 'POST', url: '/clearCache', headers });
  const call = t.app.inject({
    method: route.method as 'POST',
    url,
    headers: body === undefined ? headers : Object.assign({ 'content-type': 'application/json' }, headers),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  try {
    return await Promise.race([call, watchdog]);
  } finally {
    clearTimeout(timer);
  }
}

describe('every write route once on a fresh database', () => {
  it('answers twelve guest-form calls at once on cold caches, and leaves no transaction open', async () => {
    const headers = await adminHeaders();
    await t.app.inject({ method: 'POST', url: '/clearCache', headers });
    const url = `/api/guestform/customer/${params.customer}/${params.booking}`;
    const calls = Array.from({ length: 12 }, () =>
      answer({ method: 'POST', url: '/api/guestform/customer/:customer/:booking' } as TRouteEntry, url, {}),
    );
    const answers = await Promise.all(calls);
    // One creates the form, the others find it.
    expect(answers.map((res) => res?.statusCode).sort()).toEqual(Array(12).fill(200).fill(201, 11));
    if (t.database.kind === 'postgres') {
      const idle = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
      )) as unknown as { rows: { n: number }[] };
      expect(idle.rows[0]?.n).toBe(0);
    }
  });

  it(
    'answers each call in time, never with a 5xx, and the server answers afterwards',
    async () => {
      const writes = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
      // Deletes last, so that they do not take away what the other calls work on.
      const ordered = [
        ...writes.filter((r) => r.method !== 'DELETE'),
        ...writes.filter((r) => r.method === 'DELETE'),
      ];
      const failures: string[] = [];
      let succeeded = 0;
      for (const route of ordered) {
        const url = urlOf(route);
        const res = await answer(route, url, bodyOf(route));
        if (!res) throw new Error(`${route.method} ${url} did not answer within ${WATCHDOG_MS} ms`);
        if (res.statusCode >= 500)
          failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (res.statusCode < 300) succeeded++;
      }
      expect(failures).toEqual([]);
      expect(writes.length).toBeGreaterThan(300);
      // Plausible input reaches the handlers: a sweep refused at validation alone would prove nothing.
      expect(succeeded).toBeGreaterThan(writes.length / 5);

      const version = await t.app.inject({ method: 'GET', url: '/version' });
      expect(version.statusCode).toBe(200);
      const read = (await t.database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(read.rows).toEqual([{ one: 1 }]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
