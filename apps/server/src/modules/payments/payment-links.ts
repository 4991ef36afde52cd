import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { secretsOf, type TProviderRow } from './providers/payment-provider.ts';

// The guest's proof on the public payment pages and the checkout: `<providerId>.<HMAC of the booking id>`
// keyed by a random key the provider row keeps among its secrets (generated on create, never answered).
// Unguessable, bound to one booking, and void once the provider is deleted.

export const newLinkKey = () => randomBytes(32).toString('base64url');

const mac = (key: string, bookingId: number) =>
  createHmac('sha256', key).update(`booking:${bookingId}`).digest('base64url');

export function guestToken(provider: TProviderRow, bookingId: number): string | null {
  const key = secretsOf(provider).linkKey;
  return key ? `${provider.id}.${mac(key, bookingId)}` : null;
}

/** The provider id a token names, or null when it is malformed. */
export function tokenProviderId(token: string): number | null {
  const match = /^(\d{1,9})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? Number(match[1]) : null;
}

export function isGuestToken(provider: TProviderRow, bookingId: number, token: string): boolean {
  const expected = guestToken(provider, bookingId);
  if (!expected || expected.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(token));
}
