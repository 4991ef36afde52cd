import type { TDecimal } from '../money/money.ts';
import { D } from './dec.ts';
import type { TChargingBase } from './entities.ts';

// Quantities of products, add-ons, externals and supplements by their charging base
// (docs/domain/products.md): amount = timeFactor × personFactor × qtyPerUnit. Bookings reuse these for lines added later.

/** Defaults of the dive-day estimate: arrival day, departure day and the no-fly day do not dive. */
export const DEFAULT_DAY_ADJUSTMENT = -3;
export const DEFAULT_DIVES_PER_DAY = 3;

export type TChargingInput = {
  base: TChargingBase;
  /** Nights of the booking, or of the room entry the line is attached to. */
  nights: number;
  /** Calendar days; default nights + 1. */
  days?: number;
  /** |C|: the customers the line is for. */
  persons: number;
  qtyPerUnit?: TDecimal | null;
  /** "Per unit, not per person": personFactor 1 for every base. */
  perUnit?: boolean | null;
  /** From a dive plan or log, when there is one. */
  diveDays?: number | null;
  dives?: number | null;
  dayAdjustment?: number;
  divesPerDay?: number;
};

/** Dive days without a dive plan: max(0, days + dayAdjustment). A 7-night trip has 8 days and 5 dive days. */
export const estimateDiveDays = (days: number, dayAdjustment = DEFAULT_DAY_ADJUSTMENT): number =>
  Math.max(0, days + dayAdjustment);

export function diveDaysOf(input: TChargingInput): number {
  if (input.diveDays != null) return input.diveDays;
  return estimateDiveDays(input.days ?? input.nights + 1, input.dayAdjustment);
}

export function divesOf(input: TChargingInput): number {
  if (input.dives != null) return input.dives;
  return diveDaysOf(input) * (input.divesPerDay ?? DEFAULT_DIVES_PER_DAY);
}

export function timeFactor(input: TChargingInput): number {
  const n = input.nights;
  switch (input.base) {
    case 'PerBooking':
    case 'PerBookingAndCustomer':
    case 'PerPerson':
      return 1;
    case 'PerNight':
      return n;
    case 'PerDay':
      return input.days ?? n + 1;
    case 'PerDiveDay':
      return diveDaysOf(input);
    case 'PerDive':
      return divesOf(input);
    case 'PerWeekFloor':
      return Math.floor(n / 7);
    case 'PerWeekCeil':
      return Math.ceil(n / 7);
  }
}

/** |C|, except PerBooking (1), PerBookingAndCustomer (1: one line per customer) and per-unit products. */
export function personFactor(input: TChargingInput): number {
  if (input.perUnit || input.base === 'PerBooking' || input.base === 'PerBookingAndCustomer') return 1;
  return input.persons;
}

/** The quantity of one line, a decimal string ("14", "3.5"); "0" means no line. */
export function chargingQuantity(input: TChargingInput): TDecimal {
  const units = timeFactor(input) * personFactor(input);
  const qty = input.qtyPerUnit ?? '1';
  return qty === '1' ? String(units) : new D(qty).times(units).toFixed();
}

/** PerBookingAndCustomer gives one line per customer (line.customer set). */
export const isPerCustomer = (base: TChargingBase): boolean => base === 'PerBookingAndCustomer';

/**
 * Dive days within part of a stay (a supplement valid on some nights only): the days of the part
 * that the estimate counts as dive days. The estimate's dive days start on the second day, or on the
 * first when it leaves fewer than one day out.
 */
export function diveDaysWithin(dayIndexes: readonly number[], days: number, dayAdjustment?: number): number {
  const dive = estimateDiveDays(days, dayAdjustment);
  const start = Math.max(0, Math.min(1, days - dive));
  return dayIndexes.filter((i) => i >= start && i < start + dive).length;
}
