import { ZBookingSummary } from '@atoll/domain/bookings';
import { ZBookingListQuery } from '@atoll/domain/bookings/queries';
import { LANGUAGES } from '@atoll/domain/constants';
import { GUEST_FORM_STATUSES, GUEST_FORM_TYPES } from '@atoll/domain/guestforms';
import { listAnswer, ZCsvQuery, ZListQuery } from '@atoll/domain/list';
import { hasScope } from '@atoll/domain/scopes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loadLetterhead, sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { renderGuestFormPdf } from './guestform-print.tsx';
import type { TGuestFormsService } from './guestforms.service.ts';

// Spec platform §7 "Guest forms" (/api/guestform) and GET /api/bookings/missingGuestform (spec booking
// §7). The guest's calls carry the form's token (?token=) and are public and rate-limited per IP; a
// wrong token is 404 and a token opens only its own booking's forms. Staff: customers.read (reading),
// customers.update (taking answers over); agents and customers their own bookings' forms.

const tags = ['guestforms'];
const READ = { access: { scopes: ['customers.read', 'bookings.read', 'agencies.self', 'customers.self'] } };
const SELF = { access: { scopes: ['customers.self', 'agencies.self', 'customers.read'] } };
const UPDATE = { access: { scopes: ['customers.update'] } };
const PUBLIC_REASON =
  'Public: the guest opens it from the mailed link without an account; the 192-bit token is the key.';

const ZToken = z.object({ token: z.string().min(16).max(64).optional() });
const ZFormParams = z.object({ form: ZIdParams.shape.id });
const ZPairParams = z.object({ customer: ZIdParams.shape.id, booking: ZIdParams.shape.id });
const ZData = z.record(z.string().max(64), z.unknown());
const ZType = z.enum(GUEST_FORM_TYPES);
const ZStatus = z.enum(GUEST_FORM_STATUSES);

const ZField = z.object({
  key: z.string(),
  kind: z.string(),
  required: z.boolean(),
  options: z.array(z.string()).readonly().optional(),
  max: z.number().optional(),
});
const ZGuestForm = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  bookingGuestId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  guestName: z.string().nullable(),
  bookingNo: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  types: z.array(ZType),
  language: z.string(),
  status: ZStatus,
  data: z.record(z.string(), z.unknown()),
  submittedAt: z.string().nullable(),
  addedAt: z.string().nullable(),
  version: z.number().int(),
  maxFileSizeKb: z.number().int(),
  multiGuest: z.boolean(),
  hidden: z
    .array(z.string())
    .optional()
    .describe(
      'On the lead guest’s page, another guest’s private answers (passport, medical): answered, not shown; a save keeps them',
    ),
});
const ZListQueryGF = ZListQuery.extend({
  status: z
    .string()
    .regex(/^(open|submitted|added)(,(open|submitted|added))*$/)
    .optional(),
  bookingId: z.coerce.number().int().positive().optional(),
  customerId: z.coerce.number().int().positive().optional(),
});
const ZMissingRow = ZBookingSummary.extend({
  guests: z.number().int(),
  missingGuestforms: z.number().int(),
});

export function registerGuestFormsRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; config: TConfig; guestForms: TGuestFormsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.guestForms;
  const publicLimit = { max: Math.max(60, deps.config.authRateLimit * 6), timeWindow: '1 minute' };
  const base = deps.config.appUrl.replace(/\/+$/, '');
  // Uploads travel as base64 inside the JSON answers, under the app's 1 MB body limit (413 beyond).

  r.get(
    '/api/guestform',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The guest forms (list screen /customer/guestform)',
        description: 'Paged; status (comma list), bookingId, customerId, search (guest or booking number).',
        querystring: ZListQueryGF,
        response: { 200: listAnswer(ZGuestForm) },
      },
    },
    async (request) => service.list(actor(request), request.query),
  );

  r.get(
    '/api/guestform/listCSV',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The guest-form list as CSV (the list screen’s export)',
        querystring: ZListQueryGF.extend(ZCsvQuery.shape),
      },
    },
    async (request, reply) => {
      const answer = await service.list(actor(request), { ...request.query, size: 0 });
      const columns = [
        'id',
        'bookingNo',
        'guestName',
        'status',
        'from',
        'to',
        'submittedAt',
        'addedAt',
      ] as const;
      const rows = [columns, ...answer.data.map((f) => columns.map((c) => f[c]))];
      return sendCsv(request, reply, rows, 'guestforms.csv');
    },
  );

  r.get(
    '/api/guestform/types',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The sections a guest form can ask for, with their fields',
        response: { 200: z.array(z.object({ type: ZType, fields: z.array(ZField) })) },
      },
    },
    async () => service.types(),
  );

  r.get(
    '/api/guestform/statistics',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Forms created in the last `days` days by status, and submissions per day',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(3660).default(30) }),
        response: {
          200: z.object({
            days: z.number().int(),
            total: z.number().int(),
            open: z.number().int(),
            submitted: z.number().int(),
            added: z.number().int(),
            submittedPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
          }),
        },
      },
    },
    async (request) => service.statistics(actor(request), request.query.days),
  );

  r.get(
    '/api/guestform/diff/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The form’s answers beside the customer record (mapped fields)',
        params: ZIdParams,
        response: {
          200: z.object({
            formId: z.number().int(),
            customerId: z.number().int().nullable(),
            fields: z.array(
              z.object({
                answer: z.string(),
                field: z.string(),
                form: z.string().nullable(),
                customer: z.string().nullable(),
                differs: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => service.diff(actor(request), request.params.id),
  );

  r.get(
    '/api/guestform/rooms',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking’s rooms with their guests and each guest’s form status',
        querystring: z.object({ bookingId: z.coerce.number().int().positive() }),
        response: {
          200: z.array(
            z.object({
              bookingRoomId: z.number().int(),
              guests: z.array(
                z.object({
                  bookingGuestId: z.number().int(),
                  customerId: z.number().int().nullable(),
                  name: z.string().nullable(),
                  formId: z.number().int().nullable(),
                  status: ZStatus.nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => service.rooms(actor(request), request.query.bookingId),
  );

  r.get(
    '/api/guestform/self',
    {
      config: SELF,
      schema: {
        tags,
        summary: 'The forms of the user’s own bookings (customers.self, agencies.self)',
        querystring: ZListQueryGF,
        response: { 200: listAnswer(ZGuestForm) },
      },
    },
    async (request) => service.list(actor(request), request.query, true),
  );

  r.post(
    '/api/guestform/:id/appendMissingFields',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Adds the sections the form lacks (default: all); a submitted form missing answers reopens',
        params: ZIdParams,
        body: z.object({ types: z.array(ZType).min(1).optional() }).optional(),
        response: { 200: z.object({ updated: z.array(z.number().int()) }) },
      },
    },
    async (request) => service.appendMissingFields(actor(request), [request.params.id], request.body?.types),
  );

  r.post(
    '/api/guestform/appendMissingFields',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'appendMissingFields for a list of forms (forms already added are skipped)',
        body: z.object({
          ids: z.array(ZIdParams.shape.id.or(z.number().int().positive())).min(1).max(500),
          types: z.array(ZType).min(1).optional(),
        }),
        response: { 200: z.object({ updated: z.array(z.number().int()) }) },
      },
    },
    async (request) =>
      service.appendMissingFields(actor(request), request.body.ids.map(Number), request.body.types),
  );

  r.post(
    '/api/guestform/:id/syncWithCustomer',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Copies the answers onto the customer record (with a version row); status unchanged',
        params: ZIdParams,
        response: { 200: z.object({ id: z.number().int(), customerId: z.number().int() }) },
      },
    },
    async (request) => service.syncWithCustomer(actor(request), request.params.id),
  );

  r.post(
    '/api/guestform/addAllToBooking/:id',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Adds every submitted form of booking {id} to the booking (one transaction)',
        params: ZIdParams,
        response: { 200: z.object({ added: z.array(z.number().int()) }) },
      },
    },
    async (request) => service.addAllToBooking(actor(request), request.params.id),
  );

  r.post(
    '/api/guestform/:form/addToBooking',
    {
      config: UPDATE,
      schema: {
        tags,
        summary:
          'Takes a submitted form over: answers onto the customer (created if the guest has none), status added',
        params: ZFormParams,
        response: { 200: ZGuestForm },
      },
    },
    async (request) => service.addToBooking(actor(request), request.params.form),
  );

  r.get(
    '/api/guestform/:id',
    {
      config: { access: { public: true }, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'One guest form: with ?token= for the guest, without for staff',
        description: `${PUBLIC_REASON} A wrong token is 404. Without a token the caller needs to be logged in with customers.read (or see the booking).`,
        params: ZIdParams,
        querystring: ZToken,
        response: { 200: ZGuestForm },
      },
    },
    async (request) => {
      const { token } = request.query;
      if (token) return service.readPublic(request.params.id, token);
      return service.readStaff(staffOnly(request.user), request.params.id);
    },
  );

  r.get(
    '/api/guestform/:id/linked',
    {
      config: { access: { public: true }, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'Every form of the same booking (the multi-guest page); with ?token= or as staff',
        description: `${PUBLIC_REASON} Only the forms of the token’s own booking.`,
        params: ZIdParams,
        querystring: ZToken,
        response: { 200: z.array(ZGuestForm) },
      },
    },
    async (request) => {
      const { token } = request.query;
      if (token) return service.linkedPublic(request.params.id, token);
      return service.linkedStaff(staffOnly(request.user), request.params.id);
    },
  );

  r.get(
    '/api/guestform/:id/links',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The token links of every guest of booking {id} (forms created for guests without one)',
        params: ZIdParams,
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              bookingGuestId: z.number().int().nullable(),
              guestName: z.string().nullable(),
              status: ZStatus,
              link: z.string(),
              multiLink: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => service.links(actor(request), request.params.id, base),
  );

  r.get(
    '/api/guestform/:id/print',
    {
      config: { access: { public: true }, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'The form as PDF (de/en); with ?token= or as staff',
        description: PUBLIC_REASON,
        params: ZIdParams,
        querystring: ZToken.extend({ lang: z.enum(LANGUAGES).optional() }),
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const { token, lang } = request.query;
      const form = await service.forPrint(token ? null : staffOnly(request.user), request.params.id, token);
      const company = await loadLetterhead(deps.db, deps.settings);
      const language = lang ?? (form.language === 'de' ? 'de' : 'en');
      const pdf = await renderGuestFormPdf({ form, company, lang: language });
      return sendPdf(reply, pdf, `guestform-${form.id}.pdf`);
    },
  );

  r.post(
    '/api/guestform/:id',
    {
      config: { access: { public: true }, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'The guest’s answers (?token=): checked field by field, status submitted',
        description:
          `${PUBLIC_REASON} 400 ValidationError with the path of every bad answer (data.<field>); an upload ` +
          'over maxGuestFormFileSizeinKb is 413 PAYLOAD_TOO_LARGE. A form the office has added is 409 INVALID_STATE; ' +
          'until then the guest may correct it. Staff may send answers without a token (customers.update).',
        params: ZIdParams,
        querystring: ZToken,
        body: z.object({ data: ZData }),
        response: { 200: ZGuestForm },
      },
    },
    async (request) => {
      const { token } = request.query;
      return service.submit(
        request.params.id,
        token ? { token } : { user: staffWriter(request.user) },
        request.body.data,
      );
    },
  );

  r.post(
    '/api/guestform/:id/linked',
    {
      config: { access: { public: true }, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'The multi-guest page saves every form of the booking at once (all or nothing)',
        description: `${PUBLIC_REASON} Paths of errors: forms.<i>.data.<field>.`,
        params: ZIdParams,
        querystring: ZToken,
        body: z.object({
          data: z
            .array(z.object({ id: z.number().int().positive(), data: ZData }))
            .min(1)
            .max(50),
        }),
        response: { 200: z.array(ZGuestForm) },
      },
    },
    async (request) => {
      const { token } = request.query;
      return service.submitLinked(
        request.params.id,
        token ? { token } : { user: staffWriter(request.user) },
        request.body.data,
      );
    },
  );

  r.post(
    '/api/guestform/customer/:customer/:booking',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Creates the form of this guest (customer) of this booking; 200 with the existing one',
        params: ZPairParams,
        body: z
          .object({ types: z.array(ZType).min(1).optional(), language: z.enum(LANGUAGES).optional() })
          .optional(),
        response: { 200: ZGuestForm, 201: ZGuestForm },
      },
    },
    async (request, reply) => {
      const { created, form } = await service.createForCustomer(
        actor(request),
        request.params.customer,
        request.params.booking,
        request.body ?? {},
      );
      return reply.status(created ? 201 : 200).send(form);
    },
  );

  r.get(
    '/api/bookings/missingGuestform',
    {
      config: { access: { scopes: ['bookings.read', 'agencies.self', 'customers.self'] } },
      schema: {
        tags: ['bookings'],
        summary: 'Bookings with guests whose guest form is missing or not yet submitted',
        description:
          'The booking list’s query (paging, sort, filter, search, from/to, …); states default to planned and ' +
          'confirmed. bookings.read: all; agencies.self: the agency’s; customers.self: their own. Each row ' +
          'carries guests and missingGuestforms.',
        querystring: ZBookingListQuery,
        response: { 200: listAnswer(ZMissingRow) },
      },
    },
    async (request) => service.missing(actor(request), request.query),
  );

  function staffOnly(user: Parameters<typeof service.canReadAsStaff>[0]) {
    if (!user) throw unauthorized();
    if (!service.canReadAsStaff(user)) throw forbidden();
    return user;
  }
  function staffWriter(user: Parameters<typeof service.canReadAsStaff>[0]) {
    const u = staffOnly(user);
    if (!hasScope(u.scopes, ['customers.update'])) throw forbidden();
    return u;
  }
}
