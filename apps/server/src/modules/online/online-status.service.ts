import type { TOnlineLookup } from '@atoll/domain/online/api';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createBookingsRepository } from '../bookings/bookings.repository.ts';
import { isGuestToken, tokenProviderId } from '../payments/payment-links.ts';
import type { TOnlineRepository } from './online.repository.ts';
import type { TOnlineConfirmFlow } from './online-confirm.flow.ts';

const bookingRepo = createBookingsRepository();

// The guest's own online booking after the create: found by number and a second proof, seen by id and guest
// token, given up while unpaid (spec booking §7).

export function createOnlineStatusService(deps: {
  db: Db;
  repository: TOnlineRepository;
  confirm: TOnlineConfirmFlow;
}) {
  const { db, repository, confirm } = deps;

  /** Whether `token` is a guest token of the booking (signed by the provider it names). */
  async function validToken(bookingId: number, token: string | undefined) {
    const providerId = token ? tokenProviderId(token) : null;
    if (!token || providerId === null) return false;
    const row = await repository.provider(db, providerId);
    return row !== undefined && isGuestToken(row, bookingId, token);
  }

  async function guestView(id: number): Promise<TOnlineLookup> {
    const booking = await bookingRepo.loadBooking(db, id);
    if (!booking) throw notFound('Booking');
    return {
      bookingNo: booking.bookingNo ?? booking.reservationNo ?? booking.offerNo ?? String(booking.id),
      state: booking.state,
      from: booking.from,
      to: booking.to,
      noOfPax: booking.noOfPax,
      currency: booking.currency,
      total: booking.total,
      paid: booking.paid,
      open: booking.openAmount,
    };
  }

  return {
    /** The guest's lookup: the number and a second proof (lead e-mail or guest token); 404 otherwise. */
    async lookup(number: string, proof: { email?: string | undefined; token?: string | undefined }) {
      if (!proof.email && !proof.token) throw notFound('Booking');
      const rows = await repository.bookingsByNumber(db, number);
      for (const row of rows) {
        const byMail =
          proof.email !== undefined &&
          row.email !== null &&
          row.email.toLowerCase() === proof.email.trim().toLowerCase();
        if (byMail || (await validToken(row.id, proof.token))) return guestView(row.id);
      }
      throw notFound('Booking');
    },

    /** The guest's view of one booking by id and its guest token (POST /api/book/{id}). */
    async view(id: number, token: string | undefined): Promise<TOnlineLookup> {
      if (!(await validToken(id, token))) throw notFound('Booking');
      return guestView(id);
    },

    /** The guest abandons an unpaid online hold (DELETE /api/book/{id}); 404 without the token. */
    async abandon(id: number, token: string | undefined) {
      if (!(await validToken(id, token))) throw notFound('Booking');
      const done = await db.transaction((tx) => confirm.abandon(tx, id));
      if (!done) throw new AppError(409, 'INVALID_STATE', 'Only an unpaid online hold can be given up');
      return { id, state: 'freed' as const };
    },
  };
}
