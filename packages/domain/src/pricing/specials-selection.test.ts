import { describe, expect, it } from 'vitest';
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
  whyOf,
} from './specials-fixtures.ts';

// Which specials are added (docs/domain/specials.md) and why: status, booking window, channel,
// rules, autoAdd and chosen specials, exclusivity, chaining by group, agency commission.

const stay = room('r1', [person('p1'), person('p2')], { to: '2026-06-11' }); // 10 nights from 2026-06-01
const lines = () => [roomLine(stay, '100')]; // 1,000.00
const totals = (result: ReturnType<typeof run>) => specialLines(result).map((l) => [l.key, l.total]);

describe('why a special is not applied', () => {
  it('says the first reason: status, booking window, channel, rule, notAutoAdd', () => {
    const specials = [
      special(1, { status: 'draft' }),
      special(2, { dateFrom: '2026-01-01', dateTo: '2026-01-31' }),
      special(3, { includeIn: ['CustomerDirectBooking'] }),
      special(4, { rules: [rule('DaysBeforeTravelDate', 'GreaterThanEquals', 60)] }),
      special(5, { autoAdd: false, rules: [rule('Nights', 'GreaterThan', 3)] }),
    ];
    const result = run(input([stay], { specials, evaluationDate: '2026-04-04' }), lines());
    expect(result.why.map((w) => [w.specialId, w.applied, w.reason])).toEqual([
      [1, false, 'status'],
      [2, false, 'dateRange'],
      [3, false, 'channel'],
      [4, false, 'rule'],
      [5, false, 'notAutoAdd'],
    ]);
    expect(whyOf(result, 4)?.failedRule).toMatchObject({
      field: 'DaysBeforeTravelDate',
      operator: 'GreaterThanEquals',
      actual: 58,
      text: 'DaysBeforeTravelDate 58 < 60',
    });
    expect(whyOf(result, 5)?.matchedRules).toEqual(['Nights 10 > 3']);
    expect(specialLines(result)).toEqual([]);
  });

  it('offers a special inside its booking window, the evaluation date counting', () => {
    const window = special(1, { dateFrom: '2026-01-01', dateTo: '2026-02-01' });
    expect(whyOf(run(input([stay], { specials: [window] }), lines()), 1)?.applied).toBe(true);
    const later = run(input([stay], { specials: [window], evaluationDate: '2026-02-02' }), lines());
    expect(whyOf(later, 1)?.reason).toBe('dateRange');
  });

  it('an empty includeIn means Booking only', () => {
    const staffOnly = special(1, { includeIn: [] });
    expect(whyOf(run(input([stay], { specials: [staffOnly] }), lines()), 1)?.applied).toBe(true);
    const online = run(input([stay], { specials: [staffOnly], channel: 'CustomerDirectBooking' }), lines());
    expect(whyOf(online, 1)?.reason).toBe('channel');
    const agents = special(2, { includeIn: ['AgentDirectBooking'] });
    const portal = run(input([stay], { specials: [agents], channel: 'AgentDirectBooking' }), lines());
    expect(whyOf(portal, 2)?.applied).toBe(true);
  });

  it('drops a special whose amount is 0', () => {
    const onProducts = special(1, { target: 'Product' });
    expect(whyOf(run(input([stay], { specials: [onProducts] }), lines()), 1)?.reason).toBe('zero');
  });
});

describe('autoAdd, chosen specials, unique', () => {
  it('adds a manual special when chosen, its rules checked unless ignoreRules', () => {
    const voucher = special(1, {
      autoAdd: false,
      discount: 'Absolute',
      discountValue: '50',
      rules: [rule('Nights', 'GreaterThan', 20)],
    });
    const chosen = run(input([stay], { specials: [voucher], chosenSpecials: [{ specialId: 1 }] }), lines());
    expect(whyOf(chosen, 1)?.reason).toBe('rule');
    const forced = run(
      input([stay], { specials: [voucher], chosenSpecials: [{ specialId: 1, ignoreRules: true }] }),
      lines(),
    );
    expect(totals(forced)).toEqual([['special:1', '-50.00']]);
  });

  it('adds a non-unique manual special as often as chosen (two vouchers)', () => {
    const voucher = special(1, { autoAdd: false, unique: false, discount: 'Absolute', discountValue: '30' });
    const twice = [{ specialId: 1 }, { specialId: 1 }];
    const result = run(input([stay], { specials: [voucher], chosenSpecials: twice }), lines());
    expect(totals(result)).toEqual([
      ['special:1', '-30.00'],
      ['special:1#2', '-30.00'],
    ]);
    expect(whyOf(result, 1)?.amount).toBe('-60.00');
  });

  it('unique Person scope: one line for all units; non-unique: one per person with line.customer', () => {
    const kids = [rule('Age', 'LessThan', 12)];
    const family = room(
      'r1',
      [person('p1', { age: 40 }), person('p2', { age: 7 }), person('p3', { age: 9 })],
      {
        to: '2026-06-11',
      },
    );
    const each = [roomLine(family, '90')]; // 900.00: 300.00 a person
    const unique = run(
      input([family], { specials: [special(1, { scopeUnit: 'Person', rules: kids })] }),
      each,
    );
    expect(specialLines(unique).map((l) => [l.key, l.customer, l.total, l.customData.persons])).toEqual([
      ['special:1', null, '-60.00', ['p2', 'p3']],
    ]);
    const split = special(1, { scopeUnit: 'Person', unique: false, rules: kids });
    const perPerson = run(input([family], { specials: [split] }), each);
    expect(specialLines(perPerson).map((l) => [l.key, l.customer, l.total])).toEqual([
      ['special:1:p2', 'p2', '-30.00'],
      ['special:1:p3', 'p3', '-30.00'],
    ]);
  });

  it('keeps a special line a user edited, and does not add the special again', () => {
    const early = special(1);
    const edited = line('special:1', 'special', '-77.00', {
      customData: { generator: 'special', specialId: 1, manual: true },
    });
    const result = run(input([stay], { specials: [early] }), [...lines(), edited]);
    expect(totals(result)).toEqual([['special:1', '-77.00']]);
    expect(whyOf(result, 1)).toMatchObject({ applied: true, amount: '-77.00' });
  });
});

describe('exclusivity', () => {
  const tier = (id: number, days: number, pct: string, over = {}) =>
    special(id, {
      name: `Early bird ${days}`,
      discountValue: pct,
      groupId: 3,
      rules: [rule('DaysBeforeTravelDate', 'GreaterThanEquals', days)],
      ...over,
    });

  it('tiered early birds in one group: only the best applies, the other lost to it', () => {
    const specials = [tier(1, 90, '10'), tier(2, 180, '15')];
    const early = run(input([stay], { specials, evaluationDate: '2025-11-01' }), lines()); // 212 days
    expect(totals(early)).toEqual([['special:2', '-150.00']]);
    expect(whyOf(early, 1)).toMatchObject({ applied: false, reason: 'lostToBetter', beatenBy: 2 });
    const later = run(input([stay], { specials }), lines()); // 120 days
    expect(totals(later)).toEqual([['special:1', '-100.00']]);
    expect(whyOf(later, 2)?.failedRule?.text).toBe('DaysBeforeTravelDate 120 < 180');
  });

  it('includeSpecialsWithSameRule on the winner lets the others of the set apply too', () => {
    const specials = [tier(1, 90, '10'), tier(2, 180, '15', { includeSpecialsWithSameRule: true })];
    const early = run(input([stay], { specials, evaluationDate: '2025-11-01' }), lines());
    expect(totals(early)).toEqual([
      ['special:1', '-100.00'],
      ['special:2', '-150.00'],
    ]);
  });

  it('identical rule sets compete (the largest reduction wins); other rule sets stack', () => {
    const same = [rule('Nights', 'GreaterThanEquals', 7), rule('NoOfPax', 'IsIn', [2])];
    const pct = special(1, { discountValue: '5', rules: same });
    const flat = special(2, { discount: 'Absolute', discountValue: '80', rules: [...same].reverse() });
    const other = special(3, {
      discount: 'Absolute',
      discountValue: '20',
      rules: [rule('NoOfPax', 'Equals', 2)],
    });
    const result = run(input([stay], { specials: [pct, flat, other] }), lines());
    expect(totals(result)).toEqual([
      ['special:2', '-80.00'],
      ['special:3', '-20.00'],
    ]);
    expect(whyOf(result, 1)).toMatchObject({ reason: 'lostToBetter', beatenBy: 2 });
  });

  it('of two competing surcharges the smaller wins', () => {
    const cond = [rule('Nights', 'GreaterThan', 1)];
    const up = special(1, { discount: 'Absolute', discountValue: '40', reduce: false, rules: cond });
    const upMore = special(2, { discount: 'Absolute', discountValue: '60', reduce: false, rules: cond });
    expect(totals(run(input([stay], { specials: [upMore, up] }), lines()))).toEqual([['special:1', '40.00']]);
  });

  it('specials without rules do not compete with each other', () => {
    const a = special(1, { discount: 'Absolute', discountValue: '10' });
    const b = special(2, { discount: 'Absolute', discountValue: '20' });
    expect(totals(run(input([stay], { specials: [a, b] }), lines()))).toHaveLength(2);
  });
});

describe('chaining and agency commission', () => {
  it('SpecialsGroup: a special applies only after one of the group was applied', () => {
    const first = special(1, { groupId: 5, rules: [rule('Nights', 'GreaterThan', 3)] });
    const chained = special(2, {
      discount: 'Absolute',
      discountValue: '25',
      rules: [rule('SpecialsGroup', 'IsIn', [5])],
    });
    expect(totals(run(input([stay], { specials: [chained, first] }), lines()))).toEqual([
      ['special:1', '-100.00'],
      ['special:2', '-25.00'],
    ]);
    const alone = run(input([stay], { specials: [chained] }), lines());
    expect(whyOf(alone, 2)?.failedRule?.text).toBe('SpecialsGroup [] ∉ [5]');
  });

  it('AgencyCommission: no line; the most specific matching special sets the percent', () => {
    const agency = { id: 7, commission: '10', commissionMode: 'included' as const };
    const general = special(1, {
      type: 'AgencyCommission',
      discountValue: '18',
      rules: [rule('Agencies', 'IsIn', [7])],
    });
    const specific = special(2, {
      type: 'AgencyCommission',
      discountValue: '12',
      rules: [rule('Agencies', 'IsIn', [7]), rule('Nights', 'GreaterThan', 7)],
    });
    const other = special(3, {
      type: 'AgencyCommission',
      discountValue: '20',
      rules: [rule('Agencies', 'IsIn', [8])],
    });
    const result = run(input([stay], { specials: [general, specific, other], agency }), lines());
    expect(specialLines(result)).toEqual([]);
    expect(result.commission).toEqual({ percent: '12', specialId: 2 });
    expect(result.why.map((w) => [w.specialId, w.reason, w.beatenBy])).toEqual([
      [1, 'lostToBetter', 2],
      [2, 'commission', undefined],
      [3, 'rule', undefined],
    ]);
    const tie = run(
      input([stay], { specials: [general, special(4, { ...general, id: 4, discountValue: '19' })], agency }),
      lines(),
    );
    expect(tie.commission).toEqual({ percent: '19', specialId: 4 });
  });
});
