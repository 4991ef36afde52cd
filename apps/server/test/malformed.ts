import { FEATURES } from '@atoll/domain/constants';
import { ZErrorBody } from '@atoll/domain/errors';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { TRouteEntry } from '../src/http/access.ts';
import { adminSession, createTestApp, DEMO, type TTestApp } from './harness.ts';

/**
 * Hostile input against every route of the table, as admin (so access control lets everything
 * through to parsing, validation and the handlers). Whatever comes in: never a 5xx, every failure
 * in the standard error body, nothing internal in any answer, and no row written by a rejected call.
 * The sweep's parts run as three test files (malformed-*.test.ts), so they run beside each other.
 */

export const MIN_ROUTES = 30;
/** Each sweep sends thousands of requests (several per route): minutes on 2 busy cores, not 30 s. */
export const SWEEP_TIMEOUT_MS = 900_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORBIDDEN_TEXT = ['    at ', '.ts:', '$argon2', 'password_hash', 'passwordHash'];

let t: TTestApp;
let routes: TRouteEntry[];
/** Body property names per route from the OpenAPI document, to nest hostile values under. */
let bodyProps: Map<string, string[]>;
let adminHeaders: () => Promise<{ authorization: string }>;

/** One app for a test file's sweep: call at the top of the file. */
export function setupSweep() {
  beforeAll(async () => {
    t = await createTestApp();
    adminHeaders = adminSession(t);
    routes = t.app.routeTable.filter((r) => r.url !== '/*');
    // Every feature on: a switched-off feature's routes answer 404 before they read their input.
    const features = Object.fromEntries(FEATURES.map((f) => [f, true]));
    const admin = await t.login(...DEMO.admin);
    const switched = await t.post('/api/settings/group/features', admin, features);
    if (switched.statusCode !== 200) throw new Error(`features: ${switched.statusCode} ${switched.body}`);
    await watchWrites();
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: unknown }> };
            parameters?: { in: string; name: string; schema?: { type?: string; pattern?: string } }[];
          }
        >
      >;
    };
    bodyProps = new Map();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['application/json']?.schema as
          | { properties?: Record<string, unknown> }
          | undefined;
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        bodyProps.set(`${method.toUpperCase()} ${url}`, Object.keys(schema?.properties ?? {}));
        for (const p of op.parameters ?? []) {
          const numeric =
            p.schema?.type === 'integer' ||
            p.schema?.type === 'number' ||
            /\[0-9\]|\\d/.test(p.schema?.pattern ?? '');
          if (p.in === 'path' && numeric) numericParams.add(p.name);
        }
      }
    }
  }, 120_000);
  afterAll(() => t.close());
}

/**
 * What a rejected request must not do: write a row, in any table. Triggers that the sweep puts on every table of
 * its own database note each row written (inserted, changed or deleted) in `sweep_writes`; a write that is rolled
 * back takes its note with it. The state before and after a request is then the last note's number: one index
 * look-up instead of counting and hashing the tables after each of the sweep's thousands of requests.
 */
async function watchWrites() {
  const db = t.database.db;
  await db.execute(sql`create table sweep_writes (id bigserial primary key, tbl text not null)`);
  await db.execute(
    sql.raw(`create function sweep_write() returns trigger language plpgsql as $$
      begin insert into sweep_writes (tbl) values (tg_table_name); return null; end $$`),
  );
  await db.execute(
    sql.raw(`do $$ declare r record; begin
      for r in select tablename from pg_tables where schemaname = 'public' and tablename <> 'sweep_writes' loop
        execute format('create trigger sweep_write after insert or update or delete on %I for each row execute function sweep_write()', r.tablename);
      end loop; end $$`),
  );
}

/** The number of the last row written so far (watchWrites). */
async function snapshot(): Promise<number> {
  const result = await t.database.db.execute(sql`select coalesce(max(id), 0)::int as n from sweep_writes`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** The tables written since `after` (a snapshot), for the failure message. */
async function writtenSince(after: number): Promise<string[]> {
  const result = await t.database.db.execute(
    sql`select tbl, count(*)::int as n from sweep_writes where id > ${after} group by tbl order by tbl`,
  );
  return (result as unknown as { rows: { tbl: string; n: number }[] }).rows.map((r) => `${r.tbl} (${r.n})`);
}

const idLike = (name: string) => /^id$|Id$/.test(name);
/** A payment provider's webhook takes its body as sent (for the signature): no body is malformed to it. */
const RAW_BODY_ROUTES = new Set([
  'POST /api/payments/notify/booking/:id/:provider',
  // A bank statement file as the body itself (XML or text) or a multipart upload.
  'POST /api/banks/:bankId/import/camt053',
  'POST /api/banks/:bankId/import/mt940',
]);
/** Routes that take a larger body by design (a dive computer's UDDF export): 2 MB is no 413 there. */
const LARGE_BODY_ROUTES = new Set(['POST /api/divelog/uddf/:id']);
/** Path parameters that take a number somewhere (the API document's schemas): a word there is an unknown path. */
const numericParams = new Set<string>();
const validParam = (name: string) => (idLike(name) || numericParams.has(name) ? '1' : 'self');

function fillUrl(url: string, override?: { index: number; value: string }) {
  let i = -1;
  return url
    .replace(/:(\w+)/g, (_m, name: string) => {
      i++;
      return override && override.index === i ? override.value : validParam(name);
    })
    .replace(/\*/g, 'x');
}

export const paramCount = (url: string) => (url.match(/:\w+/g) ?? []).length;

type TProbe = {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** Input the request itself carried and an error description may quote back. */
  echo?: string;
  /** The status every route that takes a body must answer; others only must not fail. */
  bodyStatus?: number;
  /** Answered by the router before any hook; its body shape is checked apart (see below). */
  routerLevel?: boolean;
};

const deep = (depth: number, leaf = '1') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const TWO_MB = `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`;
/** Deep enough that serialising it for a jsonb column overflowed the stack (a 500) before the guard. */
const STACK_DEEP = 5000;

export function bodyProbes(route: TRouteEntry): TProbe[] {
  const url = fillUrl(route.url);
  const json = (label: string, payload: string, bodyStatus?: number): TProbe => ({
    label,
    url,
    payload,
    ...(bodyStatus ? { bodyStatus } : {}),
  });
  const props = bodyProps.get(`${route.method} ${route.url}`) ?? [];
  const wrongTypes = [[], {}, -1, 'x'.repeat(100_000), true, null, 1e308];
  return [
    json('unterminated JSON', '{bad', 400),
    json('array', '[]'),
    json('null', 'null'),
    json('string', '"x"'),
    json('number', '1e309'),
    json('empty body', '', 400),
    json('2 MB body', TWO_MB, 413),
    json('10 000 nested objects', deep(10_000), 400),
    json('10 000 nested arrays', deepArray(10_000), 400),
    json('prototype pollution', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', 400),
    json(
      'wrong types under every body field',
      JSON.stringify(Object.fromEntries(props.map((p, i) => [p, wrongTypes[i % wrongTypes.length]]))),
    ),
    json(
      'a NUL character in every body field',
      JSON.stringify(Object.fromEntries(props.map((p) => [p, 'a\u0000b']))),
    ),
    // One field at a time, so that the rest of the body cannot make validation fail first.
    ...props.map((p) => json(`${STACK_DEEP} levels under "${p}"`, `{"${p}":${deep(STACK_DEEP)}}`, 400)),
    ...props.map((p) => json(`10 000 characters in "${p}"`, JSON.stringify({ [p]: 'x'.repeat(10_000) }))),
    { label: 'text/plain', url, payload: 'hello', contentType: 'text/plain' },
    {
      label: 'application/xml',
      url,
      payload: '<a><b/></a>',
      contentType: 'application/xml',
      bodyStatus: 415,
    },
    {
      label: 'form data',
      url,
      payload: 'a=1&b=2',
      contentType: 'application/x-www-form-urlencoded',
      bodyStatus: 415,
    },
    { label: 'JSON with a charset', url, payload: '{bad', contentType: 'application/json; charset=latin1' },
  ];
}

const PARAM_VALUES = [
  '99999999999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  'NaN',
  '1e309',
  'Infinity',
  '%00',
  '1%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(199),
];

/** Refused by the router itself, before any hook: bad percent-encoding, a parameter over 200 characters. */
export const ROUTER_LEVEL_VALUES = ['%E0%A4%A', 'x'.repeat(5000)];

export function paramProbes(route: TRouteEntry): TProbe[] {
  const n = paramCount(route.url);
  const probes: TProbe[] = [];
  for (let index = 0; index < n; index++) {
    for (const value of PARAM_VALUES) {
      probes.push({
        label: `param ${index} = ${value.slice(0, 30)}`,
        url: fillUrl(route.url, { index, value }),
        ...(BODY_METHODS.has(route.method) ? { payload: '{}' } : {}),
      });
    }
    for (const value of ROUTER_LEVEL_VALUES) {
      probes.push({
        label: `param ${index} = ${value.slice(0, 30)} (router)`,
        url: fillUrl(route.url, { index, value }),
        routerLevel: true,
      });
    }
    // Unencoded: the path itself changes, the router must still answer sanely.
    probes.push({
      label: `param ${index} = raw ../../etc/passwd`,
      url: fillUrl(route.url, { index, value: '../../etc/passwd' }),
    });
  }
  return probes;
}

const QUERIES: [string, string?][] = [
  ['page=-1'],
  ['page=0'],
  ['page=99999999999'],
  ['size=abc'],
  ['size=-5'],
  ['size=1e309'],
  ['filter={bad'],
  ['filter=[]'],
  ['filter=null'],
  [`filter=${deep(100, '{}')}`],
  [`filter=${JSON.stringify({ $and: Array.from({ length: 50 }, () => ({ $or: [{ id: 1 }] })) })}`],
  ['filter={"password_hash":"x"}', 'password_hash'],
  ['filter={"email":{"$where":"1"}}'],
  ['filter={"id":{"$in":"x"}}'],
  ['sort=password_hash', 'password_hash'],
  ['sort=passwordHash', 'passwordHash'],
  ['sort=id;drop table users'],
  ['order=2'],
  [`search=${'%'.repeat(500)}`],
  ['search=a\u0000b'],
  [`search=${'x'.repeat(10_000)}`],
  [`unknown=${'x'.repeat(10_000)}`],
  ['page=1&page=2'],
  ['unread=maybe'],
];

export function queryProbes(route: TRouteEntry): TProbe[] {
  const url = fillUrl(route.url);
  return QUERIES.map(([q, echo]) => ({
    label: `query ${q.slice(0, 40)}`,
    url: `${url}?${q.replace(/[{}"[\]$ ;%]/g, (c) => encodeURIComponent(c)).replaceAll('\u0000', '%00')}`,
    ...(BODY_METHODS.has(route.method) ? { payload: '{}' } : {}),
    ...(echo ? { echo } : {}),
  }));
}

/** Problems with one answer; an empty list is a pass. */
function inspect(res: LightMyRequestResponse, method: string, probe: TProbe): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}: ${res.body.slice(0, 300)}`);
  // A refusal may quote the caller's own input back (`Cannot sort by "password_hash"`): no leak.
  const body = probe.echo && res.statusCode >= 400 ? res.body.replaceAll(probe.echo, '') : res.body;
  for (const text of FORBIDDEN_TEXT)
    if (body.includes(text)) problems.push(`body contains ${JSON.stringify(text)}`);
  if (res.statusCode >= 300 && method !== 'HEAD' && !probe.routerLevel) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      problems.push(`non-JSON error body: ${res.body.slice(0, 200)}`);
    }
    const check = ZErrorBody.safeParse(parsed);
    if (parsed !== undefined && !check.success)
      problems.push(`error body off schema: ${res.body.slice(0, 200)}`);
    if (!String(res.headers['content-type']).startsWith('application/json'))
      problems.push(`error content-type ${res.headers['content-type']}`);
  }
  return problems;
}

/** Each probe from its own address: the per-IP limits of public routes are not what this sweep tests. */
let probeNo = 0;
const nextAddress = () => {
  probeNo++;
  return `10.${(probeNo >> 16) & 255}.${(probeNo >> 8) & 255}.${probeNo & 255}`;
};

export async function run(route: TRouteEntry, probes: TProbe[]) {
  const failures: string[] = [];
  let rejected = 0;
  // The state after a probe is the state before the next one, unless a new login came between (it writes).
  let before: number | undefined;
  let login = '';
  for (const probe of probes) {
    const headers: Record<string, string> = { ...(await adminHeaders()) };
    if (probe.payload !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
    if (headers.authorization !== login || before === undefined) before = await snapshot();
    login = headers.authorization ?? '';
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: probe.url,
      remoteAddress: nextAddress(),
      headers,
      ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
    });
    const problems = inspect(res, route.method, probe);
    if (
      probe.bodyStatus &&
      BODY_METHODS.has(route.method) &&
      !RAW_BODY_ROUTES.has(`${route.method} ${route.url}`) &&
      !(probe.bodyStatus === 413 && LARGE_BODY_ROUTES.has(`${route.method} ${route.url}`)) &&
      res.statusCode !== probe.bodyStatus
    )
      problems.push(`status ${res.statusCode}, expected ${probe.bodyStatus}: ${res.body.slice(0, 200)}`);
    const after = await snapshot();
    if (res.statusCode >= 300) {
      rejected++;
      if (after !== before)
        problems.push(`rejected (${res.statusCode}) but wrote: ${(await writtenSince(before)).join(', ')}`);
    }
    before = after;
    for (const p of problems)
      failures.push(`${route.method} ${probe.url.slice(0, 120)} [${probe.label}]: ${p}`);
  }
  return { failures, rejected };
}

/** The routes under test, the body fields per route, and a valid administrator's headers. */
export const sweep = {
  get app() {
    return t;
  },
  get routes() {
    return routes;
  },
  get bodyProps() {
    return bodyProps;
  },
  adminHeaders: () => adminHeaders(),
  /** The number of the last row written so far: equal before and after means nothing was written. */
  written: () => snapshot(),
};
