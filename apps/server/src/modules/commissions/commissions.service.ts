import type { ZCreateCommission } from '@atoll/domain/pricing/entities';
import type { TSessionUser } from '@atoll/domain/users';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { seesResort } from '../resorts/resorts.service.ts';
import type { TCommissionRow, TCommissionsRepository } from './commissions.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };
type TCommissionInput = z.output<typeof ZCreateCommission> | Partial<z.output<typeof ZCreateCommission>>;

const seesVessel = (user: TSessionUser, vesselId: number) =>
  user.vessels.length === 0 || user.vessels.includes(vesselId);

/** The value after this write: the body's if it names the field, else the stored one. */
const after = <T>(value: T | undefined, stored: T | null | undefined): T | null =>
  value === undefined ? (stored ?? null) : value;

export function createCommissionsService(deps: { repository: TCommissionsRepository }) {
  const { repository } = deps;

  async function assertAsset(ctx: TCtx, resortId: number | null, vesselId: number | null) {
    if (resortId !== null && vesselId !== null) {
      throw badRequest('A commission is for one resort, one vessel or every asset', 'vesselId');
    }
    const { user, tx } = ctx;
    if (resortId !== null && !(seesResort(user, resortId) && (await repository.resortExists(tx, resortId)))) {
      throw badRequest('The resort does not exist', 'resortId');
    }
    if (vesselId !== null && !(seesVessel(user, vesselId) && (await repository.vesselExists(tx, vesselId)))) {
      throw badRequest('The vessel does not exist', 'vesselId');
    }
  }

  return {
    async commissionValues(ctx: TCtx, input: TCommissionInput, existing?: TCommissionRow) {
      if (input.agencyId !== undefined && !(await repository.agencyExists(ctx.tx, input.agencyId))) {
        throw badRequest('The agency does not exist', 'agencyId');
      }
      const resortId = after(input.resortId, existing?.resortId);
      const vesselId = after(input.vesselId, existing?.vesselId);
      if (input.resortId !== undefined || input.vesselId !== undefined) {
        await assertAsset(ctx, resortId, vesselId);
      }
      const validFrom = after(input.validFrom, existing?.validFrom);
      const validTo = after(input.validTo, existing?.validTo);
      if (validFrom !== null && validTo !== null && validFrom > validTo) {
        throw badRequest('The travel dates end before they start', 'validTo');
      }
      return { ...input };
    },

    async copyValues(_ctx: TCtx, row: TCommissionRow) {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return rest;
    },
  };
}

export type TCommissionsService = ReturnType<typeof createCommissionsService>;
