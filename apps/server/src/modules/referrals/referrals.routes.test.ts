// /api/referral (docs/domain/referrals.md): the switch crmMaster (off: 404), 401, 403 and 400, whom a referral
// names, the booking that moves it to booked, the reward written as the referrer's credit in the referral's own
// transaction (a failing reward writes nothing), what a rewarded referral keeps, the copy, and the customer who
// reads only the referrals where they are the referrer.
import type { TReferral } from '@atoll/domain/referrals';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { creditEntries, customers, users } from '../../db/schema.ts';

let w: TWorld;
let office: string;
let reader: string;
let noScope: string;
/** Customers: the referrer, the referred with a confirmed and a planned booking, others; Maria is the demo's. */
let klara: number;
let jane: number;
let otto: number;
let paul: number;
let maria: number;
let janeConfirmed: number;
let janePlanned: number;
let ottoConfirmed: number;

type TList = { data: TReferral[]; total: number };

const BASE = '/api/referral';
const features = async (crmMaster: boolean) =>
  ok(await w.t.post('/api/settings/group/features', w.tokens.admin, { crmMaster }));
const create = async (body: object, token = office) =>
  ok(await w.t.post(BASE, token, body), 201) as TReferral;
const change = (id: number, body: object, token = office) => w.t.post(`${BASE}/${id}`, token, body);
const list = async (token: string, query = '') =>
  ok(await w.t.get(`${BASE}?size=0&${query}`, token)) as TList;
const customer = async (fullName: string) => {
  const [row] = await w.db.insert(customers).values({ fullName, gender: 'f' }).returning();
  return row?.id ?? 0;
};
const booking = async (customerId: number, state: string) =>
  (
    ok(
      await w.t.post(
        '/api/bookings',
        w.tokens.staff,
        tripBody(await w.cabin(), w.departure, { state, customerId }),
      ),
      201,
    ) as { id: number }
  ).id;
const entriesOf = (customerId: number) =>
  w.db.select().from(creditEntries).where(eq(creditEntries.customerId, customerId));

beforeAll(async () => {
  w = await bookingWorld();
  office = await w.t.account('office@referral.test', [
    'referral.read',
    'referral.create',
    'referral.update',
    'referral.delete',
  ]);
  reader = await w.t.account('reader@referral.test', ['referral.read']);
  noScope = await w.t.account('nobody@referral.test', ['customers.read', 'customers.update']);
  klara = await customer('Klara Referrer');
  jane = await customer('Jane Referred');
  otto = await customer('Otto Other');
  paul = await customer('Paul Third');
  const [demo] = await w.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.email, 'customer@example.com'));
  maria = demo?.customerId ?? 0;
  janeConfirmed = await booking(jane, 'confirmed');
  janePlanned = await booking(jane, 'planned');
  ottoConfirmed = await booking(otto, 'confirmed');
});
afterAll(() => w?.t.close());

describe('the switch crmMaster', () => {
  it('hides every call while it is off', async () => {
    expectError(await w.t.get(BASE, w.tokens.admin), 404, 'NOT_FOUND');
    expectError(await w.t.get(`${BASE}/listCSV`, w.tokens.admin), 404, 'NOT_FOUND');
    expectError(await w.t.get(`${BASE}/1`, w.tokens.admin), 404, 'NOT_FOUND');
    expectError(
      await w.t.post(BASE, w.tokens.admin, { referrerCustomerId: klara, referredCustomerId: paul }),
      404,
      'NOT_FOUND',
    );
    await features(true);
    expect((await list(w.tokens.admin)).total).toBe(0);
  });
});

describe('access', () => {
  it('answers 401 without a login and 403 without a referral scope', async () => {
    expectError(await w.t.get(BASE), 401, 'UNAUTHORIZED');
    expectError(await w.t.post(BASE, '', { referrerCustomerId: klara }), 401, 'UNAUTHORIZED');
    for (const token of [noScope, w.tokens.agent]) {
      expectError(await w.t.get(BASE, token), 403, 'FORBIDDEN');
      expectError(await w.t.get(`${BASE}/1`, token), 403, 'FORBIDDEN');
      expectError(await w.t.get(`${BASE}/listCSV`, token), 403, 'FORBIDDEN');
    }
    const body = { referrerCustomerId: klara, referredCustomerId: paul };
    expectError(await w.t.post(BASE, reader, body), 403, 'FORBIDDEN');
    expectError(await w.t.post(BASE, w.tokens.customer, body), 403, 'FORBIDDEN');
    expectError(await w.t.post(BASE, w.tokens.agent, body), 403, 'FORBIDDEN');
  });

  it('answers 404 for an unknown referral', async () => {
    expectError(await w.t.get(`${BASE}/999999`, office), 404, 'NOT_FOUND');
    expectError(await change(999999, { note: 'x' }), 404, 'NOT_FOUND');
    expectError(await w.t.del(`${BASE}/999999`, office), 404, 'NOT_FOUND');
    expectError(await w.t.post(`${BASE}/999999/copy`, office, {}), 404, 'NOT_FOUND');
  });
});

describe('whom a referral names', () => {
  it('refuses bad input with 400 ValidationError and writes nothing', async () => {
    const bad = [
      {},
      { referrerCustomerId: klara },
      { referrerCustomerId: klara, referredName: 'Only A Name' },
      { referrerCustomerId: klara, referredName: 'Eva', referredEmail: 'not-an-address' },
      { referrerCustomerId: klara, referredCustomerId: paul, referredName: 'Both', referredEmail: 'b@x.org' },
      { referrerCustomerId: klara, referredCustomerId: klara },
      { referrerCustomerId: 999999, referredCustomerId: paul },
      { referrerCustomerId: klara, referredCustomerId: 999999 },
      { referrerCustomerId: klara, referredCustomerId: paul, bookingId: janeConfirmed },
      { referrerCustomerId: klara, referredCustomerId: paul, bookingId: 999999 },
      {
        referrerCustomerId: klara,
        referredName: 'Eva',
        referredEmail: 'eva@x.org',
        bookingId: janeConfirmed,
      },
      { referrerCustomerId: klara, referredCustomerId: paul, status: 'booked' },
      { referrerCustomerId: klara, referredCustomerId: paul, status: 'rewarded' },
      { referrerCustomerId: klara, referredCustomerId: paul, status: 'won' },
      { referrerCustomerId: klara, referredCustomerId: paul, rewardAmount: '-5.00' },
      { referrerCustomerId: klara, referredCustomerId: paul, rewardAmount: '5.123' },
      { referrerCustomerId: klara, referredCustomerId: paul, rewardAmount: 5 },
      { referrerCustomerId: klara, referredCustomerId: paul, rewardCurrency: 'XYZ' },
      { referrerCustomerId: 'abc', referredCustomerId: paul },
    ];
    for (const body of bad) {
      const res = await w.t.post(BASE, office, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ValidationError', statusCode: 400 });
    }
    expect((await list(office)).total).toBe(0);
  });

  it('takes a customer or a name and an e-mail; a customer is referred once', async () => {
    const byName = await create({
      referrerCustomerId: klara,
      referredName: 'Eva New',
      referredEmail: 'eva@example.org',
      note: 'Met on the boat',
    });
    expect(byName).toMatchObject({
      referrerName: 'Klara Referrer',
      referredCustomerId: null,
      referredName: 'Eva New',
      status: 'open',
      creditEntryId: null,
      note: 'Met on the boat',
    });
    expect(byName.createdBy).toEqual(expect.any(Number));
    const first = await create({ referrerCustomerId: klara, referredCustomerId: paul });
    expect(first).toMatchObject({ referredCustomerName: 'Paul Third', status: 'open' });
    expectError(
      await w.t.post(BASE, office, { referrerCustomerId: otto, referredCustomerId: paul }),
      409,
      'CONFLICT',
    );
    // Nor by a change of another referral.
    expectError(
      await change(byName.id, { referredCustomerId: paul, referredName: null, referredEmail: null }),
      409,
      'CONFLICT',
    );
    ok(await w.t.del(`${BASE}/${first.id}`, office));
    ok(await w.t.del(`${BASE}/${byName.id}`, office));
  });
});

describe('booking and reward', () => {
  let referral: TReferral;

  it('moves to booked when it names the referred customer’s booking, and back without', async () => {
    referral = await create({ referrerCustomerId: klara, referredCustomerId: jane });
    expectError(await change(referral.id, { bookingId: ottoConfirmed }), 400, 'ValidationError');
    const booked = ok(await change(referral.id, { bookingId: janePlanned })) as TReferral;
    expect(booked).toMatchObject({ status: 'booked', bookingId: janePlanned });
    expect(booked.bookingNo).toEqual(expect.any(String));
    expect(ok(await change(referral.id, { bookingId: null })).status).toBe('open');
    // A form sends the status it showed: "open" with the booking is booked all the same.
    expect(ok(await change(referral.id, { bookingId: janePlanned, status: 'open' })).status).toBe('booked');
  });

  it('refuses a reward before the booking is confirmed, and writes no credit', async () => {
    const reward = { status: 'rewarded', rewardAmount: '12.34', rewardCurrency: 'EUR' };
    expectError(await change(referral.id, reward), 409, 'CONFLICT');
    expectError(await change(referral.id, { status: 'rewarded' }), 400, 'ValidationError');
    expectError(await change(referral.id, { ...reward, rewardCurrency: 'XYZ' }), 400, 'ValidationError');
    expect(await entriesOf(klara)).toEqual([]);
    expect(ok(await w.t.get(`${BASE}/${referral.id}`, office))).toMatchObject({
      status: 'booked',
      creditEntryId: null,
      rewardedAt: null,
    });
  });

  it('writes nothing when the referral cannot be stored after its credit entry (one transaction)', async () => {
    // A trigger refuses the referral's UPDATE to rewarded, after the service wrote the credit entry.
    await w.db.execute(sql`create function referral_refuse() returns trigger language plpgsql as $$
      begin if new.status = 'rewarded' then raise exception 'refused' using errcode = '23505'; end if; return new; end $$`);
    await w.db.execute(
      sql`create trigger referral_refuse before update on referrals for each row execute function referral_refuse()`,
    );
    try {
      const res = await change(referral.id, {
        bookingId: janeConfirmed,
        status: 'rewarded',
        rewardAmount: '12.34',
        rewardCurrency: 'EUR',
      });
      expectError(res, 409, 'CONFLICT');
    } finally {
      await w.db.execute(sql`drop trigger referral_refuse on referrals`);
      await w.db.execute(sql`drop function referral_refuse()`);
    }
    expect(await entriesOf(klara)).toEqual([]);
    expect(ok(await w.t.get(`${BASE}/${referral.id}`, office)).bookingId).toBe(janePlanned);
  });

  it('rewards with a confirmed booking: the exact amount as credit to the referrer, its id kept', async () => {
    const rewarded = ok(
      await change(referral.id, {
        bookingId: janeConfirmed,
        status: 'rewarded',
        rewardAmount: '12.34',
        rewardCurrency: 'EUR',
      }),
    ) as TReferral;
    expect(rewarded).toMatchObject({ status: 'rewarded', rewardAmount: '12.34', rewardCurrency: 'EUR' });
    expect(rewarded.rewardedAt).toEqual(expect.any(String));
    const entries = await entriesOf(klara);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: rewarded.creditEntryId,
      customerId: klara,
      currency: 'EUR',
      amount: '12.34',
      bookingId: janeConfirmed,
    });
    const ledger = ok(await w.t.get(`/api/credits/entries?customerId=${klara}`, w.tokens.admin));
    expect(ledger.balances).toEqual([{ currency: 'EUR', balance: '12.34' }]);
    // Nobody else was credited.
    expect(await entriesOf(jane)).toEqual([]);
  });

  it('keeps a rewarded referral’s referrer, amount, currency, status and booking (409); the note changes', async () => {
    for (const body of [
      { referrerCustomerId: otto },
      { rewardAmount: '20.00' },
      { rewardCurrency: 'USD' },
      { status: 'declined' },
      { bookingId: null },
    ]) {
      expectError(await change(referral.id, body), 409, 'CONFLICT');
    }
    // The same values again (a form sends them all) are no change; nor is a second reward.
    const same = ok(
      await change(referral.id, {
        referrerCustomerId: klara,
        referredCustomerId: jane,
        bookingId: janeConfirmed,
        status: 'rewarded',
        rewardAmount: '12.34',
        rewardCurrency: 'EUR',
        note: 'Paid',
      }),
    ) as TReferral;
    expect(same).toMatchObject({ note: 'Paid', rewardAmount: '12.34' });
    expect(await entriesOf(klara)).toHaveLength(1);
    expectError(await w.t.del(`${BASE}/${referral.id}`, office), 409, 'CONFLICT');
    ok(await w.t.get(`${BASE}/${referral.id}`, office));
  });

  it('copies as a new open referral of the same referrer, naming nobody', async () => {
    const copy = ok(await w.t.post(`${BASE}/${referral.id}/copy`, office, {}), 201) as TReferral;
    expect(copy).toMatchObject({
      referrerCustomerId: klara,
      referredCustomerId: null,
      referredName: null,
      referredEmail: null,
      bookingId: null,
      status: 'open',
      rewardAmount: null,
      rewardCurrency: null,
      rewardedAt: null,
      creditEntryId: null,
    });
    expect(copy.id).not.toBe(referral.id);
    ok(await w.t.del(`${BASE}/${copy.id}`, office));
  });

  it('lists by status and search', async () => {
    const open = await create({
      referrerCustomerId: otto,
      referredName: 'Sam Search',
      referredEmail: 's@x.org',
    });
    const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
    expect((await list(reader, filter({ status: 'rewarded' }))).data.map((r) => r.id)).toEqual([referral.id]);
    expect((await list(reader, 'search=Sam%20Search')).data.map((r) => r.id)).toEqual([open.id]);
    expect((await list(reader, 'search=Klara')).data.map((r) => r.id)).toEqual([referral.id]);
    const csv = await w.t.get(`${BASE}/listCSV`, reader);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Sam Search');
    ok(await w.t.del(`${BASE}/${open.id}`, office));
  });
});

describe('a customer', () => {
  it('reads only the referrals where they are the referrer, without the office’s note', async () => {
    const own = await create({
      referrerCustomerId: maria,
      referredName: 'Friend Of Maria',
      referredEmail: 'friend@example.org',
      note: 'internal',
    });
    const others = await list(office);
    const foreign = others.data.find((r) => r.referrerCustomerId !== maria);
    expect(foreign).toBeDefined();
    const mine = await list(w.tokens.customer);
    expect(mine.data.map((r) => r.id)).toEqual([own.id]);
    expect(mine.data[0]).not.toHaveProperty('note');
    expect(ok(await w.t.get(`${BASE}/${own.id}`, w.tokens.customer)).referredName).toBe('Friend Of Maria');
    expectError(await w.t.get(`${BASE}/${foreign?.id}`, w.tokens.customer), 404, 'NOT_FOUND');
    expectError(await change(own.id, { note: 'mine' }, w.tokens.customer), 403, 'FORBIDDEN');
    expectError(await w.t.del(`${BASE}/${own.id}`, w.tokens.customer), 403, 'FORBIDDEN');
    expectError(await w.t.post(`${BASE}/${own.id}/copy`, w.tokens.customer, {}), 403, 'FORBIDDEN');
    const csv = await w.t.get(`${BASE}/listCSV`, w.tokens.customer);
    expect(csv.body).toContain('Friend Of Maria');
    expect(csv.body).not.toContain('Klara');
  });

  it('and the switch off hides them again', async () => {
    await features(false);
    expectError(await w.t.get(BASE, w.tokens.customer), 404, 'NOT_FOUND');
    expectError(await w.t.get(BASE, office), 404, 'NOT_FOUND');
    const [left] = await w.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditEntries)
      .where(eq(creditEntries.customerId, klara));
    expect(left?.n).toBe(1);
  });
});
