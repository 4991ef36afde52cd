import { lineTaxParts, type TInvoiceLine, type TTaxBreakdownRow } from '@atoll/domain/documents';
import { D } from '@atoll/domain/money';
import { FormatFactoryService, type Invoice, invoiceSchema, ValidationService } from '@e-invoice-eu/core';
import { Ajv2019, type ValidateFunction } from 'ajv/dist/2019.js';
import type { TLetterhead } from '../../documents/pdf.tsx';
import { AppError } from '../../http/errors.ts';
import type { TInvoiceRow } from './documents.repository.ts';
import type { TPayee } from './invoice-context.ts';

// EN 16931 e-invoices (docs/domain/e-invoices.md): a frozen invoice in @e-invoice-eu/core's internal format
// (UBL names), rendered as XRechnung 3.0 CII or UBL, or as the factur-x.xml of a ZUGFeRD PDF/A-3.

export type TEinvoiceSyntax = 'cii' | 'ubl';
export const EINVOICE_SYNTAXES = ['cii', 'ubl'] as const;

/** What an e-invoice names beside the frozen invoice. */
export type TEinvoiceContext = {
  company: TLetterhead;
  payee: TPayee | null;
  bookingNo: string;
  period: { from: string; to: string };
  /** The invoice a cancellation invoice reverses (BT-25, BT-26). */
  cancels: { number: string; date: string } | null;
  /** The buyer's e-mail (BT-49), from the agency or customer record. */
  buyerEmail: string | null;
  /** The buyer's Leitweg-ID (BT-10), from the agency record; else the booking number is the reference. */
  leitwegId?: string | null;
};

const TEXTS = {
  de: {
    terms: (n: string) => `Zahlbar per Überweisung ohne Abzug unter Angabe der Rechnungsnummer ${n}.`,
    noPayment: 'Gutschrift zur stornierten Rechnung; es ist nichts zu zahlen.',
    exempt: 'Keine Umsatzsteuer berechnet.',
  },
  en: {
    terms: (n: string) => `Payable by bank transfer without deduction, quoting invoice number ${n}.`,
    noPayment: 'Credit note for the cancelled invoice; nothing is to be paid.',
    exempt: 'No VAT charged.',
  },
} as const;

const fix2 = (v: InstanceType<typeof D>) => v.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
const orNone = <T extends object>(v: T | undefined | null | '' | false): T | Record<string, never> =>
  v ? v : {};
const trimmed = (v: string | undefined | null) => (v?.trim() ? v.trim() : undefined);

/** VAT category (UNTDID 5305): S for a rate, E (exempt, with the company's reason) for 0 %. */
const category = (rate: string) => (new D(rate).isZero() ? 'E' : 'S');

/** A line of the e-invoice: net amount (BT-131), quantity, net price, rate; sign already applied. */
type TNetLine = {
  text: string;
  quantity: string;
  price: string;
  /** BT-149: set when the unit price has more than two decimals; the price is then for this many units. */
  baseQuantity?: string;
  net: InstanceType<typeof D>;
  rate: string;
};

function netLines(lines: readonly TInvoiceLine[], sign: 1 | -1): TNetLine[] {
  return lines.map((line) => {
    const net = new D(lineTaxParts(line).net).times(sign);
    const amount = new D(line.amount || '0');
    const qty = amount.isZero() ? new D(1) : amount.abs();
    // BR-27: the net price is never negative; a negative line carries a negative quantity.
    const quantity = net.isNegative() ? qty.neg() : qty;
    const unit = net.abs().div(qty);
    const exact = unit.decimalPlaces() <= 2;
    return {
      text: line.text,
      quantity: quantity.toFixed(),
      price: fix2(exact ? unit : net.abs()),
      ...(exact ? {} : { baseQuantity: qty.toFixed() }),
      net,
      rate: line.taxRate || '0',
    };
  });
}

function taxCategory(rate: string, reason: string, withReason: boolean) {
  const code = category(rate);
  return {
    'cbc:ID': code,
    'cbc:Percent': new D(rate).toFixed(),
    ...(withReason && code === 'E' ? { 'cbc:TaxExemptionReason': reason } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/** The party's postal address (BG-5, BG-8); the country defaults to the company's, then DE. */
function postalAddress(
  a: { street?: string; zip?: string; city?: string; country?: string },
  country: string,
) {
  return {
    ...orNone(trimmed(a.street) && { 'cbc:StreetName': trimmed(a.street) }),
    ...orNone(trimmed(a.city) && { 'cbc:CityName': trimmed(a.city) }),
    ...orNone(trimmed(a.zip) && { 'cbc:PostalZone': trimmed(a.zip) }),
    'cac:Country': { 'cbc:IdentificationCode': (trimmed(a.country) ?? country).toUpperCase() },
  };
}

/**
 * The invoice in the generator's internal format. A cancellation invoice is a credit note (type code 381)
 * with the reversed lines' signs turned back, referring to the cancelled invoice; lines that reduce the
 * total (specials) become document level allowances (BG-20) of their VAT category.
 */
export function toEn16931(invoice: TInvoiceRow, ctx: TEinvoiceContext): Invoice {
  const lang = invoice.language === 'en' ? 'en' : 'de';
  const texts = TEXTS[lang];
  const isCredit = invoice.kind === 'cancellation';
  const sign = isCredit ? -1 : 1;
  const cur = invoice.currency;
  const amount = (v: InstanceType<typeof D> | string) => fix2(new D(v));
  const money = (key: string, v: InstanceType<typeof D> | string) => ({
    [key]: amount(v),
    [`${key}@currencyID`]: cur,
  });
  const company = ctx.company;
  const country = trimmed(company.address.country) ?? 'DE';
  const reason = trimmed(company.vatExemption[lang]) ?? texts.exempt;
  const recipient = (invoice.recipient ?? {}) as {
    name?: string;
    address?: Record<string, string | undefined>;
    vatId?: string;
  };

  const all = netLines(invoice.lines as TInvoiceLine[], sign);
  const hasPositive = all.some((l) => l.net.isPositive());
  const allowances = hasPositive ? all.filter((l) => l.net.isNegative()) : [];
  const lines = hasPositive ? all.filter((l) => !l.net.isNegative()) : all;
  const lineTotal = lines.reduce((s, l) => s.plus(l.net), new D(0));
  const allowanceTotal = allowances.reduce((s, l) => s.minus(l.net), new D(0));
  const breakdown = (invoice.taxBreakdown as TTaxBreakdownRow[]).map((row) => ({
    rate: row.rate,
    net: new D(row.net).times(sign),
    tax: new D(row.tax).times(sign),
  }));
  const taxTotal = breakdown.reduce((s, r) => s.plus(r.tax), new D(0));
  const netTotal = lineTotal.minus(allowanceTotal);
  const gross = netTotal.plus(taxTotal);
  if (!gross.equals(new D(invoice.gross).times(sign))) {
    throw new AppError(
      409,
      'INVALID_STATE',
      'The invoice’s lines and totals disagree: no e-invoice possible',
    );
  }
  const seller = trimmed(company.legal.name) ?? company.name;
  const sellerEmail = trimmed(company.email);
  const vatId = trimmed(company.taxIds.vatId);
  const taxNumber = trimmed(company.taxIds.taxNumber);
  const buyerVat = trimmed(recipient.vatId);
  const payable = !isCredit && gross.isPositive();

  return {
    'ubl:Invoice': {
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.date,
      'cbc:InvoiceTypeCode': isCredit ? '381' : '380',
      'cbc:DocumentCurrencyCode': cur,
      'cbc:BuyerReference': ctx.leitwegId || ctx.bookingNo || invoice.number,
      'cac:InvoicePeriod': { 'cbc:StartDate': ctx.period.from, 'cbc:EndDate': ctx.period.to },
      ...orNone(
        ctx.cancels && {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': ctx.cancels.number,
                'cbc:IssueDate': ctx.cancels.date,
              },
            },
          ],
        },
      ),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...orNone(sellerEmail && { 'cbc:EndpointID': sellerEmail, 'cbc:EndpointID@schemeID': 'EM' }),
          'cac:PartyName': { 'cbc:Name': company.name },
          'cac:PostalAddress': postalAddress(company.address, country),
          'cac:PartyTaxScheme': [
            ...(vatId ? [{ 'cbc:CompanyID': vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
            ...(taxNumber ? [{ 'cbc:CompanyID': taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
          ],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': seller,
            ...orNone(
              trimmed(company.taxIds.registry) && { 'cbc:CompanyID': trimmed(company.taxIds.registry) },
            ),
          },
          'cac:Contact': {
            'cbc:Name': company.name,
            ...orNone(trimmed(company.phone) && { 'cbc:Telephone': trimmed(company.phone) }),
            ...orNone(sellerEmail && { 'cbc:ElectronicMail': sellerEmail }),
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...orNone(ctx.buyerEmail && { 'cbc:EndpointID': ctx.buyerEmail, 'cbc:EndpointID@schemeID': 'EM' }),
          'cac:PostalAddress': postalAddress(recipient.address ?? {}, country),
          ...orNone(
            buyerVat && {
              'cac:PartyTaxScheme': { 'cbc:CompanyID': buyerVat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
            },
          ),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': trimmed(recipient.name) ?? '-' },
        },
      },
      'cac:PaymentMeans': [
        ctx.payee
          ? {
              'cbc:PaymentMeansCode': '58',
              'cbc:PaymentID': invoice.number,
              'cac:PayeeFinancialAccount': {
                'cbc:ID': ctx.payee.iban,
                'cbc:Name': ctx.payee.name,
                ...orNone(ctx.payee.bic && { 'cac:FinancialInstitutionBranch': { 'cbc:ID': ctx.payee.bic } }),
              },
            }
          : { 'cbc:PaymentMeansCode': '1' },
      ],
      'cac:PaymentTerms': { 'cbc:Note': payable ? texts.terms(invoice.number) : texts.noPayment },
      ...orNone(
        allowances.length > 0 && {
          'cac:AllowanceCharge': allowances.map((a) => ({
            'cbc:ChargeIndicator': 'false',
            'cbc:AllowanceChargeReason': a.text,
            ...money('cbc:Amount', a.net.neg()),
            'cac:TaxCategory': taxCategory(a.rate, reason, false),
          })),
        },
      ),
      'cac:TaxTotal': [
        {
          ...money('cbc:TaxAmount', taxTotal),
          'cac:TaxSubtotal': breakdown.map((r) => ({
            ...money('cbc:TaxableAmount', r.net),
            ...money('cbc:TaxAmount', r.tax),
            'cac:TaxCategory': taxCategory(r.rate, reason, true),
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        ...money('cbc:LineExtensionAmount', lineTotal),
        ...money('cbc:TaxExclusiveAmount', netTotal),
        ...money('cbc:TaxInclusiveAmount', gross),
        ...(allowances.length > 0 ? money('cbc:AllowanceTotalAmount', allowanceTotal) : {}),
        ...money('cbc:PayableAmount', gross),
      },
      'cac:InvoiceLine': lines.map((l, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': l.quantity,
        'cbc:InvoicedQuantity@unitCode': 'C62',
        ...money('cbc:LineExtensionAmount', l.net),
        'cac:Item': {
          'cbc:Name': l.text || '-',
          'cac:ClassifiedTaxCategory': taxCategory(l.rate, reason, false),
        },
        'cac:Price': {
          'cbc:PriceAmount': l.price,
          'cbc:PriceAmount@currencyID': cur,
          ...orNone(
            l.baseQuantity && { 'cbc:BaseQuantity': l.baseQuantity, 'cbc:BaseQuantity@unitCode': 'C62' },
          ),
        },
      })),
    },
  } as unknown as Invoice;
}

// The generator compiles its JSON schema on every call (about 200 ms); compiled once per format here.
const factory = new FormatFactoryService();
const logger = { log() {}, warn() {}, error() {} };
const validation = new ValidationService(logger);
const validators = new Map<string, ValidateFunction<Invoice>>();
type TSchemaNode = { properties: Record<string, TSchemaNode>; items: TSchemaNode; required?: string[] };

/**
 * The generator's CII mapping (2.3.4) reads the preceding invoice (BT-25, BT-26) from `cbc:ID` and
 * `cbc:IssueDate` directly under `cac:BillingReference`, where its schema and UBL nest them in
 * `cac:InvoiceDocumentReference`: for CII the schema also takes the flat form and the data is given in it.
 */
function flatBillingReference(schema: unknown) {
  const billing = (schema as TSchemaNode).properties['ubl:Invoice']?.properties['cac:BillingReference'];
  if (!billing) return;
  Object.assign(billing.items.properties, {
    'cbc:ID': { type: 'string' },
    'cbc:IssueDate': { type: 'string' },
  });
  billing.items.required = ['cbc:ID'];
}
function flattenedForCii(data: Invoice): Invoice {
  const invoice = (data as unknown as { 'ubl:Invoice': Record<string, unknown> })['ubl:Invoice'];
  const refs = invoice['cac:BillingReference'] as { 'cac:InvoiceDocumentReference': object }[] | undefined;
  if (!refs) return data;
  const flat = refs.map((r) => r['cac:InvoiceDocumentReference']);
  return { 'ubl:Invoice': { ...invoice, 'cac:BillingReference': flat } } as unknown as Invoice;
}

async function generate(data: Invoice, format: string, lang: string, pdf?: Buffer) {
  const formatter = factory.createFormatService(format, logger);
  const isCii = formatter.syntax === 'CII';
  let validator = validators.get(format);
  if (!validator) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    if (isCii) flatBillingReference(schema);
    validator = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile<Invoice>(schema);
    validators.set(format, validator);
  }
  let invoice: Invoice;
  try {
    invoice = validation.validate(
      'invoice data',
      validator,
      structuredClone(isCii ? flattenedForCii(data) : data),
    );
  } catch {
    const errors = (validator.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ');
    throw new AppError(409, 'INVALID_STATE', `No e-invoice possible: ${errors}`);
  }
  formatter.fillInvoiceDefaults(invoice);
  return formatter.generate(invoice, {
    format: factory.normalizeFormat(format),
    lang,
    ...(pdf ? { pdf: { buffer: pdf, filename: 'invoice.pdf', mimetype: 'application/pdf' } } : {}),
  });
}

/** XRechnung 3.0 XML in CII or UBL syntax. */
export async function xrechnungXml(data: Invoice, syntax: TEinvoiceSyntax): Promise<string> {
  const xml = await generate(data, syntax === 'ubl' ? 'XRECHNUNG-UBL' : 'XRECHNUNG-CII', 'de');
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/** The invoice PDF as PDF/A-3 with the CII (profile EN 16931) attached as factur-x.xml. */
export async function zugferdPdf(data: Invoice, pdf: Buffer, lang: 'de' | 'en'): Promise<Buffer> {
  const out = await generate(data, 'Factur-X-EN16931', lang === 'en' ? 'en-gb' : 'de-de', pdf);
  return Buffer.from(out);
}
