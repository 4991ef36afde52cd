import { BOOKING_STATES } from '@atoll/domain/bookings';
import { DEFAULT_TIMEZONE } from '@atoll/domain/constants';
import { holdsInventory } from '@atoll/domain/inventory/availability';
import { and, asc, count, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  calculationLines,
  customers,
  resorts,
  rooms,
  todos,
  vessels,
} from '../../db/schema.ts';

// The queries behind the bookings' reports (bookings-reports.service.ts): arrivals, statistics, the end
// of day, the guests in house, the todo names and a booking's product lines. Every query takes the
// caller's visibility condition (bookingVisibility) and, where it says so, the holding condition.

/**
 * Bookings that hold their rooms (domain-rules §1.4), from the domain's own rule: states that hold
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

/** The booking's number as people name it: booking, else reservation, else offer number. */
const numberOf = sql<
  string | null
>`coalesce(${bookings.bookingNo}, ${bookings.reservationNo}, ${bookings.offerNo})`;
/** The date of a timestamp in the installation's time zone. */
const dayOf = (column: PgColumn) =>
  sql<string>`(${column} at time zone ${sql.raw(`'${DEFAULT_TIMEZONE}'`)})::date`;
const inDays = (column: PgColumn, from: string, to: string) =>
  and(sql`${dayOf(column)} >= ${from}::date`, sql`${dayOf(column)} <= ${to}::date`);
/**
 * The guests of a room entry. Written with explicit names: Drizzle leaves columns unqualified in a one-table
 * query, and an unqualified `id` inside the subquery would name the guest's own id.
 */
const guestCount = sql<number>`(select count(*)::int from booking_guests g where g.booking_room_id = booking_rooms.id)`;

const stayColumns = {
  bookingId: bookings.id,
  number: numberOf,
  state: bookings.state,
  entryId: bookingRooms.id,
  roomId: bookingRooms.roomId,
  roomName: rooms.name,
  from: bookingRooms.from,
  to: bookingRooms.to,
  checkIn: bookingRooms.checkIn,
  checkOut: bookingRooms.checkOut,
  customerId: bookings.customerId,
  customerName: customers.fullName,
  guests: guestCount,
};
export type TStayQueryRow = {
  bookingId: number;
  number: string | null;
  state: string;
  entryId: number;
  roomId: number;
  roomName: string;
  from: string;
  to: string;
  checkIn: Date | null;
  checkOut: Date | null;
  customerId: number | null;
  customerName: string | null;
  guests: number;
};

/** Room entries matching `where`, in order of their first night (departures: their last day), room, booking. */
export async function stayRows(
  ex: Executor,
  where: SQL | undefined,
  by: 'from' | 'to' = 'from',
): Promise<TStayQueryRow[]> {
  const rows = await ex
    .select(stayColumns)
    .from(bookingRooms)
    .innerJoin(bookings, eq(bookings.id, bookingRooms.bookingId))
    .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(where)
    .orderBy(asc(bookingRooms[by]), asc(rooms.name), asc(bookings.id), asc(bookingRooms.id));
  return rows.map((r) => ({ ...r, guests: Number(r.guests) }));
}

export const stayConditions = {
  arriving: (from: string, to: string) => and(gte(bookingRooms.from, from), lte(bookingRooms.from, to)),
  departing: (from: string, to: string) => and(gte(bookingRooms.to, from), lte(bookingRooms.to, to)),
  /** A night in `[from, to]`: the entry starts on or before `to` and ends after `from`. */
  inHouse: (from: string, to: string) =>
    and(lte(bookingRooms.from, to), sql`${bookingRooms.to} > ${from}::date`) as SQL,
  checkedIn: (from: string, to: string) => inDays(bookingRooms.checkIn, from, to),
  checkedOut: (from: string, to: string) => inDays(bookingRooms.checkOut, from, to),
  ofAsset: (asset: { kind: 'resort' | 'vessel'; id: number } | undefined) =>
    asset === undefined
      ? undefined
      : asset.kind === 'resort'
        ? eq(rooms.resortId, asset.id)
        : eq(rooms.vesselId, asset.id),
};

/** Bookings (whole rows, in creation order) matching `where`: new bookings and cancellations. */
export async function reportBookings(ex: Executor, where: SQL | undefined) {
  return ex
    .select({
      bookingId: bookings.id,
      number: numberOf,
      state: bookings.state,
      from: bookings.from,
      to: bookings.to,
      noOfPax: bookings.noOfPax,
      customerName: customers.fullName,
      agencyName: agencies.name,
      currency: bookings.currency,
      total: bookings.total,
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(where)
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

export const bookingConditions = {
  createdIn: (from: string, to: string) => inDays(bookings.createdAt, from, to),
  cancelledIn: (from: string, to: string) => inDays(bookings.cancelationDate, from, to),
};

/** Per arrival day and asset: the bookings and guests of the entries arriving. */
export async function arrivalCounts(ex: Executor, where: SQL | undefined) {
  const assetName = sql<string | null>`coalesce(${resorts.name}, ${vessels.name})`;
  const rows = await ex
    .select({
      date: bookingRooms.from,
      resortId: rooms.resortId,
      vesselId: rooms.vesselId,
      assetName,
      bookings: sql<number>`count(distinct ${bookings.id})::int`,
      guests: sql<number>`coalesce(sum(${guestCount}), 0)::int`,
    })
    .from(bookingRooms)
    .innerJoin(bookings, eq(bookings.id, bookingRooms.bookingId))
    .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
    .leftJoin(resorts, eq(resorts.id, rooms.resortId))
    .leftJoin(vessels, eq(vessels.id, rooms.vesselId))
    .where(where)
    .groupBy(bookingRooms.from, rooms.resortId, rooms.vesselId, resorts.name, vessels.name)
    .orderBy(asc(bookingRooms.from), asc(assetName));
  return rows.map((r) => ({ ...r, bookings: Number(r.bookings), guests: Number(r.guests) }));
}

/** Count, pax and Σ total of the bookings matching `where`, by state and currency. */
export async function stateFigures(ex: Executor, where: SQL | undefined) {
  const rows = await ex
    .select({
      state: bookings.state,
      currency: bookings.currency,
      count: count(),
      pax: sql<number>`coalesce(sum(${bookings.noOfPax}), 0)::int`,
      revenue: sql<string>`coalesce(sum(${bookings.total}), 0)::numeric(14,2)::text`,
    })
    .from(bookings)
    .where(where)
    .groupBy(bookings.state, bookings.currency)
    .orderBy(asc(bookings.state), asc(bookings.currency));
  return rows.map((r) => ({ ...r, count: Number(r.count), pax: Number(r.pax) }));
}

export const figureConditions = {
  createdIn: (from: string, to: string) => inDays(bookings.createdAt, from, to),
  /** Arriving from `from` up to `to`, exclusive. */
  arrivingIn: (from: string, to: string) => and(gte(bookings.from, from), lt(bookings.from, to)),
};

/** The guests of the entries matching `where`, with room and customer, in date, room and guest order. */
export async function guestsInHouse(ex: Executor, where: SQL | undefined) {
  return ex
    .select({
      bookingId: bookings.id,
      number: numberOf,
      state: bookings.state,
      entryId: bookingRooms.id,
      roomId: bookingRooms.roomId,
      roomName: rooms.name,
      from: bookingRooms.from,
      to: bookingRooms.to,
      guestId: bookingGuests.id,
      customerId: bookingGuests.customerId,
      name: sql<string | null>`coalesce(${customers.fullName}, ${bookingGuests.name})`,
      gender: bookingGuests.gender,
      age: bookingGuests.age,
      checkIn: bookingRooms.checkIn,
      checkOut: bookingRooms.checkOut,
    })
    .from(bookingGuests)
    .innerJoin(bookingRooms, eq(bookingRooms.id, bookingGuests.bookingRoomId))
    .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
    .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
    .leftJoin(customers, eq(customers.id, bookingGuests.customerId))
    .where(where)
    .orderBy(
      asc(bookingRooms.from),
      asc(rooms.name),
      asc(bookingRooms.id),
      asc(bookingGuests.sort),
      asc(bookingGuests.id),
    );
}

/** The active todo definitions (table of the todos module), by group and name. */
export async function taskNames(ex: Executor) {
  return ex
    .select({ id: todos.id, name: todos.name, group: todos.group })
    .from(todos)
    .where(eq(todos.isActive, true))
    .orderBy(asc(todos.group), asc(todos.name), asc(todos.id));
}

/** Lines of one booking of the given types, in position order. */
export async function linesOfTypes(ex: Executor, bookingId: number, types: readonly string[]) {
  return ex
    .select()
    .from(calculationLines)
    .where(and(eq(calculationLines.bookingId, bookingId), inArray(calculationLines.type, [...types])))
    .orderBy(asc(calculationLines.position), asc(calculationLines.id));
}
