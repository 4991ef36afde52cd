import {
  normalizePercent,
  ZBookingCategory,
  ZBookingSource,
  ZCreateBookingCategory,
  ZCreateBookingSource,
  ZCreateTax,
  ZCreateTextblock,
  ZCreateTextblockGroup,
  ZTax,
  ZTextblock,
  ZTextblockGroup,
  ZUpdateTax,
} from '@atoll/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookingCategories, bookingSources, taxes, textblockGroups, textblocks } from '../../db/schema.ts';
import { defined, registerResource } from '../../http/resource.ts';

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Only what the body names: a partial update leaves the rest alone. */
/** Booking lists (sources, categories, text blocks): anyone who books reads them, settings.update edits. */
const BOOKING_LISTS = {
  read: ['settings.read', 'bookings.read'],
  create: ['settings.update'],
  update: ['settings.update'],
  delete: ['settings.update'],
};

type TTaxRow = typeof taxes.$inferSelect;
const toTax = (row: TTaxRow): z.infer<typeof ZTax> => ({
  id: row.id,
  name: row.name,
  value: normalizePercent(row.value),
  inclusive: row.inclusive,
  status: row.status as z.infer<typeof ZTax>['status'],
  countries: row.countries,
  ...stamps(row),
});

type TTextblockRow = typeof textblocks.$inferSelect;
const toTextblock = (row: TTextblockRow): z.infer<typeof ZTextblock> => ({
  id: row.id,
  groupId: row.groupId,
  name: row.name,
  text: row.text as z.infer<typeof ZTextblock>['text'],
  sort: row.sort,
  ...stamps(row),
});

/** Taxes, text blocks and their groups, booking sources and categories: generic resources (ADR 0003). */
export function registerSettingsResources(app: FastifyInstance, db: Db) {
  registerResource(app, db, {
    name: 'tax',
    base: '/api/tax',
    table: taxes,
    id: taxes.id,
    fields: {
      id: { column: taxes.id, type: 'number', sort: true, filter: true },
      name: { column: taxes.name, type: 'string', sort: true, filter: true, search: true },
      value: { column: taxes.value, type: 'number', sort: true, filter: true },
      inclusive: { column: taxes.inclusive, type: 'boolean', sort: true, filter: true },
      status: { column: taxes.status, type: 'string', sort: true, filter: true },
    },
    output: ZTax,
    toOutput: toTax as (row: never) => z.infer<typeof ZTax>,
    create: ZCreateTax,
    update: ZUpdateTax,
    access: {
      read: ['settings.read'],
      create: ['settings.update'],
      update: ['settings.update'],
      delete: ['settings.update'],
    },
    // A new tax is not in force until someone confirms it (spec booking §3), a copy neither.
    toValues: async (_ctx, input, existing?: TTaxRow) =>
      existing ? defined(input) : { ...defined(input), status: 'aborted' },
    copyValues: async (_ctx, row: TTaxRow) => ({
      name: `${row.name} (copy)`,
      value: row.value,
      inclusive: row.inclusive,
      countries: row.countries,
      status: 'aborted',
    }),
  });

  registerResource(app, db, {
    name: 'textblockgroup',
    base: '/api/textblockgroup',
    table: textblockGroups,
    id: textblockGroups.id,
    fields: {
      id: { column: textblockGroups.id, type: 'number', sort: true, filter: true },
      name: { column: textblockGroups.name, type: 'string', sort: true, filter: true, search: true },
      sort: { column: textblockGroups.sort, type: 'number', sort: true, filter: true },
    },
    output: ZTextblockGroup,
    toOutput: ((row: typeof textblockGroups.$inferSelect) => ({
      id: row.id,
      name: row.name,
      sort: row.sort,
      ...stamps(row),
    })) as (row: never) => z.infer<typeof ZTextblockGroup>,
    create: ZCreateTextblockGroup,
    update: ZCreateTextblockGroup.partial(),
    access: BOOKING_LISTS,
    toValues: async (_ctx, input) => defined(input),
  });

  registerResource(app, db, {
    name: 'textblock',
    base: '/api/textblock',
    table: textblocks,
    id: textblocks.id,
    fields: {
      id: { column: textblocks.id, type: 'number', sort: true, filter: true },
      groupId: { column: textblocks.groupId, type: 'number', sort: true, filter: true },
      name: { column: textblocks.name, type: 'string', sort: true, filter: true, search: true },
      sort: { column: textblocks.sort, type: 'number', sort: true, filter: true },
    },
    output: ZTextblock,
    toOutput: toTextblock as (row: never) => z.infer<typeof ZTextblock>,
    create: ZCreateTextblock,
    update: ZCreateTextblock.partial(),
    access: BOOKING_LISTS,
    // A group that does not exist is refused by the foreign key (400).
    toValues: async (_ctx, input) => defined(input),
  });

  const source = (row: typeof bookingSources.$inferSelect) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    sort: row.sort,
    ...stamps(row),
  });
  registerResource(app, db, {
    name: 'bookingsource',
    base: '/api/bookingsource',
    table: bookingSources,
    id: bookingSources.id,
    fields: {
      id: { column: bookingSources.id, type: 'number', sort: true, filter: true },
      name: { column: bookingSources.name, type: 'string', sort: true, filter: true, search: true },
      description: { column: bookingSources.description, type: 'string', filter: true, search: true },
      isActive: { column: bookingSources.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: bookingSources.sort, type: 'number', sort: true, filter: true },
    },
    output: ZBookingSource,
    toOutput: source as (row: never) => z.infer<typeof ZBookingSource>,
    create: ZCreateBookingSource,
    update: ZCreateBookingSource.partial(),
    access: BOOKING_LISTS,
    toValues: async (_ctx, input) => defined(input),
  });

  registerResource(app, db, {
    name: 'bookingcategory',
    base: '/api/bookingcategory',
    table: bookingCategories,
    id: bookingCategories.id,
    fields: {
      id: { column: bookingCategories.id, type: 'number', sort: true, filter: true },
      name: { column: bookingCategories.name, type: 'string', sort: true, filter: true, search: true },
      description: { column: bookingCategories.description, type: 'string', filter: true, search: true },
      color: { column: bookingCategories.color, type: 'string', filter: true },
      isActive: { column: bookingCategories.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: bookingCategories.sort, type: 'number', sort: true, filter: true },
    },
    output: ZBookingCategory,
    toOutput: ((row: typeof bookingCategories.$inferSelect) => ({ ...source(row), color: row.color })) as (
      row: never,
    ) => z.infer<typeof ZBookingCategory>,
    create: ZCreateBookingCategory,
    update: ZCreateBookingCategory.partial(),
    access: BOOKING_LISTS,
    toValues: async (_ctx, input) => defined(input),
  });
}
