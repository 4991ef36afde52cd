// Agencies and agency groups: the generic calls with the agent's own-agency view, the nested contacts,
// links to connected systems, the users of an agency, the printed documents and the delete guard.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { agencies, agencyContacts } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
/** Holds agencies.read only. */
let reader: string;
let blueReef: number;
let other: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};

async function agencyId(name: string) {
  const [row] = await t.database.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, name));
  if (!row) throw new Error(`no agency ${name}`);
  return row.id;
}
const contactsOf = (id: number) =>
  t.database.db.select().from(agencyContacts).where(eq(agencyContacts.agencyId, id));

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, agent, customer } = await t.demoTokens());
  blueReef = await agencyId('Blue Reef Travel');
  other = await agencyId('Tiefblau Reisen AG');
  reader = await t.account('reader@agencies.test', ['agencies.read']);
  // Something internal to check that the agent never receives it.
  ok(await t.post(`/api/agencies/${blueReef}`, admin, { internalNote: 'SECRET-NOTE pays late' }));
});
afterAll(() => t?.close());

describe('access', () => {
  const reads = () => [
    '/api/agencies',
    '/api/agencies/listCSV',
    `/api/agencies/${blueReef}`,
    '/api/agencies/contacts',
    '/api/agencies/templates',
    `/api/agencies/${blueReef}/users`,
    `/api/agencies/${blueReef}/link`,
    `/api/agencies/${blueReef}/link/channel`,
    `/api/agencies/${blueReef}/print/sheet`,
  ];

  it('every read answers 401 without login and 403 to a customer', async () => {
    for (const url of reads()) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
  });

  it('writes need their scope: a reader gets 403 and nothing changes', async () => {
    expectError(await t.post('/api/agencies', reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/agencies/${other}`, reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/agencies/${other}/copy`, reader), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/agencies/${other}`, reader), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/agencies/${other}/link/x`, reader, { external: '1' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/agencies/${other}/link/channel`, reader), 403, 'FORBIDDEN');
    expectError(await t.post('/api/agencygroup', reader, { name: 'Nope' }), 403, 'FORBIDDEN');
    const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, other));
    expect(row?.name).toBe('Tiefblau Reisen AG');
  });

  it('the demo staff may create and update agencies but not delete them', async () => {
    const created = ok(await t.post('/api/agencies', staff, { name: 'Staff Made Travel' }), 201).json();
    ok(await t.post(`/api/agencies/${created.id}`, staff, { phone: '+49 1' }));
    expectError(await t.del(`/api/agencies/${created.id}`, staff), 403, 'FORBIDDEN');
  });
});

describe('list, search, sort, filter', () => {
  it('lists the seeded agencies with paging', async () => {
    const body = ok(await t.get('/api/agencies?size=10&sort=name', staff)).json();
    expect(body.total).toBeGreaterThanOrEqual(40);
    expect(body.data).toHaveLength(10);
    const names = body.data.map((a: { name: string }) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(body.data[0]).toHaveProperty('internalNote');
  });

  it('searches name, e-mail, phone and city', async () => {
    const byCity = ok(await t.get('/api/agencies?search=z%C3%BCrich', staff)).json();
    expect(byCity.data.map((a: { name: string }) => a.name)).toEqual(['Tiefblau Reisen AG']);
    const byMail = ok(await t.get('/api/agencies?search=info%40zeester', staff)).json();
    expect(byMail.data.map((a: { name: string }) => a.name)).toEqual(['Zeester Duikvakanties']);
    const byPhone = ok(await t.get(`/api/agencies?search=${encodeURIComponent('+41 44 381')}`, staff)).json();
    expect(byPhone.total).toBe(1);
  });

  it('filters by type, group, active and commission; sorts by commission', async () => {
    const filter = (f: unknown) => `/api/agencies?size=0&filter=${encodeURIComponent(JSON.stringify(f))}`;
    const resell = ok(await t.get(filter({ type: 'resell' }), staff)).json();
    expect(resell.total).toBe(3);
    const inactive = ok(await t.get(filter({ isActive: false }), staff)).json();
    expect(inactive.data.map((a: { name: string }) => a.name).sort()).toEqual([
      'Nordlicht Reisen',
      'Thistle Dive Tours',
    ]);
    const groups = ok(await t.get('/api/agencygroup?size=0', staff)).json();
    const asia = groups.data.find((g: { name: string }) => g.name === 'Partners Asia');
    const inAsia = ok(await t.get(filter({ groupId: asia.id }), staff)).json();
    expect(inAsia.total).toBeGreaterThanOrEqual(8);
    for (const a of inAsia.data) expect(a.groupId).toBe(asia.id);
    const high = ok(await t.get(filter({ commission: { $gte: 18 } }), staff)).json();
    for (const a of high.data) expect(Number(a.commission)).toBeGreaterThanOrEqual(18);
    const sorted = ok(await t.get('/api/agencies?size=0&sort=commission&order=-1', staff)).json();
    const values = sorted.data.map((a: { commission: string }) => Number(a.commission));
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('answers 400 for an unknown sort or filter field', async () => {
    expectError(await t.get('/api/agencies?sort=internalNote', staff), 400, 'ValidationError');
    expectError(
      await t.get(`/api/agencies?filter=${encodeURIComponent('{"internalNote":"x"}')}`, staff),
      400,
      'ValidationError',
    );
  });

  it('exports CSV with the search applied', async () => {
    const res = ok(await t.get('/api/agencies/listCSV?search=Tiefblau', staff));
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Tiefblau Reisen AG');
  });
});

describe('create, update, contacts', () => {
  let id: number;

  it('creates an agency with contacts in one call', async () => {
    const res = ok(
      await t.post('/api/agencies', staff, {
        name: 'Reef & Wreck Reisen',
        type: 'travel',
        email: 'info@reef-wreck.example',
        address: { street: 'Hafenweg 3', zip: '18055', city: 'Rostock', country: 'de' },
        commission: '12.5',
        commissionMode: 'included',
        creditLimit: '2500',
        bank: { iban: 'DE89 3704 0044 0532 0130 00' },
        contacts: [
          { name: 'Ina Voss', position: 'Owner', email: 'ina@reef-wreck.example', isPrimary: true },
          { name: 'Ole Brandt', phone: '+49 381 1' },
        ],
      }),
      201,
    );
    const body = res.json();
    id = body.id;
    expect(body).toMatchObject({
      name: 'Reef & Wreck Reisen',
      commission: '12.50',
      creditLimit: '2500.00',
      address: { country: 'DE' },
      bank: { iban: 'DE89370400440532013000' },
      isActive: true,
      language: 'de',
      currency: 'EUR',
    });
    const contacts = ok(await t.get(`/api/agencies/contacts?agencyId=${id}`, staff)).json();
    expect(contacts.data.map((c: { name: string }) => c.name)).toEqual(['Ina Voss', 'Ole Brandt']);
    expect(contacts.data[0]).toMatchObject({ agencyName: 'Reef & Wreck Reisen', isPrimary: true });
  });

  it('finds the new agency by search and reads it back', async () => {
    const list = ok(await t.get('/api/agencies?search=reef%20%26%20wreck', staff)).json();
    expect(list.data.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(ok(await t.get(`/api/agencies/${id}`, staff)).json().name).toBe('Reef & Wreck Reisen');
  });

  it('replaces the contacts as a whole and leaves them when not named', async () => {
    ok(await t.post(`/api/agencies/${id}`, staff, { contacts: [{ name: 'Kai Lenz' }] }));
    expect((await contactsOf(id)).map((c) => c.name)).toEqual(['Kai Lenz']);
    ok(await t.post(`/api/agencies/${id}`, staff, { phone: '+49 381 2' }));
    expect((await contactsOf(id)).map((c) => c.name)).toEqual(['Kai Lenz']);
  });

  it.each([
    ['a commission above 100', { commission: '150' }],
    ['a commission as a number', { commission: 12 }],
    ['an unknown type', { type: 'airline' }],
    ['a bad country code', { address: { country: 'Germany' } }],
    [
      'two primary contacts',
      {
        contacts: [
          { name: 'A', isPrimary: true },
          { name: 'B', isPrimary: true },
        ],
      },
    ],
    ['a contact without name', { contacts: [{ email: 'x@y.example' }] }],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const before = ok(await t.get(`/api/agencies/${id}`, staff)).json();
    expectError(await t.post(`/api/agencies/${id}`, staff, body), 400, 'ValidationError');
    expect(ok(await t.get(`/api/agencies/${id}`, staff)).json()).toEqual(before);
    expect((await contactsOf(id)).map((c) => c.name)).toEqual(['Kai Lenz']);
  });

  it('refuses a group that does not exist, without touching the contacts', async () => {
    const res = await t.post(`/api/agencies/${id}`, staff, { groupId: 999_999, contacts: [] });
    expectError(res, 400, 'ValidationError');
    expect(res.json().details[0].path).toBe('groupId');
    expect((await contactsOf(id)).map((c) => c.name)).toEqual(['Kai Lenz']);
  });

  it('refuses a create without a name', async () => {
    expectError(await t.post('/api/agencies', staff, { type: 'travel' }), 400, 'ValidationError');
  });

  it('copies the terms, not the people', async () => {
    const copy = ok(await t.post(`/api/agencies/${id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Reef & Wreck Reisen (copy)', commission: '12.50' });
    expect(await contactsOf(copy.id)).toEqual([]);
  });

  it('searches all contacts with their agency name', async () => {
    const res = ok(await t.get('/api/agencies/contacts?search=tiefblau', staff)).json();
    expect(res.total).toBe(2);
    for (const c of res.data) expect(c.agencyName).toBe('Tiefblau Reisen AG');
    expectError(await t.get('/api/agencies/contacts?size=0', staff), 400, 'ValidationError');
  });
});

describe('delete', () => {
  it('refuses an agency that still has users, naming the counts', async () => {
    const res = await t.del(`/api/agencies/${blueReef}`, admin);
    expectError(res, 409, 'CONFLICT');
    expect(res.json().details).toContainEqual({ path: 'users', code: 'in_use', message: '1' });
    ok(await t.get(`/api/agencies/${blueReef}`, admin));
  });

  it('deletes an unused agency with its contacts and links', async () => {
    const created = ok(
      await t.post('/api/agencies', admin, { name: 'Short Lived', contacts: [{ name: 'Temp' }] }),
      201,
    ).json();
    ok(await t.post(`/api/agencies/${created.id}/link/channel`, admin, { external: 'X-1' }));
    ok(await t.del(`/api/agencies/${created.id}`, admin));
    expectError(await t.get(`/api/agencies/${created.id}`, admin), 404, 'NOT_FOUND');
    expect(await contactsOf(created.id)).toEqual([]);
    expectError(await t.del(`/api/agencies/${created.id}`, admin), 404, 'NOT_FOUND');
  });
});

describe('the agent (agencies.self) sees only its own agency', () => {
  it('list and CSV hold one row, without the internal note', async () => {
    const list = ok(await t.get('/api/agencies?size=0', agent)).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: blueReef, name: 'Blue Reef Travel' });
    expect(list.data[0]).not.toHaveProperty('internalNote');
    expect(list.data[0].commission).toMatch(/^\d+\.\d{2}$/);
    const csv = ok(await t.get('/api/agencies/listCSV', agent)).body;
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    expect(csv).toContain('Blue Reef Travel');
    expect(csv).not.toContain('SECRET-NOTE');
    // The staff's CSV does carry it: the agent's lacks it because of the redaction, not by accident.
    expect(ok(await t.get('/api/agencies/listCSV?search=blue%20reef', staff)).body).toContain('SECRET-NOTE');
  });

  it('gets its own agency; another answers 404', async () => {
    const own = ok(await t.get(`/api/agencies/${blueReef}`, agent)).json();
    expect(own.name).toBe('Blue Reef Travel');
    expect(own).not.toHaveProperty('internalNote');
    expectError(await t.get(`/api/agencies/${other}`, agent), 404, 'NOT_FOUND');
  });

  it('sees only its own contacts, users, links and documents', async () => {
    const contacts = ok(await t.get('/api/agencies/contacts?size=1000', agent)).json();
    expect(contacts.total).toBeGreaterThan(0);
    for (const c of contacts.data) expect(c.agencyId).toBe(blueReef);
    expect(ok(await t.get(`/api/agencies/contacts?agencyId=${other}`, agent)).json().total).toBe(0);
    const users = ok(await t.get(`/api/agencies/${blueReef}/users`, agent)).json();
    expect(users.map((u: { email: string }) => u.email)).toEqual(['agent@example.com']);
    ok(await t.get(`/api/agencies/${blueReef}/link`, agent));
    ok(await t.get(`/api/agencies/${blueReef}/print/contract`, agent));
    for (const url of [
      `/api/agencies/${other}/users`,
      `/api/agencies/${other}/link`,
      `/api/agencies/${other}/link/channel`,
      `/api/agencies/${other}/print/sheet`,
    ]) {
      expectError(await t.get(url, agent), 404, 'NOT_FOUND');
    }
  });

  it('edits its contact data and contacts', async () => {
    const res = ok(
      await t.post(`/api/agencies/${blueReef}`, agent, {
        phone: '+49 40 999',
        address: { street: 'Neuer Wall 1', zip: '20354', city: 'Hamburg', country: 'DE' },
        contacts: [{ name: 'Jana Petersen', isPrimary: true }],
      }),
    ).json();
    expect(res).toMatchObject({ phone: '+49 40 999', address: { street: 'Neuer Wall 1' } });
    expect(res).not.toHaveProperty('internalNote');
    expect((await contactsOf(blueReef)).map((c) => c.name)).toEqual(['Jana Petersen']);
  });

  it('may not change its terms: 403 naming the fields, nothing written', async () => {
    const before = ok(await t.get(`/api/agencies/${blueReef}`, admin)).json();
    const res = await t.post(`/api/agencies/${blueReef}`, agent, {
      phone: '+49 1',
      commission: '50',
      internalNote: 'x',
    });
    expectError(res, 403, 'FORBIDDEN');
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['commission', 'internalNote']);
    expect(ok(await t.get(`/api/agencies/${blueReef}`, admin)).json()).toEqual(before);
  });

  it('never edits, creates, copies or deletes another agency', async () => {
    expectError(await t.post(`/api/agencies/${other}`, agent, { phone: '1' }), 404, 'NOT_FOUND');
    expectError(await t.post('/api/agencies', agent, { name: 'Mine' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/agencies/${blueReef}/copy`, agent), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/agencies/${blueReef}`, agent), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/agencies/${blueReef}/link/x`, agent, { external: '1' }), 403, 'FORBIDDEN');
    expectError(await t.get('/api/agencygroup', agent), 403, 'FORBIDDEN');
  });

  it('an agent of no agency sees nothing', async () => {
    ok(
      await t.post('/api/users', admin, {
        email: 'lost-agent@agencies.test',
        password: 'pass-word-1',
        userType: 'agency',
        permissions: { scope: ['agencies.self'] },
      }),
      201,
    );
    const lost = await t.login('lost-agent@agencies.test', 'pass-word-1');
    expect(ok(await t.get('/api/agencies', lost)).json().total).toBe(0);
    expect(ok(await t.get('/api/agencies/contacts', lost)).json().total).toBe(0);
    expectError(await t.get(`/api/agencies/${blueReef}`, lost), 404, 'NOT_FOUND');
  });
});

describe('links to connected systems', () => {
  it('upserts, reads, lists and deletes a link', async () => {
    const first = ok(
      await t.post(`/api/agencies/${other}/link/booking-hub`, staff, {
        external: 'TB-1',
        data: { tier: 'gold' },
      }),
    ).json();
    expect(first).toMatchObject({
      agencyId: other,
      system: 'booking-hub',
      external: 'TB-1',
      data: { tier: 'gold' },
    });
    ok(await t.post(`/api/agencies/${other}/link/booking-hub`, staff, { external: 'TB-2' }));
    const read = ok(await t.get(`/api/agencies/${other}/link/booking-hub`, staff)).json();
    expect(read).toMatchObject({ external: 'TB-2', data: {} });
    const all = ok(await t.get(`/api/agencies/${other}/link`, staff)).json();
    expect(all.map((l: { system: string }) => l.system)).toContain('booking-hub');
    ok(await t.del(`/api/agencies/${other}/link/booking-hub`, staff));
    expectError(await t.get(`/api/agencies/${other}/link/booking-hub`, staff), 404, 'NOT_FOUND');
    expectError(await t.del(`/api/agencies/${other}/link/booking-hub`, staff), 404, 'NOT_FOUND');
  });

  it('answers 400 for a bad system name or body, 404 for an unknown agency', async () => {
    expectError(
      await t.post(`/api/agencies/${other}/link/a%20b`, staff, { external: '1' }),
      400,
      'ValidationError',
    );
    expectError(await t.post(`/api/agencies/${other}/link/x`, staff, {}), 400, 'ValidationError');
    expectError(await t.post('/api/agencies/999999/link/x', staff, { external: '1' }), 404, 'NOT_FOUND');
  });
});

describe('users of an agency', () => {
  it('lists id, name, e-mail, type and last login, nothing else', async () => {
    const users = ok(await t.get(`/api/agencies/${blueReef}/users`, staff)).json();
    expect(users).toHaveLength(1);
    expect(Object.keys(users[0]).sort()).toEqual(['email', 'id', 'lastLoginAt', 'name', 'userType']);
    expect(users[0]).toMatchObject({ email: 'agent@example.com', userType: 'agency' });
    expect(ok(await t.get(`/api/agencies/${other}/users`, staff)).json()).toEqual([]);
    expectError(await t.get('/api/agencies/abc/users', staff), 404, 'NOT_FOUND');
    expectError(await t.get('/api/agencies/999999/users', staff), 404, 'NOT_FOUND');
  });
});

describe('documents', () => {
  it('names the templates in both languages', async () => {
    const templates = ok(await t.get('/api/agencies/templates', agent)).json();
    expect(templates).toEqual([
      { key: 'sheet', name: { de: 'Agenturdatenblatt', en: 'Agency data sheet' } },
      { key: 'contract', name: { de: 'Provisionsvereinbarung', en: 'Commission agreement' } },
    ]);
  });

  it('prints the data sheet in German with the agency data and without the internal note', async () => {
    const res = ok(await t.get(`/api/agencies/${blueReef}/print/sheet?lang=de`, staff));
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Agenturdatenblatt – Blue Reef Travel');
    expect(text).toContain('Atoll Demo Divers');
    expect(text).toContain('Jana Petersen');
    expect(text).toContain('Reisebüro');
    expect(text).not.toContain('SECRET-NOTE');
  });

  it('prints the commission agreement in English with the agency terms', async () => {
    ok(await t.post(`/api/agencies/${other}`, staff, { commission: '12.5', creditLimit: '5000' }));
    const res = ok(await t.get(`/api/agencies/${other}/print/contract?lang=en`, staff));
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Commission agreement – Tiefblau Reisen AG');
    expect(text).toContain('12.5 %');
    expect(text).toContain('5,000.00 CHF');
  });

  it('uses the German number format in German', async () => {
    const text = await pdfText(
      ok(await t.get(`/api/agencies/${other}/print/contract?lang=de`, staff)).rawPayload,
    );
    expect(text).toContain('12,5 %');
    expect(text).toContain('5.000,00 CHF');
  });

  it('answers 400 for an unknown template or language, 404 for an unknown agency', async () => {
    expectError(await t.get(`/api/agencies/${blueReef}/print/invoice`, staff), 400, 'ValidationError');
    expectError(await t.get(`/api/agencies/${blueReef}/print/sheet?lang=fr`, staff), 400, 'ValidationError');
    expectError(await t.get('/api/agencies/999999/print/sheet', staff), 404, 'NOT_FOUND');
  });
});

describe('agency groups (/api/agencygroup)', () => {
  it('creates, renames and lists a group; 400 without a name', async () => {
    const group = ok(
      await t.post('/api/agencygroup', staff, { name: 'Scandinavia', color: 'cyan' }),
      201,
    ).json();
    ok(await t.post(`/api/agencygroup/${group.id}`, staff, { name: 'Nordics' }));
    const list = ok(await t.get('/api/agencygroup?search=nordic', staff)).json();
    expect(list.data.map((g: { name: string }) => g.name)).toEqual(['Nordics']);
    expectError(await t.post('/api/agencygroup', staff, { name: '' }), 400, 'ValidationError');
    expectError(await t.get('/api/agencygroup'), 401, 'UNAUTHORIZED');
  });

  it('deleting a group keeps its agencies, without group', async () => {
    const group = ok(await t.post('/api/agencygroup', admin, { name: 'Temporary' }), 201).json();
    const agency = ok(
      await t.post('/api/agencies', admin, { name: 'Grouped', groupId: group.id }),
      201,
    ).json();
    expectError(await t.del(`/api/agencygroup/${group.id}`, staff), 403, 'FORBIDDEN');
    ok(await t.del(`/api/agencygroup/${group.id}`, admin));
    expect(ok(await t.get(`/api/agencies/${agency.id}`, admin)).json().groupId).toBeNull();
  });
});
