import { describe, expect, it } from 'vitest';
import { operatorsFor, RULE_FIELD_NAMES, RULE_OPERATORS, type TRuleField } from './entities.ts';
import { ruleProblem, rulesProblem, settingsProblem, type TSpecialSettings } from './special-rules.ts';

/** A value of the right kind for every field, so that only the operator decides. */
const GOOD_VALUE: Record<TRuleField, number | string> = {
  NoOfPax: 2,
  NoOfPaxOnTrip: 10,
  NoOfPaxInDoubleRoom: 2,
  Date: '2027-12-24',
  DepartureDay: 6,
  DaysBeforeTravelDate: 90,
  BookingDate: '2027-01-31',
  Bookings: 17,
  Resort: 1,
  Vessel: 1,
  CustomerType: 'Default',
  Itineraries: 2,
  Agencies: 3,
  BookingSource: 4,
  Nights: 7,
  Customers: 5,
  Schedules: 6,
  SpecialsGroup: 7,
  Age: 11,
  PassportCountry: 'DE',
  AddressCountry: 'CH',
  DayInWeek: 7,
  RoomType: 8,
  LastStay: 365,
  NoOfStays: 1,
  StayRevenue: 2500,
};

describe('ruleProblem', () => {
  it('accepts exactly the operators operatorsFor allows, for all 26 fields', () => {
    for (const field of RULE_FIELD_NAMES) {
      for (const operator of RULE_OPERATORS) {
        const problem = ruleProblem({ field, operator, value: GOOD_VALUE[field] }, 0);
        const allowed = operatorsFor(field).includes(operator);
        expect(problem?.path, `${field} ${operator}`).toBe(allowed ? undefined : 'rules[0].operator');
      }
    }
  });

  it('accepts lists for IsIn, IsNotIn and Equals only', () => {
    const list = { field: 'Nights' as const, value: [7, 14] };
    expect(ruleProblem({ ...list, operator: 'IsIn' }, 2)).toBeUndefined();
    expect(ruleProblem({ ...list, operator: 'Equals' }, 2)).toBeUndefined();
    expect(ruleProblem({ ...list, operator: 'GreaterThanEquals' }, 2)?.path).toBe('rules[2].value');
  });

  it('names the list element of the wrong kind', () => {
    const problem = ruleProblem({ field: 'AddressCountry', operator: 'IsNotIn', value: ['DE', 'GER'] }, 1);
    expect(problem).toEqual({ path: 'rules[1].value[1]', message: expect.stringContaining('country') });
    expect(
      ruleProblem({ field: 'Date', operator: 'IsIn', value: ['2027-01-01', '2027-13-01'] }, 0)?.path,
    ).toBe('rules[0].value[1]');
  });

  it.each([
    ['Age', -0.5, true],
    ['Age', '11', false],
    ['StayRevenue', 99.99, true],
    ['DayInWeek', 1, true],
    ['DayInWeek', 7.5, false],
    ['Schedules', -3, false],
    ['Bookings', 2_000_000, true],
    ['Bookings', 2_147_483_648, false],
    ['CustomerType', 'Employee', true],
    ['BookingDate', '2027-02-29', false],
    ['BookingDate', '2028-02-29', true],
  ] as const)('%s with %s fits: %s', (field, value, fits) => {
    const operator = operatorsFor(field).includes('Equals') ? 'Equals' : 'IsIn';
    expect(ruleProblem({ field, operator, value }, 0) === undefined).toBe(fits);
  });

  it('rulesProblem reports the first bad rule', () => {
    const rules = [
      { field: 'Nights' as const, operator: 'GreaterThanEquals' as const, value: 7 },
      { field: 'Agencies' as const, operator: 'LessThan' as const, value: 1 },
      { field: 'Age' as const, operator: 'IsIn' as const, value: [] },
    ];
    expect(rulesProblem(rules)?.path).toBe('rules[1].operator');
    expect(rulesProblem([])).toBeUndefined();
  });
});

describe('settingsProblem', () => {
  const base: TSpecialSettings = {
    type: 'special',
    dateFrom: null,
    dateTo: null,
    discount: 'PerCent',
    discountValue: '10',
    target: 'RoomPrice',
    targetIds: [],
    replaceMatchingRoomPrice: false,
  };

  it('passes a plain special and open windows', () => {
    expect(settingsProblem(base)).toBeUndefined();
    expect(settingsProblem({ ...base, dateFrom: '2027-01-01' })).toBeUndefined();
    expect(settingsProblem({ ...base, dateTo: '2027-01-01' })).toBeUndefined();
  });

  it.each([
    [{ dateFrom: '2027-02-01', dateTo: '2027-01-31' }, 'dateTo'],
    [{ discountValue: '100.01' }, 'discountValue'],
    [{ type: 'AgencyCommission', discount: 'Absolute', discountValue: '101' }, 'discountValue'],
    [{ replaceMatchingRoomPrice: true, discount: 'Lowest' }, 'replaceMatchingRoomPrice'],
    [{ replaceMatchingRoomPrice: true, target: 'Commissionable' }, 'replaceMatchingRoomPrice'],
    [{ targetIds: [1], target: 'Addon' }, 'targetIds'],
  ] as const)('%o is refused at %s', (change, path) => {
    expect(settingsProblem({ ...base, ...change } as TSpecialSettings)?.path).toBe(path);
  });

  it.each([
    [{ discountValue: '100' }],
    [{ discount: 'Absolute', discountValue: '500' }],
    [{ replaceMatchingRoomPrice: true, discount: 'Fix', discountValue: '900' }],
    [{ replaceMatchingRoomPrice: true, discount: 'FixUnit', discountValue: '1800' }],
    [{ replaceMatchingRoomPrice: true }],
    [{ targetIds: [1, 2], target: 'ProductCategory' }],
  ] as const)('%o is fine', (change) => {
    expect(settingsProblem({ ...base, ...change } as TSpecialSettings)).toBeUndefined();
  });
});
