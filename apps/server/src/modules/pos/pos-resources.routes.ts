import {
  type TCreatePosTab,
  type TUpdatePosTab,
  ZCreatePosTab,
  ZPosTab,
  ZUpdatePosTab,
} from '@atoll/domain/onsite/pos';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db } from '../../db/client.ts';
import { bookingRooms, bookings, posTabs } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { defined, registerResource, type TWriteContext } from '../../http/resource.ts';
import { createOnsiteRepository } from '../onsite/onsite.repository.ts';
import { onsiteCurrencyOf } from '../onsite/onsite-charge.ts';
import { type TPosTabRow, toPosTab } from './pos.repository.ts';
import { assertWorkAsset } from './pos.service.ts';

const onsiteRepo = createOnsiteRepository();

// The generic calls (ADR 0003) of /api/pos: the counter's tabs. A room tab names a booking and its room
// entry: sales on it become the booking's onsite items (docs/domain/onsite.md).

export const POS_ACCESS = {
  read: ['pos.read'],
  create: ['pos.create', 'pos.update'],
  update: ['pos.update'],
  delete: ['pos.delete'],
};

/** A room tab: the booking (planned or confirmed) and the entry must be there; the tab takes its onsite currency. */
async function newTabValues({ user, tx }: TWriteContext, input: TCreatePosTab) {
  const values: Record<string, unknown> = { ...defined(input), userId: user.id };
  if (input.bookingId === undefined) {
    if (input.roomBookingId !== undefined)
      throw badRequest('A room entry needs its booking', 'roomBookingId');
    assertWorkAsset(user, input);
    return values;
  }
  const [found] = await tx
    .select({
      currency: bookings.currency,
      state: bookings.state,
      entry: bookingRooms.id,
      resortId: bookings.resortId,
      vesselId: bookings.vesselId,
    })
    .from(bookings)
    .innerJoin(bookingRooms, eq(bookingRooms.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.id, input.bookingId),
        input.roomBookingId === undefined ? undefined : eq(bookingRooms.id, input.roomBookingId),
        bookingVisibility({ ...user, scopes: [...user.scopes, 'bookings.read'] }),
      ),
    )
    .orderBy(bookingRooms.id)
    .limit(1);
  if (!found) throw badRequest('The booking or its room entry does not exist', 'bookingId');
  if (found.state !== 'planned' && found.state !== 'confirmed')
    throw new AppError(409, 'INVALID_STATE', `A ${found.state} booking takes no onsite charges`);
  const onsite = await onsiteCurrencyOf(tx, { id: input.bookingId, currency: found.currency });
  const asset = { resortId: found.resortId, vesselId: found.vesselId };
  return { ...values, ...asset, roomBookingId: found.entry, currency: onsite.currency };
}

export function registerPosResources(app: FastifyInstance, db: Db) {
  registerResource(app, db, {
    name: 'pos',
    base: '/api/pos',
    table: posTabs,
    id: posTabs.id,
    fields: {
      id: { column: posTabs.id, type: 'number', sort: true, filter: true },
      name: { column: posTabs.name, type: 'string', sort: true, filter: true, search: true },
      state: { column: posTabs.state, type: 'string', sort: true, filter: true },
      bookingId: { column: posTabs.bookingId, type: 'number', sort: true, filter: true },
      idempotencyKey: { column: posTabs.idempotencyKey, type: 'string', filter: true },
      userId: { column: posTabs.userId, type: 'number', sort: true, filter: true },
      createdAt: { column: posTabs.createdAt, type: 'datetime', sort: true, filter: true },
      closedAt: { column: posTabs.closedAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZPosTab,
    toOutput: toPosTab as (row: never) => z.infer<typeof ZPosTab>,
    create: ZCreatePosTab,
    update: ZUpdatePosTab,
    access: POS_ACCESS,
    toValues: async (ctx, input, existing?: TPosTabRow) =>
      existing ? defined(input as TUpdatePosTab) : newTabValues(ctx, input as TCreatePosTab),
    copyValues: async (ctx, row: TPosTabRow) => ({
      name: `${row.name} (copy)`,
      currency: row.currency,
      userId: ctx.user.id,
    }),
    // A tab with sales is kept (the day's figures count them): close it with resolve instead.
    beforeDelete: async ({ tx }, row: TPosTabRow) => {
      if ((await onsiteRepo.items(tx, { tabId: row.id })).length > 0)
        throw new AppError(409, 'IN_USE', 'The tab has sales: resolve it instead');
    },
  });
}
