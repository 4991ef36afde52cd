import {
  type TBedType,
  type TRoomType,
  ZBedType,
  ZCreateBedType,
  ZCreateRoomType,
  ZRoomType,
  ZUpdateBedType,
  ZUpdateRoomType,
} from '@atoll/domain/inventory/resorts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { bedTypes, roomTypes } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import {
  roomTypeVisibility,
  type TBedTypeRow,
  type TRoomTypeRow,
  toBedType,
  toRoomType,
} from './room-types.repository.ts';
import type { TRoomTypesService } from './room-types.service.ts';

const READ = ['resort.read', 'vessel.read'];
const WRITE = ['resort.update', 'vessel.update'];

export function registerRoomTypesRoutes(
  app: FastifyInstance,
  deps: { db: Db; roomTypes: TRoomTypesService },
) {
  const { db, roomTypes: service } = deps;

  registerResource(app, db, {
    name: 'roomtypes',
    base: '/api/roomtypes',
    table: roomTypes,
    id: roomTypes.id,
    fields: {
      id: { column: roomTypes.id, type: 'number', sort: true, filter: true },
      name: { column: roomTypes.name, type: 'string', sort: true, filter: true, search: true },
      key: { column: roomTypes.key, type: 'string', sort: true, filter: true, search: true },
      resortId: { column: roomTypes.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: roomTypes.vesselId, type: 'number', sort: true, filter: true },
      roomTypeOTA: { column: roomTypes.roomTypeOTA, type: 'string', sort: true, filter: true },
      defaultNoOfPax: { column: roomTypes.defaultNoOfPax, type: 'number', sort: true, filter: true },
      maxNoOfPax: { column: roomTypes.maxNoOfPax, type: 'number', sort: true, filter: true },
      isVisible: { column: roomTypes.isVisible, type: 'boolean', sort: true, filter: true },
      hide: { column: roomTypes.hide, type: 'boolean', sort: true, filter: true },
      sort: { column: roomTypes.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: roomTypes.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZRoomType,
    toOutput: toRoomType as (row: never) => TRoomType,
    create: ZCreateRoomType,
    update: ZUpdateRoomType,
    // Readers go through the asset filter (resort or vessel types, asset lists); admin reads all.
    access: { read: ['admin'], create: WRITE, update: WRITE, delete: WRITE },
    self: { scopes: READ, where: roomTypeVisibility },
    toValues: (ctx, input, existing?: TRoomTypeRow) => service.roomTypeValues(ctx, input, existing),
    copyValues: (ctx, row: TRoomTypeRow) => service.copyValues(ctx, row),
    beforeDelete: (ctx, row: TRoomTypeRow) => service.beforeDeleteRoomType(ctx, row),
  });

  registerResource(app, db, {
    name: 'bedtype',
    base: '/api/bedtype',
    table: bedTypes,
    id: bedTypes.id,
    fields: {
      id: { column: bedTypes.id, type: 'number', sort: true, filter: true },
      name: { column: bedTypes.name, type: 'string', sort: true, filter: true, search: true },
      key: { column: bedTypes.key, type: 'string', sort: true, filter: true, search: true },
      persons: { column: bedTypes.persons, type: 'number', sort: true, filter: true },
      isActive: { column: bedTypes.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: bedTypes.sort, type: 'number', sort: true, filter: true },
    },
    output: ZBedType,
    toOutput: toBedType as (row: never) => TBedType,
    create: ZCreateBedType,
    update: ZUpdateBedType,
    access: { read: READ, create: WRITE, update: WRITE, delete: WRITE },
    // The bodies name columns one to one.
    toValues: async (_ctx, input) => ({ ...input }),
    beforeDelete: (ctx, row: TBedTypeRow) => service.beforeDeleteBedType(ctx, row),
  });
}
