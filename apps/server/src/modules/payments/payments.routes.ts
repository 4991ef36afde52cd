import { listAnswer, ZListCsvQuery, ZListQuery } from '@atoll/domain/list';
import { ZPaymentCreate } from '@atoll/domain/payments';
import {
  hasNoNul,
  ZAgencyPaymentsQuery,
  ZBookingPaymentStatus,
  ZBulkPaymentIds,
  ZDeparturePayments,
  ZKeepCredit,
  ZMarkPaid,
  ZMarkPaidAnswer,
  ZOpenPaymentsQuery,
  ZPaymentHistoryQuery,
  ZPaymentListItem,
  ZPaymentStatusQuery,
  ZPaymentUpdate,
  ZPaymentWriteAnswer,
  ZUseCredit,
} from '@atoll/domain/payments/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actor } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { sentVersion } from '../bookings/booking-lock.ts';
import { registerPaymentProviderRoutes } from './payment-providers.routes.ts';
import type { TPaymentsService } from './payments.service.ts';

// Spec booking §7: the booking payment calls (Bookings GET/POST/DELETE), the base path /api/payments
// and its own calls (history, ref, bulk delete), a departure's payments (Tours), plus the providers and the
// online payment calls.
// Reading: the office (bookings.read or bookingpayment.read), agents and customers their own bookings'
// payments. Writing: bookingpayment.* or bookings.update; agents and customers never.

const tags = ['payments'];
const READ = {
  access: { scopes: ['bookingpayment.read', 'bookings.read', 'agencies.self', 'customers.self'] },
};
const CREATE = { access: { scopes: ['bookingpayment.create', 'bookings.update'] } };
const UPDATE = { access: { scopes: ['bookingpayment.update', 'bookings.update'] } };
const DELETE = { access: { scopes: ['bookingpayment.delete', 'bookings.update'] } };
const ZBookingIdParams = z.object({ bookingId: ZIdParams.shape.id });
const ZVersionQuery = z.object({ version: z.coerce.number().int().positive().optional() });
const CSV_COLUMNS = Object.keys(ZPaymentListItem.shape);

export function registerPaymentsRoutes(app: FastifyInstance, deps: { db: Db; payments: TPaymentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.payments;

  r.post(
    '/api/bookings/:bookingId/payment',
    {
      config: CREATE,
      schema: {
        tags,
        summary: 'Adds a payment (negative: a refund) to a booking',
        description:
          'Scope bookingpayment.create or bookings.update (agents and customers may not). In another currency ' +
          'than the booking’s, `rate` (payment → booking currency) is required (RATE_REQUIRED); it is stored ' +
          'and never changes. Method `credit` goes through `{bookingId}/payment/credit`. The booking’s paid, ' +
          'open, status and payment lines follow in the same transaction, with a version row.',
        params: ZBookingIdParams,
        body: ZPaymentCreate.refine(hasNoNul, 'No NUL characters'),
        response: { 201: ZPaymentWriteAnswer },
      },
    },
    async (request, reply) => {
      const body = {
        ...request.body,
        version: sentVersion(request.headers, request.body.version) ?? undefined,
      };
      return reply.status(201).send(await service.create(actor(request), request.params.bookingId, body));
    },
  );

  r.post(
    '/api/bookings/:bookingId/payment/credit',
    {
      config: CREATE,
      schema: {
        tags,
        summary: 'Pays a booking from its customer’s or agency’s credit',
        description:
          'A payment with method `credit` and a negative credit entry of the same value in the booking ' +
          'currency, in one transaction; CREDIT_INSUFFICIENT (409) when the ledger would go negative.',
        params: ZBookingIdParams,
        body: ZUseCredit,
        response: { 201: ZPaymentWriteAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.useCredit(actor(request), request.params.bookingId, request.body)),
  );

  r.post(
    '/api/bookings/:bookingId/payment/keepCredit',
    {
      config: CREATE,
      schema: {
        tags,
        summary: 'Keeps an overpayment as credit of the customer or agency',
        description:
          'The surplus (paid − due) becomes a credit entry and a negative payment (method `credit`) in one ' +
          'call; the booking is then paid. INVALID_STATE (409) when it is not overpaid.',
        params: ZBookingIdParams,
        body: ZKeepCredit,
        response: { 201: ZPaymentWriteAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.keepCredit(actor(request), request.params.bookingId, request.body)),
  );

  r.delete(
    '/api/bookings/payment/:id',
    {
      config: DELETE,
      schema: {
        tags,
        summary: 'Deletes a payment of a booking',
        description:
          'The booking’s balance follows, with a version row. `version` (query or If-Match) is optional.',
        params: ZIdParams,
        querystring: ZVersionQuery,
        response: { 200: ZPaymentWriteAnswer },
      },
    },
    async (request) =>
      service.remove(actor(request), request.params.id, sentVersion(request.headers, request.query.version)),
  );

  r.get(
    '/api/bookings/paymentStatus',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Payment status, paid, open and next due date of bookings',
        description:
          '`ids` (comma-separated booking ids) and/or `days`: bookings whose next due date is within `days` ' +
          'from today (overdue included). At most 1,000 rows, earliest due first.',
        querystring: ZPaymentStatusQuery,
        response: { 200: z.array(ZBookingPaymentStatus) },
      },
    },
    async (request) => service.paymentStatus(actor(request), request.query),
  );

  r.get(
    '/api/bookings/allBookingsWithOpenPayments',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Planned and confirmed bookings with something open due within `days`',
        description: 'A due date within `days` from today (overdue included) and open > 0.',
        querystring: ZOpenPaymentsQuery,
        response: { 200: z.array(ZBookingPaymentStatus) },
      },
    },
    async (request) => service.openPayments(actor(request), request.query.days),
  );

  r.get(
    '/api/bookings/agency/payments/:agency',
    {
      config: {
        access: { scopes: ['agencies.read', 'agencies.self', 'bookingpayment.read', 'bookings.read'] },
      },
      schema: {
        tags,
        summary: 'The payments of an agency’s bookings between two days',
        description:
          '`from`, `to`: ISO dates (a datetime counts by its day), both included. Agents: their own agency only (404 otherwise).',
        params: z.object({ agency: ZIdParams.shape.id }),
        querystring: ZAgencyPaymentsQuery,
        response: { 200: z.array(ZPaymentListItem) },
      },
    },
    async (request) =>
      service.agencyPayments(actor(request), request.params.agency, request.query.from, request.query.to),
  );

  r.get(
    '/api/tours/:tour/:schedule/payments',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The payments of a departure’s bookings',
        description:
          'The bookings with a cabin on the departure (reservations and bookings, any other with something ' +
          'paid, cancelled ones with something open; never deleted ones), earliest due first: payment status, total, paid, open, next due ' +
          'date, lead guest, agency and their payments; and per booking currency the bookings’ total, paid, ' +
          'open and overdue sums. Agents and customers: their own bookings only. 404 when the departure is ' +
          'not one of the tour.',
        params: z.object({ tour: ZIdParams.shape.id, schedule: ZIdParams.shape.id }),
        response: { 200: ZDeparturePayments },
      },
    },
    async (request) =>
      service.departurePayments(actor(request), request.params.tour, request.params.schedule),
  );

  r.post(
    '/api/bookings/markPaid',
    {
      config: CREATE,
      schema: {
        tags,
        summary: 'Marks bookings paid',
        description:
          'For each booking a final manual payment of its open amount (method bank, cash or card; date ' +
          'today unless sent). Bookings with nothing open are skipped. All or nothing: one unknown booking ' +
          'undoes the rest (404).',
        body: ZMarkPaid,
        response: { 200: ZMarkPaidAnswer },
      },
    },
    async (request) => service.markPaid(actor(request), request.body),
  );

  registerPaymentsBase(app, service);
  registerPaymentProviderRoutes(app, deps.db);
}

/** /api/payments: the generic calls (through the payments core) and history, ref, bulk delete. */
function registerPaymentsBase(app: FastifyInstance, service: TPaymentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/payments',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Payments (generic list)',
        description:
          'Filter fields: id, bookingId, date, amount, currency, method, status, providerId, bankEntryId, ' +
          'agencyId, createdAt, reference; search: reference, booking number, note.',
        querystring: ZListQuery,
        response: { 200: listAnswer(ZPaymentListItem) },
      },
    },
    async (request) => service.list(actor(request), request.query),
  );

  r.get(
    '/api/payments/listCSV',
    { config: READ, schema: { tags, summary: 'Payments as CSV', querystring: ZListCsvQuery } },
    async (request, reply) => {
      const { data } = await service.list(actor(request), { ...request.query, page: 1, size: 0 });
      const rows = [CSV_COLUMNS, ...data.map((p) => CSV_COLUMNS.map((c) => p[c as keyof typeof p]))];
      return sendCsv(request, reply, rows, 'payments.csv');
    },
  );

  r.get(
    '/api/payments/history',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Payments over time, newest first',
        description:
          '`from`/`to`: days, both included; optional bookingId, method, status; paged (size ≤ 500).',
        querystring: ZPaymentHistoryQuery,
        response: { 200: listAnswer(ZPaymentListItem) },
      },
    },
    async (request) => service.history(actor(request), request.query),
  );

  r.get(
    '/api/payments/ref/:ref',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Payments with this reference or provider reference',
        params: z.object({
          ref: z.string().min(1).max(300),
        }),
        response: { 200: z.array(ZPaymentListItem) },
      },
    },
    async (request) => service.byRef(actor(request), request.params.ref),
  );

  r.get(
    '/api/payments/:id',
    { config: READ, schema: { tags, params: ZIdParams, response: { 200: ZPaymentListItem } } },
    async (request) => service.get(actor(request), request.params.id),
  );

  r.post(
    '/api/payments',
    {
      config: CREATE,
      schema: {
        tags,
        summary: 'Adds a payment (generic create): as POST /api/bookings/{bookingId}/payment',
        body: ZPaymentCreate.extend({ bookingId: z.number().int().positive().max(2_147_483_647) }).refine(
          hasNoNul,
          'No NUL characters',
        ),
        response: { 201: ZPaymentListItem },
      },
    },
    async (request, reply) => {
      const { bookingId, ...input } = request.body;
      return reply.status(201).send((await service.create(actor(request), bookingId, input)).payment);
    },
  );

  r.post(
    '/api/payments/:id',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Changes a payment’s reference or note',
        description: 'Amount, currency, rate and date stay: delete the payment and record it again.',
        params: ZIdParams,
        body: ZPaymentUpdate,
        response: { 200: ZPaymentListItem },
      },
    },
    async (request) => service.update(actor(request), request.params.id, request.body),
  );

  r.post(
    '/api/payments/:id/copy',
    {
      config: CREATE,
      schema: {
        tags,
        summary: 'Not possible: a payment is money received once',
        description: 'Always 409 INVALID_STATE: record a new payment instead.',
        params: ZIdParams,
      },
    },
    async () => {
      throw new AppError(409, 'INVALID_STATE', 'A payment is not copied: record a new payment');
    },
  );

  r.delete(
    '/api/payments/:id',
    {
      config: DELETE,
      schema: { tags, params: ZIdParams, response: { 200: z.object({ id: z.number().int() }) } },
    },
    async (request) => {
      await service.remove(actor(request), request.params.id, null);
      return { id: request.params.id };
    },
  );

  r.delete(
    '/api/payments',
    {
      config: DELETE,
      schema: {
        tags,
        summary: 'Deletes several payments at once',
        description:
          '`ids` in the query (comma-separated) or the body (array); all or nothing: one unknown or not ' +
          'visible id answers 404 and deletes none. At most 500.',
        querystring: ZBulkPaymentIds,
        body: ZBulkPaymentIds.nullish(),
        response: { 200: z.object({ ids: z.array(z.number().int()) }) },
      },
    },
    async (request) => {
      const sent = request.body?.ids ?? request.query.ids;
      if (sent === undefined) throw badRequest('Name the payments to delete', 'ids');
      const ids = typeof sent === 'string' ? sent.split(',').map(Number) : sent;
      return service.removeMany(actor(request), ids);
    },
  );
}
