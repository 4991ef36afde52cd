import { hasNoNul } from '@atoll/domain/payments/api';
import {
  type TXeroConnection,
  ZXeroCallback,
  ZXeroConnection,
  ZXeroConnectionCreate,
  ZXeroConnectionUpdate,
  ZXeroConsent,
  ZXeroInvoice,
  ZXeroInvoiceStates,
  ZXeroInvoiceStatesQuery,
} from '@atoll/domain/plugins/xero';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { xeroConnections } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import {
  configOfConnection,
  secretsOfConnection,
  type TConnectionRow,
  type TXeroService,
} from './xero.service.ts';

// /api/plugins/xero (spec booking §7): the Xero connection as a generic resource (administrators, the /plugins
// screen), its OAuth 2.0 connect and callback, and the invoicing calls invoice/{id} GET (status pulled from
// Xero), POST (push), PUT (send again) and DELETE (void). The secrets (client secret, tokens) are write-only.

const tags = ['plugins'];
const ADMIN = ['admin'];
const REMOTE =
  'PROVIDER_NOT_CONFIGURED (409) without an authorised connection; PROVIDER_UNAVAILABLE (502) with Xero’s ' +
  'reason when Xero fails or refuses, and then nothing is changed here.';

export function toConnection(row: TConnectionRow): TXeroConnection {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    config: configOfConnection(row),
    secretsSet: { clientSecret: Boolean(secretsOfConnection(row).clientSecret) },
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    connectedAt: row.connectedAt?.toISOString() ?? null,
    sort: row.sort,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type TInput = z.infer<typeof ZXeroConnectionUpdate>;

export function registerXeroRoutes(app: FastifyInstance, deps: { db: Db; xero: TXeroService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { xero } = deps;

  // Before the generic `/:id` routes' siblings: static segments win in the router anyway.
  r.get(
    '/api/plugins/xero/invoices',
    {
      config: { access: { scopes: ['bookings.read'] } },
      schema: {
        tags,
        summary: 'Whether Xero is connected and which of the given invoices are in it (not in the spec)',
        description:
          'For the invoices screens: the stored state of each pushed invoice as last synced, without asking ' +
          'Xero. ids: comma-separated invoice ids (at most 200). Staff only (bookings.read).',
        querystring: ZXeroInvoiceStatesQuery,
        response: { 200: ZXeroInvoiceStates },
      },
    },
    async (request) => xero.states(request.query.ids),
  );
  r.get(
    '/api/plugins/xero/invoice/:id',
    {
      config: { access: { scopes: ['bookings.read'] } },
      schema: {
        tags,
        summary: 'The invoice in Xero, its status pulled from Xero now',
        description: `404 when the invoice was not pushed. ${REMOTE}`,
        params: ZIdParams,
        response: { 200: ZXeroInvoice },
      },
    },
    async (request) => xero.status(request.params.id),
  );
  r.post(
    '/api/plugins/xero/invoice/:id',
    {
      config: { access: { scopes: ['bookings.update'] } },
      schema: {
        tags,
        summary: 'Pushes an issued invoice to Xero',
        description:
          'Contact (once per agency or customer), the lines net with their tax rates (missing rates created), ' +
          'the booking’s payments in the invoice currency up to its gross; a cancellation invoice becomes a ' +
          `credit note. 409 CONFLICT when it is in Xero already. ${REMOTE}`,
        params: ZIdParams,
        response: { 201: ZXeroInvoice },
      },
    },
    async (request, reply) => reply.status(201).send(await xero.push(request.params.id, 'create')),
  );
  r.put(
    '/api/plugins/xero/invoice/:id',
    {
      config: { access: { scopes: ['bookings.update'] } },
      schema: {
        tags,
        summary: 'Sends a pushed invoice to Xero again (lines, new payments, status)',
        description: `404 when the invoice was not pushed (or was voided). ${REMOTE}`,
        params: ZIdParams,
        response: { 200: ZXeroInvoice },
      },
    },
    async (request) => xero.push(request.params.id, 'update'),
  );
  r.delete(
    '/api/plugins/xero/invoice/:id',
    {
      config: { access: { scopes: ['bookings.update'] } },
      schema: {
        tags,
        summary: 'Voids the invoice in Xero (deletes it while a draft)',
        description: `404 when it is not in Xero. Xero refuses to void an invoice with payments. ${REMOTE}`,
        params: ZIdParams,
        response: { 200: ZXeroInvoice },
      },
    },
    async (request) => xero.void(request.params.id),
  );

  r.post(
    '/api/plugins/xero/:id/connect',
    {
      config: { access: { scopes: ADMIN } },
      schema: {
        tags,
        summary: 'Starts the OAuth 2.0 connection (not in the spec): the consent URL to open',
        description: 'PROVIDER_NOT_CONFIGURED (409) without client id or redirect URI.',
        params: ZIdParams,
        response: { 200: ZXeroConsent },
      },
    },
    async (request) => xero.connect(request.params.id),
  );
  r.post(
    '/api/plugins/xero/:id/callback',
    {
      config: { access: { scopes: ADMIN } },
      schema: {
        tags,
        summary: 'Completes the OAuth 2.0 connection with the code Xero sent back (not in the spec)',
        description: `INVALID_TOKEN (400) when the state is not the one issued. ${REMOTE}`,
        params: ZIdParams,
        body: ZXeroCallback,
        response: { 200: ZXeroConnection },
      },
    },
    async (request) => toConnection(await xero.callback(request.params.id, request.body)),
  );
  r.post(
    '/api/plugins/xero/:id/disconnect',
    {
      config: { access: { scopes: ADMIN } },
      schema: {
        tags,
        summary: 'Forgets the Xero authorisation (not in the spec)',
        params: ZIdParams,
        response: { 200: ZXeroConnection },
      },
    },
    async (request) => toConnection(await xero.disconnect(request.params.id)),
  );

  registerResource(app, deps.db, {
    name: 'xero',
    base: '/api/plugins/xero',
    table: xeroConnections,
    id: xeroConnections.id,
    fields: {
      id: { column: xeroConnections.id, type: 'number', sort: true, filter: true },
      name: { column: xeroConnections.name, type: 'string', sort: true, filter: true, search: true },
      isActive: { column: xeroConnections.isActive, type: 'boolean', sort: true, filter: true },
      tenantName: {
        column: xeroConnections.tenantName,
        type: 'string',
        sort: true,
        filter: true,
        search: true,
      },
      sort: { column: xeroConnections.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: xeroConnections.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZXeroConnection,
    toOutput: toConnection as (row: never) => TXeroConnection,
    create: ZXeroConnectionCreate,
    update: ZXeroConnectionUpdate,
    access: { read: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
    toValues: async (_ctx, input: TInput, existing?: TConnectionRow) => {
      if (!hasNoNul(input)) throw badRequest('No NUL characters');
      const { secrets, ...rest } = input;
      const values: Record<string, unknown> = Object.fromEntries(
        Object.entries(rest).filter(([, v]) => v !== undefined),
      );
      if (secrets?.clientSecret !== undefined || !existing) {
        const merged = { ...(existing ? secretsOfConnection(existing) : {}) } as Record<string, unknown>;
        if (secrets?.clientSecret === null) delete merged.clientSecret;
        else if (secrets?.clientSecret) merged.clientSecret = secrets.clientSecret;
        values.secrets = merged;
      }
      return values;
    },
    // A copy is a new, unconnected connection with the same app settings.
    copyValues: async (_ctx, row: TConnectionRow) => ({
      name: `${row.name} (copy)`,
      isActive: false,
      config: row.config,
      secrets: { clientSecret: secretsOfConnection(row).clientSecret },
      sort: row.sort,
    }),
  });
}
