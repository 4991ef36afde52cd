import { describe, expect, it } from 'vitest';
import type { TCalcLine } from './engine-types.ts';
import {
  input,
  line,
  person,
  personLines,
  room,
  roomLine,
  rule,
  run,
  special,
  specialLines,
  totalOf,
  whyOf,
} from './specials-fixtures.ts';

// The worked examples of docs/domain/specials.md, the 8 kinds, targets and scope units, and the
// stages. Lines are made by hand: the specials engine is tested apart from the price engine.

const ROOM_RELATED: TCalcLine['type'][] = ['room_cost', 'special'];
const prices = (lines: readonly TCalcLine[]) => lines.map((l) => l.price);

describe('worked examples (docs/domain/specials.md)', () => {
  // Resort, 100.00 per room per night, 2 adults, 14 nights, booked 120 days before arrival.
  const repeater = person('p1', { noOfStays: 1 });
  const stay = room('r1', [repeater, person('p2')]);
  const S1 = special(1, {
    name: 'Stay 7 pay 6',
    discount: 'FOC',
    discountValue: '1',
    rules: [rule('Nights', 'GreaterThanEquals', 7)],
  });
  const S2 = special(2, {
    name: 'Early bird',
    discount: 'PerCent',
    discountValue: '10',
    rules: [rule('DaysBeforeTravelDate', 'GreaterThanEquals', 90)],
  });
  const S3 = special(3, {
    name: 'Welcome back',
    discount: 'Absolute',
    discountValue: '50',
    scopeUnit: 'Person',
    target: 'FullBooking',
    rules: [rule('NoOfStays', 'GreaterThanEquals', 1)],
  });

  it('S1 + S2 + S3: -200.00, -120.00, -50.00, room-related total 1,030.00', () => {
    const result = run(input([stay], { specials: [S1, S2, S3] }), [roomLine(stay, '100')]);
    const lines = specialLines(result);
    expect(lines.map((l) => [l.key, l.total])).toEqual([
      ['special:1', '-200.00'],
      ['special:2', '-120.00'],
      ['special:3', '-50.00'],
    ]);
    expect(totalOf(result.lines, ROOM_RELATED)).toBe('1030.00');
    expect(lines.map((l) => l.customData.rules)).toEqual([
      ['Nights 14 ≥ 7'],
      ['DaysBeforeTravelDate 120 ≥ 90'],
      ['NoOfStays 1 ≥ 1 (1/2)'],
    ]);
    expect(result.why.map((w) => [w.specialId, w.reason, w.amount])).toEqual([
      [1, 'applied', '-200.00'],
      [2, 'applied', '-120.00'],
      [3, 'applied', '-50.00'],
    ]);
  });

  it('S1 frees the two cheapest nights; S3 goes to the repeater only', () => {
    const result = run(input([stay], { specials: [S3, S1] }), [roomLine(stay, '100')]);
    const [foc, welcome] = specialLines(result);
    expect(foc?.customData.steps?.[0]).toBe('2 free nights (2026-06-01, 2026-06-02)');
    expect(welcome?.customData.persons).toEqual(['p1']);
  });

  it('S4 "10 + 1 group": 23 divers at 2,100.00 per berth → -4,200.00, total 44,100.00', () => {
    const divers = Array.from({ length: 23 }, (_, i) => person(`d${i + 1}`));
    const cabins = Array.from({ length: 12 }, (_, c) =>
      room(`c${c + 1}`, divers.slice(c * 2, c * 2 + 2), {
        scheduleId: 9,
        from: '2026-06-01',
        to: '2026-06-08',
      }),
    );
    const S4 = special(4, {
      name: '10 + 1 group',
      discount: 'FOCUnit',
      discountValue: '10',
      scopeUnit: 'Bed',
    });
    const lines = cabins.flatMap((c) => personLines(c, '300'));
    const result = run(input(cabins, { resortId: null, vesselId: 2, specials: [S4] }), lines);
    expect(specialLines(result).map((l) => l.total)).toEqual(['-4200.00']);
    expect(totalOf(result.lines, ROOM_RELATED)).toBe('44100.00');
  });

  it('S5 "Agent net rate": room lines rewritten to 1,800.00 each, no special line', () => {
    const pair = room('r1', [person('p1'), person('p2')], { scheduleId: 9, to: '2026-06-08' });
    const S5 = special(5, {
      name: 'Agent net rate',
      discount: 'FixUnit',
      discountValue: '1800',
      scopeUnit: 'Person',
      replaceMatchingRoomPrice: true,
      rules: [rule('Agencies', 'IsIn', [7])],
    });
    const agency = { id: 7, commission: '15', commissionMode: 'included' as const };
    const result = run(input([pair], { specials: [S5], agency }), personLines(pair, '300'));
    expect(specialLines(result)).toEqual([]);
    expect(result.lines.map((l) => [l.key, l.price, l.total])).toEqual([
      ['room:r1:p1', '1800.00', '1800.00'],
      ['room:r1:p2', '1800.00', '1800.00'],
    ]);
    expect(result.lines[0]?.customData).toMatchObject({ replacedBy: 5, originalPrice: '2100.00' });
    expect(totalOf(result.lines, ROOM_RELATED)).toBe('3600.00');
    expect(whyOf(result, 5)?.amount).toBe('-600.00');
  });

  it('S5 on one line for the cabin rewrites it to 3,600.00; without the agency it is not applied', () => {
    const pair = room('r1', [person('p1'), person('p2')], { to: '2026-06-08' });
    const S5 = special(5, {
      discount: 'FixUnit',
      discountValue: '1800',
      scopeUnit: 'Person',
      replaceMatchingRoomPrice: true,
      rules: [rule('Agencies', 'IsIn', [7])],
    });
    const agency = { id: 7, commission: '15', commissionMode: 'included' as const };
    const cabin = roomLine(pair, '600');
    const result = run(input([pair], { specials: [S5], agency }), [cabin]);
    expect(prices(result.lines)).toEqual(['3600.00']);
    const nights = result.lines[0]?.customData.nights ?? [];
    expect(nights.reduce((a, n) => a + Number(n.value), 0)).toBeCloseTo(3600, 6);
    const direct = run(input([pair], { specials: [S5] }), [cabin]);
    expect(prices(direct.lines)).toEqual(['4200.00']);
    expect(whyOf(direct, 5)?.failedRule?.text).toBe('Agencies — ∉ [7]');
  });
});

describe('stages', () => {
  const stay = room('r1', [person('p1'), person('p2')], { to: '2026-06-11' });
  const base = () => [roomLine(stay, '100')];

  it('PerCent specials of one stage share the base: they add, they do not compound', () => {
    const a = special(1, { discountValue: '10', rules: [rule('Nights', 'GreaterThan', 1)] });
    const b = special(2, { discountValue: '20', rules: [rule('NoOfPax', 'GreaterThan', 1)] });
    const result = run(input([stay], { specials: [b, a] }), base());
    expect(specialLines(result).map((l) => l.total)).toEqual(['-100.00', '-200.00']);
  });

  it('a package price comes first, the percentages act on it, absolutes last', () => {
    const pct = special(1, { discountValue: '10', sort: -5 });
    const fix = special(2, {
      discount: 'Fix',
      discountValue: '800',
      sort: 5,
      rules: [rule('Nights', 'Equals', 10)],
    });
    const off = special(3, {
      discount: 'Absolute',
      discountValue: '20',
      sort: -9,
      rules: [rule('NoOfPax', 'Equals', 2)],
    });
    const result = run(input([stay], { specials: [pct, off, fix] }), base());
    expect(specialLines(result).map((l) => [l.key, l.total])).toEqual([
      ['special:2', '-200.00'],
      ['special:1', '-80.00'],
      ['special:3', '-20.00'],
    ]);
  });

  it('floors reductions at the remaining base, so no target total goes negative', () => {
    const big = special(1, { discountValue: '60', rules: [rule('Nights', 'GreaterThan', 1)] });
    const bigger = special(2, { discountValue: '60', rules: [rule('NoOfPax', 'GreaterThan', 1)] });
    const voucher = special(3, { discount: 'Absolute', discountValue: '5000', target: 'FullBooking' });
    const result = run(input([stay], { specials: [big, bigger, voucher] }), base());
    expect(specialLines(result).map((l) => l.total)).toEqual(['-600.00', '-400.00']);
    expect(specialLines(result)[1]?.customData.steps).toContain('capped at 400.00');
    expect(whyOf(result, 3)?.reason).toBe('zero');
    expect(totalOf(result.lines, ROOM_RELATED)).toBe('0.00');
  });
});

describe('kinds', () => {
  const weekAndWeekend = ['100', '100', '100', '100', '100', '150', '150']; // Mon … Sun
  const stay = room('r1', [person('p1', { age: 35 }), person('p2', { age: 8 })], { to: '2026-06-08' });

  it('PerCent and AbsoluteNights with a night rule act on the qualifying nights only', () => {
    const weekend = [rule('DayInWeek', 'IsIn', [6, 7])];
    const pct = special(1, { discountValue: '20', rules: weekend });
    // Not the same rule set (that would make them compete): the weekend of the 7-night stay.
    const nightly = special(2, {
      discount: 'AbsoluteNights',
      discountValue: '10',
      rules: [...weekend, rule('Nights', 'Equals', 7)],
    });
    const result = run(input([stay], { specials: [pct, nightly] }), [roomLine(stay, weekAndWeekend)]);
    expect(specialLines(result).map((l) => l.total)).toEqual(['-60.00', '-20.00']);
  });

  it('FOC: the cheapest nights, v per full N nights of the Nights rule, on complete prices line / n', () => {
    const fortnight = room('r1', [person('p1')], { to: '2026-06-15' });
    const prices14 = Array.from({ length: 14 }, (_, i) => String(200 - i));
    const foc = special(1, {
      discount: 'FOC',
      discountValue: '1',
      rules: [rule('Nights', 'GreaterThan', 6)],
    });
    const result = run(input([fortnight], { specials: [foc] }), [roomLine(fortnight, prices14)]);
    expect(specialLines(result).map((l) => l.total)).toEqual(['-375.00']); // 187 + 188
    const once = special(2, { discount: 'FOC', discountValue: '1' });
    const complete = line('room:r1', 'room_cost', '2800.00', {
      customData: { roomKey: 'r1', persons: ['p1'] },
    });
    const package14 = run(input([fortnight], { specials: [once] }), [complete]);
    expect(specialLines(package14).map((l) => l.total)).toEqual(['-200.00']);
  });

  it('Lowest: the cheapest unit at v % (0: free)', () => {
    const half = special(1, { discount: 'Lowest', discountValue: '50', scopeUnit: 'Person' });
    const lines = [roomLine(stay, '100', 'p1'), roomLine(stay, '60', 'p2')];
    expect(specialLines(run(input([stay], { specials: [half] }), lines)).map((l) => l.total)).toEqual([
      '-210.00',
    ]);
    const free = special(2, { discount: 'Lowest', discountValue: '0', scopeUnit: 'Person' });
    expect(specialLines(run(input([stay], { specials: [free] }), lines)).map((l) => l.total)).toEqual([
      '-420.00',
    ]);
  });

  it('FixUnit as a surcharge lifts each unit to v', () => {
    const floor = special(1, {
      discount: 'FixUnit',
      discountValue: '800',
      reduce: false,
      scopeUnit: 'Person',
      unique: false,
    });
    const lines = [roomLine(stay, '100', 'p1'), roomLine(stay, '120', 'p2')];
    const result = run(input([stay], { specials: [floor] }), lines);
    expect(specialLines(result).map((l) => [l.key, l.customer, l.total])).toEqual([
      ['special:1:p1', 'p1', '100.00'],
    ]);
    expect(whyOf(result, 1)?.amount).toBe('100.00');
  });

  it('PerCent with replaceMatchingRoomPrice rewrites the room line', () => {
    const net = special(1, { discountValue: '25', replaceMatchingRoomPrice: true });
    const result = run(input([stay], { specials: [net] }), [roomLine(stay, '100')]);
    expect(result.lines.map((l) => [l.type, l.total, l.customData.originalPrice])).toEqual([
      ['room_cost', '525.00', '700.00'],
    ]);
  });
});
