import {
  CALCULATION_TYPES,
  PRICE_TYPES,
  ZPrice,
  ZPriceEntry,
  ZPriceWithEntries,
} from '@atoll/domain/pricing/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../http/access.ts';
import { ZIdParams } from '../../http/request.ts';
import { PRICE_READ } from './price-access.ts';
import {
  ZCurrencyQuery,
  ZFindPriceAnswer,
  ZFullCharterPrice,
  ZPriceEntryDetail,
  ZResortEntryQuery,
  ZResortParams,
  ZScheduleEntryQuery,
  ZSeasonQuery,
  ZStayQuery,
} from './price-lookups.schemas.ts';
import type { TPriceLookupsService } from './price-lookups.service.ts';

const tags = ['prices'];
const READ = { access: { scopes: PRICE_READ } };

export function registerPriceLookupRoutes(
  app: FastifyInstance,
  deps: { priceLookups: TPriceLookupsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.priceLookups;

  r.get(
    '/api/price/types',
    { config: READ, schema: { tags, response: { 200: z.array(z.enum(PRICE_TYPES)) } } },
    async () => [...PRICE_TYPES],
  );

  r.get(
    '/api/price/calculationTypes',
    { config: READ, schema: { tags, response: { 200: z.array(z.enum(CALCULATION_TYPES)) } } },
    async () => [...CALCULATION_TYPES],
  );

  r.get(
    '/api/price/entry/:id',
    { config: READ, schema: { tags, params: ZIdParams, response: { 200: ZPriceEntryDetail } } },
    async (request) => service.entryDetail(actor(request), request.params.id),
  );

  r.get(
    '/api/resort/findPrice/:resort',
    {
      config: READ,
      schema: { tags, params: ZResortParams, querystring: ZStayQuery, response: { 200: ZFindPriceAnswer } },
    },
    async (request) =>
      service.findPrice(actor(request), request.params.resort, request.query.from, request.query.to),
  );

  r.get(
    '/api/resort/:resort/prices',
    { config: READ, schema: { tags, params: ZResortParams, response: { 200: z.array(ZPrice) } } },
    async (request) => service.resortPrices(actor(request), request.params.resort),
  );

  r.get(
    '/api/resort/findPriceEntry/:resort',
    {
      config: READ,
      schema: {
        tags,
        params: ZResortParams,
        querystring: ZResortEntryQuery,
        response: { 200: ZPriceEntryDetail },
      },
    },
    async (request) => service.resortEntry(actor(request), request.params.resort, request.query),
  );

  r.get(
    '/api/resort/:resort/entries',
    {
      config: READ,
      schema: {
        tags,
        params: ZResortParams,
        querystring: ZSeasonQuery,
        response: { 200: z.array(ZPriceEntry) },
      },
    },
    async (request) => service.resortEntries(actor(request), request.params.resort, request.query.saison),
  );

  r.get(
    '/api/schedules/:id/price',
    { config: READ, schema: { tags, params: ZIdParams, response: { 200: ZPriceWithEntries } } },
    async (request) => service.schedulePrice(actor(request), request.params.id),
  );

  r.get(
    '/api/schedules/:id/prices',
    { config: READ, schema: { tags, params: ZIdParams, response: { 200: z.array(ZPrice) } } },
    async (request) => service.schedulePrices(actor(request), request.params.id),
  );

  r.get(
    '/api/schedules/:id/priceEntry',
    {
      config: READ,
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZScheduleEntryQuery,
        response: { 200: ZPriceEntryDetail },
      },
    },
    async (request) => service.scheduleEntry(actor(request), request.params.id, request.query),
  );

  r.get(
    '/api/schedules/:id/fullCharterPrice',
    {
      config: READ,
      schema: { tags, params: ZIdParams, querystring: ZCurrencyQuery, response: { 200: ZFullCharterPrice } },
    },
    async (request) => service.fullCharterPrice(actor(request), request.params.id, request.query.currency),
  );
}
