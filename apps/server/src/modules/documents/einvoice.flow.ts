import type { Executor } from '../../db/client.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { renderInvoicePdf } from './booking-documents.tsx';
import type { TInvoiceRow } from './documents.repository.ts';
import { EINVOICE_SYNTAXES, type TEinvoiceSyntax, toEn16931, xrechnungXml, zugferdPdf } from './einvoice.ts';
import { loadEinvoiceContext } from './invoice-context.ts';

// The e-invoice downloads of an invoice the caller may see (docs/domain/e-invoices.md).

const settings = createSettingsRepository();

async function accountingSetting(ex: Executor, key: string): Promise<unknown> {
  return (await settings.group(ex, 'accounting')).find((r) => r.key === key)?.value;
}

/** The syntax the accounting settings name (CII when unset). */
async function defaultSyntax(ex: Executor): Promise<TEinvoiceSyntax> {
  const value = await accountingSetting(ex, 'einvoiceSyntax');
  return (EINVOICE_SYNTAXES as readonly unknown[]).includes(value) ? (value as TEinvoiceSyntax) : 'cii';
}

/** The invoice as the mail queue attaches it: ZUGFeRD when the accounting settings say so, else the PDF. */
export async function invoiceForMail(ex: Executor, invoice: TInvoiceRow) {
  return (await accountingSetting(ex, 'zugferdMail')) === true
    ? invoiceZugferd(ex, invoice)
    : renderInvoicePdf(ex, invoice.id);
}

/** The invoice's XRechnung 3.0 in the syntax asked for, else the setting's. */
export async function invoiceXrechnung(ex: Executor, invoice: TInvoiceRow, syntax?: TEinvoiceSyntax) {
  const chosen = syntax ?? (await defaultSyntax(ex));
  const xml = await xrechnungXml(toEn16931(invoice, await loadEinvoiceContext(ex, invoice)), chosen);
  return { xml, fileName: `XRechnung-${invoice.number}-${chosen.toUpperCase()}.xml` };
}

/** The invoice PDF as ZUGFeRD (PDF/A-3 with factur-x.xml, profile EN 16931). */
export async function invoiceZugferd(ex: Executor, invoice: TInvoiceRow) {
  const doc = await renderInvoicePdf(ex, invoice.id);
  const data = toEn16931(invoice, await loadEinvoiceContext(ex, invoice));
  const lang = invoice.language === 'en' ? 'en' : 'de';
  return {
    fileName: doc.fileName.replace(/\.pdf$/, '-ZUGFeRD.pdf'),
    pdf: await zugferdPdf(data, doc.pdf, lang),
  };
}
