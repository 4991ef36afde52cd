// Credit ledgers of customers and agencies: balances, entries with running balance, new entries,
// the never-negative rule under concurrency, and own-ledger isolation of customers and agents.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { agencies, creditEntries, customers, users } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
/** Only customers.update / only agencies.update / only agencies.read. */
let customerWriter: string;
let agencyWriter: string;
let agencyReader: string;
let maria: number;
let blueReef: number;
let otherAgency: number;

const entry = (payload: Record<string, unknown>, token = staff) =>
  t.call('POST', '/api/credits/entries', token, payload);

async function newCustomer(fullName: string, agencyId: number | null = null) {
  const [row] = await t.database.db.insert(customers).values({ fullName, agencyId }).returning();
  return row?.id ?? 0;
}
type TBalance = {
  customerId: number | null;
  agencyId: number | null;
  name: string;
  currency: string;
  balance: string;
};
const balancesOf = (res: LightMyRequestResponse) =>
  (res.json().data as TBalance[]).map((b) => `${b.name} ${b.currency} ${b.balance}`);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, agent, customer } = await t.demoTokens());
  customerWriter = await t.account('cw@credits.test', ['customers.update']);
  agencyWriter = await t.account('aw@credits.test', ['agencies.update']);
  agencyReader = await t.account('ar@credits.test', ['agencies.read']);
  const db = t.database.db;
  const [demoCustomer] = await db.select().from(users).where(eq(users.email, DEMO.customer[0]));
  const [demoAgent] = await db.select().from(users).where(eq(users.email, DEMO.agent[0]));
  maria = demoCustomer?.customerId ?? 0;
  blueReef = demoAgent?.agencyId ?? 0;
  const [other] = await db.insert(agencies).values({ name: 'Other Dive Travel' }).returning();
  otherAgency = other?.id ?? 0;
});
afterAll(() => t?.close());

describe('authentication and scopes', () => {
  it('answers 401 without login', async () => {
    for (const url of [
      '/api/customers/credits',
      '/api/agencies/credits',
      `/api/credits/entries?customerId=${maria}`,
    ]) {
      expectError(await t.call('GET', url), 401, 'UNAUTHORIZED');
    }
    expectError(await entry({ customerId: maria, currency: 'EUR', amount: '1' }, ''), 401, 'UNAUTHORIZED');
  });

  it('answers 403 without a scope for the list or the ledger kind', async () => {
    expectError(await t.call('GET', '/api/customers/credits', agencyReader), 403, 'FORBIDDEN');
    expectError(await t.call('GET', '/api/agencies/credits', customer), 403, 'FORBIDDEN');
    expectError(await t.call('GET', '/api/agencies/credits', customerWriter), 403, 'FORBIDDEN');
    expectError(
      await t.call('GET', `/api/credits/entries?customerId=${maria}`, agencyReader),
      403,
      'FORBIDDEN',
    );
    expectError(await t.call('GET', `/api/credits/entries?agencyId=${blueReef}`, customer), 403, 'FORBIDDEN');
  });

  it('writes customer ledgers with customers.update and agency ledgers with agencies.update only', async () => {
    const forCustomer = { customerId: await newCustomer('Scope Diver'), currency: 'EUR', amount: '1.00' };
    const forAgency = { agencyId: otherAgency, currency: 'EUR', amount: '1.00' };
    expectError(await entry(forAgency, customerWriter), 403, 'FORBIDDEN');
    expectError(await entry(forCustomer, agencyWriter), 403, 'FORBIDDEN');
    for (const token of [customer, agent, agencyReader]) {
      expectError(await entry(forCustomer, token), 403, 'FORBIDDEN');
      expectError(await entry(forAgency, token), 403, 'FORBIDDEN');
    }
    const before = await t.database.db.select().from(creditEntries);
    expect((await entry(forCustomer, customerWriter)).statusCode).toBe(201);
    expect((await entry({ ...forCustomer, amount: '-1.00' }, customerWriter)).statusCode).toBe(201);
    expect((await entry(forAgency, agencyWriter)).statusCode).toBe(201);
    expect((await entry({ ...forAgency, amount: '-1.00' }, agencyWriter)).statusCode).toBe(201);
    expect((await t.database.db.select().from(creditEntries)).length).toBe(before.length + 4);
  });
});

describe('bad input', () => {
  it.each([
    ['no owner', { currency: 'EUR', amount: '10' }],
    ['two owners', { customerId: 1, agencyId: 1, currency: 'EUR', amount: '10' }],
    ['amount 0', { customerId: 1, currency: 'EUR', amount: '0.00' }],
    ['a float amount', { customerId: 1, currency: 'EUR', amount: 10.5 }],
    ['three decimals', { customerId: 1, currency: 'EUR', amount: '10.505' }],
    ['a lower-case currency', { customerId: 1, currency: 'eur', amount: '10' }],
    ['an id of 0', { customerId: 0, currency: 'EUR', amount: '10' }],
  ])('refuses an entry with %s (400)', async (_, body) => {
    expectError(await entry(body), 400, 'ValidationError');
  });

  it.each([
    '/api/credits/entries',
    '/api/credits/entries?customerId=1&agencyId=1',
    '/api/credits/entries?customerId=abc',
    '/api/credits/entries?customerId=1&currency=euro',
    '/api/customers/credits?page=0',
    '/api/customers/credits?sort=amount',
    '/api/customers/credits?filter={"balance":{"$gt":1}}',
    '/api/agencies/credits/listCSV?filter={"currency":{"$regex":"x"}}',
    '/api/agencies/credits?filter=nope',
  ])('refuses GET %s with 400', async (url) => {
    expectError(await t.call('GET', url, admin), 400, 'ValidationError');
  });

  it('answers 404 for an unknown customer or agency', async () => {
    expectError(await entry({ customerId: 999_999, currency: 'EUR', amount: '5' }), 404, 'NOT_FOUND');
    expectError(await entry({ agencyId: 999_999, currency: 'EUR', amount: '5' }, admin), 404, 'NOT_FOUND');
    expectError(await t.call('GET', '/api/credits/entries?customerId=999999', staff), 404, 'NOT_FOUND');
    expectError(await t.call('GET', '/api/credits/entries?agencyId=999999', staff), 404, 'NOT_FOUND');
  });
});

describe('the ledger', () => {
  it('lists the seeded balances per customer and currency, searchable by name', async () => {
    const res = await t.call('GET', '/api/customers/credits?search=sommer', staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(balancesOf(res)).toEqual(['Maria Sommer EUR 150.00']);
    expect(res.json()).toMatchObject({ total: 1, page: 1, size: 25 });
    const agenciesRes = await t.call('GET', '/api/agencies/credits?search=blue', staff);
    expect(balancesOf(agenciesRes)).toEqual(['Blue Reef Travel EUR 380.00', 'Blue Reef Travel USD 300.00']);
    const usd = await t.call(
      'GET',
      `/api/agencies/credits?filter=${encodeURIComponent('{"currency":"USD"}')}`,
      staff,
    );
    expect(balancesOf(usd)).toEqual(['Blue Reef Travel USD 300.00']);
    const byBalance = await t.call('GET', '/api/agencies/credits?sort=balance&order=-1&size=0', staff);
    const amounts = (byBalance.json().data as TBalance[]).map((b) => Number(b.balance));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('books credit in and out, never below zero, with the running balance', async () => {
    const id = await newCustomer('Ledger Diver');
    const first = await entry({ customerId: id, currency: 'EUR', amount: '100.10', note: 'Overpayment' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      customerId: id,
      agencyId: null,
      amount: '100.10',
      balance: '100.10',
    });
    expectError(
      await entry({ customerId: id, currency: 'EUR', amount: '-100.11' }),
      409,
      'CREDIT_INSUFFICIENT',
    );
    // Another currency is another ledger.
    expectError(await entry({ customerId: id, currency: 'USD', amount: '-1' }), 409, 'CREDIT_INSUFFICIENT');
    const used = await entry({ customerId: id, currency: 'EUR', amount: '-100.10', bookingId: 77 });
    expect(used.json()).toMatchObject({ amount: '-100.10', balance: '0.00', bookingId: 77 });
    await entry({ customerId: id, currency: 'USD', amount: '20' });
    await entry({ customerId: id, currency: 'EUR', amount: '0.30' });

    const ledger = await t.call('GET', `/api/credits/entries?customerId=${id}`, staff);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json()).toMatchObject({
      customerId: id,
      agencyId: null,
      name: 'Ledger Diver',
      balances: [
        { currency: 'EUR', balance: '0.30' },
        { currency: 'USD', balance: '20.00' },
      ],
    });
    const lines = ledger
      .json()
      .entries.map((e: { currency: string; amount: string; balance: string }) =>
        [e.currency, e.amount, e.balance].join(' '),
      );
    expect(lines).toEqual(['EUR 100.10 100.10', 'EUR -100.10 0.00', 'EUR 0.30 0.30', 'USD 20.00 20.00']);
    const eur = await t.call('GET', `/api/credits/entries?customerId=${id}&currency=EUR`, staff);
    expect(eur.json().entries).toHaveLength(3);
  });

  it('pages the balances', async () => {
    const page = await t.call('GET', '/api/customers/credits?size=1&page=2', staff);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().total).toBeGreaterThanOrEqual(2);
  });

  it('lets exactly one of two concurrent withdrawals win when together they exceed the balance', async () => {
    const id = await newCustomer('Race Diver');
    await entry({ customerId: id, currency: 'EUR', amount: '100' });
    const results = await Promise.all(
      [1, 2].map(() => entry({ customerId: id, currency: 'EUR', amount: '-70' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const ledger = await t.call('GET', `/api/credits/entries?customerId=${id}`, staff);
    expect(ledger.json().balances).toEqual([{ currency: 'EUR', balance: '30.00' }]);
  });

  it('keeps an agency ledger non-negative under many concurrent withdrawals', async () => {
    await entry({ agencyId: otherAgency, currency: 'USD', amount: '100' }, admin);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        entry({ agencyId: otherAgency, currency: 'USD', amount: '-30' }, admin),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const ledger = await t.call('GET', `/api/credits/entries?agencyId=${otherAgency}&currency=USD`, admin);
    expect(ledger.json().balances).toEqual([{ currency: 'USD', balance: '10.00' }]);
  });
});

describe('own ledgers only', () => {
  let agencyClient: number;
  let stranger: number;

  beforeAll(async () => {
    agencyClient = await newCustomer('Agency Client', blueReef);
    stranger = await newCustomer('Stranger Diver', otherAgency);
    await entry({ customerId: agencyClient, currency: 'EUR', amount: '60' });
    await entry({ customerId: stranger, currency: 'EUR', amount: '90' });
  });

  it('shows the demo customer only their own balance and ledger', async () => {
    const res = await t.call('GET', '/api/customers/credits?size=500', customer);
    expect(res.statusCode, res.body).toBe(200);
    expect(balancesOf(res)).toEqual(['Maria Sommer EUR 150.00']);
    const own = await t.call('GET', `/api/credits/entries?customerId=${maria}`, customer);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().entries.map((e: { amount: string }) => e.amount)).toEqual(['250.00', '-100.00']);
    expectError(
      await t.call('GET', `/api/credits/entries?customerId=${stranger}`, customer),
      404,
      'NOT_FOUND',
    );
    const csv = await t.call('GET', '/api/customers/credits/listCSV', customer);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body.trim().split('\r\n')).toEqual([
      'customerId,name,currency,balance,entries,lastEntryAt',
      expect.stringMatching(new RegExp(`^${maria},Maria Sommer,EUR,150.00,2,`)),
    ]);
  });

  it('shows the demo agent only its agency and the customers of its agency', async () => {
    const own = await t.call('GET', '/api/agencies/credits?size=500', agent);
    expect(own.statusCode, own.body).toBe(200);
    expect(balancesOf(own)).toEqual(['Blue Reef Travel EUR 380.00', 'Blue Reef Travel USD 300.00']);
    const csv = await t.call('GET', '/api/agencies/credits/listCSV', agent);
    expect(csv.body).toContain('Blue Reef Travel');
    expect(csv.body).not.toContain('Other Dive Travel');
    const clients = await t.call('GET', '/api/customers/credits?size=500', agent);
    // The seed may give Blue Reef Travel further customers with credit: only they may appear.
    const ofAgency = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.agencyId, blueReef));
    const listed = (clients.json().data as TBalance[]).map((b) => b.customerId);
    expect(listed).toContain(agencyClient);
    expect(listed.every((id) => ofAgency.some((c) => c.id === id))).toBe(true);
    expect((await t.call('GET', `/api/credits/entries?agencyId=${blueReef}`, agent)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/credits/entries?customerId=${agencyClient}`, agent)).statusCode).toBe(
      200,
    );
    expectError(await t.call('GET', `/api/credits/entries?agencyId=${otherAgency}`, agent), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/api/credits/entries?customerId=${stranger}`, agent), 404, 'NOT_FOUND');
    expectError(await t.call('GET', `/api/credits/entries?customerId=${maria}`, agent), 404, 'NOT_FOUND');
  });

  it('shows staff every ledger', async () => {
    const res = await t.call('GET', '/api/customers/credits?size=500', staff);
    expect(balancesOf(res)).toEqual(
      expect.arrayContaining(['Agency Client EUR 60.00', 'Stranger Diver EUR 90.00']),
    );
    const ledger = await t.call('GET', `/api/credits/entries?agencyId=${otherAgency}`, staff);
    expect(ledger.statusCode, ledger.body).toBe(200);
  });
});
