import {
  RATE_IMPORT_MAX_BYTES,
  ZCreateCurrency,
  ZCreateExchangeRate,
  ZCurrency,
  ZCurrencyCode,
  ZCurrencyOption,
  ZDay,
  ZExchangeRate,
  ZRateImportResult,
  ZRateOnDay,
  ZRatesOnDay,
  ZUpdateCurrency,
  ZUpdateExchangeRate,
} from '@atoll/domain/currencies';
import { normalize } from '@atoll/domain/money';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currencies, exchangeRates } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import type { TCurrencyRow, TExchangeRateRow } from './currencies.repository.ts';
import type { TCurrenciesService } from './currencies.service.ts';

const ACCESS = {
  read: ['settings.read', 'settings.update'],
  create: ['settings.update'],
  update: ['settings.update'],
  delete: ['settings.update'],
};

const toCurrency = (row: TCurrencyRow) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toExchangeRate = (row: TExchangeRateRow) => ({
  id: row.id,
  from: row.fromCurrency,
  to: row.toCurrency,
  rate: normalize(row.rate),
  validFrom: row.validFrom,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ZRateQuery = z
  .object({ date: ZDay.optional(), from: ZCurrencyCode.optional(), to: ZCurrencyCode.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'from and to come together',
    path: ['to'],
  });

export function registerCurrenciesRoutes(
  app: FastifyInstance,
  deps: { db: Db; currencies: TCurrenciesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, currencies: service } = deps;

  // Public: the booking widget and guest forms show prices and currencies too.
  r.get(
    '/api/settings/currencies',
    {
      config: { access: { public: true } },
      schema: { tags: ['settings'], response: { 200: z.array(ZCurrencyOption) } },
    },
    async () => service.options(),
  );

  r.get(
    '/api/settings/exchangeRate',
    {
      config: { access: { scopes: ['$$IsAuthorized$$'] } },
      schema: {
        tags: ['settings'],
        description: 'Rates valid on `date` (default today); with `from` and `to` the one rate of that pair.',
        querystring: ZRateQuery,
        response: { 200: z.union([ZRateOnDay, ZRatesOnDay]) },
      },
    },
    async (request) => {
      const { date, from, to } = request.query;
      return from && to ? service.rateFor(from, to, date) : service.ratesOn(date);
    },
  );

  r.get(
    '/api/currency/keys',
    {
      config: { access: { scopes: ACCESS.read } },
      schema: { tags: ['currency'], response: { 200: z.array(z.string()) } },
    },
    async () => service.codes(),
  );

  r.post(
    '/api/currency/:id/base',
    {
      config: { access: { scopes: ACCESS.update } },
      schema: {
        tags: ['currency'],
        description: 'Makes this currency the base currency (the one base of the installation).',
        params: ZIdParams,
        response: { 200: ZCurrency },
      },
    },
    async (request) => toCurrency(await service.setBase(request.params.id)),
  );

  registerResource(app, db, {
    name: 'currency',
    base: '/api/currency',
    table: currencies,
    id: currencies.id,
    fields: {
      id: { column: currencies.id, type: 'number', sort: true, filter: true },
      code: { column: currencies.code, type: 'string', sort: true, filter: true, search: true },
      name: { column: currencies.name, type: 'string', sort: true, filter: true, search: true },
      symbol: { column: currencies.symbol, type: 'string', filter: true },
      decimals: { column: currencies.decimals, type: 'number', sort: true, filter: true },
      isBase: { column: currencies.isBase, type: 'boolean', sort: true, filter: true },
      isActive: { column: currencies.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: currencies.sort, type: 'number', sort: true, filter: true },
    },
    output: ZCurrency,
    toOutput: toCurrency as (row: never) => z.infer<typeof ZCurrency>,
    create: ZCreateCurrency,
    update: ZUpdateCurrency,
    access: ACCESS,
    toValues: (ctx, input, existing?: TCurrencyRow) => service.currencyValues(ctx, input, existing),
    beforeDelete: (ctx, row: TCurrencyRow) => service.beforeDeleteCurrency(ctx, row),
  });

  // Not a base path of the spec: the rate table behind /api/settings/exchangeRate, with the same seven calls.
  registerResource(app, db, {
    name: 'exchangerate',
    base: '/api/exchangerate',
    table: exchangeRates,
    id: exchangeRates.id,
    fields: {
      id: { column: exchangeRates.id, type: 'number', sort: true, filter: true },
      from: { column: exchangeRates.fromCurrency, type: 'string', sort: true, filter: true, search: true },
      to: { column: exchangeRates.toCurrency, type: 'string', sort: true, filter: true, search: true },
      rate: { column: exchangeRates.rate, type: 'number', sort: true, filter: true },
      validFrom: { column: exchangeRates.validFrom, type: 'date', sort: true, filter: true },
      source: { column: exchangeRates.source, type: 'string', sort: true, filter: true, search: true },
      createdAt: { column: exchangeRates.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZExchangeRate,
    toOutput: toExchangeRate as (row: never) => z.infer<typeof ZExchangeRate>,
    create: ZCreateExchangeRate,
    update: ZUpdateExchangeRate,
    access: ACCESS,
    toValues: (ctx, input, existing?: TExchangeRateRow) => service.rateValues(ctx, input, existing),
  });

  registerRateImport(app, service);
}

/** Multipart only for this route (as for the logo upload): every other route keeps refusing forms. */
function registerRateImport(app: FastifyInstance, service: TCurrenciesService) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: RATE_IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 2 },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/exchangerate/import',
      {
        config: { access: { scopes: ACCESS.update } },
        schema: {
          tags: ['exchangerate'],
          description:
            'CSV file (columns from,to,rate,validFrom): all rows or none; a pair’s rate of the same day is replaced.',
          consumes: ['multipart/form-data'],
          response: { 200: ZRateImportResult },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as multipart/form-data');
        }
        const part = await request.file();
        if (!part) throw badRequest('No file in the upload', 'file');
        const data = await part.toBuffer();
        if (part.file.truncated) {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The file exceeds ${RATE_IMPORT_MAX_BYTES} bytes`);
        }
        return service.importRates(data.toString('utf8'));
      },
    );
  });
}
