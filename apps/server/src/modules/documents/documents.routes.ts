import {
  DOCUMENT_KINDS,
  documentKindForState,
  type TDocumentKind,
  TEMPLATE_KINDS,
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
import { hasScope } from '@atoll/domain/scopes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requestLanguage, ZIdParams } from '../../http/request.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { bookingNumber, letterheadOf } from './booking-data.ts';
import { renderBookingDocument, renderBookingDocuments, renderInvoicePdf } from './booking-documents.tsx';
import { renderBookingReport } from './booking-report.tsx';
import { createDocumentsRepository } from './documents.repository.ts';
import { epcQrPng, payeeOf } from './invoice-context.ts';
import {
  activeInvoices,
  issueInvoice,
  latestInvoice,
  splitInvoice,
  visibleBooking,
} from './invoices.flow.ts';
import { registerInvoiceRoutes, toInvoice } from './invoices.routes.ts';

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

const repository = createDocumentsRepository();

/** A booking by any of its numbers (offer, reservation, booking) or its id, if the user may see it. */
async function bookingByNumber(ex: Executor, user: TSessionUser, value: string) {
  const byId = /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
  const row = await repository.bookingByNumber(ex, user, value, byId);
  if (!row || row.state === 'deleted') throw notFound('Booking');
  return row;
}

async function templateRow(ex: Executor, id: number) {
  const row = await repository.template(ex, id);
  if (!row) throw notFound('Document template');
  return row;
}

/** The document kind a template renders: the manifest template prints the guest list of one booking. */
const renderKind = (kind: string): Exclude<TDocumentKind, 'invoice'> | 'invoice' =>
  kind === 'manifest'
    ? 'guestlist'
    : (DOCUMENT_KINDS as readonly string[]).includes(kind)
      ? (kind as TDocumentKind)
      : 'confirmation';

const sendPng = (reply: FastifyReply, png: Buffer) =>
  reply.type('image/png').header('cache-control', 'private, no-store').send(png);

/** The documents of spec booking §7 (Bookings GET and POSTs) and the invoices list (an addition to the spec). */
/** What the document and invoice routes call: the database (their flows take it) and the app's address and limits. */
export type TDocumentsDeps = { db: Db; config: TConfig };

export function registerDocumentsRoutes(app: FastifyInstance, deps: TDocumentsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

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
      const booking = await bookingByNumber(db, actor(request), request.params.bookingNo);
      const { kind: asked, template, language } = request.query;
      const kind =
        asked ??
        (template ? renderKind((await templateRow(db, template)).kind) : documentKindForState(booking.state));
      const doc = await renderBookingDocument(db, {
        bookingId: booking.id,
        kind,
        ...(template ? { templateId: template } : {}),
        ...(language ? { language } : {}),
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
      const booking = await bookingByNumber(db, actor(request), request.params.bookingNo);
      const doc = await renderBookingDocument(db, {
        bookingId: booking.id,
        kind: 'voucher',
        ...(request.query.language ? { language: request.query.language } : {}),
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
    async (request) => {
      const user = actor(request);
      const booking = await repository.visibleBookingAsset(db, user, request.params.id);
      if (!booking || booking.state === 'deleted') throw notFound('Booking');
      const rows = await repository.activeTemplates(db);
      return rows.filter(
        (t) =>
          (TEMPLATE_KINDS as readonly string[]).includes(t.kind) &&
          (t.kind !== 'manifest' || booking.vesselId),
      );
    },
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
      await visibleBooking(db, actor(request), id);
      const template = await templateRow(db, templateId);
      const doc = await renderBookingDocument(db, {
        bookingId: id,
        kind: renderKind(template.kind),
        templateId,
        ...(request.query.language ? { language: request.query.language } : {}),
      });
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
      const user = actor(request);
      const { bookingIds, custom, persist, language } = request.body;
      const template = await templateRow(db, request.params.templateId);
      const kind = renderKind(template.kind);
      if (kind === 'invoice')
        throw badRequest('Invoice templates render issued invoices only', 'params/templateId');
      for (const id of bookingIds) await visibleBooking(db, user, id);
      if (persist && custom) {
        if (!hasScope(user.scopes, ['settings.update'])) throw forbidden();
        const texts = (template.texts ?? {}) as Record<string, unknown>;
        const merged = { ...texts };
        for (const lang of ['de', 'en'] as const) {
          if (custom[lang]) merged[lang] = { ...((texts[lang] as object) ?? {}), ...custom[lang] };
        }
        await repository.setTemplateTexts(db, template.id, merged);
      }
      const doc = await renderBookingDocuments(db, {
        bookingIds,
        kind,
        templateId: template.id,
        language,
        custom,
      });
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
      const user = actor(request);
      const language = request.body.language ?? requestLanguage(request);
      const doc = await renderBookingReport(db, user, {
        bookingIds: request.body.bookingIds,
        templateId: request.params.templateId,
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
      const bookingId = request.params.id;
      const { template, store } = request.body;
      const templateId = typeof template === 'number' ? template : undefined;
      const kind = templateId
        ? renderKind((await templateRow(db, templateId)).kind)
        : (template as TDocumentKind);
      if (!store) {
        await visibleBooking(db, user, bookingId);
        const doc = await renderBookingDocument(db, {
          bookingId,
          kind,
          ...(templateId ? { templateId } : {}),
        });
        return sendPdf(reply, doc.pdf, doc.fileName);
      }
      const result = await db.transaction(async (tx) => {
        await visibleBooking(tx, user, bookingId);
        const invoice = kind === 'invoice' ? await issueInvoice(tx, user, bookingId) : null;
        const doc = invoice
          ? await renderInvoicePdf(tx, invoice.id, { templateId })
          : await renderBookingDocument(tx, { bookingId, kind, ...(templateId ? { templateId } : {}) });
        const document = await keepDocument(tx, { bookingId, kind, templateId, userId: user.id, ...doc });
        return { document, invoiceId: invoice?.id ?? null };
      });
      return reply.code(201).send(result);
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
    async (request) => {
      await visibleBooking(db, actor(request), request.params.id);
      return storedDocuments(db, request.params.id);
    },
  );

  r.get(
    '/api/bookings/:id/documents/:documentId',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One kept document as PDF (not in the spec)',
        description: SEEN,
        params: z.object({ id: ZId, documentId: ZId }),
        response: ZBinary,
      },
    },
    async (request, reply) => {
      await visibleBooking(db, actor(request), request.params.id);
      const row = await repository.storedDocument(db, request.params.id, request.params.documentId);
      if (!row) throw notFound('Document');
      return sendPdf(reply, row.data, row.name);
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
    async (request, reply) => {
      const booking = await visibleBooking(db, actor(request), request.params.id);
      const url = `${deps.config.appUrl.replace(/\/$/, '')}/booking/${booking.id}`;
      return sendPng(reply, await QRCode.toBuffer(url, { type: 'png', margin: 2, width: 300 }));
    },
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
    async (request, reply) => {
      await visibleBooking(db, actor(request), request.params.id);
      const booking = await repository.booking(db, request.params.id);
      if (!booking) throw notFound('Booking');
      const payee = await payeeOf(db, await letterheadOf(db));
      const png = await epcQrPng(payee, booking.openAmount, booking.currency, bookingNumber(booking));
      return sendPng(reply, png);
    },
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
    async (request) => {
      await visibleBooking(db, actor(request), request.params.id);
      const active = await activeInvoices(db, request.params.id);
      const invoice = active.at(-1) ?? (await latestInvoice(db, request.params.id));
      if (!invoice) throw notFound('Invoice');
      const body = request.body ?? { level: 'public' as const };
      const base = deps.config.appUrl.replace(/\/$/, '');
      const path = body.level === 'club' ? '/club/invoice/' : '/invoice/';
      const query =
        body.provider !== undefined ? `?provider=${encodeURIComponent(String(body.provider))}` : '';
      return {
        invoiceId: invoice.id,
        number: invoice.number,
        token: invoice.publicToken,
        url: `${base}${path}${invoice.publicToken}${query}`,
      };
    },
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
      const user = actor(request);
      const data = request.body.data;
      const rows = await db.transaction((tx) =>
        splitInvoice(
          tx,
          user,
          request.params.id,
          'byGuests' in data ? { byGuests: true } : { parts: data.parts },
        ),
      );
      return reply.code(201).send(await Promise.all(rows.map((row) => toInvoice(db, row))));
    },
  );

  registerInvoiceRoutes(app, deps);
}

async function keepDocument(
  ex: Executor,
  doc: {
    bookingId: number;
    kind: string;
    templateId: number | undefined;
    userId: number;
    fileName: string;
    pdf: Buffer;
  },
) {
  const file = await repository.insertStoredFile(ex, {
    kind: 'booking_document',
    name: doc.fileName,
    mime: 'application/pdf',
    size: doc.pdf.length,
    data: doc.pdf,
    userId: doc.userId,
  });
  if (!file) throw new AppError(500, 'INTERNAL_ERROR', 'The document was not stored');
  const row = await repository.insertBookingDocument(ex, {
    bookingId: doc.bookingId,
    kind: doc.kind,
    templateId: doc.templateId ?? null,
    fileId: file.id,
    userId: doc.userId,
  });
  if (!row) throw new AppError(500, 'INTERNAL_ERROR', 'The document was not stored');
  return {
    id: row.id,
    bookingId: row.bookingId,
    kind: row.kind,
    templateId: row.templateId,
    fileId: row.fileId,
    name: doc.fileName,
    size: doc.pdf.length,
    createdAt: row.createdAt.toISOString(),
  };
}

async function storedDocuments(ex: Executor, bookingId: number) {
  const rows = await repository.storedDocuments(ex, bookingId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
