import type { TDivePlan, TPlannedDiver } from '@atoll/domain/dive/plan';

/** A planned diver as the plan's body takes it (without name and readiness). */
export const bodyOf = (d: TPlannedDiver) => ({
  customerId: d.customerId,
  dayGuestId: d.dayGuestId,
  bookingId: d.bookingId,
  rentalGear: d.rentalGear,
  tankSize: d.tankSize,
  airMix: d.airMix,
});

export const sameDiver = (a: TPlannedDiver, b: TPlannedDiver) =>
  a.customerId === b.customerId && a.dayGuestId === b.dayGuestId;

export const diverKey = (d: TPlannedDiver) =>
  d.customerId !== null ? `c${d.customerId}` : `g${d.dayGuestId}`;

/** The trip's divers with one added or removed, as a body. */
export const withDiver = (trip: TDivePlan, diver: TPlannedDiver) => [
  ...trip.divers.map(bodyOf),
  bodyOf(diver),
];
export const withoutDiver = (trip: TDivePlan, diver: TPlannedDiver) =>
  trip.divers.filter((d) => !sameDiver(d, diver)).map(bodyOf);
