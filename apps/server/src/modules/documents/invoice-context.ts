import { epcPayload } from '@atoll/domain/documents';
import { D } from '@atoll/domain/money';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client.ts';
import type { invoices } from '../../db/schema.ts';
import type { TLetterhead } from '../../documents/pdf.tsx';
import { AppError } from '../../http/errors.ts';
import { bookingNumber, letterheadOf } from './booking-data.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import type { TEinvoiceContext } from './einvoice.ts';

const repository = createDocumentsRepository();

export type TPayee = { name: string; iban: string; bic?: string };

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The operator's account for transfers: the active bank_transfer payment provider's config if it names an
 * IBAN, else the company settings' bank data.
 */
export async function payeeOf(ex: Executor, company: TLetterhead): Promise<TPayee | null> {
  const providers = await repository.bankTransferConfigs(ex);
  for (const p of providers) {
    const c = (p.config ?? {}) as Record<string, unknown>;
    const bank = (c.bank ?? {}) as Record<string, unknown>;
    const iban = str(c.iban) ?? str(bank.iban);
    if (!iban) continue;
    const bic = str(c.bic) ?? str(bank.bic);
    return {
      name: str(c.holder) ?? str(c.accountHolder) ?? str(bank.holder) ?? str(c.name) ?? company.name,
      iban,
      ...(bic ? { bic } : {}),
    };
  }
  const iban = str(company.bank.iban);
  if (!iban) return null;
  const bic = str(company.bank.bic);
  return { name: str(company.bank.holder) ?? company.name, iban, ...(bic ? { bic } : {}) };
}

/** The EPC (GiroCode) QR for an amount as PNG; clear 400s when it cannot be made. */
export async function epcQrPng(payee: TPayee | null, amount: string, currency: string, text: string) {
  if (currency !== 'EUR')
    throw new AppError(
      400,
      'PAYMENT_QR_NOT_POSSIBLE',
      'A payment QR code is only possible for amounts in EUR',
    );
  if (!payee)
    throw new AppError(
      400,
      'PAYMENT_QR_NOT_POSSIBLE',
      'No IBAN is set in the company settings or a bank transfer provider',
    );
  if (!new D(amount).greaterThan(0))
    throw new AppError(400, 'PAYMENT_QR_NOT_POSSIBLE', 'Nothing is open to pay');
  const result = epcPayload({
    name: payee.name,
    iban: payee.iban,
    ...(payee.bic ? { bic: payee.bic } : {}),
    amount,
    text,
  });
  if ('problem' in result) {
    throw new AppError(
      400,
      'PAYMENT_QR_NOT_POSSIBLE',
      `The payment QR code cannot be made: invalid ${result.problem}`,
    );
  }
  return QRCode.toBuffer(result.payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 300 });
}

export type TInvoiceContext = {
  company: TLetterhead;
  bookingNo: string;
  period: { from: string; to: string };
  cancels: { number: string; date: string } | null;
  /** The booking's balance; `onSite` is the part of the total paid at the resort or on board, not transferred. */
  open: { paid: string; open: string; onSite: string } | null;
  qr: Buffer | null;
};

/** What an invoice prints beside its frozen content: letterhead, booking, service period, balance, pay QR. */
export async function loadInvoiceContext(
  ex: Executor,
  invoice: typeof invoices.$inferSelect,
): Promise<TInvoiceContext> {
  const booking = await repository.booking(ex, invoice.bookingId);
  const company = await letterheadOf(ex);
  const cancelled = invoice.cancelsId ? await repository.invoiceNumberDate(ex, invoice.cancelsId) : undefined;
  const onSite = (booking?.totals as { onSite?: string } | null)?.onSite ?? '0';
  const open =
    booking && invoice.kind !== 'cancellation'
      ? { paid: booking.paid, open: booking.openAmount, onSite }
      : null;
  let qr: Buffer | null = null;
  if (open && invoice.currency === 'EUR' && new D(open.open).greaterThan(0)) {
    const payee = await payeeOf(ex, company);
    qr = payee ? await epcQrPng(payee, open.open, 'EUR', invoice.number).catch(() => null) : null;
  }
  return {
    company,
    bookingNo: booking ? bookingNumber(booking) : '',
    period: frozenPeriod(invoice) ?? { from: booking?.from ?? invoice.date, to: booking?.to ?? invoice.date },
    cancels: cancelled ?? null,
    open,
    qr,
  };
}

/** What an e-invoice names beside the frozen invoice (docs/domain/e-invoices.md). */
export async function loadEinvoiceContext(
  ex: Executor,
  invoice: typeof invoices.$inferSelect,
): Promise<TEinvoiceContext> {
  const booking = await repository.booking(ex, invoice.bookingId);
  const company = await letterheadOf(ex);
  const recipient = invoice.recipient as { agencyId?: number; customerId?: number };
  return {
    company,
    payee: await payeeOf(ex, company),
    bookingNo: booking ? bookingNumber(booking) : '',
    period: frozenPeriod(invoice) ?? { from: booking?.from ?? invoice.date, to: booking?.to ?? invoice.date },
    cancels: invoice.cancelsId ? ((await repository.invoiceNumberDate(ex, invoice.cancelsId)) ?? null) : null,
    buyerEmail: await repository.partyEmail(ex, invoice.bookingId, recipient),
    leitwegId: recipient.agencyId ? await repository.agencyLeitwegId(ex, recipient.agencyId) : null,
  };
}

/** The service period frozen on the invoice at issue (see invoices.flow.ts), if it has one. */
export function frozenPeriod(invoice: typeof invoices.$inferSelect): { from: string; to: string } | null {
  const period = (invoice.recipient as { servicePeriod?: { from?: unknown; to?: unknown } }).servicePeriod;
  return typeof period?.from === 'string' && typeof period.to === 'string'
    ? { from: period.from, to: period.to }
    : null;
}
