import { OPTION_EXPIRING_DAYS, type TBookingListQuery } from '@atoll/domain/bookings/queries';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { missingGuestformCondition } from '../../../db/booking-conditions.ts';
import type { Executor } from '../../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  bookingVersions,
  customers,
  resorts,
  rooms,
  roomTypes,
  users,
  vessels,
} from '../../../db/schema.ts';
import { badRequest } from '../../../http/errors.ts';
import { compileFilter, likeContains, type TListFields } from '../../../http/filter.ts';
import { summaryColumns, type TBookingSummaryRow } from '../bookings.repository.ts';

// The queries behind the bookings' GET calls: the list, lookups, history and the booking's parts.
// Every query takes the caller's visibility condition (bookingVisibility) and decides nothing else.

type TField = TListFields[string] & { nullable?: boolean };
const field = (column: TField['column'], type: TField['type'], extra: Partial<TField> = {}): TField => ({
  column,
  type,
  sort: true,
  filter: true,
  ...extra,
});

/** The list's fields (the summary columns): sort and filter by each; the search is `bookingSearch`. */
export const BOOKING_LIST_FIELDS: Record<string, TField> = {
  id: field(bookings.id, 'number'),
  state: field(bookings.state, 'string'),
  resolved: field(bookings.resolved, 'boolean'),
  offerNo: field(bookings.offerNo, 'string', { nullable: true }),
  reservationNo: field(bookings.reservationNo, 'string', { nullable: true }),
  bookingNo: field(bookings.bookingNo, 'string', { nullable: true }),
  type: field(bookings.type, 'string'),
  channel: field(bookings.channel, 'string'),
  resortId: field(bookings.resortId, 'number', { nullable: true }),
  vesselId: field(bookings.vesselId, 'number', { nullable: true }),
  scheduleId: field(bookings.scheduleId, 'number', { nullable: true }),
  tourId: field(bookings.tourId, 'number', { nullable: true }),
  from: field(bookings.from, 'date'),
  to: field(bookings.to, 'date'),
  noOfPax: field(bookings.noOfPax, 'number'),
  customerId: field(bookings.customerId, 'number', { nullable: true }),
  customerName: field(customers.fullName, 'string', { nullable: true }),
  agencyId: field(bookings.agencyId, 'number', { nullable: true }),
  agencyName: field(agencies.name, 'string', { nullable: true }),
  userId: field(bookings.userId, 'number', { nullable: true }),
  language: field(bookings.language, 'string'),
  currency: field(bookings.currency, 'string'),
  total: field(bookings.total, 'number'),
  optionExpiry: field(bookings.optionExpiry, 'datetime', { nullable: true }),
  hasOpenTodos: field(bookings.hasOpenTodos, 'boolean'),
  hasExceededDueDate: field(bookings.hasExceededDueDate, 'boolean'),
  paid: field(bookings.paid, 'number'),
  openAmount: field(bookings.openAmount, 'number'),
  paymentStatus: field(bookings.paymentStatus, 'string'),
  nextDueDate: field(bookings.nextDueDate, 'date', { nullable: true }),
  version: field(bookings.version, 'number'),
  createdAt: field(bookings.createdAt, 'datetime'),
  updatedAt: field(bookings.updatedAt, 'datetime'),
};

/** States whose bookings are still in play (the `find` call's onlyActive). */
export const ACTIVE_STATES = ['draft', 'planned', 'confirmed', 'waiting'];

function statesCondition(states: readonly string[] | undefined): SQL | undefined {
  if (!states?.length) return undefined;
  const plain = states.filter((s) => s !== 'notResolved');
  const parts: SQL[] = [];
  if (plain.length) parts.push(inArray(bookings.state, plain));
  if (plain.length < states.length) {
    parts.push(and(eq(bookings.resolved, false), inArray(bookings.state, ['planned', 'confirmed'])) as SQL);
  }
  return or(...parts);
}

/**
 * The list search: any number of the booking, the customer (name, e-mail, phone), a traveller (a guest's own
 * name or its customer record) or the agency's name contains the text. Each part is answered by its own index
 * and the ids united, so 100,000 bookings are not read.
 */
export function bookingSearch(search: string | undefined): SQL | undefined {
  const text = search?.trim().toLowerCase();
  if (!text) return undefined;
  const pattern = likeContains(text);
  return sql`${bookings.id} in (
    select ${bookings.id} from ${bookings} where ${bookings.searchText} like ${pattern}
    union
    select ${bookings.id} from ${bookings} join ${customers} on ${customers.id} = ${bookings.customerId}
      where ${customers.searchText} like ${pattern}
    union
    select ${bookingGuests.bookingId} from ${bookingGuests} where lower(${bookingGuests.name}) like ${pattern}
    union
    select ${bookingGuests.bookingId} from ${bookingGuests} join ${customers} on ${customers.id} = ${bookingGuests.customerId}
      where ${customers.searchText} like ${pattern}
    union
    select ${bookings.id} from ${bookings} join ${agencies} on ${agencies.id} = ${bookings.agencyId}
      where ${agencies.name} ilike ${pattern})`;
}

/** `from`/`to` as the list's date mode reads them: overlapping stays, or arrivals or departures in the range. */
function datesCondition(query: Pick<TBookingListQuery, 'from' | 'to' | 'dates'>): SQL | undefined {
  const column =
    query.dates === 'arrival' ? bookings.from : query.dates === 'departure' ? bookings.to : undefined;
  if (column)
    return and(
      query.from === undefined ? undefined : gte(column, query.from),
      query.to === undefined ? undefined : lte(column, query.to),
    );
  // Overlapping the range, both ends included: a stay that departs on `from` counts.
  return and(
    query.from === undefined ? undefined : gte(bookings.to, query.from),
    query.to === undefined ? undefined : lte(bookings.from, query.to),
  );
}

/** Planned with an option that lapses within OPTION_EXPIRING_DAYS of `now`, or has lapsed unresolved. */
export function optionExpiringCondition(now: Date): SQL {
  const until = new Date(now.getTime() + OPTION_EXPIRING_DAYS * 86_400_000);
  return and(
    eq(bookings.state, 'planned'),
    isNotNull(bookings.optionExpiry),
    lt(bookings.optionExpiry, until),
  ) as SQL;
}

/** The list's yes/no filters: each one asked for narrows the list. */
function flagsCondition(query: TBookingListQuery): SQL | undefined {
  return and(
    query.overdue ? eq(bookings.hasExceededDueDate, true) : undefined,
    query.optionExpiring ? optionExpiringCondition(new Date()) : undefined,
    query.openTodos ? eq(bookings.hasOpenTodos, true) : undefined,
    query.missingGuestforms ? missingGuestformCondition : undefined,
  );
}

/** The list's condition: visibility, search, filter and the booking list's own filters. */
export function listCondition(visibility: SQL | undefined, query: TBookingListQuery): SQL | undefined {
  const byId = (column: PgColumn, id: number | undefined) => (id === undefined ? undefined : eq(column, id));
  return and(
    visibility,
    bookingSearch(query.search),
    compileFilter(query.filter, BOOKING_LIST_FIELDS),
    statesCondition(query.states),
    datesCondition(query),
    flagsCondition(query),
    byId(bookings.resortId, query.resortId),
    byId(bookings.vesselId, query.vesselId),
    byId(bookings.scheduleId, query.scheduleId),
    byId(bookings.agencyId, query.agencyId),
    byId(bookings.customerId, query.customerId),
  );
}

/**
 * The order of the list: the chosen column, then the id in the same direction, so that the default
 * (`from` descending) walks the (from, id) index backwards. Only nullable columns sort empty values last.
 */
export function listOrder(query: Pick<TBookingListQuery, 'sort' | 'order'>): SQL[] {
  const chosen = Object.hasOwn(BOOKING_LIST_FIELDS, query.sort) ? BOOKING_LIST_FIELDS[query.sort] : undefined;
  if (!chosen?.sort) throw badRequest(`Cannot sort by "${query.sort}"`, 'sort');
  const direction = query.order === -1 ? sql`desc` : sql`asc`;
  const nulls = chosen.nullable ? sql` nulls last` : sql``;
  return [sql`${chosen.column} ${direction}${nulls}`, sql`${bookings.id} ${direction}`];
}

/** The booking list's rows with the names (left joins): count and page in two queries. */
function fromBookings<T extends Record<string, unknown>>(ex: Executor, columns: T) {
  return ex
    .select(columns as never)
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoin(resorts, eq(resorts.id, bookings.resortId))
    .leftJoin(vessels, eq(vessels.id, bookings.vesselId));
}

async function countBookings(ex: Executor, where: SQL | undefined): Promise<number> {
  const [row] = (await fromBookings(ex, { total: count() }).where(where)) as { total: number }[];
  return row?.total ?? 0;
}

/** The rows the condition lets through, counted up to `limit` (the count stops there, the scan too). */
async function countBookingsUpTo(ex: Executor, where: SQL | undefined, limit: number) {
  const matching = fromBookings(ex, { one: sql`1`.as('one') })
    .where(where)
    .limit(limit)
    .as('matching');
  const [row] = (await ex.select({ total: count() }).from(matching)) as { total: number }[];
  return row?.total ?? 0;
}

/** Summary rows (and, for staff CSV, the commission) of one page. */
async function pageOfBookings(
  ex: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
  withCommission = false,
) {
  const columns = withCommission
    ? {
        ...summaryColumns,
        commission: bookings.commission,
        commissionPercent: bookings.commissionPercent,
      }
    : summaryColumns;
  return (await fromBookings(ex, columns)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as (TBookingSummaryRow & { commission?: string; commissionPercent?: string })[];
}

/** A quick lookup by any number or the customer's name. */
async function findBookings(
  ex: Executor,
  visibility: SQL | undefined,
  text: string,
  onlyActive: boolean,
  limit: number,
) {
  const where = and(
    visibility,
    bookingSearch(text),
    onlyActive ? inArray(bookings.state, ACTIVE_STATES) : undefined,
  );
  return pageOfBookings(ex, where, listOrder({ sort: 'from', order: -1 }), limit, 0);
}

/** The id and version of a booking the condition lets through, or undefined. */
async function findVisible(ex: Executor, id: number, visibility: SQL | undefined) {
  const [row] = await ex
    .select({ id: bookings.id, version: bookings.version, customerId: bookings.customerId })
    .from(bookings)
    .where(and(eq(bookings.id, id), visibility));
  return row;
}

/** The years in which visible bookings start or end. */
async function bookingYears(ex: Executor, visibility: SQL | undefined): Promise<number[]> {
  const first = ex
    .selectDistinct({ year: sql<number>`extract(year from ${bookings.from})::int`.as('year') })
    .from(bookings)
    .where(visibility);
  const last = ex
    .selectDistinct({ year: sql<number>`extract(year from ${bookings.to} - 1)::int`.as('year') })
    .from(bookings)
    .where(visibility);
  const rows = await first.union(last);
  return rows.map((r) => Number(r.year)).sort((a, b) => a - b);
}

const versionColumns = {
  version: bookingVersions.version,
  action: bookingVersions.action,
  userId: bookingVersions.userId,
  userName: users.name,
  createdAt: bookingVersions.createdAt,
  changes: bookingVersions.changes,
};
export type TVersionRow = {
  version: number;
  action: string;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
  changes: unknown;
  snapshot?: unknown;
};

/** Versions of a booking, newest first; with their snapshots when asked (to diff them). */
async function versionRows(
  ex: Executor,
  bookingId: number,
  page: { limit?: number; offset?: number; withSnapshots?: boolean } = {},
): Promise<TVersionRow[]> {
  const columns = page.withSnapshots
    ? { ...versionColumns, snapshot: bookingVersions.snapshot }
    : versionColumns;
  const query = ex
    .select(columns)
    .from(bookingVersions)
    .leftJoin(users, eq(users.id, bookingVersions.userId))
    .where(eq(bookingVersions.bookingId, bookingId))
    .orderBy(desc(bookingVersions.version))
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
  return query;
}

async function countVersions(ex: Executor, bookingId: number): Promise<number> {
  const [row] = await ex
    .select({ total: count() })
    .from(bookingVersions)
    .where(eq(bookingVersions.bookingId, bookingId));
  return row?.total ?? 0;
}

/** The snapshot of one version; `before`: of the newest version older than it instead. */
async function versionSnapshot(
  ex: Executor,
  bookingId: number,
  version: number,
  before = false,
): Promise<{ version: number; snapshot: unknown } | undefined> {
  const [row] = await ex
    .select({ version: bookingVersions.version, snapshot: bookingVersions.snapshot })
    .from(bookingVersions)
    .where(
      and(
        eq(bookingVersions.bookingId, bookingId),
        before ? sql`${bookingVersions.version} < ${version}` : eq(bookingVersions.version, version),
      ),
    )
    .orderBy(desc(bookingVersions.version))
    .limit(1);
  return row;
}

/** The guests of a booking with their customer records and rooms, in room and guest order. */
async function bookingCustomers(ex: Executor, bookingId: number) {
  return ex
    .select({
      guestId: bookingGuests.id,
      bookingRoomId: bookingGuests.bookingRoomId,
      roomName: rooms.name,
      customerId: bookingGuests.customerId,
      guestName: bookingGuests.name,
      fullName: customers.fullName,
      firstName: customers.firstName,
      lastName: customers.lastName,
      gender: bookingGuests.gender,
      age: bookingGuests.age,
    })
    .from(bookingGuests)
    .innerJoin(bookingRooms, eq(bookingRooms.id, bookingGuests.bookingRoomId))
    .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
    .leftJoin(customers, eq(customers.id, bookingGuests.customerId))
    .where(eq(bookingGuests.bookingId, bookingId))
    .orderBy(asc(bookingRooms.sort), asc(bookingRooms.id), asc(bookingGuests.sort), asc(bookingGuests.id));
}

/**
 * The room entries of a booking with room and room type names and the number of guests. The room type
 * is the entry's (what was booked), else the room's.
 */
async function bookingCabins(ex: Executor, bookingId: number) {
  const roomTypeId = sql<number | null>`coalesce(${bookingRooms.roomTypeId}, ${rooms.roomTypeId})`;
  return ex
    .select({
      id: bookingRooms.id,
      roomId: bookingRooms.roomId,
      roomName: rooms.name,
      roomTypeId,
      roomTypeName: roomTypes.name,
      scheduleId: bookingRooms.scheduleId,
      from: bookingRooms.from,
      to: bookingRooms.to,
      whole: bookingRooms.whole,
      checkIn: bookingRooms.checkIn,
      checkOut: bookingRooms.checkOut,
      locked: bookingRooms.locked,
      noOfGuests: sql<number>`(select count(*)::int from ${bookingGuests} where ${bookingGuests.bookingRoomId} = ${bookingRooms.id})`,
    })
    .from(bookingRooms)
    .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
    .leftJoin(roomTypes, eq(roomTypes.id, roomTypeId))
    .where(eq(bookingRooms.bookingId, bookingId))
    .orderBy(asc(bookingRooms.sort), asc(bookingRooms.id));
}

/** The queries of the booking lists, counts, years, versions and a booking's customers and cabins. */
export function createBookingQueriesRepository() {
  return {
    countBookings,
    countBookingsUpTo,
    pageOfBookings,
    findBookings,
    findVisible,
    bookingYears,
    versionRows,
    countVersions,
    versionSnapshot,
    bookingCustomers,
    bookingCabins,
  };
}

export type TBookingQueriesRepository = ReturnType<typeof createBookingQueriesRepository>;
