import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightsOf } from '../inventory/availability.ts';
import { addDays, dayNumber, daysBetween, fromDayNumber, nightsBetween, spanDays } from './dates.ts';

// The day-number arithmetic agrees with the calendar as Date (UTC) counts it.

const isoDay = fc
  .integer({ min: dayNumber('1900-01-01'), max: dayNumber('2199-12-31') })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('dates', () => {
  it('day numbers match Date.UTC and round-trip', () => {
    fc.assert(
      fc.property(isoDay, (day) => {
        expect(dayNumber(day)).toBe(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
        expect(fromDayNumber(dayNumber(day))).toBe(day);
      }),
    );
  });

  it('leap years and month ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-06-01', -60)).toBe('2026-04-02');
    expect(daysBetween('2026-02-01', '2026-06-01')).toBe(120);
    expect(spanDays('2026-01-10', '2026-03-31')).toBe(81);
  });

  it('nights of a stay, like the inventory module counts them', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 0, max: 40 }), (from, n) => {
        const to = addDays(from, n);
        expect(nightsBetween(from, to)).toEqual(nightsOf(from, to));
      }),
      { numRuns: 50 },
    );
  });
});
