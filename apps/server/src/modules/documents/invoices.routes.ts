import {
  type TInvoice,
  type TInvoiceKind,
  type TPublicInvoice,
  ZInvoice,
  ZInvoiceListQuery,
  ZPublicInvoice,
} from '@atoll/domain/documents';
import { listAnswer } from '@atoll/domain/list';
import { D } from '@atoll/domain/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { ZIdParams } from '../../http/request.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import { guestToken } from '../payments/payment-links.ts';
import { createPaymentsRepository } from '../payments/payments.repository.ts';
import { bookingNumber, letterheadOf } from './booking-data.ts';
import { renderInvoicePdf } from './booking-documents.tsx';
import { createDocumentsRepository } from './documents.repository.ts';
import type { TDocumentsDeps } from './documents.routes.ts';
import { frozenPeriod } from './invoice-context.ts';
import { cancelInvoice, invoiceByToken, invoiceForActor, type TInvoiceRow } from './invoices.flow.ts';

const tags = ['invoices'];
const READ = { access: { scopes: ['bookings.read', 'agencies.self', 'customers.self'] } };
const UPDATE = { access: { scopes: ['bookings.update'] } };
const SEEN =
  'bookings.read: all; agencies.self: the agency’s bookings’; customers.self: their own. Others: 404.';
const ZTokenParams = z.object({ token: z.string().max(64) });

const repository = createDocumentsRepository();
const paymentsRepository = createPaymentsRepository();

/** An invoice row as the API answers it, with its booking's number and the invoice that cancels it. */
export async function toInvoice(ex: Executor, row: TInvoiceRow): Promise<TInvoice> {
  const booking = await repository.bookingNumbers(ex, row.bookingId);
  const [cancelledBy] = await repository.cancellationsOf(ex, row.id);
  return shape(row, booking ? bookingNumber(booking) : '', cancelledBy?.id ?? null);
}

function shape(row: TInvoiceRow, bookingNo: string, cancelledById: number | null): TInvoice {
  return {
    id: row.id,
    bookingId: row.bookingId,
    bookingNo,
    number: row.number,
    year: row.year,
    seq: row.seq,
    kind: row.kind as TInvoiceKind,
    date: row.date,
    cancelsId: row.cancelsId,
    cancelledById,
    currency: row.currency,
    language: row.language,
    recipient: row.recipient as TInvoice['recipient'],
    lines: row.lines as TInvoice['lines'],
    net: row.net,
    tax: row.tax,
    gross: row.gross,
    taxBreakdown: row.taxBreakdown as TInvoice['taxBreakdown'],
    createdAt: row.createdAt.toISOString(),
  };
}

/** The invoices list (/finance/invoices), the PDF, cancellation invoices and the public invoice page's calls. */
export function registerInvoiceRoutes(app: FastifyInstance, deps: TDocumentsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const publicLimit = { max: Math.max(60, deps.config.authRateLimit * 6), timeWindow: '1 minute' };

  r.get(
    '/api/invoices',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Issued invoices (not in the spec)',
        description: `Newest first; filters year, bookingId, kind, search (number or recipient). ${SEEN}`,
        querystring: ZInvoiceListQuery,
        response: { 200: listAnswer(ZInvoice) },
      },
    },
    async (request) => {
      const user = actor(request);
      const q = request.query;
      const size = q.size === 0 ? MAX_LIST_ROWS : Math.min(q.size, MAX_LIST_ROWS);
      const { total, rows } = await repository.invoicePage(
        db,
        user,
        { year: q.year, bookingId: q.bookingId, kind: q.kind, search: q.search },
        { size, offset: (q.page - 1) * size },
      );
      return {
        data: rows.map((row) =>
          shape(row.invoice, bookingNumber({ ...row, id: row.bookingId }), row.cancelledById ?? null),
        ),
        total,
        page: q.page,
        size,
      };
    },
  );

  r.get(
    '/api/invoices/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One invoice (not in the spec)',
        description: SEEN,
        params: ZIdParams,
        response: { 200: ZInvoice },
      },
    },
    async (request) => toInvoice(db, await invoiceForActor(db, actor(request), request.params.id)),
  );

  r.get(
    '/api/invoices/:id/pdf',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One invoice as PDF (not in the spec)',
        description: `With the tax breakdown per rate (§14 UStG) and, while something is open in EUR, a payment QR code. ${SEEN}`,
        params: ZIdParams,
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const invoice = await invoiceForActor(db, actor(request), request.params.id);
      const doc = await renderInvoicePdf(db, invoice.id);
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );

  r.post(
    '/api/invoices/:id/cancel',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Issues the cancellation invoice of an invoice (not in the spec)',
        description:
          'A new invoice (kind cancellation, the next number) with the lines negated; the cancelled invoice stays ' +
          'unchanged. 409 INVALID_STATE when it is already cancelled or is a cancellation itself.',
        params: ZIdParams,
        response: { 201: ZInvoice },
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const row = await db.transaction((tx) => cancelInvoice(tx, user, { invoiceId: request.params.id }));
      return reply.code(201).send(await toInvoice(db, row));
    },
  );

  r.get(
    '/api/invoices/public/:token',
    {
      config: { access: { public: true }, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'The public invoice page’s data (/invoice/:id)',
        description: 'By the invoice’s public token, without login; 404 for any other token. Rate-limited.',
        params: ZTokenParams,
        response: { 200: ZPublicInvoice },
      },
    },
    async (request) => publicInvoice(db, await invoiceByToken(db, request.params.token)),
  );

  r.get(
    '/api/invoices/public/:token/pdf',
    {
      config: { access: { public: true }, rateLimit: publicLimit },
      schema: {
        tags,
        summary: 'The public invoice as PDF',
        description: 'By the invoice’s public token, without login; 404 for any other token. Rate-limited.',
        params: ZTokenParams,
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const invoice = await invoiceByToken(db, request.params.token);
      const doc = await renderInvoicePdf(db, invoice.id);
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );
}

async function publicInvoice(ex: Executor, invoice: TInvoiceRow): Promise<TPublicInvoice> {
  const booking = await repository.booking(ex, invoice.bookingId);
  const company = await letterheadOf(ex);
  const cancelled = await repository.cancellationsOf(ex, invoice.id);
  const open = booking?.openAmount ?? '0';
  const payable =
    invoice.kind !== 'cancellation' &&
    cancelled.length === 0 &&
    new D(open).greaterThan(0) &&
    booking?.state !== 'deleted';
  const recipient = (invoice.recipient ?? {}) as { name?: string };
  return {
    number: invoice.number,
    kind: invoice.kind as TInvoiceKind,
    date: invoice.date,
    currency: invoice.currency,
    language: invoice.language,
    company: company.name,
    recipient: recipient.name ?? '',
    bookingNo: booking ? bookingNumber(booking) : '',
    servicePeriod: frozenPeriod(invoice) ?? {
      from: booking?.from ?? invoice.date,
      to: booking?.to ?? invoice.date,
    },
    lines: invoice.lines as TPublicInvoice['lines'],
    net: invoice.net,
    tax: invoice.tax,
    gross: invoice.gross,
    taxBreakdown: invoice.taxBreakdown as TPublicInvoice['taxBreakdown'],
    paid: booking?.paid ?? '0',
    open,
    payable,
    bookingId: payable && booking ? booking.id : null,
    providers: payable && booking ? await paymentOptions(ex, booking.id) : [],
  };
}

/** The active providers a guest can pay with, each with the guest token its checkout accepts. */
async function paymentOptions(ex: Executor, bookingId: number) {
  const rows = await paymentsRepository.activeProviders(ex);
  return rows.flatMap((row) => {
    const token = guestToken(row, bookingId);
    return token ? [{ id: row.id, name: row.name, type: row.type, token }] : [];
  });
}
