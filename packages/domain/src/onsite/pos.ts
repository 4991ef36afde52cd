import { z } from 'zod';
import { ZCurrencyCode } from '../geo/geo.ts';
import { ZIsoDate } from '../inventory/availability.ts';
import {
  ZAddOnsiteItem,
  ZIdempotencyKey,
  ZOnsiteItem,
  ZOnsitePayment,
  ZOnsitePaymentRecord,
  ZOnsiteTotals,
  ZUpdateOnsiteItem,
} from './onsite.ts';

// The counter (spec booking §7 Point of sale, docs/domain/onsite.md): tabs of walk-ins and of booked guests
// (charged to their room entry), sales and payments on them, the end-of-day figures.

const ZId = z.number().int().positive().max(2_147_483_647);

export const ZPosTab = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  bookingId: z.number().int().nullable(),
  roomBookingId: z.number().int().nullable(),
  currency: z.string(),
  /** Where the counter stands: sales take from this asset's stock. */
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  idempotencyKey: z.string().nullable(),
  userId: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPosTab = z.infer<typeof ZPosTab>;

/** `POST /api/pos`: a walk-in's tab, or a room tab (`bookingId` and its room entry `roomBookingId`). */
export const ZCreatePosTab = z.object({
  name: z.string().trim().min(1).max(100),
  bookingId: ZId.optional(),
  roomBookingId: ZId.optional(),
  currency: ZCurrencyCode.optional(),
  /** A walk-in tab's asset (a room tab takes its booking's). */
  resortId: ZId.optional(),
  vesselId: ZId.optional(),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TCreatePosTab = z.infer<typeof ZCreatePosTab>;
/** `GET /api/pos/assets`: the resorts and vessels the cashier works at, for a walk-in tab's asset. */
const ZPosAsset = z.object({ id: z.number().int(), name: z.string() });
export const ZPosAssets = z.object({ resorts: z.array(ZPosAsset), vessels: z.array(ZPosAsset) });
export type TPosAssets = z.infer<typeof ZPosAssets>;

export const ZUpdatePosTab = z.object({ name: z.string().trim().min(1).max(100).optional() });
export type TUpdatePosTab = z.infer<typeof ZUpdatePosTab>;

/** `POST /api/pos/{id}/product`: a sale on the tab. */
export const ZPosSale = ZAddOnsiteItem.omit({ rb: true });
export type TPosSale = z.infer<typeof ZPosSale>;
/**
 * The answer to a sale: the tab, the item stored (or the one stored before under its key) and the tab's new
 * totals, not the whole tab: an offline queue of hundreds of sales must not read its tab back each time.
 */
export const ZPosSaleAnswer = z.object({ tab: ZPosTab, item: ZOnsiteItem, totals: ZOnsiteTotals });
export type TPosSaleAnswer = z.infer<typeof ZPosSaleAnswer>;
/** The answer to a payment: the tab, the payment stored and the tab's new totals. */
export const ZPosPaymentAnswer = z.object({
  tab: ZPosTab,
  payment: ZOnsitePaymentRecord,
  totals: ZOnsiteTotals,
});
export type TPosPaymentAnswer = z.infer<typeof ZPosPaymentAnswer>;
export const ZPosSaleUpdate = ZUpdateOnsiteItem;
export const ZPosPayment = ZOnsitePayment.omit({ rb: true });
export const ZPosResolve = z.object({ ids: z.array(ZId).min(1).max(500) });
export const ZPosCombine = z.object({ ids: z.array(ZId).min(2).max(50) });

export const PRINT_FORMATS = ['a4', 'receipt'] as const;
export const ZPosPrintQuery = z.object({
  format: z.enum(PRINT_FORMATS).default('a4'),
  language: z.enum(['de', 'en']).optional(),
});

/** `GET /api/pos/stats`: the days (operator's time zone) and the cash counted in the drawer. */
export const ZPosStatsQuery = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  counted: z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/)
    .optional(),
});

const ZSum = z.object({ currency: z.string(), amount: z.string(), count: z.number().int() });
export const ZPosStats = z.object({
  from: z.string(),
  to: z.string(),
  sales: z.array(ZSum),
  byMethod: z.array(ZSum.extend({ method: z.string() })),
  byCategory: z.array(
    ZSum.extend({ categoryId: z.number().int().nullable(), category: z.string().nullable() }),
  ),
  byCashier: z.array(ZSum.extend({ userId: z.number().int().nullable(), cashier: z.string().nullable() })),
  cash: z.object({
    expected: z.array(ZSum.omit({ count: true })),
    counted: z.string().nullable(),
    difference: z.string().nullable(),
  }),
});
export type TPosStats = z.infer<typeof ZPosStats>;
