import { ZPriceWithEntries, ZTerms } from '@atoll/domain/pricing/entities';
import { z } from 'zod';

// Answers and queries of the booking write calls beyond the contract in @atoll/domain/bookings: the
// release query, the seasons a booking is priced with and its payment schedule.

export const ZReleaseQuery = z.object({
  reason: z.string().trim().min(1).max(200),
  version: z.coerce.number().int().min(1).optional(),
});

/** Optional optimistic-lock version on calls without a body (DELETE, reloadPrice). */
export const ZVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** `GET /api/price/booking/{id}`: per room entry the season of each night (docs/domain/prices.md), and those seasons. */
export const ZBookingPriceData = z.object({
  bookingId: z.number().int(),
  evaluationDate: z.string(),
  rooms: z.array(
    z.object({
      entryId: z.number().int(),
      roomId: z.number().int().nullable(),
      roomTypeId: z.number().int(),
      scheduleId: z.number().int().nullable(),
      from: z.string(),
      to: z.string(),
      calculationType: z.enum(['complete', 'unit']).nullable(),
      nights: z.array(z.object({ date: z.string(), priceId: z.number().int().nullable() })),
    }),
  ),
  prices: z.array(ZPriceWithEntries),
});
export type TBookingPriceData = z.infer<typeof ZBookingPriceData>;

/** `GET /api/terms/calculate/{id}`: deposit and rest of the booking with their due dates (docs/domain/payments.md). */
export const ZBookingPaymentSchedule = z.object({
  bookingId: z.number().int(),
  currency: z.string(),
  terms: ZTerms.nullable(),
  confirmDate: z.string(),
  schedule: z.array(
    z.object({
      type: z.enum(['deposit', 'rest']),
      amount: z.string(),
      dueDate: z.string(),
      /** None: the payer of the booking (the agency on agency bookings); Direct: the guest directly. */
      customerType: z.enum(['None', 'Direct']),
    }),
  ),
});
export type TBookingPaymentSchedule = z.infer<typeof ZBookingPaymentSchedule>;
