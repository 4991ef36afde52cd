import { describe, expect, it } from 'vitest';
import { monthRange, thisMonth } from './months.ts';

describe('monthRange', () => {
  it('spans whole months, across the turn of the year', () => {
    expect(monthRange('2030-11', 1)).toEqual({ from: '2030-11-01', to: '2030-12-01' });
    expect(monthRange('2030-11', 3)).toEqual({ from: '2030-11-01', to: '2031-02-01' });
    expect(thisMonth('2030-02-17')).toBe('2030-02');
  });
});
