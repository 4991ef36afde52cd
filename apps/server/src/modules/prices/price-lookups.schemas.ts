import { ZCurrencyCode } from '@atoll/domain/geo';
import { ZIsoDate } from '@atoll/domain/inventory/availability';
import { ZPrice, ZPriceEntry } from '@atoll/domain/pricing/entities';
import { z } from 'zod';
import { ZIdParams } from '../../http/request.ts';

// Requests and answers of the price lookups (spec booking §7 Resort, Price; platform Schedules).
// They belong to the contract the web reads as well: move them to @atoll/domain/pricing when a
// screen needs them.

/** A database id in the query: digits only, within int4. */
const ZIdQuery = ZIdParams.shape.id;

export const ZResortParams = z.object({ resort: ZIdParams.shape.id });

/** A stay `[from, to)`: at most two years of nights in one answer. */
export const MAX_LOOKUP_NIGHTS = 731;
export const ZStayQuery = z.object({ from: ZIsoDate, to: ZIsoDate });

export const ZResortEntryQuery = z.object({
  roomType: ZIdQuery,
  variant: ZIdQuery,
  date: ZIsoDate,
  /** Default: the price's own currency. */
  currency: ZCurrencyCode.optional(),
});

export const ZSeasonQuery = z.object({ saison: ZIdQuery.optional() });

export const ZScheduleEntryQuery = z.object({
  roomType: ZIdQuery,
  variant: ZIdQuery,
  currency: ZCurrencyCode.optional(),
});

export const ZCurrencyQuery = z.object({ currency: ZCurrencyCode.optional() });

/** `GET /api/price/entry/{id}`: an entry with its price and the names a screen shows beside the value. */
export const ZPriceEntryDetail = ZPriceEntry.extend({
  price: ZPrice,
  roomTypeName: z.string(),
  variantName: z.string(),
});
export type TPriceEntryDetail = z.infer<typeof ZPriceEntryDetail>;

/** `GET /api/resort/findPrice/{resort}`: the season that prices each night (null: none, NO_PRICE). */
export const ZFindPriceAnswer = z.object({
  resortId: z.number().int(),
  from: z.string(),
  to: z.string(),
  nights: z.array(z.object({ date: z.string(), priceId: z.number().int().nullable() })),
  /** The chosen prices, each once. */
  prices: z.array(ZPrice),
});
export type TFindPriceAnswer = z.infer<typeof ZFindPriceAnswer>;

/** `GET /api/schedules/{id}/fullCharterPrice`: the departure's own amount, else a full-charter entry. */
export const ZFullCharterPrice = z.object({
  scheduleId: z.number().int(),
  currency: z.string(),
  value: z.string(),
  source: z.enum(['schedule', 'entry']),
  priceId: z.number().int().nullable(),
  entryId: z.number().int().nullable(),
});
export type TFullCharterPrice = z.infer<typeof ZFullCharterPrice>;
