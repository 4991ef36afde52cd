import { DEFAULT_CURRENCY, LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import {
  type TCustomer,
  ZCreateCustomer,
  ZCustomer,
  ZCustomerDashboard,
  ZCustomerDashboardQuery,
  ZCustomerDiff,
  ZCustomerMeta,
  ZCustomerReference,
  ZCustomerStats,
  ZCustomerStay,
  ZDuplicateMatch,
  ZDuplicateQuery,
  ZIsoDate,
  ZMetaKey,
  ZMetaValue,
  ZMetaValues,
  ZReferenceBody,
  ZReferenceParams,
  ZUpdateCustomer,
} from '@atoll/domain/customers';
import type { TSessionUser } from '@atoll/domain/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { loadLetterhead, sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { ZIdParams, ZOk } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { loyaltyTestMail } from './customer-mails.ts';
import { CUSTOMER_TEMPLATES, renderCustomerSheet } from './customer-sheet.tsx';
import { toCustomer } from './customer-state.ts';
import {
  isAssignedSql,
  type TCustomerRow,
  type TCustomersRepository,
  type TMetaRow,
  type TReferenceRow,
} from './customers.repository.ts';
import {
  CUSTOMER_ACCESS,
  ownCustomers,
  redactCustomer,
  type TCustomersService,
} from './customers.service.ts';

const tags = ['customers'];
const READ = [...CUSTOMER_ACCESS.read, ...CUSTOMER_ACCESS.self];
const UPDATE = CUSTOMER_ACCESS.update;

const toReference = (r: TReferenceRow) => ({
  customerId: r.customerId,
  system: r.system,
  external: r.external,
  data: r.data as Record<string, unknown>,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const toMeta = (r: TMetaRow) => ({ key: r.key, value: r.value, updatedAt: r.updatedAt.toISOString() });

/** The document language: `lang` of the query, else the user's, else German. */
const documentLanguage = (lang: TLanguage | undefined, user: TSessionUser): TLanguage =>
  lang ?? user.settings.language ?? 'de';

export function registerCustomersRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    service: TCustomersService;
    repository: TCustomersRepository;
    settings: TSettingsService;
    mailer: TMailer;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, service, repository } = deps;
  const customer = async (user: TSessionUser, id: number) => {
    const [out] = await service.toOutputs(user, [await service.visible(db, user, id)]);
    return out as TCustomer;
  };

  registerResource(app, db, {
    name: 'customers',
    base: '/api/customers',
    table: customers,
    id: customers.id,
    fields: {
      id: { column: customers.id, type: 'number', sort: true, filter: true },
      fullName: { column: customers.fullName, type: 'string', sort: true, filter: true },
      // Name, e-mail and phone in one indexed column (see the schema).
      search: { column: customers.searchText, type: 'string', search: true },
      firstName: { column: customers.firstName, type: 'string', sort: true, filter: true },
      lastName: { column: customers.lastName, type: 'string', sort: true, filter: true },
      email: { column: customers.email, type: 'string', sort: true, filter: true },
      phone: { column: customers.phone, type: 'string', filter: true },
      customerType: { column: customers.customerType, type: 'string', sort: true, filter: true },
      gender: { column: customers.gender, type: 'string', sort: true, filter: true },
      birthday: { column: customers.birthday, type: 'date', sort: true, filter: true },
      permanentAge: { column: customers.permanentAge, type: 'number', sort: true, filter: true },
      nationality: { column: customers.nationality, type: 'string', sort: true, filter: true },
      country: { column: customers.country, type: 'string', sort: true, filter: true },
      language: { column: customers.language, type: 'string', sort: true, filter: true },
      agencyId: { column: customers.agencyId, type: 'number', sort: true, filter: true },
      groupId: { column: customers.groupId, type: 'number', sort: true, filter: true },
      stays: { column: customers.stays, type: 'number', sort: true, filter: true },
      lastStay: { column: customers.lastStay, type: 'date', sort: true, filter: true },
      isAssigned: { column: isAssignedSql, type: 'boolean', sort: true, filter: true },
      createdAt: { column: customers.createdAt, type: 'datetime', sort: true, filter: true },
      updatedAt: { column: customers.updatedAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZCustomer,
    toOutput: toCustomer as (row: never) => TCustomer,
    expand: (rows: TCustomerRow[]) => service.expand(rows),
    redact: redactCustomer,
    create: ZCreateCustomer,
    update: ZUpdateCustomer,
    access: {
      read: CUSTOMER_ACCESS.read,
      create: [...CUSTOMER_ACCESS.create, 'agencies.self'],
      update: [...CUSTOMER_ACCESS.update, ...CUSTOMER_ACCESS.self],
      delete: CUSTOMER_ACCESS.delete,
    },
    // Called for self users only, for whom visibleCustomers always answers a filter.
    self: { scopes: CUSTOMER_ACCESS.self, where: ownCustomers },
    toValues: (ctx, input, existing?: TCustomerRow) => service.customerValues(ctx, input, existing),
    copyValues: (ctx, row: TCustomerRow) => service.copyValues(ctx, row),
    afterWrite: (ctx, row: TCustomerRow) => service.afterWrite(ctx, row),
  });

  r.get(
    '/api/customers/birthday/:date',
    {
      config: { access: { scopes: READ } },
      schema: { tags, params: z.object({ date: ZIsoDate }), response: { 200: z.array(ZCustomer) } },
    },
    async (request) => service.birthdays(actor(request), request.params.date),
  );

  r.get(
    '/api/customers/dashboard',
    {
      config: { access: { scopes: READ } },
      schema: { tags, querystring: ZCustomerDashboardQuery, response: { 200: ZCustomerDashboard } },
    },
    async (request) => service.dashboard(actor(request), request.query.days),
  );

  r.post(
    '/api/customers/duplicates',
    {
      config: { access: { scopes: [...CUSTOMER_ACCESS.create, ...UPDATE, 'agencies.self'] } },
      schema: {
        tags,
        body: ZDuplicateQuery.extend({ excludeId: z.number().int().positive().optional() }),
        response: { 200: z.array(ZDuplicateMatch) },
      },
    },
    async (request) => service.duplicates(actor(request), request.body, request.body.excludeId),
  );

  registerReferenceRoutes();
  registerMetaRoutes();

  r.get(
    '/api/customers/:id/stay',
    {
      config: { access: { scopes: READ } },
      schema: { tags, params: ZIdParams, response: { 200: z.array(ZCustomerStay) } },
    },
    async (request) => {
      const user = actor(request);
      await service.visible(db, user, request.params.id);
      // Only the bookings the user may see: an agent sees the customer's stays with its own agency.
      return repository.stays(db, request.params.id, bookingVisibility(user));
    },
  );

  r.get(
    '/api/customers/:id/diff/:from',
    {
      config: { access: { scopes: READ } },
      schema: {
        tags,
        params: ZIdParams.extend({ from: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: ZCustomerDiff },
      },
    },
    async (request) => service.diff(actor(request), request.params.id, request.params.from),
  );

  r.post(
    '/api/customers/:id/stats/recalculate',
    {
      config: { access: { scopes: UPDATE } },
      schema: { tags, params: ZIdParams, response: { 200: ZCustomerStats } },
    },
    async (request) => service.recalculateStats(actor(request), request.params.id),
  );

  r.post(
    '/api/customers/:id/print/:template',
    {
      config: { access: { scopes: READ } },
      schema: {
        tags,
        params: ZIdParams.extend({ template: z.string().max(100) }),
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const found = await customer(user, request.params.id);
      if (!(CUSTOMER_TEMPLATES as readonly string[]).includes(request.params.template))
        throw notFound('template');
      const lang = documentLanguage(request.query.lang, user);
      const company = await loadLetterhead(db, deps.settings);
      const pdf = await renderCustomerSheet({ customer: found, company, lang, currency: DEFAULT_CURRENCY });
      return sendPdf(reply, pdf, `customer-${found.id}.pdf`);
    },
  );

  r.post(
    '/api/customers/:id/loyality/test/:mail',
    {
      config: { access: { scopes: UPDATE } },
      schema: { tags, params: ZIdParams.extend({ mail: z.email().max(254) }), response: { 200: ZOk } },
    },
    async (request) => {
      const user = actor(request);
      const found = await customer(user, request.params.id);
      const company = await deps.settings.get('company', 'name', 'Atoll');
      const lang = (found.language as TLanguage | null) ?? documentLanguage(undefined, user);
      await deps.mailer.send(
        loyaltyTestMail(found, request.params.mail, { lang, company, currency: DEFAULT_CURRENCY }),
      );
      return { ok: true as const };
    },
  );

  function registerReferenceRoutes() {
    const params = ZIdParams.extend(ZReferenceParams.shape);
    r.get(
      '/api/customers/:id/reference',
      {
        config: { access: { scopes: READ } },
        schema: { tags, params: ZIdParams, response: { 200: z.array(ZCustomerReference) } },
      },
      async (request) => {
        const row = await service.visible(db, actor(request), request.params.id);
        return (await repository.references(db, row.id)).map(toReference);
      },
    );
    r.get(
      '/api/customers/:id/reference/find/:system',
      {
        config: { access: { scopes: READ } },
        schema: {
          tags,
          params: ZIdParams.extend({ system: ZReferenceParams.shape.system }),
          response: { 200: z.array(ZCustomerReference) },
        },
      },
      async (request) => {
        const row = await service.visible(db, actor(request), request.params.id);
        return (await repository.references(db, row.id, request.params.system)).map(toReference);
      },
    );
    r.get(
      '/api/customers/:id/reference/:system/:external',
      {
        config: { access: { scopes: READ } },
        schema: { tags, params, response: { 200: ZCustomerReference } },
      },
      async (request) => {
        const { id, system, external } = request.params;
        const row = await service.visible(db, actor(request), id);
        const found = await repository.reference(db, row.id, system, external);
        if (!found) throw notFound('reference');
        return toReference(found);
      },
    );
    for (const method of ['PUT', 'POST'] as const) {
      r.route({
        method,
        url: '/api/customers/:id/reference/:system/:external',
        config: { access: { scopes: UPDATE } },
        schema: { tags, params, body: ZReferenceBody, response: { 200: ZCustomerReference } },
        handler: async (request) => {
          const { id, system, external } = request.params;
          const saved = await service.saveReference(actor(request), id, system, external, request.body.data);
          if (!saved) throw conflict(`${system}/${external} belongs to another customer`);
          return toReference(saved);
        },
      });
    }
    r.delete(
      '/api/customers/:id/reference/:system/:external',
      { config: { access: { scopes: UPDATE } }, schema: { tags, params, response: { 200: ZOk } } },
      async (request) => {
        const { id, system, external } = request.params;
        const row = await service.visible(db, actor(request), id);
        if (!(await repository.deleteReference(db, row.id, system, external))) throw notFound('reference');
        return { ok: true as const };
      },
    );
  }

  function registerMetaRoutes() {
    const keyParams = ZIdParams.extend({ key: ZMetaKey });
    r.get(
      '/api/customers/:id/meta',
      {
        config: { access: { scopes: READ } },
        schema: { tags, params: ZIdParams, response: { 200: z.array(ZCustomerMeta) } },
      },
      async (request) => {
        const row = await service.visible(db, actor(request), request.params.id);
        return (await repository.meta(db, row.id)).map(toMeta);
      },
    );
    // Both writes answer all of the customer's meta; a null value removes the key.
    r.post(
      '/api/customers/:id/meta',
      {
        config: { access: { scopes: UPDATE } },
        schema: { tags, params: ZIdParams, body: ZMetaValues, response: { 200: z.array(ZCustomerMeta) } },
      },
      async (request) => {
        const rows = await service.setMeta(actor(request), request.params.id, request.body);
        return rows.map(toMeta);
      },
    );
    r.get(
      '/api/customers/:id/meta/:key',
      {
        config: { access: { scopes: READ } },
        schema: { tags, params: keyParams, response: { 200: ZCustomerMeta } },
      },
      async (request) => {
        const row = await service.visible(db, actor(request), request.params.id);
        const [found] = await repository.meta(db, row.id, request.params.key);
        if (!found) throw notFound('meta');
        return toMeta(found);
      },
    );
    r.post(
      '/api/customers/:id/meta/:key',
      {
        config: { access: { scopes: UPDATE } },
        schema: { tags, params: keyParams, body: ZMetaValue, response: { 200: z.array(ZCustomerMeta) } },
      },
      async (request) => {
        const { id, key } = request.params;
        const rows = await service.setMeta(actor(request), id, { [key]: request.body.value });
        return rows.map(toMeta);
      },
    );
  }
}
