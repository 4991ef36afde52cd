import { describe, expect, it } from 'vitest';
import { daysBetween } from './dates.ts';
import type { TPricingInput } from './engine-types.ts';
import { RULE_OPERATORS, type TScopeUnit, type TSpecialRule } from './entities.ts';
import { canonicalRules, compileRules, ruleSetKey, ruleText, testRule } from './rules.ts';
import { buildFacts, weekday } from './rules-facts.ts';
import { byLevel, matchRules } from './rules-match.ts';
import { input, person, room, rule } from './specials-fixtures.ts';

// Rule evaluation (docs/domain/specials.md): every field at its level, the 7 operators, and the edge cases.

function check(
  draft: TPricingInput,
  rules: TSpecialRule[],
  scope: TScopeUnit = 'Booking',
  groups: number[] = [],
) {
  const from = draft.rooms.map((r) => r.from).sort()[0] ?? '2026-06-01';
  const to =
    draft.rooms
      .map((r) => r.to)
      .sort()
      .at(-1) ?? from;
  const facts = buildFacts(draft, { from, to, nights: daysBetween(from, to) });
  return matchRules(byLevel(compileRules(rules)), facts, scope, groups);
}
const holds = (draft: TPricingInput, ...rules: TSpecialRule[]) => check(draft, rules).ok;
const failedText = (draft: TPricingInput, ...rules: TSpecialRule[]) => {
  const result = check(draft, rules);
  return result.ok ? undefined : result.failed.text;
};

/** 2026-06-01 (a Monday) to 2026-06-15: 14 nights, evaluated on 2026-02-01, 120 days before. */
const anna = person('p1', {
  customerId: 501,
  age: 34,
  nationality: 'de',
  addressCountry: 'AT',
  customerType: 'Diver',
  noOfStays: 2,
  lastStayEnd: '2025-12-01',
  stayRevenue: '5000.01',
});
const ben = person('p2', { customerId: 502, age: 9, nationality: 'NL', customerType: 'Child' });
const carla = person('p3', { age: 61, nationality: 'CH' });
const draft = input(
  [
    room('r1', [anna, ben], { roomTypeId: 4, scheduleId: 31, tourId: 8 }),
    room('r2', [carla], { roomTypeId: 5, scheduleId: 31, tourId: 8 }),
  ],
  { bookingId: 77, sourceId: 3, agency: { id: 12, commission: '10', commissionMode: 'included' } },
);
const resortStay = input([room('r1', [anna, ben])]);

describe('booking-level fields', () => {
  it('counts persons in the booking and on the trip (this booking included when not given)', () => {
    expect(holds(draft, rule('NoOfPax', 'Equals', 3))).toBe(true);
    expect(holds(draft, rule('NoOfPaxOnTrip', 'GreaterThanEquals', 3))).toBe(true);
    expect(holds({ ...draft, paxOnTrip: 23 }, rule('NoOfPaxOnTrip', 'GreaterThan', 22))).toBe(true);
    expect(failedText(draft, rule('NoOfPax', 'GreaterThan', 3))).toBe('NoOfPax 3 ≤ 3');
  });

  it('reads departure weekday, days before travel, booking date and nights', () => {
    expect(weekday('2026-06-01')).toBe(1);
    expect(weekday('2026-06-07')).toBe(7);
    expect(holds(draft, rule('DepartureDay', 'IsIn', [1, 6]))).toBe(true);
    expect(holds(draft, rule('DaysBeforeTravelDate', 'GreaterThanEquals', 120))).toBe(true);
    expect(failedText(draft, rule('DaysBeforeTravelDate', 'GreaterThanEquals', 121))).toBe(
      'DaysBeforeTravelDate 120 < 121',
    );
    expect(holds(draft, rule('BookingDate', 'LessThan', '2026-03-01'))).toBe(true);
    expect(holds(draft, rule('Nights', 'LessThanEquals', 14))).toBe(true);
    expect(failedText(draft, rule('Nights', 'LessThan', 14))).toBe('Nights 14 ≥ 14');
  });

  it('matches ids: booking, resort, vessel, itinerary, agency, source, schedule', () => {
    expect(holds(draft, rule('Bookings', 'IsIn', [77, 78]))).toBe(true);
    expect(holds(draft, rule('Resort', 'Equals', 1))).toBe(true);
    expect(holds(draft, rule('Vessel', 'IsNotIn', [1]))).toBe(true);
    expect(holds(draft, rule('Vessel', 'IsIn', [1]))).toBe(false);
    expect(holds(draft, rule('Itineraries', 'IsIn', 8))).toBe(true);
    expect(holds(draft, rule('Agencies', 'IsIn', ['12']))).toBe(true);
    expect(holds(draft, rule('BookingSource', 'IsNotIn', [4]))).toBe(true);
    expect(holds(draft, rule('Schedules', 'Equals', [31]))).toBe(true);
  });

  it('no agency matches IsNotIn only', () => {
    const direct = { ...draft, agency: null };
    expect(holds(direct, rule('Agencies', 'IsNotIn', [12]))).toBe(true);
    expect(holds(direct, rule('Agencies', 'IsIn', [12]))).toBe(false);
    expect(holds(direct, rule('Agencies', 'Equals', [12]))).toBe(false);
    expect(failedText(direct, rule('Agencies', 'IsIn', [12]))).toBe('Agencies — ∉ [12]');
  });

  it('SpecialsGroup reads the groups applied earlier in this calculation', () => {
    const chained = [rule('SpecialsGroup', 'IsIn', [5])];
    expect(check(draft, chained, 'Booking', []).ok).toBe(false);
    expect(check(draft, chained, 'Booking', [2, 5]).ok).toBe(true);
    expect(check(draft, [rule('SpecialsGroup', 'IsNotIn', [5])], 'Booking', []).ok).toBe(true);
  });
});

describe('room-level fields', () => {
  it('qualifies room entries by persons in the room and room type', () => {
    const result = check(draft, [rule('NoOfPaxInDoubleRoom', 'Equals', 2), rule('RoomType', 'IsIn', [4])]);
    expect(result.ok && result.rooms.map((r) => r.key)).toEqual(['r1']);
    expect(result.ok && result.allRooms).toBe(false);
    const none = check(draft, [rule('RoomType', 'IsIn', [9])]);
    expect(none.ok ? undefined : none.failed.text).toBe('RoomType 4 ∉ [9]');
  });
});

describe('person-level fields', () => {
  it('qualifies persons for Person scope', () => {
    const kids = check(draft, [rule('Age', 'LessThanEquals', 11)], 'Person');
    expect(kids.ok && [...(kids.persons ?? [])]).toEqual(['p2']);
    const divers = check(draft, [rule('CustomerType', 'IsIn', ['diver'])], 'Person');
    expect(divers.ok && [...(divers.persons ?? [])]).toEqual(['p1']);
    const customers = check(draft, [rule('Customers', 'IsIn', [502])], 'Bed');
    expect(customers.ok && [...(customers.persons ?? [])]).toEqual(['p2']);
    const swiss = check(draft, [rule('PassportCountry', 'IsIn', ['CH'])], 'Person');
    expect(swiss.ok && swiss.rooms.map((r) => r.key)).toEqual(['r2']);
  });

  it('tests the lead customer (first person of the first room) for Booking scope', () => {
    expect(holds(draft, rule('Age', 'GreaterThan', 18))).toBe(true);
    expect(holds(draft, rule('Age', 'LessThan', 12))).toBe(false);
    expect(failedText(draft, rule('PassportCountry', 'IsIn', ['NL']))).toBe('PassportCountry DE ∉ [NL]');
    expect(holds(draft, rule('AddressCountry', 'IsIn', ['at']))).toBe(true);
  });

  it('reads loyalty: last stay, number of stays, revenue', () => {
    expect(holds(draft, rule('LastStay', 'LessThan', 365))).toBe(true);
    expect(failedText(draft, rule('LastStay', 'LessThan', 100))).toBe('LastStay 182 ≥ 100');
    expect(holds(draft, rule('NoOfStays', 'GreaterThanEquals', 1))).toBe(true);
    expect(holds(draft, rule('StayRevenue', 'GreaterThan', '5000'))).toBe(true);
    expect(holds(draft, rule('StayRevenue', 'GreaterThan', 5000.01))).toBe(false);
  });

  it('LastStay without an earlier stay is false, whatever the operator', () => {
    const first = input([room('r1', [person('p9')])]);
    for (const operator of RULE_OPERATORS)
      expect(holds(first, rule('LastStay', operator, [1000]))).toBe(false);
    expect(holds(first, rule('NoOfStays', 'Equals', 0))).toBe(true);
  });
});

describe('night-level fields', () => {
  it('matches when at least one night qualifies and lists the qualifying nights', () => {
    const weekend = check(resortStay, [rule('DayInWeek', 'IsIn', [6, 7])]);
    expect(weekend.ok && [...(weekend.nights?.get('r1') ?? [])]).toEqual([
      '2026-06-06',
      '2026-06-07',
      '2026-06-13',
      '2026-06-14',
    ]);
    expect(weekend.ok && weekend.matched).toEqual(['DayInWeek 6 ∈ [6, 7] (4/14)']);
    const late = check(resortStay, [rule('Date', 'GreaterThanEquals', '2026-06-14')]);
    expect(late.ok && [...(late.nights?.get('r1') ?? [])]).toEqual(['2026-06-14']);
    expect(failedText(resortStay, rule('Date', 'GreaterThan', '2026-06-14'))).toBe(
      'Date 2026-06-01 ≤ 2026-06-14',
    );
  });

  it('compares dates as dates, and on a vessel reads the schedule start for every night', () => {
    expect(holds(resortStay, rule('Date', 'Equals', '2026-06-03T00:00:00Z'))).toBe(true);
    const cruise = input([room('c1', [anna], { scheduleId: 4, from: '2026-06-01', to: '2026-06-08' })], {
      resortId: null,
      vesselId: 2,
    });
    expect(holds(cruise, rule('Date', 'Equals', '2026-06-01'))).toBe(true);
    expect(holds(cruise, rule('Date', 'Equals', '2026-06-03'))).toBe(false);
  });
});

describe('operators', () => {
  it('treats a scalar as a one-element list and Equals on lists as the same set', () => {
    expect(testRule(rule('Agencies', 'IsIn', 3), 3)).toBe(true);
    expect(testRule(rule('Agencies', 'IsNotIn', 3), 4)).toBe(true);
    expect(testRule(rule('Schedules', 'Equals', [2, 1]), [1, 2])).toBe(true);
    expect(testRule(rule('Schedules', 'Equals', [1, 2, 3]), [1, 2])).toBe(false);
    expect(testRule(rule('Schedules', 'Equals', [1]), 1)).toBe(true);
    expect(testRule(rule('Schedules', 'IsIn', [1]), [1, 2])).toBe(true);
    expect(testRule(rule('Schedules', 'IsNotIn', [1]), [1, 2])).toBe(false);
  });

  it('orders numbers, money and dates, and nothing against words', () => {
    expect(testRule(rule('Age', 'GreaterThan', 17), 18)).toBe(true);
    expect(testRule(rule('Age', 'LessThan', '18'), 17)).toBe(true);
    expect(testRule(rule('Age', 'Equals', 18), 18)).toBe(true);
    expect(testRule(rule('Age', 'IsIn', [17, 18]), 18)).toBe(true);
    expect(testRule(rule('StayRevenue', 'LessThanEquals', '0.30'), '0.3')).toBe(true);
    expect(testRule(rule('BookingDate', 'GreaterThanEquals', '2026-02-01'), '2026-02-01')).toBe(true);
    expect(testRule(rule('BookingDate', 'LessThan', '2026-02-01'), '2026-01-31')).toBe(true);
    expect(testRule(rule('Age', 'GreaterThan', 'adult'), 30)).toBe(false);
  });

  it('writes operators as symbols, negated when the rule fails', () => {
    const symbols = RULE_OPERATORS.map((op) => [
      ruleText(rule('Age', op, 5), 5, true).split(' ')[2],
      ruleText(rule('Age', op, 5), 5, false).split(' ')[2],
    ]);
    expect(symbols).toEqual([
      ['>', '≤'],
      ['<', '≥'],
      ['≥', '<'],
      ['≤', '>'],
      ['∈', '∉'],
      ['∉', '∈'],
      ['=', '≠'],
    ]);
  });
});

describe('independence of the order rules are listed in', () => {
  const rules = [
    rule('Age', 'LessThan', 12),
    rule('DaysBeforeTravelDate', 'GreaterThanEquals', 200),
    rule('NoOfPax', 'IsIn', [2, 3]),
  ];

  it('reports the same first failing rule and the same rule set key in any order', () => {
    const texts = [rules, [...rules].reverse(), [rules[1], rules[2], rules[0]]].map((r) =>
      failedText(draft, ...(r as TSpecialRule[])),
    );
    expect(new Set(texts)).toEqual(new Set(['DaysBeforeTravelDate 120 < 200']));
    expect(ruleSetKey([...rules].reverse())).toBe(ruleSetKey(rules));
    expect(ruleSetKey([rule('NoOfPax', 'IsIn', [3, 2])])).toBe(ruleSetKey([rule('NoOfPax', 'IsIn', [2, 3])]));
    expect(ruleSetKey([rule('NoOfPax', 'IsIn', [3])])).toBe(ruleSetKey([rule('NoOfPax', 'IsIn', 3)]));
    expect(ruleSetKey([rule('NoOfPax', 'IsIn', [4])])).not.toBe(ruleSetKey([rule('NoOfPax', 'IsIn', [3])]));
  });

  it('orders booking rules before room, person and night rules', () => {
    const ordered = canonicalRules([
      rule('DayInWeek', 'IsIn', [6]),
      rule('Age', 'LessThan', 12),
      rule('Nights', 'GreaterThan', 3),
    ]);
    expect(ordered.map((r) => r.field)).toEqual(['Nights', 'Age', 'DayInWeek']);
  });
});
