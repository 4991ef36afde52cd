import { D } from '@atoll/domain/money';
import { isValidIban } from '@atoll/domain/settings';
import { XMLParser } from 'fast-xml-parser';
import countries from 'world-countries';

// The EN 16931 rules (with the German CIUS XRechnung 3.0) a test can check on a CII document without the
// official Schematron: mandatory business terms, the sums BT-106..BT-115, the VAT breakdown per category
// and rate, and the code lists the project uses. Returns the broken rules; empty means it passed.

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) =>
    [
      'IncludedSupplyChainTradeLineItem',
      'ApplicableTradeTax',
      'SpecifiedTradeAllowanceCharge',
      'SpecifiedTradeSettlementPaymentMeans',
      'SpecifiedTaxRegistration',
      'IncludedNote',
    ].includes(name),
});

type TNode = Record<string, unknown>;
const node = (v: unknown): TNode => (v && typeof v === 'object' ? (v as TNode) : {});
const list = (v: unknown): TNode[] => (Array.isArray(v) ? v.map(node) : v === undefined ? [] : [node(v)]);
const text = (v: unknown): string | undefined => {
  if (typeof v === 'string') return v;
  const t = node(v)['#text'];
  return typeof t === 'string' ? t : undefined;
};
const path = (root: unknown, ...keys: string[]) => keys.reduce<unknown>((n, k) => node(n)[k], root);

const TYPE_CODES = new Set(['380', '381', '384', '389', '751']);
const VAT_CATEGORIES = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']);
const PAYMENT_MEANS = new Set(['1', '10', '30', '31', '42', '48', '49', '57', '58', '59', '97', 'ZZZ']);
const UNITS = new Set(['C62', 'H87', 'DAY', 'HUR', 'XPP', 'LS', 'NAR']);
const CURRENCIES = new Set(['EUR', 'USD', 'GBP', 'CHF', 'IDR', 'THB', 'EGP', 'MVR', 'PHP', 'AUD']);
const COUNTRIES = new Set(countries.map((c) => c.cca2));
const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

export type TCii = {
  number: string;
  typeCode: string;
  lines: number;
  buyerName: string;
  grandTotal: string;
  breakdown: { category: string; rate: string; basis: string; tax: string }[];
};

/** Reads the terms the tests compare and lists every rule the document breaks. */
export function checkCii(xml: string, opts: { guideline?: string } = {}): { problems: string[]; cii: TCii } {
  const problems: string[] = [];
  const need = (ok: unknown, rule: string) => {
    if (!ok) problems.push(rule);
  };
  const doc = node(parser.parse(xml).CrossIndustryInvoice);
  const header = node(doc.ExchangedDocument);
  const trade = node(doc.SupplyChainTradeTransaction);
  const agreement = node(trade.ApplicableHeaderTradeAgreement);
  const settlement = node(trade.ApplicableHeaderTradeSettlement);
  const sums = node(settlement.SpecifiedTradeSettlementHeaderMonetarySummation);
  const amount = (v: unknown) => new D(text(v) ?? 'NaN');
  const money = (v: unknown) => /^-?\d+(\.\d{1,2})?$/.test(text(v) ?? '');

  // Mandatory business terms (BR-01..BR-16) and the German CIUS (BR-DE-*).
  need(
    text(path(doc, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID')) ===
      (opts.guideline ?? XRECHNUNG),
    'BR-01 BT-24 specification identifier',
  );
  need(text(header.ID), 'BR-02 BT-1 invoice number');
  need(/^\d{8}$/.test(text(path(header, 'IssueDateTime', 'DateTimeString')) ?? ''), 'BR-03 BT-2 issue date');
  const typeCode = text(header.TypeCode) ?? '';
  need(TYPE_CODES.has(typeCode), 'BR-04 BT-3 type code (UNTDID 1001)');
  const currency = text(settlement.InvoiceCurrencyCode) ?? '';
  need(CURRENCIES.has(currency), 'BR-05 BT-5 currency code (ISO 4217)');
  const seller = node(agreement.SellerTradeParty);
  const buyer = node(agreement.BuyerTradeParty);
  need(text(seller.Name), 'BR-06 BT-27 seller name');
  need(text(buyer.Name), 'BR-07 BT-44 buyer name');
  need(
    COUNTRIES.has(text(path(seller, 'PostalTradeAddress', 'CountryID')) ?? ''),
    'BR-09 BT-40 seller country',
  );
  need(
    COUNTRIES.has(text(path(buyer, 'PostalTradeAddress', 'CountryID')) ?? ''),
    'BR-11 BT-55 buyer country',
  );
  need(text(path(seller, 'PostalTradeAddress', 'CityName')), 'BR-DE-3 BT-37 seller city');
  need(text(path(seller, 'PostalTradeAddress', 'PostcodeCode')), 'BR-DE-4 BT-38 seller post code');
  need(text(path(seller, 'DefinedTradeContact', 'PersonName')), 'BR-DE-5 BT-41 seller contact');
  need(
    text(path(seller, 'DefinedTradeContact', 'TelephoneUniversalCommunication', 'CompleteNumber')),
    'BR-DE-6 BT-42',
  );
  need(text(path(seller, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID')), 'BR-DE-7 BT-43');
  need(text(path(seller, 'URIUniversalCommunication', 'URIID')), 'BR-DE-? BT-34 seller electronic address');
  need(text(path(buyer, 'URIUniversalCommunication', 'URIID')), 'BR-DE-? BT-49 buyer electronic address');
  need(text(agreement.BuyerReference), 'BR-DE-15 BT-10 buyer reference');
  need(
    list(seller.SpecifiedTaxRegistration).some((r) => text(r.ID)),
    'BR-DE-16 BT-31/BT-32 seller tax id',
  );
  const period = node(settlement.BillingSpecifiedPeriod);
  const start = text(path(period, 'StartDateTime', 'DateTimeString')) ?? '';
  const end = text(path(period, 'EndDateTime', 'DateTimeString')) ?? '';
  need(start && end && start <= end, 'BR-29 BT-73/BT-74 invoicing period');
  for (const field of ['LineTotalAmount', 'TaxBasisTotalAmount', 'GrandTotalAmount', 'DuePayableAmount'])
    need(money(sums[field]), `BR-12..BR-15 ${field}`);
  if (typeCode === '381')
    need(text(path(settlement, 'InvoiceReferencedDocument', 'IssuerAssignedID')), 'BT-25');

  // Payment instructions (BR-DE-1) and the account (BR-DE-23, BR-61).
  const means = list(settlement.SpecifiedTradeSettlementPaymentMeans);
  need(means.length > 0, 'BR-DE-1 BG-16 payment instructions');
  for (const m of means) {
    const code = text(m.TypeCode) ?? '';
    need(PAYMENT_MEANS.has(code), 'BT-81 payment means code (UNTDID 4461)');
    if (code === '58' || code === '30') {
      const iban = text(path(m, 'PayeePartyCreditorFinancialAccount', 'IBANID')) ?? '';
      need(isValidIban(iban), 'BR-DE-23 BR-61 BT-84 IBAN');
    }
  }
  need(text(path(settlement, 'SpecifiedTradePaymentTerms', 'Description')), 'BR-CO-25 BT-20 payment terms');

  // Lines (BG-25) and the per-category sums they make.
  const perCategory = new Map<string, InstanceType<typeof D>>();
  const add = (category: string, rate: string, v: InstanceType<typeof D>) => {
    const key = `${category}|${new D(rate).toFixed()}`;
    perCategory.set(key, (perCategory.get(key) ?? new D(0)).plus(v));
  };
  const items = list(trade.IncludedSupplyChainTradeLineItem);
  need(items.length > 0, 'BR-16 at least one line');
  let lineSum = new D(0);
  for (const item of items) {
    const id = text(path(item, 'AssociatedDocumentLineDocument', 'LineID'));
    need(id, 'BR-21 BT-126 line id');
    need(text(path(item, 'SpecifiedTradeProduct', 'Name')), `BR-25 BT-153 item name (line ${id})`);
    const qty = node(path(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity'));
    need(text(qty), `BR-22 BT-129 quantity (line ${id})`);
    need(UNITS.has(String(qty['@unitCode'])), `BR-23 BT-130 unit (UN/ECE Rec 20) (line ${id})`);
    const price = amount(
      path(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'),
    );
    need(price.isFinite() && !price.isNegative(), `BR-26/BR-27 BT-146 net price (line ${id})`);
    const net = path(item, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation');
    need(money(node(net).LineTotalAmount), `BR-24 BT-131 line net amount (line ${id})`);
    const tax = list(path(item, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax'))[0] ?? {};
    const category = text(tax.CategoryCode) ?? '';
    need(VAT_CATEGORIES.has(category), `BR-CO-4 BT-151 VAT category (line ${id})`);
    const lineNet = amount(node(net).LineTotalAmount);
    lineSum = lineSum.plus(lineNet);
    add(category, text(tax.RateApplicablePercent) ?? '0', lineNet);
  }

  // Document level allowances and charges (BG-20, BG-21).
  let allowances = new D(0);
  let charges = new D(0);
  for (const ac of list(settlement.SpecifiedTradeAllowanceCharge)) {
    const isCharge = text(path(ac, 'ChargeIndicator', 'Indicator')) === 'true';
    const value = amount(ac.ActualAmount);
    const tax = list(ac.CategoryTradeTax)[0] ?? {};
    need(text(ac.Reason) || text(ac.ReasonCode), 'BR-33/BR-38 allowance or charge reason');
    need(VAT_CATEGORIES.has(text(tax.CategoryCode) ?? ''), 'BR-32/BR-37 allowance or charge VAT category');
    if (isCharge) charges = charges.plus(value);
    else allowances = allowances.plus(value);
    add(text(tax.CategoryCode) ?? '', text(tax.RateApplicablePercent) ?? '0', isCharge ? value : value.neg());
  }

  // The sums BT-106..BT-115 (BR-CO-10..BR-CO-16).
  const eq = (a: InstanceType<typeof D>, b: InstanceType<typeof D>, rule: string) =>
    need(a.isFinite() && b.isFinite() && a.equals(b), `${rule} (${a.toFixed(2)} ≠ ${b.toFixed(2)})`);
  const bt106 = amount(sums.LineTotalAmount);
  const bt107 = sums.AllowanceTotalAmount === undefined ? new D(0) : amount(sums.AllowanceTotalAmount);
  const bt108 = sums.ChargeTotalAmount === undefined ? new D(0) : amount(sums.ChargeTotalAmount);
  const bt109 = amount(sums.TaxBasisTotalAmount);
  const bt110 = amount(sums.TaxTotalAmount);
  const bt112 = amount(sums.GrandTotalAmount);
  const bt113 = sums.TotalPrepaidAmount === undefined ? new D(0) : amount(sums.TotalPrepaidAmount);
  const bt114 = sums.RoundingAmount === undefined ? new D(0) : amount(sums.RoundingAmount);
  const bt115 = amount(sums.DuePayableAmount);
  eq(bt106, lineSum, 'BR-CO-10 BT-106 = Σ BT-131');
  eq(bt107, allowances, 'BR-CO-11 BT-107 = Σ BT-92');
  eq(bt108, charges, 'BR-CO-12 BT-108 = Σ BT-99');
  eq(bt109, bt106.minus(bt107).plus(bt108), 'BR-CO-13 BT-109 = BT-106 − BT-107 + BT-108');
  eq(bt112, bt109.plus(bt110), 'BR-CO-15 BT-112 = BT-109 + BT-110');
  eq(bt115, bt112.minus(bt113).plus(bt114), 'BR-CO-16 BT-115 = BT-112 − BT-113 + BT-114');

  // The VAT breakdown (BG-23): one per category and rate, its basis the lines' less allowances.
  const breakdown = list(settlement.ApplicableTradeTax).map((t) => ({
    category: text(t.CategoryCode) ?? '',
    rate: new D(text(t.RateApplicablePercent) ?? '0').toFixed(),
    basis: text(t.BasisAmount) ?? '',
    tax: text(t.CalculatedAmount) ?? '',
    reason: text(t.ExemptionReason) ?? text(t.ExemptionReasonCode),
  }));
  need(breakdown.length > 0, 'BR-CO-18 at least one VAT breakdown');
  const keys = breakdown.map((b) => `${b.category}|${b.rate}`);
  need(new Set(keys).size === keys.length, 'BR-CO-18 one VAT breakdown per category and rate');
  need(
    [...perCategory.keys()].every((k) => keys.includes(k)),
    'BR-S-1/BR-E-1 a breakdown per category used',
  );
  let taxSum = new D(0);
  for (const b of breakdown) {
    need(VAT_CATEGORIES.has(b.category), 'BR-CO-4 BT-118 VAT category code');
    const basis = new D(b.basis);
    const tax = new D(b.tax);
    taxSum = taxSum.plus(tax);
    eq(
      basis,
      perCategory.get(`${b.category}|${b.rate}`) ?? new D(0),
      `BR-S-8/BR-E-8 BT-116 (${b.category} ${b.rate} %)`,
    );
    // BR-CO-17 allows a difference of one currency unit (the Schematron's tolerance).
    const expected = basis.times(b.rate).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP);
    need(tax.minus(expected).abs().lte(1), `BR-CO-17 BT-117 (${b.category} ${b.rate} %)`);
    if (b.category === 'E') need(b.reason, 'BR-E-10 exemption reason');
    if (b.category === 'E') need(new D(b.rate).isZero() && tax.isZero(), 'BR-E-5/BR-E-9 exempt at 0');
    if (b.category === 'S') need(new D(b.rate).greaterThan(0), 'BR-S-5 standard rate above 0');
  }
  eq(bt110, taxSum, 'BR-CO-14 BT-110 = Σ BT-117');

  return {
    problems,
    cii: {
      number: text(header.ID) ?? '',
      typeCode,
      lines: items.length,
      buyerName: text(buyer.Name) ?? '',
      grandTotal: text(sums.GrandTotalAmount) ?? '',
      breakdown,
    },
  };
}
