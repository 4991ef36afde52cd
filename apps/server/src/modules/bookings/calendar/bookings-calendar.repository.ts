import type {
  TCalendarBlock,
  TCalendarEntry,
  TCalendarRoom,
  TCalendarSchedule,
} from '@atoll/domain/bookings/calendar';
import { and, asc, eq, gt, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  agencies,
  bookingCategories,
  bookingGuests,
  bookingRooms,
  bookings,
  calculationLines,
  customers,
  resorts,
  roomBlocks,
  rooms,
  roomTypes,
  schedules,
  tours,
  vessels,
} from '../../../db/schema.ts';

// The queries of the booking calendars (GET /api/bookings/events): one per table, each on an index
// (rooms by asset, booking_rooms_room_idx, room_blocks_room_idx, schedules_vessel_idx). Decides nothing.

export type TCalendarAsset = { kind: 'resort' | 'vessel'; id: number };
export type TCalendarRange = { from: string; to: string; scheduleId?: number };

/** Rebooked and split bookings are hidden on the calendars (docs/domain/availability.md). */
const HIDDEN_STATES = ['rebooked', 'splitted'];

const roomsOf = (asset: TCalendarAsset) =>
  asset.kind === 'resort' ? eq(rooms.resortId, asset.id) : eq(rooms.vesselId, asset.id);

/** The ids of the asset's rooms, as a sub-select for the room-keyed indexes. */
const roomIdsOf = (ex: Executor, asset: TCalendarAsset) =>
  ex.select({ id: rooms.id }).from(rooms).where(roomsOf(asset));

export function createBookingCalendarRepository() {
  return {
    async assetExists(ex: Executor, asset: TCalendarAsset): Promise<boolean> {
      const table = asset.kind === 'resort' ? resorts : vessels;
      const found = await ex.select({ id: table.id }).from(table).where(eq(table.id, asset.id));
      return found.length > 0;
    },

    /** The rows of the grid: the asset's rooms by room type and sort. */
    calendarRooms(ex: Executor, asset: TCalendarAsset): Promise<TCalendarRoom[]> {
      return ex
        .select({
          id: rooms.id,
          name: rooms.name,
          roomTypeId: rooms.roomTypeId,
          roomTypeName: roomTypes.name,
          availableBeds: rooms.availableBeds,
          isActive: rooms.isActive,
        })
        .from(rooms)
        .leftJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
        .where(roomsOf(asset))
        .orderBy(asc(roomTypes.sort), asc(roomTypes.name), asc(rooms.sort), asc(rooms.name), asc(rooms.id));
    },

    /** The room entries overlapping `[from, to)` of bookings the user may see (`visible`). */
    async calendarEntries(
      ex: Executor,
      asset: TCalendarAsset,
      range: TCalendarRange,
      visible: SQL | undefined,
    ): Promise<TCalendarEntry[]> {
      const rows = await ex
        .select({
          entryId: bookingRooms.id,
          bookingId: bookingRooms.bookingId,
          roomId: bookingRooms.roomId,
          scheduleId: bookingRooms.scheduleId,
          from: bookingRooms.from,
          to: bookingRooms.to,
          checkIn: bookingRooms.checkIn,
          checkOut: bookingRooms.checkOut,
          whole: bookingRooms.whole,
          locked: bookingRooms.locked,
          pax: sql<number>`(select count(*)::int from ${bookingGuests} where ${bookingGuests.bookingId} = ${bookingRooms.bookingId} and ${bookingGuests.bookingRoomId} = ${bookingRooms.id})`,
          state: bookings.state,
          resolved: bookings.resolved,
          offerNo: bookings.offerNo,
          reservationNo: bookings.reservationNo,
          bookingNo: bookings.bookingNo,
          // The booking's customer, else its first named guest (bookings made with placeholders).
          leadGuest: sql<
            string | null
          >`coalesce(${customers.fullName}, (select ${bookingGuests.name} from ${bookingGuests} where ${bookingGuests.bookingId} = ${bookings.id} and ${bookingGuests.name} is not null order by ${bookingGuests.sort}, ${bookingGuests.id} limit 1))`,
          noOfPax: bookings.noOfPax,
          agencyName: agencies.name,
          categoryColor: bookingCategories.color,
          // Free of charge: a room line the guest does not pay (FOC specials make it ForFree).
          isFreeOfCharge: sql<boolean>`exists (select 1 from ${calculationLines} where ${calculationLines.bookingId} = ${bookings.id} and ${calculationLines.type} = 'room_cost' and ${calculationLines.customerType} = 'ForFree')`,
          version: bookings.version,
        })
        .from(bookingRooms)
        .innerJoin(bookings, eq(bookings.id, bookingRooms.bookingId))
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
        .leftJoin(bookingCategories, eq(bookingCategories.id, bookings.categoryId))
        .where(
          and(
            inArray(bookingRooms.roomId, roomIdsOf(ex, asset)),
            lt(bookingRooms.from, range.to),
            gt(bookingRooms.to, range.from),
            range.scheduleId ? eq(bookingRooms.scheduleId, range.scheduleId) : undefined,
            notInArray(bookings.state, HIDDEN_STATES),
            visible,
          ),
        )
        .orderBy(asc(bookingRooms.roomId), asc(bookingRooms.from), asc(bookingRooms.id));
      return rows.map((row) => ({
        ...row,
        checkIn: row.checkIn?.toISOString() ?? null,
        checkOut: row.checkOut?.toISOString() ?? null,
        state: row.state as TCalendarEntry['state'],
      }));
    },

    /** Maintenance, out-of-order and event blocks of the asset's rooms overlapping the range. */
    async calendarBlocks(
      ex: Executor,
      asset: TCalendarAsset,
      range: TCalendarRange,
    ): Promise<TCalendarBlock[]> {
      const rows = await ex
        .select({
          id: roomBlocks.id,
          roomId: roomBlocks.roomId,
          kind: roomBlocks.kind,
          from: roomBlocks.from,
          to: roomBlocks.to,
          reason: roomBlocks.reason,
        })
        .from(roomBlocks)
        .where(
          and(
            inArray(roomBlocks.roomId, roomIdsOf(ex, asset)),
            lt(roomBlocks.from, range.to),
            gt(roomBlocks.to, range.from),
          ),
        )
        .orderBy(asc(roomBlocks.roomId), asc(roomBlocks.from));
      return rows.map((row) => ({ ...row, kind: row.kind as TCalendarBlock['kind'] }));
    },

    /** The vessel's departures overlapping the range (the vessel calendar's columns). */
    calendarSchedules(ex: Executor, vesselId: number, range: TCalendarRange): Promise<TCalendarSchedule[]> {
      return ex
        .select({
          id: schedules.id,
          tourName: tours.name,
          from: schedules.from,
          to: schedules.to,
          status: schedules.status,
        })
        .from(schedules)
        .innerJoin(tours, eq(tours.id, schedules.tourId))
        .where(
          and(
            eq(schedules.vesselId, vesselId),
            lt(schedules.from, range.to),
            gt(schedules.to, range.from),
            range.scheduleId ? eq(schedules.id, range.scheduleId) : undefined,
          ),
        )
        .orderBy(asc(schedules.from), asc(schedules.id));
    },
  };
}
export type TBookingCalendarRepository = ReturnType<typeof createBookingCalendarRepository>;
