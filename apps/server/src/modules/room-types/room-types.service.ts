import { paxInOrder, ROOM_TYPE_DEFAULTS, type ZCreateRoomType } from '@atoll/domain/inventory/resorts';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { TResortsRepository } from '../resorts/resorts.repository.ts';
import { assertMedia, seesResort } from '../resorts/resorts.service.ts';
import type { TBedTypeRow, TRoomTypeRow, TRoomTypesRepository } from './room-types.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };
type TRoomTypeInput = z.output<typeof ZCreateRoomType> | Partial<z.output<typeof ZCreateRoomType>>;
type TAsset = { resortId: number; vesselId: null } | { resortId: null; vesselId: number };

const seesVessel = (user: TSessionUser, vesselId: number) =>
  user.vessels.length === 0 || user.vessels.includes(vesselId);

/** A resort's type needs resort.update, a vessel's vessel.update. */
function assertMayWrite(user: TSessionUser, asset: { resortId: number | null }) {
  const scope = asset.resortId !== null ? 'resort.update' : 'vessel.update';
  if (!hasScope(user.scopes, [scope])) throw forbidden();
}

function assetOf(input: TRoomTypeInput, existing?: TRoomTypeRow): TAsset {
  const resortId = input.resortId === undefined ? (existing?.resortId ?? null) : input.resortId;
  const vesselId = input.vesselId === undefined ? (existing?.vesselId ?? null) : input.vesselId;
  if (resortId && !vesselId) return { resortId, vesselId: null };
  if (vesselId && !resortId) return { resortId: null, vesselId };
  throw badRequest('A room type belongs to exactly one resort or one vessel', 'resortId');
}

const inUse = (what: string, n: number) =>
  new AppError(409, 'IN_USE', `Still used by ${n} ${what}`, [
    { path: what, code: 'in_use', message: String(n) },
  ]);

export function createRoomTypesService(deps: {
  repository: TRoomTypesRepository;
  resorts: TResortsRepository;
}) {
  const { repository, resorts } = deps;

  async function assertAssetExists(ctx: TCtx, asset: TAsset) {
    const { user, tx } = ctx;
    if (asset.resortId !== null) {
      const known = seesResort(user, asset.resortId) && (await resorts.findResort(tx, asset.resortId));
      if (!known) throw badRequest('The resort does not exist', 'resortId');
      return;
    }
    const known = seesVessel(user, asset.vesselId) && (await repository.vesselExists(tx, asset.vesselId));
    if (!known) throw badRequest('The vessel does not exist', 'vesselId');
  }

  async function roomTypeValues(ctx: TCtx, input: TRoomTypeInput, existing?: TRoomTypeRow) {
    if (existing) assertMayWrite(ctx.user, existing);
    const asset = assetOf(input, existing);
    assertMayWrite(ctx.user, asset);
    if (input.resortId !== undefined || input.vesselId !== undefined) await assertAssetExists(ctx, asset);
    const pax = {
      minNoOfPax: input.minNoOfPax ?? existing?.minNoOfPax ?? ROOM_TYPE_DEFAULTS.minNoOfPax,
      defaultNoOfPax: input.defaultNoOfPax ?? existing?.defaultNoOfPax ?? ROOM_TYPE_DEFAULTS.defaultNoOfPax,
      maxNoOfPax: input.maxNoOfPax ?? existing?.maxNoOfPax ?? ROOM_TYPE_DEFAULTS.maxNoOfPax,
    };
    if (!paxInOrder(pax)) throw badRequest('minNoOfPax ≤ defaultNoOfPax ≤ maxNoOfPax', 'defaultNoOfPax');
    const surcharge = input.surcharge ?? existing?.surcharge ?? '0';
    const surchargeType = input.surchargeType ?? existing?.surchargeType;
    if (surchargeType === 'percent' && Math.abs(Number(surcharge)) > 100) {
      throw badRequest('A percentage surcharge lies between -100 and 100', 'surcharge');
    }
    await assertMedia(resorts, ctx.tx, input.images);
    const { sizeInSqm, ...rest } = input;
    // Setting one asset clears the other, so that a type can move from a vessel to a resort.
    const assetColumns = input.resortId !== undefined || input.vesselId !== undefined ? asset : {};
    return {
      ...rest,
      ...assetColumns,
      ...(sizeInSqm === undefined ? {} : { sizeInSqm: String(sizeInSqm) }),
    };
  }

  return {
    roomTypeValues,

    async copyValues(ctx: TCtx, row: TRoomTypeRow) {
      assertMayWrite(ctx.user, row);
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)` };
    },

    /** Rooms would silently lose their type: refuse while any uses it. */
    async beforeDeleteRoomType(ctx: TCtx, row: TRoomTypeRow) {
      assertMayWrite(ctx.user, row);
      const n = await repository.roomsOfType(ctx.tx, row.id);
      if (n > 0) throw inUse('rooms', n);
    },

    async beforeDeleteBedType(ctx: TCtx, row: TBedTypeRow) {
      const n = await repository.roomsWithBedType(ctx.tx, row.id);
      if (n > 0) throw inUse('rooms', n);
    },
  };
}

export type TRoomTypesService = ReturnType<typeof createRoomTypesService>;
