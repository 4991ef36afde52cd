import { BOOKING_STATES } from '@atoll/domain/bookings';
import { holdsInventory } from '@atoll/domain/inventory/availability';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { bookingGuests, bookings, guestForms } from './schema.ts';

// Conditions on the bookings table that modules beside bookings apply too (a customer's stays, the products held
// on a day, payments, documents, todos, mail): who may see a booking (spec platform §6) and which bookings hold
// their rooms, and the number a booking is known by. They sit below the modules so that none of them imports
// bookings for a WHERE clause.

/** The number a booking is known by: its booking, else its reservation, else its offer number. */
export const bookingNumber = sql<
  string | null
>`coalesce(${bookings.bookingNo}, ${bookings.reservationNo}, ${bookings.offerNo})`;

/** Staff who read bookings; everyone else (agents: agencies.self, customers: customers.self) is redacted. */
export const canReadAllBookings = (user: TSessionUser) => hasScope(user.scopes, ['bookings.read']);

/** Bookings within the user's resorts and vessels (an empty list: every asset of that kind). */
function withinAssets(user: TSessionUser): SQL | undefined {
  if (hasScope(user.scopes, ['admin'])) return undefined;
  const parts: SQL[] = [];
  if (user.resorts.length)
    parts.push(or(isNull(bookings.resortId), inArray(bookings.resortId, user.resorts)) as SQL);
  if (user.vessels.length)
    parts.push(or(isNull(bookings.vesselId), inArray(bookings.vesselId, user.vessels)) as SQL);
  return and(...parts);
}

/**
 * The bookings a user may see, as a condition on `bookings`: undefined = all (bookings.read within
 * the user's resorts and vessels); agencies.self: its agency's; customers.self: those whose customer
 * is the user's customer record or that have it as a guest; anyone else: none.
 */
export function bookingVisibility(user: TSessionUser): SQL | undefined {
  if (canReadAllBookings(user)) return withinAssets(user);
  const parts: SQL[] = [];
  if (hasScope(user.scopes, ['agencies.self']) && user.agencyId) {
    parts.push(eq(bookings.agencyId, user.agencyId));
  }
  if (hasScope(user.scopes, ['customers.self']) && user.customerId) {
    const customerId = user.customerId;
    parts.push(
      or(
        eq(bookings.customerId, customerId),
        sql`exists (select 1 from ${bookingGuests} where ${bookingGuests.bookingId} = ${bookings.id} and ${bookingGuests.customerId} = ${customerId})`,
      ) as SQL,
    );
  }
  return or(...parts) ?? sql`false`;
}

/**
 * Bookings that hold their rooms (docs/domain/availability.md), from the domain's own rule: states that hold
 * whether resolved or not, and those that hold only while not resolved (a planned option).
 */
export function holdingCondition(offersHoldInventory: boolean): SQL {
  const holds = (resolved: boolean) =>
    BOOKING_STATES.filter((state) => holdsInventory({ state, resolved }, { offersHoldInventory }));
  const always = holds(true);
  const whileOpen = holds(false).filter((s) => !always.includes(s));
  return or(
    inArray(bookings.state, always),
    whileOpen.length ? and(inArray(bookings.state, whileOpen), eq(bookings.resolved, false)) : undefined,
  ) as SQL;
}

/** A booking with at least one guest whose guest form is missing or still open. */
export const missingGuestformCondition = sql`exists (select 1 from ${bookingGuests} left join ${guestForms} on ${guestForms.bookingGuestId} = ${bookingGuests.id} where ${bookingGuests.bookingId} = ${bookings.id} and (${guestForms.id} is null or ${guestForms.status} = 'open'))`;
