import { and, eq, gte, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { priceEntries, prices, priceVariants, roomTypes, schedules, tours } from '../../db/schema.ts';
import type { TAsset, TEntryRow, TPriceRow } from './prices.repository.ts';

// The reads of the price lookups beyond the prices themselves: an entry with its names, a departure
// with its tour, and the where-clauses that select the seasons a lookup chooses from.

export const priceOfAsset = (asset: TAsset): SQL =>
  asset.resortId !== null ? eq(prices.resortId, asset.resortId) : eq(prices.vesselId, asset.vesselId);

export const priceWhere = {
  /** One season of the asset. */
  ofAsset: (asset: TAsset, id: number) => and(priceOfAsset(asset), eq(prices.id, id)),
  /** The seasons of these ids. */
  ids: (ids: number[]) => inArray(prices.id, ids),
  /** Confirmed seasons of the asset. */
  confirmed: (asset: TAsset) => and(priceOfAsset(asset), eq(prices.status, 'confirmed')),
  /** Confirmed seasons of the asset whose valid range shares a day with `[first, last]`. */
  confirmedTouching: (asset: TAsset, first: string, last: string) =>
    and(
      priceOfAsset(asset),
      eq(prices.status, 'confirmed'),
      lte(prices.validFrom, last),
      gte(prices.validTo, first),
    ),
  /** Not aborted seasons of the vessel valid on the day, and the one a departure names. */
  candidates: (vesselId: number, day: string, referenced: number | null) =>
    and(
      eq(prices.vesselId, vesselId),
      or(
        and(ne(prices.status, 'aborted'), lte(prices.validFrom, day), gte(prices.validTo, day)),
        referenced === null ? undefined : eq(prices.id, referenced),
      ),
    ),
};

export function createPriceLookupsRepository() {
  return {
    /** An entry with its price and the names of its room type and variant; only of visible prices. */
    async entryDetail(ex: Executor, id: number, visible: SQL | undefined) {
      const [row] = await ex
        .select({
          entry: priceEntries,
          price: prices,
          roomTypeName: roomTypes.name,
          variantName: priceVariants.name,
        })
        .from(priceEntries)
        .innerJoin(prices, eq(prices.id, priceEntries.priceId))
        .innerJoin(roomTypes, eq(roomTypes.id, priceEntries.roomTypeId))
        .innerJoin(priceVariants, eq(priceVariants.id, priceEntries.variantId))
        .where(and(eq(priceEntries.id, id), visible));
      return row as
        | { entry: TEntryRow; price: TPriceRow; roomTypeName: string; variantName: string }
        | undefined;
    },

    /** A departure the user may see, with its tour. */
    async scheduleWithTour(ex: Executor, id: number, visible: SQL | undefined) {
      const [row] = await ex
        .select({ schedule: schedules, tourName: tours.name })
        .from(schedules)
        .innerJoin(tours, eq(tours.id, schedules.tourId))
        .where(and(eq(schedules.id, id), visible));
      return row;
    },

    async fullCharterVariantIds(ex: Executor): Promise<number[]> {
      const rows = await ex
        .select({ id: priceVariants.id })
        .from(priceVariants)
        .where(eq(priceVariants.fullCharter, true));
      return rows.map((r) => r.id);
    },
  };
}
export type TPriceLookupsRepository = ReturnType<typeof createPriceLookupsRepository>;
