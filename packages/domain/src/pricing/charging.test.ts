import { describe, expect, it } from 'vitest';
import {
  chargingQuantity,
  diveDaysWithin,
  estimateDiveDays,
  isPerCustomer,
  personFactor,
  type TChargingInput,
  timeFactor,
} from './charging.ts';
import type { TChargingBase } from './entities.ts';

// Charging bases of docs/domain/products.md; the examples are a booking of 2 divers, 7 nights.

const twoDivers = (base: TChargingBase, over: Partial<TChargingInput> = {}): TChargingInput => ({
  base,
  nights: 7,
  persons: 2,
  ...over,
});
const lineTotal = (qty: string, price: number) => (Number(qty) * price).toFixed(2);

describe('the worked examples (2 divers, 7 nights)', () => {
  it('PerNight 25.00 → 7 × 2 = 14 → 350.00', () => {
    const qty = chargingQuantity(twoDivers('PerNight'));
    expect(qty).toBe('14');
    expect(lineTotal(qty, 25)).toBe('350.00');
  });

  it('PerDay 10.00 → 8 × 2 = 16 → 160.00', () => {
    const qty = chargingQuantity(twoDivers('PerDay'));
    expect(qty).toBe('16');
    expect(lineTotal(qty, 10)).toBe('160.00');
  });

  it('PerDiveDay Nitrox 12.00 → 5 × 2 = 10 → 120.00', () => {
    const qty = chargingQuantity(twoDivers('PerDiveDay'));
    expect(qty).toBe('10');
    expect(lineTotal(qty, 12)).toBe('120.00');
  });

  it('PerWeekFloor 30.00 → 1 × 2 → 60.00', () => {
    const qty = chargingQuantity(twoDivers('PerWeekFloor'));
    expect(qty).toBe('2');
    expect(lineTotal(qty, 30)).toBe('60.00');
  });

  it('10 nights: floor = 1 week, ceil = 2 weeks', () => {
    expect(timeFactor(twoDivers('PerWeekFloor', { nights: 10 }))).toBe(1);
    expect(timeFactor(twoDivers('PerWeekCeil', { nights: 10 }))).toBe(2);
    expect(timeFactor(twoDivers('PerWeekFloor', { nights: 6 }))).toBe(0);
    expect(chargingQuantity(twoDivers('PerWeekFloor', { nights: 6 }))).toBe('0');
  });
});

describe('the other bases and factors', () => {
  it('PerBooking 1; PerPerson |C|; PerBookingAndCustomer 1 per line (one line per customer)', () => {
    expect(chargingQuantity(twoDivers('PerBooking'))).toBe('1');
    expect(chargingQuantity(twoDivers('PerPerson'))).toBe('2');
    expect(chargingQuantity(twoDivers('PerBookingAndCustomer'))).toBe('1');
    expect(isPerCustomer('PerBookingAndCustomer')).toBe(true);
    expect(isPerCustomer('PerPerson')).toBe(false);
  });

  it('PerDive: dive days × 3 dives a day, unless the dive plan says otherwise', () => {
    expect(chargingQuantity(twoDivers('PerDive'))).toBe('30');
    expect(chargingQuantity(twoDivers('PerDive', { divesPerDay: 2 }))).toBe('20');
    expect(chargingQuantity(twoDivers('PerDive', { dives: 4 }))).toBe('8');
    expect(chargingQuantity(twoDivers('PerDive', { diveDays: 2 }))).toBe('12');
  });

  it('dive days from a plan beat the estimate; the estimate never goes below 0', () => {
    expect(chargingQuantity(twoDivers('PerDiveDay', { diveDays: 6 }))).toBe('12');
    expect(estimateDiveDays(2)).toBe(0);
    expect(estimateDiveDays(8, -2)).toBe(6);
    expect(chargingQuantity(twoDivers('PerDiveDay', { nights: 1 }))).toBe('0');
  });

  it('per unit, not per person: personFactor 1 for every base', () => {
    expect(personFactor(twoDivers('PerNight', { perUnit: true }))).toBe(1);
    expect(chargingQuantity(twoDivers('PerNight', { perUnit: true }))).toBe('7');
  });

  it('qtyPerUnit multiplies exactly', () => {
    expect(chargingQuantity(twoDivers('PerNight', { qtyPerUnit: '0.5' }))).toBe('7');
    expect(chargingQuantity(twoDivers('PerDay', { qtyPerUnit: '1.25' }))).toBe('20');
  });
});

describe('diveDaysWithin (part of a stay)', () => {
  it('the estimate dives from the second day on; parts add up to the whole', () => {
    // 7 nights = 8 days (index 0..7), 5 dive days: indexes 1..5.
    expect(diveDaysWithin([0, 1, 2, 3, 4, 5, 6, 7], 8)).toBe(5);
    expect(diveDaysWithin([0, 1, 2], 8) + diveDaysWithin([3, 4, 5, 6, 7], 8)).toBe(5);
    expect(diveDaysWithin([6, 7], 8)).toBe(0);
  });

  it('with no day adjustment every day dives', () => {
    expect(diveDaysWithin([0, 7], 8, 0)).toBe(2);
  });
});
