import { ZBooking, ZBookingGuestInput } from '@atoll/domain/bookings';
import { ZFlag } from '@atoll/domain/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../http/access.ts';
import { badRequest } from '../../../http/errors.ts';
import { ZIdParams } from '../../../http/request.ts';
import { sentVersion } from '../booking-lock.ts';
import type { TBookingParts } from '../bookings.parts.ts';
import type { TLock } from './booking-rooms.flow.ts';

// The choices by hand on a booking (spec booking §7 Booking POSTs): changePrice, commission and one room
// entry's shape and guests; the readings of the paths are in booking-choices.flow.ts. Office:
// bookings.update; agents (agencies.self) may set the guests of their own bookings' rooms.

const tags = ['bookings'];
const OFFICE = ['bookings.update'];
const GUESTS = ['bookings.update', 'agencies.self'];
const MAX_ID = 2_147_483_647;

const ZPathId = ZIdParams.shape.id;
/** An id in the path; 0 clears the choice (as `reset=true` does). */
const ZPathChoice = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,9})$/, 'a whole number')
  .transform(Number)
  .pipe(z.number().max(MAX_ID));
const ZVersion = z.coerce.number().int().min(1).optional();
const ZForce = ZFlag.optional();
const ZChoiceQuery = z.object({
  reset: ZFlag.optional(),
  version: ZVersion,
  force: ZForce,
});
const ZEntryQuery = z.object({
  roomBookingId: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  version: ZVersion,
  force: ZForce,
});
const ZEntryBody = z.object({
  roomBookingId: z.number().int().min(1).max(MAX_ID).optional(),
  whole: z.boolean().optional(),
  noOfPax: z.number().int().min(1).max(50).optional(),
  variantId: z.number().int().min(1).max(MAX_ID).nullable().optional(),
  version: z.number().int().min(1).optional(),
});
const ZGuestsBody = z.object({
  roomBookingId: z.number().int().min(1).max(MAX_ID).optional(),
  guests: z.array(ZBookingGuestInput).min(1).max(50),
  version: z.number().int().min(1).optional(),
});

type TQuery = { force?: boolean | undefined };
const lockOf = (
  request: FastifyRequest<{ Querystring: TQuery }>,
  ...sent: (number | undefined)[]
): TLock => ({
  version: sentVersion(request.headers, ...sent),
  force: request.query.force === true,
});

const entryIdOf = (body: number | undefined, query: number | undefined) => {
  const id = body ?? query;
  if (id === undefined) throw badRequest('Send the room entry (roomBookingId)', 'roomBookingId');
  return id;
};

export function registerBookingChoicesRoutes(app: FastifyInstance, deps: Pick<TBookingParts, 'choices'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const flow = deps.choices;
  const answer = { 200: ZBooking };

  r.post(
    '/api/bookings/:booking/changePrice/:price',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        summary: 'Prices the booking with this price instead of the one the engine would choose',
        description:
          'A confirmed price of the booking’s resort or vessel; it prices every night (or the departure) ' +
          'whatever its dates. Price 0 or reset=true lets the engine choose again. Recalculates the booking.',
        params: z.object({ booking: ZPathId, price: ZPathChoice }),
        querystring: ZChoiceQuery,
        response: answer,
      },
    },
    async (request) => {
      const { params, query } = request;
      const priceId = params.price === 0 || query.reset === true ? null : params.price;
      return flow.changePrice(actor(request), params.booking, priceId, lockOf(request, query.version));
    },
  );

  r.post(
    '/api/bookings/:bookingId/commission/:commission',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        summary: 'Gives the agency booking the commission of this commission-table row',
        description:
          'A row of the booking’s agency (general or of its resort or vessel), used whatever its dates and ' +
          'before an AgencyCommission special. 0 or reset=true clears it. Recalculates the booking.',
        params: z.object({ bookingId: ZPathId, commission: ZPathChoice }),
        querystring: ZChoiceQuery,
        response: answer,
      },
    },
    async (request) => {
      const { params, query } = request;
      const commissionId = params.commission === 0 || query.reset === true ? null : params.commission;
      return flow.commission(actor(request), params.bookingId, commissionId, lockOf(request, query.version));
    },
  );

  r.post(
    '/api/bookings/:bookingId/rooms/:roomId',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        summary: 'Changes one room entry: whole or berths, the number of guests, the guests’ price variant',
        description:
          '`roomId`: the room of the entry `roomBookingId` (body or query). noOfPax adds placeholders or ' +
          'removes placeholders from the end. Holds again (NOT_AVAILABLE) and recalculates.',
        params: z.object({ bookingId: ZPathId, roomId: ZPathId }),
        querystring: ZEntryQuery,
        body: ZEntryBody,
        response: answer,
      },
    },
    async (request) => {
      const { params, query, body } = request;
      const { roomBookingId, version, ...change } = body;
      return flow.updateEntry(
        actor(request),
        params.bookingId,
        params.roomId,
        { ...change, roomBookingId: entryIdOf(roomBookingId, query.roomBookingId) },
        lockOf(request, version, query.version),
      );
    },
  );

  r.post(
    '/api/bookings/:bookingId/rooms/:roomId/customers',
    {
      config: { access: { scopes: GUESTS } },
      schema: {
        tags,
        summary: 'Sets the guests of one room entry (customers or placeholders)',
        description:
          '`roomId`: the room of the entry `roomBookingId` (body or query). Guest i of the entry becomes ' +
          'the i-th of the list; the rest are added or removed. Holds again, so availability and the gender ' +
          'rule are checked (NOT_AVAILABLE), and recalculates. Agents: their own bookings and customers.',
        params: z.object({ bookingId: ZPathId, roomId: ZPathId }),
        querystring: ZEntryQuery,
        body: ZGuestsBody,
        response: answer,
      },
    },
    async (request) => {
      const { params, query, body } = request;
      return flow.setGuests(
        actor(request),
        params.bookingId,
        params.roomId,
        { roomBookingId: entryIdOf(body.roomBookingId, query.roomBookingId), guests: body.guests },
        lockOf(request, body.version, query.version),
      );
    },
  );
}
