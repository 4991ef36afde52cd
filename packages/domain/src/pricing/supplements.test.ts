import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import type { TPricingInput } from './engine-types.ts';
import type { TPriceWithEntries, TSupplement } from './entities.ts';
import {
  byKey,
  DOUBLE,
  DOUBLE_PP,
  entry,
  input,
  person,
  price,
  rate,
  room,
  SINGLE_PP,
  supplement,
} from './test-fixtures.ts';

// Supplements (docs/domain/prices.md) and product lines (products.md) in a calculation.

const week = { from: '2026-03-01', to: '2026-03-08' }; // 7 nights
const season = price({
  id: 1,
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  variants: [DOUBLE.id],
  entries: [entry({ roomTypeId: 10, variantId: DOUBLE.id, value: '100' })],
});
const withSupplements = (supplements: TSupplement[], over: Partial<TPricingInput> = {}) =>
  calculate(input({ prices: [season], supplements, rooms: [room(week)], ...over }));

describe('mandatory and optional supplements', () => {
  it('mandatory → a cost line with the charging base quantity, counted in the total', () => {
    const result = withSupplements([
      supplement({ id: 5, priceId: 1, value: '25', chargingBase: 'PerNight' }),
    ]);
    const cost = byKey(result.lines, 'supplement:5:r1');
    expect(cost).toMatchObject({ type: 'cost', amount: '14', price: '25.00', total: '350.00' });
    expect(cost.customData).toMatchObject({
      generator: 'supplement',
      supplementId: 5,
      priceId: 1,
      commissionable: false,
    });
    expect(result.totals.total).toBe('1050.00');
  });

  it('optional → an option line, shown but not counted', () => {
    const optional = supplement({ id: 6, priceId: 1, value: '10', chargingBase: 'PerDay', mandatory: false });
    const result = withSupplements([optional]);
    expect(byKey(result.lines, 'supplement:6:r1')).toMatchObject({
      type: 'option',
      amount: '16',
      total: '160.00',
    });
    expect(result.totals.total).toBe('700.00');
  });

  it('PerBookingAndCustomer: one line per person; customer type and commissionable come from the supplement', () => {
    const course = supplement({
      id: 7,
      priceId: 1,
      value: '40',
      chargingBase: 'PerBookingAndCustomer',
      customerType: 'OnSite',
      commissionable: true,
    });
    const result = withSupplements([course]);
    expect(byKey(result.lines, 'supplement:7:r1:p1')).toMatchObject({
      customer: 'p1',
      total: '40.00',
      customerType: 'OnSite',
    });
    expect(byKey(result.lines, 'supplement:7:r1:p2').customData.commissionable).toBe(true);
    expect(result.totals).toMatchObject({ total: '780.00', onSite: '80.00', dueBeforeTravel: '700.00' });
  });

  it('a fixed value is converted from the price currency', () => {
    const fee = supplement({ id: 8, priceId: 1, value: '10', chargingBase: 'PerPerson' });
    const result = withSupplements([fee], { currency: 'USD', rates: [rate('EUR', 'USD', '1.08')] });
    expect(byKey(result.lines, 'supplement:8:r1')).toMatchObject({
      amount: '2',
      price: '10.80',
      total: '21.60',
    });
  });
});

describe('conditions', () => {
  it('room types and variants', () => {
    const other = supplement({ id: 5, priceId: 1, value: '25', roomTypeIds: [20] });
    const mine = supplement({ id: 6, priceId: 1, value: '25', roomTypeIds: [10], variantIds: [DOUBLE.id] });
    const otherVariant = supplement({ id: 7, priceId: 1, value: '25', variantIds: [SINGLE_PP.id] });
    const keys = withSupplements([other, mine, otherVariant]).lines.map((l) => l.key);
    expect(keys).toContain('supplement:6:r1');
    expect(keys).not.toContain('supplement:5:r1');
    expect(keys).not.toContain('supplement:7:r1');
  });

  it('dates: only the nights within the supplement’s dates count', () => {
    const peak = supplement({
      id: 5,
      priceId: 1,
      value: '15',
      chargingBase: 'PerNight',
      validFrom: '2026-03-03',
      validTo: '2026-03-04',
    });
    expect(byKey(withSupplements([peak]).lines, 'supplement:5:r1')).toMatchObject({
      amount: '4',
      total: '60.00',
    });
    const outside = { ...peak, validFrom: '2026-04-01', validTo: '2026-04-30' };
    expect(withSupplements([outside]).lines.some((l) => l.key.startsWith('supplement:'))).toBe(false);
  });

  it('a supplement of another price does not apply', () => {
    expect(withSupplements([supplement({ id: 5, priceId: 99, value: '25' })]).totals.total).toBe('700.00');
  });
});

describe('single use: a variant or a percent supplement, never both', () => {
  const cabins = (variants: number[], withSingle: boolean): TPriceWithEntries =>
    price({
      id: 7,
      resortId: null,
      vesselId: 3,
      calculationType: 'complete',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      variants,
      entries: [
        entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '2100.00' }),
        ...(withSingle ? [entry({ roomTypeId: 10, variantId: SINGLE_PP.id, value: '3150.00' })] : []),
      ],
    });
  const single = supplement({ id: 9, priceId: 7, value: '50', valueType: 'percent', singleUse: true });
  const trip = (p: TPriceWithEntries, persons: string[]) =>
    calculate(
      input({
        resortId: null,
        vesselId: 3,
        prices: [p],
        supplements: [single],
        rooms: [
          room({
            from: '2026-05-02',
            to: '2026-05-09',
            scheduleId: 70,
            persons: persons.map((k) => person(k)),
          }),
        ],
      }),
    );

  it('no single-use entry: 50 % of the double-use price for a diver alone', () => {
    const result = trip(cabins([DOUBLE_PP.id], false), ['p1']);
    expect(byKey(result.lines, 'supplement:9:r1')).toMatchObject({
      type: 'cost',
      total: '1050.00',
      text: 'Supplement 9 (50 %)',
    });
    expect(result.totals.total).toBe('3150.00');
  });

  it('a single-use variant with an entry wins: the supplement is skipped', () => {
    const result = trip(cabins([DOUBLE_PP.id, SINGLE_PP.id], true), ['p1']);
    expect(result.lines.some((l) => l.key.startsWith('supplement:'))).toBe(false);
    expect(result.totals.total).toBe('3150.00');
  });

  it('never for a shared cabin', () => {
    const result = trip(cabins([DOUBLE_PP.id], false), ['p1', 'p2']);
    expect(result.lines.some((l) => l.key.startsWith('supplement:'))).toBe(false);
  });
});

describe('products, add-ons and external lines', () => {
  const twoDivers = (products: TPricingInput['products']) =>
    calculate(input({ prices: [season], rooms: [room(week)], products }));

  it('quantity by charging base over the booking; PerBookingAndCustomer one line per person', () => {
    const result = twoDivers([
      {
        key: 'nx',
        productId: 3,
        name: 'Nitrox',
        type: 'product',
        price: '12',
        currency: 'EUR',
        chargingBase: 'PerDiveDay',
      },
      {
        key: 'ins',
        name: 'Insurance',
        type: 'addon',
        price: '20',
        currency: 'EUR',
        chargingBase: 'PerBookingAndCustomer',
      },
      {
        key: 'ldry',
        name: 'Laundry',
        type: 'product',
        price: '30',
        currency: 'EUR',
        chargingBase: 'PerWeekFloor',
        personKeys: ['p1'],
      },
    ]);
    expect(byKey(result.lines, 'product:nx')).toMatchObject({
      type: 'product',
      amount: '10',
      total: '120.00',
    });
    expect(byKey(result.lines, 'product:nx').customData.productId).toBe(3);
    expect(byKey(result.lines, 'product:ins:p2')).toMatchObject({
      type: 'addon',
      customer: 'p2',
      total: '20.00',
    });
    expect(byKey(result.lines, 'product:ldry')).toMatchObject({ amount: '1', total: '30.00' });
    expect(result.totals.total).toBe('890.00');
  });

  it('a quantity of 0 makes no line; the dive plan counts beat the estimate', () => {
    const result = twoDivers([
      {
        key: 'a',
        name: 'Pass',
        type: 'product',
        price: '5',
        currency: 'EUR',
        chargingBase: 'PerWeekFloor',
        qtyPerUnit: '0',
      },
      {
        key: 'b',
        name: 'Guide',
        type: 'product',
        price: '10',
        currency: 'EUR',
        chargingBase: 'PerDive',
        dives: 4,
      },
    ]);
    expect(result.lines.some((l) => l.key === 'product:a')).toBe(false);
    expect(byKey(result.lines, 'product:b')).toMatchObject({ amount: '8', total: '80.00' });
  });

  it('external lines: collected ones count in the total (not in tax), the others are information', () => {
    const flights = twoDivers([
      {
        key: 'f',
        name: 'Flight',
        type: 'external',
        price: '300',
        currency: 'EUR',
        chargingBase: 'PerPerson',
        collect: true,
      },
      {
        key: 't',
        name: 'Transfer',
        type: 'external',
        price: '50',
        currency: 'EUR',
        chargingBase: 'PerBooking',
      },
    ]);
    expect(byKey(flights.lines, 'product:f').customData.collect).toBe(true);
    expect(byKey(flights.lines, 'product:t').customData.collect).toBe(false);
    expect(flights.totals.total).toBe('1300.00');
  });

  it('a product currency without a rate: NO_RATE and no line', () => {
    const result = twoDivers([
      { key: 'x', name: 'Gear', type: 'product', price: '100', currency: 'PHP', chargingBase: 'PerBooking' },
    ]);
    expect(result.problems).toEqual([{ code: 'NO_RATE', currency: 'PHP', detail: 'Gear' }]);
    expect(result.lines.some((l) => l.key === 'product:x')).toBe(false);
  });
});
