import { ZBooking } from '@atoll/domain/bookings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../http/access.ts';
import { sentVersion } from '../booking-lock.ts';
import type { TBookingParts } from '../bookings.parts.ts';
import { ZAddLine, ZEditLine, ZSortLines } from './calculation.flow.ts';

// The calculation editing calls of spec booking §7 (Booking POSTs and DELETEs). Staff only
// (bookings.update); the version comes from the body, the query or If-Match.
//
// Reading of the spec's DELETE "calculation/{sort}" (the path has no booking): a sort value is not
// unique, so the parameter is read as the line's id, which is unique over all bookings; the booking is
// the line's own (404 when the user may not see it), its version checked as everywhere. The same call
// also exists under its booking: DELETE /api/bookings/{bookingId}/calculation/{calcId}.
// "calculation/{id}/removeCancellationFee" names the booking (a booking has at most one fee line).

const tags = ['bookings'];
const access = { access: { scopes: ['bookings.update'] } };
const ZDbId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
const ZBookingParams = z.object({ bookingId: ZDbId });
const ZLineParams = z.object({ bookingId: ZDbId, calcId: ZDbId });
const ZVersion = z.object({ version: z.coerce.number().int().min(1).optional() });
const ZRenameQuery = ZVersion.extend({ pattern: z.string().min(1).max(500) });
const ZSpecialQuery = ZVersion.extend({
  ignoreRules: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

type TVersioned = { headers: Record<string, string | string[] | undefined>; query: unknown; body?: unknown };

/** body.version, then ?version=, then If-Match; none → no check. */
function versionOf(request: TVersioned): number | null {
  const fromBody = (request.body as { version?: number } | undefined)?.version;
  const fromQuery = (request.query as { version?: number } | undefined)?.version;
  return sentVersion(request.headers, fromBody, fromQuery);
}

export function registerCalculationRoutes(app: FastifyInstance, deps: Pick<TBookingParts, 'calculation'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const flow = deps.calculation;
  const ok = { 200: ZBooking };

  r.post(
    '/api/bookings/:bookingId/calculation',
    {
      config: access,
      schema: { tags, params: ZBookingParams, querystring: ZVersion, body: ZAddLine, response: ok },
    },
    async (request) =>
      flow.addLine(actor(request), request.params.bookingId, request.body, versionOf(request)),
  );

  r.post(
    '/api/bookings/:bookingId/calculation/refresh',
    { config: access, schema: { tags, params: ZBookingParams, querystring: ZVersion, response: ok } },
    async (request) => flow.refresh(actor(request), request.params.bookingId, versionOf(request)),
  );

  r.post(
    '/api/bookings/:bookingId/calculation/:calcId',
    {
      config: access,
      schema: { tags, params: ZLineParams, querystring: ZVersion, body: ZEditLine, response: ok },
    },
    async (request) =>
      flow.editLine(
        actor(request),
        request.params.bookingId,
        request.params.calcId,
        request.body,
        versionOf(request),
      ),
  );

  r.post(
    '/api/bookings/:bookingId/:calcId/rename',
    { config: access, schema: { tags, params: ZLineParams, querystring: ZRenameQuery, response: ok } },
    async (request) =>
      flow.renameLine(
        actor(request),
        request.params.bookingId,
        request.params.calcId,
        request.query.pattern,
        versionOf(request),
      ),
  );

  r.post(
    '/api/bookings/:bookingId/sort',
    {
      config: access,
      schema: { tags, params: ZBookingParams, querystring: ZVersion, body: ZSortLines, response: ok },
    },
    async (request) =>
      flow.sortLines(
        actor(request),
        request.params.bookingId,
        request.body,
        sentVersion(request.headers, request.query.version),
      ),
  );

  r.delete(
    '/api/bookings/:bookingId/calculation/:calcId',
    { config: access, schema: { tags, params: ZLineParams, querystring: ZVersion, response: ok } },
    async (request) =>
      flow.deleteLine(actor(request), request.params.bookingId, request.params.calcId, versionOf(request)),
  );

  r.delete(
    '/api/bookings/calculation/:calcId',
    {
      config: access,
      schema: { tags, params: z.object({ calcId: ZDbId }), querystring: ZVersion, response: ok },
    },
    async (request) => flow.deleteLineById(actor(request), request.params.calcId, versionOf(request)),
  );

  r.delete(
    '/api/bookings/calculation/:bookingId/removeCancellationFee',
    { config: access, schema: { tags, params: ZBookingParams, querystring: ZVersion, response: ok } },
    async (request) =>
      flow.removeCancellationFee(actor(request), request.params.bookingId, versionOf(request)),
  );

  r.post(
    '/api/bookings/:bookingId/special/:special',
    {
      config: access,
      schema: {
        tags,
        params: z.object({ bookingId: ZDbId, special: ZDbId }),
        querystring: ZSpecialQuery,
        response: ok,
      },
    },
    async (request) =>
      flow.addSpecial(
        actor(request),
        request.params.bookingId,
        request.params.special,
        request.query.ignoreRules,
        versionOf(request),
      ),
  );

  r.post(
    '/api/bookings/:bookingId/updatePaymentPolicy',
    { config: access, schema: { tags, params: ZBookingParams, querystring: ZVersion, response: ok } },
    async (request) => flow.updatePaymentPolicy(actor(request), request.params.bookingId, versionOf(request)),
  );
}
