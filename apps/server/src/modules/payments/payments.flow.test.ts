// The payments core (docs/domain/payments.md) against the real database: recording and removing payments
// settles the booking (paid, open, status, next due date, payment lines, a version row) in one transaction;
// a provider's id is taken once; other currencies need a rate; every later booking write keeps the payment
// lines; delete refuses a booking with payments; rebook moves them and revertRebook moves them back; the
// hourly due-date job flags an overdue booking once and raises its todo.

import { D } from '@atoll/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { recordPayment, removePayment, type TPaymentInput } from './payments.flow.ts';

let w: TWorld;
let staff: string;

type TLine = { type: string; key: string; total: string; customData: { dueDate?: string } };

const create = async (body: unknown) => ok(await w.t.post('/api/bookings', staff, body), 201);
const read = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, staff));
const pay = (bookingId: number, amount: string, extra: Partial<TPaymentInput> = {}) =>
  w.db.transaction((tx) =>
    recordPayment(tx, null, { bookingId, date: '2041-01-05', amount, method: 'bank', ...extra }),
  );
const linesOf = (booking: { calculation: TLine[] }, type: string) =>
  booking.calculation.filter((l) => l.type === type);
/** The deposit's amount and due date of a booking priced with the resort terms. */
const deposit = (booking: { calculation: TLine[] }) => {
  const line = linesOf(booking, 'deposit')[0];
  if (!line) throw new Error('no deposit line');
  return { amount: line.total, dueDate: line.customData.dueDate ?? '' };
};

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff } = w.tokens);
});
afterAll(() => w?.t.close());

describe('recording payments', () => {
  it('settles the booking step by step: not_paid → partial → paid, with payment lines and versions', async () => {
    const b = await create(stayBody(await w.resortRoom(), { state: 'confirmed', termsId: w.terms.resort }));
    expect(b).toMatchObject({
      paid: '0.00',
      openAmount: b.totals.dueBeforeTravel,
      paymentStatus: 'not_paid',
    });
    const dep = deposit(b);
    expect(b.nextDueDate).toBe(dep.dueDate);

    const first = await pay(b.id, dep.amount, { reference: 'deposit' });
    expect(first.payment).toMatchObject({ bookingId: b.id, amount: dep.amount, status: 'final' });
    expect(new D(first.payment.rate).toFixed()).toBe('1');
    const partial = await read(b.id);
    expect(partial).toMatchObject({ paymentStatus: 'partial', paid: dep.amount, version: b.version + 1 });
    expect(partial.openAmount).toBe(new D(b.totals.dueBeforeTravel).minus(dep.amount).toFixed(2));
    expect(partial.nextDueDate).not.toBe(dep.dueDate);
    expect(linesOf(partial, 'payment')).toMatchObject([
      { key: `payment:${first.payment.id}`, total: new D(dep.amount).negated().toFixed(2) },
    ]);
    const history = ok(await w.t.get(`/api/bookings/${b.id}/history`, staff));
    expect(history[0]).toMatchObject({ action: 'payment', userId: null });

    await pay(b.id, partial.openAmount);
    const paid = await read(b.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', openAmount: '0.00', nextDueDate: null });
    expect(linesOf(paid, 'payment')).toHaveLength(2);
    // Payment lines are for display: the totals do not change.
    expect(paid.total).toBe(b.total);

    // A later recalculation keeps them (they are rebuilt from the payments in the same write).
    const reloaded = ok(await w.t.post(`/api/bookings/${b.id}/reloadPrice`, staff));
    expect(linesOf(reloaded, 'payment')).toHaveLength(2);
    expect(reloaded).toMatchObject({ paymentStatus: 'paid', openAmount: '0.00' });

    // Removing one brings the balance back.
    const removed = await w.db.transaction((tx) => removePayment(tx, null, first.payment.id));
    expect(removed.booking).toMatchObject({ paymentStatus: 'partial', openAmount: dep.amount });
    expect(linesOf(removed.booking as never, 'payment')).toHaveLength(1);
  });

  it('a refund is a negative payment; overpaying shows as overpayment', async () => {
    const b = await create(stayBody(await w.resortRoom(), { state: 'confirmed' }));
    await pay(b.id, new D(b.openAmount).plus(50).toFixed(2));
    expect(await read(b.id)).toMatchObject({ paymentStatus: 'overpayment', openAmount: '-50.00' });
    const refund = await pay(b.id, '-50.00');
    expect(refund.booking).toMatchObject({ paymentStatus: 'paid', openAmount: '0.00' });
    expect(ok(await w.t.get(`/api/bookings/${b.id}/history`, staff))[0].action).toBe('refund');
  });

  it('another currency needs a rate and counts at it; a provider id is taken once', async () => {
    const b = await create(stayBody(await w.resortRoom(), { state: 'confirmed' }));
    await expect(pay(b.id, '100.00', { currency: 'USD' })).rejects.toMatchObject({ code: 'RATE_REQUIRED' });
    await pay(b.id, '100.00', { currency: 'USD', rate: '0.923456' });
    expect((await read(b.id)).paid).toBe('92.35');

    const once = { method: 'provider' as const, providerRef: 'cs_test_1', status: 'temporary' as const };
    await pay(b.id, '10.00', once);
    await expect(pay(b.id, '10.00', once)).rejects.toMatchObject({ code: 'DUPLICATE_PAYMENT' });
    expect(await w.count('payments', `booking_id = ${b.id}`)).toBe(2);
    expect((await read(b.id)).paid).toBe('102.35');
  });

  it('refuses deleted bookings and unknown ones; a refused payment writes nothing', async () => {
    const b = await create(stayBody(await w.resortRoom(), { state: 'draft' }));
    ok(await w.t.del(`/api/bookings/${b.id}`, staff));
    await expect(pay(b.id, '10.00')).rejects.toMatchObject({ code: 'INVALID_STATE' });
    await expect(pay(999_999, '10.00')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await w.count('payments', `booking_id = ${b.id}`)).toBe(0);
    expect((await read(b.id)).version).toBe(b.version + 1);
  });

  it('a booking with payments cannot be deleted (HAS_PAYMENTS)', async () => {
    const b = await create(stayBody(await w.resortRoom(), { state: 'confirmed' }));
    await pay(b.id, '10.00');
    expectError(await w.t.del(`/api/bookings/${b.id}`, staff), 409, 'HAS_PAYMENTS');
    expect((await read(b.id)).state).toBe('confirmed');
  });
});

describe('rebook', () => {
  it('moves the payments to the new booking; revertRebook moves them back', async () => {
    const b = await create(tripBody(await w.cabin(2), w.departure, { state: 'confirmed' }));
    const { payment } = await pay(b.id, '500.00');
    const moved = ok(await w.t.post(`/api/bookings/${b.id}/rebook/${w.laterDeparture}`, staff));
    expect(moved.id).not.toBe(b.id);
    expect(moved).toMatchObject({ paid: '500.00', paymentStatus: 'partial' });
    expect(linesOf(moved, 'payment')).toMatchObject([{ key: `payment:${payment.id}` }]);
    expect(await read(b.id)).toMatchObject({ state: 'rebooked', paid: '0.00' });

    const reverted = ok(await w.t.post(`/api/bookings/${moved.id}/revertRebook`, staff));
    expect(reverted).toMatchObject({ id: b.id, state: 'confirmed', paid: '500.00' });
    expect(await w.count('payments', `booking_id = ${moved.id}`)).toBe(0);
  });

  it('revertRebook refuses when the new booking has payments of its own', async () => {
    const b = await create(tripBody(await w.cabin(2), w.departure, { state: 'confirmed' }));
    const moved = ok(await w.t.post(`/api/bookings/${b.id}/rebook/${w.laterDeparture}`, staff));
    await pay(moved.id, '100.00');
    expectError(await w.t.post(`/api/bookings/${moved.id}/revertRebook`, staff), 409, 'HAS_PAYMENTS');
  });
});

describe('the due-date job', () => {
  it('flags a booking past an unpaid due date once, raises its todo, and clears the flag when paid', async () => {
    const b = await create(stayBody(await w.resortRoom(), { state: 'confirmed', termsId: w.terms.resort }));
    const dep = deposit(b);
    const dayAfter = new Date(`${dep.dueDate}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);

    const first = await w.t.app.jobs.run(dayAfter);
    expect(first.overdue).toContain(b.id);
    const flagged = await read(b.id);
    expect(flagged).toMatchObject({ hasExceededDueDate: true, hasOpenTodos: true, version: b.version });
    const todos = ok(
      await w.t.get(
        `/api/todoitem?size=0&filter=${encodeURIComponent(JSON.stringify({ bookingId: b.id }))}`,
        staff,
      ),
    );
    expect(todos.data.map((t: { code: string }) => t.code)).toContain('exceededDueDate');
    expect((await w.t.app.jobs.run(dayAfter)).overdue).not.toContain(b.id);

    await pay(b.id, dep.amount);
    expect((await read(b.id)).hasExceededDueDate).toBe(false);
  });
});
