// The booking payments API: scopes (401/403/400), a booking paid partly then fully with its payment
// lines and version rows, refunds, another currency at a stored rate, credits (CREDIT_INSUFFICIENT,
// overpayment kept as credit), the status and open-payment lists, markPaid, history, ref, bulk delete,
// and isolation: agents and customers never see another's payments.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/harness.ts';
import { ok, paymentsWorld } from '../../../test/payments-test-world.ts';
import { today } from '../../clock.ts';
import { agencies, bookingVersions, creditEntries, customers, payments } from '../../db/schema.ts';

let w: Awaited<ReturnType<typeof paymentsWorld>>;
let staff: string;
let agent: string;
let customer: string;
let admin: string;
let otherAgency: number;

const pay = (bookingId: number, body: Record<string, unknown>, token = staff) =>
  w.t.post(`/api/bookings/${bookingId}/payment`, token, { date: '2041-01-10', ...body });
const paymentCount = async (bookingId?: number) => {
  const [row] = await w.db
    .select({ n: count() })
    .from(payments)
    .where(bookingId ? eq(payments.bookingId, bookingId) : undefined);
  return row?.n ?? 0;
};
const inDays = (days: number) => today(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  w = await paymentsWorld();
  ({ staff, agent, customer, admin } = w.tokens);
  const [other] = await w.db.insert(agencies).values({ name: 'Agency B Travel' }).returning();
  otherAgency = other?.id ?? 0;
});
afterAll(() => w?.t.close());

describe('access', () => {
  it('answers 401 without login', async () => {
    const id = await w.booking();
    for (const [method, url] of [
      ['POST', `/api/bookings/${id}/payment`],
      ['DELETE', '/api/bookings/payment/1'],
      ['GET', '/api/payments'],
      ['GET', '/api/payments/history'],
      ['GET', '/api/payments/ref/x'],
      ['DELETE', '/api/payments?ids=1'],
      ['GET', `/api/bookings/paymentStatus?ids=${id}`],
      ['GET', '/api/bookings/allBookingsWithOpenPayments'],
      ['GET', `/api/bookings/agency/payments/${w.ids.blueReefId}?from=2041-01-01&to=2041-12-31`],
      ['POST', '/api/bookings/markPaid'],
      ['GET', '/api/payprovider'],
    ] as const) {
      expectError(
        await w.t.call(method, url, undefined, method === 'POST' ? {} : undefined),
        401,
        'UNAUTHORIZED',
      );
    }
  });

  it('refuses agents and customers to record or delete payments (403)', async () => {
    const id = await w.booking({ agencyId: w.ids.blueReefId });
    expectError(await pay(id, { amount: '10.00' }, agent), 403, 'FORBIDDEN');
    expectError(await pay(id, { amount: '10.00' }, customer), 403, 'FORBIDDEN');
    expectError(await w.t.del('/api/bookings/payment/1', agent), 403, 'FORBIDDEN');
    expectError(await w.t.post('/api/bookings/markPaid', customer, { bookingIds: [id] }), 403, 'FORBIDDEN');
    expectError(await w.t.get('/api/payprovider', staff), 403, 'FORBIDDEN');
    expect(await paymentCount(id)).toBe(0);
  });

  it('answers 400 for bad input and writes nothing', async () => {
    const id = await w.booking();
    for (const body of [
      { amount: '0' },
      { amount: '10.001' },
      { amount: 'ten' },
      { amount: '10', date: '2041-02-30' },
      { amount: '10', method: 'cheque' },
      { amount: '10', currency: 'usd', rate: '1' },
      { amount: '10', currency: 'USD', rate: '-1' },
      { amount: '10', reference: 'a\u0000b' },
      { amount: '10', note: 'a\u0000b' },
    ]) {
      expectError(await pay(id, body), 400, 'ValidationError');
    }
    expectError(await pay(id, { amount: '10', method: 'credit' }), 400, 'ValidationError');
    expectError(
      await w.t.post(`/api/payprovider`, admin, { name: 'a\u0000', type: 'stripe' }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post(`/api/book/${id}/payment/success`, undefined, { sessionId: 'cs\u0000' }),
      400,
      'ValidationError',
    );
    expectError(await pay(id, { amount: '10', currency: 'USD' }), 400, 'RATE_REQUIRED');
    expectError(await w.t.get('/api/bookings/paymentStatus', staff), 400, 'ValidationError');
    expectError(await w.t.get('/api/payments?sort=secret', staff), 400, 'ValidationError');
    expect(await paymentCount(id)).toBe(0);
  });

  it('answers 404 for a booking that is not there', async () => {
    expectError(await pay(999_999, { amount: '10' }), 404, 'NOT_FOUND');
  });
});

describe('paying a booking', () => {
  it('goes partial, then paid: open 0, payment lines in the calculation and a version row each', async () => {
    const id = await w.booking({ restDue: '2041-04-02' });
    const before = await w.bookingRow(id);
    const first = ok(await pay(id, { amount: '300.00', reference: 'Deposit PAY' }), 201);
    expect(first.booking).toMatchObject({
      status: 'partial',
      paid: '300.00',
      open: '700.00',
      nextDueDate: '2041-04-02',
    });
    expect(first.booking.version).toBe(before.version + 1);
    expect(first.payment).toMatchObject({
      amount: '300.00',
      value: '300.00',
      method: 'bank',
      status: 'final',
    });

    const second = ok(
      await pay(id, { amount: '700.00', method: 'cash', version: first.booking.version }),
      201,
    );
    expect(second.booking).toMatchObject({
      status: 'paid',
      paid: '1000.00',
      open: '0.00',
      nextDueDate: null,
    });

    const detail = ok(await w.t.get(`/api/bookings/${id}`, staff));
    const lines = (detail.calculation as { type: string; total: string }[]).filter(
      (l) => l.type === 'payment',
    );
    expect(lines.map((l) => l.total).sort()).toEqual(['-300.00', '-700.00']);
    const versions = await w.db
      .select({ action: bookingVersions.action })
      .from(bookingVersions)
      .where(eq(bookingVersions.bookingId, id));
    expect(versions.map((v) => v.action).filter((a) => a === 'payment')).toHaveLength(2);

    // A stale version is refused and writes nothing.
    expectError(await pay(id, { amount: '1.00', version: first.booking.version }), 409, 'VERSION_CONFLICT');
    expect(await paymentCount(id)).toBe(2);
  });

  it('a refund is negative and brings the booking back to partial; deleting restores the balance', async () => {
    const id = await w.booking();
    ok(await pay(id, { amount: '1000.00' }), 201);
    const refund = ok(await pay(id, { amount: '-100.00' }), 201);
    expect(refund.booking).toMatchObject({ status: 'partial', paid: '900.00', open: '100.00' });
    const removed = ok(await w.t.del(`/api/bookings/payment/${refund.payment.id}`, staff));
    expect(removed.booking).toMatchObject({ status: 'paid', open: '0.00' });
    expect(await paymentCount(id)).toBe(1);
    expectError(await w.t.del(`/api/bookings/payment/${refund.payment.id}`, staff), 404, 'NOT_FOUND');
  });

  it('a payment in USD counts at its stored rate', async () => {
    const id = await w.booking();
    const res = ok(await pay(id, { amount: '110.00', currency: 'USD', rate: '0.9' }), 201);
    expect(res.payment).toMatchObject({ currency: 'USD', rate: '0.90000000', value: '99.00' });
    expect(res.booking).toMatchObject({ paid: '99.00', open: '901.00', status: 'partial' });
  });

  it('an overpayment is kept as customer credit in one call', async () => {
    const id = await w.booking({ customerId: w.ids.mariaId });
    const over = ok(await pay(id, { amount: '1100.00' }), 201);
    expect(over.booking).toMatchObject({ status: 'overpayment', open: '-100.00' });
    const kept = ok(await w.t.post(`/api/bookings/${id}/payment/keepCredit`, staff, { to: 'customer' }), 201);
    expect(kept.booking).toMatchObject({ status: 'paid', open: '0.00', paid: '1000.00' });
    expect(kept.payment).toMatchObject({ amount: '-100.00', method: 'credit' });
    const [entry] = await w.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.id, kept.payment.creditEntryId));
    expect(entry).toMatchObject({ customerId: w.ids.mariaId, amount: '100.00', bookingId: id });
    expectError(
      await w.t.post(`/api/bookings/${id}/payment/keepCredit`, staff, { to: 'customer' }),
      409,
      'INVALID_STATE',
    );
  });

  it('uses a customer credit: a credit payment and a negative entry; CREDIT_INSUFFICIENT writes nothing', async () => {
    const [fresh] = await w.db.insert(customers).values({ fullName: 'Credit Holder' }).returning();
    const [person] = await w.db
      .insert(creditEntries)
      .values({ customerId: fresh?.id ?? 0, currency: 'EUR', amount: '200.00' })
      .returning();
    const id = await w.booking({ customerId: person?.customerId ?? null });
    const entriesBefore = await w.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.customerId, person?.customerId ?? 0));
    expectError(
      await w.t.post(`/api/bookings/${id}/payment/credit`, staff, { amount: '250.00', from: 'customer' }),
      409,
      'CREDIT_INSUFFICIENT',
    );
    expect(await paymentCount(id)).toBe(0);
    expect(
      await w.db
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.customerId, person?.customerId ?? 0)),
    ).toHaveLength(entriesBefore.length);

    const used = ok(
      await w.t.post(`/api/bookings/${id}/payment/credit`, staff, { amount: '150.00', from: 'customer' }),
      201,
    );
    expect(used.payment).toMatchObject({ method: 'credit', amount: '150.00' });
    expect(used.booking).toMatchObject({ paid: '150.00', open: '850.00' });
    const ledger = await w.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.customerId, person?.customerId ?? 0));
    expect(
      ledger
        .filter((e) => e.currency === 'EUR')
        .map((e) => e.amount)
        .sort(),
    ).toEqual(['-150.00', '200.00']);
    expectError(
      await w.t.post(`/api/bookings/${id}/payment/credit`, staff, { amount: '100.00', from: 'agency' }),
      409,
      'INVALID_STATE',
    );
  });
});

describe('lists and status', () => {
  it('paymentStatus per id and allBookingsWithOpenPayments by days', async () => {
    const soon = await w.booking({ depositDue: inDays(5), restDue: inDays(40) });
    const later = await w.booking({ depositDue: inDays(60), restDue: inDays(90) });
    const settled = await w.booking({ depositDue: inDays(3), restDue: inDays(10) });
    ok(await pay(soon, { amount: '10.00' }), 201);
    ok(await pay(later, { amount: '10.00' }), 201);
    ok(await pay(settled, { amount: '1000.00' }), 201);
    const status = ok(await w.t.get(`/api/bookings/paymentStatus?ids=${soon},${settled}`, staff));
    expect(status.map((s: { bookingId: number; status: string }) => [s.bookingId, s.status])).toEqual(
      expect.arrayContaining([
        [soon, 'partial'],
        [settled, 'paid'],
      ]),
    );
    const open = ok(await w.t.get('/api/bookings/allBookingsWithOpenPayments?days=30', staff));
    const openIds = open.map((s: { bookingId: number }) => s.bookingId);
    expect(openIds).toContain(soon);
    expect(openIds).not.toContain(later);
    expect(openIds).not.toContain(settled);
    const windowed = ok(await w.t.get('/api/bookings/paymentStatus?days=30', staff));
    expect(windowed.map((s: { bookingId: number }) => s.bookingId)).toContain(soon);
  });

  it('markPaid pays the open amount of each booking, skips paid ones, all or nothing', async () => {
    const a = await w.booking();
    const b = await w.booking();
    ok(await pay(b, { amount: '1000.00' }), 201);
    expectError(
      await w.t.post('/api/bookings/markPaid', staff, { bookingIds: [a, 999_999] }),
      404,
      'NOT_FOUND',
    );
    expect(await paymentCount(a)).toBe(0);
    const res = ok(await w.t.post('/api/bookings/markPaid', staff, { bookingIds: [a, b], method: 'cash' }));
    expect(res.paid).toEqual([expect.objectContaining({ bookingId: a, amount: '1000.00' })]);
    expect(res.skipped).toEqual([b]);
    expect(await w.bookingRow(a)).toMatchObject({ paymentStatus: 'paid', openAmount: '0.00' });
  });

  it('history, ref, generic list with filters, update of the note only, copy refused', async () => {
    const id = await w.booking();
    const p = ok(
      await pay(id, { amount: '50.00', reference: 'REF-HIST-1', date: '2041-02-01' }),
      201,
    ).payment;
    const history = ok(
      await w.t.get(`/api/payments/history?from=2041-02-01&to=2041-02-01&bookingId=${id}`, staff),
    );
    expect(history.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expectError(
      await w.t.get('/api/payments/history?from=2041-02-02&to=2041-02-01', staff),
      400,
      'ValidationError',
    );
    const byRef = ok(await w.t.get('/api/payments/ref/REF-HIST-1', staff));
    expect(byRef.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const filter = encodeURIComponent(JSON.stringify({ bookingId: id, method: 'bank' }));
    const list = ok(await w.t.get(`/api/payments?filter=${filter}`, staff));
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const updated = ok(await w.t.post(`/api/payments/${p.id}`, staff, { note: 'checked', amount: '1.00' }));
    expect(updated).toMatchObject({ note: 'checked', amount: '50.00' });
    expectError(await w.t.post(`/api/payments/${p.id}/copy`, staff), 409, 'INVALID_STATE');
    const csv = await w.t.get(`/api/payments/listCSV?filter=${filter}`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('REF-HIST-1');
  });

  it('bulk delete is all or nothing', async () => {
    const id = await w.booking();
    const one = ok(await pay(id, { amount: '10.00' }), 201).payment.id;
    const two = ok(await pay(id, { amount: '20.00' }), 201).payment.id;
    expectError(await w.t.del(`/api/payments?ids=${one},999999`, staff), 404, 'NOT_FOUND');
    expect(await paymentCount(id)).toBe(2);
    expect(ok(await w.t.call('DELETE', '/api/payments', staff, { ids: [one, two] }))).toEqual({
      ids: [one, two],
    });
    expect(await paymentCount(id)).toBe(0);
    expect(await w.bookingRow(id)).toMatchObject({ paid: '0.00', paymentStatus: 'not_paid' });
    expectError(await w.t.del('/api/payments', staff), 400, 'ValidationError');
  });
});

describe('isolation of agents and customers', () => {
  it('agents of agency B never see agency A’s payments; customers only their own', async () => {
    const own = await w.booking({ agencyId: w.ids.blueReefId, customerId: null });
    const foreign = await w.booking({ agencyId: otherAgency, customerId: null });
    const ownPay = ok(await pay(own, { amount: '100.00', date: '2041-03-01' }), 201).payment;
    const foreignPay = ok(
      await pay(foreign, { amount: '100.00', date: '2041-03-01', reference: 'FOREIGN' }),
      201,
    ).payment;

    const list = ok(await w.t.get('/api/payments?size=0', agent));
    const seen = list.data.map((p: { id: number }) => p.id);
    expect(seen).toContain(ownPay.id);
    expect(seen).not.toContain(foreignPay.id);
    expect(list.data.every((p: { agencyId: number }) => p.agencyId === w.ids.blueReefId)).toBe(true);
    expectError(await w.t.get(`/api/payments/${foreignPay.id}`, agent), 404, 'NOT_FOUND');
    expect(ok(await w.t.get('/api/payments/ref/FOREIGN', agent))).toEqual([]);
    const history = ok(await w.t.get('/api/payments/history?size=500', agent));
    expect(history.data.map((p: { id: number }) => p.id)).not.toContain(foreignPay.id);
    expectError(
      await w.t.get(`/api/bookings/agency/payments/${otherAgency}?from=2041-01-01&to=2041-12-31`, agent),
      404,
      'NOT_FOUND',
    );
    const mine = ok(
      await w.t.get(
        `/api/bookings/agency/payments/${w.ids.blueReefId}?from=2041-03-01T00:00:00Z&to=2041-03-01`,
        agent,
      ),
    );
    expect(mine.map((p: { id: number }) => p.id)).toEqual([ownPay.id]);
    const byStaff = ok(
      await w.t.get(`/api/bookings/agency/payments/${otherAgency}?from=2041-01-01&to=2041-12-31`, staff),
    );
    expect(byStaff.map((p: { id: number }) => p.id)).toEqual([foreignPay.id]);
    const status = ok(await w.t.get(`/api/bookings/paymentStatus?ids=${own},${foreign}`, agent));
    expect(status.map((s: { bookingId: number }) => s.bookingId)).toEqual([own]);

    const customerList = ok(await w.t.get('/api/payments?size=0', customer));
    expect(customerList.data.map((p: { id: number }) => p.id)).not.toContain(foreignPay.id);
    expect(customerList.data.map((p: { id: number }) => p.id)).not.toContain(ownPay.id);
    const adminList = ok(await w.t.get('/api/payments?size=0', admin));
    expect(adminList.data.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([ownPay.id, foreignPay.id]),
    );
  });

  it('a payment clerk (bookingpayment.*) reads and records without bookings scopes', async () => {
    const clerk = await w.t.account('clerk@payments.test', ['bookingpayment.read', 'bookingpayment.create']);
    const id = await w.booking({ agencyId: otherAgency });
    const res = ok(await pay(id, { amount: '5.00' }, clerk), 201);
    expect(res.payment.userId).not.toBeNull();
    expect(ok(await w.t.get(`/api/payments/${res.payment.id}`, clerk)).id).toBe(res.payment.id);
    expectError(await w.t.del(`/api/bookings/payment/${res.payment.id}`, clerk), 403, 'FORBIDDEN');
    const [row] = await w.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, res.payment.id)));
    expect(row?.amount).toBe('5.00');
  });
});
