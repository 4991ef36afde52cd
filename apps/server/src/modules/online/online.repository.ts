import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import { bookingNumber, bookingVisibility } from '../../db/booking-conditions.ts';
import type { Executor } from '../../db/client.ts';
import {
  arrivalDepartureRules,
  bookings,
  customers,
  mailQueue,
  onlineRequests,
  paymentProviders,
  payments,
  products,
  resorts,
  rooms,
  roomTypes,
  schedules,
  tours,
  vesselDecks,
  vessels,
} from '../../db/schema.ts';
import type { TSessionUser } from '../auth/auth.service.ts';

// What the online channel reads and writes (spec booking §7): departures, resorts, room types, add-ons and
// vessels as the channel may sell them (docs/domain/availability.md: active, visible, not hidden; open,
// visible departures), the guest's customer row and the idempotency keys of online requests.

export type TProductRow = typeof products.$inferSelect;
export type TNewCustomerRow = typeof customers.$inferInsert;

/** Which visible departures: one by id, or those starting in [from, before) of one vessel. */
export type TScheduleFilter = {
  id?: number | undefined;
  from?: string | undefined;
  before?: string | undefined;
  vesselId?: number | undefined;
};

const visibleSchedule = () =>
  and(
    eq(schedules.status, 'open'),
    eq(schedules.isVisible, true),
    eq(tours.isVisible, true),
    eq(tours.isActive, true),
    eq(vessels.isVisible, true),
    eq(vessels.isActive, true),
  );

/** Add-ons of the asset or of none. */
const addonOfAsset = (asset: { resortId?: number | undefined; vesselId?: number | undefined }) =>
  asset.resortId !== undefined
    ? or(eq(products.resortId, asset.resortId), and(isNull(products.resortId), isNull(products.vesselId)))
    : asset.vesselId !== undefined
      ? or(eq(products.vesselId, asset.vesselId), and(isNull(products.resortId), isNull(products.vesselId)))
      : undefined;

export function createOnlineRepository() {
  return {
    /** Open, visible departures of visible tours and vessels, by start. */
    schedules(ex: Executor, filter: TScheduleFilter) {
      return ex
        .select({
          id: schedules.id,
          vesselId: schedules.vesselId,
          vesselName: vessels.name,
          tourId: schedules.tourId,
          tourName: tours.name,
          from: schedules.from,
          to: schedules.to,
          currency: vessels.currency,
        })
        .from(schedules)
        .innerJoin(tours, eq(tours.id, schedules.tourId))
        .innerJoin(vessels, eq(vessels.id, schedules.vesselId))
        .where(
          and(
            visibleSchedule(),
            filter.id !== undefined ? eq(schedules.id, filter.id) : undefined,
            filter.from !== undefined ? gte(schedules.from, filter.from) : undefined,
            filter.before ? lt(schedules.from, filter.before) : undefined,
            filter.vesselId ? eq(schedules.vesselId, filter.vesselId) : undefined,
          ),
        )
        .orderBy(asc(schedules.from), asc(schedules.id))
        .limit(200);
    },

    async visibleResort(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: resorts.id, currency: resorts.currency })
        .from(resorts)
        .where(and(eq(resorts.id, id), eq(resorts.isActive, true), eq(resorts.isVisible, true)));
      return row;
    },

    async visibleVessel(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: vessels.id })
        .from(vessels)
        .where(and(eq(vessels.id, id), eq(vessels.isActive, true), eq(vessels.isVisible, true)));
      return row;
    },

    /** The most guests of each room type. */
    async maxPax(ex: Executor, typeIds: number[]) {
      if (typeIds.length === 0) return [];
      return ex
        .select({ id: roomTypes.id, max: roomTypes.maxNoOfPax })
        .from(roomTypes)
        .where(inArray(roomTypes.id, typeIds));
    },

    arrivalDepartureRules(ex: Executor, resortId: number) {
      return ex.select().from(arrivalDepartureRules).where(eq(arrivalDepartureRules.resortId, resortId));
    },

    /** The resorts the rooms belong to, each once. */
    resortsOfRooms(ex: Executor, roomIds: number[]) {
      return ex.selectDistinct({ resortId: rooms.resortId }).from(rooms).where(inArray(rooms.id, roomIds));
    },

    /**
     * Visible, not hidden room types of one resort, of one vessel, or (neither) of every visible resort,
     * with their asset's name.
     */
    roomTypes(ex: Executor, asset: { resortId?: number | undefined; vesselId?: number | undefined }) {
      return ex
        .select({ type: roomTypes, resortName: resorts.name, vesselName: vessels.name })
        .from(roomTypes)
        .leftJoin(resorts, eq(resorts.id, roomTypes.resortId))
        .leftJoin(vessels, eq(vessels.id, roomTypes.vesselId))
        .where(
          and(
            asset.resortId !== undefined
              ? eq(roomTypes.resortId, asset.resortId)
              : asset.vesselId !== undefined
                ? eq(roomTypes.vesselId, asset.vesselId)
                : and(eq(resorts.isActive, true), eq(resorts.isVisible, true)),
            eq(roomTypes.isVisible, true),
            eq(roomTypes.hide, false),
          ),
        )
        .orderBy(asc(roomTypes.sort), asc(roomTypes.id))
        .limit(500);
    },

    productsByIds(ex: Executor, ids: number[]) {
      return ex.select().from(products).where(inArray(products.id, ids));
    },

    /** Active, online-bookable add-ons of the asset or of none (of any asset when neither is given). */
    addons(ex: Executor, asset: { resortId?: number | undefined; vesselId?: number | undefined }) {
      return ex
        .select()
        .from(products)
        .where(
          and(
            eq(products.isAddon, true),
            eq(products.isOnlineBookable, true),
            eq(products.isActive, true),
            addonOfAsset(asset),
          ),
        )
        .orderBy(asc(products.sort), asc(products.id))
        .limit(200);
    },

    async onlineProduct(ex: Executor, id: number) {
      const [row] = await ex
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.isOnlineBookable, true), eq(products.isActive, true)));
      return row;
    },

    /** Active, online-bookable products of one resort or vessel. */
    assetProducts(ex: Executor, asset: { kind: 'resort' | 'vessel'; id: number }) {
      return ex
        .select()
        .from(products)
        .where(
          and(
            eq(products.isOnlineBookable, true),
            eq(products.isActive, true),
            asset.kind === 'resort' ? eq(products.resortId, asset.id) : eq(products.vesselId, asset.id),
          ),
        )
        .orderBy(asc(products.sort), asc(products.id))
        .limit(500);
    },

    /** Active, visible vessels (one, when `vesselId` is given). */
    vessels(ex: Executor, vesselId: number | undefined) {
      return ex
        .select({ id: vessels.id, name: vessels.name })
        .from(vessels)
        .where(
          and(
            eq(vessels.isActive, true),
            eq(vessels.isVisible, true),
            vesselId ? eq(vessels.id, vesselId) : undefined,
          ),
        )
        .orderBy(asc(vessels.sort), asc(vessels.id));
    },

    async decks(ex: Executor, vesselIds: number[]) {
      if (vesselIds.length === 0) return [];
      return ex
        .select({
          id: vesselDecks.id,
          vesselId: vesselDecks.vesselId,
          name: vesselDecks.name,
          sort: vesselDecks.sort,
          planImage: vesselDecks.planImage,
        })
        .from(vesselDecks)
        .where(inArray(vesselDecks.vesselId, vesselIds))
        .orderBy(asc(vesselDecks.sort), asc(vesselDecks.id));
    },

    async provider(ex: Executor, id: number) {
      const [row] = await ex.select().from(paymentProviders).where(eq(paymentProviders.id, id));
      return row;
    },

    /** Whether a mail to the guest (or agency) of this booking is in the queue (the state mail, when switched on). */
    async hasMail(ex: Executor, bookingId: number) {
      const [row] = await ex
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(eq(mailQueue.bookingId, bookingId))
        .limit(1);
      return row !== undefined;
    },

    async onlineRequest(ex: Executor, key: string) {
      const [row] = await ex.select().from(onlineRequests).where(eq(onlineRequests.key, key));
      return row;
    },

    async insertOnlineRequest(ex: Executor, key: string, bodyHash: string) {
      await ex.insert(onlineRequests).values({ key, bodyHash, bookingId: null });
    },

    async setOnlineRequestBooking(ex: Executor, key: string, bookingId: number) {
      await ex.update(onlineRequests).set({ bookingId }).where(eq(onlineRequests.key, key));
    },

    async insertCustomer(ex: Executor, values: TNewCustomerRow) {
      const [row] = await ex.insert(customers).values(values).returning({ id: customers.id });
      return row;
    },

    /** Bookings carrying the number (booking, reservation or offer number) with the lead's e-mail. */
    bookingsByNumber(ex: Executor, number: string) {
      return ex
        .select({ id: bookings.id, email: customers.email })
        .from(bookings)
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .where(
          or(
            eq(bookings.bookingNo, number),
            eq(bookings.reservationNo, number),
            eq(bookings.offerNo, number),
          ),
        )
        .limit(5);
    },

    // Paying online (online-payments.service.ts).

    /** Whether the user may see the booking. */
    async isVisible(ex: Executor, user: TSessionUser, bookingId: number) {
      const rows = await ex
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), bookingVisibility(user)));
      return rows.length > 0;
    },

    /** What a checkout and the guest's payment page need of a booking. */
    async paymentState(ex: Executor, id: number) {
      const [row] = await ex
        .select({
          id: bookings.id,
          number: bookingNumber,
          currency: bookings.currency,
          open: bookings.openAmount,
          paid: bookings.paid,
          status: bookings.paymentStatus,
          state: bookings.state,
        })
        .from(bookings)
        .where(eq(bookings.id, id));
      return row;
    },

    /** The payment a provider reported under its reference, if recorded. */
    async providerPayment(ex: Executor, providerId: number, providerRef: string) {
      const [row] = await ex
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.providerId, providerId), eq(payments.providerRef, providerRef)));
      return row;
    },

    /** The booking's payment of a provider session (Stripe's session id as reference), if recorded. */
    async sessionPayment(ex: Executor, bookingId: number, sessionId: string) {
      const [row] = await ex
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), eq(payments.providerRef, sessionId)));
      return row;
    },
  };
}
export type TOnlineRepository = ReturnType<typeof createOnlineRepository>;
