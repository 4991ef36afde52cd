// The counter (spec booking §7 Point of sale, docs/domain/onsite.md): walk-in tabs with sales, payments up to
// what is open, resolve and combine; room tabs that charge the booking; a walk-in tab charged to a room;
// receipts (A4 and 80 mm) read back; the end-of-day figures; the idempotency key; the last item sold
// once; the feature switch and the scopes.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { ACCOUNT_PASSWORD, expectError } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { bookingVersions, calculationLines } from '../../db/schema.ts';

let w: TWorld;
let admin: string;
let cashier: string;
let shirt: number;
let nitrox: number;

type TAccount = {
  items: { id: number; amount: string; total: string }[];
  payments: { id: number }[];
  total: string;
  open: string;
};
type TTab = { id: number; state: string; bookingId: number | null };
type TAnswer = { tab: TTab; account: TAccount };
type TTotals = { currency: string; total: string; paid: string; open: string };
type TSold = { tab: TTab; item: TAccount['items'][number] & { userId: number | null }; totals: TTotals };
type TBooking = {
  id: number;
  total: string;
  calculation: { key: string; total: string; customerType: string }[];
  rooms: { id: number; roomId: number }[];
};

const product = async (body: Record<string, unknown>) =>
  (ok(await w.t.post('/api/product', admin, { price: '10.00', ...body }), 201) as { id: number }).id;
const tab = async (body: Record<string, unknown> = {}) =>
  ok(await w.t.post('/api/pos', cashier, { name: 'Walk-in', ...body }), 201) as {
    id: number;
    bookingId: number | null;
    resortId: number | null;
  };
const sell = (id: number, body: Record<string, unknown>, token = cashier) =>
  w.t.post(`/api/pos/${id}/product`, token, body);
const stay = async () =>
  ok(
    await w.t.post('/api/bookings', w.tokens.staff, stayBody(await w.resortRoom(), { state: 'confirmed' })),
    201,
  ) as TBooking;
const onsiteLines = (b: TBooking) => b.calculation.filter((l) => l.key.startsWith('onsite:'));

beforeAll(async () => {
  w = await bookingWorld();
  admin = w.tokens.admin;
  ok(await w.t.post('/api/settings/group/features', admin, { stock: true, pos: true }));
  cashier = await w.t.account('cashier@example.com', ['pos.read', 'pos.create', 'pos.update']);
  const category = (
    ok(await w.t.post('/api/productcategory', admin, { name: 'Shop' }), 201) as { id: number }
  ).id;
  shirt = await product({ name: 'T-Shirt', price: '25.00', categoryId: category, trackStock: true });
  ok(await w.t.post(`/api/product/${shirt}/stock/update`, admin, { change: '10' }));
  nitrox = await product({ name: 'Nitrox fill', chargingBase: 'PerDiveDay', price: '12.00' });
});
afterAll(() => w?.t.close());

describe('walk-in tabs', () => {
  it('sells, takes payments up to what is open, prints receipts, resolves and sums the day', async () => {
    const t = await tab({ name: 'Snorkeller' });
    const sold = ok(await sell(t.id, { item: shirt, quantity: 2 })) as TSold;
    // The answer carries the sale and the new totals, not the tab's items.
    expect(sold.item).toMatchObject({ amount: '2', total: '50.00' });
    expect(sold.totals).toEqual({ currency: 'EUR', total: '50.00', paid: '0.00', open: '50.00' });
    expect(sold).not.toHaveProperty('account');
    expect(ok(await w.t.get(`/api/product/${shirt}`, admin)).stock).toBe('8');
    expectError(
      await w.t.post(`/api/pos/${t.id}/payment`, cashier, { amount: '50.01', method: 'cash' }),
      409,
      'PAYMENT_EXCEEDS_OPEN',
    );
    expectError(await w.t.post('/api/pos/resolve', cashier, { ids: [t.id] }), 409, 'INVALID_STATE');
    ok(await w.t.post(`/api/pos/${t.id}/payment`, cashier, { amount: '30', method: 'cash' }));
    const paid = ok(
      await w.t.post(`/api/pos/${t.id}/payment`, cashier, { amount: '20', method: 'card' }),
    ) as { payment: { amount: string; method: string }; totals: TTotals };
    expect(paid.payment).toMatchObject({ amount: '20.00', method: 'card' });
    expect(paid.totals).toMatchObject({ paid: '50.00', open: '0.00' });
    const account = ok(await w.t.get(`/api/pos/${t.id}/account`, cashier)) as TAnswer;
    expect(account.account.payments).toHaveLength(2);
    expect(account.account.open).toBe('0.00');

    const a4 = await w.t.post(`/api/pos/${t.id}/print?format=a4&language=en`, cashier, {});
    expect(a4.headers['content-type']).toBe('application/pdf');
    const a4Text = await pdfText(a4.rawPayload);
    expect(a4Text).toMatch(/2 × T-Shirt\s+€50\.00/);
    expect(a4Text).toContain('Tab Snorkeller');
    const roll = await pdfText(
      (await w.t.post(`/api/pos/${t.id}/print?format=receipt&language=de`, cashier, {})).rawPayload,
    );
    expect(roll).toContain('Rechnung Snorkeller');
    expect(roll).toMatch(/Offen\s+0,00\s€/);

    const resolved = ok(await w.t.post('/api/pos/resolve', cashier, { ids: [t.id] })) as { state: string }[];
    expect(resolved.map((x) => x.state)).toEqual(['resolved']);
    expectError(await sell(t.id, { item: shirt }), 409, 'INVALID_STATE');

    const stats = ok(await w.t.get('/api/pos/stats?counted=31.00', cashier));
    expect(stats.byMethod).toEqual(
      expect.arrayContaining([
        { method: 'cash', currency: 'EUR', amount: '30.00', count: 1 },
        { method: 'card', currency: 'EUR', amount: '20.00', count: 1 },
      ]),
    );
    expect(stats.byCategory).toEqual(
      expect.arrayContaining([expect.objectContaining({ category: 'Shop', amount: '50.00' })]),
    );
    expect(stats.byCashier.some((c: { amount: string }) => c.amount === '50.00')).toBe(true);
    expect(stats.cash).toEqual({
      expected: [{ currency: 'EUR', amount: '30.00' }],
      counted: '31.00',
      difference: '1.00',
    });
  });

  it('changes and removes sales, combines tabs', async () => {
    const [a, b] = [await tab(), await tab()];
    const { item } = ok(await sell(a.id, { item: shirt })) as TSold;
    const changed = ok(
      await w.t.post(`/api/pos/${a.id}/product/${item.id}`, cashier, { quantity: 3 }),
    ) as TAnswer;
    expect(changed.account.total).toBe('75.00');
    ok(await sell(b.id, { item: shirt }));
    const combined = ok(await w.t.post('/api/pos/combineItems', cashier, { ids: [a.id, b.id] })) as TAnswer;
    expect(combined.account.items).toHaveLength(2);
    expect(ok(await w.t.get(`/api/pos/${b.id}`, cashier)).state).toBe('resolved');
    const removed = ok(
      await w.t.call('DELETE', `/api/pos/${a.id}/product?item=${item.id}`, cashier),
    ) as TAnswer;
    expect(removed.account.total).toBe('25.00');
  });

  it('stores a sale sent twice once, and sells the last item once when two counters try', async () => {
    const t = await tab();
    const body = { item: shirt, idempotencyKey: 'offline-sale-000001' };
    const first = ok(await sell(t.id, body)) as TSold;
    const again = ok(await sell(t.id, body)) as TSold;
    expect(again.item.id).toBe(first.item.id);
    expect(again.totals).toEqual(first.totals);
    expect((ok(await w.t.get(`/api/pos/${t.id}/account`, cashier)) as TAnswer).account.items).toHaveLength(1);
    expectError(await sell((await tab()).id, body), 422, 'IDEMPOTENCY_KEY_REUSED');

    const last = await product({ name: 'Last cap', trackStock: true });
    ok(await w.t.post(`/api/product/${last}/stock/update`, admin, { change: '1' }));
    const [one, two] = [await tab(), await tab()];
    const answers = await Promise.all([one, two].map((x) => sell(x.id, { item: last })));
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(ok(await w.t.get(`/api/product/${last}`, admin)).stock).toBe('0');
  });
});

describe('room tabs', () => {
  it('charges sales of a room tab to the booking, and a walk-in tab to a room', async () => {
    const booking = await stay();
    const room = await tab({ name: 'Room 1', bookingId: booking.id });
    expect(room.bookingId).toBe(booking.id);
    const sold = ok(await sell(room.id, { item: nitrox })) as TSold;
    // 4 nights = 5 days = 2 dive days × 2 guests × 12.00
    expect([sold.item.amount, sold.item.total]).toEqual(['4', '48.00']);
    expect(sold.totals).toMatchObject({ total: '48.00', open: '48.00' });
    expectError(
      await w.t.post(`/api/pos/${room.id}/payment`, cashier, { amount: '1', method: 'cash' }),
      409,
      'INVALID_STATE',
    );

    const walkIn = await tab({ name: 'Bar' });
    ok(await sell(walkIn.id, { item: shirt }));
    const roomId = booking.rooms[0]?.roomId;
    const charged = ok(
      await w.t.post(`/api/pos/${walkIn.id}/booking/${booking.id}/${roomId}`, cashier, {}),
    ) as TAnswer;
    expect(charged.tab.bookingId).toBe(booking.id);
    const after = ok(await w.t.get(`/api/bookings/${booking.id}`, w.tokens.staff)) as TBooking;
    expect(
      onsiteLines(after)
        .map((l) => `${l.total} ${l.customerType}`)
        .sort(),
    ).toEqual(['25.00 OnSite', '48.00 OnSite']);
    expect(Number(after.total)).toBeCloseTo(Number(booking.total) + 73, 2);
  });
});

describe('a sale on a room tab', () => {
  type TFull = Omit<TBooking, 'calculation'> & {
    version: number;
    totals: Record<string, string>;
    calculation: { key: string; total: string; customerType: string; type: string }[];
  };
  const read = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, w.tokens.staff)) as TFull;
  /** The calculation as the engine orders it: key, type, total and customer type of each line. */
  const shape = (b: TFull) => b.calculation.map((l) => `${l.key} ${l.type} ${l.total} ${l.customerType}`);
  const roomLineIds = async (bookingId: number) =>
    (
      await w.t.database.db
        .select({ id: calculationLines.id })
        .from(calculationLines)
        .where(and(eq(calculationLines.bookingId, bookingId), eq(calculationLines.type, 'room_cost')))
    ).map((r) => r.id);

  it('adds the item and its line without pricing the stay again, exactly as a recalculation would', async () => {
    const booking = await stay();
    const before = await read(booking.id);
    const room = await tab({ name: 'Room lean', bookingId: booking.id });
    const generated = await roomLineIds(booking.id);
    const nitroxSale = ok(await sell(room.id, { item: nitrox })) as TSold;
    const shirtSale = ok(await sell(room.id, { item: shirt, quantity: 2 })) as TSold;
    expect(shirtSale.totals).toMatchObject({ total: '98.00', open: '98.00' });
    // The stay's lines stay as they were (not written again); the booking is versioned once per sale.
    expect(await roomLineIds(booking.id)).toEqual(generated);
    const lean = await read(booking.id);
    expect(lean.version).toBe(before.version + 2);
    const versions = await w.t.database.db
      .select({ version: bookingVersions.version, action: bookingVersions.action })
      .from(bookingVersions)
      .where(eq(bookingVersions.bookingId, booking.id));
    expect(versions.filter((v) => v.action === 'posSale').map((v) => v.version)).toEqual([
      before.version + 1,
      before.version + 2,
    ]);
    expect(new Set(lean.calculation.map((l) => l.key))).toEqual(
      new Set([
        ...before.calculation.map((l) => l.key),
        `onsite:${nitroxSale.item.id}`,
        `onsite:${shirtSale.item.id}`,
      ]),
    );
    expect(lean.totals.onSite).toBe('98.00');
    expect(Number(lean.total)).toBeGreaterThanOrEqual(Number(before.total) + 98);
    expect(lean.totals.dueBeforeTravel).toBe(before.totals.dueBeforeTravel);

    // Changing a sale runs the booking's whole pipeline: the same lines, order and totals come out.
    ok(await w.t.post(`/api/pos/${room.id}/product/${nitroxSale.item.id}`, cashier, { quantity: 1 }));
    expect(await roomLineIds(booking.id)).not.toEqual(generated);
    const full = await read(booking.id);
    expect(shape(full)).toEqual(shape(lean));
    expect(full.totals).toEqual(lean.totals);
    expect(full.total).toBe(lean.total);
  });

  it('prices the stay again when a special of the booking reads product lines, as a recalculation would', async () => {
    // A reduction on the shirts (10 % of the shirt's product lines), added by the engine while it is confirmed.
    const special = ok(
      await w.t.post('/api/specials', admin, {
        name: 'Shirt deal',
        discount: 'PerCent',
        discountValue: '10',
        reduce: true,
        target: 'Product',
        targetIds: [shirt],
        autoAdd: true,
        unique: true,
      }),
      201,
    ) as { id: number };
    ok(await w.t.post(`/api/specials/${special.id}`, admin, { status: 'confirmed' }));
    try {
      const booking = await stay();
      const before = await read(booking.id);
      // No shirt yet: the special was weighed, found zero, and made no line.
      expect(before.calculation.some((l) => l.type === 'special')).toBe(false);
      const room = await tab({ name: 'Room full', bookingId: booking.id });
      const generated = await roomLineIds(booking.id);
      const sold = ok(await sell(room.id, { item: shirt, quantity: 2 })) as TSold;
      expect(sold.item.total).toBe('50.00');

      // The whole pipeline ran: the stay's lines were written again, and the special now sees the shirts.
      expect(await roomLineIds(booking.id)).not.toEqual(generated);
      const after = await read(booking.id);
      expect(after.version).toBe(before.version + 1);
      const specialLines = after.calculation.filter((l) => l.type === 'special');
      expect(specialLines.map((l) => l.total)).toEqual(['-5.00']);
      expect(after.calculation.find((l) => l.key === `onsite:${sold.item.id}`)).toMatchObject({
        total: '50.00',
        customerType: 'OnSite',
      });
      expect(after.totals.onSite).toBe('50.00');
      expect(after.total).toBe((Number(before.total) + 50 - 5).toFixed(2));

      // A full recalculation finds the same lines, order and totals.
      ok(await w.t.post(`/api/bookings/${booking.id}/calculation/refresh`, w.tokens.staff));
      const full = await read(booking.id);
      expect(shape(full)).toEqual(shape(after));
      expect(full.totals).toEqual(after.totals);
      expect(full.total).toBe(after.total);
    } finally {
      ok(await w.t.post(`/api/specials/${special.id}`, admin, { status: 'aborted' }));
    }
  });
});

describe('stock per asset', () => {
  type TStockAnswer = {
    product: { stock: string };
    entry: { stockAfter: string; resortId: number | null; vesselId: number | null };
    stocks: { resortId: number | null; vesselId: number | null; stock: string }[];
  };
  type TLog = {
    data: { reason: string; change: string; resortId: number | null; userId: number | null }[];
    stocks: TStockAnswer['stocks'];
  };
  const update = (id: number, body: Record<string, unknown>) =>
    w.t.post(`/api/product/${id}/stock/update`, admin, body);
  const stockOf = async (id: number) => {
    const log = ok(await w.t.get(`/api/product/${id}/stock/log`, admin)) as TLog;
    const total = ok(await w.t.get(`/api/product/${id}`, admin)).stock as string;
    return { total, atResort: log.stocks.find((s) => s.resortId === w.resort)?.stock, log };
  };

  it('keeps stock per resort and vessel; a sale at the resort takes from its stock, logged with who and why', async () => {
    const mask = await product({ name: 'Mask', trackStock: true });
    ok(await update(mask, { change: '10' }));
    const atResort = ok(
      await update(mask, { change: '2', resortId: w.resort, reason: 'correction' }),
    ) as TStockAnswer;
    expect(atResort.product.stock).toBe('12');
    expect(atResort.entry).toMatchObject({ stockAfter: '2', resortId: w.resort, vesselId: null });
    expect(atResort.stocks).toEqual([{ resortId: w.resort, vesselId: null, stock: '2' }]);
    const onBoat = ok(await update(mask, { set: '5', vesselId: w.vessel })) as TStockAnswer;
    expect(onBoat.product.stock).toBe('17');
    expect(onBoat.stocks).toHaveLength(2);
    // Refused: below 0 at the resort, both assets, an unknown resort; nothing written.
    expectError(await update(mask, { change: '-3', resortId: w.resort }), 409, 'OUT_OF_STOCK');
    expectError(
      await update(mask, { change: '1', resortId: w.resort, vesselId: w.vessel }),
      400,
      'ValidationError',
    );
    expectError(await update(mask, { change: '1', resortId: 999_999 }), 400, 'ValidationError');
    expect(await stockOf(mask)).toMatchObject({ total: '17', atResort: '2' });

    const counter = await tab({ name: 'Resort shop', resortId: w.resort });
    expect(counter).toMatchObject({ resortId: w.resort });
    const sold = ok(await sell(counter.id, { item: mask, quantity: 2 })) as TSold;
    expect(await stockOf(mask)).toMatchObject({ total: '15', atResort: '0' });
    // The resort has none left, though the product has: the sale at the resort is refused, nothing written.
    expectError(await sell(counter.id, { item: mask }), 409, 'OUT_OF_STOCK');
    expect(await stockOf(mask)).toMatchObject({ total: '15', atResort: '0' });
    // A counter at no asset sells from the product's stock.
    ok(await sell((await tab()).id, { item: mask }));
    expect(await stockOf(mask)).toMatchObject({ total: '14', atResort: '0' });
    // Removing the sale gives the stock back where it was taken.
    ok(await w.t.call('DELETE', `/api/pos/${counter.id}/product?item=${sold.item.id}`, cashier));
    const after = await stockOf(mask);
    expect(after).toMatchObject({ total: '16', atResort: '2' });
    const cashierId = sold.item.userId;
    expect(cashierId).not.toBeNull();
    expect(
      after.log.data.filter((e) => e.resortId === w.resort).map((e) => [e.reason, e.change, e.userId]),
    ).toEqual([
      ['onsite_return', '2', cashierId],
      ['onsite_sale', '-2', cashierId],
      ['correction', '2', expect.any(Number)],
    ]);
  });

  it('opens a walk-in tab at an asset the cashier works at, and only there', async () => {
    const all = ok(await w.t.get('/api/pos/assets', cashier)) as {
      resorts: { id: number; name: string }[];
      vessels: { id: number; name: string }[];
    };
    // No assets assigned: every resort and vessel.
    expect(all.resorts.map((r) => r.id)).toContain(w.resort);
    expect(all.vessels.map((v) => v.id)).toContain(w.vessel);
    ok(
      await w.t.post('/api/users', admin, {
        email: 'boat-cashier@example.com',
        password: ACCOUNT_PASSWORD,
        permissions: { scope: ['pos.read', 'pos.create', 'pos.update'] },
        vessels: [w.vessel],
      }),
      201,
    );
    const onBoard = await w.t.login('boat-cashier@example.com', ACCOUNT_PASSWORD);
    const mine = ok(await w.t.get('/api/pos/assets', onBoard)) as typeof all;
    expect(mine.vessels.map((v) => v.id)).toEqual([w.vessel]);
    const open = (body: Record<string, unknown>) =>
      w.t.post('/api/pos', onBoard, { name: 'Deck bar', ...body });
    const deck = ok(await open({ vesselId: w.vessel }), 201) as { vesselId: number | null };
    expect(deck.vesselId).toBe(w.vessel);
    const other = ok(await w.t.post('/api/vessel', admin, { name: 'Other boat' }), 201) as { id: number };
    expectError(await open({ vesselId: other.id }), 400, 'ValidationError');
    expectError(await open({ resortId: w.resort, vesselId: w.vessel }), 400, 'ValidationError');
    expectError(await w.t.get('/api/pos/assets', w.tokens.agent), 403, 'FORBIDDEN');
  });

  it('sells from the stock of a room tab’s resort (the booking’s)', async () => {
    const fins = await product({ name: 'Fins', trackStock: true });
    ok(await update(fins, { change: '1', resortId: w.resort }));
    const room = await tab({ name: 'Room', bookingId: (await stay()).id });
    expect(room).toMatchObject({ resortId: w.resort });
    ok(await sell(room.id, { item: fins }));
    expect(await stockOf(fins)).toMatchObject({ total: '0', atResort: '0' });
    expectError(await sell(room.id, { item: fins }), 409, 'OUT_OF_STOCK');
  });
});

describe('access', () => {
  it('answers 401, 403 to agents, customers and the office without pos scopes, and 404 when switched off', async () => {
    const t = await tab();
    expectError(await w.t.get('/api/pos', ''), 401, 'UNAUTHORIZED');
    for (const token of [w.tokens.agent, w.tokens.customer]) {
      expectError(await w.t.get('/api/pos', token), 403, 'FORBIDDEN');
      expectError(await sell(t.id, { item: shirt }, token), 403, 'FORBIDDEN');
      expectError(await w.t.get('/api/pos/stats', token), 403, 'FORBIDDEN');
    }
    const reader = await w.t.account('pos-reader@example.com', ['pos.read']);
    expectError(await sell(t.id, { item: shirt }, reader), 403, 'FORBIDDEN');
    expectError(await sell(t.id, { item: shirt, quantity: -2 }), 400, 'ValidationError');
    expectError(await sell(t.id, { item: 999_999 }), 404, 'NOT_FOUND');
    ok(await w.t.post('/api/settings/group/features', admin, { pos: false }));
    expectError(await w.t.get('/api/pos', cashier), 404, 'NOT_FOUND');
    ok(await w.t.post('/api/settings/group/features', admin, { pos: true }));
  });
});
