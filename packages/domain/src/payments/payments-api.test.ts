import { describe, expect, it } from 'vitest';
import {
  hasNoNul,
  ZMarkPaid,
  ZPaymentProviderCreate,
  ZPaymentResultQuery,
  ZPaymentUpdate,
  ZUseCredit,
} from './payments-api.ts';

describe('payments API schemas', () => {
  it('refuses NUL characters, which PostgreSQL text cannot hold', () => {
    expect(hasNoNul({ a: 'x', b: ['y'] })).toBe(true);
    expect(hasNoNul({ a: 'x\u0000' })).toBe(false);
    expect(ZPaymentUpdate.safeParse({ note: 'ok' }).success).toBe(true);
    expect(ZPaymentUpdate.safeParse({ note: 'a\u0000b' }).success).toBe(false);
    expect(ZMarkPaid.safeParse({ bookingIds: [1], reference: 'a\u0000' }).success).toBe(false);
  });

  it('takes only known secrets, and a provider type it has an implementation for', () => {
    expect(ZPaymentProviderCreate.parse({ name: 'Stripe', type: 'stripe' })).toMatchObject({
      isActive: true,
      config: {},
      secrets: {},
      sort: 0,
    });
    expect(ZPaymentProviderCreate.safeParse({ name: 'P', type: 'paypal' }).success).toBe(false);
    expect(
      ZPaymentProviderCreate.safeParse({ name: 'S', type: 'stripe', secrets: { linkKey: 'x' } }).success,
    ).toBe(false);
    expect(
      ZPaymentProviderCreate.safeParse({ name: 'S', type: 'stripe', config: { apiBase: 'not a url' } })
        .success,
    ).toBe(false);
  });

  it('needs a token or a session id on the result pages; a credit use is positive', () => {
    expect(ZPaymentResultQuery.safeParse({}).success).toBe(false);
    expect(ZPaymentResultQuery.safeParse({ sessionId: 'cs_test_1' }).success).toBe(true);
    expect(ZPaymentResultQuery.safeParse({ sessionId: 'cs test' }).success).toBe(false);
    expect(ZUseCredit.safeParse({ amount: '10.00', from: 'customer' }).success).toBe(true);
    expect(ZUseCredit.safeParse({ amount: '-10.00', from: 'customer' }).success).toBe(false);
    expect(ZUseCredit.safeParse({ amount: '0', from: 'agency' }).success).toBe(false);
  });
});
