import { describe, expect, it } from 'vitest';
import { datevPeriod } from './datevPeriod.ts';

describe('datevPeriod', () => {
  it('covers the whole year without a month', () => {
    expect(datevPeriod('2026', null)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('ends a month on its last day, February of a leap year included', () => {
    expect(datevPeriod('2026', '12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(datevPeriod('2028', '2')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(datevPeriod('2027', '2')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(datevPeriod('2027', '4')).toEqual({ from: '2027-04-01', to: '2027-04-30' });
  });
});
