// The Xero plugin (docs/domain/xero.md) against a local server speaking Xero's contract (test/xero-fake.ts):
// the connection with write-only secrets, the OAuth 2.0 round trip, pushing invoices with contact, lines, tax
// rates and payments, credit notes for cancellation invoices, the status pulled back, voiding, the token
// refresh, and a failure of Xero that changes nothing here.
import { D } from '@atoll/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { FAKE, xeroFake } from '../../../test/xero-fake.ts';
import { payments, xeroConnections, xeroInvoices } from '../../db/schema.ts';

let w: TWorld;
let admin: string;
let staff: string;
let fake: Awaited<ReturnType<typeof xeroFake>>;
let connectionId: number;

const stay = async () =>
  ok(
    await w.t.post(
      '/api/bookings',
      staff,
      stayBody(await w.resortRoom(), { state: 'confirmed', customerId: w.guests.ben, language: 'de' }, [
        { customerId: w.guests.ben },
        { customerId: w.guests.ana },
      ]),
    ),
    201,
  ) as { id: number; bookingNo: string };

const invoiceOf = async (bookingId: number) => {
  ok(await w.t.post(`/api/bookings/${bookingId}/store`, staff, { template: 'invoice' }), 201);
  const list = ok(await w.t.get(`/api/invoices?bookingId=${bookingId}`, staff)) as {
    data: { id: number; number: string; net: string; tax: string; gross: string }[];
  };
  const invoice = list.data[0];
  if (!invoice) throw new Error('no invoice');
  return invoice;
};

const pay = (bookingId: number, amount: string, date = '2026-11-30') =>
  w.db
    .insert(payments)
    .values({
      bookingId,
      date,
      amount,
      currency: 'EUR',
      method: 'bank',
      status: 'final',
      reference: 'Überweisung',
    })
    .returning();

const links = async (invoiceId: number) =>
  w.db.select().from(xeroInvoices).where(eq(xeroInvoices.invoiceId, invoiceId));

beforeAll(async () => {
  fake = await xeroFake();
  w = await bookingWorld();
  ({ admin, staff } = w.tokens);
}, 120_000);
afterAll(async () => {
  await w?.t.close();
  await fake?.close();
});

describe('Xero connection', () => {
  it('answers no invoice call before a connection is authorised', async () => {
    const b = await stay();
    const invoice = await invoiceOf(b.id);
    expectError(
      await w.t.post(`/api/plugins/xero/invoice/${invoice.id}`, staff),
      409,
      'PROVIDER_NOT_CONFIGURED',
    );
    expectError(await w.t.get(`/api/plugins/xero/invoice/${invoice.id}`, staff), 404, 'NOT_FOUND');
    // The invoices screens learn that there is nothing to offer.
    expect(ok(await w.t.get(`/api/plugins/xero/invoices?ids=${invoice.id}`, staff))).toEqual({
      connected: false,
      invoices: [],
    });
  });

  it('keeps the secrets write-only and connects by OAuth 2.0', async () => {
    const created = ok(
      await w.t.post('/api/plugins/xero', admin, {
        name: 'Xero Buchhaltung',
        config: {
          clientId: FAKE.clientId,
          redirectUri: 'https://atoll.example/plugins',
          apiBase: fake.base,
          identityBase: fake.base,
          loginBase: fake.base,
        },
        secrets: { clientSecret: FAKE.clientSecret },
      }),
      201,
    ) as { id: number; secretsSet: { clientSecret: boolean }; tenantId: string | null };
    connectionId = created.id;
    expect(created.secretsSet.clientSecret).toBe(true);
    expect(created.tenantId).toBeNull();
    expect(JSON.stringify(created)).not.toContain(FAKE.clientSecret);
    // Administrators only.
    expectError(await w.t.get('/api/plugins/xero', staff), 403, 'FORBIDDEN');
    const list = ok(await w.t.get('/api/plugins/xero', admin)) as { data: unknown[] };
    expect(JSON.stringify(list)).not.toContain(FAKE.clientSecret);

    const consent = ok(await w.t.post(`/api/plugins/xero/${connectionId}/connect`, admin)) as { url: string };
    const url = new URL(consent.url);
    expect(url.origin + url.pathname).toBe(`${fake.base}/identity/connect/authorize`);
    expect(url.searchParams.get('client_id')).toBe(FAKE.clientId);
    expect(url.searchParams.get('scope')).toContain('offline_access');
    const state = url.searchParams.get('state') ?? '';
    expect(state.length).toBeGreaterThan(20);

    expectError(
      await w.t.post(`/api/plugins/xero/${connectionId}/callback`, admin, {
        code: FAKE.code,
        state: 'forged',
      }),
      400,
      'INVALID_TOKEN',
    );
    // A code Xero refuses: 502, still not connected.
    expectError(
      await w.t.post(`/api/plugins/xero/${connectionId}/callback`, admin, { code: 'wrong', state }),
      502,
      'PROVIDER_UNAVAILABLE',
    );
    const [still] = await w.db.select().from(xeroConnections).where(eq(xeroConnections.id, connectionId));
    expect(still?.tenantId).toBeNull();

    const connected = ok(
      await w.t.post(`/api/plugins/xero/${connectionId}/callback`, admin, { code: FAKE.code, state }),
    ) as { tenantId: string; tenantName: string; connectedAt: string };
    expect(connected).toMatchObject({ tenantId: FAKE.tenantId, tenantName: FAKE.tenantName });
    expect(JSON.stringify(connected)).not.toContain(fake.state.accessToken);
    // The state is used up.
    expectError(
      await w.t.post(`/api/plugins/xero/${connectionId}/callback`, admin, { code: FAKE.code, state }),
      400,
      'INVALID_TOKEN',
    );
  });
});

describe('Xero invoices', () => {
  it('pushes an invoice with its contact, lines, tax rates and payments, and pulls the status', async () => {
    const b = await stay();
    const invoice = await invoiceOf(b.id);
    await pay(b.id, '100.00');
    const pushed = ok(await w.t.post(`/api/plugins/xero/invoice/${invoice.id}`, staff), 201) as {
      xeroInvoiceId: string;
      status: string;
      amountPaid: string;
      amountDue: string;
      paymentsPushed: number;
    };
    expect(pushed).toMatchObject({ status: 'AUTHORISED', amountPaid: '100.00', paymentsPushed: 1 });
    expect(pushed.amountDue).toBe(new D(invoice.gross).minus(100).toFixed(2));

    const remote = fake.state.invoices.get(pushed.xeroInvoiceId);
    expect(remote?.invoiceNumber).toBe(invoice.number);
    expect(remote?.reference).toBe(b.bookingNo);
    expect(String(remote?.lineAmountTypes)).toBe('Exclusive');
    // The lines are the invoice's net and tax, exactly.
    expect(remote?.subTotal?.toFixed(2)).toBe(invoice.net);
    expect(remote?.totalTax?.toFixed(2)).toBe(invoice.tax);
    expect(remote?.total?.toFixed(2)).toBe(invoice.gross);
    // 7 % had no active rate in Xero (only a deleted one): it was created and used.
    const seven = fake.state.taxRates.find((t) => t.effectiveRate === 7 && String(t.status) === 'ACTIVE');
    expect(seven?.name).toBe('Atoll 7%');
    expect(new Set(remote?.lineItems?.map((l) => l.taxType))).toEqual(new Set([seven?.taxType]));
    const contact = fake.state.contacts.get(remote?.contact?.contactID ?? '');
    expect(contact?.name).toContain('Ben');
    expect(fake.state.payments.at(-1)).toMatchObject({ amount: 100, reference: 'Überweisung' });

    // Pushed already: POST is a conflict. A new payment goes with PUT, the status comes back.
    expectError(await w.t.post(`/api/plugins/xero/invoice/${invoice.id}`, staff), 409, 'CONFLICT');
    const rest = new D(invoice.gross).minus(100).toFixed(2);
    await pay(b.id, rest, '2026-12-01');
    const again = ok(await w.t.call('PUT', `/api/plugins/xero/invoice/${invoice.id}`, staff)) as {
      status: string;
      amountDue: string;
      paymentsPushed: number;
    };
    expect(again).toMatchObject({ status: 'PAID', amountDue: '0.00', paymentsPushed: 2 });
    expect(fake.state.invoices.size).toBe(1);

    // A second invoice of the same customer reuses the contact.
    const other = await invoiceOf((await stay()).id);
    ok(await w.t.post(`/api/plugins/xero/invoice/${other.id}`, staff), 201);
    expect(fake.state.contacts.size).toBe(1);

    // Agents and customers cannot push; staff without bookings.update neither.
    expectError(await w.t.post(`/api/plugins/xero/invoice/${other.id}`, w.tokens.customer), 403, 'FORBIDDEN');

    // The invoices screens' state: connected, and the pushed ones as last synced (without asking Xero).
    const unpushed = await invoiceOf((await stay()).id);
    const calls = fake.state.grants.length;
    const states = ok(
      await w.t.get(`/api/plugins/xero/invoices?ids=${invoice.id},${other.id},${unpushed.id}`, staff),
    ) as { connected: boolean; invoices: { invoiceId: number; status: string }[] };
    expect(states.connected).toBe(true);
    expect(states.invoices.map((i) => [i.invoiceId, i.status]).sort()).toEqual(
      [
        [invoice.id, 'PAID'],
        [other.id, 'AUTHORISED'],
      ].sort(),
    );
    expect(fake.state.grants.length).toBe(calls);
    expectError(await w.t.get('/api/plugins/xero/invoices?ids=1;2', staff), 400, 'ValidationError');
    expectError(
      await w.t.get(`/api/plugins/xero/invoices?ids=${invoice.id}`, w.tokens.customer),
      403,
      'FORBIDDEN',
    );
  });

  it('pulls a status changed in Xero and voids an invoice', async () => {
    const invoice = await invoiceOf((await stay()).id);
    const pushed = ok(await w.t.post(`/api/plugins/xero/invoice/${invoice.id}`, staff), 201) as {
      xeroInvoiceId: string;
    };
    const remote = fake.state.invoices.get(pushed.xeroInvoiceId);
    if (!remote) throw new Error('not in Xero');
    remote.status = 'SUBMITTED' as never;
    expect(ok(await w.t.get(`/api/plugins/xero/invoice/${invoice.id}`, staff))).toMatchObject({
      status: 'SUBMITTED',
    });
    remote.status = 'AUTHORISED' as never;
    expect(ok(await w.t.del(`/api/plugins/xero/invoice/${invoice.id}`, staff))).toMatchObject({
      status: 'VOIDED',
    });
    expect(String(remote.status)).toBe('VOIDED');
    expectError(await w.t.del(`/api/plugins/xero/invoice/${invoice.id}`, staff), 404, 'NOT_FOUND');
    // Pushed again after voiding: a new invoice in Xero.
    const anew = ok(await w.t.post(`/api/plugins/xero/invoice/${invoice.id}`, staff), 201) as {
      xeroInvoiceId: string;
    };
    expect(anew.xeroInvoiceId).not.toBe(pushed.xeroInvoiceId);
  });

  it('sends a cancellation invoice as a credit note', async () => {
    const invoice = await invoiceOf((await stay()).id);
    const cancel = ok(await w.t.post(`/api/invoices/${invoice.id}/cancel`, staff), 201) as { id: number };
    const pushed = ok(await w.t.post(`/api/plugins/xero/invoice/${cancel.id}`, staff), 201) as {
      xeroInvoiceId: string;
      xeroType: string;
      amountDue: string;
    };
    expect(pushed.xeroType).toBe('ACCRECCREDIT');
    expect(pushed.amountDue).toBe(invoice.gross);
    const note = fake.state.creditNotes.get(pushed.xeroInvoiceId);
    expect(note?.total?.toFixed(2)).toBe(invoice.gross);
    expect(note?.lineItems?.every((l) => (l.lineAmount ?? 0) > 0)).toBe(true);
  });

  it('leaves everything as it was when Xero fails, and a retry makes no second invoice', async () => {
    const invoice = await invoiceOf((await stay()).id);
    const before = fake.state.invoices.size;
    fake.state.failNext = { status: 500, body: { Title: 'An error occurred', Detail: 'Internal' } };
    const res = await w.t.post(`/api/plugins/xero/invoice/${invoice.id}`, staff);
    expectError(res, 502, 'PROVIDER_UNAVAILABLE');
    expect(res.json().description).toContain('500');
    expect(await links(invoice.id)).toEqual([]);
    // The invoice itself is as it was, and the screens still see it as not pushed.
    expect(ok(await w.t.get(`/api/invoices/${invoice.id}`, staff))).toEqual(invoice);
    expect(
      (ok(await w.t.get(`/api/plugins/xero/invoices?ids=${invoice.id}`, staff)) as { invoices: unknown[] })
        .invoices,
    ).toEqual([]);

    // Xero refuses the payment after the invoice was made: nothing stored; the retry reuses that invoice.
    const b2 = await stay();
    const second = await invoiceOf(b2.id);
    await pay(b2.id, new D(second.gross).plus(500).toFixed(2));
    const origCreate = fake.state.payments.length;
    // Tax rates, contact and invoice pass; the payment fails.
    fake.state.failNext = {
      status: 400,
      path: '/Payments',
      body: { Elements: [{ ValidationErrors: [{ Message: 'Account code 090 is not a bank account' }] }] },
    };
    const failed = await w.t.post(`/api/plugins/xero/invoice/${second.id}`, staff);
    expectError(failed, 502, 'PROVIDER_UNAVAILABLE');
    expect(failed.json().description).toContain('Account code 090 is not a bank account');
    expect(await links(second.id)).toEqual([]);
    expect(fake.state.invoices.size).toBe(before + 1);
    fake.state.failNext = null;
    const done = ok(await w.t.post(`/api/plugins/xero/invoice/${second.id}`, staff), 201) as {
      paymentsPushed: number;
      amountDue: string;
    };
    // Only the invoice's gross is paid in Xero, whatever more the booking received.
    expect(done).toMatchObject({ paymentsPushed: 1, amountDue: '0.00' });
    expect(fake.state.payments.length).toBe(origCreate + 1);
    expect(fake.state.invoices.size).toBe(before + 1);

    // Voiding an invoice with payments: Xero refuses, the link keeps its status.
    const void_ = await w.t.del(`/api/plugins/xero/invoice/${second.id}`, staff);
    expectError(void_, 502, 'PROVIDER_UNAVAILABLE');
    expect(void_.body).toContain('payments');
    expect((await links(second.id))[0]?.status).toBe('PAID');
  });

  it('refreshes an expired access token and stores the new one', async () => {
    await w.db
      .update(xeroConnections)
      .set({
        secrets: {
          clientSecret: FAKE.clientSecret,
          accessToken: fake.state.accessToken,
          refreshToken: fake.state.refreshToken,
          expiresAt: '2020-01-01T00:00:00.000Z',
        },
      })
      .where(eq(xeroConnections.id, connectionId));
    const invoice = await invoiceOf((await stay()).id);
    const grants = fake.state.grants.length;
    ok(await w.t.post(`/api/plugins/xero/invoice/${invoice.id}`, staff), 201);
    expect(fake.state.grants.slice(grants)).toEqual(['refresh_token']);
    const [row] = await w.db.select().from(xeroConnections).where(eq(xeroConnections.id, connectionId));
    expect((row?.secrets as { accessToken?: string } | undefined)?.accessToken).toBe(fake.state.accessToken);
  });
});
