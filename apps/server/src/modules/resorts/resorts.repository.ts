import { ZLocalizedText } from '@atoll/domain/geo';
import type { TArrivalDepartureRule, TResort } from '@atoll/domain/inventory/resorts';
import { ZResortAddress } from '@atoll/domain/inventory/resorts';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, count, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  arrivalDepartureRules,
  bedTypes,
  currencies,
  media,
  resorts,
  rooms,
  roomTypes,
} from '../../db/schema.ts';

export type TResortRow = typeof resorts.$inferSelect;
export type TRuleRow = typeof arrivalDepartureRules.$inferSelect;

export const toResort = (row: TResortRow): TResort => ({
  ...row,
  // jsonb written by hand may hold anything: the answer carries only what the contract knows.
  description: ZLocalizedText.safeParse(row.description).data ?? {},
  address: ZResortAddress.safeParse(row.address).data ?? {},
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toRule = (row: TRuleRow): TArrivalDepartureRule => ({
  ...row,
  kind: row.kind as TArrivalDepartureRule['kind'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createResortsRepository() {
  return {
    async findResort(ex: Executor, id: number) {
      const [row] = await ex.select().from(resorts).where(eq(resorts.id, id));
      return row;
    },

    /** What would go with the resort. */
    async dependants(ex: Executor, resortId: number) {
      const [r] = await ex.select({ n: count() }).from(rooms).where(eq(rooms.resortId, resortId));
      const [t] = await ex.select({ n: count() }).from(roomTypes).where(eq(roomTypes.resortId, resortId));
      return { rooms: r?.n ?? 0, roomTypes: t?.n ?? 0 };
    },

    async currencyExists(ex: Executor, code: string) {
      const [row] = await ex.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
      return row !== undefined;
    },

    /** The ids of `ids` that name no media record. */
    async missingMedia(ex: Executor, ids: number[]) {
      if (ids.length === 0) return [];
      const found = await ex.select({ id: media.id }).from(media).where(inArray(media.id, ids));
      const known = new Set(found.map((m) => m.id));
      return ids.filter((id) => !known.has(id));
    },

    /** The rules of a resort that are valid on some day of `[from, to]`. */
    rulesCovering(ex: Executor, resortId: number, from: string, to: string) {
      return ex
        .select()
        .from(arrivalDepartureRules)
        .where(
          and(
            eq(arrivalDepartureRules.resortId, resortId),
            or(isNull(arrivalDepartureRules.validFrom), lte(arrivalDepartureRules.validFrom, to)),
            or(isNull(arrivalDepartureRules.validTo), gte(arrivalDepartureRules.validTo, from)),
          ),
        );
    },

    /** Rooms of a resort with their type and bed type names, in list order. */
    roomsOfResort(ex: Executor, resortId: number) {
      return ex
        .select({
          name: rooms.name,
          internalId: rooms.internalId,
          roomType: roomTypes.name,
          bedType: bedTypes.name,
          bedTypeNames: bedTypes.translations,
          availableBeds: rooms.availableBeds,
          configuration: rooms.configuration,
          housekeeping: rooms.housekeeping,
          usageState: rooms.usageState,
          isActive: rooms.isActive,
          isVisible: rooms.isVisible,
          hide: rooms.hide,
          sort: rooms.sort,
        })
        .from(rooms)
        .leftJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
        .leftJoin(bedTypes, eq(bedTypes.id, rooms.bedTypeId))
        .where(eq(rooms.resortId, resortId));
    },

    roomTypesOfResort(ex: Executor, resortId: number) {
      return ex.select().from(roomTypes).where(eq(roomTypes.resortId, resortId));
    },
  };
}

export type TResortsRepository = ReturnType<typeof createResortsRepository>;

/** The row filter of asset visibility over a resort id column. */
export const resortVisibility = (user: TSessionUser, column: PgColumn): SQL =>
  user.resorts.length === 0 ? sql`true` : inArray(column, user.resorts);

/**
 * The resorts a reader of the resort list sees: staff (resort.read) their assets; an agent
 * (agencies.self), who only books for clients, just the active resorts that are on sale.
 */
export const readableResorts = (user: TSessionUser): SQL =>
  hasScope(user.scopes, ['resort.read'])
    ? resortVisibility(user, resorts.id)
    : (and(
        resortVisibility(user, resorts.id),
        eq(resorts.isActive, true),
        eq(resorts.isVisible, true),
      ) as SQL);
