import { describe, expect, it } from 'vitest';
import {
  addDays,
  isActiveOn,
  scheduleDays,
  scheduleNights,
  shiftToSameWeekday,
  weeklySeries,
  withDerivedStatus,
  ZCreateTour,
  ZTourBookingQuery,
} from './tours.ts';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('nights and days (docs/domain/departures-and-charters.md)', () => {
  it('counts nights as to - from and days as nights + 1', () => {
    expect(scheduleNights('2026-03-07', '2026-03-14')).toBe(7);
    expect(scheduleDays('2026-03-07', '2026-03-14')).toBe(8);
    // Across the change to summer time and a month end: calendar days, not 24-hour blocks.
    expect(scheduleNights('2026-03-28', '2026-04-04')).toBe(7);
    expect(scheduleNights('2028-02-26', '2028-03-04')).toBe(7);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-07', -7)).toBe('2026-02-28');
  });

  it('is active from the first day up to, not including, the last', () => {
    const s = { from: '2026-03-07', to: '2026-03-14' };
    expect(isActiveOn(s, '2026-03-06')).toBe(false);
    expect(isActiveOn(s, '2026-03-07')).toBe(true);
    expect(isActiveOn(s, '2026-03-13')).toBe(true);
    expect(isActiveOn(s, '2026-03-14')).toBe(false);
  });
});

describe('copy date shift: same weekday nearest the shifted date', () => {
  it('moves Saturday 2026-03-07 one year on to Saturday 2027-03-06', () => {
    expect(shiftToSameWeekday('2026-03-07', 1)).toBe('2027-03-06');
  });

  it('moves two years on across a leap day', () => {
    // 2026-03-07 Sat → 2028-03-07 is a Tuesday → nearest Saturday 2028-03-04.
    expect(shiftToSameWeekday('2026-03-07', 2)).toBe('2028-03-04');
  });

  it('takes 29 February as 28 February in a common year', () => {
    // 2028-02-29 is a Tuesday; 2029-02-28 a Wednesday → Tuesday 2029-02-27.
    expect(shiftToSameWeekday('2028-02-29', 1)).toBe('2029-02-27');
  });

  it('keeps the weekday and stays within three days for every day of a year', () => {
    for (let i = 0; i < 366; i++) {
      const date = addDays('2026-01-01', i);
      const shifted = shiftToSameWeekday(date, 1);
      expect(weekday(shifted)).toBe(weekday(date));
      const calendar = `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
      expect(Math.abs(scheduleNights(calendar, shifted))).toBeLessThanOrEqual(3);
    }
  });

  it('keeps a weekly rhythm weekly', () => {
    const series = weeklySeries('2026-01-03', 52, 7).map((s) => shiftToSameWeekday(s.from, 1));
    for (let i = 1; i < series.length; i++) {
      expect(scheduleNights(series[i - 1] as string, series[i] as string)).toBe(7);
    }
  });
});

describe('weekly series for the create screen', () => {
  it('gives weeks departures 7 days apart, each nights long', () => {
    expect(weeklySeries('2026-03-07', 3, 7)).toEqual([
      { from: '2026-03-07', to: '2026-03-14' },
      { from: '2026-03-14', to: '2026-03-21' },
      { from: '2026-03-21', to: '2026-03-28' },
    ]);
    expect(weeklySeries('2026-03-07', 2, 5)[1]).toEqual({ from: '2026-03-14', to: '2026-03-19' });
    expect(weeklySeries('2026-03-07', 0, 7)).toEqual([]);
  });
});

describe('schemas', () => {
  it('gives a tour 7 nights by default and refuses a bad colour', () => {
    expect(ZCreateTour.parse({ name: 'North' }).nights).toBe(7);
    expect(ZCreateTour.safeParse({ name: 'North', color: 'red' }).success).toBe(false);
  });

  it('reads the booking flags as 1 or true', () => {
    const q = ZTourBookingQuery.parse({ new: '1', available: 'false' });
    expect(q).toMatchObject({ new: true, available: false, short: false, page: 1, size: 25 });
    expect(ZTourBookingQuery.safeParse({ new: 'yes' }).success).toBe(false);
  });
});

describe('the derived status active in list filters', () => {
  it('becomes the date condition', () => {
    expect(JSON.parse(withDerivedStatus('{"status":"active","vesselId":3}') ?? '')).toEqual({
      vesselId: 3,
      active: true,
    });
    expect(JSON.parse(withDerivedStatus('{"status":{"$eq":"active"}}') ?? '')).toEqual({ active: true });
  });

  it('leaves other filters and broken JSON to the compiler', () => {
    expect(withDerivedStatus('{"status":"open"}')).toBe('{"status":"open"}');
    expect(withDerivedStatus('{"status":{"$in":["active"]}}')).toBe('{"status":{"$in":["active"]}}');
    expect(withDerivedStatus('{nope')).toBe('{nope');
    expect(withDerivedStatus(undefined)).toBeUndefined();
  });
});
