import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from './stripe.provider.ts';

describe('Stripe amounts', () => {
  it('counts cents, except in zero-decimal currencies', () => {
    expect(toMinorUnits('1260.10', 'EUR')).toBe(126_010);
    expect(toMinorUnits('0.29', 'USD')).toBe(29);
    expect(toMinorUnits('5000', 'JPY')).toBe(5000);
    expect(fromMinorUnits(126_010, 'EUR')).toBe('1260.10');
    expect(fromMinorUnits(5000, 'JPY')).toBe('5000.00');
  });
});
