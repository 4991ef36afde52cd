import { nightsOf } from '@atoll/domain/inventory/availability';
import { planRoom } from '@atoll/domain/pricing/choose-price';
import { createContext } from '@atoll/domain/pricing/context';
import type { TPriceWithEntries } from '@atoll/domain/pricing/entities';
import { paymentSchedule } from '@atoll/domain/pricing/terms';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { TReferenceCache } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { bookingPricingInputs, confirmDateOf, storedTerms } from './write/booking-pricing.ts';
import { createBookingWritesRepository } from './write/bookings-writes.repository.ts';
import type { TBookingPaymentSchedule, TBookingPriceData } from './write/bookings-writes.schemas.ts';

// Two reads about a stored booking's price: the seasons each room entry is priced with (the engine's own
// choice, choose-price.ts) and the deposit/rest schedule of its terms (terms.ts). Nothing is written.

export function createBookingLookups(deps: { db: Db; reference?: TReferenceCache }) {
  const bookingWrites = createBookingWritesRepository();
  const { db } = deps;

  async function visible(user: TSessionUser, id: number) {
    const row = await bookingWrites.booking(db, id, bookingVisibility(user));
    if (!row) throw notFound('Booking');
    return row;
  }

  return {
    /** `GET /api/price/booking/{id}`: per room entry and night the season that prices it. */
    async priceData(user: TSessionUser, id: number): Promise<TBookingPriceData> {
      const booking = await visible(user, id);
      const { inputs, evaluationDate } = await bookingPricingInputs(
        db,
        user,
        booking,
        undefined,
        deps.reference?.reads(),
      );
      const used = new Map<number, TPriceWithEntries>();
      const rooms = inputs.flatMap((input) => {
        const ctx = createContext(input);
        return input.rooms.map((room) => {
          const nights = nightsOf(room.from, room.to);
          const plan = planRoom(ctx, room, nights);
          const perNight =
            plan?.kind === 'complete'
              ? nights.map(() => plan.price)
              : (plan?.perNight ?? nights.map(() => undefined));
          for (const price of perNight) if (price) used.set(price.id, price);
          return {
            entryId: Number(room.key.slice(1)),
            roomId: room.roomId ?? null,
            roomTypeId: room.roomTypeId,
            scheduleId: room.scheduleId ?? null,
            from: room.from,
            to: room.to,
            calculationType: plan?.kind ?? null,
            nights: nights.map((date, i) => ({ date, priceId: perNight[i]?.id ?? null })),
          };
        });
      });
      return { bookingId: id, evaluationDate, rooms, prices: [...used.values()] };
    },

    /**
     * `GET /api/terms/calculate/{id}`: deposit and rest by the booking's terms. Agency bookings split
     * what the agency owes (None) and what the guest pays directly (Direct), as the lines do.
     */
    async paymentSchedule(user: TSessionUser, id: number): Promise<TBookingPaymentSchedule> {
      const booking = await visible(user, id);
      const terms = storedTerms(booking);
      const confirmDate = confirmDateOf(booking, terms);
      const totals = booking.totals as Partial<
        Record<'dueBeforeTravel' | 'agencyDue' | 'customerDue', string>
      >;
      const parts: [string, 'None' | 'Direct'][] =
        booking.agencyId !== null
          ? [
              [totals.agencyDue ?? '0', 'None'],
              [totals.customerDue ?? '0', 'Direct'],
            ]
          : [[totals.dueBeforeTravel ?? booking.total, 'None']];
      const schedule = terms
        ? parts.flatMap(([due, customerType]) =>
            paymentSchedule({ due, terms, confirmDate, from: booking.from, persons: booking.noOfPax }).map(
              (p) => ({ ...p, customerType }),
            ),
          )
        : [];
      return { bookingId: id, currency: booking.currency, terms, confirmDate, schedule };
    },
  };
}
