import { DEFAULT_TIMEZONE } from '@atoll/domain/constants';
import { describe, expect, it } from 'vitest';
import { today } from './currencies.service.ts';

// today() keeps the day of the last minute asked for; it must still turn at midnight in the zone.
describe('today', () => {
  const fresh = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIMEZONE }).format(at);

  it('turns at midnight in the installation’s zone, to the second, in both directions', () => {
    // Midnight in Berlin: 23:00 UTC in winter, 22:00 UTC in summer.
    for (const midnight of ['2030-01-14T23:00:00Z', '2030-07-14T22:00:00Z']) {
      const at = Date.parse(midnight);
      for (const offset of [-61_000, -1_000, 0, 1_000, 59_000, -1_000, 0]) {
        const now = new Date(at + offset);
        expect(today(now)).toBe(fresh(now));
      }
    }
    expect(today(new Date('2030-01-14T22:59:59Z'))).toBe('2030-01-14');
    expect(today(new Date('2030-01-14T23:00:00Z'))).toBe('2030-01-15');
  });
});
