import { ZLocalizedText } from '@atoll/domain/geo';
import {
  type TRoom,
  type TRoomBlock,
  ZDeckPosition,
  ZRoomConfiguration,
} from '@atoll/domain/inventory/rooms';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, eq, gt, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { occupancy, resorts, roomBlocks, rooms, roomTypes, vesselDecks, vessels } from '../../db/schema.ts';

export type TRoomRow = typeof rooms.$inferSelect;
type TBlockRow = typeof roomBlocks.$inferSelect;
/** A room row with what `expand` adds from other tables. */
export type TExpandedRoomRow = TRoomRow & {
  blocked: TRoomBlock[];
  roomTypeName: string | null;
  assetName: string | null;
};

/** Spec booking §5 in SQL: a negative sort counts as 9999 (the column is never null). */
export const roomSortValue = sql`(case when ${rooms.sort} < 0 then 9999 else ${rooms.sort} end)`;
const resortSortValue = sql`(case when ${resorts.sort} < 0 then 9999 else ${resorts.sort} end)`;

export const toRoomBlock = (row: TBlockRow): TRoomBlock => ({
  id: row.id,
  roomId: row.roomId,
  kind: row.kind as TRoomBlock['kind'],
  from: row.from,
  to: row.to,
  reason: row.reason,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
});

export function toRoom(row: TExpandedRoomRow): TRoom {
  return {
    id: row.id,
    name: row.name,
    internalId: row.internalId,
    type: row.type as TRoom['type'],
    resortId: row.resortId,
    vesselId: row.vesselId,
    roomTypeId: row.roomTypeId,
    deckId: row.deckId,
    // jsonb written by hand may hold anything: the answer carries only what the contract knows.
    deckPosition: ZDeckPosition.safeParse(row.deckPosition).data ?? null,
    isActive: row.isActive,
    isVisible: row.isVisible,
    hide: row.hide,
    availableBeds: row.availableBeds,
    allowSharedRoom: row.allowSharedRoom,
    allowMixedGender: row.allowMixedGender,
    bedTypeId: row.bedTypeId,
    additionalBedTypes: row.additionalBedTypes,
    housekeeping: row.housekeeping as TRoom['housekeeping'],
    usageState: row.usageState as TRoom['usageState'],
    images: row.images,
    description: ZLocalizedText.safeParse(row.description).data ?? {},
    configuration: parseConfiguration(row.configuration),
    sort: row.sort,
    blocked: row.blocked,
    roomTypeName: row.roomTypeName,
    assetName: row.assetName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored configuration with the defaults filled in; an unreadable one counts as the default. */
export const parseConfiguration = (value: unknown) =>
  ZRoomConfiguration.safeParse(value ?? {}).data ?? ZRoomConfiguration.parse({});

const idsOf = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

async function namesById(
  ex: Executor,
  table: typeof resorts | typeof vessels | typeof roomTypes,
  ids: number[],
) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await ex.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function createRoomsRepository() {
  return {
    async find(ex: Executor, id: number, where?: SQL) {
      const [row] = await ex
        .select()
        .from(rooms)
        .where(and(eq(rooms.id, id), where));
      return row;
    },

    async findMany(ex: Executor, ids: number[], where?: SQL) {
      return ex
        .select()
        .from(rooms)
        .where(and(inArray(rooms.id, ids), where));
    },

    async resortName(ex: Executor, id: number) {
      return (await namesById(ex, resorts, [id])).get(id);
    },
    async vesselName(ex: Executor, id: number) {
      return (await namesById(ex, vessels, [id])).get(id);
    },
    async roomType(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: roomTypes.id, resortId: roomTypes.resortId, vesselId: roomTypes.vesselId })
        .from(roomTypes)
        .where(eq(roomTypes.id, id));
      return row;
    },
    async deck(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: vesselDecks.id, vesselId: vesselDecks.vesselId })
        .from(vesselDecks)
        .where(eq(vesselDecks.id, id));
      return row;
    },

    /** Blocks, room type and asset names of a page of rooms: four queries, whatever the page size. */
    async expand(ex: Executor, rows: TRoomRow[], today: string): Promise<TExpandedRoomRow[]> {
      if (rows.length === 0) return [];
      const [blocks, types, resortNames, vesselNames] = await Promise.all([
        ex
          .select()
          .from(roomBlocks)
          .where(
            and(
              inArray(
                roomBlocks.roomId,
                rows.map((r) => r.id),
              ),
              gt(roomBlocks.to, today),
            ),
          )
          .orderBy(asc(roomBlocks.from), asc(roomBlocks.id)),
        namesById(ex, roomTypes, idsOf(rows.map((r) => r.roomTypeId))),
        namesById(ex, resorts, idsOf(rows.map((r) => r.resortId))),
        namesById(ex, vessels, idsOf(rows.map((r) => r.vesselId))),
      ]);
      return rows.map((row) => ({
        ...row,
        blocked: blocks.filter((b) => b.roomId === row.id).map(toRoomBlock),
        roomTypeName: row.roomTypeId === null ? null : (types.get(row.roomTypeId) ?? null),
        assetName:
          (row.resortId !== null ? resortNames.get(row.resortId) : undefined) ??
          (row.vesselId !== null ? vesselNames.get(row.vesselId) : undefined) ??
          null,
      }));
    },

    async hasOccupancy(ex: Executor, roomId: number) {
      const [row] = await ex
        .select({ id: occupancy.id })
        .from(occupancy)
        .where(eq(occupancy.roomId, roomId))
        .limit(1);
      return row !== undefined;
    },

    async update(ex: Executor, id: number, set: Partial<TRoomRow>) {
      const [row] = await ex
        .update(rooms)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(rooms.id, id))
        .returning();
      return row;
    },

    async insertBlocks(ex: Executor, values: (typeof roomBlocks.$inferInsert)[]) {
      const rows = await ex.insert(roomBlocks).values(values).returning();
      return rows.map(toRoomBlock);
    },

    /** Blocks with the asset of their room, for the permission check before removing them. */
    async blocksWithRooms(ex: Executor, ids: number[], roomWhere?: SQL) {
      return ex
        .select({ id: roomBlocks.id, resortId: rooms.resortId, vesselId: rooms.vesselId })
        .from(roomBlocks)
        .innerJoin(rooms, eq(rooms.id, roomBlocks.roomId))
        .where(and(inArray(roomBlocks.id, ids), roomWhere));
    },

    async deleteBlocks(ex: Executor, ids: number[]) {
      await ex.delete(roomBlocks).where(inArray(roomBlocks.id, ids));
    },

    /** Rooms ordered as lists show them: sort (missing or negative = 9999), then name. */
    /** Rooms in display order: of these resorts, or of one room type. */
    async ordered(ex: Executor, of: { resortIds: number[] } | { roomTypeId: number }) {
      const where =
        'roomTypeId' in of ? eq(rooms.roomTypeId, of.roomTypeId) : inArray(rooms.resortId, of.resortIds);
      return ex.select().from(rooms).where(where).orderBy(roomSortValue, asc(rooms.name), asc(rooms.id));
    },

    /** Resorts in display order; `ids` limits them (undefined: all). */
    async resorts(ex: Executor, ids: number[] | undefined) {
      return ex
        .select({ id: resorts.id, name: resorts.name, sort: resorts.sort })
        .from(resorts)
        .where(ids ? inArray(resorts.id, ids) : undefined)
        .orderBy(resortSortValue, asc(resorts.name), asc(resorts.id));
    },
  };
}
export type TRoomsRepository = ReturnType<typeof createRoomsRepository>;

/**
 * Rooms the user may read: resort rooms with `resort.read`, vessel cabins with `vessel.read`, each only of
 * the user's resorts or vessels when those lists are not empty. Undefined: all (admin).
 */
export function visibleRooms(user: TSessionUser): SQL | undefined {
  if (hasScope(user.scopes, ['admin'])) return undefined;
  const parts: SQL[] = [];
  if (hasScope(user.scopes, ['resort.read'])) {
    parts.push(user.resorts.length ? inArray(rooms.resortId, user.resorts) : isNotNull(rooms.resortId));
  }
  if (hasScope(user.scopes, ['vessel.read'])) {
    parts.push(user.vessels.length ? inArray(rooms.vesselId, user.vessels) : isNotNull(rooms.vesselId));
  }
  return or(...parts) ?? sql`false`;
}
