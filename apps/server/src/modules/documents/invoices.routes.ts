import { ZInvoice, ZInvoiceListQuery, ZPublicInvoice } from '@atoll/domain/documents';
import { listAnswer } from '@atoll/domain/list';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload, sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TDocumentsDeps } from './documents.routes.ts';
import { EINVOICE_SYNTAXES } from './einvoice.ts';

const tags = ['invoices'];
const READ = { access: { scopes: ['bookings.read', 'agencies.self', 'customers.self'] } };
const UPDATE = { access: { scopes: ['bookings.update'] } };
const SEEN =
  'bookings.read: all; agencies.self: the agency’s bookings’; customers.self: their own. Others: 404.';
const ZTokenParams = z.object({ token: z.string().max(64) });

/** The invoices list (/finance/invoices), the PDF, cancellation invoices and the public invoice page's calls. */
export function registerInvoiceRoutes(app: FastifyInstance, deps: TDocumentsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { documents } = deps;
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
    async (request) => documents.invoices(actor(request), request.query),
  );

  r.get(
    '/api/invoices/datev',
    {
      config: { access: { scopes: ['bookings.read'] } },
      schema: {
        tags,
        summary: 'The DATEV EXTF Buchungsstapel of a period (not in the spec)',
        description:
          'CSV in Windows-1252 as DATEV imports it: the EXTF header, the column names, one line per invoice and ' +
          'tax rate (receivables against revenue, cancellation invoices the other way) and per payment (bank ' +
          'against receivables); accounts from the accounting settings (SKR03/SKR04 defaults). from and to ' +
          'in one year. Staff only (bookings.read): agents and customers 403.',
        querystring: z.object({ from: z.iso.date(), to: z.iso.date() }),
        response: { 200: z.any().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const file = await documents.datevExport(actor(request), request.query);
      return sendDownload(reply, file.body, file.fileName, 'text/csv; charset=windows-1252');
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
    async (request) => documents.invoice(actor(request), request.params.id),
  );

  r.get(
    '/api/invoices/:id/pdf',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One invoice as PDF (not in the spec)',
        description:
          'With the tax breakdown per rate (§14 UStG) and, while something is open in EUR, a payment QR code. ' +
          `format=zugferd: PDF/A-3 with the EN 16931 CII attached as factur-x.xml. ${SEEN}`,
        params: ZIdParams,
        querystring: z.object({ format: z.enum(['pdf', 'zugferd']).default('pdf') }),
        response: { 200: z.any().describe('application/pdf') },
      },
    },
    async (request, reply) => {
      const doc = await documents.invoicePdf(actor(request), request.params.id, request.query.format);
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );

  r.get(
    '/api/invoices/:id/xrechnung',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One invoice as XRechnung 3.0 e-invoice (not in the spec)',
        description:
          'EN 16931 with the German CIUS; syntax cii or ubl (default: the accounting settings’ einvoiceSyntax, ' +
          `else cii). A cancellation invoice is a credit note (381) referring to the cancelled invoice. ${SEEN}`,
        params: ZIdParams,
        querystring: z.object({ syntax: z.enum(EINVOICE_SYNTAXES).optional() }),
        response: { 200: z.any().describe('application/xml') },
      },
    },
    async (request, reply) => {
      const doc = await documents.invoiceXrechnung(actor(request), request.params.id, request.query.syntax);
      return sendDownload(reply, doc.xml, doc.fileName, 'application/xml');
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
    async (request, reply) =>
      reply.code(201).send(await documents.cancelInvoice(actor(request), request.params.id)),
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
    async (request) => documents.publicInvoice(request.params.token),
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
      const doc = await documents.publicInvoicePdf(request.params.token);
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );
}
