// E-invoices (docs/domain/e-invoices.md): XRechnung CII and UBL of an invoice, a cancellation invoice and an
// agency invoice checked against the EN 16931 rules the project can check (test/en16931-check.ts); the
// ZUGFeRD PDF read back with poppler (pdfdetach) and qpdf; who may download them.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { D } from '@atoll/domain/money';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { checkCii } from '../../../test/en16931-check.ts';
import { expectError } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { today } from '../../clock.ts';
import { agencies, bookings, customers, invoices, payments } from '../../db/schema.ts';
import { invoiceForMail } from './einvoice.flow.ts';

const run = promisify(execFile);
let w: TWorld;
let staff: string;

const stay = async (extra: Record<string, unknown> = {}) =>
  ok(
    await w.t.post(
      '/api/bookings',
      staff,
      stayBody(
        await w.resortRoom(),
        { state: 'confirmed', customerId: w.guests.ben, language: 'de', ...extra },
        [{ customerId: w.guests.ben }, { customerId: w.guests.ana }],
      ),
    ),
    201,
  ) as { id: number; bookingNo: string };
const invoiceOf = async (bookingId: number) => {
  ok(await w.t.post(`/api/bookings/${bookingId}/store`, staff, { template: 'invoice' }), 201);
  const list = ok(await w.t.get(`/api/invoices?bookingId=${bookingId}`, staff)) as {
    data: { id: number; number: string; gross: string }[];
  };
  const invoice = list.data[0];
  if (!invoice) throw new Error('no invoice');
  return invoice;
};
const xml = async (url: string, token = staff) => {
  const res = await w.t.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  return res.body;
};

/** The files attached to a PDF (pdfdetach) and qpdf's verdict on its structure. */
async function attachments(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'atoll-zugferd-'));
  try {
    const file = join(dir, 'invoice.pdf');
    await writeFile(file, pdf);
    const listed = (await run('pdfdetach', ['-list', file])).stdout;
    await run('pdfdetach', ['-saveall', '-o', dir, file]);
    const check = await run('qpdf', ['--check', file]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => `failed: ${e.stdout}`,
    );
    const facturX = await readFile(join(dir, 'factur-x.xml'), 'utf8').catch(() => '');
    return { listed, check, facturX };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  w = await bookingWorld();
  staff = w.tokens.staff;
  ok(
    await w.t.post('/api/settings/group/company', w.tokens.admin, {
      name: 'Atoll Tauchreisen',
      address: { street: 'Hafenstraße 5', zip: '20457', city: 'Hamburg', country: 'DE' },
      phone: '+49 40 123456',
      email: 'buero@atoll.example',
      bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', holder: 'Atoll Tauchreisen GmbH' },
      taxIds: { vatId: 'DE123456789', taxNumber: '27/123/45678', registry: 'Amtsgericht Hamburg HRB 4711' },
      legal: { name: 'Atoll Tauchreisen GmbH', directors: 'Jana Petersen' },
      vatExemption: {
        de: 'Steuerfreie Reiseleistung nach § 25 Abs. 2 UStG',
        en: 'Tax-exempt travel service',
      },
    }),
  );
  await w.db
    .update(customers)
    .set({
      email: 'ben@example.com',
      address: { street: 'Große Bleichen 7', zip: '20354', city: 'Hamburg', country: 'DE' },
    })
    .where(eq(customers.id, w.guests.ben));
}, 120_000);
afterAll(() => w?.t.close());

describe('XRechnung', () => {
  it('writes an invoice and its cancellation as EN 16931 CII and UBL', async () => {
    const b = await stay();
    const invoice = await invoiceOf(b.id);
    const cii = await xml(`/api/invoices/${invoice.id}/xrechnung`);
    const checked = checkCii(cii);
    expect(checked.problems).toEqual([]);
    expect(checked.cii).toMatchObject({ number: invoice.number, typeCode: '380', grandTotal: invoice.gross });
    expect(checked.cii.breakdown).toEqual([
      expect.objectContaining({ category: 'S', rate: '7', basis: '431.78', tax: '30.22' }),
    ]);
    expect(cii).toContain('Ben Diver');
    expect(cii).toContain('Große Bleichen 7');
    expect(cii).toContain('<ram:IBANID>DE89370400440532013000</ram:IBANID>');
    expect(cii).toContain(`<ram:BuyerReference>${b.bookingNo}</ram:BuyerReference>`);

    const ubl = await xml(`/api/invoices/${invoice.id}/xrechnung?syntax=ubl`);
    expect(ubl).toMatch(/<Invoice [^>]*xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">462.00</cbc:PayableAmount>');
    // The setting picks the syntax when the call names none.
    ok(await w.t.post('/api/settings/group/accounting', w.tokens.admin, { einvoiceSyntax: 'ubl' }));
    expect(await xml(`/api/invoices/${invoice.id}/xrechnung`)).toMatch(/<Invoice /);
    ok(await w.t.post('/api/settings/group/accounting', w.tokens.admin, { einvoiceSyntax: 'cii' }));

    const cancel = ok(await w.t.post(`/api/invoices/${invoice.id}/cancel`, staff), 201) as { id: number };
    const credit = checkCii(await xml(`/api/invoices/${cancel.id}/xrechnung`));
    expect(credit.problems).toEqual([]);
    expect(credit.cii).toMatchObject({ typeCode: '381', grandTotal: '462.00' });
    expect(await xml(`/api/invoices/${cancel.id}/xrechnung?syntax=ubl`)).toMatch(
      /<CreditNote [^>]*CreditNote-2"/,
    );
  });

  it('bills an agency invoice to the agency', async () => {
    await w.db.update(agencies).set({ email: 'office@deepblue.example' }).where(eq(agencies.id, w.agencyId));
    const b = await stay({ agencyId: w.agencyId });
    const [agency] = await w.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(agency?.agencyId).toBe(w.agencyId);
    const invoice = await invoiceOf(b.id);
    const checked = checkCii(await xml(`/api/invoices/${invoice.id}/xrechnung`));
    expect(checked.problems).toEqual([]);
    const [billed] = await w.db.select().from(agencies).where(eq(agencies.id, w.agencyId));
    expect(checked.cii.buyerName).toBe(billed?.name);
  });

  it('names the agency’s Leitweg-ID as buyer reference (BT-10), else the booking number', async () => {
    const b = await stay({ agencyId: w.agencyId });
    const invoice = await invoiceOf(b.id);
    const reference = async (syntax: string) =>
      (await xml(`/api/invoices/${invoice.id}/xrechnung?syntax=${syntax}`)).match(
        /<(?:ram|cbc):BuyerReference>([^<]*)</,
      )?.[1];
    expect(await reference('cii')).toBe(b.bookingNo);
    // A wrong check digit or shape is a 400 on the field; the record keeps what it had.
    for (const bad of ['04011000-1234512345-07', '991-12345-67', '1-2-3', 'DE-12345-06'])
      expectError(
        await w.t.post(`/api/agencies/${w.agencyId}`, w.tokens.admin, { leitwegId: bad }),
        400,
        'ValidationError',
      );
    const saved = ok(
      await w.t.post(`/api/agencies/${w.agencyId}`, w.tokens.admin, {
        leitwegId: ' 04011000-1234512345-06 ',
      }),
    ) as { leitwegId: string | null };
    expect(saved.leitwegId).toBe('04011000-1234512345-06');
    expect(await reference('cii')).toBe('04011000-1234512345-06');
    expect(await reference('ubl')).toBe('04011000-1234512345-06');
    expect(checkCii(await xml(`/api/invoices/${invoice.id}/xrechnung`)).problems).toEqual([]);
    // Letters in the fine address count in the check digits; an emptied field is none again.
    ok(await w.t.post(`/api/agencies/${w.agencyId}`, w.tokens.admin, { leitwegId: '991-abc12-49' }));
    expect(await reference('cii')).toBe('991-ABC12-49');
    ok(await w.t.post(`/api/agencies/${w.agencyId}`, w.tokens.admin, { leitwegId: '' }));
    expect(await reference('cii')).toBe(b.bookingNo);
  });

  it('answers 401, 404 for other agencies, 400 for a bad syntax', async () => {
    const foreign = await invoiceOf((await stay({ agencyId: w.agencyId })).id);
    expectError(await w.t.get(`/api/invoices/${foreign.id}/xrechnung`), 401, 'UNAUTHORIZED');
    expectError(await w.t.get(`/api/invoices/${foreign.id}/xrechnung`, w.tokens.agent), 404, 'NOT_FOUND');
    expectError(
      await w.t.get(`/api/invoices/${foreign.id}/pdf?format=zugferd`, w.tokens.agent),
      404,
      'NOT_FOUND',
    );
    expectError(
      await w.t.get(`/api/invoices/${foreign.id}/xrechnung?syntax=edi`, staff),
      400,
      'ValidationError',
    );
    expectError(await w.t.get(`/api/invoices/${foreign.id}/pdf?format=docx`, staff), 400, 'ValidationError');
    expectError(await w.t.get('/api/invoices/999999/xrechnung', staff), 404, 'NOT_FOUND');
  });
});

describe('ZUGFeRD', () => {
  it('attaches the CII as factur-x.xml to a PDF/A-3 that still reads as the invoice', async () => {
    const invoice = await invoiceOf((await stay()).id);
    const res = await w.t.get(`/api/invoices/${invoice.id}/pdf?format=zugferd`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = res.rawPayload;
    const found = await attachments(pdf);
    expect(found.listed).toContain('factur-x.xml');
    expect(found.check).toContain('No syntax or stream encoding errors found');
    expect(pdf.toString('latin1')).toContain('pdfaid:part');
    expect(await pdfText(pdf)).toContain(invoice.number);
    // The attachment is the XRechnung CII but for the profile it names (BT-24: EN 16931).
    const guideline = 'urn:cen.eu:en16931:2017';
    expect(checkCii(found.facturX, { guideline }).problems).toEqual([]);
    const xrechnung = await xml(`/api/invoices/${invoice.id}/xrechnung?syntax=cii`);
    expect(found.facturX).toBe(
      xrechnung.replace(
        `<ram:ID>${guideline}#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>`,
        `<ram:ID>${guideline}</ram:ID>`,
      ),
    );
  });
});

describe('the invoice mail', () => {
  it('attaches the ZUGFeRD PDF when the accounting settings say so', async () => {
    const issued = await invoiceOf((await stay()).id);
    const [row] = await w.db.select().from(invoices).where(eq(invoices.id, issued.id));
    if (!row) throw new Error('no invoice row');
    expect((await attachments((await invoiceForMail(w.db, row)).pdf)).listed).not.toContain('factur-x.xml');
    ok(await w.t.post('/api/settings/group/accounting', w.tokens.admin, { zugferdMail: true }));
    const mailed = await invoiceForMail(w.db, row);
    expect(mailed.fileName).toMatch(/ZUGFeRD\.pdf$/);
    expect((await attachments(mailed.pdf)).listed).toContain('factur-x.xml');
  });
});

describe('DATEV export', () => {
  it('writes the EXTF Buchungsstapel that reconciles with the period’s invoices and payments', async () => {
    const b = await stay();
    const invoice = await invoiceOf(b.id);
    ok(await w.t.post(`/api/invoices/${invoice.id}/cancel`, staff), 201);
    ok(
      await w.t.post('/api/settings/group/accounting', w.tokens.admin, {
        datevChart: 'SKR04',
        datevConsultant: 29098,
        datevClient: 55003,
        datevAccounts: { revenue: { '7': '4310' } },
      }),
    );
    const day = today();
    const res = await w.t.get(`/api/invoices/datev?from=${day}&to=${day}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = new TextDecoder('windows-1252').decode(res.rawPayload);
    const [header, columns, ...rows] = parse(text, {
      delimiter: ';',
      relax_column_count: true,
    }) as string[][];
    expect(header?.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '12']);
    expect(header?.slice(10, 16)).toEqual([
      '29098',
      '55003',
      `${day.slice(0, 4)}0101`,
      '4',
      day.replace(/-/g, ''),
      day.replace(/-/g, ''),
    ]);
    expect(header?.[26]).toBe('04');
    expect(columns?.slice(0, 3)).toEqual([
      'Umsatz (ohne Soll/Haben-Kz)',
      'Soll/Haben-Kennzeichen',
      'WKZ Umsatz',
    ]);
    expect(columns?.[7]).toBe('Gegenkonto (ohne BU-Schlüssel)');
    // Reconcile: per invoice, the signed lines to receivables (1200) equal its gross.
    const signed = (r: string[]) => new D((r[0] ?? '').replace(',', '.')).times(r[1] === 'H' ? -1 : 1);
    const dated = await w.db.select().from(invoices).where(eq(invoices.date, day));
    expect(dated.length).toBeGreaterThanOrEqual(2);
    for (const inv of dated) {
      const own = rows.filter((r) => r[10] === inv.number && r[6] === '1200');
      const sum = own.reduce((s, r) => s.plus(signed(r)), new D(0));
      expect(sum.toFixed(2), inv.number).toBe(new D(inv.gross).toFixed(2));
    }
    const mine = rows.filter((r) => r[10] === invoice.number);
    expect(mine).toEqual([
      [
        '462,00',
        'S',
        'EUR',
        '',
        '',
        '',
        '1200',
        '4310',
        '',
        `${day.slice(8)}${day.slice(5, 7)}`,
        invoice.number,
        '',
        '',
        'Ben Diver',
      ],
    ]);
    const paid = await w.db.select().from(payments).where(eq(payments.date, day));
    const paymentRows = rows.filter((r) => r[6] === '1800');
    expect(paymentRows.length).toBe(paid.filter((p) => p.status !== 'temporary' && p.bookingId).length);
    expect(rows.every((r) => /^\d+,\d{2}$/.test(r[0] ?? ''))).toBe(true);
  });

  it('answers 403 to agents, 400 for a period over two years', async () => {
    expectError(
      await w.t.get('/api/invoices/datev?from=2041-01-01&to=2041-01-31', w.tokens.agent),
      403,
      'FORBIDDEN',
    );
    expectError(
      await w.t.get('/api/invoices/datev?from=2041-12-01&to=2042-01-31', staff),
      400,
      'ValidationError',
    );
    expectError(await w.t.get('/api/invoices/datev?from=2041-02-01', staff), 400, 'ValidationError');
    expectError(await w.t.get('/api/invoices/datev?from=2041-01-01&to=2041-01-31'), 401, 'UNAUTHORIZED');
  });
});
