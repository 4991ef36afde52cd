// The onsite currency (docs/domain/onsite.md "Money"): a booking whose price has `useOnsiteCurrency` keeps its
// onsite items, payments and account in its resort's local currency (here THB), each with today's rate into
// the booking currency (EUR), which its OnSite line in the calculation uses; the counter's room tab takes
// that currency too. Without the setting, everything stays in the booking currency.

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, countedCents, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { exchangeRates, prices, resorts } from '../../db/schema.ts';

let w: TWorld;
let staff: string;
let massage: number;

type TLine = { key: string; type: string; total: string; customerType: string; price: string };
type TBooking = {
  id: number;
  total: string;
  currency: string;
  calculation: TLine[];
  rooms: { id: number; roomId: number }[];
};
type TMoney = { currency: string; rate: string };
type TAnswer = {
  booking: TBooking;
  account: {
    currency: string;
    items: (TMoney & { total: string; price: string })[];
    payments: (TMoney & { amount: string })[];
    total: string;
    paid: string;
    open: string;
  };
};

// 1 THB = 0.025 EUR: a rate of its own (the demo's rates are from EUR), so the test knows it.
const RATE = '0.025';
const stay = async () =>
  ok(
    await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom(), { state: 'confirmed' })),
    201,
  ) as TBooking;
const base = (b: TBooking) => `/api/bookings/${b.id}/onsite/${b.rooms[0]?.roomId}`;
const onsiteLines = (b: TBooking) => b.calculation.filter((l) => l.key.startsWith('onsite:'));
const useOnsiteCurrency = (on: boolean) =>
  w.t.database.db
    .update(prices)
    .set({ useOnsiteCurrency: on })
    .where(inArray(prices.id, [w.seasons.a, w.seasons.b]));

beforeAll(async () => {
  w = await bookingWorld();
  staff = w.tokens.staff;
  const db = w.t.database.db;
  ok(await w.t.post('/api/settings/group/features', w.tokens.admin, { pos: true }));
  await db.update(resorts).set({ currency: 'THB' }).where(eq(resorts.id, w.resort));
  await db
    .insert(exchangeRates)
    .values({ fromCurrency: 'THB', toCurrency: 'EUR', rate: RATE, validFrom: '2020-01-01' });
  massage = (
    ok(
      await w.t.post('/api/product', w.tokens.admin, {
        name: 'Thai massage',
        price: '1000.00',
        currency: 'THB',
      }),
      201,
    ) as { id: number }
  ).id;
});
afterAll(() => w?.t.close());

describe('useOnsiteCurrency', () => {
  it('off: the item is in the booking currency, converted from the product’s at its rate', async () => {
    await useOnsiteCurrency(false);
    const b = await stay();
    const sold = ok(await w.t.post(base(b), staff, { item: massage })) as TAnswer;
    expect(sold.account.currency).toBe('EUR');
    expect(sold.account.items[0]).toMatchObject({ currency: 'EUR', price: '25.00', total: '25.00' });
    expect(Number(sold.account.items[0]?.rate)).toBe(1);
    expect(onsiteLines(sold.booking).map((l) => l.total)).toEqual(['25.00']);
  });

  it('on: items, payments and the account in the resort’s currency; the line in the booking currency', async () => {
    await useOnsiteCurrency(true);
    const b = await stay();
    expect(b.currency).toBe('EUR');
    const sold = ok(await w.t.post(base(b), staff, { item: massage, quantity: 3 })) as TAnswer;
    expect(sold.account).toMatchObject({ currency: 'THB', total: '3000.00', open: '3000.00' });
    expect(sold.account.items[0]).toMatchObject({ currency: 'THB', price: '1000.00', total: '3000.00' });
    expect(Number(sold.account.items[0]?.rate)).toBe(Number(RATE));
    // 3 × 1,000 THB × 0.025 = 75.00 EUR on the booking; its total stays the sum of the counted lines.
    expect(onsiteLines(sold.booking)).toMatchObject([
      { total: '75.00', price: '25.00', customerType: 'OnSite' },
    ]);
    expect(Math.round(Number(sold.booking.total) * 100)).toBe(countedCents(sold.booking.calculation));
    expect(Number(sold.booking.total)).toBeCloseTo(Number(b.total) + 75, 2);

    // Paid in THB, at most what is open in THB (not the EUR value).
    expectError(
      await w.t.post(`${base(b)}/payment`, staff, { amount: '3000.01', method: 'cash' }),
      409,
      'PAYMENT_EXCEEDS_OPEN',
    );
    const paid = ok(
      await w.t.post(`${base(b)}/payment`, staff, { amount: '1200', method: 'cash' }),
    ) as TAnswer;
    expect(paid.account).toMatchObject({ currency: 'THB', paid: '1200.00', open: '1800.00' });
    expect(paid.account.payments[0]).toMatchObject({ currency: 'THB', amount: '1200.00' });
    expect(Number(paid.account.payments[0]?.rate)).toBe(Number(RATE));

    // The counter's room tab keeps the booking's onsite currency.
    const admin = w.tokens.admin;
    const tab = ok(await w.t.post('/api/pos', admin, { name: 'Room', bookingId: b.id }), 201) as {
      id: number;
      currency: string;
    };
    expect(tab.currency).toBe('THB');
    const onTab = ok(await w.t.post(`/api/pos/${tab.id}/product`, admin, { item: massage })) as {
      item: TMoney & { total: string };
      totals: { currency: string; total: string };
    };
    expect(onTab.item).toMatchObject({ currency: 'THB', total: '1000.00' });
    expect(onTab.totals).toMatchObject({ currency: 'THB', total: '1000.00' });
    const after = ok(await w.t.get(`/api/bookings/${b.id}`, staff)) as TBooking;
    expect(
      onsiteLines(after)
        .map((l) => l.total)
        .sort(),
    ).toEqual(['25.00', '75.00']);
  });

  it('on without a rate: 400 RATE_REQUIRED, nothing written', async () => {
    await useOnsiteCurrency(true);
    const b = await stay();
    await w.t.database.db.update(resorts).set({ currency: 'ISK' }).where(eq(resorts.id, w.resort));
    try {
      expectError(await w.t.post(base(b), staff, { item: massage }), 400, 'RATE_REQUIRED');
      const after = ok(await w.t.get(`/api/bookings/${b.id}`, staff)) as TBooking;
      expect(onsiteLines(after)).toEqual([]);
    } finally {
      await w.t.database.db.update(resorts).set({ currency: 'THB' }).where(eq(resorts.id, w.resort));
    }
  });
});
