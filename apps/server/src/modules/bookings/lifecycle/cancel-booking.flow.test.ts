// POST /api/bookings/{id}/cancell: the worked example of docs/domain/cancellation.md (C1–C4, "Liveaboard
// standard" terms), the request's own percent or value, the billable lines turned Info with their old
// customer type kept, one fee line in the booking's language, totals from the lines, the holds released.

import { addDays } from '@atoll/domain/inventory/tours';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingWorld,
  cents,
  countedCents,
  ok,
  stayBody,
  type TWorld,
  tripBody,
} from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { paymentTerms } from '../../../db/schema.ts';
import { recordPayment } from '../../payments/payments.flow.ts';

let w: TWorld;
let staff: string;
const FROM = '2041-05-02';

type TLine = {
  type: string;
  text: string;
  total: string;
  customerType: string;
  manual: boolean;
  customData: Record<string, unknown>;
};

/** A confirmed two-guest cabin on the 2041-05-02 departure: 2 × 2,100.00 = 4,200.00 (the worked example). */
async function liveaboard(extra: Record<string, unknown> = {}) {
  const cabin = await w.cabin();
  const body = tripBody(cabin, w.departure, { state: 'confirmed', termsId: w.terms.liveaboard, ...extra });
  const booking = ok(await w.t.post('/api/bookings', staff, body), 201);
  expect(booking.total).toBe('4200.00');
  return booking;
}
const cancel = (id: number, body: unknown, token = staff) =>
  w.t.post(`/api/bookings/${id}/cancell`, token, body);
const feeLines = (lines: TLine[]) => lines.filter((l) => l.customData.cancellationFee === true);

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff } = w.tokens);
});
afterAll(() => w?.t.close());

describe('worked cancellation example (docs/domain/cancellation.md)', () => {
  it.each([
    ['C1: 120 days before, tier 90 → 30 %', -120, '30', '1260.00', 'Stornogebühr (30 %)'],
    ['C2: 75 days before, tier 60 → 50 %', -75, '50', '2100.00', 'Stornogebühr (50 %)'],
    ['C3: 10 days after departure (no-show), no tier → 100 %', 10, '100', '4200.00', 'Stornogebühr (100 %)'],
  ])('%s', async (_label, offset, percent, fee, text) => {
    const booking = await liveaboard();
    expect((await w.held({ bookingId: booking.id })).holding).toHaveLength(2);
    const cancelled = ok(await cancel(booking.id, { date: addDays(FROM, offset), version: 1 }));
    expect(cancelled).toMatchObject({
      state: 'aborted',
      version: 2,
      total: fee,
      cancellation: { reason: 'customer', percent, fee, date: addDays(FROM, offset) },
    });
    expect(cancelled.cancelationDate).not.toBeNull();
    expect(cancelled.cancellation.tiers).toHaveLength(3);
    const lines = cancelled.calculation as TLine[];
    expect(feeLines(lines)).toMatchObject([
      { type: 'cost', text, total: fee, customerType: 'None', manual: true },
    ]);
    // Every room line is Info now and remembers what it was.
    const roomLines = lines.filter((l) => l.type === 'room_cost');
    expect(roomLines).toHaveLength(2);
    for (const line of roomLines)
      expect(line).toMatchObject({ customerType: 'Info', customData: { previousCustomerType: 'None' } });
    expect(
      lines.filter((l) => l.type === 'deposit' || l.type === 'rest').every((l) => l.customerType === 'Info'),
    ).toBe(true);
    expect(countedCents(lines)).toBe(cents(fee));
    expect(cancelled.totals).toMatchObject({ total: fee, dueBeforeTravel: fee });
    expect((await w.held({ bookingId: booking.id })).all).toHaveLength(0);
  });

  it('C4: an agency booking with 15 % commission, includeCommission false, 75 days before → 1,785.00', async () => {
    const booking = await liveaboard({ agencyId: w.agencyId });
    expect(booking.commission).toBe('630.00');
    const body = { date: addDays(FROM, -75), includeCommission: false };
    const cancelled = ok(await cancel(booking.id, body));
    expect(cancelled).toMatchObject({ total: '1785.00', commission: '0.00' });
    expect(feeLines(cancelled.calculation)[0]?.total).toBe('1785.00');
    expect(cancelled.cancellation).toMatchObject({ fee: '1785.00', percent: '50' });
  });

  it('with includeCommission the agency earns its percent on the fee', async () => {
    const booking = await liveaboard({ agencyId: w.agencyId });
    const cancelled = ok(await cancel(booking.id, { date: addDays(FROM, -75) }));
    // 50 % of 4,200.00, and 15 % commission of that.
    expect(cancelled).toMatchObject({ total: '2100.00', commission: '315.00' });
    expect(cancelled.totals).toMatchObject({ agencyDue: '1785.00', commission: '315.00' });
  });
});

describe('the request’s own fee', () => {
  it('takes a percent without the terms, in the booking language', async () => {
    const booking = await liveaboard({ language: 'en' });
    const cancelled = ok(await cancel(booking.id, { useTerms: false, percent: '12.5', reason: 'operator' }));
    expect(feeLines(cancelled.calculation)).toMatchObject([
      { text: 'Cancellation fee (12.5 %)', total: '525.00' },
    ]);
    expect(cancelled.cancellation).toMatchObject({ reason: 'operator', percent: '12.5', fee: '525.00' });
    expect(cancelled.cancellation.tiers).toBeUndefined();
  });

  it('takes an absolute value, capped at the fee base', async () => {
    const booking = await liveaboard();
    const cancelled = ok(await cancel(booking.id, { useTerms: false, value: '99.50' }));
    expect(feeLines(cancelled.calculation)).toMatchObject([{ text: 'Stornogebühr', total: '99.50' }]);
    const capped = ok(await cancel((await liveaboard()).id, { useTerms: false, value: '9999.00' }));
    expect(capped.total).toBe('4200.00');
  });

  it('answers 400 for a malformed percent', async () => {
    const booking = await liveaboard();
    const res = await cancel(booking.id, { useTerms: false, percent: 'ten' });
    expectError(res, 400, 'ValidationError');
    expect(res.json().details?.[0]?.path).toBe('body/percent');
  });
});

describe('terms with a non-refundable deposit', () => {
  /** The "Liveaboard standard" terms once more, with depositNonRefundable: deposit 1,260.00 on 4,200.00. */
  async function nonRefundableTerms() {
    const [standard] = await w.db.select().from(paymentTerms).where(eq(paymentTerms.id, w.terms.liveaboard));
    if (!standard) throw new Error('no Liveaboard standard terms');
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = standard;
    const [row] = await w.db
      .insert(paymentTerms)
      .values({ ...copy, name: `Non-refundable deposit ${Math.random()}`, depositNonRefundable: true })
      .returning({ id: paymentTerms.id });
    return row?.id as number;
  }
  const pay = (bookingId: number, amount: string) =>
    w.db.transaction((tx) =>
      recordPayment(tx, null, { bookingId, date: '2041-01-05', amount, method: 'bank' }),
    );

  it.each([
    ['the whole deposit paid: the fee is at least the deposit', '1260.00', '1260.00'],
    ['part of the deposit paid: at least that part', '500.00', '500.00'],
    ['more than the deposit paid: at least the deposit, not the payment', '2000.00', '1260.00'],
  ])('%s', async (_label, paid, fee) => {
    const booking = await liveaboard({ termsId: await nonRefundableTerms() });
    expect(booking.calculation.find((l: TLine) => l.type === 'deposit')?.total).toBe('1260.00');
    await pay(booking.id, paid);
    // 10 % of 4,200.00 is 420.00: below every deposit paid here.
    const cancelled = ok(await cancel(booking.id, { useTerms: false, percent: '10' }));
    expect(cancelled.cancellation).toMatchObject({ fee });
    expect(feeLines(cancelled.calculation)).toMatchObject([{ total: fee }]);
  });

  it('raises nothing without a payment', async () => {
    const booking = await liveaboard({ termsId: await nonRefundableTerms() });
    const cancelled = ok(await cancel(booking.id, { useTerms: false, percent: '10' }));
    expect(cancelled.cancellation).toMatchObject({ fee: '420.00' });
  });
});

describe('rules', () => {
  it('cancels a draft (free by the resort terms), refuses a second cancellation and a stale version', async () => {
    const draft = ok(await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom())), 201);
    expectError(await cancel(draft.id, { version: 5 }), 409, 'VERSION_CONFLICT');
    const cancelled = ok(await cancel(draft.id, {}));
    expect(cancelled).toMatchObject({
      state: 'aborted',
      total: '0.00',
      cancellation: { percent: '0', fee: '0.00' },
    });
    expectError(await cancel(draft.id, {}), 409, 'INVALID_STATE');
  });

  it('answers 401, 403 (customer; an agent choosing the fee) and 404 (another agency)', async () => {
    const booking = await liveaboard();
    expectError(await cancel(booking.id, {}, ''), 401, 'UNAUTHORIZED');
    expectError(await cancel(booking.id, {}, w.tokens.customer), 403, 'FORBIDDEN');
    expectError(await cancel(booking.id, {}, w.tokens.agent), 404, 'NOT_FOUND');
    const own = ok(
      await w.t.post('/api/bookings', w.tokens.agent, tripBody(await w.cabin(), w.departure)),
      201,
    );
    expectError(await cancel(own.id, { useTerms: false, percent: '0' }, w.tokens.agent), 403, 'FORBIDDEN');
    const byAgent = ok(await cancel(own.id, {}, w.tokens.agent));
    expect(byAgent.state).toBe('aborted');
    expect(byAgent).toHaveProperty('commission');
    expect(byAgent).not.toHaveProperty('internalNote');
  });
});
