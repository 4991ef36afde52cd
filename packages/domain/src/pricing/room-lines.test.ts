import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import type { TPriceWithEntries } from './entities.ts';
import {
  byKey,
  CHILD_PP,
  DOUBLE,
  DOUBLE_PP,
  entry,
  input,
  person,
  price,
  rate,
  room,
  SINGLE,
  SINGLE_PP,
  supplement,
  variant,
} from './test-fixtures.ts';

// room_cost lines: variants and adjustments (docs/domain/prices.md), currencies (currencies.md), problems.

const season = (over: Partial<TPriceWithEntries> = {}) =>
  price({ id: 1, validFrom: '2026-01-01', validTo: '2026-12-31', ...over });
const stay = { from: '2026-03-01', to: '2026-03-05' }; // 4 nights

describe('variants', () => {
  const perPerson = season({
    variants: [DOUBLE_PP.id, CHILD_PP.id],
    entries: [
      entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '50' }),
      entry({ roomTypeId: 10, variantId: CHILD_PP.id, value: '25' }),
    ],
  });
  const family = (age: number, prices = [perPerson]) =>
    calculate(input({ prices, rooms: [room({ ...stay, persons: [person('p1'), person('p2', { age })] })] }));

  it('a child up to maxAge on the first night gets the child variant, one line per person', () => {
    const result = family(11);
    expect(byKey(result.lines, 'room:r1:p1')).toMatchObject({ total: '200.00', customer: 'p1' });
    expect(byKey(result.lines, 'room:r1:p2')).toMatchObject({ total: '100.00', customer: 'p2' });
    expect(byKey(result.lines, 'room:r1:p2').customData).toMatchObject({
      variantId: CHILD_PP.id,
      persons: ['p2'],
    });
  });

  it('older than maxAge: the occupancy variant', () => {
    expect(byKey(family(12).lines, 'room:r1:p2').total).toBe('200.00');
  });

  it('a child variant without an entry: the child pays the occupancy price, and the steps say so', () => {
    const noChildEntry = season({
      variants: perPerson.variants,
      entries: [perPerson.entries[0] ?? entry({ roomTypeId: 10, variantId: 11, value: '0' })],
    });
    const childLine = byKey(family(5, [noChildEntry]).lines, 'room:r1:p2');
    expect(childLine.total).toBe('200.00');
    expect(childLine.customData.variantId).toBe(DOUBLE_PP.id);
    expect(childLine.customData.steps).toContain('no child entry: the occupancy variant’s');
  });

  it('a variant chosen by hand wins', () => {
    const result = calculate(
      input({
        prices: [perPerson],
        rooms: [room({ ...stay, persons: [person('p1'), person('p2', { variantId: CHILD_PP.id })] })],
      }),
    );
    expect(byKey(result.lines, 'room:r1:p2').total).toBe('100.00');
  });

  it('no variant for the occupancy: the default variant', () => {
    const perRoom = season({
      variants: [DOUBLE.id, SINGLE.id],
      entries: [
        entry({ roomTypeId: 10, variantId: DOUBLE.id, value: '100' }),
        entry({ roomTypeId: 10, variantId: SINGLE.id, value: '80' }),
      ],
    });
    const three = [person('p1'), person('p2'), person('p3')];
    const result = calculate(input({ prices: [perRoom], rooms: [room({ ...stay, persons: three })] }));
    expect(byKey(result.lines, 'room:r1')).toMatchObject({
      total: '400.00',
      text: 'Deluxe · double use · 4 nights',
    });
    const alone = calculate(
      input({ prices: [perRoom], rooms: [room({ ...stay, persons: [person('p1')] })] }),
    );
    expect(byKey(alone.lines, 'room:r1').total).toBe('320.00');
  });
});

describe('berths in a shared cabin (docs/domain/prices.md)', () => {
  const BERTH = variant({ id: 30, name: 'berth', perPerson: true });
  const liveaboard = (entries: ReturnType<typeof entry>[]) =>
    price({
      id: 1,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      variants: [BERTH.id, SINGLE_PP.id],
      entries,
    });
  const berth = entry({ roomTypeId: 10, variantId: BERTH.id, value: '2190' });
  const single = entry({ roomTypeId: 10, variantId: SINGLE_PP.id, value: '3290' });
  const singleSupplement = supplement({
    id: 1,
    priceId: 1,
    value: '50',
    valueType: 'percent',
    singleUse: true,
  });
  const one = (prices: TPriceWithEntries[], berths: boolean) =>
    calculate(
      input({
        variants: [...input().variants, BERTH],
        prices,
        supplements: [singleSupplement],
        rooms: [room({ ...stay, persons: [person('p1')], ...(berths ? { berths: true } : {}) })],
      }),
    );

  it('one guest on one berth pays the berth rate, not the single-use rate or supplement', () => {
    const result = one([liveaboard([berth, single])], true);
    expect(result.problems).toEqual([]);
    expect(result.lines.filter((l) => l.type !== 'tour').map((l) => [l.key, l.total])).toEqual([
      ['room:r1:p1', '8760.00'],
    ]);
  });

  it('a cabin type without a single-use rate still sells its berth', () => {
    const result = one([liveaboard([berth])], true);
    expect(result.problems).toEqual([]);
    expect(byKey(result.lines, 'room:r1:p1').customData.variantId).toBe(BERTH.id);
  });

  it('the whole cabin for one guest is single use', () => {
    expect(byKey(one([liveaboard([berth, single])], false).lines, 'room:r1:p1').total).toBe('13160.00');
  });
});

describe('missing entries and rates', () => {
  it('the base price stands in for a missing entry', () => {
    const result = calculate(input({ prices: [season({ basePrice: '90' })], rooms: [room(stay)] }));
    expect(byKey(result.lines, 'room:r1').total).toBe('360.00');
    expect(byKey(result.lines, 'room:r1').customData.entryId).toBeNull();
    expect(byKey(result.lines, 'room:r1').customData.steps).toContain('no entry: the season’s base price');
  });

  it('no entry and no base price: NO_PRICE, no line', () => {
    const result = calculate(input({ prices: [season()], rooms: [room(stay)] }));
    expect(result.lines.filter((l) => l.type === 'room_cost')).toEqual([]);
    expect(result.problems).toEqual([
      { code: 'NO_PRICE', roomKey: 'r1', date: '2026-03-01', roomTypeId: 10 },
    ]);
    expect(result.totals.total).toBe('0.00');
  });

  it('a night no season covers: NO_PRICE for that night', () => {
    const short = season({
      validTo: '2026-03-03',
      entries: [entry({ roomTypeId: 10, variantId: 1, value: '100' })],
    });
    const result = calculate(input({ prices: [short], rooms: [room(stay)] }));
    expect(result.problems.map((p) => [p.code, p.date])).toEqual([['NO_PRICE', '2026-03-04']]);
    expect(result.lines.filter((l) => l.type === 'room_cost')).toEqual([]);
  });

  it('a price currency without a rate to the booking currency: NO_RATE', () => {
    const usd = season({
      currencies: ['USD'],
      entries: [entry({ roomTypeId: 10, variantId: 1, value: '100', currency: 'USD' })],
    });
    const result = calculate(input({ prices: [usd], rooms: [room(stay)] }));
    expect(result.problems).toEqual([
      { code: 'NO_RATE', roomKey: 'r1', date: '2026-03-01', roomTypeId: 10, currency: 'USD' },
    ]);
  });

  it('below the season’s minimum nights: MIN_NIGHTS, the line is still priced', () => {
    const min = season({ minNights: 5, entries: [entry({ roomTypeId: 10, variantId: 1, value: '100' })] });
    const result = calculate(input({ prices: [min], rooms: [room(stay)] }));
    expect(result.problems.map((p) => p.code)).toEqual(['MIN_NIGHTS']);
    expect(result.totals.total).toBe('400.00');
  });
});

describe('currencies (docs/domain/currencies.md)', () => {
  const twoCurrencies = season({
    currencies: ['EUR', 'USD'],
    entries: [
      entry({ roomTypeId: 10, variantId: 1, value: '100', currency: 'EUR' }),
      entry({ roomTypeId: 10, variantId: 1, value: '115', currency: 'USD' }),
    ],
  });
  const rates = [rate('EUR', 'USD', '1.08')];

  it('an explicit entry in the booking currency is used without conversion', () => {
    const result = calculate(input({ currency: 'USD', rates, prices: [twoCurrencies], rooms: [room(stay)] }));
    const roomLine = byKey(result.lines, 'room:r1');
    expect(roomLine.total).toBe('460.00');
    expect(roomLine.customData).toMatchObject({ currency: 'USD', rate: '1' });
    expect(roomLine.customData.steps).toContain('explicit USD entry, no conversion');
  });

  it('otherwise the price currency is converted at the rate of the rate date', () => {
    const eurOnly = season({ entries: [entry({ roomTypeId: 10, variantId: 1, value: '100' })] });
    const later = [...rates, rate('EUR', 'USD', '1.2', '2026-02-01')];
    const result = calculate(
      input({ currency: 'USD', rates: later, prices: [eurOnly], rooms: [room(stay)] }),
    );
    expect(byKey(result.lines, 'room:r1')).toMatchObject({ total: '432.00' });
    expect(byKey(result.lines, 'room:r1').customData).toMatchObject({ currency: 'EUR', rate: '1.08' });
    const now = calculate(
      input({
        currency: 'USD',
        rateDate: '2026-02-10',
        rates: later,
        prices: [eurOnly],
        rooms: [room(stay)],
      }),
    );
    expect(byKey(now.lines, 'room:r1').total).toBe('480.00');
  });
});

describe('adjustments (docs/domain/prices.md)', () => {
  const value = (over: Partial<TPriceWithEntries>, roomSurcharge = '0', entryOver = {}) =>
    byKey(
      calculate(
        input({
          prices: [
            season({
              entries: [entry({ roomTypeId: 10, variantId: 1, value: '100', ...entryOver })],
              ...over,
            }),
          ],
          roomTypes: [{ id: 10, name: 'Deluxe', surcharge: roomSurcharge, surchargeType: 'percent' }],
          rooms: [room(stay)],
        }),
      ).lines,
      'room:r1',
    );

  it('price surcharge, then room-type surcharge, then price discount', () => {
    const line = value(
      { surcharge: '20', surchargeType: 'fixed', discount: '10', discountType: 'percent' },
      '10',
    );
    // (100 + 20) × 1.1 × 0.9 = 118.80 per night
    expect(line.total).toBe('475.20');
    expect(line.customData.nights?.[0]?.value).toBe('118.8');
    expect(line.customData.steps).toEqual([
      '4 × 100 EUR (Season 1, double use)',
      'price surcharge 20 EUR',
      'room type surcharge 10 %',
      'price discount 10 %',
    ]);
  });

  it('ByEntry takes each entry’s own surcharge and discount', () => {
    const byEntry = {
      surchargeType: 'ByEntry' as const,
      discountType: 'ByEntry' as const,
      surcharge: '99',
      discount: '99',
    };
    const own = {
      surcharge: '20',
      surchargeType: 'fixed' as const,
      discount: '10',
      discountType: 'percent' as const,
    };
    expect(value(byEntry, '0', own).total).toBe('432.00'); // (100 + 20) × 0.9 = 108
    expect(value(byEntry, '0', {}).total).toBe('400.00'); // the entry has none
  });

  it('a fixed discount larger than the value floors at 0', () => {
    const line = value({ discount: '150', discountType: 'fixed' });
    expect(line.total).toBe('0.00');
    expect(line.customData.steps).toContain('floored at 0');
  });
});

describe('nights of a line', () => {
  it('each night’s unrounded share sums to the rounded line total', () => {
    const pkg = season({
      calculationType: 'complete',
      entries: [entry({ roomTypeId: 10, variantId: 1, value: '100' })],
    });
    const roomLine = byKey(
      calculate(input({ prices: [pkg], rooms: [room({ from: '2026-03-01', to: '2026-03-04' })] })).lines,
      'room:r1',
    );
    const shares = roomLine.customData.nights?.map((n) => Number(n.value)) ?? [];
    expect(shares).toHaveLength(3);
    expect(shares[0]).toBeCloseTo(33.3333, 3);
    expect(roomLine.total).toBe('100.00');
  });
});
