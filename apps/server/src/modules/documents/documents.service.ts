import type { TLanguage } from '@atoll/domain/constants';
import {
  DOCUMENT_KINDS,
  documentKindForState,
  type TBookingDocument,
  type TDocumentKind,
  TEMPLATE_KINDS,
  type TInvoice,
  type TInvoiceKind,
  type TInvoiceListQuery,
  type TPublicInvoice,
} from '@atoll/domain/documents';
import { D } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import QRCode from 'qrcode';
import type { TConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { guestToken } from '../payments/payment-links.ts';
import type { TPaymentsRepository } from '../payments/payments.repository.ts';
import { bookingNumber, letterheadOf } from './booking-data.ts';
import { renderBookingDocument, renderBookingDocuments, renderInvoicePdf } from './booking-documents.tsx';
import { renderBookingReport } from './booking-report.tsx';
import { datevExport } from './datev.flow.ts';
import type { TDocumentsRepository } from './documents.repository.ts';
import { invoiceForMail, invoiceXrechnung, invoiceZugferd } from './einvoice.flow.ts';
import type { TEinvoiceSyntax } from './einvoice.ts';
import { epcQrPng, frozenPeriod, payeeOf } from './invoice-context.ts';
import {
  activeInvoices,
  cancelInvoice,
  invoiceByToken,
  invoiceForActor,
  issueInvoice,
  latestInvoice,
  splitInvoice,
  type TInvoiceRow,
  type TSplitPart,
  visibleBooking,
} from './invoices.flow.ts';

// The use cases of the document and invoice routes (spec booking §7, and the invoice list, PDF, cancellation
// and public invoice page that the spec does not name). Who sees a booking: bookings.read all, agents their
// agency's, customers their own; any other booking or invoice answers 404. A change is one transaction.

/** A rendered PDF and the file name it is sent with. */
export type TPdf = { fileName: string; pdf: Buffer };

/**
 * Uploaded files (passport scans, tickets) are the office's and the booking agency's: a customer, who may be one
 * guest of several, reads the booking's documents but not the files kept with it.
 */
const seesUploads = (user: TSessionUser) => hasScope(user.scopes, ['bookings.read', 'agencies.self']);

type TCustomTexts = Partial<
  Record<TLanguage, { title?: string | undefined; intro?: string | undefined; closing?: string | undefined }>
>;

/** The document kind a template renders: the manifest template prints the guest list of one booking. */
const renderKind = (kind: string): Exclude<TDocumentKind, 'invoice'> | 'invoice' =>
  kind === 'manifest'
    ? 'guestlist'
    : (DOCUMENT_KINDS as readonly string[]).includes(kind)
      ? (kind as TDocumentKind)
      : 'confirmation';

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

export function createDocumentsService(deps: {
  db: Db;
  config: TConfig;
  repository: TDocumentsRepository;
  /** The active payment providers the public invoice page offers. */
  payments: TPaymentsRepository;
}) {
  const { db, config, repository } = deps;
  const appUrl = config.appUrl.replace(/\/$/, '');

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

  /** The kind a store call renders: its template's, or the kind it names. */
  async function storeKind(template: number | TDocumentKind) {
    const templateId = typeof template === 'number' ? template : undefined;
    const kind = templateId
      ? renderKind((await templateRow(db, templateId)).kind)
      : (template as TDocumentKind);
    return { kind, templateId };
  }

  async function keepDocument(
    ex: Executor,
    doc: TPdf & { bookingId: number; kind: string; templateId: number | undefined; userId: number },
  ): Promise<TBookingDocument> {
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
      mime: 'application/pdf',
      size: doc.pdf.length,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** An invoice row as the API answers it, with its booking's number and the invoice that cancels it. */
  async function toInvoice(ex: Executor, row: TInvoiceRow): Promise<TInvoice> {
    const booking = await repository.bookingNumbers(ex, row.bookingId);
    const [cancelledBy] = await repository.cancellationsOf(ex, row.id);
    return shape(row, booking ? bookingNumber(booking) : '', cancelledBy?.id ?? null);
  }

  /** The active providers a guest can pay with, each with the guest token its checkout accepts. */
  async function paymentOptions(ex: Executor, bookingId: number) {
    const rows = await deps.payments.activeProviders(ex);
    return rows.flatMap((row) => {
      const token = guestToken(row, bookingId);
      return token ? [{ id: row.id, name: row.name, type: row.type, token }] : [];
    });
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

  return {
    // ─── Booking documents ───────────────────────────────────────────────────────────────────────

    /**
     * A booking's document by any of its numbers: `kind`, else the kind of `template`, else the one fitting
     * its state (offer, reservation, confirmation); in the booking's language unless `language`.
     */
    async download(
      user: TSessionUser,
      bookingNo: string,
      args: {
        kind?: TDocumentKind | undefined;
        template?: number | undefined;
        language?: TLanguage | undefined;
      },
    ): Promise<TPdf> {
      const booking = await bookingByNumber(db, user, bookingNo);
      const { kind: asked, template, language } = args;
      const kind =
        asked ??
        (template ? renderKind((await templateRow(db, template)).kind) : documentKindForState(booking.state));
      return renderBookingDocument(db, {
        bookingId: booking.id,
        kind,
        ...(template ? { templateId: template } : {}),
        ...(language ? { language } : {}),
      });
    },

    /** The active templates usable for a booking the user may see; the manifest ones for vessel bookings only. */
    async templates(user: TSessionUser, bookingId: number) {
      const booking = await repository.visibleBookingAsset(db, user, bookingId);
      if (!booking || booking.state === 'deleted') throw notFound('Booking');
      const rows = await repository.activeTemplates(db);
      return rows.filter(
        (t) =>
          (TEMPLATE_KINDS as readonly string[]).includes(t.kind) &&
          (t.kind !== 'manifest' || booking.vesselId),
      );
    },

    /** A booking the user may see rendered with a template (an invoice template: its latest invoice). */
    async withTemplate(
      user: TSessionUser,
      bookingId: number,
      templateId: number,
      language: TLanguage | undefined,
    ): Promise<TPdf> {
      await visibleBooking(db, user, bookingId);
      const template = await templateRow(db, templateId);
      return renderBookingDocument(db, {
        bookingId,
        kind: renderKind(template.kind),
        templateId,
        ...(language ? { language } : {}),
      });
    },

    /**
     * One template over several bookings in one PDF, with texts for this render; `persist` keeps them as the
     * template's texts (settings.update, else 403). Invoice templates: 400.
     */
    async renderTemplate(
      user: TSessionUser,
      templateId: number,
      args: {
        bookingIds: number[];
        custom?: TCustomTexts | undefined;
        persist: boolean;
        language?: TLanguage | undefined;
      },
    ): Promise<TPdf> {
      const { bookingIds, custom, persist, language } = args;
      const template = await templateRow(db, templateId);
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
      return renderBookingDocuments(db, { bookingIds, kind, templateId: template.id, language, custom });
    },

    /** The overview of the chosen bookings the user may see, with sums per currency. */
    report(user: TSessionUser, templateId: number, args: { bookingIds: number[]; language: TLanguage }) {
      return renderBookingReport(db, user, { ...args, templateId });
    },

    /** Renders a document (a template id, or a kind for its default template) without keeping it. */
    async render(user: TSessionUser, bookingId: number, template: number | TDocumentKind): Promise<TPdf> {
      const { kind, templateId } = await storeKind(template);
      await visibleBooking(db, user, bookingId);
      return renderBookingDocument(db, { bookingId, kind, ...(templateId ? { templateId } : {}) });
    },

    /**
     * Renders a document and keeps it with the booking, in one transaction; kind invoice issues the invoice
     * first (409 while one is active).
     */
    async store(
      user: TSessionUser,
      bookingId: number,
      template: number | TDocumentKind,
    ): Promise<{ document: TBookingDocument; invoiceId: number | null }> {
      const { kind, templateId } = await storeKind(template);
      return db.transaction(async (tx) => {
        await visibleBooking(tx, user, bookingId);
        const invoice = kind === 'invoice' ? await issueInvoice(tx, user, bookingId) : null;
        const doc = invoice
          ? await renderInvoicePdf(tx, invoice.id, { templateId })
          : await renderBookingDocument(tx, { bookingId, kind, ...(templateId ? { templateId } : {}) });
        const document = await keepDocument(tx, { bookingId, kind, templateId, userId: user.id, ...doc });
        return { document, invoiceId: invoice?.id ?? null };
      });
    },

    /** The documents kept with a booking the user may see, newest first. */
    async storedDocuments(user: TSessionUser, bookingId: number): Promise<TBookingDocument[]> {
      await visibleBooking(db, user, bookingId);
      const rows = await repository.storedDocuments(db, bookingId);
      return rows
        .filter((r) => r.kind !== 'upload' || seesUploads(user))
        .map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** One kept document (or uploaded file) of a booking the user may see. */
    async storedDocument(user: TSessionUser, bookingId: number, documentId: number) {
      await visibleBooking(db, user, bookingId);
      const row = await repository.storedDocument(db, bookingId, documentId);
      if (!row || (row.kind === 'upload' && !seesUploads(user))) throw notFound('Document');
      return { fileName: row.name, data: row.data, mime: row.mime, isUpload: row.kind === 'upload' };
    },

    /** A QR code (PNG) with the link that opens the booking in Atoll. */
    async bookingQr(user: TSessionUser, bookingId: number): Promise<Buffer> {
      const booking = await visibleBooking(db, user, bookingId);
      return QRCode.toBuffer(`${appUrl}/booking/${booking.id}`, { type: 'png', margin: 2, width: 300 });
    },

    /** The EPC payment QR code (PNG) of the booking's open amount (400 PAYMENT_QR_NOT_POSSIBLE when it cannot be). */
    async paymentQr(user: TSessionUser, bookingId: number): Promise<Buffer> {
      await visibleBooking(db, user, bookingId);
      const booking = await repository.booking(db, bookingId);
      if (!booking) throw notFound('Booking');
      const payee = await payeeOf(db, await letterheadOf(db));
      return epcQrPng(payee, booking.openAmount, booking.currency, bookingNumber(booking));
    },

    /** A booking's document as the mail queue attaches it (rendered when the mail is sent). */
    renderBookingDocument(args: {
      bookingId: number;
      kind: TDocumentKind;
      templateId?: number;
      language?: TLanguage;
    }): Promise<TPdf> {
      return renderBookingDocument(db, args);
    },

    /** An issued invoice as the mail queue attaches it. */
    async renderInvoice(invoiceId: number): Promise<TPdf> {
      const invoice = await repository.invoice(db, invoiceId);
      if (!invoice) throw notFound('Invoice');
      return invoiceForMail(db, invoice);
    },

    // ─── Invoices ────────────────────────────────────────────────────────────────────────────────

    /** The public link of the booking's latest invoice (404 without one). */
    async publicLink(
      user: TSessionUser,
      bookingId: number,
      body: { level: 'public' | 'club'; provider?: number | string | undefined },
    ) {
      await visibleBooking(db, user, bookingId);
      const active = await activeInvoices(db, bookingId);
      const invoice = active.at(-1) ?? (await latestInvoice(db, bookingId));
      if (!invoice) throw notFound('Invoice');
      const path = body.level === 'club' ? '/club/invoice/' : '/invoice/';
      const query =
        body.provider !== undefined ? `?provider=${encodeURIComponent(String(body.provider))}` : '';
      return {
        invoiceId: invoice.id,
        number: invoice.number,
        token: invoice.publicToken,
        url: `${appUrl}${path}${invoice.publicToken}${query}`,
      };
    },

    /** Split invoices by shares or one per guest, in one transaction (409 while an invoice is active). */
    async splitInvoice(
      user: TSessionUser,
      bookingId: number,
      input: { parts: TSplitPart[] } | { byGuests: true },
    ): Promise<TInvoice[]> {
      const rows = await db.transaction((tx) => splitInvoice(tx, user, bookingId, input));
      return Promise.all(rows.map((row) => toInvoice(db, row)));
    },

    /** One page of the invoices of the bookings the user may see, newest first. */
    async invoices(user: TSessionUser, q: TInvoiceListQuery) {
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

    /** One invoice of a booking the user may see. */
    async invoice(user: TSessionUser, invoiceId: number): Promise<TInvoice> {
      return toInvoice(db, await invoiceForActor(db, user, invoiceId));
    },

    /** One invoice of a booking the user may see, as PDF; `zugferd`: PDF/A-3 with its factur-x.xml. */
    async invoicePdf(
      user: TSessionUser,
      invoiceId: number,
      format: 'pdf' | 'zugferd' = 'pdf',
    ): Promise<TPdf> {
      const invoice = await invoiceForActor(db, user, invoiceId);
      return format === 'zugferd' ? invoiceZugferd(db, invoice) : renderInvoicePdf(db, invoice.id);
    },

    /** One invoice of a booking the user may see, as XRechnung (CII or UBL; the setting's when not asked). */
    async invoiceXrechnung(user: TSessionUser, invoiceId: number, syntax?: TEinvoiceSyntax) {
      return invoiceXrechnung(db, await invoiceForActor(db, user, invoiceId), syntax);
    },

    /** The DATEV EXTF Buchungsstapel of a period's invoices and payments (staff only). */
    datevExport(user: TSessionUser, period: { from: string; to: string }) {
      return datevExport(db, user, period);
    },

    /** Issues the cancellation invoice of an invoice, in one transaction. */
    async cancelInvoice(user: TSessionUser, invoiceId: number): Promise<TInvoice> {
      const row = await db.transaction((tx) => cancelInvoice(tx, user, { invoiceId }));
      return toInvoice(db, row);
    },

    /** The public invoice page's data, by the invoice's public token (404 for any other). */
    async publicInvoice(token: string): Promise<TPublicInvoice> {
      return publicInvoice(db, await invoiceByToken(db, token));
    },

    /** The public invoice as PDF, by its token. */
    async publicInvoicePdf(token: string): Promise<TPdf> {
      const invoice = await invoiceByToken(db, token);
      return renderInvoicePdf(db, invoice.id);
    },
  };
}

export type TDocumentsService = ReturnType<typeof createDocumentsService>;
