// Agency sales contests through the API (docs/domain/contests.md): the switch, who writes and reads what, the
// contest's checks, subscribing (own agency for agents, any for the office, only while open), the standing of the
// worked example recomputed from the seeded bookings (a cancelled booking, one confirmed after the period, another
// currency), agents seeing only their own line, and no delete while agencies take part.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingWorld,
  cents,
  countedCents,
  ok,
  stayBody,
  type TWorld,
  tripBody,
} from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { agencies, bookings, exchangeRates } from '../../db/schema.ts';

let w: TWorld;
let coral: number;
/** Blue Reef Travel (the agent's agency) and Deep Blue Agency's counted bookings, and the ones that do not count. */
const ids: Record<'trip' | 'stay' | 'usd' | 'cancelled' | 'late' | 'coral', number> = {
  trip: 0,
  stay: 0,
  usd: 0,
  cancelled: 0,
  late: 0,
  coral: 0,
};
let contest: number;

type TLine = { type: string; total: string; customerType: string };
type TStanding = {
  participants: number;
  currency: string | null;
  rows: { rank: number; agencyId: number; agencyName: string; figure: string }[];
};

/** A confirmed booking of an agency, confirmed (bookingDate) on `day` at noon UTC. */
async function confirmed(body: Record<string, unknown>, agencyId: number, day: string) {
  const row = ok(
    await w.t.post('/api/bookings', w.tokens.staff, { ...body, state: 'confirmed', agencyId }),
    201,
  );
  await w.db
    .update(bookings)
    .set({ bookingDate: new Date(`${day}T12:00:00Z`) })
    .where(eq(bookings.id, row.id as number));
  return row.id as number;
}
const trip = async (agencyId: number, day: string) =>
  confirmed(tripBody(await w.cabin(), w.departure, { customerId: w.guests.ben }), agencyId, day);
/** The revenue of a booking recomputed from its lines: the billable ones paid through the house, in cents. */
const revenueCents = async (id: number) =>
  countedCents(ok(await w.t.get(`/api/bookings/${id}`, w.tokens.staff)).calculation as TLine[]);
const standing = async (token: string, id = contest) =>
  ok(await w.t.get(`/api/contest/${id}/subscription`, token)) as TStanding;
const subscribe = (token: string, body: Record<string, unknown>) =>
  w.t.post('/api/contest/subscribe', token, body);
const base = {
  name: 'Spring sales',
  prize: 'A free week on MV Atoll Explorer',
  from: '2041-01-01',
  to: '2041-03-31',
  metric: 'nights',
};

beforeAll(async () => {
  w = await bookingWorld();
  const [row] = await w.db.insert(agencies).values({ name: 'Coral Sales' }).returning();
  coral = row?.id ?? 0;
  // 1 EUR = 2 USD from 2041: a USD amount counts half in euros.
  await w.db
    .insert(exchangeRates)
    .values({ fromCurrency: 'EUR', toCurrency: 'USD', rate: '2', validFrom: '2041-01-01' });
  ids.trip = await trip(w.ownAgency, '2041-02-10');
  ids.stay = await confirmed(
    stayBody(await w.resortRoom(), { customerId: w.guests.ben }),
    w.ownAgency,
    '2041-03-01',
  );
  ids.usd = await trip(w.agencyId, '2041-02-15');
  await w.db.update(bookings).set({ currency: 'USD' }).where(eq(bookings.id, ids.usd));
  ids.cancelled = await trip(w.agencyId, '2041-02-20');
  ok(
    await w.t.post(`/api/bookings/${ids.cancelled}/cancell`, w.tokens.staff, {
      useTerms: false,
      percent: '30',
      value: '0',
    }),
  );
  ids.late = await trip(w.agencyId, '2041-04-05');
  ids.coral = await trip(coral, '2041-02-11');
});
afterAll(() => w?.t.close());

describe('the switch', () => {
  it('hides every call while contest is off', async () => {
    expectError(await w.t.get('/api/contest', w.tokens.admin), 404, 'NOT_FOUND');
    expectError(await w.t.get('/api/contest/1/subscription', w.tokens.admin), 404, 'NOT_FOUND');
    expectError(await subscribe(w.tokens.agent, { contestId: 1 }), 404, 'NOT_FOUND');
    expectError(await w.t.post('/api/contest', w.tokens.staff, base), 404, 'NOT_FOUND');
    ok(await w.t.post('/api/settings/group/features', w.tokens.admin, { contest: true }));
  });
});

describe('contests', () => {
  it('are refused with a reversed period, an unknown metric, a late closing day or garbage', async () => {
    const bad = [
      { ...base, to: '2040-12-31' },
      { ...base, metric: 'likes' },
      { ...base, subscribeUntil: '2041-04-01' },
      { ...base, resortId: w.resort, vesselId: w.vessel },
      { ...base, from: 'soon' },
      ['garbage'],
      { garbage: true },
      { ...base, name: '' },
    ];
    for (const body of bad)
      expectError(await w.t.post('/api/contest', w.tokens.staff, body), 400, 'ValidationError');
    expect(await w.count('contests')).toBe(0);
  });

  it('are written by the office, not by agents, customers or anonymous callers', async () => {
    expectError(await w.t.post('/api/contest', undefined, base), 401, 'UNAUTHORIZED');
    expectError(await w.t.get('/api/contest', undefined), 401, 'UNAUTHORIZED');
    expectError(await w.t.post('/api/contest', w.tokens.agent, base), 403, 'FORBIDDEN');
    expectError(await w.t.get('/api/contest', w.tokens.customer), 403, 'FORBIDDEN');
    contest = ok(await w.t.post('/api/contest', w.tokens.staff, base), 201).id as number;
    expectError(await w.t.post(`/api/contest/${contest}`, w.tokens.agent, { name: 'x' }), 403, 'FORBIDDEN');
    expectError(await w.t.post(`/api/contest/${contest}/copy`, w.tokens.agent), 403, 'FORBIDDEN');
    expectError(await w.t.del(`/api/contest/${contest}`, w.tokens.agent), 403, 'FORBIDDEN');
    // A change is checked on the stored contest with the change applied.
    expectError(
      await w.t.post(`/api/contest/${contest}`, w.tokens.staff, { to: '2040-06-30' }),
      400,
      'ValidationError',
    );
    const copy = ok(await w.t.post(`/api/contest/${contest}/copy`, w.tokens.staff), 201);
    expect(copy).toMatchObject({ name: 'Spring sales (copy)', isActive: false, metric: 'nights' });
  });

  it('are read by agents while active: the inactive copy stays hidden from them', async () => {
    const forAgent = ok(await w.t.get('/api/contest?size=0', w.tokens.agent)).data as { id: number }[];
    expect(forAgent.map((c) => c.id)).toEqual([contest]);
    const forStaff = ok(await w.t.get('/api/contest?size=0', w.tokens.staff)).data as { id: number }[];
    expect(forStaff).toHaveLength(2);
    const inactive = forStaff.find((c) => c.id !== contest)?.id ?? 0;
    expectError(await w.t.get(`/api/contest/${inactive}`, w.tokens.agent), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/contest/${inactive}/subscription`, w.tokens.agent), 404, 'NOT_FOUND');
    expectError(await subscribe(w.tokens.agent, { contestId: inactive }), 409, 'CONFLICT');
    ok(await w.t.del(`/api/contest/${inactive}`, w.tokens.staff));
  });
});

describe('subscribing', () => {
  it('an agent subscribes its own agency only, once', async () => {
    expectError(
      await subscribe(w.tokens.agent, { contestId: contest, agencyId: w.agencyId }),
      403,
      'FORBIDDEN',
    );
    expectError(await subscribe(w.tokens.customer, { contestId: contest }), 403, 'FORBIDDEN');
    expectError(await subscribe(w.tokens.agent, { contestId: 999_999 }), 404, 'NOT_FOUND');
    expectError(await subscribe(w.tokens.agent, { contestId: 'x' }), 400, 'ValidationError');
    const row = ok(await subscribe(w.tokens.agent, { contestId: contest }), 201);
    expect(row).toMatchObject({ contestId: contest, agencyId: w.ownAgency });
    expectError(await subscribe(w.tokens.agent, { contestId: contest }), 409, 'CONFLICT');
  });

  it('the office subscribes any agency it names, and an agency leaves while the contest is open', async () => {
    expectError(await subscribe(w.tokens.staff, { contestId: contest }), 400, 'ValidationError');
    expectError(
      await subscribe(w.tokens.staff, { contestId: contest, agencyId: 999_999 }),
      400,
      'ValidationError',
    );
    ok(await subscribe(w.tokens.staff, { contestId: contest, agencyId: w.agencyId }), 201);
    ok(await subscribe(w.tokens.staff, { contestId: contest, agencyId: coral }), 201);
    ok(await w.t.post('/api/contest/unsubscribe', w.tokens.staff, { contestId: contest, agencyId: coral }));
    expectError(
      await w.t.post('/api/contest/unsubscribe', w.tokens.staff, { contestId: contest, agencyId: coral }),
      404,
      'NOT_FOUND',
    );
    expect(await w.count('contest_subscriptions', `contest_id = ${contest}`)).toBe(2);
  });

  it('is closed after the closing day', async () => {
    const past = ok(
      await w.t.post('/api/contest', w.tokens.staff, { ...base, from: '2020-01-01', to: '2020-03-31' }),
      201,
    ).id as number;
    const early = ok(
      await w.t.post('/api/contest', w.tokens.staff, { ...base, subscribeUntil: '2021-01-01' }),
      201,
    ).id as number;
    expectError(await subscribe(w.tokens.agent, { contestId: past }), 409, 'CONFLICT');
    expectError(await subscribe(w.tokens.agent, { contestId: early }), 409, 'CONFLICT');
    expectError(
      await w.t.post('/api/contest/unsubscribe', w.tokens.agent, { contestId: early }),
      409,
      'CONFLICT',
    );
    for (const id of [past, early]) ok(await w.t.del(`/api/contest/${id}`, w.tokens.staff));
  });
});

describe('the standing (the worked example of docs/domain/contests.md)', () => {
  it('counts guest nights of the bookings confirmed in the period: 22 against 14', async () => {
    const s = await standing(w.tokens.staff);
    expect(s.participants).toBe(2);
    expect(s.currency).toBeNull();
    expect(s.rows.map((r) => [r.rank, r.agencyId, r.figure])).toEqual([
      [1, w.ownAgency, '22'],
      [2, w.agencyId, '14'],
    ]);
  });

  it('counts bookings and guests', async () => {
    ok(await w.t.post(`/api/contest/${contest}`, w.tokens.staff, { metric: 'bookings' }));
    expect((await standing(w.tokens.staff)).rows.map((r) => [r.rank, r.figure])).toEqual([
      [1, '2'],
      [2, '1'],
    ]);
    ok(await w.t.post(`/api/contest/${contest}`, w.tokens.staff, { metric: 'guests' }));
    expect((await standing(w.tokens.staff)).rows.map((r) => [r.rank, r.figure])).toEqual([
      [1, '4'],
      [2, '2'],
    ]);
  });

  it('ranks equal figures alike: one booking each on the vessel', async () => {
    ok(await w.t.post(`/api/contest/${contest}`, w.tokens.staff, { metric: 'bookings', vesselId: w.vessel }));
    expect((await standing(w.tokens.staff)).rows.map((r) => [r.rank, r.agencyName, r.figure])).toEqual([
      [1, 'Blue Reef Travel', '1'],
      [1, 'Deep Blue Agency', '1'],
    ]);
    ok(await w.t.post(`/api/contest/${contest}`, w.tokens.staff, { vesselId: null }));
  });

  it('sums revenue in the base currency, the USD booking at its confirmation day’s rate', async () => {
    ok(await w.t.post(`/api/contest/${contest}`, w.tokens.staff, { metric: 'revenue' }));
    const own = (await revenueCents(ids.trip)) + (await revenueCents(ids.stay));
    const deepBlue = Math.round((await revenueCents(ids.usd)) / 2);
    expect(own).toBeGreaterThan(0);
    const s = await standing(w.tokens.staff);
    expect(s.currency).toBe('EUR');
    const figures = Object.fromEntries(s.rows.map((r) => [r.agencyId, cents(r.figure)]));
    expect(figures).toEqual({ [w.ownAgency]: own, [w.agencyId]: deepBlue });
    // The cancelled booking, the one confirmed after the period and Coral Sales' (not taking part) never count.
    const others = await w.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [ids.cancelled, ids.late]));
    expect(others.map((b) => b.state).sort()).toEqual(['aborted', 'confirmed']);
    ok(await w.t.post(`/api/contest/${contest}`, w.tokens.staff, { metric: 'nights' }));
  });

  it('shows an agent its own line only: rank, figure and the number taking part', async () => {
    const res = await w.t.get(`/api/contest/${contest}/subscription`, w.tokens.agent);
    const s = ok(res) as TStanding;
    expect(s.participants).toBe(2);
    expect(s.rows).toEqual([expect.objectContaining({ rank: 1, agencyId: w.ownAgency, figure: '22' })]);
    expect(res.body).not.toContain('Deep Blue');
    expect(res.body).not.toContain('"figure":"14"');
  });
});

describe('deleting', () => {
  it('is refused while agencies take part (409), then allowed', async () => {
    expectError(await w.t.del(`/api/contest/${contest}`, w.tokens.staff), 409, 'CONFLICT');
    for (const agencyId of [w.ownAgency, w.agencyId])
      ok(await w.t.post('/api/contest/unsubscribe', w.tokens.staff, { contestId: contest, agencyId }));
    ok(await w.t.del(`/api/contest/${contest}`, w.tokens.staff));
    expect(await w.count('contests')).toBe(0);
  });

  it('answers 404 again once the switch is off', async () => {
    ok(await w.t.post('/api/settings/group/features', w.tokens.admin, { contest: false }));
    expectError(await w.t.get('/api/contest', w.tokens.staff), 404, 'NOT_FOUND');
  });
});
