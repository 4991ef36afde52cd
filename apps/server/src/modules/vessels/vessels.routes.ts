import { LANGUAGES } from '@atoll/domain/constants';
import {
  type TVessel,
  type TVesselDeck,
  type TVesselList,
  ZCreateVessel,
  ZCreateVesselDeck,
  ZCreateVesselList,
  ZUpdateVessel,
  ZUpdateVesselDeck,
  ZUpdateVesselList,
  ZVessel,
  ZVesselDeck,
  ZVesselList,
} from '@atoll/domain/inventory/vessels';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { vesselDecks, vesselLists, vessels } from '../../db/schema.ts';
import { sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { requestLanguage, ZIdParams } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import {
  sellableVessels,
  type TVesselDeckRow,
  type TVesselListRow,
  type TVesselRow,
  toVessel,
  toVesselDeck,
  toVesselList,
  visibleDecks,
  visibleLists,
  visibleVessels,
} from './vessels.repository.ts';
import type { TVesselsService } from './vessels.service.ts';

/** Vessels, their decks and their printable lists all belong to the vessel area (spec platform §2). */
const ACCESS = {
  read: ['vessel.read'],
  create: ['vessel.create'],
  update: ['vessel.update'],
  delete: ['vessel.delete'],
};

export function registerVesselsRoutes(app: FastifyInstance, deps: { db: Db; vessels: TVesselsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, vessels: service } = deps;

  registerResource(app, db, {
    name: 'vessel',
    base: '/api/vessel',
    table: vessels,
    id: vessels.id,
    fields: {
      id: { column: vessels.id, type: 'number', sort: true, filter: true },
      name: { column: vessels.name, type: 'string', sort: true, filter: true, search: true },
      code: { column: vessels.code, type: 'string', sort: true, filter: true, search: true },
      currency: { column: vessels.currency, type: 'string', sort: true, filter: true },
      timeZone: { column: vessels.timeZone, type: 'string', sort: true, filter: true },
      homePortId: { column: vessels.homePortId, type: 'number', sort: true, filter: true },
      flag: { column: sql`(${vessels.details}->>'flag')`, type: 'string', sort: true, filter: true },
      isActive: { column: vessels.isActive, type: 'boolean', sort: true, filter: true },
      isVisible: { column: vessels.isVisible, type: 'boolean', sort: true, filter: true },
      sort: { column: vessels.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: vessels.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZVessel,
    toOutput: toVessel as (row: never) => TVessel,
    create: ZCreateVessel,
    update: ZUpdateVessel,
    access: ACCESS,
    assets: visibleVessels,
    // Agents list the vessels on sale for the booking wizard (nothing internal is in ZVessel).
    self: { scopes: ['agencies.self'], where: sellableVessels },
    toValues: (ctx, input) => service.vesselValues(ctx, input),
    beforeDelete: (ctx, row: TVesselRow) => service.beforeDeleteVessel(ctx, row),
    copyValues: async (_ctx, row: TVesselRow) => ({
      ...withoutIdentity(row),
      name: `${row.name} (copy)`,
      code: null,
    }),
  });

  registerResource(app, db, {
    name: 'vesseldeck',
    base: '/api/vesseldeck',
    table: vesselDecks,
    id: vesselDecks.id,
    fields: {
      id: { column: vesselDecks.id, type: 'number', sort: true, filter: true },
      vesselId: { column: vesselDecks.vesselId, type: 'number', sort: true, filter: true },
      name: { column: vesselDecks.name, type: 'string', sort: true, filter: true, search: true },
      sort: { column: vesselDecks.sort, type: 'number', sort: true, filter: true },
    },
    output: ZVesselDeck,
    toOutput: toVesselDeck as (row: never) => TVesselDeck,
    create: ZCreateVesselDeck,
    update: ZUpdateVesselDeck,
    access: ACCESS,
    assets: visibleDecks,
    expand: (rows: TVesselDeckRow[]) => service.expandDecks(rows),
    toValues: (ctx, input, existing?: TVesselDeckRow) => service.deckValues(ctx, input, existing),
    copyValues: async (_ctx, row: TVesselDeckRow) => ({
      ...withoutIdentity(row),
      name: `${row.name} (copy)`,
    }),
  });

  registerResource(app, db, {
    name: 'vessellist',
    base: '/api/vessellist',
    table: vesselLists,
    id: vesselLists.id,
    fields: {
      id: { column: vesselLists.id, type: 'number', sort: true, filter: true },
      name: { column: vesselLists.name, type: 'string', sort: true, filter: true, search: true },
      vesselId: { column: vesselLists.vesselId, type: 'number', sort: true, filter: true },
      kind: { column: vesselLists.kind, type: 'string', sort: true, filter: true },
      language: { column: vesselLists.language, type: 'string', sort: true, filter: true },
      sort: { column: vesselLists.sort, type: 'number', sort: true, filter: true },
    },
    output: ZVesselList,
    toOutput: toVesselList as (row: never) => TVesselList,
    create: ZCreateVesselList,
    update: ZUpdateVesselList,
    access: ACCESS,
    assets: visibleLists,
    toValues: (ctx, input) => service.listValues(ctx, input),
    copyValues: async (_ctx, row: TVesselListRow) => ({
      ...withoutIdentity(row),
      name: `${row.name} (copy)`,
    }),
  });

  r.get(
    '/api/vessellist/:id/print/:scheduleId',
    {
      config: { access: { scopes: ACCESS.read } },
      schema: {
        tags: ['vessellist'],
        params: ZIdParams.extend({ scheduleId: ZIdParams.shape.id }),
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const user = actor(request);
      // The list's own language wins; else the asked one, the user's, the browser's.
      const reader = request.query.lang ?? user.settings.language ?? requestLanguage(request);
      const { pdf, filename } = await service.printList(
        user,
        request.params.id,
        request.params.scheduleId,
        reader,
      );
      return sendPdf(reply, pdf, filename);
    },
  );
}

function withoutIdentity<T extends { id: number; createdAt: Date; updatedAt: Date }>(row: T) {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}
