import { LANGUAGES } from '@atoll/domain/constants';
import { ZIsoDate } from '@atoll/domain/inventory/availability';
import {
  RESORT_LISTS,
  type TArrivalDepartureRule,
  type TResort,
  ZAllowedDay,
  ZArrivalDepartureRule,
  ZCreateArrivalDepartureRule,
  ZCreateResort,
  ZResort,
  ZResortConstants,
  ZUpdateArrivalDepartureRule,
  ZUpdateResort,
} from '@atoll/domain/inventory/resorts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { arrivalDepartureRules, resorts } from '../../db/schema.ts';
import { sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { requestLanguage, ZIdParams } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import {
  readableResorts,
  resortVisibility,
  type TResortRow,
  type TRuleRow,
  toResort,
  toRule,
} from './resorts.repository.ts';
import type { TResortsService } from './resorts.service.ts';

const tags = ['resort'];
const READ = ['resort.read'];

/**
 * Every reader of resorts goes through the asset filter (spec platform §6), so the factory's own-rows
 * path carries the read scope; only admin, who passes every check, reads without it.
 */
const access = {
  read: ['admin'],
  create: ['resort.create'],
  update: ['resort.update'],
  delete: ['resort.delete'],
};

export function registerResortsRoutes(app: FastifyInstance, deps: { db: Db; resorts: TResortsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, resorts: service } = deps;

  r.get(
    '/api/resort/constants',
    {
      // The room and room-type screens of vessels offer the same enums.
      config: { access: { scopes: ['resort.read', 'vessel.read'] } },
      schema: { tags, response: { 200: ZResortConstants } },
    },
    async () => service.constants(),
  );

  registerResource(app, db, {
    name: 'resort',
    base: '/api/resort',
    table: resorts,
    id: resorts.id,
    fields: {
      id: { column: resorts.id, type: 'number', sort: true, filter: true },
      name: { column: resorts.name, type: 'string', sort: true, filter: true, search: true },
      code: { column: resorts.code, type: 'string', sort: true, filter: true, search: true },
      country: { column: resorts.country, type: 'string', sort: true, filter: true },
      currency: { column: resorts.currency, type: 'string', sort: true, filter: true },
      timeZone: { column: resorts.timeZone, type: 'string', sort: true, filter: true },
      isActive: { column: resorts.isActive, type: 'boolean', sort: true, filter: true },
      isVisible: { column: resorts.isVisible, type: 'boolean', sort: true, filter: true },
      sort: { column: resorts.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: resorts.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZResort,
    toOutput: toResort as (row: never) => TResort,
    create: ZCreateResort,
    update: ZUpdateResort,
    access,
    // Agents list the resorts on sale for the booking wizard (nothing internal is in ZResort).
    self: { scopes: [...READ, 'agencies.self'], where: readableResorts },
    toValues: (ctx, input) => service.resortValues(ctx, input),
    copyValues: async (_ctx, row: TResortRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)` };
    },
    beforeDelete: (ctx, row: TResortRow) => service.beforeDeleteResort(ctx, row),
  });

  r.get(
    '/api/resort/:asset/print/:list',
    {
      config: { access: { scopes: READ } },
      schema: {
        tags,
        params: z.object({ asset: ZIdParams.shape.id, list: z.enum(RESORT_LISTS) }),
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const user = actor(request);
      // The asked language, else the user's own, else the browser's.
      const lang = request.query.lang ?? user.settings.language ?? requestLanguage(request);
      const { asset, list } = request.params;
      const { pdf, filename } = await service.print(user, asset, list, lang);
      return sendPdf(reply, pdf, filename);
    },
  );

  r.get(
    '/api/arrivaldeparture/date/:resort/:from/:to',
    {
      config: { access: { scopes: READ } },
      schema: {
        tags,
        // The resort is checked by the service: the spec wants RESORT_NOT_FOUND, not a validation error.
        params: z.object({ resort: z.string().max(20), from: ZIsoDate, to: ZIsoDate }),
        response: { 200: z.array(ZAllowedDay) },
      },
    },
    async (request) => {
      const { resort, from, to } = request.params;
      return service.dates(actor(request), resort, from, to);
    },
  );

  registerResource(app, db, {
    name: 'arrivaldeparture',
    base: '/api/arrivaldeparture',
    table: arrivalDepartureRules,
    id: arrivalDepartureRules.id,
    fields: {
      id: { column: arrivalDepartureRules.id, type: 'number', sort: true, filter: true },
      resortId: { column: arrivalDepartureRules.resortId, type: 'number', sort: true, filter: true },
      kind: { column: arrivalDepartureRules.kind, type: 'string', sort: true, filter: true },
      validFrom: { column: arrivalDepartureRules.validFrom, type: 'date', sort: true, filter: true },
      validTo: { column: arrivalDepartureRules.validTo, type: 'date', sort: true, filter: true },
      note: { column: arrivalDepartureRules.note, type: 'string', filter: true, search: true },
      createdAt: { column: arrivalDepartureRules.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZArrivalDepartureRule,
    toOutput: toRule as (row: never) => TArrivalDepartureRule,
    create: ZCreateArrivalDepartureRule,
    update: ZUpdateArrivalDepartureRule,
    access,
    self: { scopes: READ, where: (user) => resortVisibility(user, arrivalDepartureRules.resortId) },
    toValues: (ctx, input, existing?: TRuleRow) => service.ruleValues(ctx, input, existing),
  });
}
