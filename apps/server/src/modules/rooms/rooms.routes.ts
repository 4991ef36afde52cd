import {
  ROOM_STATES,
  type TRoom,
  ZAddBlocker,
  ZCreateRoom,
  ZRemoveBlocker,
  ZResortRooms,
  ZRoom,
  ZRoomBlock,
  ZUpdateRoom,
} from '@atoll/domain/inventory/rooms';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { rooms } from '../../db/schema.ts';
import { actor } from '../../http/access.ts';
import { ZIdParams } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import {
  roomSortValue,
  type TExpandedRoomRow,
  type TRoomRow,
  toRoom,
  visibleRooms,
} from './rooms.repository.ts';
import type { TRoomsService } from './rooms.service.ts';

const tags = ['rooms'];
const READ = ['resort.read', 'vessel.read'];
/** Which asset a write touches decides the scope it needs; the service checks that (resort vs vessel). */
const WRITE = ['resort.update', 'vessel.update'];

/** `?states=clean,occupied`: a comma list of known states. */
const ZStatesQuery = z.object({
  states: z
    .string()
    .max(500)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROOM_STATES)).min(1)),
});

export function registerRoomsRoutes(app: FastifyInstance, deps: { db: Db; rooms: TRoomsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, rooms: service } = deps;

  registerResource(app, db, {
    name: 'rooms',
    base: '/api/rooms',
    table: rooms,
    id: rooms.id,
    fields: {
      id: { column: rooms.id, type: 'number', sort: true, filter: true },
      name: { column: rooms.name, type: 'string', sort: true, filter: true, search: true },
      internalId: { column: rooms.internalId, type: 'string', sort: true, filter: true, search: true },
      type: { column: rooms.type, type: 'string', sort: true, filter: true },
      resortId: { column: rooms.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: rooms.vesselId, type: 'number', sort: true, filter: true },
      roomTypeId: { column: rooms.roomTypeId, type: 'number', sort: true, filter: true },
      deckId: { column: rooms.deckId, type: 'number', sort: true, filter: true },
      isActive: { column: rooms.isActive, type: 'boolean', sort: true, filter: true },
      isVisible: { column: rooms.isVisible, type: 'boolean', sort: true, filter: true },
      hide: { column: rooms.hide, type: 'boolean', sort: true, filter: true },
      availableBeds: { column: rooms.availableBeds, type: 'number', sort: true, filter: true },
      housekeeping: { column: rooms.housekeeping, type: 'string', sort: true, filter: true },
      usageState: { column: rooms.usageState, type: 'string', sort: true, filter: true },
      // Spec booking §5 order: sort (negative = 9999), then name; a row value sorts by both.
      sort: { column: sql`(${roomSortValue}, ${rooms.name})`, type: 'number', sort: true },
      createdAt: { column: rooms.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZRoom,
    toOutput: toRoom as (row: never) => TRoom,
    create: ZCreateRoom,
    update: ZUpdateRoom,
    access: { read: READ, create: WRITE, update: WRITE, delete: WRITE },
    // Resort rooms need resort.read, cabins vessel.read, each within the user's resort and vessel lists.
    assets: visibleRooms,
    expand: (rows: TRoomRow[]) => service.expand(rows) as Promise<TExpandedRoomRow[]>,
    toValues: (ctx, input, existing?: TRoomRow) => service.roomValues(ctx, input, existing),
    copyValues: (ctx, row: TRoomRow) => service.copyValues(ctx, row),
    beforeDelete: (ctx, row: TRoomRow) => service.beforeDelete(ctx, row),
  });

  r.post(
    '/api/rooms/addBlocker',
    {
      config: { access: { scopes: WRITE } },
      schema: { tags, body: ZAddBlocker, response: { 201: z.array(ZRoomBlock) } },
    },
    async (request, reply) => reply.status(201).send(await service.addBlocker(actor(request), request.body)),
  );

  r.post(
    '/api/rooms/removeBlocker',
    {
      config: { access: { scopes: WRITE } },
      schema: { tags, body: ZRemoveBlocker, response: { 200: z.object({ ids: z.array(z.number().int()) }) } },
    },
    async (request) => service.removeBlocker(actor(request), request.body),
  );

  r.post(
    '/api/rooms/:id/state/:state',
    {
      config: { access: { scopes: WRITE } },
      schema: {
        tags,
        params: ZIdParams.extend({ state: z.enum(ROOM_STATES) }),
        response: { 200: ZRoom },
      },
    },
    async (request) => service.setStates(actor(request), request.params.id, [request.params.state]),
  );

  r.post(
    '/api/rooms/:id/state',
    {
      config: { access: { scopes: WRITE } },
      schema: { tags, params: ZIdParams, querystring: ZStatesQuery, response: { 200: ZRoom } },
    },
    async (request) => service.setStates(actor(request), request.params.id, request.query.states),
  );

  r.get(
    '/api/rooms/resort',
    {
      config: { access: { scopes: ['resort.read'] } },
      schema: { tags, response: { 200: z.array(ZResortRooms) } },
    },
    async (request) => service.resortRooms(actor(request)),
  );

  r.get(
    '/api/rooms/roomtype/:id',
    {
      config: { access: { scopes: READ } },
      schema: { tags, params: ZIdParams, response: { 200: z.array(ZRoom) } },
    },
    async (request) => service.roomsOfType(actor(request), request.params.id),
  );
}
