import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { round2, sum } from '../money/money.ts';
import { calculate } from './calculate.ts';
import type { TCalcLine, TPricingInput } from './engine-types.ts';
import type { TDiscountKind, TSpecial, TSpecialRule, TSpecialTarget } from './entities.ts';
import { input, line, person, room, roomLine, rule, run, special } from './specials-fixtures.ts';
import * as calc from './test-fixtures.ts';
import { isBillable, isCollected } from './totals.ts';

// Invariants of the specials engine over random drafts and specials: reductions never take
// a target below 0 nor come out positive; the order of rules and specials does not matter; the totals
// of a full calculation with specials are the sums of its rounded lines.

const KINDS: TDiscountKind[] = [
  'PerCent',
  'Absolute',
  'AbsoluteNights',
  'FOC',
  'FOCUnit',
  'Lowest',
  'FixUnit',
  'Fix',
];
const TARGETS: TSpecialTarget[] = ['FullBooking', 'RoomPrice', 'Commissionable', 'Product', 'Addon'];

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => (c / 100).toFixed(2));
/** A night's share as the price engine writes it: sometimes with more than 2 decimals. */
const nightValue = fc.oneof(
  money(400),
  fc.integer({ min: 0, max: 400_000 }).map((m) => (m / 1000).toFixed(3)),
);

const ruleArb: fc.Arbitrary<TSpecialRule> = fc.oneof(
  fc.integer({ min: 1, max: 10 }).map((n) => rule('Nights', 'GreaterThanEquals', n)),
  fc.integer({ min: 0, max: 200 }).map((n) => rule('DaysBeforeTravelDate', 'GreaterThanEquals', n)),
  fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }).map((days) => rule('DayInWeek', 'IsIn', days)),
  fc.integer({ min: 1, max: 60 }).map((n) => rule('Age', 'LessThan', n)),
  fc.constant(rule('NoOfStays', 'GreaterThanEquals', 1)),
  fc.constant(rule('RoomType', 'IsIn', [1])),
  fc.integer({ min: 1, max: 6 }).map((n) => rule('NoOfPax', 'LessThanEquals', n)),
  fc
    .integer({ min: 0, max: 13 })
    .map((d) => rule('Date', 'GreaterThanEquals', `2026-06-${String(1 + d).padStart(2, '0')}`)),
  fc.constant(rule('SpecialsGroup', 'IsIn', [1])),
);

function specialArb(id: number, opts: { reduce?: boolean; target?: TSpecialTarget }) {
  return fc
    .record({
      discount: fc.constantFrom(...KINDS),
      percent: money(150),
      absolute: money(3000),
      count: fc.integer({ min: 0, max: 4 }),
      target: opts.target ? fc.constant(opts.target) : fc.constantFrom(...TARGETS),
      scopeUnit: fc.constantFrom('Booking', 'Person', 'Bed') as fc.Arbitrary<TSpecial['scopeUnit']>,
      unique: fc.boolean(),
      reduce: opts.reduce === undefined ? fc.boolean() : fc.constant(opts.reduce),
      replace: fc.boolean(),
      same: fc.boolean(),
      groupId: fc.option(fc.constantFrom(1, 2), { nil: null }),
      sort: fc.integer({ min: -2, max: 2 }),
      rules: fc.array(ruleArb, { maxLength: 3 }),
    })
    .map((s) => {
      const value = ['PerCent', 'Lowest'].includes(s.discount)
        ? s.percent
        : ['FOC', 'FOCUnit'].includes(s.discount)
          ? String(s.count)
          : s.absolute;
      return special(id, {
        discount: s.discount,
        discountValue: value,
        target: s.target,
        scopeUnit: s.scopeUnit,
        unique: s.unique,
        reduce: s.reduce,
        replaceMatchingRoomPrice: s.replace,
        includeSpecialsWithSameRule: s.same,
        groupId: s.groupId,
        sort: s.sort,
        rules: s.rules,
      });
    });
}

const specialsArb = (opts: { reduce?: boolean; target?: TSpecialTarget }) =>
  fc
    .integer({ min: 1, max: 6 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => specialArb(i + 1, opts))));

/** 1–3 room entries of 1–3 persons over 1–14 nights; per-room or per-person lines; extras. */
const stayArb = fc
  .record({
    rooms: fc.array(
      fc.record({
        ages: fc.array(fc.integer({ min: 0, max: 70 }), { minLength: 1, maxLength: 3 }),
        perPerson: fc.boolean(),
        beds: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        roomTypeId: fc.constantFrom(1, 2),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    nights: fc.integer({ min: 1, max: 14 }),
    values: fc.array(nightValue, { minLength: 14, maxLength: 14 }),
    extras: fc.array(fc.record({ type: fc.constantFrom('product', 'addon', 'cost'), total: money(500) }), {
      maxLength: 4,
    }),
  })
  .map((d) => {
    const to = `2026-06-${String(1 + d.nights).padStart(2, '0')}`;
    const rooms = d.rooms.map((r, i) =>
      room(
        `r${i}`,
        r.ages.map((age, j) => person(`p${i}${j}`, { age, noOfStays: j })),
        { to, roomTypeId: r.roomTypeId, beds: r.beds },
      ),
    );
    const values = d.values.slice(0, d.nights);
    const lines: TCalcLine[] = rooms.flatMap((r, i) =>
      d.rooms[i]?.perPerson ? r.persons.map((p) => roomLine(r, values, p.key)) : [roomLine(r, values)],
    );
    d.extras.forEach((x, i) => {
      lines.push(
        line(`${x.type}:${i}`, x.type as TCalcLine['type'], x.total, {
          customData: { generator: 'product', productId: i, commissionable: i % 2 === 0 },
        }),
      );
    });
    return { rooms, lines };
  });

const cents = (l: TCalcLine) => Math.round(Number(l.total) * 100);
const inTarget = (l: TCalcLine, target: TSpecialTarget) =>
  target === 'FullBooking'
    ? l.type !== 'external'
    : target === 'RoomPrice'
      ? l.type === 'room_cost'
      : target === 'Commissionable'
        ? l.type === 'room_cost' || (l.type === 'cost' && l.customData.commissionable === true)
        : l.type === (target === 'Product' ? 'product' : 'addon');

describe('specials invariants (fast-check)', () => {
  it('reductions never make a target total negative and never come out positive', () => {
    const arb = fc
      .constantFrom(...TARGETS)
      .chain((target) => fc.tuple(fc.constant(target), stayArb, specialsArb({ reduce: true, target })));
    fc.assert(
      fc.property(arb, ([target, stay, specials]) => {
        const result = run(input(stay.rooms, { specials }), stay.lines);
        const added = result.lines.filter((l) => l.type === 'special');
        for (const l of added) expect(cents(l)).toBeLessThan(0);
        const base = result.lines.filter((l) => l.type !== 'special' && inTarget(l, target));
        for (const l of base) expect(cents(l)).toBeGreaterThanOrEqual(0);
        const total = [...base, ...added].reduce((a, l) => a + cents(l), 0);
        expect(total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('shuffling the rules of each special and the order of the specials gives the same result', () => {
    const arb = fc
      .tuple(stayArb, specialsArb({}))
      .chain(([stay, specials]) =>
        fc.tuple(
          fc.constant(stay),
          fc.constant(specials),
          fc.shuffledSubarray(specials, { minLength: specials.length }),
          fc.tuple(...specials.map((s) => fc.shuffledSubarray(s.rules, { minLength: s.rules.length }))),
        ),
      );
    fc.assert(
      fc.property(arb, ([stay, specials, shuffled, rules]) => {
        const reordered = shuffled.map((s) => ({ ...s, rules: rules[s.id - 1] ?? s.rules }));
        const a = run(input(stay.rooms, { specials }), stay.lines);
        const b = run(input(stay.rooms, { specials: reordered }), stay.lines);
        expect(b).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  it('with specials, the calculation totals are the sums of the rounded counted lines', () => {
    const arb = fc.tuple(
      fc.integer({ min: 1, max: 14 }),
      fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 3 }),
      money(300),
      fc.constantFrom('aborted', 'confirmed') as fc.Arbitrary<'aborted' | 'confirmed'>,
      specialsArb({}),
    );
    fc.assert(
      fc.property(arb, ([nights, ages, value, taxStatus, specials]) => {
        const draft = fullDraft(nights, ages, value, taxStatus, specials);
        const result = calculate(draft);
        const counted = result.lines.filter(
          (l) => (isBillable(l) || isCollected(l)) && ['None', 'Direct', 'OnSite'].includes(l.customerType),
        );
        expect(result.totals.total).toBe(round2(sum(counted.map((l) => l.total))));
        for (const l of result.lines.filter((x) => x.type === 'special'))
          expect(l.total).toBe(round2(l.price));
      }),
      { numRuns: 150 },
    );
  });
});

/** A resort draft the price engine prices: one room type, one season, inclusive tax or none. */
function fullDraft(
  nights: number,
  ages: number[],
  value: string,
  taxStatus: 'aborted' | 'confirmed',
  specials: TSpecial[],
): TPricingInput {
  const from = '2026-06-01';
  const to = `2026-06-${String(1 + nights).padStart(2, '0')}`;
  return calc.input({
    evaluationDate: '2026-02-01',
    prices: [
      calc.price({
        id: 1,
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        variants: [calc.DOUBLE.id],
        tax: { status: taxStatus, value: '7', inclusive: true },
        entries: [calc.entry({ roomTypeId: 1, variantId: calc.DOUBLE.id, value })],
      }),
    ],
    roomTypes: [{ id: 1, name: 'Standard', surcharge: '0', surchargeType: 'percent' }],
    rooms: [
      calc.room({
        key: 'r1',
        roomTypeId: 1,
        from,
        to,
        persons: ages.map((age, i) => calc.person(`p${i}`, { age })),
      }),
    ],
    products: [
      {
        key: 'x',
        name: 'Nitrox',
        type: 'product',
        price: '12.50',
        currency: 'EUR',
        chargingBase: 'PerNight',
      },
    ],
    specials,
  });
}
