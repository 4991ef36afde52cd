import {
  AGENCY_TEMPLATES,
  type TAgency,
  type TAgencyGroup,
  ZAgency,
  ZAgencyContactRow,
  ZAgencyGroup,
  ZAgencyLink,
  ZAgencyTemplateInfo,
  ZAgencyUser,
  ZCreateAgency,
  ZCreateAgencyGroup,
  ZLinkSystem,
  ZSaveAgencyLink,
  ZUpdateAgency,
} from '@atoll/domain/agencies';
import { LANGUAGES } from '@atoll/domain/constants';
import { listAnswer, noNul } from '@atoll/domain/list';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { agencies, agencyGroups } from '../../db/schema.ts';
import { sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { requestLanguage, ZIdParams, ZOk } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import {
  ownAgency,
  type TAgencyGroupRow,
  type TAgencyRow,
  toAgency,
  toAgencyGroup,
} from './agencies.repository.ts';
import { redactAgency, type TAgenciesService } from './agencies.service.ts';

const tags = ['agencies'];
/** Staff read every agency; an agent (`agencies.self`) reads its own. */
const READ = ['agencies.read', 'agencies.self'];
const ZLinkParams = ZIdParams.extend({ system: ZLinkSystem });

export function registerAgenciesRoutes(app: FastifyInstance, deps: { db: Db; agencies: TAgenciesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, agencies: service } = deps;

  r.get(
    '/api/agencies/templates',
    {
      config: { access: { scopes: READ } },
      schema: { tags, response: { 200: z.array(ZAgencyTemplateInfo) } },
    },
    async () => service.templates(),
  );

  r.get(
    '/api/agencies/contacts',
    {
      config: { access: { scopes: READ } },
      schema: {
        tags,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          size: z.coerce.number().int().min(1).max(1000).default(25),
          search: z.string().max(200).refine(noNul, 'No NUL characters').optional(),
          agencyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        }),
        response: { 200: listAnswer(ZAgencyContactRow) },
      },
    },
    async (request) => service.contacts(actor(request), request.query),
  );

  registerResource(app, db, {
    name: 'agencies',
    base: '/api/agencies',
    table: agencies,
    id: agencies.id,
    fields: {
      id: { column: agencies.id, type: 'number', sort: true, filter: true },
      name: { column: agencies.name, type: 'string', sort: true, filter: true, search: true },
      type: { column: agencies.type, type: 'string', sort: true, filter: true },
      email: { column: agencies.email, type: 'string', sort: true, filter: true, search: true },
      phone: { column: agencies.phone, type: 'string', filter: true, search: true },
      city: {
        column: sql`(${agencies.address}->>'city')`,
        type: 'string',
        sort: true,
        filter: true,
        search: true,
      },
      country: { column: sql`(${agencies.address}->>'country')`, type: 'string', sort: true, filter: true },
      groupId: { column: agencies.groupId, type: 'number', sort: true, filter: true },
      isActive: { column: agencies.isActive, type: 'boolean', sort: true, filter: true },
      commission: { column: agencies.commission, type: 'number', sort: true, filter: true },
      createdAt: { column: agencies.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZAgency,
    toOutput: toAgency as (row: never) => TAgency,
    create: ZCreateAgency,
    update: ZUpdateAgency,
    access: {
      read: ['agencies.read'],
      create: ['agencies.create'],
      // An agent edits its own agency; which fields, the service decides.
      update: ['agencies.update', 'agencies.self'],
      delete: ['agencies.delete'],
    },
    self: { scopes: ['agencies.self'], where: ownAgency },
    redact: redactAgency,
    toValues: (ctx, input, existing?: TAgencyRow) => service.agencyValues(ctx, input, existing),
    afterWrite: (ctx, row: TAgencyRow, input) => service.saveContacts(ctx, row, input),
    copyValues: (ctx, row: TAgencyRow) => service.copyValues(ctx, row),
    beforeDelete: (ctx, row: TAgencyRow) => service.beforeDelete(ctx, row),
  });

  r.get(
    '/api/agencies/:id/users',
    {
      config: { access: { scopes: READ } },
      schema: { tags, params: ZIdParams, response: { 200: z.array(ZAgencyUser) } },
    },
    async (request) => service.users(actor(request), request.params.id),
  );

  r.get(
    '/api/agencies/:id/print/:template',
    {
      config: { access: { scopes: READ } },
      schema: {
        tags,
        params: ZIdParams.extend({ template: z.enum(AGENCY_TEMPLATES) }),
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const user = actor(request);
      // The asked language, else the user's own, else the browser's.
      const lang = request.query.lang ?? user.settings.language ?? requestLanguage(request);
      const { pdf, filename } = await service.print(user, request.params.id, request.params.template, lang);
      return sendPdf(reply, pdf, filename);
    },
  );

  r.get(
    '/api/agencies/:id/link',
    {
      config: { access: { scopes: READ } },
      schema: { tags, params: ZIdParams, response: { 200: z.array(ZAgencyLink) } },
    },
    async (request) => service.links(actor(request), request.params.id),
  );

  r.get(
    '/api/agencies/:id/link/:system',
    {
      config: { access: { scopes: READ } },
      schema: { tags, params: ZLinkParams, response: { 200: ZAgencyLink } },
    },
    async (request) => service.link(actor(request), request.params.id, request.params.system),
  );

  r.post(
    '/api/agencies/:id/link/:system',
    {
      config: { access: { scopes: ['agencies.update'] } },
      schema: { tags, params: ZLinkParams, body: ZSaveAgencyLink, response: { 200: ZAgencyLink } },
    },
    async (request) =>
      service.saveLink(actor(request), request.params.id, request.params.system, request.body),
  );

  r.delete(
    '/api/agencies/:id/link/:system',
    {
      config: { access: { scopes: ['agencies.update'] } },
      schema: { tags, params: ZLinkParams, response: { 200: ZOk } },
    },
    async (request) => {
      await service.deleteLink(actor(request), request.params.id, request.params.system);
      return { ok: true as const };
    },
  );

  registerResource(app, db, {
    name: 'agencygroup',
    base: '/api/agencygroup',
    table: agencyGroups,
    id: agencyGroups.id,
    fields: {
      id: { column: agencyGroups.id, type: 'number', sort: true, filter: true },
      name: { column: agencyGroups.name, type: 'string', sort: true, filter: true, search: true },
      description: { column: agencyGroups.description, type: 'string', filter: true, search: true },
      createdAt: { column: agencyGroups.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZAgencyGroup,
    toOutput: toAgencyGroup as (row: never) => TAgencyGroup,
    create: ZCreateAgencyGroup,
    update: ZCreateAgencyGroup.partial(),
    access: {
      read: ['agencies.read'],
      create: ['agencies.create'],
      update: ['agencies.update'],
      delete: ['agencies.delete'],
    },
    toValues: (ctx, input) => service.groupValues(ctx, input),
    copyValues: async (_ctx, row: TAgencyGroupRow) => ({
      name: `${row.name} (copy)`,
      description: row.description,
      color: row.color,
    }),
  });
}
