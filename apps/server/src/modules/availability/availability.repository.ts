import type { TBlockKind, TRoomConfiguration } from '@atoll/domain/inventory/rooms';
import { and, asc, eq, gt, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { occupancy, resorts, roomBlocks, rooms, roomTypes, schedules, vessels } from '../../db/schema.ts';

/** A room's columns the hold checks (the rooms it locks FOR UPDATE); a writer that locks them itself selects these too. */
export const HOLD_ROOM_COLUMNS = {
  id: rooms.id,
  vesselId: rooms.vesselId,
  isActive: rooms.isActive,
  isVisible: rooms.isVisible,
  hide: rooms.hide,
  allowSharedRoom: rooms.allowSharedRoom,
  allowMixedGender: rooms.allowMixedGender,
  configuration: rooms.configuration,
};

export type TOccupancyInsert = typeof occupancy.$inferInsert;

const ROOM_COLUMNS = {
  ...HOLD_ROOM_COLUMNS,
  name: rooms.name,
  roomTypeId: rooms.roomTypeId,
  deckId: rooms.deckId,
  sort: rooms.sort,
  resortId: rooms.resortId,
};

export type TRoomRow = Omit<
  { [K in keyof typeof ROOM_COLUMNS]: (typeof ROOM_COLUMNS)[K]['_']['data'] },
  'configuration'
> & { configuration: Partial<TRoomConfiguration> };

export type TBlockRow = {
  id: number;
  roomId: number;
  kind: TBlockKind;
  from: string;
  to: string;
  reason: string | null;
};

export type THoldRow = {
  roomId: number;
  unit: string;
  from: string;
  to: string;
  bookingId: number | null;
  state: string;
  gender: 'm' | 'f' | 'u';
};

export type TAsset = { kind: 'resort' | 'vessel'; id: number };

/** The asset's rooms. */
const roomsOf = (asset: TAsset) =>
  (asset.kind === 'resort' ? eq(rooms.resortId, asset.id) : eq(rooms.vesselId, asset.id)) as SQL;

/** `[from, to)` of a row overlaps `[from, to)`: the form the gist indexes answer. */
const overlapping = (table: { from: SQL.Aliased | unknown; to: unknown }, from: string, to: string) =>
  sql`daterange(${table.from}, ${table.to}) && daterange(${from}::date, ${to}::date)`;

/** The only file of the engine that touches the database: plain rows, no decisions. */
export function createAvailabilityRepository() {
  return {
    async schedules(ex: Executor, ids: number[]) {
      if (ids.length === 0) return [];
      return ex
        .select({
          id: schedules.id,
          vesselId: schedules.vesselId,
          from: schedules.from,
          to: schedules.to,
          status: schedules.status,
        })
        .from(schedules)
        .where(inArray(schedules.id, ids));
    },

    async rooms(ex: Executor, asset: TAsset): Promise<TRoomRow[]> {
      return (await ex
        .select(ROOM_COLUMNS)
        .from(rooms)
        .where(roomsOf(asset))
        .orderBy(asc(rooms.sort), asc(rooms.name))) as TRoomRow[];
    },

    /**
     * Changes whenever a room or room type of the asset is added, changed or removed; null when the asset
     * does not exist.
     */
    async assetVersion(ex: Executor, asset: TAsset): Promise<string | null> {
      const [table, column] = asset.kind === 'resort' ? [resorts, 'resort_id'] : [vessels, 'vessel_id'];
      const of = sql.raw(column);
      const [row] = await ex
        .select({
          version: sql<string>`(select count(*) || '/' || coalesce(max(updated_at)::text, '') || '/' || coalesce(sum(id), 0)
                     from ${rooms} where ${of} = ${asset.id})
                   || '|' || (select count(*) || '/' || coalesce(max(updated_at)::text, '') || '/' || coalesce(sum(id), 0)
                     from ${roomTypes} where ${of} = ${asset.id})`,
        })
        .from(table)
        .where(eq(table.id, asset.id));
      return row?.version ?? null;
    },

    roomTypes(ex: Executor, asset: TAsset) {
      return ex
        .select({ id: roomTypes.id, name: roomTypes.name, sort: roomTypes.sort })
        .from(roomTypes)
        .where(
          (asset.kind === 'resort'
            ? eq(roomTypes.resortId, asset.id)
            : eq(roomTypes.vesselId, asset.id)) as SQL,
        )
        .orderBy(asc(roomTypes.sort), asc(roomTypes.name));
    },

    /** Blocks of the asset's rooms overlapping `[from, to)`. */
    async blocks(ex: Executor, asset: TAsset, from: string, to: string): Promise<TBlockRow[]> {
      const assetRooms = roomsOf(asset);
      return (await ex
        .select({
          id: roomBlocks.id,
          roomId: roomBlocks.roomId,
          kind: roomBlocks.kind,
          from: roomBlocks.from,
          to: roomBlocks.to,
          reason: roomBlocks.reason,
        })
        .from(roomBlocks)
        .where(
          and(
            sql`${roomBlocks.roomId} in (select ${rooms.id} from ${rooms} where ${assetRooms})`,
            lt(roomBlocks.from, to),
            gt(roomBlocks.to, from),
          ),
        )
        .orderBy(asc(roomBlocks.from))) as TBlockRow[];
    },

    /**
     * Holding rows of the asset's rooms overlapping `[from, to)`; an expired option holds nothing. A plain
     * statement with text dates: a busy week of a large resort has ~1,000 rows, and the query builder's
     * per-column mapping cost more than the query (bench/RESULTS.md).
     */
    async holds(ex: Executor, asset: TAsset, from: string, to: string): Promise<THoldRow[]> {
      const assetRooms = roomsOf(asset);
      const result = await ex.execute(sql`
        select ${occupancy.roomId} as "roomId", ${occupancy.unit} as "unit", ${occupancy.from}::text as "from",
               ${occupancy.to}::text as "to", ${occupancy.bookingId} as "bookingId", ${occupancy.state} as "state",
               ${occupancy.gender} as "gender"
        from ${occupancy}
        where ${occupancy.roomId} in (select ${rooms.id} from ${rooms} where ${assetRooms})
          and ${occupancy.holds} and ${overlapping(occupancy, from, to)}
          and (${occupancy.holdUntil} is null or ${occupancy.holdUntil} > now())`);
      return (result as unknown as { rows: THoldRow[] }).rows;
    },

    /** The rooms a hold checks, locked FOR UPDATE in id order (so two writers never deadlock). */
    lockHoldRooms(tx: Tx, ids: number[]) {
      return tx
        .select(HOLD_ROOM_COLUMNS)
        .from(rooms)
        .where(inArray(rooms.id, ids))
        .orderBy(asc(rooms.id))
        .for('update');
    },

    /**
     * What holds each item's room on its dates (expired options flagged) and whether a block covers them, for all
     * items in one statement, in their order (the exclusion constraint's index finds the nights).
     */
    async onDates<T>(tx: Tx, items: readonly { roomId: number; from: string; to: string }[]): Promise<T[]> {
      const roomIds = items.map((i) => i.roomId);
      const froms = items.map((i) => i.from);
      const tos = items.map((i) => i.to);
      const { rows } = (await tx.execute(sql`
    select coalesce((
             select json_agg(json_build_object('unit', o.unit, 'from', o.from_date, 'to', o.to_date,
                                               'gender', o.gender, 'expired', coalesce(o.hold_until <= now(), false)))
             from ${occupancy} o
             where o.room_id = i.room_id and o.holds
               and daterange(o.from_date, o.to_date) && daterange(i.from_date, i.to_date)
           ), '[]'::json) as "held",
           exists (select 1 from ${roomBlocks} b
                   where b.room_id = i.room_id and b.from_date < i.to_date and b.to_date > i.from_date
           ) as "blocked"
    from unnest(${sql.param(roomIds)}::int[], ${sql.param(froms)}::date[], ${sql.param(tos)}::date[])
         with ordinality as i(room_id, from_date, to_date, n)
    order by i.n`)) as unknown as { rows: T[] };
      return rows;
    },

    /** The room's expired options hold nothing any more. */
    async letExpiredGo(tx: Tx, roomId: number) {
      await tx
        .update(occupancy)
        .set({ holds: false, updatedAt: new Date() })
        .where(
          and(eq(occupancy.roomId, roomId), eq(occupancy.holds, true), lte(occupancy.holdUntil, sql`now()`)),
        );
    },

    async schedule(tx: Tx, id: number) {
      const [row] = await tx.select().from(schedules).where(eq(schedules.id, id));
      return row;
    },

    insertOccupancy(tx: Tx, rows: TOccupancyInsert[]) {
      return tx.insert(occupancy).values(rows).returning();
    },

    /** Every row a booking holds or shows. */
    async deleteOccupancy(tx: Tx, bookingId: number) {
      await tx.delete(occupancy).where(eq(occupancy.bookingId, bookingId));
    },
  };
}
export type TAvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
