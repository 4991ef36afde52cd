// The generic resource factory (spec platform §7), exercised through /api/users and /api/userrole.
import { ZUser } from '@atoll/domain/users';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TTestApp } from '../../test/harness.ts';
import { userRoles, users } from '../db/schema.ts';
import { MAX_LIST_ROWS } from './resource.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let adminId: number;

const PAGING = 30;
const pagingEmail = (i: number) => `page${String(i).padStart(2, '0')}@list.test`;
const pagingName = (i: number) => `Paging User ${String(i).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login(...DEMO.admin), t.login(...DEMO.staff)]);
  adminId = (await userByEmail(DEMO.admin[0])).id;
  await t.database.db.insert(users).values(
    Array.from({ length: PAGING }, (_, k) => ({
      email: pagingEmail(k + 1),
      name: pagingName(k + 1),
      phone: k < 3 ? `+49 555 000${k}` : null,
      userType: k % 2 ? 'employee' : 'Default',
    })),
  );
});
afterAll(() => t?.close());

async function userByEmail(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

const get = (url: string, token: string | undefined = admin) => t.call('GET', url, token);
const post = (url: string, payload: unknown, token: string | undefined = admin) =>
  t.call('POST', url, token, payload);
const del = (url: string, token: string | undefined = admin) => t.call('DELETE', url, token);

const qs = (query: Record<string, string | number | object>) =>
  new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [
      k,
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  ).toString();

async function list(
  query: Record<string, string | number | object> = {},
  token = admin,
  base = '/api/users',
) {
  const res = await get(`${base}?${qs(query)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; [k: string]: unknown }[];
    total: number;
    page: number;
    size: number;
  };
}

/** Every non-2xx answer has the error body of the API contract. */
function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ error: code, message: code, statusCode: status, method: res.raw.req.method });
  expect(typeof body.description).toBe('string');
  expect(body.path).toMatch(/^\/api\//);
  expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  expect(res.body).not.toMatch(/\bat .*\.ts:\d+/); // never a stack trace
  return body as { details?: { path: string }[] };
}

const ONLY_PAGING = { email: { $like: '@list.test' } };

/** CSV text without the BOM, split into lines (the last line ends with CRLF). */
function csvLines(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const lines = body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
}

describe('list: answer and defaults', () => {
  it('answers { data, total, page, size } with page 1, size 25, sorted by id ascending', async () => {
    const body = await list();
    expect(Object.keys(body).sort()).toEqual(['data', 'page', 'size', 'total']);
    expect(body.page).toBe(1);
    expect(body.size).toBe(25);
    expect(body.total).toBe(await userCount());
    expect(body.total).toBe(PAGING + 4);
    expect(body.data).toHaveLength(25);
    const ids = body.data.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const [first] = await t.database.db.select({ id: sql<number>`min(${users.id})` }).from(users);
    expect(ids[0]).toBe(first?.id);
  });

  it('answers users in the API shape without any password data', async () => {
    const res = await get('/api/users?size=0');
    for (const user of res.json().data) expect(ZUser.strict().safeParse(user).success).toBe(true);
    expect(res.body).not.toMatch(/password|argon2/i);
  });
});

describe('list: paging and sorting', () => {
  it('pages through a known number of rows without gaps or overlaps', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await list({ filter: ONLY_PAGING, size: 8, page });
      expect(body).toMatchObject({ total: PAGING, page, size: 8 });
      expect(body.data).toHaveLength(page < 4 ? 8 : PAGING - 24);
      seen.push(...body.data.map((u) => u.id));
    }
    expect(new Set(seen).size).toBe(PAGING);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const beyond = await list({ filter: ONLY_PAGING, size: 8, page: 5 });
    expect(beyond).toMatchObject({ data: [], total: PAGING, page: 5 });
  });

  it('sorts descending with order -1, on id and on another sortable column', async () => {
    const down = await list({ filter: ONLY_PAGING, size: 0, order: -1 });
    const ids = down.data.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byName = await list({ filter: ONLY_PAGING, size: 5, sort: 'name', order: -1 });
    expect(byName.data.map((u) => u.name)).toEqual([30, 29, 28, 27, 26].map(pagingName));
    const byNameUp = await list({ filter: ONLY_PAGING, size: 3, sort: 'name', order: '1' });
    expect(byNameUp.data.map((u) => u.name)).toEqual([1, 2, 3].map(pagingName));
  });

  it('breaks ties by id so that pages are stable', async () => {
    const a = await list({ filter: ONLY_PAGING, sort: 'userType', size: 0 });
    const types = a.data.map((u) => u.userType as string);
    expect(types.slice(0, PAGING / 2).every((x) => x === 'Default')).toBe(true);
    const defaults = a.data.slice(0, PAGING / 2).map((u) => u.id);
    expect(defaults).toEqual([...defaults].sort((x, y) => x - y));
  });

  it.each([
    ['a column that is not sortable', 'sort=phone'],
    ['an unknown column', 'sort=nope'],
    ['the password hash', 'sort=passwordHash'],
    ['a property of Object.prototype', 'sort=constructor'],
    ['SQL', 'sort=id%3Bdrop%20table%20users'],
    ['an order other than 1 or -1', 'order=2'],
    ['order 0', 'order=0'],
    ['page 0', 'page=0'],
    ['a negative page', 'page=-1'],
    ['a page that is not a number', 'page=abc'],
    ['a fractional size', 'size=2.5'],
    ['a negative size', 'size=-1'],
    ['a size over 100000', 'size=100001'],
  ])('refuses %s with 400', async (_, query) => {
    expectError(await get(`/api/users?${query}`), 400, 'ValidationError');
    expectError(await get(`/api/users/listCSV?${query}`), 400, 'ValidationError');
  });

  it('answers all rows for size=0 and caps a large size at MAX_LIST_ROWS', async () => {
    const all = await list({ size: 0 });
    expect(all.total).toBe(await userCount());
    expect(all.data).toHaveLength(all.total);
    expect(all.size).toBe(MAX_LIST_ROWS);
    const large = await list({ size: 100_000 });
    expect(large.data).toHaveLength(all.total);
    expect(large.size).toBe(MAX_LIST_ROWS);
  });
});

describe('list: search and filter', () => {
  it('searches case-insensitively for a part of the name, e-mail or phone', async () => {
    const byName = await list({ search: 'pAgInG uSeR 0', size: 0 });
    expect(byName.data.map((u) => u.name).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(pagingName));
    expect(byName.total).toBe(9);
    expect((await list({ search: 'LIST.TEST' })).total).toBe(PAGING);
    expect((await list({ search: '555 0001' })).data.map((u) => u.email)).toEqual([pagingEmail(2)]);
    expect((await list({ search: '  demo admin  ' })).data.map((u) => u.email)).toEqual([DEMO.admin[0]]);
  });

  it('does not search other columns and takes wildcards literally', async () => {
    expect((await list({ search: 'employee' })).total).toBe(0);
    expect((await list({ search: '%' })).total).toBe(0);
    expect((await list({ search: '_' })).total).toBe(0);
  });

  it('combines search, filter and paging', async () => {
    const body = await list({ search: 'paging', filter: { userType: 'employee' }, size: 5, page: 2 });
    expect(body.total).toBe(PAGING / 2);
    expect(body.data).toHaveLength(5);
    expect(body.data.every((u) => u.userType === 'employee')).toBe(true);
  });

  it('filters with the JSON query end to end', async () => {
    const staffId = (await userByEmail(DEMO.staff[0])).id;
    expect((await list({ filter: { id: adminId } })).data.map((u) => u.id)).toEqual([adminId]);
    expect((await list({ filter: { id: { $in: [adminId, staffId] } } })).total).toBe(2);
    expect((await list({ filter: { phone: null, ...ONLY_PAGING } })).total).toBe(PAGING - 3);
    expect((await list({ filter: { phone: { $ne: null } } })).total).toBe(3);
    const either = { $or: [{ email: DEMO.admin[0] }, { name: { $like: 'paging user 3' } }] };
    expect((await list({ filter: either, size: 0 })).data.map((u) => u.email)).toEqual([
      DEMO.admin[0],
      pagingEmail(30),
    ]);
    expect((await list({ filter: { createdAt: { $gt: '2000-01-01T00:00:00Z' } } })).total).toBe(
      await userCount(),
    );
    expect((await list({ filter: { lastLoginAt: { $ne: null } } })).total).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['invalid JSON', '{email:1}'],
    ['an array', '[{"id":1}]'],
    ['an unknown field', '{"nope":1}'],
    ['the password hash', '{"passwordHash":{"$like":"$argon2"}}'],
    ['the password hash column name', '{"password_hash":{"$ne":null}}'],
    ['an unknown operator', '{"email":{"$regex":".*"}}'],
    ['$where', '{"$where":"1=1"}'],
    ['a text for a number', '{"id":"abc"}'],
    ['an empty $in', '{"id":{"$in":[]}}'],
    ['too many $in values', JSON.stringify({ id: { $in: Array.from({ length: 1001 }, (_, i) => i + 1) } })],
  ])('refuses a filter with %s with 400 ValidationError', async (_, filter) => {
    const query = `filter=${encodeURIComponent(filter)}`;
    const body = expectError(await get(`/api/users?${query}`), 400, 'ValidationError');
    expect(body.details?.length).toBeGreaterThan(0);
    expectError(await get(`/api/users/listCSV?${query}`), 400, 'ValidationError');
  });

  it('finds nothing for SQL in a filter value, and the table survives', async () => {
    const before = await userCount();
    const body = await list({ filter: { name: "x'; drop table users; --" } });
    expect(body).toMatchObject({ data: [], total: 0 });
    expect((await list({ search: "'; delete from users; --" })).total).toBe(0);
    expect(await userCount()).toBe(before);
  });
});

describe('listCSV', () => {
  it('streams text/csv with a BOM, a header row and the filtered rows in list order', async () => {
    const filter = { ...ONLY_PAGING, userType: 'employee' };
    const res = await get(`/api/users/listCSV?${qs({ filter, sort: 'name', order: -1 })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const lines = csvLines(res.body);
    // Nested objects in their own columns: the permissions' scopes, each setting, the active asset.
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 3)).toEqual(['id', 'email', 'name']);
    expect(header).toEqual(
      expect.arrayContaining([
        'permissions.scope',
        'settings.language',
        'activeAsset.ref',
        'activeAsset.type',
      ]),
    );
    expect(header).not.toContain('settings');
    const listed = await list({ filter, sort: 'name', order: -1, size: 0 });
    expect(lines).toHaveLength(listed.total + 1);
    const emailColumn = header.indexOf('email');
    expect(lines.slice(1).map((l) => l.split(',')[emailColumn])).toEqual(listed.data.map((u) => u.email));
  });

  it('ignores paging: the export holds every matching row', async () => {
    const res = await get(`/api/users/listCSV?${qs({ filter: ONLY_PAGING, size: 5, page: 3 })}`);
    expect(csvLines(res.body)).toHaveLength(PAGING + 1);
  });

  it('applies the search as well', async () => {
    const res = await get(`/api/users/listCSV?${qs({ search: 'DEMO ADMIN' })}`);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(DEMO.admin[0]);
  });

  it('never contains a password or its hash', async () => {
    const res = await get('/api/users/listCSV');
    expect(csvLines(res.body)).toHaveLength((await userCount()) + 1);
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('exports roles through the same factory', async () => {
    const res = await get('/api/userrole/listCSV');
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('id,name,description,scopes,createdAt,updatedAt');
    // A list of scopes is one cell, the scopes side by side (quoted: the file is comma-separated).
    expect(lines[1]).toMatch(/^\d+,Staff,Reservation office,"user, /);
  });
});

describe('GET {id}', () => {
  it('answers one user as the list does', async () => {
    const res = await get(`/api/users/${adminId}`);
    expect(res.statusCode).toBe(200);
    const [fromList] = (await list({ filter: { id: adminId } })).data;
    expect(res.json()).toEqual(fromList);
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('answers 404 for an id that does not exist', async () => {
    expectError(await get('/api/users/999999'), 404, 'NOT_FOUND');
    expectError(await get('/api/userrole/999999'), 404, 'NOT_FOUND');
  });

  it.each(['0', '-1', '1.5', '2147483648', '1;drop'])('answers 400 for the id %j', async (id) => {
    expectError(await get(`/api/users/${id}`), 400, 'ValidationError');
  });

  it('answers 404 Route not found for a word where the id goes', async () => {
    expectError(await get('/api/users/abc'), 404, 'NOT_FOUND');
  });
});

describe('POST {id}: update', () => {
  let id: number;
  beforeAll(async () => {
    const res = await post('/api/users', {
      email: 'update.me@edit.test',
      name: 'Update Me',
      userType: 'employee',
      phone: '+49 1',
      settings: { defaultDashboardDays: 7, showCustomersInBookingList: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
  });

  it('changes only the fields in the body', async () => {
    const res = await post(`/api/users/${id}`, { phone: '+49 2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      email: 'update.me@edit.test',
      name: 'Update Me',
      userType: 'employee',
      phone: '+49 2',
      settings: { defaultDashboardDays: 7, showCustomersInBookingList: false },
    });
    expect((await get(`/api/users/${id}`)).json()).toMatchObject({ name: 'Update Me', phone: '+49 2' });
  });

  it('merges a settings patch into the stored settings', async () => {
    const res = await post(`/api/users/${id}`, { settings: { language: 'en' } });
    expect(res.json().settings).toEqual({
      language: 'en',
      defaultDashboardDays: 7,
      showCustomersInBookingList: false,
      showInvertedCurrencyExchange: false,
      bookingListFilters: [],
    });
  });

  it('sets updatedAt and can clear a nullable field', async () => {
    const before = (await get(`/api/users/${id}`)).json();
    const res = await post(`/api/users/${id}`, { phone: null });
    expect(res.json().phone).toBeNull();
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(res.json().createdAt).toBe(before.createdAt);
  });

  it('strips unknown keys, also ones that name stored columns', async () => {
    const before = await userByEmail('update.me@edit.test');
    const res = await post(`/api/users/${id}`, {
      passwordHash: 'x',
      password_hash: 'x',
      id: 1,
      verifiedAt: null,
      scopes: ['admin'],
      createdAt: '2000-01-01T00:00:00Z',
      nonsense: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await userByEmail('update.me@edit.test');
    expect(after.id).toBe(id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.scopes).toEqual(before.scopes);
    expect(after.verifiedAt).toEqual(before.verifiedAt);
    expect(after.createdAt).toEqual(before.createdAt);
  });

  it.each([
    ['a number for a text', { name: 5 }],
    ['an unknown user type', { userType: 'admin' }],
    ['an invalid e-mail', { email: 'not-an-email' }],
    ['a text for a list', { roleIds: '1' }],
    ['a wrong settings type', { settings: { defaultDashboardDays: 'many' } }],
    ['a non-object body', [1, 2]],
  ])('refuses %s with 400', async (_, body) => {
    const res = await post(`/api/users/${id}`, body);
    const error = expectError(res, 400, 'ValidationError');
    expect(error.details?.length).toBeGreaterThan(0);
    expect((await get(`/api/users/${id}`)).json().name).toBe('Update Me');
  });

  it('answers 404 for a missing user and 409 for an e-mail taken in another case', async () => {
    expectError(await post('/api/users/999999', { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await post(`/api/users/${id}`, { email: 'ADMIN@example.com' }), 409, 'CONFLICT');
  });
});

describe('POST base: create', () => {
  it('creates with 201 and answers the new user without password data', async () => {
    const before = await userCount();
    const res = await post('/api/users', {
      email: 'New.User@create.test',
      name: 'New',
      password: 'secret-123',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      email: 'New.User@create.test',
      name: 'New',
      userType: 'Default',
      verified: true,
    });
    expect(body.id).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/password|argon2/i);
    expect(await userCount()).toBe(before + 1);
    expect(await t.login('new.user@create.test', 'secret-123')).toBeTruthy();
  });

  it('answers 409 CONFLICT for an e-mail that exists in another case', async () => {
    const before = await userCount();
    expectError(await post('/api/users', { email: 'NEW.user@CREATE.test' }), 409, 'CONFLICT');
    expectError(await post('/api/users', { email: 'Staff@Example.com' }), 409, 'CONFLICT');
    expect(await userCount()).toBe(before);
  });

  it('refuses a body without e-mail or with wrong types, and a too short password', async () => {
    expectError(await post('/api/users', { name: 'x' }), 400, 'ValidationError');
    expectError(await post('/api/users', { email: 'a@b.test', vessels: 'all' }), 400, 'ValidationError');
    expectError(
      await post('/api/users', { email: 'short@create.test', password: 'abc' }),
      400,
      'PASSWORD_TOO_SHORT',
    );
    expectError(
      await post('/api/users', { email: 'norole@create.test', roleIds: [999999] }),
      400,
      'ValidationError',
    );
  });
});

describe('POST {id}/copy', () => {
  it('answers 201 with a new id, a new e-mail and the same rights', async () => {
    const source = await userByEmail(DEMO.staff[0]);
    const res = await post(`/api/users/${source.id}/copy`, undefined);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy.email).not.toBe(source.email);
    expect(copy.email).toMatch(/^staff\+copy-.+@example\.com$/);
    expect(copy.roleIds).toEqual(source.roleIds);
    expect(copy.permissions.scope).toEqual(source.scopes);
    expect(copy.verified).toBe(false);
    expect(res.body).not.toMatch(/password|argon2/i);
    expect((await userByEmail(copy.email)).passwordHash).toBeNull();
    expect((await get(`/api/users/${copy.id}`)).statusCode).toBe(200);
  });

  it('copies twice without a clash, and answers 404 for a missing source', async () => {
    const source = await userByEmail(DEMO.agent[0]);
    const [a, b] = await Promise.all([
      post(`/api/users/${source.id}/copy`, undefined),
      post(`/api/users/${source.id}/copy`, undefined),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expectError(await post('/api/users/999999/copy', undefined), 404, 'NOT_FOUND');
  });
});

describe('DELETE {id}', () => {
  it('deletes with 200 and answers 404 afterwards', async () => {
    const created = (await post('/api/users', { email: 'gone@delete.test' })).json();
    const res = await del(`/api/users/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id });
    expectError(await get(`/api/users/${created.id}`), 404, 'NOT_FOUND');
    expectError(await del(`/api/users/${created.id}`), 404, 'NOT_FOUND');
    expect((await list({ filter: { email: 'gone@delete.test' } })).total).toBe(0);
  });

  it('refuses to delete one’s own account with 400', async () => {
    expectError(await del(`/api/users/${adminId}`), 400, 'ValidationError');
    expect((await get(`/api/users/${adminId}`)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one, 404 for a word', async () => {
    expectError(await del('/api/users/1.5'), 400, 'ValidationError');
    expectError(await del('/api/users/abc'), 404, 'NOT_FOUND');
  });
});

describe('userrole through the same factory', () => {
  it('lists, creates, reads, updates partially, copies and deletes a role', async () => {
    const listed = await list({}, admin, '/api/userrole');
    expect(listed).toMatchObject({ total: 1, page: 1, size: 25 });
    expect(listed.data[0]).toMatchObject({ name: 'Staff', description: 'Reservation office' });

    const created = await post('/api/userrole', {
      name: 'Auditors',
      scopes: ['bookings.read', 'users.read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({
      name: 'Auditors',
      description: null,
      scopes: ['bookings.read', 'users.read'],
    });

    const renamed = await post(`/api/userrole/${role.id}`, { description: 'Read only' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Auditors', description: 'Read only', scopes: role.scopes });
    expect((await get(`/api/userrole/${role.id}`)).json().scopes).toEqual(role.scopes);

    expect((await list({ search: 'AUDIT' }, admin, '/api/userrole')).data.map((r) => r.id)).toEqual([
      role.id,
    ]);
    expectError(await post('/api/userrole', { name: 'Auditors' }), 409, 'CONFLICT');
    expectError(await post('/api/userrole', { name: '' }), 400, 'ValidationError');

    const copy = await post(`/api/userrole/${role.id}/copy`, undefined);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().id).not.toBe(role.id);
    expect(copy.json().scopes).toEqual(role.scopes);
    expect(copy.json().name).toMatch(/^Auditors \(copy /);

    expect((await del(`/api/userrole/${copy.json().id}`)).statusCode).toBe(200);
    expectError(await get(`/api/userrole/${copy.json().id}`), 404, 'NOT_FOUND');
    const [row] = await t.database.db.select().from(userRoles).where(eq(userRoles.id, role.id));
    expect(row?.scopes).toEqual(['bookings.read', 'users.read']);
  });

  it('refuses to sort roles by an undeclared column', async () => {
    expectError(await get('/api/userrole?sort=scopes'), 400, 'ValidationError');
  });
});

describe('access to the seven calls', () => {
  let otherId: number;
  let roleId: number;
  beforeAll(async () => {
    otherId = (await userByEmail(DEMO.agent[0])).id;
    const [role] = await t.database.db.select().from(userRoles).where(eq(userRoles.name, 'Staff'));
    roleId = role?.id ?? 0;
  });

  /** The seven calls of a resource, each sent with the token of the moment. */
  const seven = (
    base: string,
    id: () => number,
    token: () => string | undefined,
  ): [string, () => Promise<LightMyRequestResponse>][] => [
    ['GET list', () => t.call('GET', base, token())],
    ['GET listCSV', () => t.call('GET', `${base}/listCSV`, token())],
    ['GET {id}', () => t.call('GET', `${base}/${id()}`, token())],
    ['DELETE {id}', () => t.call('DELETE', `${base}/${id()}`, token())],
    ['POST {id}/copy', () => t.call('POST', `${base}/${id()}/copy`, token())],
    ['POST {id}', () => t.call('POST', `${base}/${id()}`, token(), { name: 'x' })],
    ['POST base', () => t.call('POST', base, token(), { email: 'x@access.test', name: 'x' })],
  ];
  const withToken = seven;

  it.each(
    withToken(
      '/api/users',
      () => otherId,
      () => undefined,
    ),
  )('users %s without login → 401', async (_, send) => {
    expectError(await send(), 401, 'UNAUTHORIZED');
  });

  it.each(
    withToken(
      '/api/userrole',
      () => roleId,
      () => undefined,
    ),
  )('userrole %s without login → 401', async (_, send) => {
    expectError(await send(), 401, 'UNAUTHORIZED');
  });

  it.each(
    withToken(
      '/api/users',
      () => otherId,
      () => 'not-a-valid-token'.repeat(4),
    ),
  )('users %s with an unknown token → 401', async (_, send) => {
    expectError(await send(), 401, 'UNAUTHORIZED');
  });

  // Staff hold users.self (their profile) but no other users scope: writes are refused, reads
  // show their own record only.
  it.each(
    withToken(
      '/api/users',
      () => otherId,
      () => staff,
    ).filter(([name]) => !name.startsWith('GET')),
  )('users %s as staff → 403', async (_, send) => {
    expectError(await send(), 403, 'FORBIDDEN');
  });

  it('users GET as staff shows only their own record, another id is not found', async () => {
    const list = await t.call('GET', '/api/users', staff);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((u: { email: string }) => u.email)).toEqual([DEMO.staff[0]]);
    const csv = await t.call('GET', '/api/users/listCSV', staff);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expectError(await t.call('GET', `/api/users/${otherId}`, staff), 404, 'NOT_FOUND');
  });

  it.each(
    withToken(
      '/api/userrole',
      () => roleId,
      () => staff,
    ),
  )('userrole %s as staff → 403', async (_, send) => {
    expectError(await send(), 403, 'FORBIDDEN');
  });

  it('left every user and role in place', async () => {
    expect((await get(`/api/users/${otherId}`)).json().name).toBe('Demo Agent');
    expect((await get(`/api/userrole/${roleId}`)).json().name).toBe('Staff');
    expect((await list({ filter: { email: 'x@access.test' } })).total).toBe(0);
  });
});

describe('self filter (users.self)', () => {
  let self: string;
  let selfId: number;
  let otherId: number;
  beforeAll(async () => {
    const res = await post('/api/users', {
      email: 'self@self.test',
      name: 'Self Only',
      permissions: { scope: ['users.self'] },
      password: 'self-password',
    });
    expect(res.statusCode, res.body).toBe(201);
    selfId = res.json().id;
    otherId = (await userByEmail(DEMO.staff[0])).id;
    self = await t.login('self@self.test', 'self-password');
  });

  it('lists exactly one row: the user themselves', async () => {
    const body = await list({}, self);
    expect(body.total).toBe(1);
    expect(body.data.map((u) => u.id)).toEqual([selfId]);
    expect((await list({ size: 0, filter: { email: { $like: '@' } } }, self)).total).toBe(1);
    expect((await list({ search: 'demo' }, self)).total).toBe(0);
    expect((await list({ filter: { id: otherId } }, self)).total).toBe(0);
    expect((await list({ filter: { $or: [{ id: otherId }, { id: selfId }] } }, self)).total).toBe(1);
  });

  it('exports exactly one row in listCSV', async () => {
    const res = await get('/api/users/listCSV', self);
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('self@self.test');
  });

  it('reads their own record and gets 404 for anyone else', async () => {
    expect((await get(`/api/users/${selfId}`, self)).json().email).toBe('self@self.test');
    expectError(await get(`/api/users/${otherId}`, self), 404, 'NOT_FOUND');
    expectError(await get(`/api/users/${adminId}`, self), 404, 'NOT_FOUND');
  });

  it('cannot update, delete, copy or create (403)', async () => {
    for (const id of [selfId, otherId]) {
      expectError(await post(`/api/users/${id}`, { name: 'hacked' }, self), 403, 'FORBIDDEN');
      expectError(await del(`/api/users/${id}`, self), 403, 'FORBIDDEN');
      expectError(await post(`/api/users/${id}/copy`, undefined, self), 403, 'FORBIDDEN');
    }
    expectError(await post('/api/users', { email: 'by-self@self.test' }, self), 403, 'FORBIDDEN');
    expect((await userByEmail(DEMO.staff[0])).name).toBe('Demo Staff');
    expect((await userByEmail('self@self.test')).name).toBe('Self Only');
  });

  it('sees no roles: users.self opens no other resource', async () => {
    expectError(await get('/api/userrole', self), 403, 'FORBIDDEN');
  });

  it('with users.update as well, changes only their own record', async () => {
    await t.database.db
      .update(users)
      .set({ scopes: ['users.self', 'users.update'] })
      .where(eq(users.id, selfId));
    expect((await post(`/api/users/${selfId}`, { name: 'Self Renamed' }, self)).statusCode).toBe(200);
    expectError(await post(`/api/users/${otherId}`, { name: 'hacked' }, self), 404, 'NOT_FOUND');
    expect((await userByEmail(DEMO.staff[0])).name).toBe('Demo Staff');
    await t.database.db
      .update(users)
      .set({ scopes: ['users.self'] })
      .where(eq(users.id, selfId));
  });

  it('refuses a user who holds customers.self only', async () => {
    await t.database.db
      .update(users)
      .set({ scopes: ['customers.self'] })
      .where(eq(users.id, selfId));
    const customerOnly = await t.login('self@self.test', 'self-password');
    expectError(await get('/api/users', customerOnly), 403, 'FORBIDDEN');
    expectError(await get('/api/users/listCSV', customerOnly), 403, 'FORBIDDEN');
    expectError(await get(`/api/users/${otherId}`, customerOnly), 403, 'FORBIDDEN');
    await t.database.db
      .update(users)
      .set({ scopes: ['users.self'] })
      .where(eq(users.id, selfId));
  });
});

// Last: it adds more than MAX_LIST_ROWS users.
describe('the cap on all rows', () => {
  beforeAll(async () => {
    await t.database.db.execute(
      sql`insert into users (email, name) select 'bulk' || g || '@bulk.test', 'Bulk ' || g from generate_series(1, ${MAX_LIST_ROWS + 5}) g`,
    );
  });

  it('answers at most MAX_LIST_ROWS rows for size=0, with the full total', async () => {
    const body = await list({ size: 0 });
    expect(body.total).toBe(await userCount());
    expect(body.total).toBeGreaterThan(MAX_LIST_ROWS);
    expect(body.data).toHaveLength(MAX_LIST_ROWS);
    expect(body.size).toBe(MAX_LIST_ROWS);
  });

  it('exports at most MAX_LIST_ROWS rows in listCSV', async () => {
    const res = await get('/api/users/listCSV');
    expect(csvLines(res.body)).toHaveLength(MAX_LIST_ROWS + 1);
  });
});
