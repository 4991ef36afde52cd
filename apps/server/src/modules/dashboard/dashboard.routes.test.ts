// The agent's home dashboard: scopes, the own-agency bound, and the sums on a real database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { agencies, bookings, creditEntries, users } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let agent: string;
let customer: string;
let reef: number;
let other: number;

type TBooking = Partial<typeof bookings.$inferInsert> & { agencyId: number };
async function book(values: TBooking) {
  await t.database.db
    .insert(bookings)
    .values({ from: '2030-05-01', to: '2030-05-08', currency: 'EUR', ...values });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, customer } = await t.demoTokens('staff', 'customer'));
  const db = t.database.db;
  const [own, another] = await db
    .insert(agencies)
    .values([{ name: 'Test Reef Travel', commission: '12.50' }, { name: 'Other Dive Travel' }])
    .returning();
  reef = own?.id ?? 0;
  other = another?.id ?? 0;
  // An agent of a fresh agency, so that the demo data adds nothing to the sums.
  await t.account('agent@dashboard.test', ['agencies.self']);
  await db
    .update(users)
    .set({ userType: 'agency', agencyId: reef })
    .where(eq(users.email, 'agent@dashboard.test'));
  agent = await t.login('agent@dashboard.test', ACCOUNT_PASSWORD);
  // The agency: two confirmed (one travelled long ago), one planned with an open amount, one cancelled.
  await book({ agencyId: reef, state: 'confirmed', total: '1000.00', openAmount: '0', commission: '150.00' });
  await book({
    agencyId: reef,
    state: 'resolved',
    from: '2020-01-01',
    to: '2020-01-08',
    total: '500.00',
    commission: '75.50',
  });
  await book({
    agencyId: reef,
    state: 'planned',
    total: '800.00',
    openAmount: '240.00',
    commission: '120.00',
  });
  await book({
    agencyId: reef,
    state: 'aborted',
    total: '999.00',
    openAmount: '999.00',
    commission: '99.00',
  });
  await book({ agencyId: reef, state: 'confirmed', currency: 'USD', total: '300.10', commission: '30.01' });
  // Another agency's booking never counts.
  await book({
    agencyId: other,
    state: 'confirmed',
    total: '7000.00',
    openAmount: '7000.00',
    commission: '700.00',
  });
  await db.insert(creditEntries).values([
    { agencyId: reef, currency: 'EUR', amount: '200.00' },
    { agencyId: reef, currency: 'EUR', amount: '-50.25' },
    { agencyId: other, currency: 'EUR', amount: '9999.00' },
  ]);
});
afterAll(() => t?.close());

describe('GET /api/dashboard/agency', () => {
  it('answers 401 without login and 403 to staff and customers', async () => {
    expectError(await t.get('/api/dashboard/agency'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/dashboard/agency', staff), 403, 'FORBIDDEN');
    expectError(await t.get('/api/dashboard/agency', customer), 403, 'FORBIDDEN');
  });

  it('answers 404 to an account without an agency, an administrator included', async () => {
    const loose = await t.account('loose@dashboard.test', ['agencies.self']);
    expectError(await t.get('/api/dashboard/agency', loose), 404, 'NOT_FOUND');
    const { admin } = await t.demoTokens('admin');
    expectError(await t.get('/api/dashboard/agency', admin), 404, 'NOT_FOUND');
  });

  it('gives the agent its own agency only, with exact sums per currency', async () => {
    const res = await t.get('/api/dashboard/agency', agent);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.agency).toEqual({ id: reef, name: 'Test Reef Travel', currency: 'EUR', commission: '12.50' });
    expect(body.bookings).toEqual({ active: 4, upcoming: 3, withOpenPayments: 1 });
    expect(body.money).toEqual([
      { currency: 'EUR', total: '2300.00', open: '240.00', commission: '225.50' },
      { currency: 'USD', total: '300.10', open: '0.00', commission: '30.01' },
    ]);
    expect(body.credit).toEqual([{ currency: 'EUR', balance: '149.75' }]);
  });
});
