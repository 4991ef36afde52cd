import {
  FORM_CONSTANTS,
  ZForm,
  ZFormConstants,
  ZFormCreate,
  ZFormUpdate,
  ZLocalText,
} from '@atoll/domain/forms';
import type { FormField } from '@atoll/domain/forms/rules';
import { listAnswer, ZListCsvQuery, ZListQuery } from '@atoll/domain/list';
import { hasScope } from '@atoll/domain/scopes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actor } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { registerFormDefResources } from './formdefs.routes.ts';
import {
  checkLinks,
  deleteForm,
  findById,
  findByToken,
  findDef,
  formsList,
  formsPage,
  insertForm,
  newFormToken,
  publicLink,
  queueFormMail,
  saveAnswers,
  type TFormListRow,
  toForm,
  updateForm,
} from './forms.service.ts';

// Spec booking §7 "Forms" and the base paths /api/form and /api/formdef. Staff (forms.* / formdef.*)
// build definitions and send forms; the guest opens exactly one form with its token (public, rate-limited
// per IP): GET and POST /api/form/{id}?token=… read and answer it. Feature switch `forms`: 404 when off.

export const FORM_ACCESS = {
  read: ['forms.read'],
  create: ['forms.create'],
  update: ['forms.update'],
  delete: ['forms.delete'],
};
const tags = ['forms'];
/** Public token calls per IP and minute. */
export const FORM_PUBLIC_RATE = 60;
/**
 * Counted after the access check (preHandler), so a signed-in office (many staff behind one address)
 * is not limited; anonymous callers – the guests with a token – are, per IP.
 */
const PUBLIC_RATE_LIMIT = {
  max: FORM_PUBLIC_RATE,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  allowList: (request: FastifyRequest) => request.user !== null,
};

type TFormsDeps = { db: Db; settings: TSettingsService; config: TConfig };

const ZTokenQuery = z.object({ token: z.string().min(16).max(100).optional() });
const ZAnswerBody = z.object({ data: z.record(z.string(), z.unknown()) });
const ZQrQuery = z.object({ format: z.enum(['png', 'svg']).default('png') });

const ZFormView = ZForm.extend({
  token: z.string().optional(),
  link: z.string().optional(),
  title: ZLocalText,
  fields: z.array(z.any()),
});

const isFormRoute = (url: string | undefined) =>
  url !== undefined &&
  (url === '/api/form' || url.startsWith('/api/form/') || url.startsWith('/api/formdef'));

export function registerFormsRoutes(app: FastifyInstance, deps: TFormsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;

  app.addHook('preValidation', async (request) => {
    if (!isFormRoute(request.routeOptions.url)) return;
    if (!(await deps.settings.features()).forms) throw notFound();
  });

  registerFormDefResources(app, db);

  const staff = (request: FastifyRequest, scopes: string[]) => {
    if (!request.user) throw unauthorized();
    if (!hasScope(request.user.scopes, scopes)) throw forbidden();
    return request.user;
  };
  const view = async (row: TFormListRow, withStaff: boolean) => {
    const def = await findDef(db, row.formDefId);
    const form = toForm(row, config.appUrl);
    const base = {
      ...form,
      title: (def?.title ?? {}) as { de?: string; en?: string },
      fields: (def?.fields ?? []) as FormField[],
    };
    if (withStaff) return base;
    // The guest sees the form, not who else it belongs to.
    const { token: _t, link: _l, customerName: _c, bookingNo: _b, ...rest } = base;
    return { ...rest, customerId: null, bookingId: null };
  };

  r.get(
    '/api/form/constants',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Field types, rule names and defaults of custom forms',
        response: { 200: ZFormConstants },
      },
    },
    async () => FORM_CONSTANTS,
  );

  r.get(
    '/api/form',
    {
      config: { access: { scopes: FORM_ACCESS.read } },
      schema: {
        tags,
        summary: 'Sent and submitted forms',
        querystring: ZListQuery,
        response: { 200: listAnswer(ZForm) },
      },
    },
    async (request) => {
      const q = request.query;
      const size = q.size === 0 ? MAX_LIST_ROWS : Math.min(q.size, MAX_LIST_ROWS);
      const { total, rows } = await formsPage(db, q, { size, offset: (q.page - 1) * size });
      return {
        data: rows.map((row) => toForm(row, config.appUrl)),
        total,
        page: q.page,
        size,
      };
    },
  );

  r.get(
    '/api/form/listCSV',
    {
      config: { access: { scopes: FORM_ACCESS.read } },
      schema: { tags, summary: 'Forms with their answers as CSV', querystring: ZListCsvQuery },
    },
    async (request, reply) => {
      const q = request.query;
      const rows = await formsList(db, q, MAX_LIST_ROWS);
      const keys: string[] = [];
      for (const row of rows) {
        for (const key of Object.keys((row.data ?? {}) as object)) if (!keys.includes(key)) keys.push(key);
      }
      const head = [
        'id',
        'formDefName',
        'customerName',
        'bookingNo',
        'status',
        'language',
        'submittedAt',
        ...keys,
      ];
      function* lines() {
        yield head;
        for (const row of rows) {
          const data = (row.data ?? {}) as Record<string, unknown>;
          yield [
            row.id,
            row.formDefName,
            row.customerName,
            row.bookingNo,
            row.status,
            row.language,
            row.submittedAt,
            ...keys.map((k) => {
              const v = data[k];
              if (Array.isArray(v)) return v.join('; ');
              if (v && typeof v === 'object') return (v as { name?: string }).name ?? JSON.stringify(v);
              return v;
            }),
          ];
        }
      }
      return sendCsv(request, reply, lines(), 'forms.csv');
    },
  );

  r.get(
    '/api/form/:id',
    {
      config: {
        access: { public: true },
        rateLimit: PUBLIC_RATE_LIMIT,
      },
      schema: {
        tags,
        summary: 'One form with its definition: with `token` for the guest (public), without for staff',
        params: ZIdParams,
        querystring: ZTokenQuery,
        response: { 200: ZFormView },
      },
    },
    async (request) => {
      const { token } = request.query;
      if (token) return (await view(await findByToken(db, request.params.id, token), false)) as never;
      staff(request, FORM_ACCESS.read);
      return (await view(await findById(db, request.params.id), true)) as never;
    },
  );

  r.post(
    '/api/form/:id',
    {
      config: {
        access: { public: true },
        rateLimit: PUBLIC_RATE_LIMIT,
      },
      schema: {
        tags,
        summary: "The guest's answers (with `token`, validated, submits) or a staff update (without)",
        params: ZIdParams,
        querystring: ZTokenQuery,
        response: { 200: ZFormView },
      },
    },
    async (request) => {
      const { token } = request.query;
      if (token) {
        const row = await findByToken(db, request.params.id, token);
        const body = ZAnswerBody.safeParse(request.body);
        if (!body.success) throw badRequest('The answers are missing', 'data');
        await saveAnswers(db, row, body.data.data, { submit: true, partial: false, user: request.user });
        return (await view(await findById(db, row.id), false)) as never;
      }
      const user = staff(request, FORM_ACCESS.update);
      const body = ZFormUpdate.safeParse(request.body ?? {});
      if (!body.success) {
        throw badRequest(
          body.error.issues[0]?.message ?? 'invalid',
          body.error.issues[0]?.path.join('.') ?? '',
        );
      }
      const row = await findById(db, request.params.id);
      const { data, ...rest } = body.data;
      const values: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) values[k] = v;
      if (Object.keys(values).length) await updateForm(db, row.id, values);
      if (data) {
        const fresh = await findById(db, row.id);
        await saveAnswers(db, fresh, data, {
          submit: false,
          partial: true,
          user,
          status: rest.status ?? fresh.status,
        });
      }
      return (await view(await findById(db, row.id), true)) as never;
    },
  );

  r.post(
    '/api/form',
    {
      config: { access: { scopes: FORM_ACCESS.create } },
      schema: {
        tags,
        summary: 'Sends a form to a customer or booking: a new token link, optionally mailed',
        body: ZFormCreate,
        response: { 201: ZForm },
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const input = request.body;
      const def = await findDef(db, input.formDefId);
      if (!def) throw badRequest('The form definition does not exist', 'formDefId');
      if (!def.active) throw badRequest('The form definition is inactive', 'formDefId');
      const { customer } = await checkLinks(db, input.customerId ?? undefined, input.bookingId ?? undefined);
      const id = await db.transaction(async (tx) => {
        const row = await insertForm(tx, {
          formDefId: def.id,
          token: newFormToken(),
          customerId: input.customerId ?? null,
          bookingId: input.bookingId ?? null,
          language: input.language,
        });
        if (input.sendMail) {
          if (!customer?.email) throw badRequest('The customer has no e-mail address', 'sendMail');
          await queueFormMail(tx, {
            to: customer.email,
            name: customer.fullName,
            link: publicLink(config.appUrl, row.id, row.token),
            title: (def.title ?? {}) as { de?: string; en?: string },
            language: input.language,
            customerId: customer.id,
            bookingId: row.bookingId,
            userId: user.id,
          });
        }
        return row.id;
      });
      return reply.status(201).send(toForm(await findById(db, id), config.appUrl) as never);
    },
  );

  r.post(
    '/api/form/:id/copy',
    {
      config: { access: { scopes: FORM_ACCESS.create } },
      schema: {
        tags,
        summary: 'Sends the same form again (new token, no answers)',
        params: ZIdParams,
        response: { 201: ZForm },
      },
    },
    async (request, reply) => {
      const source = await findById(db, request.params.id);
      const row = await insertForm(db, {
        formDefId: source.formDefId,
        token: newFormToken(),
        customerId: source.customerId,
        bookingId: source.bookingId,
        language: source.language,
      });
      return reply.status(201).send(toForm(await findById(db, row.id), config.appUrl) as never);
    },
  );

  r.delete(
    '/api/form/:id',
    {
      config: { access: { scopes: FORM_ACCESS.delete } },
      schema: { tags, params: ZIdParams, response: { 200: z.object({ id: z.number().int() }) } },
    },
    async (request) => {
      const row = await findById(db, request.params.id);
      await deleteForm(db, row);
      return { id: row.id };
    },
  );

  r.post(
    '/api/form/:id/qrcode',
    {
      config: { access: { scopes: FORM_ACCESS.read } },
      schema: {
        tags,
        summary: 'A QR code (PNG or SVG) of the public link /forms/{id}/{token}',
        params: ZIdParams,
        querystring: ZQrQuery,
      },
    },
    async (request, reply) => {
      const row = await findById(db, request.params.id);
      const link = publicLink(config.appUrl, row.id, row.token);
      if (request.query.format === 'svg') {
        const svg = await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
        return reply.type('image/svg+xml').send(svg);
      }
      const png = await QRCode.toBuffer(link, {
        type: 'png',
        margin: 2,
        width: 320,
        errorCorrectionLevel: 'M',
      });
      return reply
        .type('image/png')
        .header('content-disposition', `inline; filename="form-${row.id}.png"`)
        .send(png);
    },
  );
}
