import { z } from 'zod';

// Home dashboards: what an agent sees of its agency on the start page.

/** Bookings that count for an agency's figures: booked or held, not cancelled, rebooked, freed or deleted. */
export const DASHBOARD_ACTIVE_STATES = ['planned', 'confirmed', 'waiting', 'resolved'] as const;
/** Bookings whose commission the agency has earned: confirmed or travelled. */
export const COMMISSION_EARNED_STATES = ['confirmed', 'resolved'] as const;

const ZAmount = z.string().describe('decimal amount, two places');

export const ZAgencyDashboardMoney = z.object({
  currency: z.string(),
  /** Σ totals of the active bookings. */
  total: ZAmount,
  /** Σ open amounts of the active bookings. */
  open: ZAmount,
  /** Σ commission of the confirmed and travelled bookings. */
  commission: ZAmount,
});

export const ZAgencyDashboard = z.object({
  agency: z.object({
    id: z.number().int(),
    name: z.string(),
    currency: z.string(),
    /** The agency's own default commission percent (the price lists may set another per booking). */
    commission: z.string(),
  }),
  bookings: z.object({
    /** Active bookings (planned, confirmed, waiting, travelled). */
    active: z.number().int(),
    /** Active bookings whose departure is today or later. */
    upcoming: z.number().int(),
    /** Active bookings with something open. */
    withOpenPayments: z.number().int(),
  }),
  money: z.array(ZAgencyDashboardMoney),
  /** The agency's credit balance per currency. */
  credit: z.array(z.object({ currency: z.string(), balance: ZAmount })),
});
export type TAgencyDashboard = z.infer<typeof ZAgencyDashboard>;
