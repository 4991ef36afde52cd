import {
  SELF_PAYABLE_STATES,
  type TCheckoutAnswer,
  type TPaymentResult,
  type TPayOptions,
} from '@atoll/domain/payments/api';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { guestToken, isGuestToken, tokenProviderId } from '../payments/payment-links.ts';
import { recordPayment } from '../payments/payments.flow.ts';
import { createPaymentsRepository } from '../payments/payments.repository.ts';
import type { TProviderRow } from '../payments/providers/payment-provider.ts';
import { PROVIDERS } from '../payments/providers/providers.ts';
import { createOnlineRepository } from './online.repository.ts';
import type { TOnlineConfirmFlow } from './online-confirm.flow.ts';

// Paying online (spec booking §7 Online booking, Payments): the checkout for a booking's open amount,
// the provider's notification (webhook, idempotent by the provider's reference), and what the public
// /payment/success and /payment/aborted pages may show a guest: the number and payment state of the one
// booking their signed token or Stripe session names, nothing else.

const providerUnavailable = () =>
  new AppError(502, 'PROVIDER_UNAVAILABLE', 'The payment provider could not be reached');

export function createOnlinePaymentsService(deps: { db: Db; appUrl: string; confirm: TOnlineConfirmFlow }) {
  const { db, appUrl, confirm } = deps;
  const repository = createOnlineRepository();
  const payments = createPaymentsRepository();

  async function provider(id: number): Promise<TProviderRow> {
    const row = await repository.provider(db, id);
    if (!row) throw notFound('Payment provider');
    return row;
  }

  /** Whether the token is a valid guest token of this booking (signed by the provider it names). */
  async function validToken(bookingId: number, token: string | undefined) {
    const providerId = token ? tokenProviderId(token) : null;
    if (!token || providerId === null) return false;
    const row = await repository.provider(db, providerId);
    return row !== undefined && isGuestToken(row, bookingId, token);
  }

  return {
    /** What a logged-in user who sees the booking may pay its open amount with (the portals' "pay now"). */
    async payOptions(user: TSessionUser, bookingId: number): Promise<TPayOptions> {
      if (!(await repository.isVisible(db, user, bookingId))) throw notFound('Booking');
      const booking = await repository.paymentState(db, bookingId);
      if (!booking) throw notFound('Booking');
      const payable =
        (SELF_PAYABLE_STATES as readonly string[]).includes(booking.state) && Number(booking.open) > 0;
      const rows = payable ? await payments.activeProviders(db) : [];
      return {
        bookingNo: booking.number,
        open: booking.open,
        currency: booking.currency,
        providers: rows
          .filter((row) => guestToken(row, bookingId) !== null)
          .map((row) => ({
            id: row.id,
            type: row.type as TPayOptions['providers'][number]['type'],
            name: row.name,
          })),
      };
    },

    async checkout(
      user: TSessionUser | null,
      bookingId: number,
      input: { providerId: number; token?: string | undefined; language?: 'de' | 'en' | undefined },
    ): Promise<TCheckoutAnswer> {
      const allowed = user ? await repository.isVisible(db, user, bookingId) : false;
      if (!allowed && !(await validToken(bookingId, input.token))) throw notFound('Booking');
      const booking = await repository.paymentState(db, bookingId);
      if (!booking) throw notFound('Booking');
      const chosen = await provider(input.providerId);
      if (!chosen.isActive) throw notFound('Payment provider');
      if (!(Number(booking.open) > 0))
        throw new AppError(409, 'INVALID_STATE', 'Nothing is open on this booking');
      const token = guestToken(chosen, bookingId);
      if (!token) throw new AppError(409, 'PROVIDER_NOT_CONFIGURED', 'The payment provider has no link key');
      const back = (page: 'success' | 'aborted', extra = '') =>
        `${appUrl}/payment/${page}?booking=${bookingId}&token=${encodeURIComponent(token)}${extra}`;
      const number = booking.number ?? String(booking.id);
      let result: Awaited<ReturnType<(typeof PROVIDERS)['stripe']['checkout']>>;
      try {
        result = await PROVIDERS[chosen.type as keyof typeof PROVIDERS].checkout({
          provider: chosen,
          booking: { id: booking.id, number, currency: booking.currency, open: booking.open },
          successUrl: back('success', '&session_id={CHECKOUT_SESSION_ID}'),
          cancelUrl: back('aborted'),
          language: input.language ?? 'de',
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw providerUnavailable();
      }
      return {
        type: chosen.type as TCheckoutAnswer['type'],
        amount: booking.open,
        currency: booking.currency,
        ...result,
      };
    },

    /**
     * A provider's notification: verified, then its payment recorded once as a temporary provider
     * payment (docs/domain/payments.md). A replay (same provider reference) records nothing and answers the same.
     */
    async notify(bookingId: number, providerId: number, rawBody: string, headers: Record<string, unknown>) {
      const row = await provider(providerId);
      const implementation = PROVIDERS[row.type as keyof typeof PROVIDERS];
      if (!implementation?.notification) throw notFound('Payment provider');
      const reported = implementation.notification(row, rawBody, headers);
      if (!reported) return { received: true as const, paymentId: null };
      if (bookingId !== 0 && reported.bookingId !== bookingId)
        throw badRequest('The event is for another booking', 'id');
      if (!Number.isInteger(reported.bookingId) || reported.bookingId <= 0)
        throw badRequest('The event names no booking', 'metadata.bookingId');
      const existing = async () => {
        const found = await repository.providerPayment(db, row.id, reported.providerRef);
        return found?.id ?? null;
      };
      const known = await existing();
      if (known !== null) return { received: true as const, paymentId: known };
      try {
        const { payment } = await db.transaction(async (tx) => {
          const recorded = await recordPayment(tx, null, {
            bookingId: reported.bookingId,
            date: today(),
            amount: reported.amount,
            currency: reported.currency,
            method: 'provider',
            status: 'temporary',
            providerId: row.id,
            providerRef: reported.providerRef,
            reference: reported.providerRef,
          });
          // A paid online hold (/api/book) becomes confirmed: booking number and confirmation mail.
          await confirm.confirmPaid(tx, reported.bookingId);
          return recorded;
        });
        return { received: true as const, paymentId: payment.id };
      } catch (error) {
        // Two deliveries at once: the other one recorded it (unique provider reference).
        if (error instanceof AppError && error.code === 'DUPLICATE_PAYMENT')
          return { received: true as const, paymentId: await existing() };
        throw error;
      }
    },

    /** The guest's view of a booking's payment after checkout; 404 without a valid token or session. */
    async result(
      bookingId: number,
      proof: { token?: string | undefined; sessionId?: string | undefined },
    ): Promise<TPaymentResult> {
      const bySession = proof.sessionId
        ? await repository.sessionPayment(db, bookingId, proof.sessionId)
        : undefined;
      if (!bySession && !(await validToken(bookingId, proof.token))) throw notFound('Booking');
      const booking = await repository.paymentState(db, bookingId);
      if (!booking) throw notFound('Booking');
      return {
        bookingNo: booking.number,
        currency: booking.currency,
        status: booking.status as TPaymentResult['status'],
        paid: booking.paid,
        open: booking.open,
        received: bySession !== undefined,
      };
    },
  };
}

export type TOnlinePaymentsService = ReturnType<typeof createOnlinePaymentsService>;
