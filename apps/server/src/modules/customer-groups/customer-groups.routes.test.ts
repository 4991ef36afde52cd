// Customer groups: the generic calls under /api/customergroup with their scopes.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, type TTestApp } from '../../../test/harness.ts';
import { customerGroups, customers } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
let reader: string;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ error: code, statusCode: status });
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, agent, customer] = await Promise.all([
    t.login(...DEMO.admin),
    t.login(...DEMO.staff),
    t.login(...DEMO.agent),
    t.login(...DEMO.customer),
  ]);
  const res = await call('POST', '/api/users', admin, {
    email: 'reader@groups.test',
    password: 'pass-word-1',
    permissions: { scope: ['customers.read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  reader = await t.login('reader@groups.test', 'pass-word-1');
});
afterAll(() => t?.close());

describe('/api/customergroup', () => {
  it('answers 401 without login', async () => {
    expectError(await call('GET', '/api/customergroup'), 401, 'UNAUTHORIZED');
    expectError(await call('POST', '/api/customergroup', undefined, { name: 'x' }), 401, 'UNAUTHORIZED');
  });

  it('lists the seeded groups for customers.read, searchable', async () => {
    const res = await call('GET', '/api/customergroup?sort=name&search=stamm', reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((g: { name: string }) => g.name)).toEqual(['Stammgäste']);
  });

  it('refuses agents and customers, and writes without customers.create', async () => {
    expectError(await call('GET', '/api/customergroup', agent), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/customergroup', customer), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/customergroup', reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    const [group] = await t.database.db.select().from(customerGroups).limit(1);
    expectError(
      await call('POST', `/api/customergroup/${group?.id}`, reader, { name: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(await call('DELETE', `/api/customergroup/${group?.id}`, reader), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/customergroup/${group?.id}/copy`, reader), 403, 'FORBIDDEN');
  });

  it.each([
    [{}],
    [{ name: '' }],
    [{ name: '   ' }],
    [{ name: 'x'.repeat(201) }],
    [{ name: 'Divers', color: 'url(javascript:x)' }],
    [{ name: 'Divers', color: 12 }],
  ])('refuses %j with 400', async (body) => {
    expectError(await call('POST', '/api/customergroup', staff, body), 400, 'ValidationError');
  });

  it('lets staff create, edit, copy and delete a group; its customers lose the group', async () => {
    const created = await call('POST', '/api/customergroup', staff, {
      name: 'Familien',
      description: 'Mit Kindern',
      color: '#f76707',
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: 'Familien', description: 'Mit Kindern', color: '#f76707' });

    const edited = await call('POST', `/api/customergroup/${group.id}`, staff, { color: '#1c7ed6' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Familien', description: 'Mit Kindern', color: '#1c7ed6' });

    const copy = await call('POST', `/api/customergroup/${group.id}/copy`, staff);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Familien (copy)', color: '#1c7ed6' });

    const [member] = await t.database.db
      .insert(customers)
      .values({ fullName: 'Group Member', groupId: group.id })
      .returning();
    const deleted = await call('DELETE', `/api/customergroup/${group.id}`, staff);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectError(await call('GET', `/api/customergroup/${group.id}`, staff), 404, 'NOT_FOUND');
    const [after] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, member?.id ?? 0));
    expect(after?.groupId).toBeNull();
  });

  it('exports CSV', async () => {
    const res = await call('GET', '/api/customergroup/listCSV?sort=name', reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Tauchlehrer');
  });
});
