// Customers: the generic calls with their typed columns, versions and self rules, and every extra
// call of spec platform §7 Customers with its 401, 403, 400, happy path and *.self isolation.
import { addDays, birthdayKeys } from '@atoll/domain/customers';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { demoIds } from '../../../test/test-bookings.ts';
import {
  customerDataGroups,
  customers,
  customerVersions,
  mailQueue,
  settings,
  users,
} from '../../db/schema.ts';
import { DEMO_CUSTOMER_COUNT } from '../../db/seed-customers.ts';
import type { TMail } from '../../mail/mailer.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
/** Holds customers.read only. */
let reader: string;
/** Holds no customer scope at all. */
let outsider: string;
let mariaId: number;
let agencyId: number;
/** A customer of Blue Reef Travel and one of nobody, both from the seed. */
let agencyCustomerId: number;
let otherCustomerId: number;

const mails: TMail[] = [];
const mailer = {
  async send(mail: TMail) {
    if (mail.to.startsWith('refuse')) throw new Error('mail server refused');
    mails.push(mail);
  },
};

const is401 = (res: LightMyRequestResponse) => expectError(res, 401, 'UNAUTHORIZED');
const is403 = (res: LightMyRequestResponse) => expectError(res, 403, 'FORBIDDEN');
const is400 = (res: LightMyRequestResponse) => expectError(res, 400, 'ValidationError');
const is404 = (res: LightMyRequestResponse) => expectError(res, 404, 'NOT_FOUND');
function ok(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

async function dbRow(id: number) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

async function create(body: Record<string, unknown>, token = staff) {
  return ok(await t.post('/api/customers', token, body), 201);
}

beforeAll(async () => {
  t = await createTestApp({ mailer });
  ({ admin, staff, agent, customer } = await t.demoTokens());
  reader = await t.account('reader@cust.test', ['customers.read']);
  outsider = await t.account('outsider@cust.test', ['events.read']);
  const [maria] = await t.database.db.select().from(users).where(eq(users.email, DEMO.customer[0]));
  const [agentUser] = await t.database.db.select().from(users).where(eq(users.email, DEMO.agent[0]));
  mariaId = maria?.customerId ?? 0;
  agencyId = agentUser?.agencyId ?? 0;
  const all = await t.database.db.select().from(customers);
  agencyCustomerId = all.find((c) => c.agencyId === agencyId)?.id ?? 0;
  otherCustomerId = all.find((c) => c.agencyId === null && c.id !== mariaId)?.id ?? 0;
  expect([mariaId, agencyId, agencyCustomerId, otherCustomerId].every((id) => id > 0)).toBe(true);
});
afterAll(() => t?.close());

describe('seed', () => {
  it('holds the demo customers with typed columns, children and ten nationalities', async () => {
    const rows = await t.database.db.select().from(customers);
    expect(rows.length).toBe(DEMO_CUSTOMER_COUNT + 1);
    expect(new Set(rows.map((r) => r.nationality)).size).toBe(10);
    expect(new Set(rows.map((r) => r.gender))).toEqual(new Set(['m', 'f']));
    expect(rows.filter((r) => r.agencyId === agencyId).length).toBeGreaterThan(10);
    expect(rows.some((r) => r.customerType === 'Employee')).toBe(true);
    expect(rows.some((r) => r.customerType === 'System')).toBe(true);
    const maria = rows.find((r) => r.id === mariaId);
    expect(maria).toMatchObject({ firstName: 'Maria', lastName: 'Sommer', email: 'customer@example.com' });
  });
});

describe('GET /api/customers (list)', () => {
  it('401 without a token, 403 without a customer scope, 400 for a bad sort or filter', async () => {
    is401(await t.get('/api/customers'));
    is403(await t.get('/api/customers', outsider));
    is400(await t.get('/api/customers?sort=internalNote', staff));
    is400(await t.get(`/api/customers?filter=${encodeURIComponent('{"birthday":"2020-02-30"}')}`, staff));
    is400(await t.get(`/api/customers?filter=${encodeURIComponent('{"internalNote":"x"}')}`, staff));
  });

  it('pages all customers for staff, with derived age, child flag, assignment and the internal note', async () => {
    const page = ok(await t.get('/api/customers?size=25&page=2', staff));
    expect(page.total).toBe(DEMO_CUSTOMER_COUNT + 1);
    expect(page.data.length).toBe(25);
    const all = ok(await t.get('/api/customers?size=0', staff)).data as Record<string, unknown>[];
    const children = all.filter((c) => c.isChild);
    expect(children.length).toBeGreaterThan(5);
    for (const c of children) expect(c.age as number).toBeLessThanOrEqual(11);
    expect(all.filter((c) => c.isAssigned).map((c) => c.id)).toEqual([mariaId]);
    expect(all.some((c) => typeof c.internalNote === 'string')).toBe(true);
  });

  it('searches name, e-mail and phone, case-insensitively', async () => {
    const byName = ok(await t.get('/api/customers?search=maria%20SOMMER', staff));
    expect(byName.data.map((c: { id: number }) => c.id)).toEqual([mariaId]);
    const byEmail = ok(await t.get('/api/customers?search=CUSTOMER@example', staff));
    expect(byEmail.data.map((c: { id: number }) => c.id)).toEqual([mariaId]);
    const row = await dbRow(otherCustomerId);
    const digits = row?.phone?.slice(-7) ?? 'none';
    const byPhone = ok(await t.get(`/api/customers?search=${digits}`, staff));
    expect(byPhone.data.map((c: { id: number }) => c.id)).toContain(otherCustomerId);
  });

  it('filters and sorts by typed columns and by assignment', async () => {
    const q = (filter: unknown, extra = '') =>
      t.get(`/api/customers?size=0&filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, staff);
    const employees = ok(await q({ customerType: 'Employee' })).data;
    expect(employees.length).toBeGreaterThan(0);
    expect(employees.every((c: { customerType: string }) => c.customerType === 'Employee')).toBe(true);
    const women = ok(await q({ gender: 'f', nationality: { $in: ['PH', 'JP'] } })).data;
    expect(women.length).toBeGreaterThan(0);
    for (const c of women) {
      expect(c.masterData.gender).toBe('f');
      expect(['PH', 'JP']).toContain(c.masterData.nationality);
    }
    expect(ok(await q({ isAssigned: true })).data.map((c: { id: number }) => c.id)).toEqual([mariaId]);
    expect(ok(await q({ isAssigned: false })).total).toBe(DEMO_CUSTOMER_COUNT);
    const agencyOnes = ok(await q({ agencyId })).data;
    expect(agencyOnes.every((c: { agencyId: number }) => c.agencyId === agencyId)).toBe(true);
    const sorted = ok(await q({ birthday: { $ne: null } }, '&sort=birthday&order=-1')).data;
    const days = sorted.map((c: { masterData: { birthday: string } }) => c.masterData.birthday);
    expect(days).toEqual([...days].sort().reverse());
  });

  it('the customer sees only their own record, the agent only the agency customers, neither the note', async () => {
    const own = ok(await t.get('/api/customers?size=0', customer));
    expect(own.data.map((c: { id: number }) => c.id)).toEqual([mariaId]);
    expect(own.data[0]).not.toHaveProperty('internalNote');
    const agency = ok(await t.get('/api/customers?size=0', agent));
    expect(agency.total).toBeGreaterThan(10);
    for (const c of agency.data) {
      expect(c.agencyId).toBe(agencyId);
      expect(c).not.toHaveProperty('internalNote');
    }
  });

  it('a changed childMaxAge setting changes who is a child', async () => {
    await t.database.db.insert(settings).values({ group: 'customers', key: 'childMaxAge', value: 0 });
    ok(await t.post('/clearCache', admin));
    const all = ok(await t.get('/api/customers?size=0', staff)).data as { isChild: boolean; age: number }[];
    expect(all.filter((c) => c.isChild).every((c) => c.age === 0)).toBe(true);
    await t.database.db
      .delete(settings)
      .where(and(eq(settings.group, 'customers'), eq(settings.key, 'childMaxAge')));
    ok(await t.post('/clearCache', admin));
  });
});

describe('GET /api/customers/listCSV', () => {
  it('401, 403, and for self users only their rows and no internal note', async () => {
    is401(await t.get('/api/customers/listCSV'));
    is403(await t.get('/api/customers/listCSV', outsider));
    const staffCsv = await t.get('/api/customers/listCSV', staff);
    expect(staffCsv.statusCode).toBe(200);
    expect(staffCsv.body.trim().split('\n').length).toBe(DEMO_CUSTOMER_COUNT + 2);
    expect(staffCsv.body).toContain('Prefers a lower bunk');
    const own = await t.get('/api/customers/listCSV', customer);
    const lines = own.body.trim().split('\n');
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('Maria Sommer');
    const agencyCsv = await t.get('/api/customers/listCSV', agent);
    expect(agencyCsv.body).not.toContain('Maria Sommer');
    expect(agencyCsv.body).not.toContain('Prefers a lower bunk');
  });
});

describe('GET /api/customers/listCSV for the people who open it', () => {
  let id: number;
  let german: string;
  let english: string;
  beforeAll(async () => {
    german = await t.account('csv.de@cust.test', ['customers.read']);
    english = await t.account('csv.en@cust.test', ['customers.read']);
    ok(await t.post('/api/users/self', german, { settings: { language: 'de' } }));
    ok(await t.post('/api/users/self', english, { settings: { language: 'en' } }));
    id = (
      await create({
        masterData: { firstName: 'Jürgen', lastName: 'Größmann-Öztürk' },
        contact: { email: 'juergen@example.de', phone: '+49 211 123456', mobile: null },
        address: { street: 'Königsallee 1; Hinterhaus', zip: '40212', city: 'Düsseldorf', country: 'DE' },
      })
    ).id;
    await t.database.db.update(customers).set({ revenue: '1234.50' }).where(eq(customers.id, id));
  });
  const csvOf = async (token: string, query = '', headers: Record<string, string> = {}) => {
    const filter = encodeURIComponent(JSON.stringify({ id }));
    const res = await t.get(`/api/customers/listCSV?filter=${filter}${query}`, token, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return res.body.slice(1);
  };
  const rowsOf = (text: string, delimiter: string) =>
    parse(text, { delimiter, columns: true }) as Record<string, string>[];

  it('writes ; and a decimal comma for a German user, addresses and contacts in their own columns', async () => {
    const text = await csvOf(german);
    expect(text.split('\r\n')[0]).toContain(';address.street;address.zip;address.city;');
    const [row] = rowsOf(text, ';');
    expect(row).toMatchObject({
      'masterData.firstName': 'Jürgen',
      'masterData.lastName': 'Größmann-Öztürk',
      'contact.email': 'juergen@example.de',
      'address.street': 'Königsallee 1; Hinterhaus',
      'address.zip': '40212',
      'address.city': 'Düsseldorf',
      'address.country': 'DE',
      revenue: '1234,50',
    });
    expect(Object.keys(row ?? {})).not.toContain('address');
    expect(text).not.toContain('{"');
  });

  it('writes , and a decimal point for an English user', async () => {
    const text = await csvOf(english);
    const [row] = rowsOf(text, ',');
    expect(row).toMatchObject({
      'masterData.lastName': 'Größmann-Öztürk',
      'address.street': 'Königsallee 1; Hinterhaus',
      'address.city': 'Düsseldorf',
      revenue: '1234.50',
    });
  });

  it('takes the choice from the query, and the browser language for an account without one', async () => {
    const [tab] = rowsOf(await csvOf(german, '&separator=tab&decimal=point'), '\t');
    expect(tab?.revenue).toBe('1234.50');
    const [comma] = rowsOf(await csvOf(english, '&separator=semicolon&decimal=comma'), ';');
    expect(comma?.revenue).toBe('1234,50');
    const [browser] = rowsOf(await csvOf(reader, '', { 'accept-language': 'de-DE,de;q=0.9' }), ';');
    expect(browser?.revenue).toBe('1234,50');
    is400(await t.get('/api/customers/listCSV?separator=pipe', german));
    is400(await t.get('/api/customers/listCSV?decimal=dot', german));
  });
});

describe('GET /api/customers/:id', () => {
  it('401, 400 for a bad id, 404 for another’s record, 200 for one’s own', async () => {
    is401(await t.get(`/api/customers/${mariaId}`));
    is403(await t.get(`/api/customers/${mariaId}`, outsider));
    is400(await t.get('/api/customers/1.5', staff));
    is404(await t.get('/api/customers/abc', staff));
    is404(await t.get(`/api/customers/${otherCustomerId}`, customer));
    is404(await t.get(`/api/customers/${otherCustomerId}`, agent));
    expect(ok(await t.get(`/api/customers/${mariaId}`, customer)).fullName).toBe('Maria Sommer');
    const theirs = ok(await t.get(`/api/customers/${agencyCustomerId}`, agent));
    expect(theirs).not.toHaveProperty('internalNote');
    expect(ok(await t.get(`/api/customers/${mariaId}`, staff)).isAssigned).toBe(true);
  });
});

describe('POST /api/customers (create)', () => {
  it('401, 403 for a reader or a customer, 400 for bad input', async () => {
    const body = { masterData: { firstName: 'Eva', lastName: 'Nord' } };
    is401(await t.post('/api/customers', undefined, body));
    is403(await t.post('/api/customers', reader, body));
    is403(await t.post('/api/customers', customer, body));
    is400(await t.post('/api/customers', staff, { masterData: { firstName: 'Eva' } }));
    is400(await t.post('/api/customers', staff, { ...body, contact: { email: 'not-an-address' } }));
    is400(await t.post('/api/customers', staff, { masterData: { lastName: 'X', birthday: '2999-01-01' } }));
    is400(await t.post('/api/customers', staff, { masterData: { lastName: 'X', nationality: 'Germany' } }));
    is400(await t.post('/api/customers', staff, { masterData: { lastName: 'X', gender: 'x' } }));
    is400(
      await t.post('/api/customers', staff, {
        masterData: { lastName: 'X' },
        passport: { issueDate: '2020-01-01', expiryDate: '2019-01-01' },
      }),
    );
    is400(await t.post('/api/customers', staff, { ...body, agencyId: 999_999 }));
  });

  it('stores the nested objects, keeps the typed columns in step and writes version 1', async () => {
    const created = await create({
      masterData: {
        firstName: ' Eva ',
        lastName: 'Nord',
        gender: 'f',
        birthday: '1990-03-04',
        nationality: 'nl',
      },
      contact: { email: 'Eva.Nord@Example.com', phone: '+31 6 1234' },
      address: { city: 'Utrecht', country: 'nl' },
      internalNote: 'VIP',
    });
    expect(created).toMatchObject({
      fullName: 'Eva Nord',
      customerType: 'Default',
      version: 1,
      isAssigned: false,
      isChild: false,
      internalNote: 'VIP',
      masterData: { firstName: 'Eva', nationality: 'NL', middleName: null },
      address: { city: 'Utrecht', country: 'NL', street: null },
    });
    expect(await dbRow(created.id)).toMatchObject({
      firstName: 'Eva',
      lastName: 'Nord',
      email: 'eva.nord@example.com',
      phone: '+31 6 1234',
      birthday: '1990-03-04',
      gender: 'f',
      nationality: 'NL',
      country: 'NL',
    });
    const versions = await t.database.db
      .select()
      .from(customerVersions)
      .where(eq(customerVersions.customerId, created.id));
    expect(versions.map((v) => v.version)).toEqual([1]);
  });

  it('an agent creates customers of their own agency only, without office fields', async () => {
    const mine = await create({ masterData: { lastName: 'Agentkunde' } }, agent);
    expect(mine.agencyId).toBe(agencyId);
    expect(mine).not.toHaveProperty('internalNote');
    const other = await create({ masterData: { lastName: 'Fremd' } });
    is403(
      await t.post('/api/customers', agent, { masterData: { lastName: 'X' }, agencyId: agencyId + 1000 }),
    );
    is403(await t.post('/api/customers', agent, { masterData: { lastName: 'X' }, customerType: 'Employee' }));
    is403(await t.post('/api/customers', agent, { masterData: { lastName: 'X' }, internalNote: 'psst' }));
    expect(ok(await t.get(`/api/customers/${mine.id}`, agent)).id).toBe(mine.id);
    is404(await t.get(`/api/customers/${other.id}`, agent));
  });
});

describe('POST /api/customers/:id (update)', () => {
  it('401, 403 for a reader, 400 for bad input, 404 for an unknown id', async () => {
    is401(await t.post(`/api/customers/${otherCustomerId}`, undefined, {}));
    is403(await t.post(`/api/customers/${otherCustomerId}`, reader, { masterData: { title: 'Dr.' } }));
    is400(await t.post(`/api/customers/${otherCustomerId}`, staff, { masterData: { lastName: '' } }));
    is400(await t.post(`/api/customers/${otherCustomerId}`, staff, { contact: { email: 'x' } }));
    is404(await t.post('/api/customers/999999', staff, {}));
  });

  it('merges nested changes, syncs the typed columns, bumps the version and snapshots it', async () => {
    const c = await create({
      masterData: { firstName: 'Tom', lastName: 'Wave' },
      contact: { email: 'tom@wave.test', phone: '+49 1' },
    });
    const updated = ok(
      await t.post(`/api/customers/${c.id}`, staff, {
        masterData: { birthday: '2018-06-01', firstName: 'Thomas' },
        contact: { email: 'THOMAS@wave.test' },
      }),
    );
    expect(updated).toMatchObject({
      fullName: 'Thomas Wave',
      version: 2,
      isChild: true,
      contact: { email: 'THOMAS@wave.test', phone: '+49 1' },
    });
    expect(await dbRow(c.id)).toMatchObject({
      email: 'thomas@wave.test',
      birthday: '2018-06-01',
      version: 2,
    });
    const cleared = ok(await t.post(`/api/customers/${c.id}`, staff, { contact: { phone: '' } }));
    expect(cleared.contact.phone).toBeNull();
    expect((await dbRow(c.id))?.phone).toBeNull();
    const versions = await t.database.db
      .select({ v: customerVersions.version })
      .from(customerVersions)
      .where(eq(customerVersions.customerId, c.id));
    expect(versions.map((v) => v.v).sort()).toEqual([1, 2, 3]);
  });

  it('checks custom data against the data groups and drops values of fields no group defines', async () => {
    const groups = await t.database.db.select().from(customerDataGroups);
    const group = groups.find((g) => (g.fields as { type: string }[]).some((f) => f.type === 'number'));
    const field = (group?.fields as { key: string; type: string }[] | undefined)?.find(
      (f) => f.type === 'number',
    );
    if (!group || !field) throw new Error('the seed has no data group with a number field');
    const c = await create({ masterData: { lastName: 'Datenprobe' } });
    const bad = await t.post(`/api/customers/${c.id}`, staff, {
      data: { [group.id]: { [field.key]: 'many' } },
    });
    is400(bad);
    expect(bad.json().details).toEqual([
      expect.objectContaining({ path: `data.${group.id}.${field.key}`, code: 'invalid_type' }),
    ]);
    const saved = ok(
      await t.post(`/api/customers/${c.id}`, staff, {
        data: { [group.id]: { [field.key]: 12, unknownField: 'x' } },
      }),
    );
    expect(saved.data).toEqual({ [group.id]: { [field.key]: 12 } });
  });

  it('the customer edits their own record but no office field, and no other record', async () => {
    const own = ok(await t.post(`/api/customers/${mariaId}`, customer, { contact: { mobile: '+49 170 1' } }));
    expect(own.contact.mobile).toBe('+49 170 1');
    expect(own).not.toHaveProperty('internalNote');
    is403(await t.post(`/api/customers/${mariaId}`, customer, { customerType: 'System' }));
    is403(await t.post(`/api/customers/${mariaId}`, customer, { internalNote: 'mine' }));
    const groupId = ((await dbRow(mariaId))?.groupId ?? 0) + 1;
    is403(await t.post(`/api/customers/${mariaId}`, customer, { groupId }));
    is404(await t.post(`/api/customers/${otherCustomerId}`, customer, { masterData: { title: 'x' } }));
  });

  it('the agent edits the agency customers but cannot move them out', async () => {
    ok(await t.post(`/api/customers/${agencyCustomerId}`, agent, { address: { city: 'Bremen' } }));
    is403(await t.post(`/api/customers/${agencyCustomerId}`, agent, { agencyId: null }));
    is404(await t.post(`/api/customers/${otherCustomerId}`, agent, { address: { city: 'Bremen' } }));
  });

  it('a customer edit keeps the internal note the office wrote', async () => {
    ok(await t.post(`/api/customers/${mariaId}`, staff, { internalNote: 'Allergic to penicillin' }));
    ok(await t.post(`/api/customers/${mariaId}`, customer, { masterData: { title: 'Mag.' } }));
    expect((await dbRow(mariaId))?.internalNote).toBe('Allergic to penicillin');
  });
});

describe('DELETE and copy', () => {
  it('delete: 401, 403 for a reader and a customer, 404 after deletion', async () => {
    const c = await create({ masterData: { lastName: 'Gone' } });
    is401(await t.call('DELETE', `/api/customers/${c.id}`));
    is403(await t.call('DELETE', `/api/customers/${c.id}`, reader));
    is403(await t.call('DELETE', `/api/customers/${mariaId}`, customer));
    is403(await t.call('DELETE', `/api/customers/${agencyCustomerId}`, agent));
    ok(await t.call('DELETE', `/api/customers/${c.id}`, staff));
    is404(await t.get(`/api/customers/${c.id}`, staff));
  });

  it('copy: a new person without e-mail or passport, version 1; agents copy within their agency', async () => {
    is401(await t.post(`/api/customers/${otherCustomerId}/copy`));
    is403(await t.post(`/api/customers/${mariaId}/copy`, customer));
    const copy = ok(await t.post(`/api/customers/${mariaId}/copy`, staff), 201);
    expect(copy).toMatchObject({ fullName: 'Maria Sommer', version: 1, isAssigned: false });
    expect(copy.contact.email).toBeNull();
    expect(copy.passport.number).toBeNull();
    const changed = ok(
      await t.post(`/api/customers/${copy.id}`, staff, { masterData: { firstName: 'Marie' } }),
    );
    expect(changed.version).toBe(2);
    expect(ok(await t.get(`/api/customers/${copy.id}/diff/1`, staff)).changes).toEqual([
      { path: 'fullName', from: 'Maria Sommer', to: 'Marie Sommer' },
      { path: 'masterData.firstName', from: 'Maria', to: 'Marie' },
    ]);
    const agentCopy = ok(await t.post(`/api/customers/${agencyCustomerId}/copy`, agent), 201);
    expect(agentCopy.agencyId).toBe(agencyId);
    expect(agentCopy).not.toHaveProperty('internalNote');
    is404(await t.post(`/api/customers/${otherCustomerId}/copy`, agent));
  });
});

describe('GET /api/customers/:id/diff/:from', () => {
  it('401, 403, 400 for a version ahead, 404 for another’s record', async () => {
    is401(await t.get(`/api/customers/${mariaId}/diff/1`));
    is403(await t.get(`/api/customers/${mariaId}/diff/1`, outsider));
    is400(await t.get(`/api/customers/${mariaId}/diff/999`, staff));
    is400(await t.get(`/api/customers/${mariaId}/diff/0`, staff));
    is404(await t.get(`/api/customers/${otherCustomerId}/diff/1`, customer));
    is404(await t.get(`/api/customers/${otherCustomerId}/diff/1`, agent));
  });

  it('lists the changes since a version; the customer does not see the internal note change', async () => {
    const forStaff = ok(await t.get(`/api/customers/${mariaId}/diff/1`, staff));
    const paths = forStaff.changes.map((c: { path: string }) => c.path);
    expect(paths).toContain('internalNote');
    expect(paths).toContain('contact.mobile');
    expect(forStaff.to).toBe((await dbRow(mariaId))?.version);
    const forCustomer = ok(await t.get(`/api/customers/${mariaId}/diff/1`, customer));
    const own = forCustomer.changes.map((c: { path: string }) => c.path);
    expect(own).toContain('contact.mobile');
    expect(own).not.toContain('internalNote');
    expect(ok(await t.get(`/api/customers/${mariaId}/diff/${forStaff.to}`, staff)).changes).toEqual([]);
  });
});

describe('references', () => {
  const url = (id: number, rest = '') => `/api/customers/${id}/reference${rest}`;

  it('401, 403 for writes without customers.update, 400 for bad data', async () => {
    is401(await t.get(url(mariaId)));
    is403(await t.get(url(mariaId), outsider));
    is403(await t.call('PUT', url(mariaId, '/crm/42'), customer, { data: {} }));
    is403(await t.call('DELETE', url(mariaId, '/crm/42'), agent));
    is400(await t.call('PUT', url(mariaId, '/crm/42'), staff, { data: 'text' }));
  });

  it('upserts, finds, lists and deletes; a system id of another customer is a conflict', async () => {
    const saved = ok(await t.call('PUT', url(mariaId, '/crm/M-1'), staff, { data: { tier: 'gold' } }));
    expect(saved).toMatchObject({
      customerId: mariaId,
      system: 'crm',
      external: 'M-1',
      data: { tier: 'gold' },
    });
    ok(await t.post(url(mariaId, '/crm/M-1'), staff, { data: { tier: 'platinum' } }));
    ok(await t.post(url(mariaId, '/pos/77'), staff, {}));
    expect(ok(await t.get(url(mariaId, '/crm/M-1'), staff)).data).toEqual({ tier: 'platinum' });
    expect(
      ok(await t.get(url(mariaId, '/find/crm'), staff)).map((r: { external: string }) => r.external),
    ).toEqual(['M-1']);
    expect(ok(await t.get(url(mariaId), staff)).length).toBe(2);
    expectError(await t.call('PUT', url(otherCustomerId, '/crm/M-1'), staff, { data: {} }), 409, 'CONFLICT');
    expect(ok(await t.get(url(mariaId, '/crm/M-1'), staff)).data).toEqual({ tier: 'platinum' });
    ok(await t.call('DELETE', url(mariaId, '/pos/77'), staff));
    is404(await t.get(url(mariaId, '/pos/77'), staff));
    is404(await t.call('DELETE', url(mariaId, '/pos/77'), staff));
  });

  it('self users read their own references only', async () => {
    ok(await t.call('PUT', url(otherCustomerId, '/crm/O-1'), staff, { data: {} }));
    expect(ok(await t.get(url(mariaId), customer)).length).toBe(1);
    is404(await t.get(url(otherCustomerId), customer));
    is404(await t.get(url(otherCustomerId, '/crm/O-1'), customer));
    is404(await t.get(url(otherCustomerId, '/find/crm'), agent));
    is404(await t.get(url(mariaId), agent));
  });
});

describe('meta', () => {
  const url = (id: number, key = '') => `/api/customers/${id}/meta${key ? `/${key}` : ''}`;

  it('401, 403, 400 for a bad key', async () => {
    is401(await t.get(url(mariaId)));
    is403(await t.get(url(mariaId), outsider));
    is403(await t.post(url(mariaId), customer, { a: 1 }));
    is403(await t.post(url(mariaId, 'a'), agent, { value: 1 }));
    is400(await t.post(url(mariaId), staff, { 'bad key!': 1 }));
    is400(await t.get(url(mariaId, 'bad%20key'), staff));
  });

  it('sets several keys, reads one, removes one with null', async () => {
    const all = ok(await t.post(url(mariaId), staff, { shoeSize: 38, wetsuit: { size: 'M' } }));
    expect(all.map((m: { key: string }) => m.key)).toEqual(['shoeSize', 'wetsuit']);
    expect(ok(await t.get(url(mariaId, 'wetsuit'), staff)).value).toEqual({ size: 'M' });
    const after = ok(await t.post(url(mariaId, 'shoeSize'), staff, { value: null }));
    expect(after.map((m: { key: string }) => m.key)).toEqual(['wetsuit']);
    is404(await t.get(url(mariaId, 'shoeSize'), staff));
  });

  it('self users read their own meta only', async () => {
    expect(ok(await t.get(url(mariaId), customer)).length).toBe(1);
    is404(await t.get(url(otherCustomerId), customer));
    is404(await t.get(url(mariaId, 'wetsuit'), agent));
  });
});

describe('stay and stats', () => {
  it('stay: 401, 403, 400, an empty list for one’s own, 404 for another’s', async () => {
    is401(await t.get(`/api/customers/${mariaId}/stay`));
    is403(await t.get(`/api/customers/${mariaId}/stay`, outsider));
    is400(await t.get('/api/customers/0/stay', staff));
    expect(ok(await t.get(`/api/customers/${mariaId}/stay`, customer))).toEqual([]);
    is404(await t.get(`/api/customers/${otherCustomerId}/stay`, customer));
  });

  it('stats/recalculate: 401, 403, 404, recomputed without a new version', async () => {
    const path = (id: number) => `/api/customers/${id}/stats/recalculate`;
    is401(await t.post(path(mariaId)));
    is403(await t.post(path(mariaId), customer));
    is403(await t.post(path(mariaId), reader));
    is404(await t.post(path(999_999), staff));
    await t.database.db
      .update(customers)
      .set({ stays: 3, revenue: '99.50' })
      .where(eq(customers.id, mariaId));
    const before = (await dbRow(mariaId))?.version;
    expect(ok(await t.post(path(mariaId), staff))).toEqual({ stays: 0, revenue: '0.00', lastStay: null });
    const row = await dbRow(mariaId);
    expect(row).toMatchObject({ stays: 0, revenue: '0.00', version: before });
    expect(row?.statsAt).toBeInstanceOf(Date);
  });
  it('stay lists the customer’s bookings and stats count the confirmed ones; an agent sees only its own', async () => {
    const ids = await demoIds(t.database.db);
    const from = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 303 * 86_400_000).toISOString().slice(0, 10);
    const room = ids.rooms[5];
    const booking = ok(
      await t.post('/api/bookings', staff, {
        state: 'confirmed',
        rooms: [{ roomId: room?.id, from, to, guests: [{ customerId: mariaId }, { age: 30 }] }],
      }),
      201,
    );
    const stays = ok(await t.get(`/api/customers/${mariaId}/stay`, staff));
    expect(stays).toContainEqual({
      bookingId: booking.id,
      from,
      to,
      asset: 'Coral Garden Resort',
      status: 'confirmed',
      amount: booking.total,
      currency: 'EUR',
    });
    // Maria herself sees it; the demo agent (Blue Reef, Maria's agency) not: the booking is a direct one.
    expect(
      ok(await t.get(`/api/customers/${mariaId}/stay`, customer)).map(
        (s: { bookingId: number }) => s.bookingId,
      ),
    ).toContain(booking.id);
    const agentStays = await t.get(`/api/customers/${mariaId}/stay`, agent);
    if (agentStays.statusCode === 200)
      expect(agentStays.json().map((s: { bookingId: number }) => s.bookingId)).not.toContain(booking.id);
    const stats = ok(await t.post(`/api/customers/${mariaId}/stats/recalculate`, staff));
    expect(stats.stays).toBeGreaterThanOrEqual(1);
    expect(Number(stats.revenue)).toBeGreaterThanOrEqual(Number(booking.total));
  });
});

describe('POST /api/customers/:id/print/:template', () => {
  const path = (id: number, template = 'sheet', query = '') =>
    `/api/customers/${id}/print/${template}${query}`;

  it('401, 403, 400 for a bad language, 404 for an unknown template or another’s record', async () => {
    is401(await t.post(path(mariaId)));
    is403(await t.post(path(mariaId), outsider));
    is400(await t.post(path(mariaId, 'sheet', '?lang=fr'), staff));
    is404(await t.post(path(mariaId, 'invoice'), staff));
    is404(await t.post(path(otherCustomerId), customer));
    is404(await t.post(path(otherCustomerId), agent));
  });

  it('prints the sheet in the asked language; the office sees the note, the customer does not', async () => {
    const res = await t.post(path(mariaId, 'sheet', '?lang=de'), staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const office = await pdfText(res.rawPayload);
    expect(office).toContain('Kundenblatt: Maria Sommer');
    expect(office).toContain('Allergic to penicillin');
    // Countries by name in the sheet's language, not by code.
    expect(office).toMatch(/Nationalität\s+Deutschland/);
    const own = await t.post(path(mariaId, 'sheet', '?lang=en'), customer);
    const text = await pdfText(own.rawPayload);
    expect(text).toContain('Customer sheet: Maria Sommer');
    expect(text).not.toContain('Allergic');
    expect(text).toMatch(/Nationality\s+Germany/);
  });
});

describe('POST /api/customers/:id/loyality/test/:mail', () => {
  const path = (id: number, mail = 'office@atoll.test') => `/api/customers/${id}/loyality/test/${mail}`;

  it('401, 403, 400 for a bad address, 404 for an unknown customer', async () => {
    is401(await t.post(path(mariaId)));
    is403(await t.post(path(mariaId), customer));
    is403(await t.post(path(mariaId), reader));
    is400(await t.post(path(mariaId, 'no-address'), staff));
    is404(await t.post(path(999_999), staff));
  });

  it('sends the test mail about the customer to the given address', async () => {
    mails.length = 0;
    ok(await t.post(path(mariaId), staff));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'office@atoll.test' });
    expect(mails[0]?.subject).toContain('Atoll Demo Divers');
    expect(mails[0]?.text).toContain('Maria Sommer');
  });
});

describe('POST /api/customers/sendMail', () => {
  it('401, 403, 400 for an empty list or subject', async () => {
    const body = { ids: [mariaId], subject: 'Hi', text: 'Hello' };
    is401(await t.post('/api/customers/sendMail', undefined, body));
    is403(await t.post('/api/customers/sendMail', customer, body));
    is403(await t.post('/api/customers/sendMail', reader, body));
    is400(await t.post('/api/customers/sendMail', staff, { ...body, ids: [] }));
    is400(await t.post('/api/customers/sendMail', staff, { ...body, subject: ' ' }));
  });

  it('queues one mail per customer with an address; counts those without one and unknown ids as skipped', async () => {
    const noMail = await create({ masterData: { lastName: 'Ohnepost' } });
    const other = await create({ masterData: { lastName: 'Reader' }, contact: { email: 'reader@x.test' } });
    const answer = ok(
      await t.post('/api/customers/sendMail', staff, {
        ids: [mariaId, noMail.id, 999_999, other.id],
        subject: 'Season news for {name}',
        text: 'Dear {name}, the reef season opens.',
      }),
    );
    expect(answer).toEqual({ sent: 2, skipped: 2, failed: 0 });
    // The durable queue sends them (modules/mail): here they wait in it, filled in per customer.
    const queued = await t.database.db
      .select()
      .from(mailQueue)
      .where(inArray(mailQueue.customerId, [mariaId, other.id]))
      .orderBy(asc(mailQueue.id));
    expect(queued.map((m) => [m.to, m.subject, m.text, m.status])).toEqual([
      [
        'customer@example.com',
        'Season news for Maria Sommer',
        'Dear Maria Sommer, the reef season opens.',
        'queued',
      ],
      ['reader@x.test', 'Season news for Reader', 'Dear Reader, the reef season opens.', 'queued'],
    ]);
  });
});

describe('GET /api/customers/birthday/:date', () => {
  it('401, 403, 400 for an impossible date', async () => {
    is401(await t.get('/api/customers/birthday/2025-05-01'));
    is403(await t.get('/api/customers/birthday/2025-05-01', outsider));
    is400(await t.get('/api/customers/birthday/2025-02-30', staff));
  });

  it('finds birthdays by month and day, 29 February on 28 February of common years; self users only theirs', async () => {
    ok(await t.post(`/api/customers/${mariaId}`, staff, { masterData: { birthday: '1984-02-29' } }));
    const twin = await create({ masterData: { lastName: 'Leap', birthday: '2000-02-29' } });
    const common = ok(await t.get('/api/customers/birthday/2025-02-28', staff)).map(
      (c: { id: number }) => c.id,
    );
    expect(common).toEqual(expect.arrayContaining([mariaId, twin.id]));
    const leap = ok(await t.get('/api/customers/birthday/2024-02-28', staff)).map(
      (c: { id: number }) => c.id,
    );
    expect(leap).not.toContain(mariaId);
    const own = ok(await t.get('/api/customers/birthday/2024-02-29', customer));
    expect(own.map((c: { id: number }) => c.id)).toEqual([mariaId]);
    expect(ok(await t.get('/api/customers/birthday/2024-02-29', agent))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: mariaId })]),
    );
  });
});

describe('GET /api/customers/dashboard', () => {
  it('401, 403, 400 for a bad period', async () => {
    is401(await t.get('/api/customers/dashboard'));
    is403(await t.get('/api/customers/dashboard', outsider));
    is400(await t.get('/api/customers/dashboard?days=0', staff));
  });

  it('counts all customers for staff and only their own for self users', async () => {
    const today = new Date().toISOString().slice(0, 10);
    ok(
      await t.post(`/api/customers/${otherCustomerId}`, staff, {
        masterData: { birthday: `1970-${birthdayKeys(addDays(today, 3))[0]}` },
      }),
    );
    const d = ok(await t.get('/api/customers/dashboard?days=30', staff));
    const total = (await t.database.db.select({ id: customers.id }).from(customers)).length;
    expect(d.total).toBe(total);
    expect(d.days).toBe(30);
    expect(d.newInPeriod).toBeGreaterThan(10);
    expect(d.newInPeriod).toBeLessThan(total);
    expect(d.birthdaysNext7Days).toBeGreaterThanOrEqual(1);
    expect(d.byType.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(total);
    expect(d.byNationality.length).toBeLessThanOrEqual(10);
    expect(ok(await t.get('/api/customers/dashboard', customer)).total).toBe(1);
    const agencyTotal = ok(await t.get('/api/customers?size=1', agent)).total;
    expect(ok(await t.get('/api/customers/dashboard', agent)).total).toBe(agencyTotal);
  });
});

describe('POST /api/customers/duplicates', () => {
  it('401, 403 for a customer, 400 for a bad birthday', async () => {
    is401(await t.post('/api/customers/duplicates', undefined, {}));
    is403(await t.post('/api/customers/duplicates', customer, {}));
    is403(await t.post('/api/customers/duplicates', reader, {}));
    is400(await t.post('/api/customers/duplicates', staff, { birthday: '2020-13-01' }));
  });

  it('matches the same e-mail or the same name and birthday, and nothing else', async () => {
    const byMail = ok(await t.post('/api/customers/duplicates', staff, { email: 'CUSTOMER@example.com' }));
    expect(byMail).toEqual([
      { id: mariaId, fullName: 'Maria Sommer', birthday: '1984-02-29', email: 'customer@example.com' },
    ]);
    const byName = ok(
      await t.post('/api/customers/duplicates', staff, {
        firstName: 'maria',
        lastName: 'sommer',
        birthday: '1984-02-29',
      }),
    );
    expect(byName.map((m: { id: number }) => m.id)).toContain(mariaId);
    expect(
      ok(await t.post('/api/customers/duplicates', staff, { firstName: 'Maria', lastName: 'Sommer' })),
    ).toEqual([]);
    expect(
      ok(
        await t.post('/api/customers/duplicates', staff, {
          email: 'customer@example.com',
          excludeId: mariaId,
        }),
      ),
    ).toEqual([]);
  });

  it('an agent learns nothing about customers outside the agency', async () => {
    expect(ok(await t.post('/api/customers/duplicates', agent, { email: 'customer@example.com' }))).toEqual(
      [],
    );
    const theirs = await dbRow(agencyCustomerId);
    const found = ok(await t.post('/api/customers/duplicates', agent, { email: theirs?.email ?? '' }));
    expect(found.map((m: { id: number }) => m.id)).toEqual(theirs?.email ? [agencyCustomerId] : []);
  });
});
