import {
  type TPriceEntry,
  type TPriceVariant,
  type TPriceWithEntries,
  type TSupplement,
  ZCreatePrice,
  ZCreatePriceEntry,
  ZCreatePriceVariant,
  ZCreateSupplement,
  ZPriceEntry,
  ZPriceVariant,
  ZPriceWithEntries,
  ZSupplement,
  ZUpdatePrice,
  ZUpdatePriceEntry,
  ZUpdatePriceVariant,
  ZUpdateSupplement,
} from '@atoll/domain/pricing/entities';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { priceEntries, prices, priceVariants, supplements } from '../../db/schema.ts';
import type { TListFields } from '../../http/filter.ts';
import { registerResource } from '../../http/resource.ts';
import { PRICE_READ } from './price-access.ts';
import { registerPriceLookupRoutes } from './price-lookups.routes.ts';
import type { TPriceLookupsService } from './price-lookups.service.ts';
import type { TPricePartsService } from './price-parts.service.ts';
import {
  type TEntryRow,
  type TExpandedPriceRow,
  type TPriceRow,
  type TSupplementRow,
  type TVariantRow,
  toPriceEntry,
  toPriceWithEntries,
  toSupplement,
  toVariant,
  visibleEntries,
  visiblePrices,
  visibleSupplements,
} from './prices.repository.ts';
import type { TPricesService } from './prices.service.ts';
import { registerSimulateRoute } from './simulate.routes.ts';
import type { TSimulateService } from './simulate.service.ts';

const ACCESS = {
  read: PRICE_READ,
  create: ['price.create'],
  update: ['price.update'],
  delete: ['price.delete'],
};

const PRICE_FIELDS: TListFields = {
  id: { column: prices.id, type: 'number', sort: true, filter: true },
  name: { column: prices.name, type: 'string', sort: true, filter: true, search: true },
  internalId: { column: prices.internalId, type: 'string', sort: true, filter: true, search: true },
  resortId: { column: prices.resortId, type: 'number', sort: true, filter: true },
  vesselId: { column: prices.vesselId, type: 'number', sort: true, filter: true },
  validFrom: { column: prices.validFrom, type: 'date', sort: true, filter: true },
  validTo: { column: prices.validTo, type: 'date', sort: true, filter: true },
  status: { column: prices.status, type: 'string', sort: true, filter: true },
  calculationType: { column: prices.calculationType, type: 'string', sort: true, filter: true },
  type: { column: prices.type, type: 'string', sort: true, filter: true },
  isAvailableToOTA: { column: prices.isAvailableToOTA, type: 'boolean', sort: true, filter: true },
  createdAt: { column: prices.createdAt, type: 'datetime', sort: true, filter: true },
  updatedAt: { column: prices.updatedAt, type: 'datetime', sort: true, filter: true },
};

const ENTRY_FIELDS: TListFields = {
  id: { column: priceEntries.id, type: 'number', sort: true, filter: true },
  priceId: { column: priceEntries.priceId, type: 'number', sort: true, filter: true },
  roomTypeId: { column: priceEntries.roomTypeId, type: 'number', sort: true, filter: true },
  variantId: { column: priceEntries.variantId, type: 'number', sort: true, filter: true },
  scheduleId: { column: priceEntries.scheduleId, type: 'number', sort: true, filter: true },
  currency: { column: priceEntries.currency, type: 'string', sort: true, filter: true },
  value: { column: priceEntries.value, type: 'number', sort: true, filter: true },
};

const VARIANT_FIELDS: TListFields = {
  id: { column: priceVariants.id, type: 'number', sort: true, filter: true },
  name: { column: priceVariants.name, type: 'string', sort: true, filter: true, search: true },
  key: { column: priceVariants.key, type: 'string', sort: true, filter: true, search: true },
  noOfPax: { column: priceVariants.noOfPax, type: 'number', sort: true, filter: true },
  maxAge: { column: priceVariants.maxAge, type: 'number', sort: true, filter: true },
  perPerson: { column: priceVariants.perPerson, type: 'boolean', sort: true, filter: true },
  isDefault: { column: priceVariants.isDefault, type: 'boolean', sort: true, filter: true },
  fullCharter: { column: priceVariants.fullCharter, type: 'boolean', sort: true, filter: true },
  sort: { column: priceVariants.sort, type: 'number', sort: true, filter: true },
};

const SUPPLEMENT_FIELDS: TListFields = {
  id: { column: supplements.id, type: 'number', sort: true, filter: true },
  priceId: { column: supplements.priceId, type: 'number', sort: true, filter: true },
  name: { column: supplements.name, type: 'string', sort: true, filter: true, search: true },
  chargingBase: { column: supplements.chargingBase, type: 'string', sort: true, filter: true },
  valueType: { column: supplements.valueType, type: 'string', sort: true, filter: true },
  mandatory: { column: supplements.mandatory, type: 'boolean', sort: true, filter: true },
  commissionable: { column: supplements.commissionable, type: 'boolean', sort: true, filter: true },
  validFrom: { column: supplements.validFrom, type: 'date', sort: true, filter: true },
  validTo: { column: supplements.validTo, type: 'date', sort: true, filter: true },
  sort: { column: supplements.sort, type: 'number', sort: true, filter: true },
};

export function registerPricesRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    prices: TPricesService;
    priceParts: TPricePartsService;
    priceLookups: TPriceLookupsService;
    simulate: TSimulateService;
  },
) {
  const { db, prices: service, priceParts: parts } = deps;

  registerPriceLookupRoutes(app, { priceLookups: deps.priceLookups });
  registerSimulateRoute(app, { simulate: deps.simulate });

  registerResource(app, db, {
    name: 'price',
    base: '/api/price',
    table: prices,
    id: prices.id,
    fields: PRICE_FIELDS,
    output: ZPriceWithEntries,
    toOutput: toPriceWithEntries as (row: never) => TPriceWithEntries,
    create: ZCreatePrice,
    update: ZUpdatePrice,
    access: ACCESS,
    assets: visiblePrices,
    expand: (rows: TPriceRow[]): Promise<TExpandedPriceRow[]> => service.withEntries(rows),
    toValues: (ctx, input, existing?: TPriceRow) => service.priceValues(ctx, input, existing),
    afterWrite: (ctx, row: TPriceRow, input) => service.afterPriceWrite(ctx, row, input),
    copyValues: (ctx, row: TPriceRow) => service.copyValues(ctx, row),
    afterCopy: (ctx, source: TPriceRow, copy: TPriceRow) => service.afterCopy(ctx, source, copy),
  });

  registerResource(app, db, {
    name: 'roomprices',
    base: '/api/roomprices',
    table: priceEntries,
    id: priceEntries.id,
    fields: ENTRY_FIELDS,
    output: ZPriceEntry,
    toOutput: toPriceEntry as (row: never) => TPriceEntry,
    create: ZCreatePriceEntry,
    update: ZUpdatePriceEntry,
    access: ACCESS,
    assets: visibleEntries(db),
    toValues: (ctx, input, existing?: TEntryRow) => parts.entryValues(ctx, input, existing),
  });

  registerResource(app, db, {
    name: 'pricevariant',
    base: '/api/pricevariant',
    table: priceVariants,
    id: priceVariants.id,
    fields: VARIANT_FIELDS,
    output: ZPriceVariant,
    toOutput: toVariant as (row: never) => TPriceVariant,
    create: ZCreatePriceVariant,
    update: ZUpdatePriceVariant,
    access: ACCESS,
    toValues: (ctx, input) => parts.variantValues(ctx, input),
    copyValues: (ctx, row: TVariantRow) => parts.namedCopy(ctx, row),
    beforeDelete: (ctx, row: TVariantRow) => parts.beforeDeleteVariant(ctx, row),
  });

  registerResource(app, db, {
    name: 'supplements',
    base: '/api/supplements',
    table: supplements,
    id: supplements.id,
    fields: SUPPLEMENT_FIELDS,
    output: ZSupplement,
    toOutput: toSupplement as (row: never) => TSupplement,
    create: ZCreateSupplement,
    update: ZUpdateSupplement,
    access: ACCESS,
    assets: visibleSupplements(db),
    toValues: (ctx, input, existing?: TSupplementRow) => parts.supplementValues(ctx, input, existing),
    copyValues: (ctx, row: TSupplementRow) => parts.namedCopy(ctx, row),
  });
}
