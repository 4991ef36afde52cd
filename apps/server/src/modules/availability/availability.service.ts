import {
  capacityOf,
  nightSpans,
  nightsOf,
  roomOverNights,
  roomTypesOverNights,
  type TChannel,
  type TInventoryRoom,
  type TResortAvailability,
  type TScheduleAvailability,
  type TScheduleCapacity,
} from '@atoll/domain/inventory/availability';
import { sortValue } from '@atoll/domain/inventory/rooms';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import {
  createAvailabilityRepository,
  type TAsset,
  type TBlockRow,
  type THoldRow,
  type TRoomRow,
} from './availability.repository.ts';
import { createHoldFlow } from './hold.flow.ts';

/** Longest interval one availability call answers (a year of nights). */
export const MAX_NIGHTS = 366;

const toInventoryRoom = (row: TRoomRow): TInventoryRoom => ({
  ...row,
  sort: sortValue(row.sort),
  beds: (row.configuration.beds ?? []).map((b) => ({ ...b, type: b.type ?? '' })),
});

const byRoom = <T extends { roomId: number }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.roomId);
    if (list) list.push(row);
    else map.set(row.roomId, [row]);
  }
  return map;
};

const assetNotFound = (asset: TAsset) =>
  asset.kind === 'resort' ? new AppError(404, 'RESORT_NOT_FOUND', 'Resort not found') : notFound('Vessel');

const blockSummary = ({ roomId: _, ...b }: TBlockRow) => b;
const holdSummary = ({ roomId: _, ...h }: THoldRow) => h;

/** The one availability engine every booking path asks (docs/domain/availability.md and departures-and-charters.md). */
export function createAvailabilityService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createAvailabilityRepository();

  /**
   * The rooms and room types of an asset, sorted, kept per process while their version (counts and last
   * changes) holds: a 1,000-room resort costs one small aggregate query instead of reading every
   * configuration again. The hold flow never uses this cache; it reads and locks the rooms it writes.
   */
  type TAssetInventory = { rooms: TInventoryRoom[]; types: { id: number; name: string }[] };
  const cache = new Map<string, { version: string; inventory: TAssetInventory }>();
  async function assetInventory(asset: TAsset): Promise<TAssetInventory> {
    const key = `${asset.kind}:${asset.id}`;
    const version = await repo.assetVersion(db, asset);
    if (version === null) throw assetNotFound(asset);
    const cached = cache.get(key);
    if (cached?.version === version) return cached.inventory;
    const [roomRows, types] = await Promise.all([repo.rooms(db, asset), repo.roomTypes(db, asset)]);
    const rooms = roomRows
      .map(toInventoryRoom)
      .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
    const inventory = { rooms, types: types.map((t) => ({ id: t.id, name: t.name })) };
    cache.set(key, { version, inventory });
    return inventory;
  }

  /** Rooms of an asset over `[from, to)` with their blocks and holds, room by room. */
  async function roomsOver(asset: TAsset, from: string, to: string, channel: TChannel) {
    const [{ rooms: roomList, types }, blocks, holds] = await Promise.all([
      assetInventory(asset),
      repo.blocks(db, asset, from, to),
      repo.holds(db, asset, from, to),
    ]);
    const blocksOf = byRoom(blocks);
    const holdsOf = byRoom(holds);
    const nights = nightsOf(from, to);
    const spans = nightSpans(nights);
    const perRoom = roomList.map((room) =>
      roomOverNights(
        room,
        nights,
        (blocksOf.get(room.id) ?? []).map(blockSummary),
        (holdsOf.get(room.id) ?? []).map(holdSummary),
        channel,
        spans,
      ),
    );
    return { nights, perRoom, types };
  }

  function checkInterval(from: string, to: string) {
    if (to <= from) throw badRequest('"to" must be after "from"', 'to');
    if (nightsOf(from, to).length > MAX_NIGHTS) throw badRequest(`At most ${MAX_NIGHTS} nights`, 'to');
  }

  async function scheduleOf(scheduleId: number) {
    const [schedule] = await repo.schedules(db, [scheduleId]);
    if (!schedule) throw notFound('Schedule');
    return schedule;
  }

  /** Staff may still book a closed departure; agencies and the online channels only open ones. */
  const bookable = (status: string, channel: TChannel) =>
    status === 'open' || (status === 'closed' && channel === 'staff');

  return {
    ...createHoldFlow(),
    /** Free rooms per night and room type of one resort (docs/domain/availability.md). */
    async resort(
      resortId: number,
      query: { from: string; to: string; channel: TChannel; roomTypeId?: number | undefined },
    ): Promise<TResortAvailability> {
      checkInterval(query.from, query.to);
      const { nights, perRoom, types } = await roomsOver(
        { kind: 'resort', id: resortId },
        query.from,
        query.to,
        query.channel,
      );
      const wanted = query.roomTypeId
        ? perRoom.filter((r) => r.room.roomTypeId === query.roomTypeId)
        : perRoom;
      const typeRows = [
        ...types
          .filter((t) => !query.roomTypeId || t.id === query.roomTypeId)
          .map((t) => ({ id: t.id as number | null, name: t.name })),
        ...(wanted.some((r) => r.room.roomTypeId === null) ? [{ id: null, name: '' }] : []),
      ];
      return {
        resortId,
        from: query.from,
        to: query.to,
        channel: query.channel,
        nights,
        roomTypes: roomTypesOverNights(typeRows, wanted, nights.length),
        rooms: wanted.map((r) => r.room),
      };
    },

    /** Free cabins and berths of one departure, cabin by cabin and bed by bed (docs/domain/departures-and-charters.md). */
    async schedule(scheduleId: number, channel: TChannel): Promise<TScheduleAvailability> {
      const schedule = await scheduleOf(scheduleId);
      const { perRoom } = await roomsOver(
        { kind: 'vessel', id: schedule.vesselId },
        schedule.from,
        schedule.to,
        channel,
      );
      const cabins = perRoom.map((r) => r.room);
      const open = bookable(schedule.status, channel);
      return Object.assign(capacityOf(schedule.id, cabins, open), {
        vesselId: schedule.vesselId,
        from: schedule.from,
        to: schedule.to,
        channel,
        bookable: open,
        rooms: cabins,
      });
    },

    /** Free cabins and berths of many departures in one go (tour lists, online departures by month). */
    async capacities(scheduleIds: number[], channel: TChannel): Promise<TScheduleCapacity[]> {
      const list = await repo.schedules(db, [...new Set(scheduleIds)]);
      const byVessel = new Map<number, typeof list>();
      for (const s of list) byVessel.set(s.vesselId, [...(byVessel.get(s.vesselId) ?? []), s]);
      const out = new Map<number, TScheduleCapacity>();
      for (const [vesselId, ofVessel] of byVessel) {
        const from = ofVessel.map((s) => s.from).sort()[0] ?? '';
        const to =
          ofVessel
            .map((s) => s.to)
            .sort()
            .at(-1) ?? '';
        const vessel: TAsset = { kind: 'vessel', id: vesselId };
        const [{ rooms: roomList }, blocks, holds] = await Promise.all([
          assetInventory(vessel),
          repo.blocks(db, vessel, from, to),
          repo.holds(db, vessel, from, to),
        ]);
        for (const s of ofVessel) {
          const within = <T extends { from: string; to: string }>(rows: T[]) =>
            rows.filter((r) => r.from < s.to && r.to > s.from);
          const blocksOf = byRoom(within(blocks));
          const holdsOf = byRoom(within(holds));
          const cabins = roomList.map(
            (room) =>
              roomOverNights(
                room,
                nightsOf(s.from, s.to),
                (blocksOf.get(room.id) ?? []).map(blockSummary),
                (holdsOf.get(room.id) ?? []).map(holdSummary),
                channel,
              ).room,
          );
          out.set(s.id, capacityOf(s.id, cabins, bookable(s.status, channel)));
        }
      }
      return scheduleIds.flatMap((id) => out.get(id) ?? []);
    },
  };
}
export type TAvailabilityService = ReturnType<typeof createAvailabilityService>;
