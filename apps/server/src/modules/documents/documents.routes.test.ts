// Booking documents and invoices: every document kind in both languages read back
// with pdftotext, invoices with gapless numbers (also under 20 parallel issues), the tax breakdown,
// cancellation and split invoices, the public link, the payment QR code, and agencies kept apart.

import { writeFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { createTestApp, expectError } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { bookings, customers, invoices, products, settings, taxes } from '../../db/schema.ts';

let w: TWorld;
let staff: string;
let agent: string;
const year = new Date().getFullYear();

type TBookingAnswer = { id: number; bookingNo: string | null; offerNo: string | null; total: string };

const create = async (body: unknown) =>
  ok(await w.t.post('/api/bookings', staff, body), 201) as TBookingAnswer;
/** A stay of two guests (Ben pays) in a fresh room, as said. */
const stay = async (extra: Record<string, unknown> = {}) =>
  create(
    stayBody(
      await w.resortRoom(),
      { state: 'confirmed', customerId: w.guests.ben, language: 'de', ...extra },
      [{ customerId: w.guests.ben }, { customerId: w.guests.ana }],
    ),
  );
const pdf = async (url: string, token = staff) => {
  const res = await w.t.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  return pdfText(res.rawPayload);
};
const issue = (id: number, token = staff) =>
  w.t.post(`/api/bookings/${id}/store`, token, { template: 'invoice' });

beforeAll(async () => {
  w = await bookingWorld();
  staff = w.tokens.staff;
  agent = w.tokens.agent;
  ok(
    await w.t.post('/api/settings/group/company', w.tokens.admin, {
      name: 'Atoll Tauchreisen GmbH',
      address: { street: 'Hafenstraße 5', zip: '20457', city: 'Hamburg', country: 'DE' },
      taxIds: { vatId: 'DE123456789', taxNumber: '27/123/45678', registry: 'Amtsgericht Hamburg HRB 4711' },
      legal: { name: 'Atoll Tauchreisen GmbH', directors: 'Jana Petersen' },
      vatExemption: {
        de: 'Steuerfreie Reiseleistung nach § 25 Abs. 2 UStG',
        en: 'Tax-exempt travel service under § 25 (2) UStG',
      },
    }),
  );
}, 120_000);
afterAll(() => w?.t.close());

describe('booking documents', () => {
  it('renders every kind in German and English with umlauts and €', async () => {
    await w.db
      .update(customers)
      .set({ address: { street: 'Große Bleichen 7', zip: '20354', city: 'Hamburg', country: 'DE' } })
      .where(eq(customers.id, w.guests.ben));
    const b = await stay();
    const expected = {
      offer: ['Angebot', 'Offer'],
      reservation: ['Reservierung', 'Reservation'],
      confirmation: ['Buchungsbestätigung', 'Booking confirmation'],
      voucher: ['Voucher', 'Voucher'],
      guestlist: ['Gästeliste', 'Guest list'],
    } as const;
    for (const [kind, [de, en]] of Object.entries(expected)) {
      const german = await pdf(`/api/bookings/${b.bookingNo}/download?kind=${kind}&language=de`);
      expect(german, kind).toContain(de);
      expect(german).toContain('Atoll Tauchreisen GmbH');
      expect(german).toContain('Hafenstraße 5');
      expect(german).toContain('Ben Diver');
      const english = await pdf(`/api/bookings/${b.bookingNo}/download?kind=${kind}&language=en`);
      expect(english, kind).toContain(en);
      if (kind === 'confirmation' || kind === 'offer') {
        // The customer's address, as on a letter.
        expect(german).toContain('Große Bleichen 7');
        expect(german).toContain('20354 Hamburg');
        // At home, no country line (the old line printed the code "DE").
        expect(german).not.toMatch(/20354 Hamburg\s+DE\b/);
        expect(german).toMatch(/462,00\s€/);
        expect(english).toContain('€462.00');
      }
      if (kind === 'voucher') expect(german).not.toContain('€');
    }
    // Abroad, the country's name in capitals in the document's language, as on a letter.
    await w.db
      .update(customers)
      .set({ address: { street: 'Marktgasse 6', zip: '3011', city: 'Bern', country: 'CH' } })
      .where(eq(customers.id, w.guests.ben));
    const abroad = await stay();
    expect(await pdf(`/api/bookings/${abroad.bookingNo}/download?language=de`)).toMatch(
      /3011 Bern\s+SCHWEIZ\s/,
    );
    expect(await pdf(`/api/bookings/${abroad.bookingNo}/download?language=en`)).toMatch(
      /3011 Bern\s+SWITZERLAND\s/,
    );
  });

  it('answers the document fitting the state, the voucher, and 404 for others’ or unknown bookings', async () => {
    const draft = await stay({ state: 'draft' });
    expect(await pdf(`/api/bookings/${draft.offerNo}/download`)).toContain('Angebot');
    const confirmed = await stay();
    expect(await pdf(`/api/bookings/${confirmed.id}/download`)).toContain('Buchungsbestätigung');
    expect(await pdf(`/api/bookings/${confirmed.bookingNo}/voucher`)).toContain('Voucher');
    expectError(await w.t.get(`/api/bookings/${confirmed.bookingNo}/download`), 401, 'UNAUTHORIZED');
    expectError(await w.t.get('/api/bookings/NOPE-1/download', staff), 404, 'NOT_FOUND');
    expectError(await w.t.get('/api/bookings/1%00/download', staff), 400, 'ValidationError');
    expectError(await w.t.get('/api/bookings/%00/voucher', staff), 400, 'ValidationError');
    expectError(
      await w.t.get(`/api/bookings/${confirmed.bookingNo}/download?kind=bill`, staff),
      400,
      'ValidationError',
    );
    // The force flag as the spec sends it (1 or 0), beside the kind under its own name.
    expect(await pdf(`/api/bookings/${confirmed.bookingNo}/download?force=1`)).toContain(
      'Buchungsbestätigung',
    );
    expect(await pdf(`/api/bookings/${confirmed.bookingNo}/download?force=0&kind=voucher`)).toContain(
      'Voucher',
    );
    expectError(
      await w.t.get(`/api/bookings/${confirmed.bookingNo}/download?force=voucher`, staff),
      400,
      'ValidationError',
    );
  });

  it('lists templates, renders one, several bookings at once and a report', async () => {
    const b = await stay();
    const other = await stay();
    const templates = ok(await w.t.get(`/api/bookings/${b.id}/templates`, staff)) as {
      id: number;
      kind: string;
    }[];
    expect(templates.map((t) => t.kind)).toEqual([
      'offer',
      'reservation',
      'confirmation',
      'invoice',
      'voucher',
      'guestlist',
    ]);
    const voucher = templates.find((t) => t.kind === 'voucher');
    expect(await pdf(`/api/bookings/${b.id}/templates/${voucher?.id}?language=en`)).toContain(
      'Please present this voucher',
    );
    const confirmation = templates.find((t) => t.kind === 'confirmation');
    const many = await w.t.post(`/api/bookings/templates/${confirmation?.id}`, staff, {
      bookingIds: [b.id, other.id],
      custom: { de: { intro: 'Ein eigener Einleitungstext für Sie.' } },
    });
    expect(many.statusCode, many.body).toBe(200);
    const text = await pdfText(many.rawPayload);
    expect(text).toContain(b.bookingNo ?? '');
    expect(text).toContain(other.bookingNo ?? '');
    expect(text.match(/Ein eigener Einleitungstext für Sie\./g)).toHaveLength(2);
    expectError(
      await w.t.post(`/api/bookings/templates/${confirmation?.id}`, staff, {
        bookingIds: [b.id],
        custom: { de: { intro: 'x' } },
        persist: true,
      }),
      403,
      'FORBIDDEN',
    );
    const report = await w.t.post(`/api/bookings/report/${confirmation?.id}`, staff, {
      bookingIds: [b.id, other.id],
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(await pdfText(report.rawPayload)).toContain(other.bookingNo ?? '');
  });

  it('keeps a stored document with the booking', async () => {
    const b = await stay();
    const stored = ok(await w.t.post(`/api/bookings/${b.id}/store`, staff, { template: 'voucher' }), 201) as {
      document: { id: number; kind: string };
    };
    expect(stored.document.kind).toBe('voucher');
    const list = ok(await w.t.get(`/api/bookings/${b.id}/documents`, staff)) as { id: number }[];
    expect(list.map((d) => d.id)).toEqual([stored.document.id]);
    expect(await pdf(`/api/bookings/${b.id}/documents/${stored.document.id}`)).toContain('Voucher');
    expectError(
      await w.t.post(`/api/bookings/${b.id}/store`, agent, { template: 'voucher' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await w.t.post(`/api/bookings/${b.id}/store`, staff, { template: 'letter' }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post(`/api/bookings/${b.id}/store`, staff, { template: 999_999 }),
      404,
      'NOT_FOUND',
    );
    expectError(await w.t.get(`/api/bookings/${b.id}/templates/999999`, staff), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/bookings/${b.id}/documents/999999`, staff), 404, 'NOT_FOUND');
  });

  it('makes a QR code with the booking link and an EPC payment QR code only with an IBAN', async () => {
    const b = await stay();
    const qr = await w.t.post(`/api/bookings/${b.id}/qrcode`, staff);
    expect(qr.statusCode).toBe(200);
    expect(qr.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The demo company has a bank account: without it (and no bank transfer provider) there is no QR code.
    await w.db.delete(settings).where(and(eq(settings.group, 'company'), eq(settings.key, 'bank')));
    expectError(await w.t.post(`/api/bookings/${b.id}/paymentqrcode`, staff), 400, 'PAYMENT_QR_NOT_POSSIBLE');
    ok(
      await w.t.post('/api/settings/group/company', w.tokens.admin, {
        bank: {
          name: 'Hamburger Sparkasse',
          iban: 'DE89 3704 0044 0532 0130 00',
          bic: 'COBADEFFXXX',
          holder: 'Atoll Tauchreisen GmbH',
        },
      }),
    );
    const epc = await w.t.post(`/api/bookings/${b.id}/paymentqrcode`, staff);
    expect(epc.statusCode, epc.body).toBe(200);
    expect(epc.headers['content-type']).toBe('image/png');
    const usd = await stay();
    await w.db.update(bookings).set({ currency: 'USD' }).where(eq(bookings.id, usd.id));
    expectError(
      await w.t.post(`/api/bookings/${usd.id}/paymentqrcode`, staff),
      400,
      'PAYMENT_QR_NOT_POSSIBLE',
    );
  });
});

/** The amounts of a printed money column, read back from `pdftotext -layout`: the last amount of each row. */
function printedAmounts(text: string, lang: 'de' | 'en', from: string, to: string) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.includes(from));
  const end = lines.findIndex((l, i) => i > start && l.trimStart().startsWith(to));
  const amount = lang === 'de' ? /(-?[\d.]+,\d{2})\s€\s*$/ : /(-?)€([\d,]+\.\d{2})\s*$/;
  return lines.slice(start + 1, end).flatMap((l) => {
    const m = amount.exec(l);
    if (!m) return [];
    return [
      lang === 'de'
        ? (m[1] ?? '').replaceAll('.', '').replace(',', '.')
        : `${m[1]}${(m[2] ?? '').replaceAll(',', '')}`,
    ];
  });
}
const cents = (amounts: string[]) => amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0);

describe('what a document prints adds up', () => {
  it('lists options apart, says an on-site charge once, and the lines above the total add up to it', async () => {
    const b = await stay();
    ok(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, {
        type: 'option',
        text: 'Nitrox',
        amount: '5',
        price: '24',
      }),
    );
    ok(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, {
        type: 'cost',
        text: 'Park fee',
        amount: '2',
        price: '15',
        customerType: 'OnSite',
      }),
    );
    const booking = ok(await w.t.get(`/api/bookings/${b.id}`, staff)) as { total: string };
    expect(booking.total).toBe('492.00');
    for (const [lang, words] of [
      [
        'de',
        {
          head: 'Beschreibung',
          total: 'Gesamtbetrag',
          optional: 'Optional, nicht im Gesamtbetrag enthalten',
          onSite: 'vor Ort zu zahlen',
        },
      ],
      [
        'en',
        {
          head: 'Description',
          total: 'Total',
          optional: 'Optional, not included in the total',
          onSite: 'payable on site',
        },
      ],
    ] as const) {
      const text = await pdf(`/api/bookings/${b.bookingNo}/download?kind=confirmation&language=${lang}`);
      const charged = printedAmounts(text, lang, words.head, words.total);
      expect(charged.length, text).toBeGreaterThanOrEqual(2);
      expect(cents(charged), text).toBe(49_200);
      expect(text.indexOf(words.optional), text).toBeGreaterThan(text.indexOf(words.total));
      expect(text.indexOf('Nitrox')).toBeGreaterThan(text.indexOf(words.optional));
      expect(text).toContain(`Park fee (${words.onSite})`);
      expect(text).not.toContain(`(${words.onSite}) (`);
    }

    ok(await issue(b.id), 201);
    const [invoice] = (
      ok(await w.t.get(`/api/invoices?bookingId=${b.id}`, staff)) as { data: { id: number }[] }
    ).data;
    const bill = await pdf(`/api/invoices/${invoice?.id}/pdf`);
    expect(bill).toContain('Davon vor Ort zu zahlen: 30,00 €');
    expect(bill).not.toContain('Nitrox');
    const cancel = ok(await w.t.post(`/api/invoices/${invoice?.id}/cancel`, staff), 201) as { id: number };
    const reversal = await pdf(`/api/invoices/${cancel.id}/pdf`);
    expect(reversal).toContain('Eine Zahlung ist nicht zu leisten.');
    expect(reversal).not.toContain('überweisen');
  });

  it('tells the agency’s deposit and rest from what the guest pays directly', async () => {
    const b = await stay({ agencyId: w.agencyId });
    ok(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, {
        type: 'cost',
        text: 'Boat transfer',
        amount: '2',
        price: '40',
        customerType: 'Direct',
      }),
    );
    const { calculation } = ok(await w.t.get(`/api/bookings/${b.id}`, staff)) as {
      calculation: { type: string; customerType: string }[];
    };
    const terms = calculation.filter((l) => l.type === 'deposit' || l.type === 'rest');
    expect(terms.filter((l) => l.customerType === 'Direct').length, JSON.stringify(terms)).toBeGreaterThan(0);
    for (const [lang, word, direct] of [
      ['de', 'Anzahlung', 'direkt'],
      ['en', 'Deposit', 'direct'],
    ] as const) {
      const text = await pdf(`/api/bookings/${b.bookingNo}/download?kind=confirmation&language=${lang}`);
      const printed = text.split('\n').filter((l) => l.includes(word));
      // One row per terms line, and the guest's own ones say so: no two rows read the same.
      expect(new Set(printed).size, text).toBe(printed.length);
      expect(text).toContain(`(${direct}),`);
    }
  });
});

describe('invoices', () => {
  type TInvoice = {
    id: number;
    number: string;
    kind: string;
    gross: string;
    net: string;
    tax: string;
    cancelsId: number | null;
    cancelledById: number | null;
    taxBreakdown: { rate: string; net: string; tax: string; gross: string }[];
    lines: { total: string }[];
  };
  const invoicesOf = async (bookingId: number, token = staff) =>
    (ok(await w.t.get(`/api/invoices?bookingId=${bookingId}`, token)) as { data: TInvoice[] }).data;

  it('issues an invoice with the tax breakdown, refuses a second, cancels it and issues again', async () => {
    const b = await stay();
    expect(ok(await issue(b.id), 201).invoiceId).toBeGreaterThan(0);
    const [invoice] = await invoicesOf(b.id);
    expect(invoice).toMatchObject({ kind: 'invoice', gross: '462.00', net: '431.78', tax: '30.22' });
    expect(invoice?.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(invoice?.taxBreakdown).toEqual([{ rate: '7', net: '431.78', tax: '30.22', gross: '462.00' }]);
    const text = await pdf(`/api/invoices/${invoice?.id}/pdf`);
    if (process.env.ATOLL_PDF_PREVIEW) {
      const raw = (await w.t.get(`/api/invoices/${invoice?.id}/pdf`, staff)).rawPayload;
      writeFileSync(process.env.ATOLL_PDF_PREVIEW, raw);
      const conf = (await w.t.get(`/api/bookings/${b.id}/download?kind=confirmation`, staff)).rawPayload;
      writeFileSync(`${process.env.ATOLL_PDF_PREVIEW}.confirmation.pdf`, conf);
    }
    for (const part of [
      invoice?.number ?? '',
      'Rechnung',
      'Leistungszeitraum',
      '29.03.2041 – 02.04.2041',
      'DE123456789',
      'Umsatzsteuer',
      '7 % USt.',
      '431,78 €',
      '30,22 €',
      '462,00 €',
      'Hafenstraße',
    ])
      expect(text, part).toContain(part);

    expectError(await issue(b.id), 409, 'CONFLICT');
    const cancel = ok(await w.t.post(`/api/invoices/${invoice?.id}/cancel`, staff), 201) as TInvoice;
    expect(cancel).toMatchObject({
      kind: 'cancellation',
      cancelsId: invoice?.id,
      gross: '-462.00',
      tax: '-30.22',
    });
    expect(Number(cancel.number.slice(5))).toBe(Number(invoice?.number.slice(5)) + 1);
    expect(await pdf(`/api/invoices/${cancel.id}/pdf`)).toContain('Stornorechnung');
    expectError(await w.t.post(`/api/invoices/${invoice?.id}/cancel`, staff), 409, 'INVALID_STATE');
    expectError(await w.t.post(`/api/invoices/${cancel.id}/cancel`, staff), 409, 'INVALID_STATE');
    // The original stays as it was.
    const [again] = await w.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoice?.id ?? 0));
    expect(again?.gross).toBe('462.00');
    ok(await issue(b.id), 201);
    const all = await invoicesOf(b.id);
    expect(all.map((i) => i.kind).sort()).toEqual(['cancellation', 'invoice', 'invoice']);
    expect(all.find((i) => i.id === invoice?.id)?.cancelledById).toBe(cancel.id);
    // The service period is frozen with the invoice: later date changes of the booking do not reach it.
    await w.db.update(bookings).set({ from: '2041-03-30', to: '2041-04-03' }).where(eq(bookings.id, b.id));
    expect(await pdf(`/api/invoices/${invoice?.id}/pdf`)).toContain('29.03.2041 – 02.04.2041');
  });

  it('dates and numbers by one clock: at 23:30 UTC on New Year’s Eve Berlin is in 2027 already', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T23:30:00Z') });
    const saved = staff;
    try {
      staff = (await w.t.demoTokens()).staff;
      const b = await stay();
      expect(b.bookingNo).toMatch(/^B27-/);
      ok(await issue(b.id), 201);
      const [invoice] = (await invoicesOf(b.id)) as (TInvoice & { date: string })[];
      expect(invoice?.date).toBe('2027-01-01');
      expect(invoice?.number).toMatch(/^2027-\d{6}$/);
    } finally {
      vi.useRealTimers();
      staff = saved;
    }
  });

  it('taxes each line as configured: a product by its own tax, the stay by its price; 0 % says why', async () => {
    const [vat19, exempt] = await w.db
      .insert(taxes)
      .values([
        { name: 'VAT 19 %', value: '19', inclusive: true, status: 'confirmed' },
        { name: 'Exempt', value: '0', inclusive: true, status: 'confirmed' },
      ])
      .returning({ id: taxes.id });
    const product = async (name: string, taxId: number | undefined) =>
      (
        ok(
          await w.t.post('/api/product', w.tokens.admin, {
            name,
            chargingBase: 'PerBooking',
            price: '119.00',
          }),
          201,
        ) as {
          id: number;
        }
      ).id && (await w.db.update(products).set({ taxId }).where(eq(products.name, name)).returning())[0]?.id;
    const course = await product('Nitrox course', vat19?.id);
    const park = await product('Marine park fee', exempt?.id);
    const b = await stay();
    ok(await w.t.post(`/api/bookings/${b.id}/product/${course}`, staff, {}));
    const after = ok(await w.t.post(`/api/bookings/${b.id}/product/${park}`, staff, {})) as { total: string };
    expect(after.total).toBe('700.00');
    ok(await issue(b.id), 201);
    const [invoice] = await invoicesOf(b.id);
    expect(invoice?.taxBreakdown).toEqual([
      { rate: '19', net: '100.00', tax: '19.00', gross: '119.00' },
      { rate: '7', net: '431.78', tax: '30.22', gross: '462.00' },
      { rate: '0', net: '119.00', tax: '0.00', gross: '119.00' },
    ]);
    expect(invoice).toMatchObject({ gross: '700.00', tax: '49.22', net: '650.78' });
    const de = await pdf(`/api/invoices/${invoice?.id}/pdf`);
    for (const part of [
      '19 % USt.',
      '7 % USt.',
      '0 % USt.',
      'Leistungen zu 0 %: Steuerfreie Reiseleistung nach § 25 Abs. 2 UStG',
      'Atoll Tauchreisen GmbH, Geschäftsführung: Jana Petersen, Register Amtsgericht Hamburg HRB 4711',
    ])
      expect(de, part).toContain(part);
    expect(de).not.toContain('ohne USt.');
    await w.db
      .update(invoices)
      .set({ language: 'en' })
      .where(eq(invoices.id, invoice?.id ?? 0));
    const en = await pdf(`/api/invoices/${invoice?.id}/pdf`);
    for (const part of [
      '19 % VAT',
      'Services at 0 %: Tax-exempt travel service under § 25 (2) UStG',
      'Managing directors: Jana Petersen',
    ])
      expect(en, part).toContain(part);
    // Without a reason on record the invoice still says that no VAT is charged on the 0 % services.
    ok(await w.t.post('/api/settings/group/company', w.tokens.admin, { vatExemption: {} }));
    expect(await pdf(`/api/invoices/${invoice?.id}/pdf`)).toContain(
      'No VAT is charged on the services at 0 %.',
    );
    ok(
      await w.t.post('/api/settings/group/company', w.tokens.admin, {
        vatExemption: { de: 'Steuerfreie Reiseleistung nach § 25 Abs. 2 UStG', en: 'Tax-exempt' },
      }),
    );
  });

  it('cancelling a booking reverses its invoice; its cancellation fee is billed by a new one', async () => {
    const b = await stay();
    ok(await issue(b.id), 201);
    const cancelled = await w.t.post(`/api/bookings/${b.id}/cancell`, staff, {
      useTerms: false,
      percent: '30',
      value: '0',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The cancel itself reversed the invoice, in its own transaction.
    const issued = await invoicesOf(b.id);
    const first = issued.find((i) => i.kind === 'invoice');
    const reversal = issued.find((i) => i.kind === 'cancellation');
    expect(reversal).toMatchObject({ kind: 'cancellation', gross: '-462.00' });
    expect(first?.cancelledById).toBe(reversal?.id);
    expectError(await w.t.post(`/api/invoices/${first?.id}/cancel`, staff), 409, 'INVALID_STATE');
    ok(await issue(b.id), 201);
    const fee = (await invoicesOf(b.id)).find((i) => i.kind === 'invoice' && i.cancelledById === null);
    expect(fee?.gross).toBe('138.60');
  });

  it('refuses drafts and bookings with nothing to bill', async () => {
    const draft = await stay({ state: 'draft' });
    expectError(await issue(draft.id), 409, 'INVALID_STATE');
    expectError(await issue(draft.id, agent), 403, 'FORBIDDEN');
    expectError(await w.t.post(`/api/bookings/${draft.id}/store`), 401, 'UNAUTHORIZED');
    expect(await invoicesOf(draft.id)).toEqual([]);
  });

  it('splits the billable amount over the agency and the guest, and by guests', async () => {
    const b = await stay({ agencyId: w.agencyId });
    const parts = ok(
      await w.t.post(`/api/bookings/${b.id}/splitInvoice`, staff, {
        data: {
          parts: [
            { share: '70', agencyId: w.agencyId },
            { share: '30', customerId: w.guests.ben },
          ],
        },
      }),
      201,
    ) as (TInvoice & { recipient: { name: string } })[];
    expect(parts.map((p) => p.recipient.name)).toEqual(['Deep Blue Agency', 'Ben Diver']);
    expect(parts.map((p) => p.gross)).toEqual(['323.40', '138.60']);
    expectError(
      await w.t.post(`/api/bookings/${b.id}/splitInvoice`, staff, { data: { byGuests: true } }),
      409,
      'CONFLICT',
    );
    const other = await stay();
    const byGuests = ok(
      await w.t.post(`/api/bookings/${other.id}/splitInvoice`, staff, { data: { byGuests: true } }),
      201,
    ) as TInvoice[];
    expect(byGuests.map((p) => p.gross)).toEqual(['231.00', '231.00']);
    expectError(
      await w.t.post(`/api/bookings/${other.id}/splitInvoice`, staff, {
        data: {
          parts: [
            { share: '70', name: 'A' },
            { share: '20', name: 'B' },
          ],
        },
      }),
      400,
      'ValidationError',
    );
  });

  it('numbers 20 parallel issues without gaps', async () => {
    const many = await Promise.all(Array.from({ length: 20 }, () => stay()));
    const answers = await Promise.all(many.map((b) => issue(b.id)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const rows = await w.db.select({ year: invoices.year, seq: invoices.seq }).from(invoices);
    const seqs = rows
      .filter((r) => r.year === year)
      .map((r) => r.seq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  }, 120_000);

  it('answers the public link only with the right token, without login', async () => {
    const b = await stay();
    expectError(await w.t.post(`/api/bookings/${b.id}/invoice/public`, staff), 404, 'NOT_FOUND');
    ok(await issue(b.id), 201);
    const link = ok(await w.t.post(`/api/bookings/${b.id}/invoice/public`, staff, { level: 'club' })) as {
      url: string;
      token: string;
    };
    expect(link.url).toBe(`http://atoll.test/club/invoice/${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const view = ok(await w.t.get(`/api/invoices/public/${link.token}`)) as {
      gross: string;
      open: string;
      payable: boolean;
    };
    expect(view).toMatchObject({ gross: '462.00', open: '462.00', payable: true });
    expect(await pdf(`/api/invoices/public/${link.token}/pdf`, '')).toContain('Rechnung');
    const wrong = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    expectError(await w.t.get(`/api/invoices/public/${wrong}`), 404, 'NOT_FOUND');
    expectError(await w.t.get('/api/invoices/public/short'), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/invoices/public/${wrong}/pdf`), 404, 'NOT_FOUND');
  });

  it('keeps agencies apart: another agency’s documents and invoices answer 404', async () => {
    // The demo agent belongs to the demo agency; this booking is Deep Blue's.
    const foreign = await stay({ agencyId: w.agencyId });
    const [own] = await w.db
      .update(bookings)
      .set({ agencyId: w.ownAgency })
      .where(eq(bookings.id, (await stay()).id))
      .returning();
    ok(await issue(foreign.id), 201);
    ok(await issue(own?.id ?? 0), 201);
    const [foreignInvoice] = await invoicesOf(foreign.id);
    expectError(await w.t.get(`/api/bookings/${foreign.bookingNo}/download`, agent), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/bookings/${foreign.bookingNo}/voucher`, agent), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/bookings/${foreign.id}/templates`, agent), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/invoices/${foreignInvoice?.id}`, agent), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/invoices/${foreignInvoice?.id}/pdf`, agent), 404, 'NOT_FOUND');
    expectError(await w.t.post(`/api/bookings/${foreign.id}/invoice/public`, agent), 404, 'NOT_FOUND');
    expectError(await w.t.post(`/api/bookings/${foreign.id}/paymentqrcode`, agent), 404, 'NOT_FOUND');
    const seen = (ok(await w.t.get('/api/invoices?size=500', agent)) as { data: { bookingId: number }[] })
      .data;
    expect(seen.map((i) => i.bookingId)).toEqual([own?.id]);
    expect(await pdf(`/api/bookings/${own?.id}/download`, agent)).toContain('Buchungsbestätigung');
    // The customer record of the demo customer has no bookings here: an empty list.
    expect((ok(await w.t.get('/api/invoices', w.tokens.customer)) as { data: unknown[] }).data).toEqual([]);
    expectError(await w.t.get('/api/invoices'), 401, 'UNAUTHORIZED');
  });
});

describe('public invoice rate limit', () => {
  it('answers 429 after 60 tries a minute from one address', async () => {
    const t = await createTestApp({ seed: false, config: { authRateLimit: 1 } });
    try {
      const token = 'x'.repeat(32);
      for (let i = 0; i < 60; i++)
        expect((await t.get(`/api/invoices/public/${token}`)).statusCode).toBe(404);
      expectError(await t.get(`/api/invoices/public/${token}`), 429, 'TOO_MANY_REQUESTS');
    } finally {
      await t.close();
    }
  });
});
