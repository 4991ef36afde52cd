import { ZLocalizedText } from '@atoll/domain/geo';
import { type TDeckPosition, ZDeckPosition } from '@atoll/domain/inventory/rooms';
import {
  type TVessel,
  type TVesselDeck,
  type TVesselList,
  ZVesselDetails,
} from '@atoll/domain/inventory/vessels';
import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookingRooms,
  bookings,
  currencies,
  customers,
  media,
  occupancy,
  ports,
  rooms,
  schedules,
  tours,
  vesselDecks,
  vesselLists,
  vessels,
} from '../../db/schema.ts';

export type TVesselRow = typeof vessels.$inferSelect;
export type TVesselDeckRow = typeof vesselDecks.$inferSelect;
export type TVesselListRow = typeof vesselLists.$inferSelect;
export type TDeckCabinRow = { id: number; name: string; deckId: number | null; deckPosition: unknown };

const iso = (date: Date) => date.toISOString();
// jsonb written by hand may hold anything: answers carry only what the contract knows.
const localized = (value: unknown) => ZLocalizedText.safeParse(value).data ?? {};
const position = (value: unknown): TDeckPosition | null => ZDeckPosition.safeParse(value).data ?? null;

export const toVessel = (row: TVesselRow): TVessel => ({
  id: row.id,
  name: row.name,
  code: row.code,
  description: localized(row.description),
  timeZone: row.timeZone,
  currency: row.currency,
  homePortId: row.homePortId,
  details: ZVesselDetails.safeParse(row.details).data ?? {},
  images: row.images,
  isActive: row.isActive,
  isVisible: row.isVisible,
  sort: row.sort,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A deck row with the cabins `expand` added. */
export const toVesselDeck = (row: TVesselDeckRow & { cabins?: TDeckCabinRow[] }): TVesselDeck => ({
  id: row.id,
  vesselId: row.vesselId,
  name: row.name,
  description: localized(row.description),
  planImage: row.planImage,
  sort: row.sort,
  cabins: (row.cabins ?? []).map((c) => ({ id: c.id, name: c.name, deckPosition: position(c.deckPosition) })),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toVesselList = (row: TVesselListRow): TVesselList => ({
  id: row.id,
  name: row.name,
  vesselId: row.vesselId,
  kind: row.kind as TVesselList['kind'],
  columns: row.columns as TVesselList['columns'],
  language: row.language as TVesselList['language'],
  landscape: row.landscape,
  sort: row.sort,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const embarkPorts = alias(ports, 'embark_ports');
const disembarkPorts = alias(ports, 'disembark_ports');

/** The customer columns a manifest line prints (null without a linked customer). */
const manifestCustomer = {
  customerId: customers.id,
  fullName: customers.fullName,
  firstName: customers.firstName,
  lastName: customers.lastName,
  customerGender: customers.gender,
  birthday: customers.birthday,
  permanentAge: customers.permanentAge,
  nationality: customers.nationality,
  passport: customers.passport,
  email: customers.email,
  phone: customers.phone,
};

export function createVesselsRepository() {
  return {
    async findVessel(ex: Executor, id: number, assets?: SQL) {
      const [row] = await ex
        .select()
        .from(vessels)
        .where(and(eq(vessels.id, id), assets));
      return row;
    },

    async currencyExists(ex: Executor, code: string) {
      const [row] = await ex.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
      return row !== undefined;
    },

    async portExists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: ports.id }).from(ports).where(eq(ports.id, id));
      return row !== undefined;
    },

    /** The ids of `ids` that name no media record. */
    async missingMedia(ex: Executor, ids: number[]) {
      if (ids.length === 0) return [];
      const found = await ex.select({ id: media.id }).from(media).where(inArray(media.id, ids));
      const known = new Set(found.map((m) => m.id));
      return ids.filter((id) => !known.has(id));
    },

    /** What keeps a vessel from being deleted: its departures and what holds its cabins. */
    async vesselUsage(ex: Executor, vesselId: number) {
      const [departures] = await ex
        .select({ n: count() })
        .from(schedules)
        .where(eq(schedules.vesselId, vesselId));
      const [holds] = await ex
        .select({ n: count() })
        .from(occupancy)
        .innerJoin(rooms, eq(rooms.id, occupancy.roomId))
        .where(eq(rooms.vesselId, vesselId));
      return { schedules: departures?.n ?? 0, occupancy: holds?.n ?? 0 };
    },

    /** The cabins on these decks, in cabin order: one query for a whole page of decks. */
    cabinsOnDecks(ex: Executor, deckIds: number[]): Promise<TDeckCabinRow[]> {
      if (deckIds.length === 0) return Promise.resolve([]);
      return ex
        .select({ id: rooms.id, name: rooms.name, deckId: rooms.deckId, deckPosition: rooms.deckPosition })
        .from(rooms)
        .where(inArray(rooms.deckId, deckIds))
        .orderBy(asc(rooms.sort), asc(rooms.name), asc(rooms.id));
    },

    async findList(ex: Executor, id: number, assets?: SQL) {
      const [row] = await ex
        .select()
        .from(vesselLists)
        .where(and(eq(vesselLists.id, id), assets));
      return row;
    },

    /** A departure with what the manifest header names: vessel, tour, ports (the schedule's, else the tour's). */
    async findSchedule(ex: Executor, id: number, assets?: SQL) {
      const [row] = await ex
        .select({
          id: schedules.id,
          vesselId: schedules.vesselId,
          vessel: vessels.name,
          tour: tours.name,
          from: schedules.from,
          to: schedules.to,
          status: schedules.status,
          embarkPort: embarkPorts.name,
          disembarkPort: disembarkPorts.name,
        })
        .from(schedules)
        .innerJoin(vessels, eq(vessels.id, schedules.vesselId))
        .innerJoin(tours, eq(tours.id, schedules.tourId))
        .leftJoin(
          embarkPorts,
          eq(embarkPorts.id, sql`coalesce(${schedules.embarkPortId}, ${tours.embarkPortId})`),
        )
        .leftJoin(
          disembarkPorts,
          eq(disembarkPorts.id, sql`coalesce(${schedules.disembarkPortId}, ${tours.disembarkPortId})`),
        )
        .where(and(eq(schedules.id, id), assets));
      return row;
    },

    /** The cabins of a vessel and any other room a departure holds, with their berths' configuration. */
    manifestCabins(ex: Executor, vesselId: number, roomIds: number[]) {
      const own = eq(rooms.vesselId, vesselId);
      return ex
        .select({
          id: rooms.id,
          name: rooms.name,
          sort: rooms.sort,
          isActive: rooms.isActive,
          configuration: rooms.configuration,
        })
        .from(rooms)
        .where(roomIds.length ? or(own, inArray(rooms.id, roomIds)) : own);
    },

    /** The rows that hold something on a departure, with the person in each. */
    manifestHolds(ex: Executor, scheduleId: number) {
      return ex
        .select({
          roomId: occupancy.roomId,
          unit: occupancy.unit,
          bookingId: occupancy.bookingId,
          state: occupancy.state,
          gender: occupancy.gender,
          ...manifestCustomer,
        })
        .from(occupancy)
        .leftJoin(customers, eq(customers.id, occupancy.customerId))
        .where(and(eq(occupancy.scheduleId, scheduleId), eq(occupancy.holds, true)));
    },

    /** The guests of these bookings in these cabins, in their order, with their customers where linked. */
    manifestGuests(ex: Executor, bookingIds: number[], roomIds: number[]) {
      if (bookingIds.length === 0) return Promise.resolve([]);
      return ex
        .select({
          id: bookingGuests.id,
          bookingId: bookingGuests.bookingId,
          roomId: bookingRooms.roomId,
          bed: bookingGuests.bed,
          name: bookingGuests.name,
          gender: bookingGuests.gender,
          age: bookingGuests.age,
          bookingNo: sql<string>`coalesce(${bookings.bookingNo}, ${bookings.reservationNo}, ${bookings.offerNo}, ${bookings.id}::text)`,
          ...manifestCustomer,
        })
        .from(bookingGuests)
        .innerJoin(bookingRooms, eq(bookingRooms.id, bookingGuests.bookingRoomId))
        .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
        .leftJoin(customers, eq(customers.id, bookingGuests.customerId))
        .where(and(inArray(bookingGuests.bookingId, bookingIds), inArray(bookingRooms.roomId, roomIds)))
        .orderBy(
          asc(bookingGuests.bookingId),
          asc(bookingRooms.sort),
          asc(bookingGuests.sort),
          asc(bookingGuests.id),
        );
    },
  };
}

export type TVesselsRepository = ReturnType<typeof createVesselsRepository>;
export type TManifestHoldRow = Awaited<ReturnType<TVesselsRepository['manifestHolds']>>[number];
export type TManifestGuestRow = Awaited<ReturnType<TVesselsRepository['manifestGuests']>>[number];

/**
 * Spec platform §6 asset visibility: a user with a vessel list sees only those vessels and what belongs
 * to them; an empty list sees all. `column` names the vessel id in the table asked.
 */
const ownVessels = (user: TSessionUser, column: PgColumn): SQL | undefined =>
  user.vessels.length > 0 ? inArray(column, user.vessels) : undefined;

export const visibleVessels = (user: TSessionUser) => ownVessels(user, vessels.id);
/** An agent (agencies.self) books for clients: it lists only the active vessels that are on sale. */
export const sellableVessels = (): SQL => and(eq(vessels.isActive, true), eq(vessels.isVisible, true)) as SQL;
export const visibleDecks = (user: TSessionUser) => ownVessels(user, vesselDecks.vesselId);
export const visibleSchedules = (user: TSessionUser) => ownVessels(user, schedules.vesselId);
/** Lists without a vessel serve every vessel, so everyone sees them. */
export const visibleLists = (user: TSessionUser): SQL | undefined => {
  const own = ownVessels(user, vesselLists.vesselId);
  return own && or(isNull(vesselLists.vesselId), own);
};
