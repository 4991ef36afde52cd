// Users and roles beyond the generic calls: who may grant what, how roles reach the session, the
// extra read calls, and that no answer ever carries a password hash.
import { USER_TYPES } from '@atoll/domain/users';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { userLogins, userRoles, users } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let adminId: number;
let staffId: number;
let staffRoleId: number;

/** Every answer of this file, checked at the end for password data. */
const answers: { url: string; body: string }[] = [];

type TMethod = 'GET' | 'POST' | 'DELETE';
async function call(method: TMethod, url: string, token?: string, payload?: unknown) {
  const res = await t.call(method, url, token, payload);
  answers.push({ url: `${method} ${url}`, body: res.body });
  return res;
}
const get = (url: string, token?: string) => call('GET', url, token);
const post = (url: string, token: string | undefined, payload?: unknown) => call('POST', url, token, payload);
const del = (url: string, token?: string) => call('DELETE', url, token);

const forbidden = (res: LightMyRequestResponse) => expectError(res, 403, 'FORBIDDEN');

async function row(email: string) {
  const [found] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!found) throw new Error(`no user ${email}`);
  return found;
}
const exists = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

/** Creates a user as admin and logs them in. */
async function account(email: string, body: Record<string, unknown>) {
  const res = await post('/api/users', admin, { email, password: 'pass-word-1', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, token: await t.login(email, 'pass-word-1') };
}

async function role(name: string, scopes: string[]) {
  const res = await post('/api/userrole', admin, { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function scopesOf(token: string) {
  const res = await get('/api/users/self', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().scopes as string[];
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login(...DEMO.admin), t.login(...DEMO.staff)]);
  adminId = (await row(DEMO.admin[0])).id;
  const staffRow = await row(DEMO.staff[0]);
  staffId = staffRow.id;
  staffRoleId = staffRow.roleIds[0] ?? 0;
});
afterAll(() => t?.close());

// A user manager: may read, create, update and delete users, but holds only two booking scopes.
const MANAGER_SCOPES = [
  'users.read',
  'users.create',
  'users.update',
  'users.delete',
  'bookings.read',
  'bookings.update',
];

describe('privilege escalation', () => {
  let manager: { id: number; token: string };
  let readersRole: number;
  let rootRole: number;
  let rootUser: number;

  beforeAll(async () => {
    manager = await account('manager@esc.test', { permissions: { scope: MANAGER_SCOPES } });
    readersRole = await role('Readers', ['bookings.read']);
    rootRole = await role('Root', ['admin']);
    rootUser = (await account('root@esc.test', { roleIds: [rootRole] })).id;
  });

  describe('creating users', () => {
    it.each([
      ['admin', ['admin']],
      ['admin among held scopes', ['bookings.read', 'admin']],
      ['a scope not held', ['customers.read']],
      ['a wildcard over a held scope', ['bookings.*']],
      ['a short wildcard', ['b*']],
      ['a users wildcard', ['users.*']],
    ])('refuses %s with 403', async (_, scope) => {
      const email = `esc-${scope.join('-').replace(/\W/g, '')}@esc.test`;
      forbidden(await post('/api/users', manager.token, { email, permissions: { scope } }));
      expect(await exists(email)).toBe(false);
    });

    it('refuses a role whose scopes the manager does not hold', async () => {
      forbidden(await post('/api/users', manager.token, { email: 'r1@esc.test', roleIds: [staffRoleId] }));
      forbidden(
        await post('/api/users', manager.token, { email: 'r2@esc.test', roleIds: [readersRole, rootRole] }),
      );
      expect(await exists('r1@esc.test')).toBe(false);
      expect(await exists('r2@esc.test')).toBe(false);
    });

    it('allows scopes and roles the manager holds', async () => {
      const res = await post('/api/users', manager.token, {
        email: 'ok@esc.test',
        permissions: { scope: ['bookings.read', 'users.read'] },
        roleIds: [readersRole],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        permissions: { scope: ['bookings.read', 'users.read'] },
        roleIds: [readersRole],
      });
    });

    it('lets admin grant anything', async () => {
      const res = await post('/api/users', admin, {
        email: 'admin2@esc.test',
        permissions: { scope: ['admin', 'customers.*'] },
        roleIds: [staffRoleId, rootRole],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().permissions.scope).toEqual(['admin', 'customers.*']);
    });
  });

  describe('editing users', () => {
    let target: number;
    beforeAll(async () => {
      target = (
        await post('/api/users', admin, { email: 'target@esc.test', permissions: { scope: ['tours.read'] } })
      ).json().id;
    });

    it('refuses to add admin, a scope not held or a foreign role, also to oneself', async () => {
      for (const id of [target, manager.id]) {
        forbidden(await post(`/api/users/${id}`, manager.token, { permissions: { scope: ['admin'] } }));
        forbidden(
          await post(`/api/users/${id}`, manager.token, { permissions: { scope: ['customers.delete'] } }),
        );
        forbidden(await post(`/api/users/${id}`, manager.token, { roleIds: [staffRoleId] }));
        forbidden(await post(`/api/users/${id}`, manager.token, { roleIds: [rootRole] }));
      }
      expect((await row('target@esc.test')).scopes).toEqual(['tours.read']);
      expect((await row('manager@esc.test')).scopes).toEqual(MANAGER_SCOPES);
      expect(await scopesOf(manager.token)).not.toContain('admin');
    });

    it('allows changes that grant nothing new', async () => {
      const renamed = await post(`/api/users/${target}`, manager.token, { name: 'Renamed' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // tours.read is not the manager's to give, but the user has it already.
      const added = await post(`/api/users/${target}`, manager.token, {
        permissions: { scope: ['tours.read', 'bookings.read'] },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().permissions.scope).toEqual(['tours.read', 'bookings.read']);
      const removed = await post(`/api/users/${target}`, manager.token, { permissions: { scope: [] } });
      expect(removed.json().permissions.scope).toEqual([]);
      forbidden(
        await post(`/api/users/${target}`, manager.token, { permissions: { scope: ['tours.read'] } }),
      );
    });

    it('refuses to edit, copy, delete or reset the password of an admin, also an admin by role', async () => {
      for (const id of [adminId, rootUser]) {
        forbidden(await post(`/api/users/${id}`, manager.token, { name: 'Pwned' }));
        forbidden(await post(`/api/users/${id}`, manager.token, { password: 'taken-over-1' }));
        forbidden(await post(`/api/users/${id}/copy`, manager.token));
        forbidden(await del(`/api/users/${id}`, manager.token));
      }
      forbidden(await post(`/api/users/${adminId}/password`, manager.token, { password: 'taken-over-1' }));
      expect((await row(DEMO.admin[0])).name).toBe('Demo Admin');
      expect((await row('root@esc.test')).name).toBe('');
      expect(await t.login(...DEMO.admin)).toBeTruthy();
      expect(await t.login('root@esc.test', 'pass-word-1')).toBeTruthy();
    });

    it('refuses to copy a user whose rights the manager does not hold', async () => {
      forbidden(await post(`/api/users/${staffId}/copy`, manager.token));
      const ok = await post('/api/users', admin, {
        email: 'copyable@esc.test',
        permissions: { scope: ['bookings.read'] },
      });
      const copy = await post(`/api/users/${ok.json().id}/copy`, manager.token);
      expect(copy.statusCode, copy.body).toBe(201);
      expect(copy.json().permissions.scope).toEqual(['bookings.read']);
    });

    it('lets the manager delete an ordinary user', async () => {
      const victim = (await post('/api/users', admin, { email: 'victim@esc.test' })).json().id;
      expect((await del(`/api/users/${victim}`, manager.token)).statusCode).toBe(200);
      expect(await exists('victim@esc.test')).toBe(false);
    });

    it('lets admin edit and delete another admin', async () => {
      expect((await post(`/api/users/${rootUser}`, admin, { name: 'Root' })).statusCode).toBe(200);
      const other = (
        await post('/api/users', admin, { email: 'admin3@esc.test', permissions: { scope: ['admin'] } })
      ).json();
      expect(
        (await post(`/api/users/${other.id}`, admin, { permissions: { scope: ['admin', 'user'] } }))
          .statusCode,
      ).toBe(200);
      expect((await post(`/api/users/${other.id}/copy`, admin)).statusCode).toBe(201);
      expect((await del(`/api/users/${other.id}`, admin)).statusCode).toBe(200);
    });
  });

  describe('roles via /api/userrole', () => {
    it('refuses to put admin or a scope not held into a new role', async () => {
      forbidden(await post('/api/userrole', manager.token, { name: 'Sneaky', scopes: ['admin'] }));
      forbidden(
        await post('/api/userrole', manager.token, {
          name: 'Sneaky',
          scopes: ['bookings.read', 'customers.read'],
        }),
      );
      forbidden(await post('/api/userrole', manager.token, { name: 'Sneaky', scopes: ['bookings.*'] }));
      const [found] = await t.database.db.select().from(userRoles).where(eq(userRoles.name, 'Sneaky'));
      expect(found).toBeUndefined();
    });

    it('refuses to add admin or a scope not held to an existing role', async () => {
      forbidden(
        await post(`/api/userrole/${readersRole}`, manager.token, { scopes: ['bookings.read', 'admin'] }),
      );
      forbidden(await post(`/api/userrole/${readersRole}`, manager.token, { scopes: ['tours.update'] }));
      expect((await get(`/api/userrole/${readersRole}`, admin)).json().scopes).toEqual(['bookings.read']);
    });

    it('refuses to change, copy or delete the admin role or copy a role with foreign scopes', async () => {
      forbidden(await post(`/api/userrole/${rootRole}`, manager.token, { name: 'Not root' }));
      forbidden(await post(`/api/userrole/${rootRole}`, manager.token, { scopes: [] }));
      forbidden(await post(`/api/userrole/${rootRole}/copy`, manager.token));
      forbidden(await del(`/api/userrole/${rootRole}`, manager.token));
      forbidden(await post(`/api/userrole/${staffRoleId}/copy`, manager.token));
      expect((await get(`/api/userrole/${rootRole}`, admin)).json()).toMatchObject({
        name: 'Root',
        scopes: ['admin'],
      });
    });

    it('allows roles within the manager’s own scopes', async () => {
      const created = await post('/api/userrole', manager.token, {
        name: 'Bookers',
        scopes: ['bookings.read', 'bookings.update'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      const changed = await post(`/api/userrole/${id}`, manager.token, { scopes: ['bookings.read'] });
      expect(changed.json().scopes).toEqual(['bookings.read']);
      expect((await post(`/api/userrole/${id}/copy`, manager.token)).statusCode).toBe(201);
      expect((await del(`/api/userrole/${id}`, manager.token)).statusCode).toBe(200);
    });

    it('lets admin put admin into a role', async () => {
      const created = await post('/api/userrole', admin, { name: 'Root 2', scopes: ['admin'] });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect((await post(`/api/userrole/${id}`, admin, { scopes: ['admin', 'user'] })).json().scopes).toEqual(
        ['admin', 'user'],
      );
      expect((await del(`/api/userrole/${id}`, admin)).statusCode).toBe(200);
    });
  });
});

describe('roles and the session', () => {
  let member: { id: number; token: string };
  let flowRole: number;
  beforeAll(async () => {
    flowRole = await role('Flow', ['bookings.read']);
    member = await account('member@flow.test', { permissions: { scope: ['user'] }, roleIds: [flowRole] });
  });

  it('puts own and role scopes into the session', async () => {
    const scopes = await scopesOf(member.token);
    expect(scopes).toEqual(expect.arrayContaining(['user', 'bookings.read']));
    expect(scopes).not.toContain('users.read');
    forbidden(await get('/api/users', member.token));
  });

  it('gives a role’s new scope to its users at once, on the same token and on a new login', async () => {
    const res = await post(`/api/userrole/${flowRole}`, admin, { scopes: ['bookings.read', 'users.read'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await scopesOf(member.token)).toContain('users.read');
    expect((await get('/api/users', member.token)).statusCode).toBe(200);
    const fresh = await t.login('member@flow.test', 'pass-word-1');
    expect(await scopesOf(fresh)).toEqual(expect.arrayContaining(['user', 'bookings.read', 'users.read']));
  });

  it('takes a removed scope away again', async () => {
    await post(`/api/userrole/${flowRole}`, admin, { scopes: ['bookings.read'] });
    expect(await scopesOf(member.token)).not.toContain('users.read');
    forbidden(await get('/api/users', member.token));
  });

  it('removes a deleted role from its users’ roleIds, and its scopes from their sessions', async () => {
    const other = await role('Other', ['tours.read']);
    await post(`/api/users/${member.id}`, admin, { roleIds: [other, flowRole] });
    expect((await row('member@flow.test')).roleIds).toEqual([other, flowRole]);
    expect((await del(`/api/userrole/${flowRole}`, admin)).statusCode).toBe(200);
    expect((await row('member@flow.test')).roleIds).toEqual([other]);
    expect((await get(`/api/users/${member.id}`, admin)).json().roleIds).toEqual([other]);
    const scopes = await scopesOf(member.token);
    expect(scopes).toContain('tours.read');
    expect(scopes).not.toContain('bookings.read');
    // Staff keep their role: only the deleted id goes.
    expect((await row(DEMO.staff[0])).roleIds).toEqual([staffRoleId]);
  });
});

describe('own record: /api/users/self', () => {
  it('answers the session user with scopes', async () => {
    const res = await get('/api/users/self', staff);
    expect(res.json()).toMatchObject({ id: staffId, email: DEMO.staff[0], roleIds: [staffRoleId] });
    expect(res.json().scopes).toContain('bookings.read');
    // The demo's front desk also works the counter, the dive day and the worklog; deleting tabs and the
    // settings stay the administrator's.
    expect(res.json().scopes).toEqual(
      expect.arrayContaining([
        'pos.read',
        'pos.create',
        'pos.update',
        'diveplan.read',
        'divelog.read',
        'employee.read',
      ]),
    );
    for (const scope of ['pos.delete', 'settings.read', 'admin'])
      expect(res.json().scopes).not.toContain(scope);
  });

  it('merges a settings patch and leaves the rest alone', async () => {
    const first = await post('/api/users/self', staff, {
      settings: { defaultDashboardDays: 9, showCustomersInBookingList: false },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post('/api/users/self', staff, { settings: { language: 'en' } });
    expect(second.json().settings).toEqual({
      language: 'en',
      defaultDashboardDays: 9,
      showCustomersInBookingList: false,
      showInvertedCurrencyExchange: false,
      bookingListFilters: [],
    });
    const named = await post('/api/users/self', staff, { phone: '+1 555' });
    expect(named.json()).toMatchObject({
      name: 'Demo Staff',
      phone: '+1 555',
      settings: { defaultDashboardDays: 9 },
    });
  });

  it('cannot change own scopes or roles', async () => {
    const res = await post('/api/users/self', staff, { permissions: { scope: ['admin'] }, roleIds: [1, 2] });
    expect(res.statusCode).toBe(200);
    expect((await row(DEMO.staff[0])).scopes).toEqual([]);
    expect(await scopesOf(staff)).not.toContain('admin');
  });

  it('answers 401 without login', async () => {
    expectError(await get('/api/users/self'), 401, 'UNAUTHORIZED');
    expectError(await post('/api/users/self', undefined, { name: 'x' }), 401, 'UNAUTHORIZED');
  });
});

describe('read calls beside the resource', () => {
  it.each(['/api/users/types', '/api/users/roles', '/api/users/logins', '/api/userrole/groups'])(
    '%s: 200 for admin, 403 for staff, 401 without login',
    async (url) => {
      expect((await get(url, admin)).statusCode).toBe(200);
      forbidden(await get(url, staff));
      expectError(await get(url), 401, 'UNAUTHORIZED');
    },
  );

  it('types lists the user types of the spec', async () => {
    expect((await get('/api/users/types', admin)).json()).toEqual([...USER_TYPES]);
  });

  it('roles lists id and name of every role, by name', async () => {
    const body = (await get('/api/users/roles', admin)).json() as { id: number; name: string }[];
    const names = body.map((r) => r.name);
    expect(names).toContain('Staff');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const r of body) expect(Object.keys(r).sort()).toEqual(['id', 'name']);
    expect(body).toHaveLength((await t.database.db.select({ id: userRoles.id }).from(userRoles)).length);
  });

  it('logins pages the login log, newest first, with failures and a user filter', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { email: DEMO.staff[0], password: 'wrong-password' },
    });
    expect(failed.statusCode).toBe(401);
    const all = await t.database.db.select().from(userLogins);
    const res = await get('/api/users/logins?size=500', admin);
    const body = res.json();
    expect(body).toMatchObject({ total: all.length, page: 1, size: 500 });
    expect(body.data).toHaveLength(all.length);
    expect(body.data[0]).toMatchObject({ email: DEMO.staff[0], success: false });
    const times = body.data.map((l: { createdAt: string }) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const page2 = (await get('/api/users/logins?size=2&page=2', admin)).json();
    expect(page2).toMatchObject({ total: all.length, page: 2, size: 2 });
    expect(page2.data.map((l: { id: number }) => l.id)).toEqual(
      body.data.slice(2, 4).map((l: { id: number }) => l.id),
    );

    const mine = (await get(`/api/users/logins?userId=${staffId}&size=500`, admin)).json();
    expect(mine.total).toBe(all.filter((l) => l.userId === staffId).length);
    expect(mine.data.every((l: { userId: number }) => l.userId === staffId)).toBe(true);
    expect(mine.data.some((l: { success: boolean }) => l.success)).toBe(true);
  });

  it('logins refuses bad paging with 400', async () => {
    expectError(await get('/api/users/logins?page=0', admin), 400, 'ValidationError');
    expectError(await get('/api/users/logins?size=501', admin), 400, 'ValidationError');
    expectError(await get('/api/users/logins?userId=abc', admin), 400, 'ValidationError');
  });

  it('groups lists non-empty scope groups of the catalogue', async () => {
    const groups = (await get('/api/userrole/groups', admin)).json() as { group: string; scopes: string[] }[];
    expect(groups.length).toBeGreaterThan(10);
    for (const g of groups) expect(g.scopes.length).toBeGreaterThan(0);
    const byName = new Map(groups.map((g) => [g.group, g.scopes]));
    expect(byName.get('bookings')).toEqual(
      expect.arrayContaining(['bookings.read', 'bookings.create', 'bookings.update', 'bookings.delete']),
    );
    expect(byName.get('users')).toContain('users.self');
    expect(byName.get('bookings')).not.toContain('bookings.self');
  });

  it('groups are open to users.update alone as well', async () => {
    const editor = await account('editor@groups.test', { permissions: { scope: ['users.update'] } });
    expect((await get('/api/userrole/groups', editor.token)).statusCode).toBe(200);
    forbidden(await get('/api/users/types', editor.token));
  });
});

describe('no password data in any answer', () => {
  it('holds for every call of every users route', async () => {
    const target = (
      await post('/api/users', admin, { email: 'pw@answers.test', password: 'pass-word-1' })
    ).json();
    // Set once more, so that every kind of call has been made at least once in this file.
    await post(`/api/users/${target.id}/password`, admin, { password: 'pass-word-2' });
    const own = await t.login('pw@answers.test', 'pass-word-2');
    await post('/api/users/self/password', own, { currentPassword: 'pass-word-2', password: 'pass-word-3' });
    await get(`/api/users/${target.id}`, admin);
    await get('/api/users?size=0', admin);
    await get('/api/users/listCSV', admin);
    await get('/api/users/self', own);
    await get('/api/userrole?size=0', admin);
    await get('/api/userrole/listCSV', admin);
    await post(`/api/users/${target.id}/copy`, admin);
    await post(`/api/users/${target.id}`, admin, { name: 'PW' });
    await del(`/api/users/${target.id}`, admin);
    expect((await row(DEMO.admin[0])).passwordHash).toMatch(/^\$argon2/);

    const urls = new Set(answers.map((a) => a.url.replace(/\/\d+/g, '/{id}').split('?')[0]));
    for (const expected of [
      'GET /api/users',
      'GET /api/users/listCSV',
      'GET /api/users/{id}',
      'POST /api/users',
      'POST /api/users/{id}',
      'POST /api/users/{id}/copy',
      'DELETE /api/users/{id}',
      'GET /api/users/self',
      'POST /api/users/self',
      'POST /api/users/self/password',
      'POST /api/users/{id}/password',
      'GET /api/users/types',
      'GET /api/users/roles',
      'GET /api/users/logins',
      'GET /api/userrole/groups',
      'GET /api/userrole',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(answers.length).toBeGreaterThan(100);
    for (const answer of answers) {
      expect(answer.body, answer.url).not.toContain('passwordHash');
      expect(answer.body, answer.url).not.toContain('password_hash');
      expect(answer.body, answer.url).not.toContain('$argon2');
    }
  });
});
