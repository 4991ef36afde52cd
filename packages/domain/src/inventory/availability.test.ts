import { describe, expect, it } from 'vitest';
import { ageOn, bedTakes, genderFits, holdsInventory, nightsOf, overlaps } from './availability.ts';

describe('holdsInventory (docs/domain/availability.md)', () => {
  const off = { offersHoldInventory: false };
  const on = { offersHoldInventory: true };
  it.each([
    ['draft', false, off, false],
    ['draft', false, on, true],
    ['planned', false, off, true],
    ['planned', true, off, false],
    ['confirmed', false, off, true],
    ['confirmed', true, off, true],
    ['resolved', false, off, true],
    ['waiting', false, on, false],
    ['aborted', false, on, false],
    ['freed', false, on, false],
    ['rebooked', false, on, false],
    ['splitted', false, on, false],
    ['deleted', false, on, false],
  ] as const)('%s (resolved %s) holds: %s', (state, resolved, options, expected) => {
    expect(holdsInventory({ state, resolved }, options)).toBe(expected);
  });
});

describe('stays are half-open [from, to)', () => {
  it('lists the nights without the departure day, across a month end', () => {
    expect(nightsOf('2027-01-30', '2027-02-02')).toEqual(['2027-01-30', '2027-01-31', '2027-02-01']);
    expect(nightsOf('2027-01-01', '2027-01-01')).toEqual([]);
  });
  it('a departure and an arrival on the same day do not overlap', () => {
    expect(overlaps({ from: '2027-01-01', to: '2027-01-05' }, { from: '2027-01-05', to: '2027-01-07' })).toBe(
      false,
    );
    expect(overlaps({ from: '2027-01-01', to: '2027-01-05' }, { from: '2027-01-04', to: '2027-01-07' })).toBe(
      true,
    );
  });
});

describe('beds and persons (docs/domain/availability.md)', () => {
  it('computes the age on the first night', () => {
    expect(ageOn('2015-07-02', '2027-07-01')).toBe(11);
    expect(ageOn('2015-07-01', '2027-07-01')).toBe(12);
    expect(ageOn(null, '2027-07-01')).toBeNull();
  });
  it('age-limited beds take only known ages at or below the limit; 0 or empty is no limit', () => {
    expect(bedTakes({ maxAge: 12 }, 12)).toBe(true);
    expect(bedTakes({ maxAge: 12 }, 13)).toBe(false);
    expect(bedTakes({ maxAge: 12 }, null)).toBe(false);
    expect(bedTakes({ maxAge: 0 }, null)).toBe(true);
    expect(bedTakes({}, 80)).toBe(true);
  });
  it('one gender per room unless mixed; unknown fits anywhere', () => {
    expect(genderFits('m', ['f'], false)).toBe(false);
    expect(genderFits('m', ['m', 'u'], false)).toBe(true);
    expect(genderFits('u', ['f'], false)).toBe(true);
    expect(genderFits('m', ['f'], true)).toBe(true);
  });
});
