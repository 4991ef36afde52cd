// Customer data groups: field definitions under /api/customerdatagroup and moving a field with its values.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { customerDataGroups, customers } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let agent: string;
let customer: string;
let reader: string;

const label = (en: string) => ({ de: `${en} (de)`, en });
const text = (key: string) => ({ key, type: 'text', label: label(key) });

async function group(name: string, fields: unknown[]) {
  const res = await t.call('POST', '/api/customerdatagroup', staff, { name, label: label(name), fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
async function customerWith(fullName: string, data: Record<string, unknown>) {
  const [row] = await t.database.db.insert(customers).values({ fullName, data }).returning();
  return row?.id ?? 0;
}
async function dataOf(id: number) {
  const [row] = await t.database.db
    .select({ data: customers.data })
    .from(customers)
    .where(eq(customers.id, id));
  return row?.data;
}
async function fieldKeys(id: number) {
  const [row] = await t.database.db.select().from(customerDataGroups).where(eq(customerDataGroups.id, id));
  return ((row?.fields ?? []) as { key: string }[]).map((f) => f.key);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, agent, customer } = await t.demoTokens());
  reader = await t.account('reader@datagroups.test', ['customers.read']);
});
afterAll(() => t?.close());

describe('/api/customerdatagroup', () => {
  it('answers 401 without login', async () => {
    expectError(await t.call('GET', '/api/customerdatagroup'), 401, 'UNAUTHORIZED');
    expectError(await t.call('POST', '/api/customerdatagroup/move/1/2/a'), 401, 'UNAUTHORIZED');
  });

  it('lets staff, customers and agents read the definitions (they edit custom data)', async () => {
    for (const token of [staff, reader, customer, agent]) {
      const res = await t.call('GET', '/api/customerdatagroup?sort=sort', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((g: { name: string }) => g.name)).toEqual(['Diving', 'Medical']);
    }
    const [diving] = (await t.call('GET', '/api/customerdatagroup?sort=sort', customer)).json().data;
    expect(diving.label).toEqual({ de: 'Tauchen', en: 'Diving' });
    expect(diving.fields.map((f: { key: string; type: string }) => `${f.key}:${f.type}`)).toEqual([
      'certificationLevel:select',
      'numberOfDives:number',
      'lastDive:date',
      'nitrox:boolean',
    ]);
  });

  it('refuses writes without customers.update', async () => {
    const id = await group('Readonly', []);
    for (const token of [reader, customer, agent]) {
      expectError(
        await t.call('POST', '/api/customerdatagroup', token, { name: 'x', label: label('x') }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await t.call('POST', `/api/customerdatagroup/${id}`, token, { name: 'y' }),
        403,
        'FORBIDDEN',
      );
      expectError(await t.call('DELETE', `/api/customerdatagroup/${id}`, token), 403, 'FORBIDDEN');
      expectError(await t.call('POST', `/api/customerdatagroup/move/${id}/${id}/a`, token), 403, 'FORBIDDEN');
    }
  });

  it.each([
    ['no label', { name: 'G' }],
    ['a label without English', { name: 'G', label: { de: 'G' } }],
    ['two fields with one key', { name: 'G', label: label('G'), fields: [text('a'), text('a')] }],
    ['an unknown type', { name: 'G', label: label('G'), fields: [{ ...text('a'), type: 'file' }] }],
    [
      'a select without options',
      { name: 'G', label: label('G'), fields: [{ ...text('a'), type: 'select' }] },
    ],
    ['an unsafe key', { name: 'G', label: label('G'), fields: [text('a.b')] }],
    ['a key like __proto__', { name: 'G', label: label('G'), fields: [text('__proto__')] }],
  ])('refuses %s with 400', async (_, body) => {
    expectError(await t.call('POST', '/api/customerdatagroup', staff, body), 400, 'ValidationError');
  });

  it('refuses duplicate keys on update too, and keeps the fields', async () => {
    const id = await group('Dup', [text('a')]);
    const res = await t.call('POST', `/api/customerdatagroup/${id}`, staff, {
      fields: [text('b'), text('b')],
    });
    expectError(res, 400, 'ValidationError');
    expect(await fieldKeys(id)).toEqual(['a']);
  });

  it('updates fields: add, reorder, change type and labels', async () => {
    const id = await group('Edit', [text('a'), text('b')]);
    const fields = [
      { key: 'b', type: 'select', label: label('B'), options: [{ value: 'x', label: label('X') }] },
      text('a'),
      { key: 'c', type: 'boolean', label: label('C'), required: true },
    ];
    const res = await t.call('POST', `/api/customerdatagroup/${id}`, staff, { fields });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fields).toEqual(fields);
    expect(res.json().name).toBe('Edit');
  });
});

describe('POST /api/customerdatagroup/move/{from}/{to}/{field}', () => {
  it('moves the definition and every stored value, and answers how many customers moved', async () => {
    const from = await group('From', [text('shoeSize'), text('keep')]);
    const to = await group('To', [text('other')]);
    const only = await customerWith('Only Shoe', { [from]: { shoeSize: '42' } });
    const both = await customerWith('Both', { [from]: { shoeSize: '44', keep: 'k' }, [to]: { other: 'o' } });
    const none = await customerWith('Without', { [from]: { keep: 'k' } });
    const elsewhere = await customerWith('Elsewhere', { 999: { shoeSize: '40' } });

    const res = await t.call('POST', `/api/customerdatagroup/move/${from}/${to}/shoeSize`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(2);

    expect(await fieldKeys(from)).toEqual(['keep']);
    expect(await fieldKeys(to)).toEqual(['other', 'shoeSize']);
    expect(await dataOf(only)).toEqual({ [to]: { shoeSize: '42' } });
    expect(await dataOf(both)).toEqual({ [from]: { keep: 'k' }, [to]: { other: 'o', shoeSize: '44' } });
    expect(await dataOf(none)).toEqual({ [from]: { keep: 'k' } });
    expect(await dataOf(elsewhere)).toEqual({ 999: { shoeSize: '40' } });
  });

  it('answers 0 when no customer has a value', async () => {
    const from = await group('Empty From', [text('x')]);
    const to = await group('Empty To', []);
    const res = await t.call('POST', `/api/customerdatagroup/move/${from}/${to}/x`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(0);
  });

  it('answers 404 for an unknown group or field and 409 when the target has the key', async () => {
    const from = await group('A', [text('x'), text('y')]);
    const to = await group('B', [text('y')]);
    const holder = await customerWith('Holder', { [from]: { x: '1', y: '2' } });
    expectError(
      await t.call('POST', `/api/customerdatagroup/move/${from}/999999/x`, staff),
      404,
      'NOT_FOUND',
    );
    expectError(await t.call('POST', `/api/customerdatagroup/move/999999/${to}/x`, staff), 404, 'NOT_FOUND');
    expectError(
      await t.call('POST', `/api/customerdatagroup/move/${from}/${to}/nope`, staff),
      404,
      'NOT_FOUND',
    );
    expectError(await t.call('POST', `/api/customerdatagroup/move/${from}/${to}/y`, staff), 409, 'CONFLICT');
    expectError(
      await t.call('POST', `/api/customerdatagroup/move/${from}/${from}/x`, staff),
      409,
      'CONFLICT',
    );
    // Nothing changed by the refused moves.
    expect(await fieldKeys(from)).toEqual(['x', 'y']);
    expect(await fieldKeys(to)).toEqual(['y']);
    expect(await dataOf(holder)).toEqual({ [from]: { x: '1', y: '2' } });
  });

  it('answers 404 for a word where a group id goes', async () => {
    expectError(await t.call('POST', '/api/customerdatagroup/move/abc/1/x', staff), 404, 'NOT_FOUND');
  });

  it.each(['0/1/x', '1e3/1/x', '1/2/a-b', '1/2/9x', '99999999999/1/x'])(
    'refuses %s with 400',
    async (path) => {
      expectError(await t.call('POST', `/api/customerdatagroup/move/${path}`, staff), 400, 'ValidationError');
    },
  );
});

describe('deleting a data group', () => {
  it('removes its definitions and every customer value of it, nothing else', async () => {
    const gone = await group('Gone', [text('a')]);
    const kept = await group('Kept', [text('b')]);
    const ids = [
      await customerWith('Gone 1', { [gone]: { a: '1' }, [kept]: { b: '2' } }),
      await customerWith('Gone 2', { [gone]: { a: '3' } }),
    ];
    const res = await t.call('DELETE', `/api/customerdatagroup/${gone}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(customers).where(inArray(customers.id, ids));
    expect(rows.map((r) => r.data)).toEqual([{ [kept]: { b: '2' } }, {}]);
    expectError(await t.call('GET', `/api/customerdatagroup/${gone}`, staff), 404, 'NOT_FOUND');
  });
});
