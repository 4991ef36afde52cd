import {
  CHANNELS,
  type TChannel,
  ZIsoDate,
  ZResortAvailability,
  ZScheduleAvailability,
} from '@atoll/domain/inventory/availability';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TAvailabilityService } from './availability.service.ts';

/** Staff who read inventory or bookings see every hold; agents see what is free, not whose it is. */
const STAFF_SCOPES = ['resort.read', 'vessel.read', 'bookings.read'];
const ACCESS = { scopes: [...STAFF_SCOPES, 'bookings.create', 'agencies.self'] };

const ZAvailableQuery = z.object({
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** With a departure, `{id}` is its vessel and the answer is per cabin and berth. */
  schedule: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  roomTypeId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  channel: z.enum(CHANNELS).optional(),
});

/** Staff choose the channel to see what an agency or a guest would; everyone else asks as an agency. */
function channelOf(user: TSessionUser, asked: TChannel | undefined): { channel: TChannel; staff: boolean } {
  const staff = hasScope(user.scopes, STAFF_SCOPES);
  return { channel: staff ? (asked ?? 'staff') : 'agency', staff };
}

const withoutHolds = <T extends { rooms: { holds: unknown[] }[] }>(answer: T): T => ({
  ...answer,
  rooms: answer.rooms.map((r) => ({ ...r, holds: [] })),
});

export function registerAvailabilityRoutes(
  app: FastifyInstance,
  deps: { availability: TAvailabilityService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { availability } = deps;

  r.get(
    '/api/rooms/available/:id',
    {
      config: { access: ACCESS },
      schema: {
        tags: ['rooms'],
        params: ZIdParams,
        querystring: ZAvailableQuery,
        response: { 200: z.union([ZResortAvailability, ZScheduleAvailability]) },
      },
    },
    async (request) => {
      const { channel, staff } = channelOf(actor(request), request.query.channel);
      const { from, to, schedule } = request.query;
      if (schedule) {
        const answer = await availability.schedule(schedule, channel);
        if (answer.vesselId !== request.params.id)
          throw badRequest('The departure is not of this vessel', 'schedule');
        return staff ? answer : withoutHolds(answer);
      }
      if (!from || !to) throw badRequest('"from" and "to" are required for a resort', 'from');
      const answer = await availability.resort(request.params.id, {
        from,
        to,
        channel,
        roomTypeId: request.query.roomTypeId,
      });
      return staff ? answer : withoutHolds(answer);
    },
  );
}
