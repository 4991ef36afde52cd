import { z } from 'zod';
import { addDays } from '../pricing/dates.ts';
import {
  type TBooking,
  type TBookingGuest,
  type TBookingGuestInput,
  type TCreateBooking,
  WRITABLE_STATES,
} from './bookings.ts';

// `POST /api/bookings/{id}/copy` (docs/domain/lifecycle.md "Copying a booking"): a new booking made from an
// existing one through the same create call, so it is checked, held and priced as any new booking.

const ZId = z.number().int().positive().max(2_147_483_647);

export const ZCopyBooking = z.object({
  /** The copy's state; an offer by default, to be looked at before it holds anything. */
  state: z.enum(WRITABLE_STATES).default('draft'),
  /** Days every resort stay moves by (its nights stay the same); departures stay as they are. */
  shiftDays: z.number().int().min(-3660).max(3660).default(0),
  /** Another departure of the same vessel for the cabins (and a full charter). */
  scheduleId: ZId.nullish(),
  /** Staff with bookings.update: as on create. */
  force: z.boolean().default(false),
});
export type TCopyBooking = z.infer<typeof ZCopyBooking>;

/** A guest as the create call takes it: a customer's age is worked out again for the new dates. */
function guestInput(g: TBookingGuest): TBookingGuestInput {
  return {
    customerId: g.customerId,
    name: g.name,
    gender: g.gender,
    age: g.customerId === null ? g.age : null,
    variantId: g.variantId,
    bed: g.bed,
  };
}

/**
 * The create request that copies `source`: its rooms and guests (resort stays moved by `shiftDays`, cabins
 * on `scheduleId` if given), customer, agency, source, category, language, currency, terms and notes. Not
 * copied: numbers, the external reference, the option's expiry, hand-made lines, specials and products
 * chosen by hand, payments, documents and comments.
 */
export function copyRequest(source: TBooking, copy: TCopyBooking): TCreateBooking {
  const scheduleId = copy.scheduleId ?? source.scheduleId;
  const charter = source.type === 'charter' && scheduleId !== null;
  return {
    state: copy.state,
    rooms: charter
      ? []
      : source.rooms.map((r) => {
          const trip = r.scheduleId !== null;
          return {
            roomId: r.roomId,
            from: trip ? null : addDays(r.from, copy.shiftDays),
            to: trip ? null : addDays(r.to, copy.shiftDays),
            scheduleId: trip ? (copy.scheduleId ?? r.scheduleId) : null,
            whole: r.whole,
            guests: r.guests.map(guestInput),
          };
        }),
    fullCharter: charter
      ? { scheduleId, guests: source.rooms.flatMap((r) => r.guests.map(guestInput)) }
      : null,
    customerId: source.customerId,
    agencyId: source.agencyId,
    sourceId: source.sourceId,
    categoryId: source.categoryId,
    language: source.language === 'en' ? 'en' : 'de',
    currency: source.currency,
    termsId: source.termsOfPayment?.id ?? null,
    optionExpiry: null,
    note: source.note,
    internalNote: source.internalNote ?? null,
    systemReference: null,
    force: copy.force,
  };
}
