// The product catalogue (spec booking §7 "Products"): the base paths with their scopes and validation,
// constants, the stock update with its log (OUT_OF_STOCK unless force, the feature switch `stock`) and
// bookedAtDay counted exactly over the holding bookings of an asset.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';

let w: TWorld;
let admin: string;
let staff: string;
let agent: string;
let reader: string;
/** Books but holds no product scope. */
let bookingsOnly: string;

type TProduct = { id: number; name: string; stock: string; price: string; chargingBase: string };

const createProduct = async (body: Record<string, unknown>) =>
  ok(await w.t.post('/api/product', admin, body), 201) as TProduct;
const stockUpdate = (id: number, body: unknown, token = admin) =>
  w.t.post(`/api/product/${id}/stock/update`, token, body);

beforeAll(async () => {
  w = await bookingWorld();
  ({ admin, staff, agent } = w.tokens);
  reader = await w.t.account('product-reader@example.com', ['product.read']);
  bookingsOnly = await w.t.account('bookings-only@example.com', ['bookings.read', 'bookings.update']);
  ok(await w.t.post('/api/settings/group/features', admin, { stock: true }));
});
afterAll(() => w?.t.close());

describe('access and input', () => {
  it('answers 401 without a session and 403 without the product scopes', async () => {
    expectError(await w.t.get('/api/product'), 401, 'UNAUTHORIZED');
    expectError(await w.t.get('/api/product', agent), 403, 'FORBIDDEN');
    expectError(await w.t.get('/api/product/constants', bookingsOnly), 403, 'FORBIDDEN');
    expectError(await w.t.post('/api/product', reader, { name: 'Nitrox' }), 403, 'FORBIDDEN');
    const p = await createProduct({ name: 'Readable' });
    expectError(await stockUpdate(p.id, { change: '1' }, reader), 403, 'FORBIDDEN');
    ok(await w.t.get(`/api/product/${p.id}/stock/log`, reader));
  });

  it('refuses bad input with 400 and unknown ids with 404', async () => {
    expectError(
      await w.t.post('/api/product', admin, { name: 'x', chargingBase: 'PerHour' }),
      400,
      'ValidationError',
    );
    expectError(await w.t.post('/api/product', admin, { name: 'x', price: '1.234' }), 400, 'ValidationError');
    expectError(
      await w.t.post('/api/product', admin, { name: 'x', categoryId: 999_999 }),
      400,
      'ValidationError',
    );
    expectError(await w.t.get('/api/product/999999', admin), 404, 'NOT_FOUND');
    expectError(await stockUpdate(999_999, { change: '1' }), 404, 'NOT_FOUND');
    expectError(await w.t.get('/api/product/999999/stock/log', admin), 404, 'NOT_FOUND');
    const p = await createProduct({ name: 'Input' });
    expectError(await stockUpdate(p.id, {}), 400, 'ValidationError');
    expectError(await stockUpdate(p.id, { change: '1', set: '2' }), 400, 'ValidationError');
    expectError(
      await w.t.get('/api/product/bookedAtDay/hotel:1?from=2041-01-01&to=2041-01-02', admin),
      400,
      'ValidationError',
    );
  });
});

describe('catalogue', () => {
  it('creates, reads, updates, lists, copies and deletes products and categories', async () => {
    const constants = ok(await w.t.get('/api/product/constants', reader));
    expect(constants.types).toEqual(['ConsumptionGood', 'ReusableGood']);
    expect(constants.units).toContain('Bucket');
    expect(constants.chargingBases).toContain('PerWeekCeil');

    const category = ok(await w.t.post('/api/productcategory', admin, { name: 'Gas' }), 201);
    const p = await createProduct({
      name: 'Nitrox fill',
      categoryId: category.id,
      chargingBase: 'PerDiveDay',
      unit: 'Unit',
      price: '12.50',
    });
    expect(p).toMatchObject({ categoryId: category.id, price: '12.50', stock: '0', type: 'ConsumptionGood' });
    const updated = ok(await w.t.post(`/api/product/${p.id}`, admin, { price: '13', isAddon: true }));
    expect(updated).toMatchObject({
      price: '13.00',
      isAddon: true,
      chargingBase: 'PerDiveDay',
      name: 'Nitrox fill',
    });
    const list = ok(
      await w.t.get(
        `/api/product?search=nitrox&filter=${encodeURIComponent(JSON.stringify({ categoryId: category.id }))}`,
        reader,
      ),
    );
    expect(list.data.map((r: TProduct) => r.id)).toEqual([p.id]);
    const copy = ok(await w.t.post(`/api/product/${p.id}/copy`, admin), 201);
    expect(copy).toMatchObject({ name: 'Nitrox fill (copy)', stock: '0', price: '13.00' });
    ok(await w.t.del(`/api/product/${copy.id}`, admin));
    expectError(await w.t.get(`/api/product/${copy.id}`, admin), 404, 'NOT_FOUND');
    ok(await w.t.del(`/api/productcategory/${category.id}`, admin));
    expect(ok(await w.t.get(`/api/product/${p.id}`, admin)).categoryId).toBeNull();
  });
});

describe('stock', () => {
  it('changes the stock exactly, logs every change and refuses going below 0 unless forced', async () => {
    const p = await createProduct({ name: 'Beer', unit: 'Bottle', trackStock: true });
    const first = ok(await stockUpdate(p.id, { change: '24', note: 'delivery' }));
    expect(first.product.stock).toBe('24');
    expect(first.entry).toMatchObject({ change: '24', stockAfter: '24', reason: 'manual', note: 'delivery' });
    ok(await stockUpdate(p.id, { change: '-0.5' }));
    const counted = ok(await stockUpdate(p.id, { set: '20', reason: 'correction' }));
    expect(counted.entry).toMatchObject({ change: '-3.5', stockAfter: '20', reason: 'correction' });

    expectError(await stockUpdate(p.id, { change: '-21' }), 409, 'OUT_OF_STOCK');
    expect(ok(await w.t.get(`/api/product/${p.id}`, admin)).stock).toBe('20');
    const forced = ok(await stockUpdate(p.id, { change: '-21', force: true }));
    expect(forced.product.stock).toBe('-1');

    const log = ok(await w.t.get(`/api/product/${p.id}/stock/log?size=2`, admin));
    expect(log.total).toBe(4);
    expect(log.data.map((e: { change: string }) => e.change)).toEqual(['-21', '-3.5']);
    const page2 = ok(await w.t.get(`/api/product/${p.id}/stock/log?size=2&page=2`, admin));
    expect(page2.data.map((e: { change: string }) => e.change)).toEqual(['-0.5', '24']);
  });

  it('keeps the log as a resource: creating an entry moves the stock, entries are not deleted', async () => {
    const p = await createProduct({ name: 'Water', trackStock: true });
    const entry = ok(await w.t.post('/api/productstock', admin, { productId: p.id, change: '10' }), 201);
    expect(entry).toMatchObject({ productId: p.id, change: '10', stockAfter: '10' });
    expect(ok(await w.t.get(`/api/product/${p.id}`, admin)).stock).toBe('10');
    expectError(
      await w.t.post('/api/productstock', admin, { productId: p.id, change: '-11' }),
      409,
      'OUT_OF_STOCK',
    );
    expectError(await w.t.del(`/api/productstock/${entry.id}`, admin), 409, 'INVALID_STATE');
    const list = ok(
      await w.t.get(
        `/api/productstock?filter=${encodeURIComponent(JSON.stringify({ productId: p.id }))}`,
        reader,
      ),
    );
    expect(list.total).toBe(1);
  });

  it('books goods received as a delivery, per asset, and lists the stock kept at each asset', async () => {
    const p = await createProduct({ name: 'Tonic', unit: 'Can', trackStock: true });
    const atResort = ok(await stockUpdate(p.id, { change: '12', reason: 'delivery', resortId: w.resort }));
    expect(atResort.entry).toMatchObject({
      change: '12',
      stockAfter: '12',
      reason: 'delivery',
      resortId: w.resort,
    });
    ok(await stockUpdate(p.id, { change: '5.5', reason: 'delivery', vesselId: w.vessel }));
    const counted = ok(await stockUpdate(p.id, { set: '4', reason: 'correction', vesselId: w.vessel }));
    expect(counted.product.stock).toBe('16');
    expect(counted.stocks).toEqual([
      { resortId: w.resort, vesselId: null, stock: '12' },
      { resortId: null, vesselId: w.vessel, stock: '4' },
    ]);
    const all = ok(await w.t.get('/api/product/stock/assets', reader));
    expect(all.data.filter((s: { productId: number }) => s.productId === p.id)).toEqual([
      { productId: p.id, resortId: w.resort, vesselId: null, stock: '12' },
      { productId: p.id, resortId: null, vesselId: w.vessel, stock: '4' },
    ]);
    const log = ok(await w.t.get(`/api/product/${p.id}/stock/log`, admin));
    expect(log.data.map((e: { reason: string }) => e.reason)).toEqual(['correction', 'delivery', 'delivery']);
    expect(ok(await w.t.get('/api/product/constants', reader)).stockReasons).toContain('delivery');
    // An unknown reason is refused and writes nothing.
    expectError(await stockUpdate(p.id, { change: '1', reason: 'gift' }), 400, 'ValidationError');
    expect(ok(await w.t.get(`/api/product/${p.id}`, admin)).stock).toBe('16');
    expectError(await w.t.get('/api/product/stock/assets', agent), 403, 'FORBIDDEN');
  });

  it('is not there while the feature switch stock is off', async () => {
    const p = await createProduct({ name: 'Off' });
    ok(await w.t.post('/api/settings/group/features', admin, { stock: false }));
    try {
      expectError(await stockUpdate(p.id, { change: '1' }), 404, 'NOT_FOUND');
      expectError(await w.t.get('/api/productstock', admin), 404, 'NOT_FOUND');
      expectError(await w.t.get('/api/product/stock/assets', admin), 404, 'NOT_FOUND');
      ok(await w.t.get(`/api/product/${p.id}`, admin));
    } finally {
      ok(await w.t.post('/api/settings/group/features', admin, { stock: true }));
    }
  });
});

describe('bookedAtDay', () => {
  it('counts per day the persons of holding bookings that chose the product, only in [from, to)', async () => {
    const gear = await createProduct({ name: 'Rental gear', type: 'ReusableGood', chargingBase: 'PerDay' });
    const boat = await createProduct({ name: 'Boat', type: 'ReusableGood', perUnit: true });
    const add = async (bookingId: number, productId: number, body: Record<string, unknown> = {}) =>
      ok(await w.t.post(`/api/bookings/${bookingId}/product/${productId}`, staff, body));
    // 2 guests, 2041-03-29 → 04-02, confirmed: holds.
    const held = ok(
      await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom(), { state: 'confirmed' })),
      201,
    );
    await add(held.id, gear.id);
    await add(held.id, boat.id);
    // For 1 of its 2 guests with qtyPerUnit 2, 03-31 → 04-03.
    const second = ok(
      await w.t.post('/api/bookings', staff, {
        state: 'confirmed',
        rooms: [{ roomId: await w.resortRoom(), from: '2041-03-31', to: '2041-04-03', guests: [{}, {}] }],
      }),
      201,
    );
    const guestId = second.rooms[0].guests[0].id as number;
    await add(second.id, gear.id, { qtyPerUnit: '2', guestIds: [guestId] });
    // A draft does not hold: not counted.
    const draft = ok(await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom())), 201);
    await add(draft.id, gear.id);

    const url = `/api/product/bookedAtDay/resort:${w.resort}?from=2041-03-30&to=2041-04-03&products=${gear.id},${boat.id}`;
    expect(ok(await w.t.get(url, reader))).toEqual([
      { productId: gear.id, date: '2041-03-30', quantity: '2' },
      { productId: gear.id, date: '2041-03-31', quantity: '4' },
      { productId: gear.id, date: '2041-04-01', quantity: '4' },
      { productId: gear.id, date: '2041-04-02', quantity: '2' },
      { productId: boat.id, date: '2041-03-30', quantity: '1' },
      { productId: boat.id, date: '2041-03-31', quantity: '1' },
      { productId: boat.id, date: '2041-04-01', quantity: '1' },
    ]);
    const onlyBoat = ok(
      await w.t.get(
        `/api/product/bookedAtDay/resort:${w.resort}?from=2041-04-01&to=2041-04-02&products=${boat.id}`,
        admin,
      ),
    );
    expect(onlyBoat).toEqual([{ productId: boat.id, date: '2041-04-01', quantity: '1' }]);
    expect(
      ok(await w.t.get(`/api/product/bookedAtDay/vessel:${w.vessel}?from=2041-03-30&to=2041-04-03`, admin)),
    ).toEqual([]);
  });
});
