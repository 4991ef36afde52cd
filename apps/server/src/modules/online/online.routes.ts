import { ZBooking, ZBookingSummary } from '@atoll/domain/bookings';
import { type TBookingListQuery, ZBookingListQuery } from '@atoll/domain/bookings/queries';
import { listAnswer, ZCsvQuery } from '@atoll/domain/list';
import {
  ZOnlineAddon,
  ZOnlineAssetQuery,
  ZOnlineCreated,
  ZOnlineCreateRequest,
  ZOnlineLookup,
  ZOnlineLookupQuery,
  ZOnlinePrice,
  ZOnlinePriceRequest,
  ZOnlineProductsQuery,
  ZOnlineRooms,
  ZOnlineRoomsQuery,
  ZOnlineRoomTypes,
  ZOnlineRoomTypesQuery,
  ZOnlineSchedule,
  ZOnlineSchedulesQuery,
  ZOnlineTokenBody,
  ZOnlineTrip,
  ZOnlineTripQuery,
  ZOnlineVessel,
} from '@atoll/domain/online/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { today } from '../../clock.ts';
import { createChangeCache, type TChangeCache, type TChangeFeed } from '../../db/change-feed.ts';
import { actor } from '../../http/access.ts';
import { requestKey, sendCachedJson } from '../../http/cached-json.ts';
import { sendCsv } from '../../http/csv.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TBookingQueries } from '../bookings/read/bookings-queries.service.ts';
import type { TOnlineService } from './online.service.ts';
import { ONLINE_CHANNEL } from './online-confirm.flow.ts';

// Spec booking §7 "Online booking (/api/book)": the guest's public calls (rate-limited per IP) and the
// generic resource calls on /api/book, decided as follows (ADR proposal in the session report):
// - GET /api/book, /listCSV, /{id}: staff (bookings.read) views of the online bookings (channel
//   CustomerDirectBooking) – the booking list with that channel fixed.
// - POST /api/book: the same create as POST /api/book/booking/create (public, idempotent).
// - POST /api/book/{id}: the guest's view of their booking, proven by the guest token in the body.
// - DELETE /api/book/{id}?token=: the guest gives up an unpaid hold (freed at once, reason "abandoned").
// - POST /api/book/{id}/copy: not offered for the online channel (staff copy in the back office):
//   409 INVALID_STATE, scope bookings.create.
// The checkout and payment pages (/api/book/{id}/checkout, payment/*) live in payments/online-payments.

const tags = ['online'];
/** Reads of what is on sale: generous; a phone's booking flow makes a dozen. */
const READ_LIMIT = { max: 240, timeWindow: '1 minute' };
/** Prices and creates: enough for a family's retries, not for a bot sweeping the inventory. */
const WRITE_LIMIT = { max: 60, timeWindow: '1 minute' };
/** The lookup by number: few, so numbers cannot be walked. */
const LOOKUP_LIMIT = { max: 10, timeWindow: '1 minute' };

/** Search answers kept (by URL): a month of departures, a phone's stays and cabins. */
const SEARCH_CACHE_SIZE = 2000;
/**
 * A kept search answer lasts at most this long: an unpaid hold lapses by the clock, not by a write, so a kept
 * answer may show its room taken up to a minute longer (never the other way: a write ends it at once).
 */
const SEARCH_MAX_AGE_MS = 60_000;

const open = (rateLimit: { max: number; timeWindow: string }) =>
  ({ access: { public: true }, rateLimit }) as const;
const STAFF_READ = { access: { scopes: ['bookings.read'] } };

const ZKey = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[\w.:-]+$/, 'letters, digits, . _ : -');
const ZCreateHeaders = z.object({
  'idempotency-key': ZKey.optional(),
  'x-timezone-offset': z
    .string()
    .regex(/^-?\d{1,4}$/)
    .optional(),
  'accept-language': z.string().max(500).optional(),
});

/** The booking list query with the channel fixed to the online one (any own filter kept). */
function onlineOnly(query: TBookingListQuery): TBookingListQuery {
  let own: Record<string, unknown> = {};
  if (query.filter) {
    try {
      const parsed: unknown = JSON.parse(query.filter);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      own = parsed as Record<string, unknown>;
    } catch {
      throw badRequest('The filter is not a JSON object', 'filter');
    }
  }
  return {
    ...query,
    filter: JSON.stringify({ ...own, channel: ONLINE_CHANNEL }),
  };
}

export function registerOnlineRoutes(
  app: FastifyInstance,
  deps: { online: TOnlineService; queries: TBookingQueries; changes: TChangeFeed },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { online: service, queries, changes } = deps;
  // The search's answers with availability and prices, kept while nothing they read changes (topic `offer`).
  // Public calls sync the feed themselves (no session lookup does it for them).
  const kept = createChangeCache<{ at: number; body: string }>(changes, 'offer', SEARCH_CACHE_SIZE);
  const searchCache: TChangeCache<string> = {
    generation: kept.generation,
    get(key) {
      const entry = kept.get(key);
      return entry && Date.now() - entry.at <= SEARCH_MAX_AGE_MS ? entry.body : undefined;
    },
    set: (key, generation, body) => kept.set(key, generation, { at: Date.now(), body }),
  };
  const cachedSearch = async (
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
  ) => {
    await changes.sync();
    return sendCachedJson(reply, searchCache, `${today()} ${requestKey(request)}`, compute);
  };

  r.get(
    '/api/book/schedules',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'Departures on sale online, with free cabins and berths',
        description:
          'Public (guests booking online). Open, visible departures of visible tours and vessels from today on; ' +
          '`month` (YYYY-MM) narrows to the departures starting that month. `priceFrom`: the lowest online ' +
          'price per person of a cabin type for two (or the cabin’s places when fewer).',
        querystring: ZOnlineSchedulesQuery,
        response: { 200: z.array(ZOnlineSchedule) },
      },
    },
    async (request, reply) => cachedSearch(request, reply, () => service.schedules(request.query)),
  );

  r.get(
    '/api/book/trip/:id',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'One departure on sale with its sellable cabins and berths (live availability)',
        description:
          'Public. 404 for a departure not on sale online. Also its cabin types, each with its free cabins and ' +
          'the online price of a free cabin for `guests` (default 2, at most the cabin’s places), and the decks.',
        params: ZIdParams,
        querystring: ZOnlineTripQuery,
        response: { 200: ZOnlineTrip },
      },
    },
    async (request, reply) =>
      cachedSearch(request, reply, () => service.trip(request.params.id, request.query.guests)),
  );

  r.get(
    '/api/book/rooms',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'Sellable rooms or cabins with live availability',
        description:
          'Public. A departure (`scheduleId`) or a resort stay (`resortId`, `from`, `to`); only active, ' +
          'visible, not hidden rooms.',
        querystring: ZOnlineRoomsQuery,
        response: { 200: ZOnlineRooms },
      },
    },
    async (request, reply) => cachedSearch(request, reply, () => service.rooms(request.query)),
  );

  r.get(
    '/api/book/roomTypes',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'Visible room types of one resort or vessel',
        description:
          'Public. With a resort and `from`/`to`: rooms free for the whole stay per type and the allowed ' +
          'arrival and departure days of `[from, to]` (at most 62 days). `scheduleId` instead: the cabin types ' +
          'of the departure with their free cabins. With `guests` each type also has `price`: what POST ' +
          'booking/price answers for a free room of the type and that many guests (null when none takes them).',
        querystring: ZOnlineRoomTypesQuery,
        response: { 200: ZOnlineRoomTypes },
      },
    },
    async (request, reply) => cachedSearch(request, reply, () => service.roomTypes(request.query)),
  );

  r.get(
    '/api/book/addons',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'Add-ons a guest may book online',
        description: 'Public. Active add-on products marked online-bookable, of the asset or of none.',
        querystring: ZOnlineAssetQuery,
        response: { 200: z.array(ZOnlineAddon) },
      },
    },
    async (request) => service.addons(request.query),
  );

  r.get(
    '/api/book/addons/availability/:id',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'What is left of an online add-on',
        description: 'Public. `available` null: no stock is kept. 404 for a product not on sale online.',
        params: ZIdParams,
        response: { 200: z.object({ id: z.number().int(), available: z.number().nullable() }) },
      },
    },
    async (request) => service.addonAvailability(request.params.id),
  );

  r.get(
    '/api/book/vessel',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'Visible vessels with their decks (deck plan)',
        description: 'Public. `vesselId` for one (404 when not visible).',
        querystring: z.object({ vesselId: ZOnlineAssetQuery.shape.vesselId }),
        response: { 200: z.array(ZOnlineVessel) },
      },
    },
    async (request) => service.vessel(request.query),
  );

  r.get(
    '/api/book/products',
    {
      config: open(READ_LIMIT),
      schema: {
        tags,
        summary: 'Online-bookable products of one asset',
        description: 'Public. `asset` is `resort:<id>` or `vessel:<id>`.',
        querystring: ZOnlineProductsQuery,
        response: { 200: z.array(ZOnlineAddon) },
      },
    },
    async (request) => {
      const [kind, id] = request.query.asset.split(':');
      return service.products({ kind: kind === 'resort' ? 'resort' : 'vessel', id: Number(id) });
    },
  );

  r.get(
    '/api/book/no/:bookingNo',
    {
      config: open(LOOKUP_LIMIT),
      schema: {
        tags,
        summary: 'The guest’s lookup of a booking by its number',
        description:
          'Public, 10 a minute per IP. Needs a second proof: the lead guest’s `email` or the booking’s guest ' +
          '`token`. Answers a minimal view; 404 for anything else (no hint whether the number exists).',
        params: z.object({ bookingNo: z.string().min(1).max(50) }),
        querystring: ZOnlineLookupQuery,
        response: { 200: ZOnlineLookup },
      },
    },
    async (request) => service.lookup(request.params.bookingNo, request.query),
  );

  r.post(
    '/api/book/booking/price',
    {
      config: open(WRITE_LIMIT),
      schema: {
        tags,
        summary: 'The online price of a departure or stay, with the specials for the online channel',
        description:
          'Public. The whole create (availability, online prices, specials with includeIn ' +
          'CustomerDirectBooking) run and rolled back: nothing is kept. NOT_AVAILABLE (409) when taken. The ' +
          'lines in the language of `accept-language` (de or en, default en), as the booking will have them.',
        headers: ZCreateHeaders.omit({ 'idempotency-key': true }),
        body: ZOnlinePriceRequest,
        response: { 200: ZOnlinePrice },
      },
    },
    async (request) => service.price(request.body, { language: request.headers['accept-language'] }),
  );

  const create = {
    config: open(WRITE_LIMIT),
    schema: {
      tags,
      summary: 'Books online: a planned booking holding its rooms for a short while',
      description:
        'Public. Headers: `Idempotency-Key` (a replay of the same body answers the same booking, ' +
        '`replayed` true; another body with the key: 422 IDEMPOTENCY_KEY_REUSED), `accept-language` (the ' +
        'booking’s language unless the body says), `x-timezone-offset` (minutes, informational). The ' +
        'booking is planned with an option of ONLINE_HOLD_MINUTES; pay it through POST /api/book/{id}/checkout ' +
        'with the answered `token` and one of `providers`. NOT_AVAILABLE (409) when the rooms were just taken.',
      headers: ZCreateHeaders,
      body: ZOnlineCreateRequest,
      response: { 201: ZOnlineCreated, 200: ZOnlineCreated },
    },
  };
  for (const path of ['/api/book/booking/create', '/api/book']) {
    r.post(path, create, async (request, reply) => {
      const answer = await service.create(request.body, {
        key: request.headers['idempotency-key'],
        language: request.headers['accept-language'],
      });
      return reply.status(answer.replayed ? 200 : 201).send(answer);
    });
  }

  r.get(
    '/api/book',
    {
      config: STAFF_READ,
      schema: {
        tags,
        summary: 'The online bookings (channel CustomerDirectBooking)',
        description: 'The booking list (same query) with the channel fixed. Scope bookings.read.',
        querystring: ZBookingListQuery,
        response: { 200: listAnswer(ZBookingSummary) },
      },
    },
    async (request) => queries.list(actor(request), onlineOnly(request.query)),
  );

  r.get(
    '/api/book/listCSV',
    {
      config: STAFF_READ,
      schema: {
        tags,
        summary: 'The online bookings as CSV',
        description: 'As GET /api/book. Scope bookings.read.',
        querystring: ZBookingListQuery.extend(ZCsvQuery.shape),
      },
    },
    async (request, reply) => {
      return sendCsv(
        request,
        reply,
        queries.csv(actor(request), onlineOnly(request.query)),
        'online-bookings.csv',
      );
    },
  );

  r.get(
    '/api/book/:id',
    {
      config: STAFF_READ,
      schema: {
        tags,
        summary: 'One online booking',
        description: 'Scope bookings.read; 404 for a booking of another channel.',
        params: ZIdParams,
        response: { 200: ZBooking },
      },
    },
    async (request) => {
      const booking = await queries.get(actor(request), request.params.id);
      if (booking.channel !== ONLINE_CHANNEL) throw notFound('Booking');
      return booking;
    },
  );

  r.post(
    '/api/book/:id',
    {
      config: open(LOOKUP_LIMIT),
      schema: {
        tags,
        summary: 'The guest’s view of their booking, by id and guest token',
        description: 'Public. The token goes in the body (not the URL). 404 without a valid token.',
        params: ZIdParams,
        body: ZOnlineTokenBody,
        response: { 200: ZOnlineLookup },
      },
    },
    async (request) => service.view(request.params.id, request.body.token),
  );

  r.delete(
    '/api/book/:id',
    {
      config: open(WRITE_LIMIT),
      schema: {
        tags,
        summary: 'The guest gives up an unpaid online hold',
        description:
          'Public with the guest `token`: the planned online booking without payments is freed at once ' +
          '(reason "abandoned"). 404 without a valid token; INVALID_STATE (409) once paid or settled.',
        params: ZIdParams,
        querystring: ZOnlineTokenBody,
        response: { 200: z.object({ id: z.number().int(), state: z.literal('freed') }) },
      },
    },
    async (request) => service.abandon(request.params.id, request.query.token),
  );

  r.post(
    '/api/book/:id/copy',
    {
      config: { access: { scopes: ['bookings.create'] } },
      schema: {
        tags,
        summary: 'Not offered for online bookings',
        description:
          'Copy a booking in the back office (POST /api/bookings/{id}/copy). Always 409 INVALID_STATE.',
        params: ZIdParams,
      },
    },
    async () => {
      throw new AppError(409, 'INVALID_STATE', 'Online bookings are copied in the back office');
    },
  );
}
