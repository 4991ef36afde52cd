import type { TBookingState } from '@atoll/domain/bookings';
import { ZLocalizedText } from '@atoll/domain/geo';
import {
  scheduleDays,
  scheduleNights,
  type TDeparture,
  type TSchedule,
  type TScheduleCustomer,
  type TScheduleStatus,
  type TTour,
  ZItineraryDay,
} from '@atoll/domain/inventory/tours';
import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bookingNumber } from '../../db/booking-conditions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  bookingGuests,
  bookingRooms,
  bookings,
  customers,
  occupancy,
  ports,
  rooms,
  schedules,
  tours,
  vessels,
} from '../../db/schema.ts';
import type { TListFields } from '../../http/filter.ts';

export type TTourRow = typeof tours.$inferSelect;
export type TScheduleRow = typeof schedules.$inferSelect;
type TNamed = { id: number; name: string };

const ZPrices = z.record(z.string(), z.string());

export function toTour(row: TTourRow): TTour {
  return {
    ...row,
    // jsonb written by hand may hold anything: the answer carries only what the contract knows.
    description: ZLocalizedText.safeParse(row.description).data ?? {},
    itinerary: z.array(ZItineraryDay).safeParse(row.itinerary).data ?? [],
    included: ZLocalizedText.safeParse(row.included).data ?? {},
    excluded: ZLocalizedText.safeParse(row.excluded).data ?? {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSchedule(row: TScheduleRow & { tourName?: string; vesselName?: string }): TSchedule {
  return {
    ...row,
    status: row.status as TScheduleStatus,
    fullCharterPrice: ZPrices.safeParse(row.fullCharterPrice).data ?? {},
    nights: scheduleNights(row.from, row.to),
    days: scheduleDays(row.from, row.to),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a departure row with its tour's and vessel's names. */
const departureColumns = {
  id: schedules.id,
  tourId: schedules.tourId,
  tourName: tours.name,
  vesselId: schedules.vesselId,
  vesselName: vessels.name,
  from: schedules.from,
  to: schedules.to,
  status: schedules.status,
  isVisible: schedules.isVisible,
  embarkPortId: schedules.embarkPortId,
  disembarkPortId: schedules.disembarkPortId,
  color: tours.color,
};

const toDeparture = <R extends { status: string; from: string; to: string }>(row: R) => ({
  ...row,
  status: row.status as TScheduleStatus,
  nights: scheduleNights(row.from, row.to),
  days: scheduleDays(row.from, row.to),
});

/** Live (not cancelled) departures of a vessel overlapping `[from, to)`. */
const liveOverlapping = (vesselId: number, from: string, to: string) =>
  and(
    eq(schedules.vesselId, vesselId),
    ne(schedules.status, 'cancelled'),
    lt(schedules.from, to),
    gt(schedules.to, from),
  );

export function createToursRepository() {
  return {
    async findTour(ex: Executor, id: number): Promise<TTourRow | undefined> {
      const [row] = await ex.select().from(tours).where(eq(tours.id, id));
      return row;
    },
    async findSchedule(ex: Executor, id: number, visible?: SQL): Promise<TScheduleRow | undefined> {
      const [row] = await ex
        .select()
        .from(schedules)
        .where(and(eq(schedules.id, id), visible));
      return row;
    },
    async vessel(ex: Executor, id: number): Promise<TNamed | null> {
      const [row] = await ex
        .select({ id: vessels.id, name: vessels.name })
        .from(vessels)
        .where(eq(vessels.id, id));
      return row ?? null;
    },
    async port(ex: Executor, id: number | null): Promise<TNamed | null> {
      if (id === null) return null;
      const [row] = await ex.select({ id: ports.id, name: ports.name }).from(ports).where(eq(ports.id, id));
      return row ?? null;
    },

    /**
     * Locks the vessel's row until the transaction ends, so that the overlap check and the write of a
     * departure of this vessel happen one writer at a time. False when there is no such vessel.
     */
    async lockVessel(tx: Tx, vesselId: number): Promise<boolean> {
      const rows = await tx
        .select({ id: vessels.id })
        .from(vessels)
        .where(eq(vessels.id, vesselId))
        .for('update');
      return rows.length > 0;
    },
    async overlapping(ex: Executor, vesselId: number, from: string, to: string, exceptId?: number) {
      return ex
        .select({ id: schedules.id, from: schedules.from, to: schedules.to })
        .from(schedules)
        .where(and(liveOverlapping(vesselId, from, to), exceptId ? ne(schedules.id, exceptId) : undefined))
        .orderBy(asc(schedules.from));
    },
    async schedulesOfTour(ex: Executor, tourId: number): Promise<number> {
      const [row] = await ex.select({ n: count() }).from(schedules).where(eq(schedules.tourId, tourId));
      return row?.n ?? 0;
    },
    async occupancyOfSchedule(ex: Executor, scheduleId: number): Promise<number> {
      const [row] = await ex
        .select({ n: count() })
        .from(occupancy)
        .where(eq(occupancy.scheduleId, scheduleId));
      return row?.n ?? 0;
    },
    async insertSchedule(tx: Tx, values: typeof schedules.$inferInsert): Promise<number> {
      const [row] = await tx.insert(schedules).values(values).returning({ id: schedules.id });
      return (row as { id: number }).id;
    },

    /** Names of tours and vessels for a page of schedules, in one query each. */
    async names(ex: Executor, tourIds: number[], vesselIds: number[]) {
      const [tourRows, vesselRows] = await Promise.all([
        tourIds.length
          ? ex.select({ id: tours.id, name: tours.name }).from(tours).where(inArray(tours.id, tourIds))
          : [],
        vesselIds.length
          ? ex
              .select({ id: vessels.id, name: vessels.name })
              .from(vessels)
              .where(inArray(vessels.id, vesselIds))
          : [],
      ]);
      return {
        tours: new Map(tourRows.map((r) => [r.id, r.name])),
        vessels: new Map(vesselRows.map((r) => [r.id, r.name])),
      };
    },

    /** A page of departures with their tour's and vessel's names, earliest first. */
    async departures(ex: Executor, where: SQL | undefined, page: { limit: number; offset: number }) {
      const [total] = await ex
        .select({ n: count() })
        .from(schedules)
        .innerJoin(tours, eq(tours.id, schedules.tourId))
        .innerJoin(vessels, eq(vessels.id, schedules.vesselId))
        .where(where);
      const rows = await ex
        .select(departureColumns)
        .from(schedules)
        .innerJoin(tours, eq(tours.id, schedules.tourId))
        .innerJoin(vessels, eq(vessels.id, schedules.vesselId))
        .where(where)
        .orderBy(asc(schedules.from), asc(vessels.name), asc(schedules.id))
        .limit(page.limit)
        .offset(page.offset);
      const departures: TDeparture[] = rows.map(toDeparture);
      return { total: total?.n ?? 0, rows: departures };
    },

    /** Live departures of a vessel that start within `[first, last]` (both inclusive). */
    async startingWithin(ex: Executor, vesselId: number, first: string, last: string) {
      return ex
        .select()
        .from(schedules)
        .where(
          and(
            eq(schedules.vesselId, vesselId),
            ne(schedules.status, 'cancelled'),
            gte(schedules.from, first),
            lte(schedules.from, last),
          ),
        )
        .orderBy(asc(schedules.from));
    },

    /**
     * The persons on a departure: every guest of the room entries on it that hold their cabin or berths, by
     * cabin, bed and the guest's place in the booking. A guest without a customer record shows the name and
     * gender the booking gave it. A guest's bed: the one chosen for it, else the entry's held bed at the
     * guest's place (the hold gives the beds in guest order); '' in a cabin sold whole.
     */
    async customersOf(ex: Executor, scheduleId: number): Promise<TScheduleCustomer[]> {
      const held = await ex
        .select({ bookingId: occupancy.bookingId, roomId: occupancy.roomId, unit: occupancy.unit })
        .from(occupancy)
        .where(and(eq(occupancy.scheduleId, scheduleId), eq(occupancy.holds, true)))
        .orderBy(asc(occupancy.id));
      const units = new Map<string, string[]>();
      for (const h of held) {
        const key = `${h.bookingId}:${h.roomId}`;
        const entry = units.get(key);
        if (entry) entry.push(h.unit);
        else units.set(key, [h.unit]);
      }
      const guests = await ex
        .select({
          customerId: bookingGuests.customerId,
          name: sql<string | null>`coalesce(${customers.fullName}, ${bookingGuests.name})`,
          gender: sql<string>`coalesce(${customers.gender}, ${bookingGuests.gender})`,
          nationality: customers.nationality,
          birthday: customers.birthday,
          roomId: bookingRooms.roomId,
          roomName: rooms.name,
          roomSort: rooms.sort,
          bed: bookingGuests.bed,
          bookingId: bookings.id,
          bookingNo: bookingNumber,
          state: bookings.state,
          resolved: bookings.resolved,
        })
        .from(bookingGuests)
        .innerJoin(bookingRooms, eq(bookingRooms.id, bookingGuests.bookingRoomId))
        .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
        .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
        .leftJoin(customers, eq(customers.id, bookingGuests.customerId))
        .where(eq(bookingRooms.scheduleId, scheduleId))
        .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(bookingGuests.id));
      const place = new Map<string, number>();
      const rows = guests.flatMap(({ bed, roomSort, state, ...guest }) => {
        const key = `${guest.bookingId}:${guest.roomId}`;
        const entryUnits = units.get(key);
        if (!entryUnits) return []; // the entry holds nothing (released, cancelled, waiting)
        const index = place.get(key) ?? 0;
        place.set(key, index + 1);
        const unit = bed ?? entryUnits[index] ?? '';
        return [{ ...guest, unit, roomSort, state: state as TBookingState }];
      });
      rows.sort(
        (a, b) =>
          a.roomSort - b.roomSort ||
          a.roomName.localeCompare(b.roomName) ||
          a.unit.localeCompare(b.unit) ||
          a.bookingId - b.bookingId,
      );
      return rows.map(({ roomSort, ...row }) => row);
    },
  };
}
export type TToursRepository = ReturnType<typeof createToursRepository>;

/**
 * What lists of departures may filter and sort by (`/api/schedules` and the `filter` of `tours/booking`).
 * `active` is the derived status of spec platform §4: under way today, `from <= today < to`.
 */
export const SCHEDULE_FIELDS: TListFields = {
  id: { column: schedules.id, type: 'number', sort: true, filter: true },
  tourId: { column: schedules.tourId, type: 'number', sort: true, filter: true },
  vesselId: { column: schedules.vesselId, type: 'number', sort: true, filter: true },
  from: { column: schedules.from, type: 'date', sort: true, filter: true },
  to: { column: schedules.to, type: 'date', sort: true, filter: true },
  status: { column: schedules.status, type: 'string', sort: true, filter: true },
  isVisible: { column: schedules.isVisible, type: 'boolean', sort: true, filter: true },
  note: { column: schedules.note, type: 'string', filter: true, search: true },
  active: {
    column: sql`(${schedules.from} <= current_date and ${schedules.to} > current_date)`,
    type: 'boolean',
    filter: true,
  },
};

export const TOUR_FIELDS: TListFields = {
  id: { column: tours.id, type: 'number', sort: true, filter: true },
  name: { column: tours.name, type: 'string', sort: true, filter: true, search: true },
  code: { column: tours.code, type: 'string', sort: true, filter: true, search: true },
  vesselId: { column: tours.vesselId, type: 'number', sort: true, filter: true },
  destinationId: { column: tours.destinationId, type: 'number', sort: true, filter: true },
  nights: { column: tours.nights, type: 'number', sort: true, filter: true },
  isActive: { column: tours.isActive, type: 'boolean', sort: true, filter: true },
  isVisible: { column: tours.isVisible, type: 'boolean', sort: true, filter: true },
  sort: { column: tours.sort, type: 'number', sort: true, filter: true },
};

/**
 * Spec platform §6 asset visibility: a user with a vessel list sees only the departures of those
 * vessels; an empty list sees all.
 */
export const ownSchedules = (user: { vessels: number[] }): SQL | undefined =>
  user.vessels.length > 0 ? inArray(schedules.vesselId, user.vessels) : undefined;

/** Departures starting today or later. */
export const startsFromToday = () => gte(schedules.from, sql`current_date`);
/** Departures sharing a day with `[first, last]` (both inclusive). */
export const touchingDays = (first: string, last: string) =>
  and(lte(schedules.from, last), gt(schedules.to, first));
export const scheduleWhere = {
  vessel: (id: number) => eq(schedules.vesselId, id),
  tour: (id: number) => eq(schedules.tourId, id),
  live: () => ne(schedules.status, 'cancelled'),
  open: () => eq(schedules.status, 'open'),
  /**
   * What an agent may sell (the agency channel books open departures only): open and visible, of an
   * active, visible tour and vessel. Needs the departure list's joins of tours and vessels.
   */
  sellable: () =>
    and(
      eq(schedules.status, 'open'),
      eq(schedules.isVisible, true),
      eq(tours.isActive, true),
      eq(tours.isVisible, true),
      eq(vessels.isActive, true),
      eq(vessels.isVisible, true),
    ),
};
