import { describe, expect, it } from 'vitest';
import type { TCalcLine } from './engine-types.ts';
import {
  input,
  line,
  person,
  room,
  roomLine,
  rule,
  run,
  special,
  specialLines,
} from './specials-fixtures.ts';

// Targets (docs/domain/specials.md), scope units Booking/Person/Bed, and what a special line carries.

const stay = room('r1', [person('p1', { age: 40 }), person('p2', { age: 8 })], { to: '2026-06-11' });
const product = (key: string, total: string, productId: number, type: TCalcLine['type'] = 'product') =>
  line(`product:${key}`, type, total, { customData: { generator: 'product', productId } });
const mixed = () => [
  roomLine(stay, '100'), // 1,000.00
  line('cost:park', 'cost', '50.00', { customData: { generator: 'supplement', commissionable: false } }),
  line('cost:single', 'cost', '200.00', { customData: { generator: 'supplement', commissionable: true } }),
  product('nitrox', '120.00', 11),
  product('course', '400.00', 12),
  product('dinner', '60.00', 13, 'addon'),
  product('flight', '900.00', 14, 'external'),
  product('gift', '500.00', 15),
];
const amounts = (result: ReturnType<typeof run>) => specialLines(result).map((l) => l.total);
const tenPercent = (over = {}) => special(1, { discountValue: '10', ...over });

describe('targets', () => {
  const draft = (over = {}) =>
    input([stay], {
      products: [
        {
          key: 'nitrox',
          productId: 11,
          categoryId: 3,
          name: 'Nitrox',
          type: 'product',
          price: '12',
          currency: 'EUR',
          chargingBase: 'PerDive',
        },
        {
          key: 'course',
          productId: 12,
          categoryId: 4,
          name: 'Course',
          type: 'product',
          price: '400',
          currency: 'EUR',
          chargingBase: 'PerBooking',
        },
      ],
      ...over,
    });
  const gift = (lines: TCalcLine[]) =>
    lines.map((l) => (l.key === 'product:gift' ? { ...l, customerType: 'ForFree' as const } : l));

  it('FullBooking: every billable line counted, not external lines nor ForFree ones', () => {
    const result = run(draft({ specials: [tenPercent({ target: 'FullBooking' })] }), gift(mixed()));
    expect(amounts(result)).toEqual(['-183.00']); // 1000 + 50 + 200 + 120 + 400 + 60
  });

  it('RoomPrice, Addon, External, Product (all or listed), ProductCategory', () => {
    const cases: [object, string][] = [
      [{ target: 'RoomPrice' }, '-100.00'],
      [{ target: 'Addon' }, '-6.00'],
      [{ target: 'External' }, '-90.00'],
      [{ target: 'Product' }, '-102.00'],
      [{ target: 'Product', targetIds: [12] }, '-40.00'],
      [{ target: 'ProductCategory', targetIds: [3] }, '-12.00'],
    ];
    for (const [over, expected] of cases) {
      expect(amounts(run(draft({ specials: [tenPercent(over)] }), mixed())), JSON.stringify(over)).toEqual([
        expected,
      ]);
    }
  });

  it('Commissionable: room lines, commissionable supplements and room-price specials, not FullBooking ones', () => {
    const voucher = special(2, {
      discount: 'Fix',
      discountValue: '1000',
      target: 'FullBooking',
      rules: [rule('Nights', 'Equals', 10)],
    });
    const result = run(draft({ specials: [tenPercent({ target: 'Commissionable' }), voucher] }), mixed());
    expect(specialLines(result).map((l) => [l.customData.specialId, l.total])).toEqual([
      [2, '-1330.00'],
      [1, '-120.00'],
    ]);
  });
});

describe('scope units', () => {
  it('Person: a per-room line is shared equally among its persons', () => {
    const kids = special(1, {
      discountValue: '50',
      scopeUnit: 'Person',
      rules: [rule('Age', 'LessThan', 12)],
    });
    expect(amounts(run(input([stay], { specials: [kids] }), [roomLine(stay, '100')]))).toEqual(['-250.00']);
  });

  it('Bed: occupied beds of the room entry; where beds and persons differ, equal shares of the room', () => {
    const single = room('r2', [person('p3')], { to: '2026-06-11', beds: 2 });
    const lines = [roomLine(stay, '140'), roomLine(single, '100')]; // 700.00 and 500.00 a bed
    const free = special(1, { discount: 'FOCUnit', discountValue: '1', scopeUnit: 'Bed', unique: false });
    const result = run(input([stay, single], { specials: [free] }), lines);
    expect(specialLines(result).map((l) => [l.key, l.customer, l.total])).toEqual([
      ['special:1:r2:bed1', 'p3', '-500.00'],
      ['special:1:r2:bed2', null, '-500.00'],
    ]);
  });

  it('Booking scope counts room entries for free units: the cheapest cabin free per 2 paying', () => {
    const cabins = [1, 2, 3].map((i) => room(`c${i}`, [person(`p${i}`)], { to: '2026-06-08' }));
    const lines = cabins.map((c, i) => roomLine(c, String(100 + i * 10)));
    const free = special(1, { discount: 'FOCUnit', discountValue: '2' });
    expect(amounts(run(input(cabins, { specials: [free] }), lines))).toEqual(['-700.00']);
  });

  it('room rules restrict the base to the qualifying room entries', () => {
    const deluxe = room('r2', [person('p3')], { roomTypeId: 4, to: '2026-06-11' });
    const special4 = tenPercent({ rules: [rule('RoomType', 'IsIn', [4])] });
    const result = run(input([stay, deluxe], { specials: [special4] }), [
      roomLine(stay, '100'),
      roomLine(deluxe, '80'),
    ]);
    expect(amounts(result)).toEqual(['-80.00']);
    expect(specialLines(result)[0]?.customData.roomKey).toBe('r2');
  });
});

describe('the special line', () => {
  it('carries where it came from and the flags tax, commission and the screens read', () => {
    const voucher = special(9, {
      name: 'Voucher',
      discount: 'Absolute',
      discountValue: '75',
      target: 'FullBooking',
      excludeFromTax: true,
      excludeFromCommission: true,
      editable: false,
      deletable: false,
      rules: [rule('NoOfPax', 'GreaterThanEquals', 2)],
    });
    const [only] = specialLines(run(input([stay], { specials: [voucher] }), [roomLine(stay, '100')]));
    expect(only).toMatchObject({
      key: 'special:9',
      type: 'special',
      text: 'Voucher',
      amount: '1',
      price: '-75.00',
      total: '-75.00',
      customer: null,
      editable: false,
      deletable: false,
      unique: true,
      customData: {
        generator: 'special',
        specialId: 9,
        target: 'FullBooking',
        rules: ['NoOfPax 2 ≥ 2'],
        excludeFromTax: true,
        excludeFromCommission: true,
        steps: ['1 × 75.00'],
      },
    });
  });

  it('explains in German when the draft is German', () => {
    const result = run(input([stay], { specials: [tenPercent()], language: 'de' }), [roomLine(stay, '100')]);
    expect(specialLines(result)[0]?.customData.steps).toEqual(['10 % von 1000.00']);
  });
});
