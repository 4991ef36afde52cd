// The EN 16931 mapping without a database: a special (a negative line) becomes an allowance of its VAT
// category, 0 % lines are exempt (E) with the company's reason, totals and breakdown stay consistent.

import { type TInvoiceLine, taxBreakdown } from '@atoll/domain/documents';
import { describe, expect, it } from 'vitest';
import { checkCii } from '../../../test/en16931-check.ts';
import type { TInvoiceRow } from './documents.repository.ts';
import { type TEinvoiceContext, toEn16931, xrechnungXml } from './einvoice.ts';

const lines: TInvoiceLine[] = [
  {
    text: 'Doppelzimmer · 7 Nächte',
    amount: '7',
    price: '120.00',
    total: '840.00',
    taxRate: '7',
    inclusive: true,
  },
  {
    text: 'Tauchpaket 10 Tauchgänge',
    amount: '2',
    price: '399.00',
    total: '798.00',
    taxRate: '19',
    inclusive: true,
  },
  { text: 'Frühbucher −10 %', amount: '1', price: '-84.00', total: '-84.00', taxRate: '7', inclusive: true },
  { text: 'Bootstransfer Malé', amount: '2', price: '55.50', total: '111.00', taxRate: '0', inclusive: true },
];
const totals = taxBreakdown(lines);
const row = {
  id: 1,
  bookingId: 1,
  number: '2041-000007',
  year: 2041,
  seq: 7,
  kind: 'invoice',
  date: '2041-03-01',
  cancelsId: null,
  currency: 'EUR',
  language: 'de',
  recipient: { name: 'Jörg Müller', address: { street: 'Weg 2', zip: '50667', city: 'Köln', country: 'DE' } },
  lines,
  net: totals.net,
  tax: totals.tax,
  gross: totals.gross,
  taxBreakdown: totals.breakdown,
} as unknown as TInvoiceRow;
const context: TEinvoiceContext = {
  company: {
    name: 'Atoll',
    address: { street: 'Hafenstraße 5', zip: '20457', city: 'Hamburg', country: 'DE' },
    phone: '+49 40 1',
    email: 'buero@atoll.example',
    bank: {},
    taxIds: { vatId: 'DE123456789' },
    legal: { name: 'Atoll GmbH' },
    vatExemption: { de: 'Steuerfreie Reiseleistung nach § 25 Abs. 2 UStG' },
  },
  payee: { name: 'Atoll GmbH', iban: 'DE89370400440532013000' },
  bookingNo: 'B41-00007',
  period: { from: '2041-03-10', to: '2041-03-17' },
  cancels: null,
  buyerEmail: 'joerg@example.com',
};

describe('EN 16931 mapping', () => {
  it('turns a special into an allowance and a 0 % line into an exempt one', async () => {
    const xml = await xrechnungXml(toEn16931(row, context), 'cii');
    const { problems, cii } = checkCii(xml);
    expect(problems).toEqual([]);
    expect(cii.lines).toBe(3);
    expect(cii.grandTotal).toBe(totals.gross);
    expect(xml).toContain('<ram:Reason>Frühbucher −10 %</ram:Reason>');
    expect(xml).toContain(
      '<ram:ExemptionReason>Steuerfreie Reiseleistung nach § 25 Abs. 2 UStG</ram:ExemptionReason>',
    );
    expect(cii.breakdown.map((b) => `${b.category} ${b.rate} ${b.basis} ${b.tax}`)).toEqual(
      totals.breakdown.map((b) => `${b.rate === '0' ? 'E' : 'S'} ${b.rate} ${b.net} ${b.tax}`),
    );
  });

  it('refuses an invoice whose totals disagree with its lines', async () => {
    expect(() => toEn16931({ ...row, gross: '1.00' } as TInvoiceRow, context)).toThrow(/disagree/);
  });

  it('finds broken sums', async () => {
    const xml = await xrechnungXml(toEn16931(row, context), 'cii');
    const broken = xml.replace(/<ram:GrandTotalAmount>[^<]+</, '<ram:GrandTotalAmount>1.00<');
    expect(checkCii(broken).problems.join()).toContain('BR-CO-15');
  });
});
