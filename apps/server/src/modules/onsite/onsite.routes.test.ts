// Onsite items on a booking (spec booking §7 Onsite, docs/domain/onsite.md): the amount by charging base, the
// OnSite line in the calculation with totals that stay the sum of the counted lines, void with who and
// why, dives, payments up to what is open, the move to another booking, the idempotency key, the stock
// taken and given back (two sales of the last item at once: one wins), the refusals that write nothing,
// and access.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, countedCents, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { customers } from '../../db/schema.ts';

let w: TWorld;
let admin: string;
let staff: string;

type TLine = {
  key: string;
  type: string;
  amount: string;
  price: string;
  total: string;
  customerType: string;
};
type TBookingAnswer = {
  id: number;
  version: number;
  total: string;
  totals: { onSite: string; dueBeforeTravel: string };
  calculation: TLine[];
  rooms: { id: number; roomId: number; guests: { id: number }[] }[];
};
type TItem = {
  id: number;
  amount: string;
  total: string;
  voidedAt: string | null;
  voidedBy: number | null;
  voidReason: string | null;
};
type TAnswer = {
  booking: TBookingAnswer;
  account: { items: TItem[]; payments: { id: number }[]; total: string; paid: string; open: string };
};

const product = async (body: Record<string, unknown>) =>
  ok(await w.t.post('/api/product', admin, { price: '10.00', ...body }), 201) as { id: number };
const stay = async () =>
  ok(
    await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom(), { state: 'confirmed' })),
    201,
  ) as TBookingAnswer;
const base = (b: TBookingAnswer) => `/api/bookings/${b.id}/onsite/${b.rooms[0]?.roomId}`;
const onsiteLines = (b: TBookingAnswer) => b.calculation.filter((l) => l.key.startsWith('onsite:'));
const stockOf = async (id: number) => ok(await w.t.get(`/api/product/${id}`, admin)).stock as string;
const versionOf = async (id: number) =>
  (ok(await w.t.get(`/api/bookings/${id}`, staff)) as TBookingAnswer).version;

beforeAll(async () => {
  w = await bookingWorld();
  ({ admin, staff } = w.tokens);
  ok(await w.t.post('/api/settings/group/features', admin, { stock: true }));
});
afterAll(() => w?.t.close());

describe('charging', () => {
  it('prices by charging base over the entry (4 nights, 2 guests) and adds an OnSite line to the totals', async () => {
    const b = await stay();
    const halfBoard = await product({ name: 'Half board', chargingBase: 'PerNight', price: '25.00' });
    const park = await product({ name: 'Park fee', chargingBase: 'PerDay', price: '3.50' });
    const pass = await product({ name: 'Weekly pass', chargingBase: 'PerWeekCeil', price: '30.00' });
    const first = ok(await w.t.post(base(b), staff, { item: halfBoard.id })) as TAnswer;
    expect(onsiteLines(first.booking)).toMatchObject([
      { type: 'product', amount: '8', total: '200.00', customerType: 'OnSite' },
    ]);
    const guest = b.rooms[0]?.guests[0]?.id;
    ok(await w.t.post(base(b), staff, { item: park.id, guestId: guest }));
    const last = ok(await w.t.post(base(b), staff, { item: pass.id, quantity: 2 })) as TAnswer;
    // 8 × 25.00 + 5 days × 3.50 (one guest) + 2 × 1 week × 2 guests × 30.00
    expect(last.account.items.map((i) => [i.amount, i.total])).toEqual([
      ['8', '200.00'],
      ['5', '17.50'],
      ['4', '120.00'],
    ]);
    expect(last.account.open).toBe('337.50');
    expect(last.booking.totals.onSite).toBe('337.50');
    expect(last.booking.totals.dueBeforeTravel).toBe(b.totals.dueBeforeTravel);
    expect(Math.round(Number(last.booking.total) * 100)).toBe(countedCents(last.booking.calculation));
    expect(Number(last.booking.total)).toBeCloseTo(Number(b.total) + 337.5, 2);
  });

  it('books dives per dive and per dive day, and refuses dives for other bases', async () => {
    const b = await stay();
    const guided = await product({ name: 'Guided dive', chargingBase: 'PerDive', price: '45.00' });
    const nitrox = await product({ name: 'Nitrox', chargingBase: 'PerDiveDay', price: '12.00' });
    const guest = b.rooms[0]?.guests[0]?.id;
    ok(await w.t.post(`${base(b)}/dives`, staff, { item: guided.id, dives: 7, guestId: guest }));
    const after = ok(
      await w.t.post(`${base(b)}/dives`, staff, { item: nitrox.id, dives: 7, guestId: guest }),
    ) as TAnswer;
    expect(after.account.items.map((i) => i.total)).toEqual(['315.00', '36.00']);
    const shirt = await product({ name: 'Shirt', chargingBase: 'PerBooking' });
    expectError(
      await w.t.post(`${base(b)}/dives`, staff, { item: shirt.id, dives: 2 }),
      400,
      'ValidationError',
    );
  });

  it('updates the quantity and deletes an item, with the line following', async () => {
    const b = await stay();
    const water = await product({ name: 'Water', chargingBase: 'PerBooking', price: '2.00' });
    const added = ok(await w.t.post(base(b), staff, { item: water.id, quantity: 3 })) as TAnswer;
    const item = added.account.items[0] as TItem;
    const changed = ok(await w.t.post(`${base(b)}/${item.id}`, staff, { quantity: 5 })) as TAnswer;
    expect(onsiteLines(changed.booking)).toMatchObject([{ amount: '5', total: '10.00' }]);
    const gone = ok(await w.t.call('DELETE', `${base(b)}/${item.id}`, staff)) as TAnswer;
    expect(onsiteLines(gone.booking)).toEqual([]);
    expect(gone.booking.total).toBe(b.total);
  });
});

describe('documents and access to the booking', () => {
  it('prints the onsite lines on the invoice; the guest sees them on its booking', async () => {
    const b = await stay();
    const beer = await product({ name: 'Onsite Beer', chargingBase: 'PerBooking', price: '4.50' });
    ok(await w.t.post(base(b), staff, { item: beer.id, quantity: 2 }));
    ok(await w.t.post(`/api/bookings/${b.id}/store`, staff, { template: 'invoice' }), 201);
    const [invoice] = (
      ok(await w.t.get(`/api/invoices?bookingId=${b.id}`, staff)) as { data: { id: number }[] }
    ).data;
    const text = await pdfText((await w.t.get(`/api/invoices/${invoice?.id}/pdf`, staff)).rawPayload);
    expect(text).toContain('Onsite Beer');
    expect(text).toContain('9,00');
    expect(text).toContain('Davon vor Ort zu zahlen: 9,00 €');

    // The demo customer (Maria Sommer) sees the charge on her own booking, and only there.
    const [maria] = await w.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.fullName, 'Maria Sommer'));
    const room = await w.resortRoom();
    const own = ok(
      await w.t.post('/api/bookings', staff, stayBody(room, { state: 'confirmed', customerId: maria?.id })),
      201,
    ) as TBookingAnswer;
    ok(await w.t.post(base(own), staff, { item: beer.id }));
    const seen = ok(await w.t.get(`/api/bookings/${own.id}`, w.tokens.customer)) as TBookingAnswer;
    expect(onsiteLines(seen)).toMatchObject([{ total: '4.50', customerType: 'OnSite' }]);
    expectError(await w.t.get(`/api/bookings/${b.id}`, w.tokens.customer), 404, 'NOT_FOUND');
  });
});

describe('void, payments, move', () => {
  it('voids with who and why, gives the stock back, and refuses a second void without writing', async () => {
    const b = await stay();
    const beer = await product({ name: 'Beer', chargingBase: 'PerBooking', trackStock: true, price: '4.00' });
    ok(await w.t.post(`/api/product/${beer.id}/stock/update`, admin, { change: '10' }));
    const added = ok(await w.t.post(base(b), staff, { item: beer.id, quantity: 2 })) as TAnswer;
    expect(await stockOf(beer.id)).toBe('8');
    const item = added.account.items[0] as TItem;
    const voided = ok(await w.t.post(`${base(b)}/${item.id}/void`, staff, { reason: 'spilled' })) as TAnswer;
    expect(voided.account.items[0]).toMatchObject({ voidReason: 'spilled' });
    expect(voided.account.items[0]?.voidedAt).not.toBeNull();
    expect(voided.account.items[0]?.voidedBy).not.toBeNull();
    expect(onsiteLines(voided.booking)).toEqual([]);
    expect(voided.account.open).toBe('0.00');
    expect(await stockOf(beer.id)).toBe('10');
    const version = await versionOf(b.id);
    expectError(
      await w.t.post(`${base(b)}/${item.id}/void`, staff, { reason: 'again' }),
      409,
      'INVALID_STATE',
    );
    expect(await versionOf(b.id)).toBe(version);
    const log = ok(await w.t.get(`/api/product/${beer.id}/stock/log`, admin));
    expect(log.data.map((e: { reason: string; change: string }) => [e.reason, e.change])).toEqual([
      ['onsite_return', '2'],
      ['onsite_sale', '-2'],
      ['manual', '10'],
    ]);
  });

  it('takes payments up to what is open and removes them', async () => {
    const b = await stay();
    const tank = await product({ name: 'Tank', chargingBase: 'PerBooking', price: '15.00' });
    ok(await w.t.post(base(b), staff, { item: tank.id, quantity: 2 }));
    const version = await versionOf(b.id);
    expectError(
      await w.t.post(`${base(b)}/payment`, staff, { amount: '30.01', method: 'cash' }),
      409,
      'PAYMENT_EXCEEDS_OPEN',
    );
    expect(await versionOf(b.id)).toBe(version);
    const paid = ok(await w.t.post(`${base(b)}/payment`, staff, { amount: '20', method: 'card' })) as TAnswer;
    expect([paid.account.paid, paid.account.open]).toEqual(['20.00', '10.00']);
    const payment = paid.account.payments[0] as { id: number };
    const removed = ok(await w.t.call('DELETE', `${base(b)}/payment/${payment.id}`, staff)) as TAnswer;
    expect(removed.account.open).toBe('30.00');
    expectError(await w.t.call('DELETE', `${base(b)}/payment/${payment.id}`, staff), 404, 'NOT_FOUND');
  });

  it('moves an item to another booking: its line leaves one calculation and joins the other', async () => {
    const [from, to] = [await stay(), await stay()];
    const gear = await product({ name: 'Fins rental', chargingBase: 'PerBooking', price: '9.00' });
    const added = ok(await w.t.post(base(from), staff, { item: gear.id })) as TAnswer;
    const item = added.account.items[0] as TItem;
    const guest = to.rooms[0]?.guests[1]?.id;
    const moved = ok(
      await w.t.post(`/api/bookings/${from.id}/onsite/${item.id}/move`, staff, {
        booking: to.id,
        customers: [guest],
      }),
    ) as TAnswer;
    expect(onsiteLines(moved.booking)).toMatchObject([{ total: '9.00' }]);
    expect(moved.account.items).toHaveLength(1);
    const source = ok(await w.t.get(`/api/bookings/${from.id}`, staff)) as TBookingAnswer;
    expect(onsiteLines(source)).toEqual([]);
    expect(source.total).toBe(from.total);
  });

  it('moves two items in opposite directions at once: both land, nothing deadlocks', async () => {
    const [a, b] = [await stay(), await stay()];
    const gear = await product({ name: 'Mask rental', chargingBase: 'PerBooking', price: '5.00' });
    const onA = (ok(await w.t.post(base(a), staff, { item: gear.id })) as TAnswer).account.items[0] as TItem;
    const onB = (ok(await w.t.post(base(b), staff, { item: gear.id })) as TAnswer).account.items[0] as TItem;
    const move = (from: { id: number }, item: TItem, to: { id: number }) =>
      w.t.post(`/api/bookings/${from.id}/onsite/${item.id}/move`, staff, { booking: to.id });
    const answers = await Promise.all([move(a, onA, b), move(b, onB, a)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    for (const booking of [a, b]) {
      const now = ok(await w.t.get(`/api/bookings/${booking.id}`, staff)) as TBookingAnswer;
      expect(onsiteLines(now)).toMatchObject([{ total: '5.00' }]);
    }
  });
});

describe('stock, idempotency and refusals', () => {
  it('sells the last item once when two sales come at once', async () => {
    const [one, two] = [await stay(), await stay()];
    const last = await product({ name: 'Last mask', chargingBase: 'PerBooking', trackStock: true });
    ok(await w.t.post(`/api/product/${last.id}/stock/update`, admin, { change: '1' }));
    const answers = await Promise.all([one, two].map((b) => w.t.post(base(b), staff, { item: last.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().error).toBe('OUT_OF_STOCK');
    expect(await stockOf(last.id)).toBe('0');
    expect(await w.count('onsite_items', `product_id = ${last.id}`)).toBe(1);
  });

  it('stores a sale sent twice with the same key once', async () => {
    const b = await stay();
    const cola = await product({ name: 'Cola', chargingBase: 'PerBooking' });
    const body = { item: cola.id, idempotencyKey: 'counter-1-sale-0001' };
    ok(await w.t.post(base(b), staff, body));
    const version = await versionOf(b.id);
    const again = ok(await w.t.post(base(b), staff, body)) as TAnswer;
    expect(again.account.items).toHaveLength(1);
    expect(await versionOf(b.id)).toBe(version);
    const other = await stay();
    expectError(await w.t.post(base(other), staff, body), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const b = await stay();
    const p = await product({ name: 'Snack', chargingBase: 'PerBooking' });
    const version = await versionOf(b.id);
    expectError(await w.t.post(base(b), staff, { item: p.id, quantity: -1 }), 400, 'ValidationError');
    expectError(await w.t.post(base(b), staff, { item: p.id, quantity: 0 }), 400, 'ValidationError');
    expectError(await w.t.post(base(b), staff, { item: 999_999 }), 404, 'NOT_FOUND');
    expectError(
      await w.t.post(`/api/bookings/${b.id}/onsite/999999`, staff, { item: p.id }),
      404,
      'NOT_FOUND',
    );
    expectError(await w.t.post(base(b), staff, { item: p.id, guestId: 999_999 }), 400, 'ValidationError');
    expectError(await w.t.post(`${base(b)}/999999/void`, staff, { reason: 'x' }), 404, 'NOT_FOUND');
    expect(await versionOf(b.id)).toBe(version);
    expect(await w.count('onsite_items', `booking_id = ${b.id}`)).toBe(0);
    const draft = ok(
      await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom())),
      201,
    ) as TBookingAnswer;
    expectError(await w.t.post(base(draft), staff, { item: p.id }), 409, 'INVALID_STATE');
  });

  it('answers 401 and 403 to agents and customers; a cashier (pos.update) charges', async () => {
    const b = await stay();
    const p = await product({ name: 'Ice', chargingBase: 'PerBooking' });
    expectError(await w.t.post(base(b), '', { item: p.id }), 401, 'UNAUTHORIZED');
    expectError(await w.t.post(base(b), w.tokens.agent, { item: p.id }), 403, 'FORBIDDEN');
    expectError(await w.t.post(base(b), w.tokens.customer, { item: p.id }), 403, 'FORBIDDEN');
    const cashier = await w.t.account('cashier@example.com', ['pos.read', 'pos.update']);
    const sold = ok(await w.t.post(base(b), cashier, { item: p.id })) as TAnswer;
    expect(sold.account.items).toHaveLength(1);
  });
});
