import { ZAsset } from '@atoll/domain/bookings/queries';
import { listAnswer } from '@atoll/domain/list';
import {
  ZAssetStock,
  ZBookedAtDay,
  ZBookedAtDayQuery,
  ZProduct,
  ZProductAssetStock,
  ZProductConstants,
  ZStockLogEntry,
  ZStockUpdate,
} from '@atoll/domain/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actor } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import type { TProductsService } from './products.service.ts';
import { PRODUCT_ACCESS, registerProductResources } from './products-resources.routes.ts';

// Spec booking §7 "Products": constants, bookedAtDay, the stock update and its log, and the base paths.
// The stock calls (and /api/productstock) need the feature switch `stock` (spec §2: /product/stock
// {stock}); switched off they are not there (404), as the web's guard hides the screen.

const tags = ['product'];
const READ = { access: { scopes: PRODUCT_ACCESS.read } };
const MAX_LOG_PAGE = 500;

const isStockRoute = (url: string | undefined) =>
  url !== undefined &&
  (url === '/api/productstock' ||
    url.startsWith('/api/productstock/') ||
    url.startsWith('/api/product/:id/stock/') ||
    url === '/api/product/stock/assets');

export function registerProductsRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; products: TProductsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.products;

  // After the access check (401/403 first): a switched-off module is not there.
  app.addHook('preHandler', async (request) => {
    if (!isStockRoute(request.routeOptions.url)) return;
    if (!(await deps.settings.features()).stock) throw notFound();
  });

  r.get(
    '/api/product/constants',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Product types, units, charging bases and stock reasons',
        response: { 200: ZProductConstants },
      },
    },
    async () => service.constants(),
  );

  r.get(
    '/api/product/bookedAtDay/:asset',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Quantities of products booked per day on the asset’s holding bookings',
        description:
          'asset: resort:<id> or vessel:<id>. Days of `[from, to)`; each chosen product counts one unit per ' +
          'person it is for (one when per unit) × qtyPerUnit on every day of its room entry or booking. ' +
          '`products`: ids separated by commas. Days without any are left out.',
        params: z.object({ asset: ZAsset }),
        querystring: ZBookedAtDayQuery,
        response: { 200: ZBookedAtDay },
      },
    },
    async (request) => {
      const { query } = request;
      if (query.to < query.from) throw badRequest('to must not be before from', 'to');
      return service.bookedAtDay(request.params.asset, query);
    },
  );

  r.get(
    '/api/product/stock/assets',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The stock kept at each resort and vessel, of every product that keeps stock there',
        description:
          'One row per product and asset (`product_asset_stock`); a product’s `stock` is the total over all ' +
          'places. Products without stock at an asset have no row. The stock screen’s columns.',
        response: { 200: z.object({ data: z.array(ZProductAssetStock) }) },
      },
    },
    async () => service.assetStocks(),
  );

  r.post(
    '/api/product/:id/stock/update',
    {
      config: { access: { scopes: PRODUCT_ACCESS.update } },
      schema: {
        tags,
        summary: 'Changes the stock of a product (a change or the counted stock) and logs it',
        description:
          'Send `change` (+ in, − out) or `set` (the counted stock). Below 0 answers 409 OUT_OF_STOCK ' +
          'unless `force`. With `resortId` or `vesselId` the stock kept there moves (and the product’s, the ' +
          'total, by the same change); `stocks` answers the stock per asset. One transaction: the product’s ' +
          'row lock, the stock, the log row.',
        params: ZIdParams,
        body: ZStockUpdate,
        response: {
          200: z.object({ product: ZProduct, entry: ZStockLogEntry, stocks: z.array(ZAssetStock) }),
        },
      },
    },
    async (request) => service.stockUpdate(actor(request), request.params.id, request.body),
  );

  r.get(
    '/api/product/:id/stock/log',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The stock changes of a product, newest first, and its stock per asset',
        params: ZIdParams,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          size: z.coerce.number().int().min(1).max(MAX_LOG_PAGE).default(50),
        }),
        response: { 200: listAnswer(ZStockLogEntry).extend({ stocks: z.array(ZAssetStock) }) },
      },
    },
    async (request) => service.stockLog(request.params.id, request.query.page, request.query.size),
  );

  registerProductResources(app, deps.db);
}
