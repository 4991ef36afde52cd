import type { TLanguage } from '@atoll/domain/constants';
import {
  ARRIVAL_DEPARTURE_KINDS,
  allowedDays,
  daysBetween,
  MAX_ALLOWED_DAYS,
  RESORT_LISTS,
  ROOM_TYPES_OTA,
  SURCHARGE_TYPES,
  type TResortConstants,
  type TResortList,
  timeZones,
  WEEKDAYS,
  type ZCreateArrivalDepartureRule,
  type ZCreateResort,
} from '@atoll/domain/inventory/resorts';
import { BLOCK_KINDS, HOUSEKEEPING_STATES, ROOM_KINDS, USAGE_STATES } from '@atoll/domain/inventory/rooms';
import type { TSessionUser } from '@atoll/domain/users';
import { createElement } from 'react';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { loadLetterhead, renderPdf } from '../../documents/pdf.tsx';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { ResortListDocument } from './resort-print.tsx';
import type { TResortRow, TResortsRepository, TRuleRow } from './resorts.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };
type TResortInput = z.output<typeof ZCreateResort> | Partial<z.output<typeof ZCreateResort>>;
type TRuleInput =
  | z.output<typeof ZCreateArrivalDepartureRule>
  | Partial<z.output<typeof ZCreateArrivalDepartureRule>>;

/**
 * Asset visibility (spec platform §6): a user whose `resorts` list is not empty sees only those
 * resorts, with everything that belongs to them.
 */
export const seesResort = (user: TSessionUser, resortId: number) =>
  user.resorts.length === 0 || user.resorts.includes(resortId);

const RESORT_PARAM = /^[1-9][0-9]{0,9}$/;
const resortNotFound = (status: 400 | 404) =>
  new AppError(status, 'RESORT_NOT_FOUND', 'No resort with this id');

/** Media ids must name records of the library. */
export async function assertMedia(repository: TResortsRepository, ex: Executor, ids: number[] | undefined) {
  const missing = ids ? await repository.missingMedia(ex, ids) : [];
  if (missing.length > 0) throw badRequest(`Unknown media: ${missing.join(', ')}`, 'images');
}

export function createResortsService(deps: {
  db: Db;
  repository: TResortsRepository;
  settings: TSettingsService;
}) {
  const { db, repository } = deps;

  /** A resort this user may see; another answers like a missing one. */
  async function visibleResort(
    ex: Executor,
    user: TSessionUser,
    id: number,
  ): Promise<TResortRow | undefined> {
    if (!seesResort(user, id)) return undefined;
    return repository.findResort(ex, id);
  }

  async function resortValues(ctx: TCtx, input: TResortInput) {
    if (input.currency !== undefined && !(await repository.currencyExists(ctx.tx, input.currency))) {
      throw badRequest(`Unknown currency ${input.currency}`, 'currency');
    }
    await assertMedia(repository, ctx.tx, input.images);
    const { email, ...rest } = input;
    return { ...rest, ...(email === undefined ? {} : { email: email || null }) };
  }

  async function ruleValues(ctx: TCtx, input: TRuleInput, existing?: TRuleRow) {
    if (input.resortId !== undefined && !(await visibleResort(ctx.tx, ctx.user, input.resortId))) {
      throw badRequest('The resort does not exist', 'resortId');
    }
    const validFrom = input.validFrom === undefined ? existing?.validFrom : input.validFrom;
    const validTo = input.validTo === undefined ? existing?.validTo : input.validTo;
    if (validFrom && validTo && validFrom > validTo) {
      throw badRequest('validFrom must not be after validTo', 'validTo');
    }
    return { ...input };
  }

  /** Rooms and room types go with their resort: refuse instead of deleting them silently. */
  async function beforeDeleteResort(ctx: TCtx, row: TResortRow) {
    const inUse = Object.entries(await repository.dependants(ctx.tx, row.id)).filter(([, n]) => n > 0);
    if (inUse.length === 0) return;
    throw new AppError(
      409,
      'IN_USE',
      `The resort still has ${inUse.map(([what, n]) => `${n} ${what}`).join(', ')}`,
      inUse.map(([what, n]) => ({ path: what, code: 'in_use', message: String(n) })),
    );
  }

  /** docs/domain/availability.md for every day of `[from, to]`; RESORT_NOT_FOUND for a bad or unknown resort. */
  async function dates(user: TSessionUser, resortParam: string, from: string, to: string) {
    if (!RESORT_PARAM.test(resortParam) || Number(resortParam) > 2_147_483_647) throw resortNotFound(400);
    const resort = await visibleResort(db, user, Number(resortParam));
    if (!resort) throw resortNotFound(404);
    if (from > to) throw badRequest('from must not be after to', 'to');
    if (daysBetween(from, to) > MAX_ALLOWED_DAYS) {
      throw badRequest(`At most ${MAX_ALLOWED_DAYS} days at once`, 'to');
    }
    const rules = await repository.rulesCovering(db, resort.id, from, to);
    return allowedDays(rules, from, to);
  }

  async function print(user: TSessionUser, resortId: number, list: TResortList, lang: TLanguage) {
    const resort = await visibleResort(db, user, resortId);
    if (!resort) throw notFound('resort');
    const [roomRows, typeRows, company] = await Promise.all([
      list === 'roomtypes' ? [] : repository.roomsOfResort(db, resort.id),
      list === 'roomtypes' ? repository.roomTypesOfResort(db, resort.id) : [],
      loadLetterhead(db, deps.settings),
    ]);
    const pdf = await renderPdf(
      createElement(ResortListDocument, {
        list,
        resort,
        rooms: roomRows,
        roomTypes: typeRows,
        company,
        lang,
      }),
    );
    return { pdf, filename: `${resort.name}-${list}.pdf` };
  }

  function constants(): TResortConstants {
    return {
      roomKinds: [...ROOM_KINDS],
      blockKinds: [...BLOCK_KINDS],
      surchargeTypes: [...SURCHARGE_TYPES],
      roomTypesOTA: [...ROOM_TYPES_OTA],
      weekdays: [...WEEKDAYS],
      arrivalDepartureKinds: [...ARRIVAL_DEPARTURE_KINDS],
      lists: [...RESORT_LISTS],
      housekeepingStates: [...HOUSEKEEPING_STATES],
      usageStates: [...USAGE_STATES],
      timeZones: timeZones(),
    };
  }

  return { resortValues, ruleValues, beforeDeleteResort, dates, print, constants, visibleResort };
}

export type TResortsService = ReturnType<typeof createResortsService>;
