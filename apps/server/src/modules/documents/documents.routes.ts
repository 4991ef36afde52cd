import {
  DOCUMENT_KINDS,
  ZBookingDocument,
  ZDocumentTemplateSummary,
  ZPublicLink,
  ZPublicLinkBody,
  ZRenderTemplateBody,
  ZReportBody,
  ZSplitInvoiceBody,
  ZStoreBody,
} from '@atoll/domain/documents';
import { ZFlag } from '@atoll/domain/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import { sendDownload, sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { requestLanguage, ZIdParams } from '../../http/request.ts';
import { USER_FILE_CSP } from '../../http/security-headers.ts';
import type { TDocumentsService } from './documents.service.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';

const tags = ['documents'];
/** Staff read all bookings; agents their agency's; customers their own (a booking they may not see: 404). */
const READ = { access: { scopes: ['bookings.read', 'agencies.self', 'customers.self'] } };
const STAFF_READ = { access: { scopes: ['bookings.read'] } };
const UPDATE = { access: { scopes: ['bookings.update'] } };
const SEEN = 'bookings.read: all; agencies.self: the agency’s; customers.self: their own. Others answer 404.';

const ZId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
/** Booking numbers are letters, digits and - _ / . (settings' prefixes): anything else cannot name a booking. */
const ZBookingNoParams = z.object({
  bookingNo: z.string().regex(/^[A-Za-z0-9_./-]{1,40}$/, 'a booking number or id'),
});
const ZTemplateParams = z.object({ templateId: ZId });
const ZIdTemplateParams = z.object({ id: ZId, templateId: ZId });
const ZLanguageQuery = z.object({ language: z.enum(['de', 'en']).optional() });
const ZDownloadQuery = ZLanguageQuery.extend({
  /** The spec's force flag (1 or 0): the document is rendered anew on every call either way. */
  force: ZFlag.optional(),
  /** A document kind instead of the one fitting the booking's state. */
  kind: z.enum(DOCUMENT_KINDS).optional(),
  template: ZId.optional(),
});
const ZBinary = { 200: z.any().describe('application/pdf') };

const sendPng = (reply: FastifyReply, png: Buffer) =>
  reply.type('image/png').header('cache-control', 'private, no-store').send(png);

/** What the document and invoice routes call: the documents service, and the limits of the public invoice page. */
export type TDocumentsDeps = { documents: TDocumentsService; config: TConfig };

/** The documents of spec booking §7 (Bookings GET and POSTs) and the invoices list (an addition to the spec). */
export function registerDocumentsRoutes(app: FastifyInstance, deps: TDocumentsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { documents } = deps;

  r.get(
    '/api/bookings/:bookingNo/download',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking’s document as PDF',
        description:
          `The document fitting the state: offer for a draft or waitlist, reservation when planned, else the ` +
          `confirmation; \`kind\` names another kind, \`template\` a document template, \`force\` (1 or 0) is ` +
          `accepted (every call renders anew). In the booking's ` +
          `language unless \`language\`. bookingNo: any of its numbers or its id. ${SEEN}`,
        params: ZBookingNoParams,
        querystring: ZDownloadQuery,
        response: ZBinary,
      },
    },
    async (request, reply) => {
      const { kind, template, language } = request.query;
      const doc = await documents.download(actor(request), request.params.bookingNo, {
        kind,
        template,
        language,
      });
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );

  r.get(
    '/api/bookings/:bookingNo/voucher',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking’s voucher as PDF',
        description: `Guests, rooms, dates and services, no prices. ${SEEN}`,
        params: ZBookingNoParams,
        querystring: ZLanguageQuery,
        response: ZBinary,
      },
    },
    async (request, reply) => {
      const doc = await documents.download(actor(request), request.params.bookingNo, {
        kind: 'voucher',
        language: request.query.language,
      });
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );

  r.get(
    '/api/bookings/:id/templates',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The document templates usable for this booking',
        description: `Active templates; the manifest ones only for vessel bookings. ${SEEN}`,
        params: ZIdParams,
        response: { 200: z.array(ZDocumentTemplateSummary) },
      },
    },
    async (request) => documents.templates(actor(request), request.params.id),
  );

  r.get(
    '/api/bookings/:id/templates/:templateId',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The booking rendered with a document template, as PDF',
        description: `A template of kind invoice renders the booking's latest invoice. ${SEEN}`,
        params: ZIdTemplateParams,
        querystring: ZLanguageQuery,
        response: ZBinary,
      },
    },
    async (request, reply) => {
      const { id, templateId } = request.params;
      const doc = await documents.withTemplate(actor(request), id, templateId, request.query.language);
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );

  r.post(
    '/api/bookings/templates/:templateId',
    {
      config: STAFF_READ,
      schema: {
        tags,
        summary: 'Renders a template for several bookings, with custom texts',
        description:
          'One PDF, each booking’s pages in turn (bookings the user may not see: 404). `custom` replaces the ' +
          'template’s title, intro or closing for this render; with `persist` (settings.update) they are kept ' +
          'as the template’s texts.',
        params: ZTemplateParams,
        body: ZRenderTemplateBody,
        response: ZBinary,
      },
    },
    async (request, reply) => {
      const doc = await documents.renderTemplate(actor(request), request.params.templateId, request.body);
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );

  r.post(
    '/api/bookings/report/:templateId',
    {
      config: STAFF_READ,
      schema: {
        tags,
        summary: 'A PDF overview of several bookings',
        description:
          'Number, state, dates, payer, pax, total, paid and open per booking, sums per currency; the template gives title and texts.',
        params: ZTemplateParams,
        body: ZReportBody,
        response: ZBinary,
      },
    },
    async (request, reply) => {
      const language = request.body.language ?? requestLanguage(request);
      const doc = await documents.report(actor(request), request.params.templateId, {
        bookingIds: request.body.bookingIds,
        language,
      });
      return sendPdf(reply, doc.pdf, doc.fileName);
    },
  );

  r.post(
    '/api/bookings/:id/store',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Renders a document and keeps it with the booking',
        description:
          'Renders the template (an id, or a kind for its default template) and keeps the PDF as a stored file ' +
          'of the booking (booking_documents). Kind `invoice` issues the booking’s invoice first: the next number ' +
          'of the year, its lines frozen (409 when an invoice is active: cancel it first). `store: false` only ' +
          'renders and answers the PDF.',
        params: ZIdParams,
        body: ZStoreBody,
        response: {
          200: z.any().describe('application/pdf (store false)'),
          201: z.object({ document: ZBookingDocument, invoiceId: z.number().int().nullable() }),
        },
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const { template, store } = request.body;
      if (!store) {
        const doc = await documents.render(user, request.params.id, template);
        return sendPdf(reply, doc.pdf, doc.fileName);
      }
      return reply.code(201).send(await documents.store(user, request.params.id, template));
    },
  );

  r.get(
    '/api/bookings/:id/documents',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The documents kept with a booking (not in the spec)',
        description: `Newest first. ${SEEN}`,
        params: ZIdParams,
        response: { 200: z.array(ZBookingDocument) },
      },
    },
    async (request) => documents.storedDocuments(actor(request), request.params.id),
  );

  r.get(
    '/api/bookings/:id/documents/:documentId',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One kept document (a PDF) or uploaded file (not in the spec)',
        description: SEEN,
        params: z.object({ id: ZId, documentId: ZId }),
        response: ZBinary,
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const doc = await documents.storedDocument(actor(request), id, documentId);
      // An uploaded file is a user's: opened sandboxed, its type as checked on upload.
      if (doc.isUpload)
        reply.header('content-security-policy', USER_FILE_CSP).header('x-content-type-options', 'nosniff');
      return sendDownload(reply, doc.data, doc.fileName, doc.mime);
    },
  );

  r.post(
    '/api/bookings/:id/qrcode',
    {
      config: READ,
      schema: {
        tags,
        summary: 'A QR code (PNG) with the booking’s link',
        description: `The link opens the booking in Atoll (after login). ${SEEN}`,
        params: ZIdParams,
        response: { 200: z.any().describe('image/png') },
      },
    },
    async (request, reply) => sendPng(reply, await documents.bookingQr(actor(request), request.params.id)),
  );

  r.post(
    '/api/bookings/:id/paymentqrcode',
    {
      config: READ,
      schema: {
        tags,
        summary: 'An EPC (GiroCode) payment QR code (PNG) for the open amount',
        description:
          'A SEPA credit transfer of the booking’s open amount in EUR to the operator’s account (the active ' +
          'bank_transfer provider’s IBAN, else the company settings’ bank), the booking number as reference. ' +
          `400 PAYMENT_QR_NOT_POSSIBLE without an IBAN, for another currency or when nothing is open. ${SEEN}`,
        params: ZIdParams,
        response: { 200: z.any().describe('image/png') },
      },
    },
    async (request, reply) => sendPng(reply, await documents.paymentQr(actor(request), request.params.id)),
  );

  r.post(
    '/api/bookings/:id/invoice/public',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The public link of the booking’s latest invoice',
        description:
          'An unguessable link (a 192-bit random token) that shows the invoice without login, with its PDF and ' +
          '"Pay now". `level` club: the members’ area link; `provider`: preselects a payment provider. 404 ' +
          `when the booking has no invoice. ${SEEN}`,
        params: ZIdParams,
        body: ZPublicLinkBody.nullish(),
        response: { 200: ZPublicLink },
      },
    },
    async (request) =>
      documents.publicLink(actor(request), request.params.id, request.body ?? { level: 'public' as const }),
  );

  r.post(
    '/api/bookings/:id/splitInvoice',
    {
      config: UPDATE,
      schema: {
        tags,
        summary: 'Split invoices: the billable amount over several recipients',
        description:
          '`data.parts`: shares in percent (summing to 100) with an agencyId (the booking’s agency), a customerId ' +
          '(the booking’s customer or a guest) or a name; or `data.byGuests`: an equal share per guest. One ' +
          'invoice each (kind split), numbers in a row; 409 when the booking has an active invoice.',
        params: ZIdParams,
        body: ZSplitInvoiceBody,
      },
    },
    async (request, reply) => {
      const data = request.body.data;
      const input = 'byGuests' in data ? { byGuests: true as const } : { parts: data.parts };
      return reply.code(201).send(await documents.splitInvoice(actor(request), request.params.id, input));
    },
  );

  registerInvoiceRoutes(app, deps);
}
