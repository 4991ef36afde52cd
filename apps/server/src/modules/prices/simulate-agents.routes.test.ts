// POST /api/price/simulate for agents (agencies.self): the server prices for the agent's own agency on
// the AgentDirectBooking channel whatever the body says, and answers with the agency's commission (line with
// its percent, totals) but without the why of any commission special, as redactBooking does; customers still
// get 403, staff the whole answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { specials } from '../../db/schema.ts';

let w: TWorld;

type TWhy = { name: string; applied: boolean; reason: string };
type TResult = {
  totals: Record<string, string | null>;
  lines: { customData: { generator: string } }[];
  why: TWhy[];
};

// P1 of the world: Deluxe, 2041-03-29 → 04-02, (3 × 100 + 120) × 1.1 = 462.00.
const stay = (extra: Record<string, unknown> = {}) => ({
  resortId: w.resort,
  from: '2041-03-29',
  to: '2041-04-02',
  bookingDate: '2041-03-20',
  rooms: [{ roomTypeId: w.deluxe, persons: [{}, {}] }],
  ...extra,
});
const simulate = (body: unknown, token: string) => w.t.post('/api/price/simulate', token, body);
const whyOf = (result: TResult, name: string) => result.why.find((x) => x.name === name);
const COMMISSION_KEYS = ['commission', 'commissionPercent', 'commissionSource', 'commissionBase'];

beforeAll(async () => {
  w = await bookingWorld();
  const special = { status: 'confirmed', discount: 'PerCent' as const, target: 'RoomPrice' as const };
  await w.db.insert(specials).values([
    { ...special, name: 'Agent rate', discountValue: '10', includeIn: ['AgentDirectBooking'] },
    { ...special, name: 'Office rate', discountValue: '20', includeIn: ['Booking'] },
    {
      ...special,
      name: 'Blue Reef commission',
      type: 'AgencyCommission',
      discountValue: '12',
      includeIn: ['Booking', 'AgentDirectBooking'],
      rules: [{ field: 'Agencies', operator: 'IsIn', value: [w.ownAgency] }],
    },
    {
      ...special,
      name: 'Partner commission',
      type: 'AgencyCommission',
      discountValue: '20',
      includeIn: ['Booking', 'AgentDirectBooking'],
      // No agency is this one: it never applies, and its why says so to staff only.
      rules: [{ field: 'Agencies', operator: 'IsIn', value: [2_000_000_000] }],
    },
  ]);
});
afterAll(() => w?.t.close());

describe('access', () => {
  it('answers 401 without a login and 403 for a customer', async () => {
    expectError(await w.t.post('/api/price/simulate', undefined, stay()), 401, 'UNAUTHORIZED');
    expectError(await simulate(stay(), w.tokens.customer), 403, 'FORBIDDEN');
  });
});

describe('an agent', () => {
  it('prices on its own channel for its own agency, whatever the body names', async () => {
    const foreign = stay({ agencyId: w.agencyId, channel: 'Booking' });
    const result: TResult = ok(await simulate(foreign, w.tokens.agent));
    // The agent channel's 10 % applies, the office's 20 % does not: 462.00 − 46.20 = 415.80.
    expect(whyOf(result, 'Agent rate')).toMatchObject({ applied: true, amount: '-46.20' });
    expect(whyOf(result, 'Office rate')).toMatchObject({ applied: false, reason: 'channel' });
    expect(result.totals.total).toBe('415.80');
    // The same figures and lines as staff pricing the agent's own booking, its commission included.
    const own = stay({ agencyId: w.ownAgency, channel: 'AgentDirectBooking' });
    const full: TResult = ok(await simulate(own, w.tokens.staff));
    expect(full.totals).toMatchObject({ total: '415.80', commissionSource: 'special' });
    expect(Number(full.totals.commissionPercent)).toBe(12);
    expect(whyOf(full, 'Blue Reef commission')).toMatchObject({ reason: 'commission' });
    expect(result.totals).toEqual(full.totals);
    expect(result.lines).toEqual(full.lines);
  });

  it('sees its commission as a line with its percent, but not why the commission special applied', async () => {
    const result: TResult = ok(await simulate(stay(), w.tokens.agent));
    for (const key of COMMISSION_KEYS) expect(result.totals).toHaveProperty(key);
    // 12 % of the room price after the agent rate: 415.80 × 12 % = 49.90.
    const line = result.lines.find((l) => l.customData.generator === 'commission') as
      | { text: string; total: string; customerType: string }
      | undefined;
    expect(line).toMatchObject({ total: '49.90', customerType: 'Info' });
    expect(line?.text).toMatch(/12/);
    expect(whyOf(result, 'Blue Reef commission')).toBeUndefined();
  });

  it('does not see why a commission special did not apply either', async () => {
    const result: TResult = ok(await simulate(stay(), w.tokens.agent));
    expect(whyOf(result, 'Partner commission')).toBeUndefined();
    const full: TResult = ok(
      await simulate(stay({ agencyId: w.ownAgency, channel: 'AgentDirectBooking' }), w.tokens.staff),
    );
    expect(whyOf(full, 'Partner commission')).toMatchObject({
      applied: false,
      reason: 'rule',
      commission: true,
    });
  });
});

describe('staff, unchanged', () => {
  it('price what the body names and see the commission', async () => {
    const result: TResult = ok(await simulate(stay({ agencyId: w.agencyId }), w.tokens.staff));
    // Channel Booking: the office's 20 %: 462.00 − 92.40 = 369.60; Deep Blue's own 5 %.
    expect(whyOf(result, 'Office rate')).toMatchObject({ applied: true, amount: '-92.40' });
    expect(whyOf(result, 'Agent rate')).toMatchObject({ applied: false, reason: 'channel' });
    expect(result.totals).toMatchObject({ total: '369.60', commissionSource: 'agency' });
    expect(Number(result.totals.commissionPercent)).toBe(5);
  });
});
