import type { TProviderType } from '@atoll/domain/payments/api';
import { bankTransferProvider } from './bank-transfer.provider.ts';
import type { TPaymentProvider } from './payment-provider.ts';
import { stripeProvider } from './stripe.provider.ts';

/** The provider implementation of each provider type. */
export const PROVIDERS: Record<TProviderType, TPaymentProvider> = {
  bank_transfer: bankTransferProvider,
  stripe: stripeProvider,
};
