import {
  ZCreateProduct,
  ZCreateProductCategory,
  ZProduct,
  ZProductCategory,
  ZStockLogEntry,
  ZStockUpdate,
  ZUpdateProduct,
} from '@atoll/domain/products';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { productCategories, productStockLog, products } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { defined, registerResource } from '../../http/resource.ts';
import { type TProductRow, type TStockLogRow, toProduct, toStockLogEntry } from './products.repository.ts';
import { stockValues } from './products.service.ts';

// The base paths /api/product, /api/productcategory and /api/productstock (spec booking §7, ADR 0003).
// Office only (product.*; admin holds every scope). /api/productstock is the stock log as a resource:
// creating an entry is a stock change (the product's stock moves in the same transaction); entries are
// not changed afterwards except their note, nor deleted or copied (the log is the stock's history).

export const PRODUCT_ACCESS = {
  read: ['product.read'],
  create: ['product.create'],
  update: ['product.update'],
  delete: ['product.delete'],
};

/** Only what the body names: a partial update leaves the rest alone. */
const immutable = () =>
  new AppError(409, 'INVALID_STATE', 'A stock log entry stays: book a correction instead');

const ZCreateStockEntry = ZStockUpdate.and(
  z.object({ productId: z.number().int().positive().max(2_147_483_647) }),
);

export function registerProductResources(app: FastifyInstance, db: Db) {
  registerResource(app, db, {
    name: 'product',
    base: '/api/product',
    table: products,
    id: products.id,
    fields: {
      id: { column: products.id, type: 'number', sort: true, filter: true },
      name: { column: products.name, type: 'string', sort: true, filter: true, search: true },
      categoryId: { column: products.categoryId, type: 'number', sort: true, filter: true },
      type: { column: products.type, type: 'string', sort: true, filter: true },
      chargingBase: { column: products.chargingBase, type: 'string', sort: true, filter: true },
      price: { column: products.price, type: 'number', sort: true, filter: true },
      stock: { column: products.stock, type: 'number', sort: true, filter: true },
      resortId: { column: products.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: products.vesselId, type: 'number', sort: true, filter: true },
      isAddon: { column: products.isAddon, type: 'boolean', sort: true, filter: true },
      trackStock: { column: products.trackStock, type: 'boolean', sort: true, filter: true },
      isActive: { column: products.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: products.sort, type: 'number', sort: true, filter: true },
    },
    output: ZProduct,
    toOutput: toProduct as (row: never) => z.infer<typeof ZProduct>,
    create: ZCreateProduct,
    update: ZUpdateProduct,
    access: PRODUCT_ACCESS,
    // Unknown category, tax, resort or vessel: refused by the foreign keys (400).
    toValues: async (_ctx, input) => defined(input),
    // A copy starts with an empty stock: the stock is goods on the shelf, not a property.
    copyValues: async (_ctx, row: TProductRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, stock: '0' };
    },
  });

  registerResource(app, db, {
    name: 'productcategory',
    base: '/api/productcategory',
    table: productCategories,
    id: productCategories.id,
    fields: {
      id: { column: productCategories.id, type: 'number', sort: true, filter: true },
      name: { column: productCategories.name, type: 'string', sort: true, filter: true, search: true },
      sort: { column: productCategories.sort, type: 'number', sort: true, filter: true },
    },
    output: ZProductCategory,
    toOutput: ((row: typeof productCategories.$inferSelect) => ({
      id: row.id,
      name: row.name,
      sort: row.sort,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })) as (row: never) => z.infer<typeof ZProductCategory>,
    create: ZCreateProductCategory,
    update: ZCreateProductCategory.partial(),
    access: PRODUCT_ACCESS,
    toValues: async (_ctx, input) => defined(input),
  });

  registerResource(app, db, {
    name: 'productstock',
    base: '/api/productstock',
    table: productStockLog,
    id: productStockLog.id,
    fields: {
      id: { column: productStockLog.id, type: 'number', sort: true, filter: true },
      productId: { column: productStockLog.productId, type: 'number', sort: true, filter: true },
      reason: { column: productStockLog.reason, type: 'string', sort: true, filter: true },
      bookingId: { column: productStockLog.bookingId, type: 'number', sort: true, filter: true },
      createdAt: { column: productStockLog.createdAt, type: 'date', sort: true, filter: true },
      note: { column: productStockLog.note, type: 'string', search: true },
    },
    output: ZStockLogEntry,
    toOutput: toStockLogEntry as (row: never) => z.infer<typeof ZStockLogEntry>,
    create: ZCreateStockEntry as unknown as z.ZodType<z.infer<typeof ZCreateStockEntry>>,
    update: z.object({ note: z.string().trim().max(500).nullable().optional() }),
    access: { ...PRODUCT_ACCESS, create: ['product.update'] },
    toValues: async (ctx, input, existing?: TStockLogRow) => {
      if (existing) return defined({ note: (input as { note?: string | null }).note });
      const entry = input as z.infer<typeof ZCreateStockEntry>;
      return stockValues(ctx.tx, ctx.user, entry.productId, entry);
    },
    copyValues: async () => {
      throw immutable();
    },
    beforeDelete: async () => {
      throw immutable();
    },
  });
}
