import { z } from 'zod';
import { noNul } from '../list/list.ts';
import { D } from '../money/money.ts';

/**
 * Pure rules of the booking documents and invoices: the kinds of document, the frozen invoice
 * line, the tax breakdown per rate that §14 UStG asks for, and the EPC (GiroCode) payment QR payload.
 */

export const DOCUMENT_KINDS = [
  'offer',
  'reservation',
  'confirmation',
  'invoice',
  'voucher',
  'guestlist',
] as const;
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Template kinds: the document kinds and the vessel manifest. */
export const TEMPLATE_KINDS = [...DOCUMENT_KINDS, 'manifest'] as const;
export type TTemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The document that fits a booking's state: an offer for a draft, a reservation when planned, else a confirmation. */
export function documentKindForState(state: string): 'offer' | 'reservation' | 'confirmation' {
  if (state === 'draft' || state === 'waiting') return 'offer';
  if (state === 'planned') return 'reservation';
  return 'confirmation';
}

export const INVOICE_KINDS = ['invoice', 'cancellation', 'split'] as const;
export type TInvoiceKind = (typeof INVOICE_KINDS)[number];

/** One billed line, frozen on the invoice. `total` is gross when `inclusive`, else net. */
export type TInvoiceLine = {
  text: string;
  amount: string;
  price: string;
  total: string;
  /** Percent, "19" or "7"; "0" for lines without tax. */
  taxRate: string;
  inclusive: boolean;
};

export type TTaxBreakdownRow = { rate: string; net: string; tax: string; gross: string };
export type TInvoiceTotals = { net: string; tax: string; gross: string; breakdown: TTaxBreakdownRow[] };

const fix2 = (value: InstanceType<typeof D>) => value.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

/** Net, tax and gross of one line (docs/domain/tax-and-commission.md: tax per line, inclusive or on top). */
export function lineTaxParts(line: Pick<TInvoiceLine, 'total' | 'taxRate' | 'inclusive'>) {
  const total = new D(line.total);
  const rate = new D(line.taxRate || '0');
  if (rate.isZero()) return { net: fix2(total), tax: '0.00', gross: fix2(total) };
  if (line.inclusive) {
    const net = new D(fix2(total.times(100).div(rate.plus(100))));
    return { net: fix2(net), tax: fix2(total.minus(net)), gross: fix2(total) };
  }
  const tax = new D(fix2(total.times(rate).div(100)));
  return { net: fix2(total), tax: fix2(tax), gross: fix2(total.plus(tax)) };
}

/** Sums per tax rate (highest rate first) and overall: net, tax and gross, in exact decimals. */
export function taxBreakdown(
  lines: readonly Pick<TInvoiceLine, 'total' | 'taxRate' | 'inclusive'>[],
): TInvoiceTotals {
  const byRate = new Map<
    string,
    { net: InstanceType<typeof D>; tax: InstanceType<typeof D>; gross: InstanceType<typeof D> }
  >();
  for (const line of lines) {
    const rate = new D(line.taxRate || '0').toFixed();
    const parts = lineTaxParts(line);
    const row = byRate.get(rate) ?? { net: new D(0), tax: new D(0), gross: new D(0) };
    row.net = row.net.plus(parts.net);
    row.tax = row.tax.plus(parts.tax);
    row.gross = row.gross.plus(parts.gross);
    byRate.set(rate, row);
  }
  const breakdown = [...byRate.entries()]
    .sort(([a], [b]) => new D(b).comparedTo(a))
    .map(([rate, r]) => ({ rate, net: fix2(r.net), tax: fix2(r.tax), gross: fix2(r.gross) }));
  const sumOf = (k: 'net' | 'tax' | 'gross') => fix2(breakdown.reduce((s, r) => s.plus(r[k]), new D(0)));
  return { net: sumOf('net'), tax: sumOf('tax'), gross: sumOf('gross'), breakdown };
}

/** The lines of a cancellation invoice: the cancelled invoice's lines with their totals negated. */
export function reverseLines(lines: readonly TInvoiceLine[]): TInvoiceLine[] {
  return lines.map((l) => ({
    ...l,
    price: new D(l.price).neg().toFixed(2),
    total: new D(l.total).neg().toFixed(2),
  }));
}

/**
 * Splits the billable lines over recipients by share (percent, summing to 100): each recipient gets every
 * line scaled by its share, rounded to cents; the last recipient takes the rounding rest, so the parts sum
 * to the whole exactly per line.
 */
export function splitLines(lines: readonly TInvoiceLine[], shares: readonly string[]): TInvoiceLine[][] {
  const total = shares.reduce((s, x) => s.plus(x), new D(0));
  if (!total.equals(100)) throw new Error('shares must sum to 100');
  const parts: TInvoiceLine[][] = shares.map(() => []);
  for (const line of lines) {
    let left = new D(line.total);
    shares.forEach((share, i) => {
      const part = i === shares.length - 1 ? left : new D(fix2(new D(line.total).times(share).div(100)));
      left = left.minus(part);
      const amount = new D(line.amount);
      parts[i]?.push({
        ...line,
        text: `${line.text} (${new D(share).toFixed()} %)`,
        total: fix2(part),
        price: amount.isZero() ? fix2(part) : fix2(part.div(amount)),
      });
    });
  }
  return parts;
}

// ─── EPC QR (GiroCode), EPC069-12 version 002 ─────────────────────────────────────────────────

/** An IBAN without spaces, upper case, with a valid mod-97 check. */
export function normalizeIban(value: string): string | null {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return null;
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1 ? iban : null;
}

export const ZEpcInput = z.object({
  name: z.string().trim().min(1).max(70),
  iban: z.string(),
  bic: z.string().trim().max(11).optional(),
  /** EUR, 0.01 to 999999999.99 */
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  /** Unstructured remittance text, e.g. the booking number. */
  text: z.string().max(140).optional(),
});
export type TEpcInput = z.infer<typeof ZEpcInput>;

export type TEpcProblem = 'iban' | 'amount' | 'name';

/** The payload of an EPC QR code (lines joined by "\n"), or the problem that prevents one. */
export function epcPayload(input: TEpcInput): { payload: string } | { problem: TEpcProblem } {
  const iban = normalizeIban(input.iban);
  if (!iban) return { problem: 'iban' };
  const name = input.name.trim().slice(0, 70);
  if (!name) return { problem: 'name' };
  const amount = new D(input.amount);
  if (amount.lessThan('0.01') || amount.greaterThan('999999999.99')) return { problem: 'amount' };
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    (input.bic ?? '').replace(/\s+/g, '').toUpperCase(),
    name,
    iban,
    `EUR${fix2(amount)}`,
    '',
    '',
    (input.text ?? '').slice(0, 140),
  ];
  return { payload: lines.join('\n') };
}

// ─── API shapes ──────────────────────────────────────────────────────────────────────────────

export const ZInvoiceLine = z.object({
  text: z.string(),
  amount: z.string(),
  price: z.string(),
  total: z.string(),
  taxRate: z.string(),
  inclusive: z.boolean(),
});
export const ZTaxBreakdownRow = z.object({
  rate: z.string(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
});
export const ZInvoiceRecipient = z.object({
  name: z.string().optional(),
  address: z.record(z.string(), z.string().optional()).optional(),
  vatId: z.string().optional(),
  customerId: z.number().optional(),
  agencyId: z.number().optional(),
  /** The booking's dates at issue (the service period §14 UStG asks for). */
  servicePeriod: z.object({ from: z.string(), to: z.string() }).optional(),
});

/** An issued invoice as the API answers it (`/api/invoices`). */
export const ZInvoice = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    bookingNo: z.string(),
    number: z.string(),
    year: z.number().int(),
    seq: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    date: z.string(),
    cancelsId: z.number().int().nullable(),
    /** The cancellation invoice that reverses this one, if any. */
    cancelledById: z.number().int().nullable(),
    currency: z.string(),
    language: z.string(),
    recipient: ZInvoiceRecipient,
    lines: z.array(ZInvoiceLine),
    net: z.string(),
    tax: z.string(),
    gross: z.string(),
    taxBreakdown: z.array(ZTaxBreakdownRow),
    createdAt: z.string(),
  })
  .meta({ id: 'Invoice' });
export type TInvoice = z.infer<typeof ZInvoice>;

/** The public invoice page's view (`/invoice/:id`): no ids beyond what the guest needs. */
export const ZPublicInvoice = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  date: z.string(),
  currency: z.string(),
  language: z.string(),
  company: z.string(),
  recipient: z.string(),
  bookingNo: z.string(),
  servicePeriod: z.object({ from: z.string(), to: z.string() }),
  lines: z.array(ZInvoiceLine),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
  taxBreakdown: z.array(ZTaxBreakdownRow),
  paid: z.string(),
  open: z.string(),
  /** Whether the page offers "Pay now": an invoice (not a cancellation) with an open amount. */
  payable: z.boolean(),
  /** The booking id the payment call needs (`POST /api/book/{id}/checkout`); only when payable. */
  bookingId: z.number().int().nullable(),
  /** The active payment providers with the guest's signed token for the checkout; empty when not payable. */
  providers: z.array(
    z.object({ id: z.number().int(), name: z.string(), type: z.string(), token: z.string() }),
  ),
});
export type TPublicInvoice = z.infer<typeof ZPublicInvoice>;

export const ZInvoiceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** As every list (spec platform §9): 25 by default, 0 for all (capped by the server). */
  size: z.coerce.number().int().min(0).max(100_000).default(25),
  year: z.coerce.number().int().min(2000).max(2200).optional(),
  bookingId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  /** Part of the invoice number or the recipient's name. */
  search: z.string().trim().max(100).refine(noNul, 'No NUL characters').optional(),
});
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

export const ZSplitInvoiceBody = z.object({
  data: z.union([
    z.object({
      parts: z
        .array(
          z.object({
            share: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/),
            agencyId: z.number().int().positive().optional(),
            customerId: z.number().int().positive().optional(),
            name: z.string().trim().max(200).optional(),
          }),
        )
        .min(2)
        .max(20),
    }),
    z.object({ byGuests: z.literal(true) }),
  ]),
});

export const ZStoreBody = z.object({
  /** A template id, or a document kind (its default template). */
  template: z.union([z.number().int().positive(), z.enum(DOCUMENT_KINDS)]),
  /** false: render only, keep nothing (for kind invoice: no invoice is issued). Default true. */
  store: z.boolean().default(true),
});

export const ZBookingDocument = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  kind: z.string(),
  templateId: z.number().int().nullable(),
  fileId: z.number().int(),
  name: z.string(),
  /** application/pdf for the kept documents; an upload's type (JPEG, PNG, WebP, GIF or PDF). */
  mime: z.string(),
  size: z.number().int(),
  /** Who kept or uploaded it (an upload may be deleted by its uploader). */
  userId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TBookingDocument = z.infer<typeof ZBookingDocument>;

export const ZDocumentTemplateSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
});

export const ZTemplateTexts = z.object({
  title: z.string().max(200).optional(),
  intro: z.string().max(5000).optional(),
  closing: z.string().max(5000).optional(),
});

export const ZRenderTemplateBody = z.object({
  /** The bookings to render it for (one PDF, a page per booking). */
  bookingIds: z.array(z.number().int().positive()).min(1).max(100),
  /** Texts for this render instead of the template's. */
  custom: z.object({ de: ZTemplateTexts.optional(), en: ZTemplateTexts.optional() }).optional(),
  /** Keep `custom` as the template's texts (settings.update). */
  persist: z.boolean().default(false),
  language: z.enum(['de', 'en']).optional(),
});

export const ZReportBody = z.object({
  bookingIds: z.array(z.number().int().positive()).min(1).max(1000),
  language: z.enum(['de', 'en']).optional(),
});

export const ZPublicLinkBody = z.object({
  /** A payment provider id the payment page should preselect. */
  provider: z.union([z.number().int().positive(), z.string().max(40)]).optional(),
  /** `club`: the link of the members' area (/club/invoice/…); default the public one (/invoice/…). */
  level: z.enum(['public', 'club']).default('public'),
});
export const ZPublicLink = z.object({
  invoiceId: z.number().int(),
  number: z.string(),
  token: z.string(),
  url: z.string(),
});

// ─── Leitweg-ID (XRechnung buyer reference BT-10, docs/domain/e-invoices.md) ───────────────────────────

/**
 * Why a Leitweg-ID is not one, or null when it is: coarse address (2 to 12 digits), an optional fine address
 * (1 to 30 letters or digits) and the check digits (2), joined by hyphens; the check digits are ISO/IEC 7064
 * MOD 97-10 over the coarse and fine address (letters count A = 10 … Z = 35), as in an IBAN.
 */
export function leitwegIdProblem(value: string): 'format' | 'checkDigits' | null {
  const match = /^(\d{2,12})(?:-([A-Za-z0-9]{1,30}))?-(\d{2})$/.exec(value);
  if (!match) return 'format';
  const digits = `${match[1]}${match[2] ?? ''}`
    .toUpperCase()
    .split('')
    .map((c) => String(Number.parseInt(c, 36)))
    .join('');
  let rest = 0;
  for (const d of `${digits}00`) rest = (rest * 10 + Number(d)) % 97;
  return 98 - rest === Number(match[3]) ? null : 'checkDigits';
}

/** A Leitweg-ID as input: trimmed, letters upper-case; empty is none. */
export const ZLeitwegId = z
  .string()
  .trim()
  .max(46)
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || leitwegIdProblem(v) === null, {
    message:
      'a Leitweg-ID: coarse address, optional fine address and check digits (e.g. 04011000-1234512345-06)',
  })
  .transform((v) => v || null)
  .nullish();
