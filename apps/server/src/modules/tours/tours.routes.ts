import { LANGUAGES } from '@atoll/domain/constants';
import { ZIsoDate } from '@atoll/domain/inventory/availability';
import {
  SCHEDULE_PRINT_TEMPLATES,
  type TSchedule,
  type TTour,
  ZCopySeasonAnswer,
  ZCopySeasonQuery,
  ZCreateSchedule,
  ZCreateTour,
  ZDeparture,
  ZDepartureShort,
  ZSchedule,
  ZScheduleCustomer,
  ZScheduleInfo,
  ZTour,
  ZTourBookingQuery,
  ZUpdateSchedule,
  ZUpdateTour,
} from '@atoll/domain/inventory/tours';
import { listAnswer } from '@atoll/domain/list';
import { hasScope } from '@atoll/domain/scopes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { schedules, tours } from '../../db/schema.ts';
import { sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { requestLanguage, ZIdParams } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import type { TDeparturesService } from './departures.service.ts';
import {
  ownSchedules,
  SCHEDULE_FIELDS,
  TOUR_FIELDS,
  type TScheduleRow,
  type TTourRow,
  toSchedule,
  toTour,
} from './tours.repository.ts';
import type { TToursService } from './tours.service.ts';

const tags = ['tours'];
/** Departure lists serve the tour screens and the schedule screens alike. */
const READ_DEPARTURES = ['tours.read', 'schedules.read'];
const ZRefQuery = z.coerce.number().int().positive().max(2_147_483_647).optional();
const ZAssetQuery = z.object({ vessel: ZRefQuery, tour: ZRefQuery });
const ZRangeParams = z.object({ from: ZIsoDate, to: ZIsoDate });

export function registerToursRoutes(
  app: FastifyInstance,
  deps: { db: Db; tours: TToursService; departures: TDeparturesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, tours: service, departures } = deps;

  r.get(
    '/api/tours/booking',
    {
      // Agents pick a departure in the booking wizard: only what they may sell (see departures.booking).
      config: { access: { scopes: [...READ_DEPARTURES, 'agencies.self'] } },
      schema: {
        tags,
        querystring: ZTourBookingQuery,
        // Full rows first: a short row lacks their fields, so each answer matches exactly one.
        response: { 200: z.union([listAnswer(ZDeparture), listAnswer(ZDepartureShort)]) },
      },
    },
    async (request) => {
      const user = actor(request);
      const agent = !hasScope(user.scopes, READ_DEPARTURES);
      const page = await departures.booking(user, request.query, agent);
      if (!request.query.short) return page;
      const data = page.data.map(({ id, from, to, tourName, vesselName, status }) => ({
        id,
        from,
        to,
        tourName,
        vesselName,
        status,
      }));
      return { ...page, data };
    },
  );

  r.get(
    '/api/tours/date/:from/:to',
    {
      config: { access: { scopes: READ_DEPARTURES } },
      schema: {
        tags,
        params: ZRangeParams,
        querystring: ZAssetQuery.pick({ vessel: true }),
        response: { 200: z.array(ZDeparture) },
      },
    },
    async (request) => departures.byDate(actor(request), request.params, request.query),
  );

  r.get(
    '/api/tours/ics',
    { config: { access: { scopes: ['tours.read'] } }, schema: { tags, querystring: ZAssetQuery } },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="departures.ics"')
        .header('cache-control', 'private, no-store')
        .send(await departures.ics(actor(request), request.query)),
  );

  registerResource(app, db, {
    name: 'tours',
    base: '/api/tours',
    table: tours,
    id: tours.id,
    fields: TOUR_FIELDS,
    output: ZTour,
    toOutput: toTour as (row: never) => TTour,
    create: ZCreateTour,
    update: ZUpdateTour,
    access: {
      read: ['tours.read'],
      create: ['tours.create'],
      update: ['tours.update'],
      delete: ['tours.delete'],
    },
    toValues: (ctx, input) => service.tourValues(ctx, input),
    copyValues: async (_ctx, row: TTourRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)` };
    },
    beforeDelete: (ctx, row: TTourRow) => service.tourBeforeDelete(ctx, row),
  });

  r.get(
    '/api/schedules/booking',
    {
      config: { access: { scopes: READ_DEPARTURES } },
      schema: { tags, querystring: ZAssetQuery, response: { 200: z.array(ZDeparture) } },
    },
    async (request) => departures.forBooking(actor(request), request.query),
  );

  r.post(
    '/api/schedules/copy/:from/:to',
    {
      config: { access: { scopes: ['schedules.create'] } },
      schema: {
        tags,
        params: ZRangeParams,
        querystring: ZCopySeasonQuery,
        response: { 200: ZCopySeasonAnswer },
      },
    },
    async (request) => {
      const { from, to } = request.params;
      return service.copySeason(actor(request), request.query.asset, from, to, request.query.addyear);
    },
  );

  r.get(
    '/api/schedules/printList/:template',
    {
      config: { access: { scopes: READ_DEPARTURES } },
      schema: {
        tags,
        params: z.object({ template: z.enum(SCHEDULE_PRINT_TEMPLATES) }),
        querystring: ZRangeParams.extend({ vessel: ZRefQuery, lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const { from, to, vessel, lang } = request.query;
      const language = lang ?? user.settings.language ?? requestLanguage(request);
      const { pdf, filename } = await departures.printDepartures(user, { from, to }, vessel, language);
      return sendPdf(reply, pdf, filename);
    },
  );

  registerResource(app, db, {
    name: 'schedules',
    base: '/api/schedules',
    table: schedules,
    id: schedules.id,
    fields: SCHEDULE_FIELDS,
    output: ZSchedule,
    toOutput: toSchedule as (row: never) => TSchedule,
    create: ZCreateSchedule,
    update: ZUpdateSchedule,
    access: {
      read: ['schedules.read'],
      create: ['schedules.create'],
      update: ['schedules.update'],
      delete: ['schedules.delete'],
    },
    assets: ownSchedules,
    expand: (rows: TScheduleRow[]) => service.expandSchedules(rows),
    toValues: (ctx, input, existing?: TScheduleRow) => service.scheduleValues(ctx, input, existing),
    copyValues: (ctx, row: TScheduleRow) => service.scheduleCopyValues(ctx, row),
    beforeDelete: (ctx, row: TScheduleRow) => service.scheduleBeforeDelete(ctx, row),
  });

  r.get(
    '/api/schedules/:id/info',
    {
      // The schedule page (/schedule/:schedule) is open to tour readers (spec platform §2).
      config: { access: { scopes: READ_DEPARTURES } },
      schema: { tags, params: ZIdParams, response: { 200: ZScheduleInfo } },
    },
    async (request) => service.info(actor(request), request.params.id),
  );

  r.get(
    '/api/schedules/:id/customers',
    {
      // Names, birthdays and nationalities of guests: a departure reader who may also read guests.
      config: { access: { all: [READ_DEPARTURES, ['customers.read', 'bookings.read']] } },
      schema: { tags, params: ZIdParams, response: { 200: z.array(ZScheduleCustomer) } },
    },
    async (request) => service.customers(actor(request), request.params.id),
  );
}
