import { DEFAULT_TIMEZONE } from '@atoll/domain/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { now, onDay, operatorTimeZone, setOperatorTimeZone, today } from './clock.ts';

afterEach(() => setOperatorTimeZone(DEFAULT_TIMEZONE));

// today() keeps the day of the last minute asked for; it must still turn at midnight in the zone.
describe('today', () => {
  const fresh = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIMEZONE }).format(at);

  it('turns at midnight in the operator’s zone, to the second, in both directions', () => {
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

  it('is already the new year at 23:30 UTC on New Year’s Eve in Berlin', () => {
    expect(operatorTimeZone()).toBe('Europe/Berlin');
    expect(today(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('follows the zone the settings name, and keeps the current one for a name it does not know', () => {
    const at = new Date('2026-12-31T23:30:00Z');
    setOperatorTimeZone('America/New_York');
    expect(today(at)).toBe('2026-12-31');
    setOperatorTimeZone('Mars/Olympus_Mons');
    expect(operatorTimeZone()).toBe('America/New_York');
    setOperatorTimeZone('Asia/Manila');
    expect(today(at)).toBe('2027-01-01');
    expect(today(new Date('2026-12-31T15:59:00Z'))).toBe('2026-12-31');
    expect(today(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });
});

describe('onDay', () => {
  it('answers the step’s day and its noon inside the step and what it awaits, and the real day beside it', async () => {
    const real = today();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const step = onDay('2025-03-14', async () => {
      await gate;
      await Promise.resolve();
      return { day: today(), now: now().toISOString(), explicit: today(new Date('2026-07-01T10:00:00Z')) };
    });
    // A request running while the step waits keeps the real day.
    expect(today()).toBe(real);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1_000);
    release();
    expect(await step).toEqual({
      day: '2025-03-14',
      now: '2025-03-14T12:00:00.000Z',
      explicit: '2026-07-01',
    });
    expect(today()).toBe(real);
  });
});
