// Products and add-ons on a booking (`{bookingId}/product/{product}`, `/addon/{addon}`): the engine's line
// by charging base with the exact amount and total, removal through the line's delete, the stock a
// confirmed booking takes and gives back on cancel, access (agents: add-ons on their own bookings only),
// the version lock and the refusals.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingWorld,
  countedCents,
  ok,
  stayBody,
  type TWorld,
} from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';

let w: TWorld;
let admin: string;
let staff: string;
let agent: string;

type TLine = {
  id: number;
  key: string;
  type: string;
  text: string;
  amount: string;
  price: string;
  total: string;
  customerType: string;
  customData: { generator: string; productId?: number };
};
type TAnswer = { id: number; version: number; total: string; state: string; calculation: TLine[] };

const product = async (body: Record<string, unknown>) =>
  ok(await w.t.post('/api/product', admin, body), 201) as { id: number; stock: string };
const stay = async (extra: Record<string, unknown> = {}) =>
  ok(await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom(), extra)), 201) as TAnswer;
const add = (bookingId: number, kind: 'product' | 'addon', id: number, body: unknown = {}, token = staff) =>
  w.t.post(`/api/bookings/${bookingId}/${kind}/${id}`, token, body);
const productLines = (b: TAnswer) => b.calculation.filter((l) => l.type === 'product' || l.type === 'addon');
const stockOf = async (id: number) => ok(await w.t.get(`/api/product/${id}`, admin)).stock as string;

beforeAll(async () => {
  w = await bookingWorld();
  ({ admin, staff, agent } = w.tokens);
});
afterAll(() => w?.t.close());

describe('pricing', () => {
  it('prices a PerNight product for 4 nights and 2 guests: 8 × 25.00 = 200.00 on top of the stay', async () => {
    const halfBoard = await product({ name: 'Half board', chargingBase: 'PerNight', price: '25.00' });
    const b = await stay();
    expect(b.total).toBe('462.00');
    const after = ok(await add(b.id, 'product', halfBoard.id, { version: b.version })) as TAnswer;
    const [line] = productLines(after);
    expect(line).toMatchObject({
      type: 'product',
      text: 'Half board',
      amount: '8',
      price: '25.00',
      total: '200.00',
      customData: { generator: 'product', productId: halfBoard.id },
    });
    expect(after.total).toBe('662.00');
    expect(countedCents(after.calculation)).toBe(66_200);
    expect(after.version).toBe(b.version + 1);
  });

  it('prices an add-on PerBooking times qtyPerUnit', async () => {
    const fee = await product({
      name: 'Park fee',
      chargingBase: 'PerBooking',
      price: '10.00',
      isAddon: true,
    });
    const b = await stay();
    const after = ok(await add(b.id, 'addon', fee.id, { qtyPerUnit: '3' })) as TAnswer;
    expect(productLines(after)).toMatchObject([{ type: 'addon', amount: '3', total: '30.00' }]);
    expect(after.total).toBe('492.00');
  });

  it('removes the product with its line: the recalculation does not bring it back', async () => {
    const p = await product({ name: 'Transfer', chargingBase: 'PerBooking', price: '40.00' });
    const b = ok(await add((await stay()).id, 'product', p.id)) as TAnswer;
    const line = productLines(b)[0] as TLine;
    ok(await w.t.call('DELETE', `/api/bookings/calculation/${line.id}`, staff));
    const reloaded = ok(await w.t.post(`/api/bookings/${b.id}/reloadPrice`, staff, {})) as TAnswer;
    expect(productLines(reloaded)).toEqual([]);
    expect(reloaded.total).toBe('462.00');
  });
});

describe('refusals and access', () => {
  it('refuses a product that is no add-on on the addon call, unknown ones, foreign guests and entries', async () => {
    const plain = await product({ name: 'Plain', price: '5.00' });
    const b = await stay();
    expectError(await add(b.id, 'addon', plain.id), 400, 'ValidationError');
    expectError(await add(b.id, 'product', 999_999), 404, 'NOT_FOUND');
    expectError(await add(999_999, 'product', plain.id), 404, 'NOT_FOUND');
    expectError(await add(b.id, 'product', plain.id, { guestIds: [999_999] }), 400, 'ValidationError');
    expectError(await add(b.id, 'product', plain.id, { roomBookingId: 999_999 }), 400, 'ValidationError');
    expectError(await add(b.id, 'product', plain.id, { qtyPerUnit: '0' }), 400, 'ValidationError');
    const inactive = await product({ name: 'Old', isActive: false });
    expectError(await add(b.id, 'product', inactive.id), 400, 'ValidationError');
    const elsewhere = await product({ name: 'Vessel only', vesselId: w.vessel });
    expectError(await add(b.id, 'product', elsewhere.id), 400, 'ValidationError');
    expect((ok(await w.t.get(`/api/bookings/${b.id}`, staff)) as TAnswer).version).toBe(b.version);
  });

  it('answers 401, 403 for agents on products and customers; agents add add-ons to their own bookings', async () => {
    const addon = await product({ name: 'Snorkel set', price: '8.00', isAddon: true });
    const b = await stay();
    expectError(await add(b.id, 'product', addon.id, {}, ''), 401, 'UNAUTHORIZED');
    expectError(await add(b.id, 'product', addon.id, {}, agent), 403, 'FORBIDDEN');
    expectError(await add(b.id, 'addon', addon.id, {}, w.tokens.customer), 403, 'FORBIDDEN');
    // Not the agent's booking: not there for them.
    expectError(await add(b.id, 'addon', addon.id, {}, agent), 404, 'NOT_FOUND');
    const own = ok(
      await w.t.post('/api/bookings', agent, stayBody(await w.resortRoom(), { agencyId: w.ownAgency })),
      201,
    ) as TAnswer;
    expectError(await add(own.id, 'addon', addon.id, { price: '0.00' }, agent), 403, 'FORBIDDEN');
    const withAddon = ok(await add(own.id, 'addon', addon.id, {}, agent)) as TAnswer;
    expect(productLines(withAddon)).toMatchObject([{ type: 'addon', total: '8.00' }]);
  });

  it('answers VERSION_CONFLICT for a stale version and changes nothing', async () => {
    const p = await product({ name: 'Versioned', price: '1.00' });
    const b = await stay();
    ok(await add(b.id, 'product', p.id, { version: b.version }));
    expectError(await add(b.id, 'product', p.id, { version: b.version }), 409, 'VERSION_CONFLICT');
    expect(productLines(ok(await w.t.get(`/api/bookings/${b.id}`, staff)) as TAnswer)).toHaveLength(1);
  });
});

describe('stock', () => {
  it('takes tracked consumption goods out of stock on confirmation and gives them back on cancel', async () => {
    const wine = await product({ name: 'Wine', unit: 'Bottle', chargingBase: 'PerNight', trackStock: true });
    const rental = await product({
      name: 'Fins',
      type: 'ReusableGood',
      chargingBase: 'PerNight',
      trackStock: true,
    });
    ok(await w.t.post('/api/settings/group/features', admin, { stock: true }));
    ok(await w.t.post(`/api/product/${wine.id}/stock/update`, admin, { change: '20' }));
    const draft = await stay();
    ok(await add(draft.id, 'product', wine.id));
    ok(await add(draft.id, 'product', rental.id));
    expect(await stockOf(wine.id)).toBe('20');

    const current = ok(await w.t.get(`/api/bookings/${draft.id}`, staff)) as TAnswer;
    ok(
      await w.t.post(`/api/bookings/${draft.id}/change`, staff, {
        state: 'confirmed',
        version: current.version,
      }),
    );
    expect(await stockOf(wine.id)).toBe('12');
    expect(await stockOf(rental.id)).toBe('0');
    // Another write on the confirmed booking takes nothing more.
    ok(await w.t.post(`/api/bookings/${draft.id}/reloadPrice`, staff, {}));
    expect(await stockOf(wine.id)).toBe('12');

    ok(await w.t.post(`/api/bookings/${draft.id}/cancell`, staff, { useTerms: false }));
    expect(await stockOf(wine.id)).toBe('20');
    const log = ok(await w.t.get(`/api/product/${wine.id}/stock/log`, admin));
    expect(
      log.data.map((e: { reason: string; change: string; bookingId: number | null }) => [
        e.reason,
        e.change,
        e.bookingId,
      ]),
    ).toEqual([
      ['return', '8', draft.id],
      ['sale', '-8', draft.id],
      ['manual', '20', null],
    ]);
  });

  it('takes the stock of a product added to an already confirmed booking', async () => {
    const soda = await product({ name: 'Soda', unit: 'Can', chargingBase: 'PerPerson', trackStock: true });
    const b = await stay({ state: 'confirmed' });
    ok(await add(b.id, 'product', soda.id, { qtyPerUnit: '6' }));
    expect(await stockOf(soda.id)).toBe('-12');
  });
});
