import { ZBooking, ZBookingRoomInput } from '@atoll/domain/bookings';
import { ZCurrencyCode } from '@atoll/domain/geo';
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

// The room, guest and stay calls of a booking (spec booking §7 Booking POSTs / DELETEs); the readings of
// the path parameters are in booking-rooms.flow.ts. Office: bookings.update; agents (agencies.self) may
// change guests and the language of their own bookings (the flow refuses them the rest).

const tags = ['bookings'];
const OFFICE = ['bookings.update'];
const GUESTS = ['bookings.update', 'agencies.self'];

const ZPathId = ZIdParams.shape.id;
/** A customer id in the path; 0 names a placeholder guest without a customer record. */
const ZPathCustomer = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,9})$/, 'a whole number')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
const ZQueryId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZVersion = z.coerce.number().int().min(1).optional();
/** Staff override of blocks, the gender rule and missing prices (as `force` of change). */
const ZForce = ZFlag.optional();

const ZEntryQuery = z.object({ roomBookingId: ZQueryId.optional(), version: ZVersion, force: ZForce });
const ZEntryBody = z
  .object({
    roomBookingId: z.number().int().min(1).optional(),
    version: z.number().int().min(1).optional(),
    /** Check-in: why guests not ready to dive are checked in anyway (else 409 NOT_READY). */
    notReadyReason: z.string().trim().min(1).max(500).optional(),
  })
  .nullish();
const ZVersionQuery = z.object({ version: ZVersion, force: ZForce });
const ZVariantQuery = z.object({ variantId: ZQueryId.optional(), version: ZVersion, force: ZForce });
const ZVariantBody = z
  .object({ variantId: z.number().int().min(1).nullable().optional(), version: z.number().int().optional() })
  .nullish();
const ZChangeCustomerQuery = z.object({
  from: ZQueryId.optional(),
  to: ZQueryId,
  room: ZQueryId,
  idx: z.coerce.number().int().min(0).max(49),
  version: ZVersion,
  force: ZForce,
});
const ZRemoveCustomerQuery = z.object({
  idx: z.coerce.number().int().min(0).max(49).optional(),
  roomBookingId: ZQueryId,
  version: ZVersion,
  force: ZForce,
});
const ZRemoveRoomQuery = z.object({ rb: ZQueryId, version: ZVersion, force: ZForce });
const ZAddRoomBody = ZBookingRoomInput.extend({ version: z.number().int().min(1).optional() });
const ZDateQuery = z.object({
  date: z.iso.date().optional(),
  roomBookingId: ZQueryId.optional(),
  version: ZVersion,
  force: ZForce,
  /** 1: the move is checked and priced, then rolled back (the occupancy grid's confirmation). */
  dryRun: ZFlag.optional(),
});
const ZDateBody = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    roomBookingId: z.number().int().min(1).optional(),
    version: z.number().int().min(1).optional(),
  })
  .nullish();

/** The version read: body, query or If-Match; none = no comparison (as release and reloadPrice). */
const lockOf = (
  request: FastifyRequest<{ Querystring: { force?: boolean | undefined } }>,
  ...sent: (number | undefined)[]
): TLock => ({
  version: sentVersion(request.headers, ...sent),
  force: request.query.force === true,
});

export function registerBookingRoomsRoutes(app: FastifyInstance, deps: Pick<TBookingParts, 'rooms'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const flow = deps.rooms;
  const answer = { 200: ZBooking };

  for (const [path, call] of [
    ['checkin', flow.checkIn],
    ['checkout', flow.checkOut],
  ] as const) {
    r.post(
      `/api/bookings/:id/${path}`,
      {
        config: { access: { scopes: OFFICE } },
        schema: { tags, params: ZIdParams, querystring: ZEntryQuery, body: ZEntryBody, response: answer },
      },
      async (request) => {
        const { query, body } = request;
        const roomBookingId = body?.roomBookingId ?? query.roomBookingId;
        return call(
          actor(request),
          request.params.id,
          { roomBookingId, notReadyReason: body?.notReadyReason },
          lockOf(request, body?.version, query.version),
        );
      },
    );
  }

  r.post(
    '/api/bookings/:bookingId/lockUnlockRoom/:roomBooking',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ bookingId: ZPathId, roomBooking: ZPathId }),
        querystring: ZVersionQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.lockUnlockRoom(
        actor(request),
        request.params.bookingId,
        request.params.roomBooking,
        lockOf(request, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:id/changeTerms/:terms',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ id: ZPathId, terms: ZPathId }),
        querystring: ZVersionQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.changeTerms(
        actor(request),
        request.params.id,
        request.params.terms,
        lockOf(request, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:bookingId/language/:language',
    {
      config: { access: { scopes: GUESTS } },
      schema: {
        tags,
        params: z.object({ bookingId: ZPathId, language: z.enum(['de', 'en']) }),
        querystring: ZVersionQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.language(
        actor(request),
        request.params.bookingId,
        request.params.language,
        lockOf(request, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:bookingId/agency/:agencyId',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ bookingId: ZPathId, agencyId: ZPathId }),
        querystring: ZVersionQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.agency(
        actor(request),
        request.params.bookingId,
        request.params.agencyId,
        lockOf(request, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:bookingId/currency/:currency',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ bookingId: ZPathId, currency: ZCurrencyCode }),
        querystring: ZVersionQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.currency(
        actor(request),
        request.params.bookingId,
        request.params.currency,
        lockOf(request, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:booking/variant/:room/:customer',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ booking: ZPathId, room: ZPathId, customer: ZPathId }),
        querystring: ZVariantQuery,
        body: ZVariantBody,
        response: answer,
      },
    },
    async (request) => {
      const { params, query, body } = request;
      const variantId = body?.variantId !== undefined ? body.variantId : (query.variantId ?? null);
      return flow.variant(
        actor(request),
        params.booking,
        params.room,
        params.customer,
        variantId,
        lockOf(request, body?.version, query.version),
      );
    },
  );

  r.post(
    '/api/bookings/:bookingId/changeCustomer',
    {
      config: { access: { scopes: GUESTS } },
      schema: {
        tags,
        params: z.object({ bookingId: ZPathId }),
        querystring: ZChangeCustomerQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.changeCustomer(
        actor(request),
        request.params.bookingId,
        request.query,
        lockOf(request, request.query.version),
      ),
  );

  r.delete(
    '/api/bookings/removeCustomer/:roomId/:customerId',
    {
      config: { access: { scopes: GUESTS } },
      schema: {
        tags,
        params: z.object({ roomId: ZPathId, customerId: ZPathCustomer }),
        querystring: ZRemoveCustomerQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.removeCustomer(
        actor(request),
        request.params.roomId,
        request.params.customerId,
        request.query,
        lockOf(request, request.query.version),
      ),
  );

  r.delete(
    '/api/bookings/removeRoom/:roomId',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ roomId: ZPathId }),
        querystring: ZRemoveRoomQuery,
        response: answer,
      },
    },
    async (request) =>
      flow.removeRoom(
        actor(request),
        request.params.roomId,
        request.query.rb,
        lockOf(request, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:bookingId/rooms',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ bookingId: ZPathId }),
        querystring: ZVersionQuery,
        body: ZAddRoomBody,
        response: answer,
      },
    },
    async (request) => {
      const { version, ...room } = request.body;
      return flow.addRoom(
        actor(request),
        request.params.bookingId,
        room,
        lockOf(request, version, request.query.version),
      );
    },
  );

  r.post(
    '/api/bookings/:bookingId/rooms/:roomId/date',
    {
      config: { access: { scopes: OFFICE } },
      schema: {
        tags,
        params: z.object({ bookingId: ZPathId, roomId: ZPathId }),
        querystring: ZDateQuery,
        body: ZDateBody,
        response: answer,
      },
    },
    async (request) => {
      const { params, query, body } = request;
      const roomBookingId = body?.roomBookingId ?? query.roomBookingId;
      if (roomBookingId === undefined)
        throw badRequest('Send the room entry (roomBookingId)', 'roomBookingId');
      return flow.moveDates(
        actor(request),
        params.bookingId,
        params.roomId,
        { roomBookingId, date: query.date, from: body?.from, to: body?.to },
        { ...lockOf(request, body?.version, query.version), dryRun: query.dryRun === true },
      );
    },
  );
}
