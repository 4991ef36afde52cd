import { ZBooking } from '@atoll/domain/bookings';
import { ZFlag } from '@atoll/domain/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../http/access.ts';
import { ZIdParams } from '../../../http/request.ts';
import { sentVersion } from '../booking-lock.ts';
import type { TBookingParts } from '../bookings.parts.ts';

// The lifecycle calls of a booking (spec booking §7 Booking POSTs; docs/domain/moving-and-rebooking.md and lifecycle.md): changeRoom,
// rebook (two paths) and move, revert and revertRebook, splitByCustomer, reindex (one or all). All are
// office calls (bookings.update; the global reindex admin only); agents get 403. The version read comes
// in the body, the query or If-Match, as for the other writes.

const tags = ['bookings'];
const OFFICE = ['bookings.update'];

const ZPathId = ZIdParams.shape.id;
const ZId = z.number().int().min(1).max(2_147_483_647);
const ZVersion = z.number().int().min(1).optional();
const ZVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

const ZChangeRoomBody = z.object({
  roomBookingId: ZId,
  roomId: ZId,
  version: ZVersion,
  force: z.boolean().optional(),
  reloadPrice: z.boolean().optional(),
});
const ZCabins = z
  .array(z.object({ roomBookingId: ZId, roomId: ZId }))
  .max(100)
  .optional();
const ZRebookOptions = z.object({ keepPrice: z.boolean().optional(), cabins: ZCabins, version: ZVersion });
const ZRebookBody = ZRebookOptions.extend({ scheduleId: ZId });
const ZRevertBody = z
  .object({ version: ZVersion, optionExpiry: z.iso.datetime({ offset: true }).optional() })
  .nullish();
const ZVersionBody = z.object({ version: ZVersion }).nullish();
const ZSplitBody = z
  .object({ roomBookingIds: z.array(ZId).min(1).max(100).optional(), version: ZVersion })
  .nullish();
const ZMoveBody = z.object({ bookings: z.array(ZId).min(1).max(100), keepPrice: z.boolean().optional() });
const ZReindexReport = z.object({
  bookings: z.number().int(),
  holds: z.number().int(),
  repriced: z.number().int(),
  conflicts: z.number().int(),
});

export function registerBookingLifecycleRoutes(
  app: FastifyInstance,
  deps: Pick<TBookingParts, 'changeRoom' | 'rebook' | 'revert' | 'split' | 'reindex'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { changeRoom, rebook, revert, split, reindex } = deps;
  const office = { access: { scopes: OFFICE } };

  r.post(
    '/api/bookings/:id/changeRoom',
    {
      config: office,
      schema: {
        tags,
        params: ZIdParams,
        // dryRun: the move is checked and priced, then rolled back (the occupancy grid's confirmation).
        querystring: ZVersionQuery.extend({ force: ZFlag.optional(), dryRun: ZFlag.optional() }),
        body: ZChangeRoomBody,
        response: { 200: ZBooking },
      },
    },
    async (request) => {
      const { body, query } = request;
      return changeRoom.changeRoom(actor(request), request.params.id, body, {
        version: sentVersion(request.headers, body.version, query.version),
        force: body.force ?? query.force === true,
        dryRun: query.dryRun === true,
      });
    },
  );

  r.post(
    '/api/bookings/:id/rebook',
    {
      config: office,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZVersionQuery,
        body: ZRebookBody,
        response: { 200: ZBooking },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return rebook.rebook(
        actor(request),
        request.params.id,
        input,
        sentVersion(request.headers, version, request.query.version),
      );
    },
  );

  r.post(
    '/api/bookings/:booking/rebook/:schedule',
    {
      config: office,
      schema: {
        tags,
        params: z.object({ booking: ZPathId, schedule: ZPathId }),
        querystring: ZVersionQuery.extend({ keepPrice: ZFlag.optional() }),
        body: ZRebookOptions.nullish(),
        response: { 200: ZBooking },
      },
    },
    async (request) => {
      const { params, query, body } = request;
      const input = {
        scheduleId: params.schedule,
        keepPrice: body?.keepPrice ?? query.keepPrice === true,
        cabins: body?.cabins,
      };
      return rebook.rebook(
        actor(request),
        params.booking,
        input,
        sentVersion(request.headers, body?.version, query.version),
      );
    },
  );

  r.post(
    '/api/bookings/move/:schedule',
    {
      config: office,
      schema: {
        tags,
        params: z.object({ schedule: ZPathId }),
        body: ZMoveBody,
        response: { 200: z.array(ZBooking) },
      },
    },
    async (request) =>
      rebook.move(
        actor(request),
        request.params.schedule,
        request.body.bookings,
        request.body.keepPrice ?? false,
      ),
  );

  r.post(
    '/api/bookings/:id/revert',
    {
      config: office,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZVersionQuery,
        body: ZRevertBody,
        response: { 200: ZBooking },
      },
    },
    async (request) => {
      const { body, query } = request;
      return revert.revert(
        actor(request),
        request.params.id,
        { optionExpiry: body?.optionExpiry },
        sentVersion(request.headers, body?.version, query.version),
      );
    },
  );

  r.post(
    '/api/bookings/:id/revertRebook',
    {
      config: office,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZVersionQuery,
        body: ZVersionBody,
        response: { 200: ZBooking },
      },
    },
    async (request) =>
      revert.revertRebook(
        actor(request),
        request.params.id,
        sentVersion(request.headers, request.body?.version, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:id/splitByCustomer',
    {
      config: office,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZVersionQuery,
        body: ZSplitBody,
        response: { 200: ZBooking },
      },
    },
    async (request) => {
      const { body, query } = request;
      return split.splitByCustomer(
        actor(request),
        request.params.id,
        { roomBookingIds: body?.roomBookingIds },
        sentVersion(request.headers, body?.version, query.version),
      );
    },
  );

  r.post(
    '/api/bookings/reindex',
    { config: { access: { scopes: ['admin'] } }, schema: { tags, response: { 200: ZReindexReport } } },
    async (request) => reindex.reindexAll(actor(request)),
  );

  r.post(
    '/api/bookings/:booking/reindex',
    {
      config: office,
      schema: { tags, params: z.object({ booking: ZPathId }), response: { 200: ZReindexReport } },
    },
    async (request) => reindex.reindexBooking(actor(request), request.params.booking),
  );
}
