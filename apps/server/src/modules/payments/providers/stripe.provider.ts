import { D } from '@atoll/domain/money';
import Stripe from 'stripe';
import {
  configOf,
  invalidSignature,
  notConfigured,
  secretsOf,
  type TPaymentProvider,
  type TProviderRow,
} from './payment-provider.ts';

// Stripe Checkout with the official library: a Checkout Session for the open amount (the only network
// call; `config.apiBase` points it elsewhere, e.g. at a local fake in the tests) and the webhook
// `checkout.session.completed`, verified with stripe.webhooks.constructEvent over the raw body.

/** Currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

export const toMinorUnits = (amount: string, currency: string) =>
  new D(amount)
    .times(ZERO_DECIMAL.has(currency) ? 1 : 100)
    .toDecimalPlaces(0)
    .toNumber();
export const fromMinorUnits = (units: number, currency: string) =>
  new D(units).div(ZERO_DECIMAL.has(currency) ? 1 : 100).toFixed(2);

function client(provider: TProviderRow) {
  const { apiKey } = secretsOf(provider);
  if (!apiKey) throw notConfigured('an API key');
  const base = configOf(provider).apiBase;
  const url = base ? new URL(base) : undefined;
  return new Stripe(apiKey, {
    maxNetworkRetries: 0,
    timeout: 15_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? 80 : 443),
          protocol: url.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

export const stripeProvider: TPaymentProvider = {
  type: 'stripe',
  async checkout({ provider, booking, successUrl, cancelUrl, language }) {
    const session = await client(provider).checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: booking.currency.toLowerCase(),
            unit_amount: toMinorUnits(booking.open, booking.currency),
            product_data: { name: booking.number },
          },
        },
      ],
      client_reference_id: String(booking.id),
      metadata: { bookingId: String(booking.id) },
      success_url: successUrl,
      cancel_url: cancelUrl,
      locale: language,
    });
    return { url: session.url ?? null, instructions: null };
  },

  notification(provider, rawBody, headers) {
    const { webhookSecret } = secretsOf(provider);
    if (!webhookSecret) throw notConfigured('a webhook secret');
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') throw invalidSignature();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch {
      throw invalidSignature();
    }
    if (event.type !== 'checkout.session.completed') return null;
    const session = event.data.object;
    if (session.payment_status !== 'paid' || session.amount_total === null || !session.currency) return null;
    const currency = session.currency.toUpperCase();
    return {
      bookingId: Number(session.metadata?.bookingId ?? session.client_reference_id),
      providerRef: session.id,
      amount: fromMinorUnits(session.amount_total, currency),
      currency,
    };
  },
};
