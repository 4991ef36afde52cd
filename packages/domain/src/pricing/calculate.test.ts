import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.ts';
import {
  byKey,
  DOUBLE,
  DOUBLE_PP,
  entry,
  input,
  line,
  person,
  price,
  rate,
  room,
  SINGLE_PP,
  terms,
} from './test-fixtures.ts';

// The worked price examples of docs/domain/prices.md and the assembly of one calculation
// (docs/domain/calculation-lines.md).

const TAX_7_INCLUSIVE = { status: 'confirmed' as const, value: '7', inclusive: true };

function p1(language: 'de' | 'en' = 'en') {
  const seasonA = price({
    id: 1,
    name: 'Season A',
    validFrom: '2026-01-10',
    validTo: '2026-03-31',
    variants: [DOUBLE.id],
    tax: TAX_7_INCLUSIVE,
    entries: [entry({ roomTypeId: 10, variantId: DOUBLE.id, value: '100.00' })],
  });
  const seasonB = price({
    id: 2,
    name: 'Season B',
    validFrom: '2026-04-01',
    validTo: '2026-10-31',
    variants: [DOUBLE.id],
    tax: TAX_7_INCLUSIVE,
    entries: [entry({ roomTypeId: 10, variantId: DOUBLE.id, value: '120.00' })],
  });
  return input({
    language,
    prices: [seasonA, seasonB],
    roomTypes: [{ id: 10, name: 'Deluxe', surcharge: '10', surchargeType: 'percent' }],
    rooms: [room({ from: '2026-03-29', to: '2026-04-02' })],
  });
}

describe('P1: resort, unit, per room, crossing seasons, room-type surcharge, inclusive tax', () => {
  it('prices 3 nights of season A and 1 of B, adds 10 %, and splits the 7 % tax', () => {
    const result = calculate(p1());
    const roomLine = byKey(result.lines, 'room:r1');
    expect(roomLine.type).toBe('room_cost');
    expect(roomLine.total).toBe('462.00');
    expect(roomLine.customData.nights).toEqual([
      { date: '2026-03-29', value: '110', priceId: 1 },
      { date: '2026-03-30', value: '110', priceId: 1 },
      { date: '2026-03-31', value: '110', priceId: 1 },
      { date: '2026-04-01', value: '132', priceId: 2 },
    ]);
    expect(result.totals.total).toBe('462.00');
    expect(result.totals.net).toBe('431.78');
    expect(result.totals.tax).toBe('30.22');
    expect(result.problems).toEqual([]);
  });

  it('taxes a product by its own tax and one without a tax by the stay’s (docs/domain/tax-and-commission.md)', () => {
    const base = p1();
    const product = (key: string, tax?: { status: 'confirmed'; value: string; inclusive: boolean }) => ({
      key,
      name: key,
      type: 'product' as const,
      price: '119.00',
      currency: 'EUR',
      chargingBase: 'PerBooking' as const,
      ...(tax ? { tax } : {}),
    });
    const result = calculate({
      ...base,
      products: [
        product('course', { status: 'confirmed', value: '19', inclusive: true }),
        product('exempt', { status: 'confirmed', value: '0', inclusive: true }),
        product('plain'),
      ],
    });
    expect(byKey(result.lines, 'product:course').customData.tax).toMatchObject({ value: '19' });
    // 30.22 (stay, 7 %) + 19.00 (course, 19 %) + 0 (exempt) + 7.79 (plain: the stay's 7 %)
    expect(result.totals.total).toBe('819.00');
    expect(result.totals.tax).toBe('57.01');
  });

  it('explains the line: seasons, entry counts and the surcharge', () => {
    const { customData } = byKey(calculate(p1()).lines, 'room:r1');
    expect(customData).toMatchObject({
      generator: 'room',
      priceId: 1,
      priceName: 'Season A',
      variantId: DOUBLE.id,
    });
    expect(customData.steps).toEqual([
      '3 × 100.00 EUR (Season A, double use)',
      'room type surcharge 10 %',
      '1 × 120.00 EUR (Season B, double use)',
      'room type surcharge 10 %',
    ]);
  });

  it('writes the line text in the input language', () => {
    expect(byKey(calculate(p1('en')).lines, 'room:r1').text).toBe('Deluxe · double use · 4 nights');
    expect(byKey(calculate(p1('de')).lines, 'room:r1').text).toBe('Deluxe · Doppelbelegung · 4 Nächte');
  });
});

function p2(persons: string[], currency = 'EUR') {
  const cabinPrice = price({
    id: 7,
    name: 'Raja Ampat 2026',
    resortId: null,
    vesselId: 3,
    calculationType: 'complete',
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    variants: [DOUBLE_PP.id, SINGLE_PP.id],
    entries: [
      entry({ roomTypeId: 10, variantId: DOUBLE_PP.id, value: '2100.00' }),
      entry({ roomTypeId: 10, variantId: SINGLE_PP.id, value: '3150.00' }),
    ],
  });
  return input({
    resortId: null,
    vesselId: 3,
    currency,
    rates: [rate('EUR', 'USD', '1.08')],
    prices: [cabinPrice],
    rooms: [
      room({
        from: '2026-05-02',
        to: '2026-05-09',
        scheduleId: 70,
        tourId: 4,
        tourName: 'Raja Ampat',
        persons: persons.map((k) => person(k)),
      }),
    ],
  });
}

describe('P2: vessel, complete, per person, single-use variant, currency', () => {
  it('two divers sharing: one line per person, 2 × 2,100.00 = 4,200.00 EUR', () => {
    const result = calculate(p2(['p1', 'p2']));
    const rooms = result.lines.filter((l) => l.type === 'room_cost');
    expect(rooms.map((l) => [l.customer, l.total])).toEqual([
      ['p1', '2100.00'],
      ['p2', '2100.00'],
    ]);
    expect(result.totals.total).toBe('4200.00');
  });

  it('one diver alone: the single-use entry, 3,150.00 EUR', () => {
    const result = calculate(p2(['p1']));
    expect(byKey(result.lines, 'room:r1:p1')).toMatchObject({ total: '3150.00' });
    expect(byKey(result.lines, 'room:r1:p1').customData.variantId).toBe(SINGLE_PP.id);
    expect(result.totals.total).toBe('3150.00');
  });

  it('in USD at 1.08: 4,536.00 USD with the rate stored on the line', () => {
    const result = calculate(p2(['p1', 'p2'], 'USD'));
    expect(result.totals.total).toBe('4536.00');
    const first = byKey(result.lines, 'room:r1:p1');
    expect(first.total).toBe('2268.00');
    expect(first.customData).toMatchObject({ currency: 'EUR', rate: '1.08' });
    expect(result.currency).toBe('USD');
  });

  it('adds a tour header per schedule, price 0 and not billable', () => {
    const result = calculate(p2(['p1', 'p2']));
    const tour = byKey(result.lines, 'tour:70');
    expect(tour).toMatchObject({ type: 'tour', total: '0.00', text: 'Raja Ampat · 2026-05-02 – 2026-05-09' });
    expect(result.lines[0]?.key).toBe('tour:70');
    expect(result.totals.total).toBe('4200.00');
  });

  it('spreads the complete price over the 7 nights of the schedule', () => {
    const nights = byKey(calculate(p2(['p1', 'p2'])).lines, 'room:r1:p1').customData.nights ?? [];
    expect(nights).toHaveLength(7);
    expect(nights.every((n) => n.value === '300' && n.priceId === 7)).toBe(true);
  });
});

describe('manual lines and order (docs/domain/calculation-lines.md)', () => {
  it('keeps manual lines as they are and counts them', () => {
    const discount = line({ key: 'manual:1', type: 'discount', total: '-50.00', price: '-50.00' });
    const result = calculate({ ...p1(), manualLines: [discount] });
    expect(byKey(result.lines, 'manual:1')).toEqual(discount);
    expect(result.totals.total).toBe('412.00');
  });

  it('a generated line a user edited (same key, manual) is not generated again', () => {
    const edited = line({
      key: 'room:r1',
      type: 'room_cost',
      total: '400.00',
      customData: { generator: 'room', manual: true },
    });
    const result = calculate({ ...p1(), manualLines: [edited] });
    expect(result.lines.filter((l) => l.key === 'room:r1')).toEqual([edited]);
    expect(result.totals.total).toBe('400.00');
  });

  it('sorts by sort, then generation order: tour, rooms, supplements, products, manual, terms', () => {
    const first = line({ key: 'manual:first', type: 'text', total: '0.00', sort: 1 });
    const text = line({ key: 'manual:text', type: 'text', total: '0.00' });
    const calc = calculate({
      ...p2(['p1', 'p2']),
      evaluationDate: '2026-01-10',
      termsList: [terms({ id: 1, isDefault: true })],
      manualLines: [text, first],
      products: [
        {
          key: 'x',
          name: 'Nitrox',
          type: 'product',
          price: '12',
          currency: 'EUR',
          chargingBase: 'PerDiveDay',
        },
      ],
    });
    expect(calc.lines.map((l) => l.key)).toEqual([
      'manual:first',
      'tour:70',
      'room:r1:p1',
      'room:r1:p2',
      'product:x',
      'manual:text',
      'terms:deposit',
      'terms:rest',
    ]);
  });
});
