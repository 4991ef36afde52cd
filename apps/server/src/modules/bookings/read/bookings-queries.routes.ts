import { ZBooking, ZBookingSummary, ZBookingVersion } from '@atoll/domain/bookings';
import { ZHistoryDiff, ZHistoryDiffQuery } from '@atoll/domain/bookings/history';
import {
  ZActionState,
  ZBookingCabin,
  ZBookingCustomer,
  ZBookingEtag,
  ZBookingFindQuery,
  ZBookingListQuery,
  ZBookingLog,
  ZBookingLogQuery,
  ZVersionParams,
} from '@atoll/domain/bookings/queries';
import { listAnswer, ZCsvQuery } from '@atoll/domain/list';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TChangeFeed } from '../../../db/change-feed.ts';
import { createChangeCache } from '../../../db/change-feed.ts';
import { actor } from '../../../http/access.ts';
import { requestKey, sendCachedJson } from '../../../http/cached-json.ts';
import { sendCsv } from '../../../http/csv.ts';
import { ZIdParams } from '../../../http/request.ts';
import type { TBookingParts } from '../bookings.parts.ts';

const tags = ['bookings'];
/** Staff read all bookings (within their resorts and vessels); agents their agency's; customers their own. */
const READ = { access: { scopes: ['bookings.read', 'agencies.self', 'customers.self'] } };
const SEEN =
  'bookings.read: all (within the user’s resorts and vessels); agencies.self: the agency’s; ' +
  'customers.self: those of the user’s customer record. A booking the user may not see answers 404.';

/** Booking list pages kept per instance (about 10 KB each). */
const LIST_CACHE_SIZE = 500;

/** The GET calls of spec booking §7 "Bookings": the list, the detail, its history and its parts. */
export function registerBookingQueryRoutes(
  app: FastifyInstance,
  deps: Pick<TBookingParts, 'queries'> & { changes: TChangeFeed },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { queries } = deps;
  const listCache = createChangeCache<string>(deps.changes, 'bookings', LIST_CACHE_SIZE);

  r.get(
    '/api/bookings',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking list',
        description:
          `${SEEN} Sort, filter and search like every list (search: any number, customer, agency); ` +
          'states (comma list, notResolved: planned or confirmed and not resolved), from/to (overlapping), ' +
          'resortId, vesselId, scheduleId, agencyId, customerId. Default: newest travel date first.',
        querystring: ZBookingListQuery,
        response: { 200: listAnswer(ZBookingSummary) },
      },
    },
    async (request, reply) => {
      // Staff open the list more often than anyone books: pages are kept, serialized, per user and query
      // until a booking, guest or shown name changes (ADR 0024).
      const user = actor(request);
      return sendCachedJson(reply, listCache, `${JSON.stringify(user)} ${requestKey(request)}`, () =>
        queries.list(user, request.query),
      );
    },
  );

  const csv = {
    config: READ,
    schema: {
      tags,
      summary: 'The booking list as CSV',
      description: `The list with the same query. ${SEEN} Only staff get the commission columns.`,
      querystring: ZBookingListQuery.extend(ZCsvQuery.shape),
    },
  };
  for (const path of ['/api/bookings/csvExport', '/api/bookings/listCSV']) {
    r.get(path, csv, async (request, reply) => {
      return sendCsv(request, reply, queries.csv(actor(request), request.query), 'bookings.csv');
    });
  }

  r.get(
    '/api/bookings/years',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The years in which the user’s bookings start or end, ascending',
        response: { 200: z.array(z.number().int()) },
      },
    },
    async (request) => queries.years(actor(request)),
  );

  r.get(
    '/api/bookings/actionStates',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every booking state: whether it holds inventory, is editable and which calls lead out',
        response: { 200: z.array(ZActionState) },
      },
    },
    async () => queries.actionStates(),
  );

  r.get(
    '/api/bookings/find',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Quick lookup by offer, reservation or booking number or customer name (20 rows)',
        description: SEEN,
        querystring: ZBookingFindQuery,
        response: { 200: z.array(ZBookingSummary) },
      },
    },
    async (request) => queries.find(actor(request), request.query),
  );

  r.get(
    '/api/bookings/etag/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking’s current version, also as the ETag header (send it back as If-Match)',
        description: SEEN,
        params: ZIdParams,
        response: { 200: ZBookingEtag },
      },
    },
    async (request, reply) => {
      const version = await queries.etag(actor(request), request.params.id);
      reply.header('etag', `"${version}"`).header('cache-control', 'no-store');
      return { etag: version };
    },
  );

  r.get(
    '/api/bookings/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The whole booking',
        description: `${SEEN} Agents and customers get it without the internal note; the commission only the agent of the booking's agency.`,
        params: ZIdParams,
        response: { 200: ZBooking },
      },
    },
    async (request, reply) => {
      const booking = await queries.get(actor(request), request.params.id);
      reply.header('etag', `"${booking.version}"`);
      return booking;
    },
  );

  r.get(
    '/api/bookings/:id/history',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every version of the booking, newest first: who, when, what',
        description: SEEN,
        params: ZIdParams,
        response: { 200: z.array(ZBookingVersion) },
      },
    },
    async (request) => queries.history(actor(request), request.params.id),
  );

  r.get(
    '/api/bookings/:id/history/diff',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The field changes between two versions of the booking',
        description: `${SEEN} Paths such as rooms[id=12].to or calculation[key=room:r1].total.`,
        params: ZIdParams,
        querystring: ZHistoryDiffQuery,
        response: { 200: ZHistoryDiff },
      },
    },
    async (request) => queries.diff(actor(request), request.params.id, request.query),
  );

  r.get(
    '/api/bookings/:id/history/:version',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking as it was after one version',
        description: SEEN,
        params: ZVersionParams,
        response: { 200: ZBooking },
      },
    },
    async (request) => queries.version(actor(request), request.params.id, request.params.version),
  );

  r.get(
    '/api/bookings/:id/log',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The versions of the booking as a paged log, newest first',
        description: SEEN,
        params: ZIdParams,
        querystring: ZBookingLogQuery,
        response: { 200: ZBookingLog },
      },
    },
    async (request) => queries.log(actor(request), request.params.id, request.query),
  );

  r.get(
    '/api/bookings/:id/customers',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The guests of the booking with their customer names, room by room',
        description: SEEN,
        params: ZIdParams,
        response: { 200: z.array(ZBookingCustomer) },
      },
    },
    async (request) => queries.customers(actor(request), request.params.id),
  );

  r.get(
    '/api/bookings/:id/cabins',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The room and cabin entries of the booking with room and room type names',
        description: SEEN,
        params: ZIdParams,
        response: { 200: z.array(ZBookingCabin) },
      },
    },
    async (request) => queries.cabins(actor(request), request.params.id),
  );
}
