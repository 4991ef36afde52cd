import {
  activeBeds,
  sortValue,
  stateField,
  type TAddBlocker,
  type TCreateRoom,
  type TRemoveBlocker,
  type TResortRooms,
  type TRoom,
  type TRoomState,
  type TUpdateRoom,
  ZRoomConfiguration,
} from '@atoll/domain/inventory/rooms';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import {
  parseConfiguration,
  type TRoomRow,
  type TRoomsRepository,
  toRoom,
  visibleRooms,
} from './rooms.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };
type TAsset = { resortId: number | null; vesselId: number | null };

const isAdmin = (user: TSessionUser) => hasScope(user.scopes, ['admin']);
/** Spec platform §6 asset visibility: an empty list means every asset of that kind. */
const listAllows = (list: number[], id: number) => list.length === 0 || list.includes(id);

function canSeeAsset(user: TSessionUser, asset: TAsset): boolean {
  if (isAdmin(user)) return true;
  if (asset.resortId !== null)
    return hasScope(user.scopes, ['resort.read']) && listAllows(user.resorts, asset.resortId);
  if (asset.vesselId !== null)
    return hasScope(user.scopes, ['vessel.read']) && listAllows(user.vessels, asset.vesselId);
  return false;
}

/** A resort room needs resort.update, a vessel cabin vessel.update, and the asset must be the user's. */
function assertAssetWrite(user: TSessionUser, asset: TAsset) {
  const isResort = asset.resortId !== null;
  const scope = isResort ? 'resort.update' : 'vessel.update';
  const id = (isResort ? asset.resortId : asset.vesselId) ?? -1;
  const list = isResort ? user.resorts : user.vessels;
  if (!hasScope(user.scopes, [scope]) || !(isAdmin(user) || listAllows(list, id))) throw forbidden();
}

/** The value of a nullable field after a partial update: given (null included) or the stored one. */
const after = <K extends keyof TAsset | 'roomTypeId' | 'deckId'>(
  input: TUpdateRoom,
  existing: TRoomRow | undefined,
  key: K,
): number | null => (key in input ? (input[key] ?? null) : (existing?.[key] ?? null));

/** The asset of a room after a create or update: exactly one of resort and vessel. */
function assetAfter(input: TUpdateRoom, existing: TRoomRow | undefined): TAsset {
  const asset = {
    resortId: after(input, existing, 'resortId'),
    vesselId: after(input, existing, 'vesselId'),
  };
  if ((asset.resortId === null) === (asset.vesselId === null)) {
    throw badRequest('A room belongs to exactly one resort or one vessel', 'resortId');
  }
  return asset;
}

export function createRoomsService(deps: { db: Db; repository: TRoomsRepository }) {
  const { db, repository } = deps;

  const expand = (rows: TRoomRow[]) => repository.expand(db, rows, today());
  const toRooms = async (rows: TRoomRow[]) => (await expand(rows)).map(toRoom);

  /** Room type and deck of a room belong to its asset, which exists. */
  async function checkPlacement(tx: Tx, input: TUpdateRoom, existing: TRoomRow | undefined, asset: TAsset) {
    const assetChanged = !existing || 'resortId' in input || 'vesselId' in input;
    if (assetChanged) {
      const name = asset.resortId
        ? await repository.resortName(tx, asset.resortId)
        : await repository.vesselName(tx, asset.vesselId ?? -1);
      if (name === undefined)
        throw badRequest('The resort or vessel does not exist', asset.resortId ? 'resortId' : 'vesselId');
    }
    const roomTypeId = after(input, existing, 'roomTypeId');
    if (roomTypeId !== null && (assetChanged || 'roomTypeId' in input)) {
      const type = await repository.roomType(tx, roomTypeId);
      if (!type || type.resortId !== asset.resortId || type.vesselId !== asset.vesselId) {
        throw badRequest('The room type belongs to another resort or vessel', 'roomTypeId');
      }
    }
    const deckId = after(input, existing, 'deckId');
    if (deckId !== null && (assetChanged || 'deckId' in input)) {
      const deck = await repository.deck(tx, deckId);
      if (!deck || asset.vesselId === null || deck.vesselId !== asset.vesselId) {
        throw badRequest('The deck is not a deck of the room’s vessel', 'deckId');
      }
    }
  }

  /** Column values of a create or update; `availableBeds` is always recounted (docs/domain/availability.md). */
  async function roomValues(ctx: TCtx, input: TCreateRoom | TUpdateRoom, existing?: TRoomRow) {
    const { user, tx } = ctx;
    if (existing) assertAssetWrite(user, existing);
    const asset = assetAfter(input, existing);
    assertAssetWrite(user, asset);
    await checkPlacement(tx, input, existing, asset);
    const { configuration: given, sort, ...rest } = input;
    const configuration =
      given ?? (existing ? parseConfiguration(existing.configuration) : ZRoomConfiguration.parse({}));
    return {
      ...rest,
      ...(existing ? {} : { type: input.type ?? (asset.resortId !== null ? 'Room' : 'Cabin') }),
      ...(given || !existing ? { configuration } : {}),
      ...(sort !== undefined || !existing ? { sort: sortValue(sort) } : {}),
      availableBeds: activeBeds(configuration).length,
    };
  }

  async function visibleRoom(ex: Executor, user: TSessionUser, id: number) {
    const row = await repository.find(ex, id, visibleRooms(user));
    if (!row) throw notFound('room');
    return row;
  }

  return {
    roomValues,
    expand,

    async beforeDelete(ctx: TCtx, row: TRoomRow) {
      assertAssetWrite(ctx.user, row);
      if (await repository.hasOccupancy(ctx.tx, row.id)) {
        throw new AppError(409, 'IN_USE', 'The room has bookings; deactivate it instead');
      }
    },

    async copyValues(ctx: TCtx, row: TRoomRow) {
      assertAssetWrite(ctx.user, row);
      const { id: _id, createdAt: _c, updatedAt: _u, ...values } = row;
      return values;
    },

    /** Sets the current housekeeping and/or usage state; one value of each kind at most. */
    async setStates(user: TSessionUser, id: number, states: TRoomState[]): Promise<TRoom> {
      const set: { housekeeping?: string; usageState?: string } = {};
      for (const state of states) {
        const field = stateField(state);
        if (set[field] !== undefined && set[field] !== state) {
          throw badRequest(`Two values for ${field}`, 'states');
        }
        set[field] = state;
      }
      const row = await db.transaction(async (tx) => {
        assertAssetWrite(user, await visibleRoom(tx, user, id));
        return repository.update(tx, id, set);
      });
      if (!row) throw notFound('room');
      return (await toRooms([row]))[0] as TRoom;
    },

    async addBlocker(user: TSessionUser, body: TAddBlocker) {
      const ids = [...new Set([...(body.roomIds ?? []), ...(body.roomId ? [body.roomId] : [])])];
      return db.transaction(async (tx) => {
        const found = await repository.findMany(tx, ids, visibleRooms(user));
        if (found.length !== ids.length) throw notFound('room');
        for (const room of found) assertAssetWrite(user, room);
        return repository.insertBlocks(
          tx,
          ids.map((roomId) => ({
            roomId,
            kind: body.kind,
            from: body.from,
            to: body.to,
            reason: body.reason ?? null,
            userId: user.id,
          })),
        );
      });
    },

    async removeBlocker(user: TSessionUser, body: TRemoveBlocker) {
      const ids = [...new Set([...(body.ids ?? []), ...(body.id ? [body.id] : [])])];
      await db.transaction(async (tx) => {
        const found = await repository.blocksWithRooms(tx, ids, visibleRooms(user));
        if (found.length !== ids.length) throw notFound('block');
        for (const block of found) assertAssetWrite(user, block);
        await repository.deleteBlocks(tx, ids);
      });
      return { ids };
    },

    /** The user's resorts with their rooms, for pickers. */
    async resortRooms(user: TSessionUser): Promise<TResortRooms[]> {
      const ids = isAdmin(user) || user.resorts.length === 0 ? undefined : user.resorts;
      const list = await repository.resorts(db, ids);
      if (list.length === 0) return [];
      const all = await repository.ordered(db, { resortIds: list.map((r) => r.id) });
      return list.map((resort) => ({
        resortId: resort.id,
        name: resort.name,
        rooms: all
          .filter((room) => room.resortId === resort.id)
          .map((room) => ({
            id: room.id,
            name: room.name,
            roomTypeId: room.roomTypeId,
            sort: sortValue(room.sort),
            isActive: room.isActive,
          })),
      }));
    },

    /** The rooms of one room type; a type of an asset the user does not see answers 404. */
    async roomsOfType(user: TSessionUser, roomTypeId: number): Promise<TRoom[]> {
      const type = await repository.roomType(db, roomTypeId);
      if (!type || !canSeeAsset(user, type)) throw notFound('room type');
      return toRooms(await repository.ordered(db, { roomTypeId }));
    },
  };
}
export type TRoomsService = ReturnType<typeof createRoomsService>;
