// GET /api/tours/{tour}/{schedule}/payments: a departure's bookings with their payment state and payments, and
// the sums per currency recomputed here from the bookings themselves; which bookings count (offers without
// money, deleted ones and other departures do not); agents see only their agency's; 401, 403, 400 and 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { schedules } from '../../db/schema.ts';

let w: TWorld;
let tour: number;
let held: { id: number };
let partlyPaid: { id: number };
let agents: { id: number };
let paidOffer: { id: number };
let emptyOffer: { id: number };
let elsewhere: { id: number };
let gone: { id: number };
let cancelledPaid: { id: number };
let cancelledFree: { id: number };

const url = (tourId = tour, scheduleId = w.departure) => `/api/tours/${tourId}/${scheduleId}/payments`;
const create = async (body: unknown, token = w.tokens.staff) =>
  ok(await w.t.post('/api/bookings', token, body), 201) as { id: number };
const pay = async (bookingId: number, amount: string) =>
  ok(
    await w.t.post(`/api/bookings/${bookingId}/payment`, w.tokens.staff, { amount, date: '2041-01-10' }),
    201,
  );
const cents = (a: string) => Math.round(Number(a) * 100);
const read = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, w.tokens.staff));

type TAnswer = {
  bookings: {
    bookingId: number;
    currency: string;
    total: string;
    due: string;
    paid: string;
    open: string;
    hasExceededDueDate: boolean;
    state: string;
    customerName: string | null;
    payments: { amount: string }[];
  }[];
  totals: {
    currency: string;
    bookings: number;
    total: string;
    due: string;
    paid: string;
    open: string;
    overdue: string;
  }[];
};

beforeAll(async () => {
  w = await bookingWorld();
  const [row] = await w.db.select().from(schedules).where(eq(schedules.id, w.departure));
  tour = row?.tourId ?? 0;
  held = await create(tripBody(await w.cabin(), w.departure, { state: 'planned', customerId: w.guests.ana }));
  partlyPaid = await create(tripBody(await w.cabin(), w.departure, { state: 'confirmed' }));
  await pay(partlyPaid.id, '500.00');
  await pay(partlyPaid.id, '120.50');
  agents = await create(tripBody(await w.cabin(), w.departure, { state: 'planned' }), w.tokens.agent);
  paidOffer = await create(
    tripBody(await w.cabin(), w.departure, {}, [
      { name: 'Olga Offer', gender: 'f' },
      { name: 'Otto Offer', gender: 'm' },
    ]),
  );
  await pay(paidOffer.id, '50.00');
  emptyOffer = await create(tripBody(await w.cabin(), w.departure));
  elsewhere = await create(tripBody(await w.cabin(), w.laterDeparture, { state: 'confirmed' }));
  cancelledPaid = await create(tripBody(await w.cabin(), w.departure, { state: 'confirmed' }));
  await pay(cancelledPaid.id, '100.00');
  ok(
    await w.t.post(`/api/bookings/${cancelledPaid.id}/cancell`, w.tokens.staff, {
      useTerms: false,
      percent: '0',
    }),
  );
  cancelledFree = await create(tripBody(await w.cabin(), w.departure, { state: 'confirmed' }));
  ok(
    await w.t.post(`/api/bookings/${cancelledFree.id}/cancell`, w.tokens.staff, {
      useTerms: false,
      percent: '0',
    }),
  );
  gone = await create(tripBody(await w.cabin(), w.departure, { state: 'confirmed' }));
  const version = (await read(gone.id)).version;
  ok(await w.t.del(`/api/bookings/${gone.id}?version=${version}`, w.tokens.staff));
});
afterAll(() => w?.t.close());

describe('the office', () => {
  it('sees the departure’s bookings whose payments matter, with their payments', async () => {
    const answer: TAnswer = ok(await w.t.get(url(), w.tokens.staff));
    const ids = answer.bookings.map((b) => b.bookingId);
    // A cancelled booking with a payment to refund counts; one without money, an offer without a payment,
    // a deleted booking and one of another departure do not.
    expect([...ids].sort()).toEqual(
      [held.id, partlyPaid.id, agents.id, paidOffer.id, cancelledPaid.id].sort(),
    );
    for (const id of [emptyOffer.id, elsewhere.id, gone.id, cancelledFree.id]) expect(ids).not.toContain(id);
    expect(answer.bookings.find((b) => b.bookingId === cancelledPaid.id)).toMatchObject({
      state: 'aborted',
      paid: '100.00',
      open: '-100.00',
    });
    // Named by the payer's record, else by the first guest's name on the booking.
    expect(answer.bookings.find((b) => b.bookingId === held.id)?.customerName).toBe('Ana Diver');
    expect(answer.bookings.find((b) => b.bookingId === paidOffer.id)?.customerName).toBe('Olga Offer');
    const paid = answer.bookings.find((b) => b.bookingId === partlyPaid.id);
    expect(paid?.payments.map((p) => p.amount)).toEqual(['500.00', '120.50']);
    expect(paid?.paid).toBe('620.50');
    // Each row is the booking as its own detail answers it.
    for (const row of answer.bookings) {
      const booking = await read(row.bookingId);
      expect(row).toMatchObject({
        currency: booking.currency,
        total: booking.total,
        paid: booking.paid,
        open: booking.openAmount,
        status: booking.paymentStatus,
      });
      // What is due is what is paid and what is open: the three columns add up.
      expect(cents(row.due)).toBe(cents(row.paid) + cents(row.open));
    }
    // Due is what the operator receives: an agency's booking without the agency's commission.
    const direct = await read(partlyPaid.id);
    expect(answer.bookings.find((b) => b.bookingId === partlyPaid.id)?.due).toBe(
      direct.totals.dueBeforeTravel,
    );
    const viaAgency = await read(agents.id);
    const agencyDue = cents(viaAgency.totals.agencyDue) + cents(viaAgency.totals.customerDue);
    expect(agencyDue).toBeLessThan(cents(viaAgency.total));
    expect(cents(answer.bookings.find((b) => b.bookingId === agents.id)?.due ?? '0')).toBe(agencyDue);
  });

  it('adds up due, paid, open and overdue per currency from the bookings', async () => {
    const answer: TAnswer = ok(await w.t.get(url(), w.tokens.staff));
    const sumOf = (pick: (b: TAnswer['bookings'][number]) => string, only = answer.bookings) =>
      (only.reduce((s, b) => s + cents(pick(b)), 0) / 100).toFixed(2);
    expect(answer.totals).toEqual([
      {
        currency: 'EUR',
        bookings: 5,
        due: sumOf((b) => b.due),
        paid: sumOf((b) => b.paid),
        open: sumOf((b) => b.open),
        overdue: sumOf(
          (b) => b.open,
          answer.bookings.filter((b) => b.hasExceededDueDate),
        ),
      },
    ]);
    expect(cents(answer.totals[0]?.paid ?? '0')).toBe(77_050);
  });
});

describe('access', () => {
  it('agents see only their agency’s bookings and sums', async () => {
    const answer: TAnswer = ok(await w.t.get(url(), w.tokens.agent));
    expect(answer.bookings.map((b) => b.bookingId)).toEqual([agents.id]);
    expect(answer.totals).toMatchObject([{ bookings: 1, paid: '0.00' }]);
  });

  it('answers 401 without login, 403 without a reading scope, 400 for a bad id, 404 for another tour', async () => {
    expectError(await w.t.get(url(), ''), 401, 'UNAUTHORIZED');
    const tourReader = await w.t.account('tour-reader@example.com', ['tours.read']);
    expectError(await w.t.get(url(), tourReader), 403, 'FORBIDDEN');
    // A word where an id goes is an unknown path; a number out of range a bad value.
    expectError(await w.t.get(`/api/tours/x/${w.departure}/payments`, w.tokens.staff), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/tours/${tour}/0/payments`, w.tokens.staff), 400, 'ValidationError');
    expectError(await w.t.get(url(tour, w.otherDeparture), w.tokens.staff), 404, 'NOT_FOUND');
    expectError(await w.t.get(url(tour, 2_000_000_000), w.tokens.staff), 404, 'NOT_FOUND');
  });
});
