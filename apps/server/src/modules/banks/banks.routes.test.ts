// Banks and bank entries (spec platform §7, docs/domain/payments.md) against the real database: scopes and the
// feature switch, bad input, the CSV import with duplicates and row errors, matching by booking number
// with auto-assignment that pays a booking in full, un-assigning, splitting an entry over a booking and a
// credit, Σ assigned ≤ amount, deleting entries, balance and cash flow, manual and temporary payments.

import { D } from '@atoll/domain/money';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { bankAccounts, bankEntries, creditEntries, payments } from '../../db/schema.ts';
import { issueInvoice } from '../documents/invoices.flow.ts';
import { recordPayment } from '../payments/payments.flow.ts';

let w: TWorld;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
/** banks.* and bankentries.* with bookings.read; bankentries.read only; banks.read only. */
let clerk: string;
let reader: string;
let bankReader: string;
let bankId: number;

const MAPPING = {
  delimiter: ';',
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
  hasHeader: true,
  columns: {
    date: 'Buchungstag',
    amount: 'Betrag',
    currency: 'Währung',
    counterparty: 'Name',
    reference: 'Verwendungszweck',
    externalId: 'Referenz',
  },
};
const HEADER = 'Buchungstag;Betrag;Währung;Name;Verwendungszweck;Referenz';

/** Multipart upload of a CSV file, with the mapping as a field when given. */
function upload(bank: number, csv: string, token = clerk, mapping?: unknown) {
  const boundary = '----atollbanktest';
  const parts = [
    ...(mapping === undefined
      ? []
      : [
          `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`,
        ]),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${boundary}--\r\n`,
  ];
  return w.t.app.inject({
    method: 'POST',
    url: `/api/banks/${bank}/import/csv`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: parts.join(''),
  });
}

const readBooking = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, staff));
const newBooking = async () =>
  ok(
    await w.t.post(
      '/api/bookings',
      staff,
      stayBody(await w.resortRoom(), { state: 'confirmed', termsId: w.terms.resort }),
    ),
    201,
  );
const entriesOf = async (bank: number, query = '') =>
  ok(await w.t.get(`/api/banks/${bank}/entries${query}`, clerk)) as {
    data: Record<string, unknown>[];
    total: number;
  };
const body = (res: LightMyRequestResponse) => res.json();

beforeAll(async () => {
  w = await bookingWorld();
  ({ admin, staff, agent, customer } = w.tokens);
  clerk = await w.t.account('clerk@banks.test', [
    'banks.read',
    'banks.create',
    'banks.update',
    'banks.delete',
    'bankentries.read',
    'bankentries.create',
    'bankentries.update',
    'bankentries.delete',
    'bookings.read',
    'customers.read',
    'agencies.read',
  ]);
  reader = await w.t.account('reader@banks.test', ['bankentries.read']);
  bankReader = await w.t.account('bankreader@banks.test', ['banks.read']);
  const created = ok(
    await w.t.post('/api/banks', clerk, {
      name: 'Testbank',
      currency: 'EUR',
      openingBalance: '1000.00',
      openingDate: '2041-01-01',
    }),
    201,
  );
  bankId = created.id;
});
afterAll(() => w?.t.close());

describe('authentication, scopes and the feature switch', () => {
  it('answers 401 without login', async () => {
    for (const url of [
      '/api/banks',
      `/api/banks/${bankId}/entries`,
      '/api/banks/cashflow',
      '/api/bankentries/manual',
    ])
      expectError(await w.t.get(url), 401, 'UNAUTHORIZED');
    expectError(
      await w.t.post('/api/bankentries/1/payments', undefined, { bookingId: 1, amount: '1' }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('refuses agents and customers everything (403)', async () => {
    for (const token of [agent, customer]) {
      expectError(await w.t.get('/api/banks', token), 403, 'FORBIDDEN');
      expectError(await w.t.get(`/api/banks/${bankId}/entries`, token), 403, 'FORBIDDEN');
      expectError(await w.t.get('/api/bankentries/temporary', token), 403, 'FORBIDDEN');
      expectError(await w.t.get('/api/banks/cashflow', token), 403, 'FORBIDDEN');
      expectError(await upload(bankId, HEADER, token), 403, 'FORBIDDEN');
      expectError(
        await w.t.post('/api/bankentries/1/payments', token, { bookingId: 1, amount: '1' }),
        403,
        'FORBIDDEN',
      );
    }
  });

  it('lets the demo staff work the statements but not keep the accounts', async () => {
    expect((await w.t.get(`/api/banks/${bankId}/entries`, staff)).statusCode).toBe(200);
    expectError(await w.t.post('/api/banks', staff, { name: 'Staff bank' }), 403, 'FORBIDDEN');
    expectError(await w.t.del(`/api/banks/${bankId}/entries?ids=1`, staff), 403, 'FORBIDDEN');
  });

  it('keeps reading and writing apart', async () => {
    expect((await w.t.get('/api/banks', bankReader)).statusCode).toBe(200);
    expectError(await w.t.get(`/api/banks/${bankId}/entries`, bankReader), 403, 'FORBIDDEN');
    expect((await w.t.get(`/api/banks/${bankId}/entries`, reader)).statusCode).toBe(200);
    expect((await w.t.get('/api/banks/balance?from=2041-01-01&to=2041-12-31', reader)).statusCode).toBe(200);
    expectError(await w.t.post('/api/banks', reader, { name: 'X' }), 403, 'FORBIDDEN');
    expectError(await upload(bankId, HEADER, reader), 403, 'FORBIDDEN');
    expectError(
      await w.t.post('/api/bankentries/1/payments', reader, { bookingId: 1, amount: '1' }),
      403,
      'FORBIDDEN',
    );
    expectError(await w.t.del(`/api/banks/${bankId}/entries?ids=1`, reader), 403, 'FORBIDDEN');
  });

  it('is not there when the bank switch is off (404 after the access check)', async () => {
    ok(await w.t.post('/api/settings/group/features', admin, { bank: false }));
    try {
      expectError(await w.t.get('/api/banks', clerk), 404, 'NOT_FOUND');
      expectError(await w.t.get('/api/bankentries/manual', clerk), 404, 'NOT_FOUND');
      expectError(await upload(bankId, HEADER, clerk, MAPPING), 404, 'NOT_FOUND');
      expectError(
        await w.t.post('/api/bankentries/1/payments', clerk, { bookingId: 1, amount: '1' }),
        404,
        'NOT_FOUND',
      );
      expectError(await w.t.get('/api/banks', agent), 403, 'FORBIDDEN');
    } finally {
      ok(await w.t.post('/api/settings/group/features', admin, { bank: true }));
    }
    expect((await w.t.get('/api/banks', clerk)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('answers an unknown path (a word for the bank) with 404', async () => {
    expectError(await w.t.get('/api/banks/abc/entries', clerk), 404, 'NOT_FOUND');
  });

  it.each([
    ['/api/banks/1/entries?status=open'],
    ['/api/banks/1/entries?from=2041-13-01'],
    ['/api/banks/balance?from=2041-01-01'],
    ['/api/banks/balance?from=2041-02-01&to=2041-01-01'],
    ['/api/banks/balance?from=2000-01-01&to=2041-01-01&groupBy=day'],
    ['/api/banks/balance?from=2041-01-01&to=2041-02-01&groupBy=hour'],
    ['/api/bankentries/manual?from=yesterday'],
  ])('refuses GET %s with 400', async (url) => {
    expectError(await w.t.get(url.replace('/1/', `/${bankId}/`), clerk), 400, 'ValidationError');
  });

  it('refuses bad banks, entries and assignments with 400', async () => {
    expectError(await w.t.post('/api/banks', clerk, { name: '' }), 400, 'ValidationError');
    expectError(await w.t.post('/api/banks', clerk, { name: 'X', iban: 'nope' }), 400, 'ValidationError');
    expectError(
      await w.t.post('/api/banks', clerk, { name: 'X', csvMapping: { columns: { date: 'd' } } }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/bankentries', clerk, { bankId, date: '2041-01-01', amount: 12.5 }),
      400,
      'ValidationError',
    );
    for (const amount of ['0', 'x1', '1e3'])
      expectError(
        await w.t.post('/api/bankentries', clerk, { bankId, date: '2041-01-01', amount }),
        400,
        'ValidationError',
      );
    for (const payload of [
      { bookingId: 1 },
      { bookingId: 1, amount: '-5' },
      { bookingId: 1, customerId: 1, amount: '5' },
      { amount: '5' },
      { bookingId: 1, amount: 'abc' },
    ])
      expectError(await w.t.post('/api/bankentries/1/payments', clerk, payload), 400, 'ValidationError');
    expectError(await w.t.del(`/api/banks/${bankId}/entries`, clerk), 400, 'ValidationError');
    expectError(await w.t.del(`/api/banks/${bankId}/entries?ids=1,x`, clerk), 400, 'ValidationError');
  });

  it('refuses a file with a bad row and imports nothing; a missing mapping or column is a 400 too', async () => {
    const csv = [
      HEADER,
      '02.01.2041;100,00;EUR;A;x;E-1',
      '31.02.2041;5,00;EUR;B;y;E-2',
      '03.01.2041;abc;EUR;C;z;E-3',
    ].join('\n');
    const res = await upload(bankId, csv, clerk, MAPPING);
    expectError(res, 400, 'ValidationError');
    expect(body(res).details.map((d: { path: string }) => d.path)).toEqual(['rows/3', 'rows/4']);
    expect((await entriesOf(bankId)).total).toBe(0);
    // Nothing was stored, the mapping neither.
    const [bank] = await w.db.select().from(bankAccounts).where(eq(bankAccounts.id, bankId));
    expect(bank?.csvMapping).toEqual({});
    expectError(await upload(bankId, `${HEADER}\n02.01.2041;1,00;EUR;A;x;E-1`), 400, 'ValidationError');
    const wrongColumns = { ...MAPPING, columns: { ...MAPPING.columns, date: 'Datum' } };
    expectError(
      await upload(bankId, `${HEADER}\n02.01.2041;1,00;EUR;A;x;E-1`, clerk, wrongColumns),
      400,
      'ValidationError',
    );
    expectError(await upload(999_999, HEADER, clerk, MAPPING), 404, 'NOT_FOUND');
  });

  it('has no Wise collection (ADR 0032)', async () => {
    expect((await w.t.post(`/api/banks/wise/collect/${bankId}`, clerk)).statusCode).toBe(404);
  });
});

describe('import, matching and assignment', () => {
  it('reads a Windows-1252 statement (Sparkasse, Volksbank) with its umlauts, as upload and as text/csv body', async () => {
    const sparkasse = ok(await w.t.post('/api/banks', clerk, { name: 'Sparkasse', currency: 'EUR' }), 201).id;
    const csv = [HEADER, '08.01.2041;-12,50;EUR;Bäckerei Müller;Brötchen für Größe;TX-W1252'].join('\r\n');
    const bytes = Buffer.from(csv, 'latin1');
    const boundary = '----atollbank1252';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n`),
      Buffer.from(JSON.stringify(MAPPING)),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await w.t.app.inject({
      method: 'POST',
      url: `/api/banks/${sparkasse}/import/csv`,
      headers: {
        authorization: `Bearer ${clerk}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(ok(uploaded)).toMatchObject({ imported: 1, errors: [] });
    const again = await w.t.app.inject({
      method: 'POST',
      url: `/api/banks/${sparkasse}/import/csv`,
      headers: { authorization: `Bearer ${clerk}`, 'content-type': 'text/csv' },
      payload: bytes,
    });
    // The same row read the same way: a duplicate, not a second entry with other letters.
    expect(ok(again)).toMatchObject({ imported: 0, duplicates: 1 });
    const all = (await entriesOf(sparkasse)).data as { counterparty: string; reference: string }[];
    expect(all.find((e) => e.counterparty === 'Bäckerei Müller')?.reference).toBe('Brötchen für Größe');
  });

  it('imports a statement: a duplicate is skipped, the booking number is matched and the booking paid', async () => {
    const b = await newBooking();
    expect(b.paymentStatus).toBe('not_paid');
    const open = b.openAmount as string;
    const money = (v: string) => v.replace('.', ',');
    const csv = [
      HEADER,
      `05.01.2041;${money(open)};EUR;Maria Sommer;Zahlung ${b.bookingNo.toLowerCase().replace('-', ' ')} danke;TX-1`,
      '06.01.2041;-250,00;EUR;Stadtwerke;Strom Januar;TX-2',
      '06.01.2041;-250,00;EUR;Stadtwerke;Strom Januar;TX-2',
      '07.01.2041;80,00;EUR;Unbekannt;ohne Nummer;',
      '07.01.2041;80,00;EUR;Unbekannt;ohne Nummer;',
    ].join('\n');
    const result = ok(await upload(bankId, csv, clerk, MAPPING));
    expect(result).toMatchObject({
      rows: 5,
      imported: 3,
      duplicates: 2,
      assigned: 1,
      suggested: 1,
      errors: [],
    });
    const paid = await readBooking(b.id);
    expect(paid).toMatchObject({ openAmount: '0.00', paymentStatus: 'paid' });
    const entries = await entriesOf(bankId, '?status=assigned');
    expect(entries.total).toBe(1);
    // Open: the incoming entry without a match (the outgoing one is only under all).
    expect((await entriesOf(bankId, '?status=unassigned')).total).toBe(1);
    expect((await entriesOf(bankId)).total).toBe(3);
    const entry = entries.data[0] as {
      id: number;
      assigned: string;
      open: string;
      suggestions: { bookingId: number; strength: string }[];
      assignments: { id: number; bookingId: number; number: string }[];
    };
    expect(entry).toMatchObject({ assigned: open, open: '0.00' });
    expect(entry.suggestions).toEqual([expect.objectContaining({ bookingId: b.id, strength: 'strong' })]);
    expect(entry.assignments).toEqual([expect.objectContaining({ bookingId: b.id, number: b.bookingNo })]);
    // The stored mapping serves the next import: the same file again is all duplicates.
    expect(ok(await upload(bankId, csv))).toMatchObject({ rows: 5, imported: 0, duplicates: 5, assigned: 0 });

    // Un-assign: the payment goes, the booking owes again, the entry is open again.
    const paymentId = entry.assignments[0]?.id;
    const after = ok(await w.t.del(`/api/bankentries/${entry.id}/payments/${paymentId}`, clerk));
    expect(after).toMatchObject({ assigned: '0.00', open, assignments: [] });
    expect(await readBooking(b.id)).toMatchObject({ openAmount: open, paymentStatus: 'not_paid' });
    expectError(await w.t.del(`/api/bankentries/${entry.id}/payments/${paymentId}`, clerk), 404, 'NOT_FOUND');

    // Assign by hand again; more than the entry is refused and changes nothing.
    expectError(
      await w.t.post(`/api/bankentries/${entry.id}/payments`, clerk, {
        bookingId: b.id,
        amount: new D(open).plus('0.01').toFixed(2),
      }),
      409,
      'BANK_ENTRY_OVERASSIGNED',
    );
    const again = ok(
      await w.t.post(`/api/bankentries/${entry.id}/payments`, clerk, { bookingId: b.id, amount: open }),
    );
    expect(again).toMatchObject({ open: '0.00' });
    expect(await readBooking(b.id)).toMatchObject({ openAmount: '0.00', paymentStatus: 'paid' });
    expectError(
      await w.t.post(`/api/bankentries/${entry.id}/payments`, clerk, { bookingId: b.id, amount: '0.01' }),
      409,
      'BANK_ENTRY_OVERASSIGNED',
    );

    // An entry with payments is not deleted, alone or with its import.
    expectError(await w.t.del(`/api/bankentries/${entry.id}`, clerk), 409, 'HAS_PAYMENTS');
    expectError(
      await w.t.del(`/api/banks/${bankId}/entries?importId=${result.importId}`, clerk),
      409,
      'HAS_PAYMENTS',
    );
    expect((await entriesOf(bankId)).total).toBe(3);
  });

  it('splits one entry over a booking and an agency credit, and leaves the rest unassigned', async () => {
    const b = await newBooking();
    const entry = ok(
      await w.t.post('/api/bankentries', clerk, {
        bankId,
        date: '2041-01-10',
        amount: '500.00',
        counterparty: 'Blue Reef',
        reference: 'Sammelzahlung',
      }),
      201,
    );
    expect(entry.currency).toBe('EUR');
    ok(await w.t.post(`/api/bankentries/${entry.id}/payments`, clerk, { bookingId: b.id, amount: '300.00' }));
    const split = ok(
      await w.t.post(`/api/bankentries/${entry.id}/payments`, clerk, {
        agencyId: w.agencyId,
        amount: '150.00',
      }),
    );
    expect(split).toMatchObject({ assigned: '450.00', open: '50.00' });
    expect(split.assignments.map((a: { kind: string }) => a.kind)).toEqual(['payment', 'credit']);
    const [credit] = await w.db.select().from(creditEntries).where(eq(creditEntries.bankEntryId, entry.id));
    expect(credit).toMatchObject({ agencyId: w.agencyId, amount: '150.00', currency: 'EUR' });
    expect(await readBooking(b.id)).toMatchObject({ paid: '300.00', paymentStatus: 'partial' });
    expectError(
      await w.t.post(`/api/bankentries/${entry.id}/payments`, clerk, {
        customerId: 999_999,
        amount: '10.00',
      }),
      404,
      'NOT_FOUND',
    );
    // Un-assigning the credit.
    const back = ok(await w.t.del(`/api/bankentries/${entry.id}/payments/${credit?.id}?kind=credit`, clerk));
    expect(back).toMatchObject({ assigned: '300.00' });
    // Outgoing entries are not assigned.
    const out = ok(
      await w.t.post('/api/bankentries', clerk, { bankId, date: '2041-01-10', amount: '-20.00' }),
      201,
    );
    expectError(
      await w.t.post(`/api/bankentries/${out.id}/payments`, clerk, { bookingId: b.id, amount: '20.00' }),
      409,
      'INVALID_STATE',
    );
  });

  it('confirms an expected (temporary) payment instead of adding a second one', async () => {
    const b = await newBooking();
    const { payment } = await w.db.transaction((tx) =>
      recordPayment(tx, null, {
        bookingId: b.id,
        date: '2041-01-03',
        amount: '120.00',
        method: 'provider',
        status: 'temporary',
      }),
    );
    const temporary = ok(await w.t.get('/api/bankentries/temporary', reader));
    expect(temporary.data.map((p: { id: number }) => p.id)).toContain(payment.id);
    const csv = `${HEADER}\n12.01.2041;120,00;EUR;Jemand;${b.bookingNo};TMP-1`;
    expect(ok(await upload(bankId, csv))).toMatchObject({ imported: 1, assigned: 1 });
    const rows = await w.db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: payment.id, status: 'final' });
    expect(rows[0]?.bankEntryId).not.toBeNull();
    const after = ok(await w.t.get('/api/bankentries/temporary', reader));
    expect(after.data.map((p: { id: number }) => p.id)).not.toContain(payment.id);
  });

  it('suggests by counterparty name and exact open amount (weak, never assigned)', async () => {
    const room = await w.resortRoom();
    const b = ok(
      await w.t.post(
        '/api/bookings',
        staff,
        stayBody(room, { state: 'confirmed', termsId: w.terms.resort }, [{ customerId: w.guests.ben }, {}]),
      ),
      201,
    );
    expect(b.customerId).toBe(w.guests.ben);
    const amount = String(b.openAmount).replace('.', ',');
    const csv = `${HEADER}\n13.01.2041;${amount};EUR;DIVER BEN;Urlaub Maerz;NAME-1`;
    const result = ok(await upload(bankId, csv));
    expect(result).toMatchObject({ imported: 1, suggested: 1, assigned: 0 });
    const entries = await entriesOf(bankId, '?search=NAME-1');
    expect(entries.data[0]?.suggestions).toEqual([
      expect.objectContaining({ bookingId: b.id, strength: 'weak', reason: 'name' }),
    ]);
    expect((await readBooking(b.id)).paymentStatus).toBe('not_paid');
  });

  it('leaves a strong match to staff when the importing user may not see the booking', async () => {
    const importer = await w.t.account('importer@banks.test', [
      'bankentries.create',
      'bankentries.read',
      'bankentries.update',
    ]);
    const b = await newBooking();
    const csv = `${HEADER}\n14.01.2041;${String(b.openAmount).replace('.', ',')};EUR;X;${b.bookingNo};BLIND-1`;
    expect(ok(await upload(bankId, csv, importer))).toMatchObject({ imported: 1, suggested: 1, assigned: 0 });
    expect((await readBooking(b.id)).paymentStatus).toBe('not_paid');
    const [entry] = (await entriesOf(bankId, '?search=BLIND-1')).data as { id: number }[];
    expectError(
      await w.t.post(`/api/bankentries/${entry?.id}/payments`, importer, { bookingId: b.id, amount: '1.00' }),
      404,
      'NOT_FOUND',
    );
    // Staff who see it assign it.
    ok(
      await w.t.post(`/api/bankentries/${entry?.id}/payments`, clerk, {
        bookingId: b.id,
        amount: b.openAmount,
      }),
    );
    expect((await readBooking(b.id)).paymentStatus).toBe('paid');
  });

  it('assigns an entry in another currency at the given rate, quoted either way', async () => {
    const usd = ok(await w.t.post('/api/banks', clerk, { name: 'Dollar account', currency: 'USD' }), 201);
    const b = await newBooking();
    const entry = ok(
      await w.t.post('/api/bankentries', clerk, { bankId: usd.id, date: '2041-01-15', amount: '100.00' }),
      201,
    );
    expect(entry.currency).toBe('USD');
    expectError(
      await w.t.post(`/api/bankentries/${entry.id}/payments?rate=abc`, clerk, {
        bookingId: b.id,
        amount: '100.00',
      }),
      400,
      'ValidationError',
    );
    // 1 EUR = 0.8 USD quoted inverse: the payment stores 1 USD = 1.25 EUR.
    ok(
      await w.t.post(`/api/bankentries/${entry.id}/payments?rate=0.8&rateType=inverse`, clerk, {
        bookingId: b.id,
        amount: '100.00',
      }),
    );
    const [payment] = await w.db.select().from(payments).where(eq(payments.bankEntryId, entry.id));
    expect(payment).toMatchObject({ currency: 'USD', amount: '100.00' });
    expect(new D(payment?.rate ?? '0').toFixed()).toBe('1.25');
    expect((await readBooking(b.id)).paid).toBe('125.00');
  });

  it('takes a text/csv body with the stored mapping', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/banks/${bankId}/import/csv`,
      headers: { authorization: `Bearer ${clerk}`, 'content-type': 'text/csv' },
      payload: `${HEADER}\n16.01.2041;7,00;EUR;X;plain body;PLAIN-1`,
    });
    expect(ok(res)).toMatchObject({ rows: 1, imported: 1 });
    expectError(
      await w.t.app.inject({
        method: 'POST',
        url: `/api/banks/${bankId}/import/csv`,
        headers: { authorization: `Bearer ${clerk}`, 'content-type': 'application/json' },
        payload: { csv: 'x' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('deletes the entries of an import that has nothing assigned', async () => {
    const csv = `${HEADER}\n20.01.2041;10,00;EUR;X;Y;DEL-1\n21.01.2041;-5,00;EUR;X;Y;DEL-2`;
    const result = ok(await upload(bankId, csv));
    expect(ok(await w.t.del(`/api/banks/${bankId}/entries?importId=${result.importId}`, clerk))).toEqual({
      deleted: 2,
    });
    expectError(
      await w.t.del(`/api/banks/${bankId}/entries?importId=${result.importId}`, clerk),
      404,
      'NOT_FOUND',
    );
  });
});

describe('balance, cash flow and payment lists', () => {
  it('answers the opening balance, in and out per month and the running balance', async () => {
    const bank = ok(
      await w.t.post('/api/banks', clerk, {
        name: 'Kasse 2',
        openingBalance: '100.00',
        openingDate: '2041-01-01',
      }),
      201,
    );
    for (const [date, amount] of [
      ['2041-01-05', '50.00'],
      ['2041-01-20', '-20.00'],
      ['2041-03-01', '10.50'],
    ] as const)
      ok(await w.t.post('/api/bankentries', clerk, { bankId: bank.id, date, amount }), 201);
    const balance = ok(
      await w.t.get(
        `/api/banks/balance?bankId=${bank.id}&from=2041-02-01&to=2041-03-31&groupBy=month`,
        reader,
      ),
    );
    expect(balance).toMatchObject({
      opening: '130.00',
      closing: '140.50',
      periods: [
        { period: '2041-02-01', in: '0.00', out: '0.00', balance: '130.00' },
        { period: '2041-03-01', in: '10.50', out: '0.00', net: '10.50', balance: '140.50' },
      ],
    });
    const weeks = ok(
      await w.t.get(
        `/api/banks/balance?bankId=${bank.id}&from=2041-01-01&to=2041-01-31&groupBy=week`,
        reader,
      ),
    );
    expect(weeks.opening).toBe('100.00');
    expect(weeks.periods[0].period).toBe('2040-12-31');
    expect(weeks.closing).toBe('130.00');
    const flow = ok(
      await w.t.get(`/api/banks/cashflow?bankId=${bank.id}&from=2041-01-01&to=2041-03-31`, reader),
    );
    expect(flow.periods.map((p: { in: string; out: string }) => `${p.in}/${p.out}`)).toEqual([
      '50.00/20.00',
      '0.00/0.00',
      '10.50/0.00',
    ]);
    expectError(
      await w.t.get('/api/banks/balance?bankId=999999&from=2041-01-01&to=2041-01-31', reader),
      404,
      'NOT_FOUND',
    );
    // An account with entries stays.
    expectError(await w.t.del(`/api/banks/${bank.id}`, clerk), 409, 'IN_USE');
  });

  it('lists manual payments (no bank entry) apart from bank ones', async () => {
    const b = await newBooking();
    await w.db.transaction((tx) =>
      recordPayment(tx, null, {
        bookingId: b.id,
        date: '2041-01-04',
        amount: '33.00',
        method: 'cash',
        reference: 'Kasse',
      }),
    );
    const manual = ok(await w.t.get('/api/bankentries/manual?method=cash', reader));
    expect(manual.data).toEqual([
      expect.objectContaining({ bookingId: b.id, amount: '33.00', method: 'cash', number: b.bookingNo }),
    ]);
    const none = ok(await w.t.get('/api/bankentries/manual?from=2041-02-01', reader));
    expect(none.data.filter((p: { bookingId: number }) => p.bookingId === b.id)).toEqual([]);
  });
});

/** A text in Windows-1252 bytes, as Deutsche Bank, Sparkasse and Volksbank write their files. */
const cp1252 = (text: string) => Buffer.from(text.replace(/€/g, '\x80'), 'latin1');
const postBytes = (bank: number, bytes: Buffer) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/banks/${bank}/import/csv`,
    headers: { authorization: `Bearer ${clerk}`, 'content-type': 'text/csv' },
    payload: bytes,
  });

/** Deutsche Bank's export: account lines, the column row, debit (Soll) and credit (Haben), a balance. */
const DEUTSCHE_BANK_MAPPING = {
  delimiter: ';',
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
  skipLines: 4,
  hasHeader: true,
  footerLines: 1,
  columns: {
    date: 'Buchungstag',
    debit: 'Soll',
    credit: 'Haben',
    currency: 'Währung',
    counterparty: 'Begünstigter / Auftraggeber',
    reference: 'Verwendungszweck',
  },
};
const deutscheBankFile = (rows: string[]) =>
  [
    'Umsätze Girokonto;Zeitraum: 01.03.2041 - 31.03.2041;',
    'Neuer Kontostand;12.345,67 €',
    '',
    'Vorgemerkte und noch nicht gebuchte Umsätze sind nicht Bestandteil dieser Übersicht.',
    'Buchungstag;Wert;Umsatzart;Begünstigter / Auftraggeber;Verwendungszweck;IBAN;BIC;Kundenreferenz;Mandatsreferenz ;Gläubiger ID;Fremde Gebühren;Betrag;Abweichender Empfänger;Anzahl der Aufträge;Anzahl der Schecks;Soll;Haben;Währung',
    ...rows,
    'Kontostand;31.03.2041;;;12.345,67;EUR',
    '',
  ].join('\r\n');
const dbRow = (day: string, who: string, text: string, debit: string, credit: string) =>
  `${day};${day};SEPA-Überweisung;${who};${text};DE02120300000000202051;BYLADEM1001;;;;;;;;;${debit};${credit};EUR`;

describe('statements as German banks write them', () => {
  it('imports a Deutsche Bank file in Windows-1252: header and balance lines skipped, debit negative, umlauts intact', async () => {
    const bank = ok(
      await w.t.post('/api/banks', clerk, { name: 'Deutsche Bank', csvMapping: DEUTSCHE_BANK_MAPPING }),
      201,
    ).id;
    const file = deutscheBankFile([
      dbRow('03.03.2041', 'Jürgen Größmann', 'Tauchkurs März', '', '1.234,56'),
      dbRow('04.03.2041', 'Stadtwerke Düsseldorf', 'Strom Februar', '-89,90', ''),
      dbRow('05.03.2041', 'Tankstelle Süd', 'Kompressoröl', '12,00', ''),
    ]);
    expect(ok(await postBytes(bank, cp1252(file)))).toMatchObject({ rows: 3, imported: 3, errors: [] });
    const entries = (await entriesOf(bank)).data as {
      amount: string;
      counterparty: string;
      reference: string;
    }[];
    const by = (who: string) => entries.find((e) => e.counterparty === who);
    expect(by('Jürgen Größmann')).toMatchObject({ amount: '1234.56', reference: 'Tauchkurs März' });
    expect(by('Stadtwerke Düsseldorf')?.amount).toBe('-89.90');
    expect(by('Tankstelle Süd')).toMatchObject({ amount: '-12.00', reference: 'Kompressoröl' });
    expect(entries).toHaveLength(3);
    // The same file in UTF-8 is the same three entries: all duplicates.
    expect(ok(await postBytes(bank, Buffer.from(file, 'utf8')))).toMatchObject({
      imported: 0,
      duplicates: 3,
    });
  });

  it('imports nothing from a file with one bad row, and names its line in the file', async () => {
    const bank = ok(
      await w.t.post('/api/banks', clerk, { name: 'Deutsche Bank 2', csvMapping: DEUTSCHE_BANK_MAPPING }),
      201,
    ).id;
    const file = deutscheBankFile([
      dbRow('03.03.2041', 'Jürgen Größmann', 'Tauchkurs', '', '100,00'),
      dbRow('04.03.2041', 'Doppelt', 'beides', '-10,00', '10,00'),
    ]);
    const res = await postBytes(bank, cp1252(file));
    expectError(res, 400, 'ValidationError');
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'rows/7' })]);
    const written = await w.db.select().from(bankEntries).where(eq(bankEntries.bankId, bank));
    expect(written).toEqual([]);
  });

  it('refuses a mapping without amount or both debit and credit with 400, and stores nothing', async () => {
    const bank = ok(await w.t.post('/api/banks', clerk, { name: 'Volksbank' }), 201).id;
    const bad = {
      ...DEUTSCHE_BANK_MAPPING,
      columns: { date: 'Buchungstag', credit: 'Haben' },
    };
    const res = await upload(bank, deutscheBankFile([]), clerk, bad);
    expectError(res, 400, 'ValidationError');
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'mapping/columns/debit' })]);
    expectError(await w.t.post(`/api/banks/${bank}`, clerk, { csvMapping: bad }), 400, 'ValidationError');
    expectError(
      await w.t.post(`/api/banks/${bank}`, clerk, {
        csvMapping: { ...DEUTSCHE_BANK_MAPPING, skipLines: 'vier' },
      }),
      400,
      'ValidationError',
    );
    const [row] = await w.db.select().from(bankAccounts).where(eq(bankAccounts.id, bank));
    expect(row?.csvMapping ?? {}).toEqual({});
  });

  it("matches a payment that quotes the invoice number (the invoice's payment QR) to the invoice's booking", async () => {
    const b = await newBooking();
    const invoice = await w.db.transaction((tx) => issueInvoice(tx, null, b.id));
    const bank = ok(
      await w.t.post('/api/banks', clerk, { name: 'Deutsche Bank 3', csvMapping: DEUTSCHE_BANK_MAPPING }),
      201,
    ).id;
    const open = (b.openAmount as string).replace('.', ',');
    const file = deutscheBankFile([
      dbRow('06.03.2041', 'Maria Sommer', `RE ${invoice.number.replace('-', '')} Überweisung`, '', open),
    ]);
    expect(ok(await postBytes(bank, cp1252(file)))).toMatchObject({ imported: 1, suggested: 1, assigned: 1 });
    const [entry] = (await entriesOf(bank)).data as {
      suggestions: { bookingId: number; reason: string; strength: string }[];
      assignments: { bookingId: number }[];
    }[];
    expect(entry?.suggestions).toEqual([
      expect.objectContaining({ bookingId: b.id, reason: 'invoice', strength: 'strong' }),
    ]);
    expect(entry?.assignments).toEqual([expect.objectContaining({ bookingId: b.id })]);
    expect(await readBooking(b.id)).toMatchObject({ openAmount: '0.00', paymentStatus: 'paid' });
  });
});

describe('a large statement', () => {
  it('imports 10,000 rows in one go (batched inserts), and skips all of them the second time', async () => {
    const bank = ok(await w.t.post('/api/banks', clerk, { name: 'Grossbank', csvMapping: MAPPING }), 201);
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i += 1) {
      const day = String((i % 28) + 1).padStart(2, '0');
      lines.push(
        `${day}.02.2041;${(i % 500) + 1},${String(i % 100).padStart(2, '0')};EUR;Gast ${i};Rechnung ${i};BIG-${i}`,
      );
    }
    const csv = lines.join('\n');
    const started = performance.now();
    expect(ok(await upload(bank.id, csv))).toMatchObject({ rows: 10_000, imported: 10_000, duplicates: 0 });
    const first = performance.now() - started;
    expect(ok(await upload(bank.id, csv))).toMatchObject({ imported: 0, duplicates: 10_000 });
    console.info(`bank import of 10,000 rows: ${Math.round(first)} ms`);
    expect((await entriesOf(bank.id, '?size=1')).total).toBe(10_000);
  }, 120_000);
});
