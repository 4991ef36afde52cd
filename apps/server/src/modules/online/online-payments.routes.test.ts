// Payment providers and paying online: secrets never answered, Stripe Checkout against a local fake of
// the Stripe API, the webhook verified with the library's own test signatures (a replay, also ten at
// once, makes exactly one payment; a bad signature writes nothing), bank transfer instructions, and
// the public result pages that show a guest only their own booking.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/harness.ts';
import { ok, paymentsWorld } from '../../../test/payments-test-world.ts';
import { payments } from '../../db/schema.ts';

let w: Awaited<ReturnType<typeof paymentsWorld>>;
let admin: string;
let staff: string;
let fake: Server;
let fakeBase: string;
const sessionRequests: URLSearchParams[] = [];
let stripeId: number;
let bankId: number;
const SECRETS = { apiKey: 'sk_test_never_shown_123', webhookSecret: 'whsec_never_shown_456' };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const body = new URLSearchParams(await readBody(req));
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      sessionRequests.push(body);
      const id = `cs_test_${sessionRequests.length}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  w = await paymentsWorld();
  ({ admin, staff } = w.tokens);
});
afterAll(async () => {
  await w?.t.close();
  await new Promise((resolve) => fake?.close(resolve));
});

const paymentsOf = async (bookingId: number) => {
  const [row] = await w.db.select({ n: count() }).from(payments).where(eq(payments.bookingId, bookingId));
  return row?.n ?? 0;
};

function completedEvent(bookingId: number, sessionId: string, cents = 100_000) {
  return JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: cents,
        currency: 'eur',
        client_reference_id: String(bookingId),
        metadata: { bookingId: String(bookingId) },
      },
    },
  });
}

const notify = (bookingId: number, payload: string, secret = SECRETS.webhookSecret, provider = stripeId) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/payments/notify/booking/${bookingId}/${provider}`,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });

describe('payment providers', () => {
  it('keeps secrets write-only: no answer carries them, not even to the administrator', async () => {
    const created = ok(
      await w.t.post('/api/payprovider', admin, {
        name: 'Stripe',
        type: 'stripe',
        config: { apiBase: fakeBase, currencies: ['EUR'] },
        secrets: SECRETS,
      }),
      201,
    );
    stripeId = created.id;
    expect(created.secretsSet).toEqual({ apiKey: true, webhookSecret: true });
    const bank = ok(
      await w.t.post('/api/payprovider', admin, {
        name: 'Bank transfer',
        type: 'bank_transfer',
        config: { accountHolder: 'Atoll Dive GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
      }),
      201,
    );
    bankId = bank.id;
    const answers = [
      created,
      ok(await w.t.get('/api/payprovider', admin)),
      ok(await w.t.get(`/api/payprovider/${stripeId}`, admin)),
      ok(await w.t.post(`/api/payprovider/${stripeId}`, admin, { name: 'Stripe Checkout' })),
      ok(await w.t.post(`/api/payprovider/${stripeId}/copy`, admin), 201),
      (await w.t.get('/api/payprovider/listCSV', admin)).body,
    ];
    for (const answer of answers) {
      const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
      expect(text).not.toContain(SECRETS.apiKey);
      expect(text).not.toContain(SECRETS.webhookSecret);
      expect(text).not.toMatch(/linkKey|"secrets"/);
    }
    // An update without secrets keeps them; null clears one.
    const cleared = ok(
      await w.t.post(`/api/payprovider/${answers[4].id}`, admin, { secrets: { apiKey: null } }),
    );
    expect(cleared.secretsSet).toEqual({ apiKey: false, webhookSecret: true });
    expect(ok(await w.t.get(`/api/payprovider/${stripeId}`, admin)).secretsSet.apiKey).toBe(true);
    expectError(
      await w.t.post('/api/payprovider', admin, { name: 'X', type: 'paypal' }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/payprovider', admin, { name: 'X', type: 'stripe', secrets: { password: 'x' } }),
      400,
      'ValidationError',
    );
    expectError(await w.t.get('/api/payprovider', staff), 403, 'FORBIDDEN');
    expectError(await w.t.get('/api/payprovider'), 401, 'UNAUTHORIZED');
  });
});

describe('Stripe Checkout', () => {
  let bookingId: number;
  let token: string;

  it('creates a Checkout Session for the open amount (the local fake of the Stripe API)', async () => {
    bookingId = await w.booking();
    expectError(
      await w.t.post(`/api/book/${bookingId}/checkout`, undefined, { providerId: stripeId }),
      404,
      'NOT_FOUND',
    );
    const answer = ok(
      await w.t.post(`/api/book/${bookingId}/checkout`, staff, { providerId: stripeId, language: 'en' }),
    );
    expect(answer).toMatchObject({ type: 'stripe', amount: '1000.00', currency: 'EUR', instructions: null });
    expect(answer.url).toBe(`https://checkout.stripe.test/cs_test_${sessionRequests.length}`);
    const sent = sessionRequests.at(-1);
    expect(sent?.get('line_items[0][price_data][unit_amount]')).toBe('100000');
    expect(sent?.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(sent?.get('metadata[bookingId]')).toBe(String(bookingId));
    const success = new URL(sent?.get('success_url') ?? '');
    expect(success.pathname).toBe('/payment/success');
    expect(success.searchParams.get('session_id')).toBe('{CHECKOUT_SESSION_ID}');
    token = success.searchParams.get('token') ?? '';
    expect(token).toMatch(/^\d+\./);
    // The guest's token opens the checkout without login, for this booking only.
    ok(await w.t.post(`/api/book/${bookingId}/checkout`, undefined, { providerId: stripeId, token }));
    const other = await w.booking();
    expectError(
      await w.t.post(`/api/book/${other}/checkout`, undefined, { providerId: stripeId, token }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a bad signature with 400 and writes nothing', async () => {
    const payload = completedEvent(bookingId, 'cs_bad');
    expectError(await notify(bookingId, payload, 'whsec_wrong'), 400, 'INVALID_SIGNATURE');
    const tampered = await w.t.app.inject({
      method: 'POST',
      url: `/api/payments/notify/booking/${bookingId}/${stripeId}`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: SECRETS.webhookSecret,
        }),
      },
      payload: payload.replace('100000', '1'),
    });
    expectError(tampered, 400, 'INVALID_SIGNATURE');
    expectError(
      await w.t.app.inject({
        method: 'POST',
        url: `/api/payments/notify/booking/${bookingId}/${stripeId}`,
        headers: { 'content-type': 'application/json' },
        payload,
      }),
      400,
      'INVALID_SIGNATURE',
    );
    // Only JSON is taken, as Stripe sends it.
    const form = await w.t.app.inject({
      method: 'POST',
      url: `/api/payments/notify/booking/${bookingId}/${stripeId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    expect(await paymentsOf(bookingId)).toBe(0);
  });

  it('records checkout.session.completed once, however often it is replayed', async () => {
    const payload = completedEvent(bookingId, 'cs_test_paid');
    const ids = new Set<number>();
    for (let i = 0; i < 10; i++) ids.add(ok(await notify(bookingId, payload)).paymentId);
    expect(ids.size).toBe(1);
    expect(await paymentsOf(bookingId)).toBe(1);
    const [payment] = await w.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment).toMatchObject({
      method: 'provider',
      status: 'temporary',
      providerId: stripeId,
      providerRef: 'cs_test_paid',
      amount: '1000.00',
    });
    expect(await w.bookingRow(bookingId)).toMatchObject({ paymentStatus: 'paid', openAmount: '0.00' });
  });

  it('ten deliveries at once make exactly one payment', async () => {
    const id = await w.booking();
    const payload = completedEvent(id, 'cs_test_parallel');
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(id, payload)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.json().paymentId)).size).toBe(1);
    expect(await paymentsOf(id)).toBe(1);
  });

  it('takes the booking from the event on the fixed endpoint (booking 0)', async () => {
    const id = await w.booking();
    const res = ok(await notify(0, completedEvent(id, 'cs_test_fixed_endpoint', 30_000)));
    const [payment] = await w.db.select().from(payments).where(eq(payments.id, res.paymentId));
    expect(payment).toMatchObject({ bookingId: id, amount: '300.00', status: 'temporary' });
    expect(ok(await notify(0, completedEvent(id, 'cs_test_fixed_endpoint', 30_000))).paymentId).toBe(
      res.paymentId,
    );
    expect(await paymentsOf(id)).toBe(1);
  });

  it('ignores other events and refuses an event for another booking', async () => {
    const payload = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'payment_intent.created',
      data: { object: {} },
    });
    expect(ok(await notify(bookingId, payload))).toEqual({ received: true, paymentId: null });
    const other = await w.booking();
    expectError(await notify(other, completedEvent(bookingId, 'cs_elsewhere')), 400, 'ValidationError');
    expect(await paymentsOf(other)).toBe(0);
  });

  it('shows the guest the result with the token or the session id, never another booking', async () => {
    const bySession = ok(
      await w.t.post(`/api/book/${bookingId}/payment/success`, undefined, { sessionId: 'cs_test_paid' }),
    );
    expect(bySession).toEqual({
      bookingNo: expect.stringMatching(/^PAY-/),
      currency: 'EUR',
      status: 'paid',
      paid: '1000.00',
      open: '0.00',
      received: true,
    });
    const byToken = ok(await w.t.post(`/api/book/${bookingId}/payment/aborted`, undefined, { token }));
    expect(byToken).toMatchObject({ status: 'paid', received: false });
    const other = await w.booking();
    expectError(
      await w.t.post(`/api/book/${other}/payment/success`, undefined, { sessionId: 'cs_test_paid' }),
      404,
      'NOT_FOUND',
    );
    expectError(await w.t.post(`/api/book/${other}/payment/aborted`, undefined, { token }), 404, 'NOT_FOUND');
    expectError(
      await w.t.post(`/api/book/${other}/payment/aborted`, undefined, { token: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await w.t.post(`/api/book/${other}/payment/aborted`, undefined, {}), 400, 'ValidationError');
  });

  it('answers 502 when Stripe cannot be reached, 409 when nothing is open', async () => {
    const id = await w.booking();
    const down = ok(
      await w.t.post('/api/payprovider', admin, {
        name: 'Stripe down',
        type: 'stripe',
        config: { apiBase: 'http://127.0.0.1:9' },
        secrets: SECRETS,
      }),
      201,
    );
    expectError(
      await w.t.post(`/api/book/${id}/checkout`, staff, { providerId: down.id }),
      502,
      'PROVIDER_UNAVAILABLE',
    );
    expectError(
      await w.t.post(`/api/book/${bookingId}/checkout`, staff, { providerId: stripeId }),
      409,
      'INVALID_STATE',
    );
  });
});

describe('bank transfer', () => {
  it('answers the transfer instructions with the booking number as reference', async () => {
    const id = await w.booking();
    const answer = ok(await w.t.post(`/api/book/${id}/checkout`, staff, { providerId: bankId }));
    expect(answer).toMatchObject({
      type: 'bank_transfer',
      url: null,
      amount: '1000.00',
      instructions: { iban: 'DE02120300000000202051', accountHolder: 'Atoll Dive GmbH' },
    });
    expect(answer.instructions.reference).toMatch(/^PAY-/);
  });
});

describe('the portals’ pay now', () => {
  it('shows the customer its booking’s open amount and providers, and lets it pay with its session', async () => {
    const own = await w.booking({ due: '450.00' });
    const other = await w.booking({ customerId: null });
    expectError(await w.t.get(`/api/book/${own}/payOptions`), 401, 'UNAUTHORIZED');
    const answer = ok(await w.t.get(`/api/book/${own}/payOptions`, w.tokens.customer));
    expect(answer).toMatchObject({ open: '450.00', currency: 'EUR' });
    expect(answer.bookingNo).toMatch(/^PAY-/);
    const ids = answer.providers.map((p: { id: number }) => p.id);
    expect(ids).toContain(bankId);
    expect(ids).toContain(stripeId);
    // Another's booking is not there for the customer, nor the customer's for an agent.
    expectError(await w.t.get(`/api/book/${other}/payOptions`, w.tokens.customer), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/book/${own}/payOptions`, w.tokens.agent), 404, 'NOT_FOUND');
    const paid = ok(await w.t.post(`/api/book/${own}/checkout`, w.tokens.customer, { providerId: bankId }));
    expect(paid).toMatchObject({ type: 'bank_transfer', amount: '450.00' });
    expect(paid.instructions.reference).toBe(answer.bookingNo);
    expectError(
      await w.t.post(`/api/book/${other}/checkout`, w.tokens.customer, { providerId: bankId }),
      404,
      'NOT_FOUND',
    );
  });
});
