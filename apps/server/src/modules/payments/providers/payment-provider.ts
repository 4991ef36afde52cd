import type { TCheckoutAnswer, TProviderType } from '@atoll/domain/payments/api';
import type { paymentProviders } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';

// What every payment provider offers: a checkout for the open amount of a booking and,
// for online providers, the verification of their notifications (webhooks). One file per provider.

export type TProviderRow = typeof paymentProviders.$inferSelect;
export type TProviderSecrets = { apiKey?: string; webhookSecret?: string; linkKey?: string };
export type TProviderConfig = {
  accountHolder?: string;
  iban?: string;
  bic?: string;
  bankName?: string;
  currencies?: string[];
  apiBase?: string;
};

export type TCheckoutInput = {
  provider: TProviderRow;
  booking: { id: number; number: string; currency: string; open: string };
  /** Where the guest returns after paying or giving up. */
  successUrl: string;
  cancelUrl: string;
  language: 'de' | 'en';
};

/** A payment a provider reports as received. */
export type TProviderPayment = {
  bookingId: number;
  /** The provider's unique id of it (Stripe: the Checkout Session id): the idempotency key. */
  providerRef: string;
  amount: string;
  currency: string;
};

export type TPaymentProvider = {
  type: TProviderType;
  checkout(input: TCheckoutInput): Promise<Omit<TCheckoutAnswer, 'type' | 'amount' | 'currency'>>;
  /**
   * Verifies a notification's signature over the raw body (throws INVALID_SIGNATURE) and answers the
   * payment it reports, or null for events that report none.
   */
  notification?(
    provider: TProviderRow,
    rawBody: string,
    headers: Record<string, unknown>,
  ): TProviderPayment | null;
};

export const secretsOf = (row: TProviderRow) => (row.secrets ?? {}) as TProviderSecrets;
export const configOf = (row: TProviderRow) => (row.config ?? {}) as TProviderConfig;

export const notConfigured = (what: string) =>
  new AppError(409, 'PROVIDER_NOT_CONFIGURED', `The payment provider lacks ${what}`);
export const invalidSignature = () =>
  new AppError(400, 'INVALID_SIGNATURE', 'The notification signature is not valid');
