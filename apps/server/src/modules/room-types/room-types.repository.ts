import { ZLocalizedText } from '@atoll/domain/geo';
import type { TBedType, TRoomType } from '@atoll/domain/inventory/resorts';
import { arrayContains, count, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type bedTypes, rooms, type roomTypes, vessels } from '../../db/schema.ts';

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
