import { ZLocalizedText } from '@atoll/domain/geo';
import type { TBedType, TRoomType } from '@atoll/domain/inventory/resorts';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, arrayContains, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type bedTypes, rooms, roomTypes, vessels } from '../../db/schema.ts';
import { resortVisibility } from '../resorts/resorts.repository.ts';

export type TRoomTypeRow = typeof roomTypes.$inferSelect;
export type TBedTypeRow = typeof bedTypes.$inferSelect;

export const toRoomType = (row: TRoomTypeRow): TRoomType => ({
  ...row,
  sizeInSqm: Number(row.sizeInSqm),
  surchargeType: row.surchargeType as TRoomType['surchargeType'],
  description: ZLocalizedText.safeParse(row.description).data ?? {},
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toBedType = (row: TBedTypeRow): TBedType => ({
  ...row,
  translations: ZLocalizedText.safeParse(row.translations).data ?? {},
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createRoomTypesRepository() {
  return {
    async vesselExists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: vessels.id }).from(vessels).where(eq(vessels.id, id));
      return row !== undefined;
    },

    async roomsOfType(ex: Executor, roomTypeId: number) {
      const [row] = await ex.select({ n: count() }).from(rooms).where(eq(rooms.roomTypeId, roomTypeId));
      return row?.n ?? 0;
    },

    /** Rooms whose main or additional bed type this is. */
    async roomsWithBedType(ex: Executor, bedTypeId: number) {
      const [row] = await ex
        .select({ n: count() })
        .from(rooms)
        .where(or(eq(rooms.bedTypeId, bedTypeId), arrayContains(rooms.additionalBedTypes, [bedTypeId])));
      return row?.n ?? 0;
    },
  };
}

export type TRoomTypesRepository = ReturnType<typeof createRoomTypesRepository>;

/**
 * The room types a reader sees: those of resorts with `resort.read`, of vessels with `vessel.read`,
 * each narrowed by the user's asset lists (spec platform §6).
 */
export function roomTypeVisibility(user: TSessionUser): SQL {
  const resortPart = hasScope(user.scopes, ['resort.read'])
    ? and(isNotNull(roomTypes.resortId), resortVisibility(user, roomTypes.resortId))
    : undefined;
  const vesselPart = hasScope(user.scopes, ['vessel.read'])
    ? and(
        isNotNull(roomTypes.vesselId),
        user.vessels.length === 0 ? sql`true` : inArray(roomTypes.vesselId, user.vessels),
      )
    : undefined;
  return or(resortPart, vesselPart) ?? sql`false`;
}
