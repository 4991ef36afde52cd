import { ZBooking, ZCancelBooking, ZChangeBooking, ZCreateBooking } from '@atoll/domain/bookings';
import { copyRequest, ZCopyBooking } from '@atoll/domain/bookings/copy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actor } from '../../../http/access.ts';
import { ZIdParams } from '../../../http/request.ts';
import { sentVersion, versionFromHeader } from '../booking-lock.ts';
import type { TBookingParts } from '../bookings.parts.ts';
import {
  ZBookingPaymentSchedule,
  ZBookingPriceData,
  ZReleaseQuery,
  ZVersionQuery,
} from './bookings-writes.schemas.ts';

const tags = ['bookings'];
/** Writers: the office, or an agent (agencies.self) on its agency's bookings; the flows tell them apart. */
const CREATE = ['bookings.create', 'agencies.self'];
const CHANGE = ['bookings.update', 'agencies.self'];

/** The booking write calls: create, change (and update), copy, cancell, release, delete, reloadPrice, and two price reads. */
export function registerBookingWritesRoutes(
  app: FastifyInstance,
  deps: Pick<TBookingParts, 'create' | 'change' | 'cancel' | 'release' | 'lookups' | 'queries'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { create, change, cancel, lookups, queries } = deps;
  const lifecycle = deps.release;

  r.post(
    '/api/bookings',
    {
      config: { access: { scopes: CREATE } },
      schema: { tags, body: ZCreateBooking, response: { 201: ZBooking } },
    },
    async (request, reply) => {
      const booking = await create.createBooking(actor(request), request.body);
      return reply.status(201).send(booking);
    },
  );

  // `{id}/change`, and the same as the spec's generic update `POST {id}`.
  for (const url of ['/api/bookings/:id/change', '/api/bookings/:id'])
    r.post(
      url,
      {
        config: { access: { scopes: CHANGE } },
        schema: { tags, params: ZIdParams, body: ZChangeBooking, response: { 200: ZBooking } },
      },
      async (request) =>
        change.changeBooking(
          actor(request),
          request.params.id,
          request.body,
          versionFromHeader(request.headers['if-match']),
        ),
    );

  r.post(
    '/api/bookings/:id/copy',
    {
      config: { access: { scopes: CREATE } },
      schema: {
        tags,
        summary: 'A new booking made from this one',
        description:
          'Its rooms and guests (resort stays moved by shiftDays, cabins on scheduleId if given), customer, agency, terms and notes, through the same checks, holds and pricing as a new booking. Not copied: numbers, hand-made lines, specials and products chosen by hand, payments, documents.',
        params: ZIdParams,
        body: ZCopyBooking,
        response: { 201: ZBooking },
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const source = await queries.get(user, request.params.id);
      const booking = await create.createBooking(user, copyRequest(source, request.body));
      return reply.status(201).send(booking);
    },
  );

  r.post(
    '/api/bookings/:id/cancell',
    {
      config: { access: { scopes: CHANGE } },
      schema: { tags, params: ZIdParams, body: ZCancelBooking, response: { 200: ZBooking } },
    },
    async (request) => {
      const version = sentVersion(request.headers, request.body.version) ?? undefined;
      return cancel.cancelBooking(actor(request), request.params.id, { ...request.body, version });
    },
  );

  r.post(
    '/api/bookings/:id/release',
    {
      config: { access: { scopes: ['bookings.update'] } },
      schema: { tags, params: ZIdParams, querystring: ZReleaseQuery, response: { 200: ZBooking } },
    },
    async (request) =>
      lifecycle.releaseBooking(
        actor(request),
        request.params.id,
        request.query.reason,
        sentVersion(request.headers, request.query.version),
      ),
  );

  r.delete(
    '/api/bookings/:id',
    {
      config: { access: { scopes: ['bookings.delete'] } },
      schema: { tags, params: ZIdParams, querystring: ZVersionQuery, response: { 200: ZBooking } },
    },
    async (request) =>
      lifecycle.deleteBooking(
        actor(request),
        request.params.id,
        sentVersion(request.headers, request.query.version),
      ),
  );

  r.post(
    '/api/bookings/:id/reloadPrice',
    {
      config: { access: { scopes: ['bookings.update'] } },
      schema: { tags, params: ZIdParams, querystring: ZVersionQuery, response: { 200: ZBooking } },
    },
    async (request) =>
      lifecycle.reloadPrice(
        actor(request),
        request.params.id,
        sentVersion(request.headers, request.query.version),
      ),
  );

  r.get(
    '/api/price/booking/:id',
    {
      config: { access: { scopes: ['bookings.read'] } },
      schema: { tags: ['prices'], params: ZIdParams, response: { 200: ZBookingPriceData } },
    },
    async (request) => lookups.priceData(actor(request), request.params.id),
  );

  r.get(
    '/api/terms/calculate/:id',
    {
      config: { access: { scopes: ['bookings.read', 'agencies.self'] } },
      schema: { tags: ['terms'], params: ZIdParams, response: { 200: ZBookingPaymentSchedule } },
    },
    async (request) => lookups.paymentSchedule(actor(request), request.params.id),
  );
}
