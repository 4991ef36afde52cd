import { describe, expect, it } from 'vitest';
import {
  allowedDays,
  canonicalTimeZone,
  daysBetween,
  paxInOrder,
  type TDayRule,
  ZCreateResort,
  ZCreateRoomType,
} from './resorts.ts';

const rule = (r: Partial<TDayRule>): TDayRule => ({
  kind: 'both',
  weekdays: [],
  validFrom: null,
  validTo: null,
  ...r,
});

// 2025-06-07 is a Saturday, 2025-06-08 a Sunday.
const SAT = 6;
const SUN = 0;

describe('allowedDays (docs/domain/availability.md)', () => {
  it('allows every day for both kinds when nothing is configured', () => {
    const days = allowedDays([], '2025-06-01', '2025-06-07');
    expect(days).toHaveLength(7);
    expect(days.every((d) => d.arrival && d.departure)).toBe(true);
    expect(days[0]?.date).toBe('2025-06-01');
    expect(days[6]?.date).toBe('2025-06-07');
  });

  it('a Saturday-only arrival rule closes the other days for arrival, departure stays open', () => {
    const days = allowedDays([rule({ kind: 'arrival', weekdays: [SAT] })], '2025-06-02', '2025-06-08');
    expect(days.filter((d) => d.arrival).map((d) => d.date)).toEqual(['2025-06-07']);
    expect(days.every((d) => d.departure)).toBe(true);
  });

  it('"both" restricts arrival and departure; several rules of a kind add their weekdays', () => {
    const rules = [rule({ kind: 'both', weekdays: [SAT] }), rule({ kind: 'departure', weekdays: [SUN] })];
    const days = allowedDays(rules, '2025-06-02', '2025-06-08');
    expect(days.filter((d) => d.arrival).map((d) => d.date)).toEqual(['2025-06-07']);
    expect(days.filter((d) => d.departure).map((d) => d.date)).toEqual(['2025-06-07', '2025-06-08']);
  });

  it('a rule applies only on the days its validity covers, both ends included', () => {
    const rules = [
      rule({ kind: 'arrival', weekdays: [SAT], validFrom: '2025-06-10', validTo: '2025-06-20' }),
    ];
    const days = allowedDays(rules, '2025-06-09', '2025-06-21');
    const byDate = Object.fromEntries(days.map((d) => [d.date, d.arrival]));
    expect(byDate['2025-06-09']).toBe(true);
    expect(byDate['2025-06-10']).toBe(false);
    expect(byDate['2025-06-14']).toBe(true);
    expect(byDate['2025-06-20']).toBe(false);
    expect(byDate['2025-06-21']).toBe(true);
  });

  it('a rule without weekdays closes its kind on the days it covers', () => {
    const days = allowedDays(
      [rule({ kind: 'departure', validFrom: '2025-12-24', validTo: '2025-12-26' })],
      '2025-12-23',
      '2025-12-27',
    );
    expect(days.map((d) => d.departure)).toEqual([true, false, false, false, true]);
  });

  it('crosses month and year ends and answers nothing for a reversed range', () => {
    const days = allowedDays([], '2024-12-30', '2025-01-02');
    expect(days.map((d) => d.date)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
    expect(allowedDays([], '2025-01-02', '2025-01-01')).toEqual([]);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(3);
  });
});

describe('room types', () => {
  it('a new room type gets the defaults of spec booking §3', () => {
    expect(ZCreateRoomType.parse({ name: 'Deluxe', resortId: 1 })).toMatchObject({
      defaultNoOfPax: 2,
      minNoOfPax: 1,
      maxNoOfPax: 2,
      maxNoOfOTAPax: 2,
      availableToOTA: -1,
      roomTypeOTA: 'Double',
      sizeInSqm: -1,
      surcharge: '0',
      surchargeType: 'percent',
      sort: 9999,
    });
  });

  it('pax must be min ≤ default ≤ max', () => {
    expect(paxInOrder({ minNoOfPax: 1, defaultNoOfPax: 2, maxNoOfPax: 2 })).toBe(true);
    expect(paxInOrder({ minNoOfPax: 2, defaultNoOfPax: 2, maxNoOfPax: 2 })).toBe(true);
    expect(paxInOrder({ minNoOfPax: 3, defaultNoOfPax: 2, maxNoOfPax: 4 })).toBe(false);
    expect(paxInOrder({ minNoOfPax: 1, defaultNoOfPax: 3, maxNoOfPax: 2 })).toBe(false);
  });
});

describe('resort time zone', () => {
  it('accepts IANA zones in their canonical spelling and refuses others', () => {
    expect(canonicalTimeZone('Asia/Manila')).toBe('Asia/Manila');
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    expect(canonicalTimeZone('+01:00')).toBeUndefined();
    expect(ZCreateResort.safeParse({ name: 'X', timeZone: 'Nowhere/City' }).success).toBe(false);
    expect(ZCreateResort.parse({ name: 'X' }).timeZone).toBe('Europe/Berlin');
  });
});
