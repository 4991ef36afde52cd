import {
  ZCheckout,
  ZCheckoutAnswer,
  ZPaymentResult,
  ZPaymentResultQuery,
  ZPayOptions,
} from '@atoll/domain/payments/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../http/access.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TOnlinePaymentsService } from './online-payments.service.ts';

// Spec booking §7 Online booking (checkout, payment/success, payment/aborted) and Payments
// (notify/booking/{id}/{provider}): public calls. Who may see what is decided by a signed guest token,
// the provider's session id, a logged-in user's booking visibility, or the provider's signature.

const tags = ['payments'];
const PUBLIC = { access: { public: true } } as const;

export function registerOnlinePaymentRoutes(
  app: FastifyInstance,
  deps: { onlinePayments: TOnlinePaymentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.onlinePayments;

  r.get(
    '/api/book/:id/payOptions',
    {
      config: { access: { scopes: ['bookings.read', 'agencies.self', 'customers.self'] } },
      schema: {
        tags,
        summary:
          'The open amount of a booking and the providers it can be paid with (the portals’ “pay now”)',
        description:
          'Not in the spec. For a logged-in user who sees the booking (a customer its own, an agent its ' +
          'agency’s); 404 otherwise. Lists the active providers that can take a payment, in their order; ' +
          'the payment itself is `POST checkout` with one of them.',
        params: ZIdParams,
        response: { 200: ZPayOptions },
      },
    },
    async (request) => service.payOptions(actor(request), request.params.id),
  );

  r.post(
    '/api/book/:id/checkout',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Starts paying the open amount of a booking with a provider',
        description:
          'For a logged-in user who sees the booking, or a guest with the booking’s signed `token`. ' +
          'Stripe: a Checkout Session (answer `url`); bank transfer: the transfer `instructions`. ' +
          'INVALID_STATE (409) when nothing is open; PROVIDER_UNAVAILABLE (502) when Stripe cannot be reached.',
        params: ZIdParams,
        body: ZCheckout,
        response: { 200: ZCheckoutAnswer },
      },
    },
    async (request) => service.checkout(request.user, request.params.id, request.body),
  );

  for (const page of ['success', 'aborted'] as const) {
    r.post(
      `/api/book/:id/payment/${page}`,
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: `What the public /payment/${page} page shows of a booking`,
          description:
            'Needs the booking’s signed `token` or the Stripe `sessionId` of a payment of this booking; ' +
            'otherwise 404. Answers the number and payment state only.',
          params: ZIdParams,
          body: ZPaymentResultQuery,
          response: { 200: ZPaymentResult },
        },
      },
      async (request) => service.result(request.params.id, request.body),
    );
  }

  // The webhook needs the body exactly as sent for the signature: its own context with a raw parser.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/notify/booking/:id/:provider',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'A payment provider’s notification (webhook) about a booking',
          description:
            'Stripe: `checkout.session.completed`, verified with the Stripe-Signature header over the raw ' +
            'body (400 INVALID_SIGNATURE otherwise, nothing written). Records one temporary provider ' +
            'payment per Checkout Session: a replay answers 200 and records nothing. `id` 0 takes the ' +
            'booking from the event (metadata.bookingId), so one endpoint URL serves every booking.',
          params: z.object({
            // 0: the booking the event names (one fixed endpoint URL per provider, as Stripe registers it).
            id: z
              .string()
              .regex(/^(0|[1-9][0-9]{0,9})$/, 'a booking id or 0')
              .transform(Number)
              .pipe(z.number().max(2_147_483_647)),
            provider: ZIdParams.shape.id,
          }),
          response: { 200: z.object({ received: z.literal(true), paymentId: z.number().int().nullable() }) },
        },
      },
      async (request) =>
        service.notify(
          request.params.id,
          request.params.provider,
          typeof request.body === 'string' ? request.body : '',
          request.headers,
        ),
    );
  });
}
