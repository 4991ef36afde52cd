import type {
  TDiscountKind,
  TSpecialTarget,
  TSpecialType,
  ZCreateSpecial,
  ZCreateSpecialsGroup,
} from '@atoll/domain/pricing/entities';
import {
  rulesProblem,
  settingsProblem,
  type TProblem,
  type TSpecialSettings,
} from '@atoll/domain/pricing/special-rules';
import type { TSessionUser } from '@atoll/domain/users';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import type { TSpecialRow, TSpecialsGroupRow, TSpecialsRepository } from './specials.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };
type TSpecialInput = z.output<typeof ZCreateSpecial> | Partial<z.output<typeof ZCreateSpecial>>;
type TGroupInput = z.output<typeof ZCreateSpecialsGroup> | Partial<z.output<typeof ZCreateSpecialsGroup>>;

const refuse = (problem: TProblem | undefined) => {
  if (problem) throw badRequest(problem.message, problem.path);
};

/** The settings after this write: the body over the stored row (a create body carries its defaults). */
function settingsOf(input: TSpecialInput, existing?: TSpecialRow): TSpecialSettings {
  const date = (value: string | null | undefined, stored: string | null | undefined) =>
    value === undefined ? (stored ?? null) : value;
  return {
    type: input.type ?? (existing?.type as TSpecialType | undefined) ?? 'special',
    dateFrom: date(input.dateFrom, existing?.dateFrom),
    dateTo: date(input.dateTo, existing?.dateTo),
    discount: input.discount ?? (existing?.discount as TDiscountKind | undefined) ?? 'PerCent',
    discountValue: input.discountValue ?? existing?.discountValue ?? '0',
    target: input.target ?? (existing?.target as TSpecialTarget | undefined) ?? 'RoomPrice',
    targetIds: input.targetIds ?? existing?.targetIds ?? [],
    replaceMatchingRoomPrice: input.replaceMatchingRoomPrice ?? existing?.replaceMatchingRoomPrice ?? false,
  };
}

export function createSpecialsService(deps: { repository: TSpecialsRepository }) {
  const { repository } = deps;

  async function assertGroup(ctx: TCtx, groupId: number | null | undefined) {
    if (groupId === undefined || groupId === null) return;
    if (!(await repository.groupExists(ctx.tx, groupId))) {
      throw badRequest('The specials group does not exist', 'groupId');
    }
  }

  return {
    /** Checks rules and settings; a new special is always a draft (spec booking §3 Special). */
    async specialValues(ctx: TCtx, input: TSpecialInput, existing?: TSpecialRow) {
      if (input.rules) refuse(rulesProblem(input.rules));
      refuse(settingsProblem(settingsOf(input, existing)));
      await assertGroup(ctx, input.groupId);
      const { status, ...rest } = input;
      return existing
        ? { ...rest, ...(status === undefined ? {} : { status }) }
        : { ...rest, status: 'draft' };
    },

    async copyValues(_ctx: TCtx, row: TSpecialRow) {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, status: 'draft' };
    },

    async groupValues(_ctx: TCtx, input: TGroupInput) {
      return { ...input };
    },

    async copyGroupValues(_ctx: TCtx, row: TSpecialsGroupRow) {
      return { name: `${row.name} (copy)`, description: row.description, sort: row.sort };
    },
  };
}

export type TSpecialsService = ReturnType<typeof createSpecialsService>;
