import type { TPricingInput } from '@atoll/domain/pricing/engine-types';
import type { TEntryAdjustmentType } from '@atoll/domain/pricing/entities';
import { and, asc, count, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  agencies,
  commissions,
  currencies,
  customers,
  occupancy,
  paymentTerms,
  priceVariants,
  rooms,
  roomTypes,
  specials,
  supplements,
} from '../../db/schema.ts';
import { toCommission } from '../commissions/commissions.repository.ts';
import { toSpecial } from '../specials/specials.repository.ts';
import { toTerms } from '../terms/terms.repository.ts';
import { type TAsset, toSupplement, toVariant } from './prices.repository.ts';

// The reads of `loadPricingInput`: each a single query over a whole kind of data the engine needs.

export type TCustomerFacts = {
  id: number;
  birthday: string | null;
  permanentAge: number | null;
  gender: string;
  nationality: string | null;
  country: string | null;
  customerType: string;
  stays: number;
  revenue: string;
  lastStay: string | null;
};

const ofAsset = (asset: TAsset, resortColumn: PgColumn, vesselColumn: PgColumn) =>
  asset.resortId !== null ? eq(resortColumn, asset.resortId) : eq(vesselColumn, asset.vesselId);

export function createPricingInputRepository() {
  return {
    /** The asset's room types with their surcharges (docs/domain/prices.md). */
    async roomTypesOf(ex: Executor, asset: TAsset): Promise<TPricingInput['roomTypes'][number][]> {
      const rows = await ex
        .select({
          id: roomTypes.id,
          name: roomTypes.name,
          surcharge: roomTypes.surcharge,
          surchargeType: roomTypes.surchargeType,
        })
        .from(roomTypes)
        .where(ofAsset(asset, roomTypes.resortId, roomTypes.vesselId))
        .orderBy(asc(roomTypes.id));
      return rows.map((r) => ({ ...r, surchargeType: r.surchargeType as TEntryAdjustmentType }));
    },

    /** Whether the currency is known, and the base currency's code: one query for both. */
    async currencyAndBase(ex: Executor, code: string) {
      const rows = await ex
        .select({ code: currencies.code, isBase: currencies.isBase })
        .from(currencies)
        .where(or(eq(currencies.code, code), eq(currencies.isBase, true)));
      return { isKnown: rows.some((r) => r.code === code), base: rows.find((r) => r.isBase)?.code };
    },

    /** Of these rooms, the ids that belong to the asset. */
    async roomsOf(ex: Executor, asset: TAsset, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await ex
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(inArray(rooms.id, [...new Set(ids)]), ofAsset(asset, rooms.resortId, rooms.vesselId)));
      return new Set(rows.map((r) => r.id));
    },

    /** Each room's default occupancy (configuration.defaultNoOfPax), where it has one. */
    async defaultPaxOf(ex: Executor, ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await ex
        .select({ id: rooms.id, configuration: rooms.configuration })
        .from(rooms)
        .where(inArray(rooms.id, [...new Set(ids)]));
      return new Map(
        rows.flatMap((r) => {
          const pax = (r.configuration as { defaultNoOfPax?: unknown }).defaultNoOfPax;
          return typeof pax === 'number' ? [[r.id, pax] as const] : [];
        }),
      );
    },

    async agency(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: agencies.id, commission: agencies.commission, commissionMode: agencies.commissionMode })
        .from(agencies)
        .where(eq(agencies.id, id));
      return (
        row && {
          ...row,
          commissionMode: row.commissionMode === 'subtract' ? ('subtract' as const) : ('included' as const),
        }
      );
    },

    async commissionsOf(ex: Executor, agencyId: number) {
      const rows = await ex
        .select()
        .from(commissions)
        .where(eq(commissions.agencyId, agencyId))
        .orderBy(asc(commissions.id));
      return rows.map(toCommission);
    },

    async customerFacts(ex: Executor, ids: readonly number[]): Promise<Map<number, TCustomerFacts>> {
      if (ids.length === 0) return new Map();
      const rows = await ex
        .select({
          id: customers.id,
          birthday: customers.birthday,
          permanentAge: customers.permanentAge,
          gender: customers.gender,
          nationality: customers.nationality,
          country: customers.country,
          customerType: customers.customerType,
          stays: customers.stays,
          revenue: customers.revenue,
          lastStay: customers.lastStay,
        })
        .from(customers)
        .where(inArray(customers.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async supplementsOf(ex: Executor, priceIds: readonly number[]) {
      if (priceIds.length === 0) return [];
      const rows = await ex
        .select()
        .from(supplements)
        .where(inArray(supplements.priceId, [...priceIds]))
        .orderBy(asc(supplements.sort), asc(supplements.id));
      return rows.map(toSupplement);
    },

    async variants(ex: Executor) {
      return (
        await ex.select().from(priceVariants).orderBy(asc(priceVariants.sort), asc(priceVariants.id))
      ).map(toVariant);
    },

    /** Specials the engine may apply: confirmed ones (it checks dates, channels and rules itself). */
    async confirmedSpecials(ex: Executor) {
      const rows = await ex
        .select()
        .from(specials)
        .where(eq(specials.status, 'confirmed'))
        .orderBy(asc(specials.sort), asc(specials.id));
      return rows.map(toSpecial);
    },

    async terms(ex: Executor) {
      return (await ex.select().from(paymentTerms).orderBy(asc(paymentTerms.id))).map(toTerms);
    },

    /**
     * Holding occupancy rows of a departure, except those of the booking being priced: one per bed, or
     * per whole room that is not shared.
     */
    async heldOnSchedule(ex: Executor, scheduleId: number, bookingId: number | null) {
      const [row] = await ex
        .select({ n: count() })
        .from(occupancy)
        .where(
          and(
            eq(occupancy.scheduleId, scheduleId),
            eq(occupancy.holds, true),
            bookingId === null
              ? undefined
              : or(isNull(occupancy.bookingId), ne(occupancy.bookingId, bookingId)),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
export type TPricingInputRepository = ReturnType<typeof createPricingInputRepository>;
