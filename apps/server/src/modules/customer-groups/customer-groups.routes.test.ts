// Customer groups: the generic calls under /api/customergroup with their scopes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { customerGroups, customers } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let agent: string;
let customer: string;
let reader: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, agent, customer } = await t.demoTokens());
  reader = await t.account('reader@groups.test', ['customers.read']);
});
afterAll(() => t?.close());

describe('/api/customergroup', () => {
  it('answers 401 without login', async () => {
    expectError(await t.call('GET', '/api/customergroup'), 401, 'UNAUTHORIZED');
    expectError(await t.call('POST', '/api/customergroup', undefined, { name: 'x' }), 401, 'UNAUTHORIZED');
  });

  it('lists the seeded groups for customers.read, searchable', async () => {
    const res = await t.call('GET', '/api/customergroup?sort=name&search=stamm', reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((g: { name: string }) => g.name)).toEqual(['Stammgäste']);
  });

  it('refuses agents and customers, and writes without customers.create', async () => {
    expectError(await t.call('GET', '/api/customergroup', agent), 403, 'FORBIDDEN');
    expectError(await t.call('GET', '/api/customergroup', customer), 403, 'FORBIDDEN');
    expectError(await t.call('POST', '/api/customergroup', reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    const [group] = await t.database.db.select().from(customerGroups).limit(1);
    expectError(
      await t.call('POST', `/api/customergroup/${group?.id}`, reader, { name: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.call('DELETE', `/api/customergroup/${group?.id}`, reader), 403, 'FORBIDDEN');
    expectError(await t.call('POST', `/api/customergroup/${group?.id}/copy`, reader), 403, 'FORBIDDEN');
  });

  it.each([
    [{}],
    [{ name: '' }],
    [{ name: '   ' }],
    [{ name: 'x'.repeat(201) }],
    [{ name: 'Divers', color: 'url(javascript:x)' }],
    [{ name: 'Divers', color: 12 }],
  ])('refuses %j with 400', async (body) => {
    expectError(await t.call('POST', '/api/customergroup', staff, body), 400, 'ValidationError');
  });

  it('lets staff create, edit, copy and delete a group; its customers lose the group', async () => {
    const created = await t.call('POST', '/api/customergroup', staff, {
      name: 'Familien',
      description: 'Mit Kindern',
      color: '#f76707',
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: 'Familien', description: 'Mit Kindern', color: '#f76707' });

    const edited = await t.call('POST', `/api/customergroup/${group.id}`, staff, { color: '#1c7ed6' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Familien', description: 'Mit Kindern', color: '#1c7ed6' });

    const copy = await t.call('POST', `/api/customergroup/${group.id}/copy`, staff);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Familien (copy)', color: '#1c7ed6' });

    const [member] = await t.database.db
      .insert(customers)
      .values({ fullName: 'Group Member', groupId: group.id })
      .returning();
    const deleted = await t.call('DELETE', `/api/customergroup/${group.id}`, staff);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectError(await t.call('GET', `/api/customergroup/${group.id}`, staff), 404, 'NOT_FOUND');
    const [after] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, member?.id ?? 0));
    expect(after?.groupId).toBeNull();
  });

  it('exports CSV', async () => {
    const res = await t.call('GET', '/api/customergroup/listCSV?sort=name', reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Tauchlehrer');
  });
});
