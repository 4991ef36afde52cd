import type { TReportState } from '@atoll/domain/bookings/queries';
import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, count, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { operatorTimeZone } from '../../../clock.ts';
import { bookingNumber, bookingVisibility, holdingCondition } from '../../../db/booking-conditions.ts';
import type { Db, Executor } from '../../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  calculationLines,
  currencies,
  customers,
  exchangeRates,
  resorts,
  rooms,
  todos,
  vessels,
} from '../../../db/schema.ts';

// The queries behind the bookings' reports (bookings-reports.service.ts): arrivals, statistics, the end
// of day, the guests in house, the todo names and a booking's product lines. Every query takes the
// caller's visibility condition (bookingVisibility) and, where it says so, the holding condition. The
// service passes who asks and plain values; the conditions are built here.

/**
 * The operator's time zone as an SQL literal: a parameter would make each use a different expression, and
 * GROUP BY needs the select's. The clock holds only names Intl knows; quotes are doubled all the same.
 */
export const zoneLiteral = () => sql.raw(`'${operatorTimeZone().replaceAll("'", "''")}'`);
/** The date of a timestamp in the operator's time zone. */
const dayOf = (column: PgColumn) => sql<string>`(${column} at time zone ${zoneLiteral()})::date`;
const inDays = (column: PgColumn, from: string, to: string) =>
  and(sql`${dayOf(column)} >= ${from}::date`, sql`${dayOf(column)} <= ${to}::date`);
/**
 * The guests of a room entry. Written with explicit names: Drizzle leaves columns unqualified in a one-table
 * query, and an unqualified `id` inside the subquery would name the guest's own id.
 */
const guestCount = sql<number>`(select count(*)::int from booking_guests g where g.booking_room_id = booking_rooms.id)`;

const stayColumns = {
  bookingId: bookings.id,
  number: bookingNumber,
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
async function stayRows(
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

const stayConditions = {
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
async function reportBookings(ex: Executor, where: SQL | undefined) {
  return ex
    .select({
      bookingId: bookings.id,
      number: bookingNumber,
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

const bookingConditions = {
  createdIn: (from: string, to: string) => inDays(bookings.createdAt, from, to),
  cancelledIn: (from: string, to: string) => inDays(bookings.cancelationDate, from, to),
};

/** Per arrival day and asset: the bookings and guests of the entries arriving. */
async function arrivalCounts(ex: Executor, where: SQL | undefined) {
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
async function stateFigures(ex: Executor, where: SQL | undefined) {
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

const figureConditions = {
  createdIn: (from: string, to: string) => inDays(bookings.createdAt, from, to),
  /** Arriving from `from` up to `to`, exclusive. */
  arrivingIn: (from: string, to: string) => and(gte(bookings.from, from), lt(bookings.from, to)),
};

/** The guests of the entries matching `where`, with room and customer, in date, room and guest order. */
async function guestsInHouse(ex: Executor, where: SQL | undefined) {
  return ex
    .select({
      bookingId: bookings.id,
      number: bookingNumber,
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
async function taskNames(ex: Executor) {
  return ex
    .select({ id: todos.id, name: todos.name, group: todos.group })
    .from(todos)
    .where(eq(todos.isActive, true))
    .orderBy(asc(todos.group), asc(todos.name), asc(todos.id));
}

/** Lines of one booking of the given types, in position order. */
async function linesOfTypes(ex: Executor, bookingId: number, types: readonly string[]) {
  return ex
    .select()
    .from(calculationLines)
    .where(and(eq(calculationLines.bookingId, bookingId), inArray(calculationLines.type, [...types])))
    .orderBy(asc(calculationLines.position), asc(calculationLines.id));
}

// ─── Year reports: occupancy and income (docs/domain/reports.md), each one SQL statement ───────────────────

type TRows<T> = { rows: T[] };
export const rowsOf = async <T>(ex: Executor, query: SQL) =>
  ((await ex.execute(query)) as unknown as TRows<T>).rows;

/**
 * Runs a year report's statement in a read transaction of its own without JIT (its compilation alone
 * took 1–1.6 s of a year's report on PostgreSQL: the planner overestimates the nights of generate_series)
 * and with room to sort the nights in memory. PGlite has neither and takes the settings as they are.
 */
export async function yearReportSession<T>(db: Db, run: (ex: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    return run(tx);
  });
}

/** The label of a day's period: the format of to_char (a fixed list, never from the request). */
export const PERIOD_FORMAT: Record<'day' | 'week' | 'month' | 'year', string> = {
  day: 'YYYY-MM-DD',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
  year: 'YYYY',
};
/** Room block kinds that take a room out of sale (the spec spells Maintanance; both spellings count). */
const CLOSED_BLOCKS = ['OutOfOrder', 'Maintanance', 'Maintenance'];
const EVENT_BLOCK = 'Event';
export const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The nights of `[start, end)` within `[from, to)`, one row a night (generate_series). */
const nightsIn = (start: SQL, end: SQL, from: string, to: string) =>
  sql`generate_series(greatest(${start}, ${from}::date), least(${end}, ${to}::date) - 1, interval '1 day')`;

/** The CTE `closed`: the nights in `[from, to)` a room of `scope_rooms` is blocked out of sale. */
const closedNights = (from: string, to: string) => sql`
    closed as materialized (
      select distinct b.room_id, g::date as day
      from room_blocks b join scope_rooms s on s.id = b.room_id, ${nightsIn(sql`b.from_date`, sql`b.to_date`, from, to)} g
      where b.kind in (${list(CLOSED_BLOCKS)}) and b.from_date < ${to}::date and b.to_date > ${from}::date
    )`;

export type TOccupancyQueryRow = {
  resortId: number;
  period: string;
  start: string;
  capacity: number;
  bedNights: number;
  occupied: number;
  sold: number;
  paxNights: number;
};

/**
 * Occupancy per resort and period over `[from, to)` (docs/domain/reports.md): capacity = active rooms less
 * those blocked OutOfOrder/Maintanance that night; occupied = the room-nights (each room once a night)
 * with a counted booking or an event block, in rooms of the capacity; pax = guests × nights there.
 * `rooms` restricts the rooms (resorts of the request and of the user), `counted` the bookings.
 */
async function occupancyRows(
  ex: Executor,
  q: { from: string; to: string; group: keyof typeof PERIOD_FORMAT; rooms: SQL | undefined; counted: SQL },
): Promise<TOccupancyQueryRow[]> {
  const { from, to } = q;
  const format = sql.raw(`'${PERIOD_FORMAT[q.group]}'`);
  const nightsOf = (start: SQL, end: SQL) => nightsIn(start, end, from, to);
  const rows = await rowsOf<TOccupancyQueryRow>(
    ex,
    sql`
    with scope_rooms as materialized (
      select r.id, r.resort_id,
        case when jsonb_typeof(r.configuration -> 'beds') = 'array' and jsonb_array_length(r.configuration -> 'beds') > 0
             then (select count(*) from jsonb_array_elements(r.configuration -> 'beds') b
                   where coalesce(b ->> 'active', 'true') <> 'false')::int
             else coalesce((r.configuration ->> 'maxNoOfPax')::int, 0) end as beds
      from rooms r
      where r.resort_id is not null and r.is_active and ${q.rooms ?? sql`true`}
    ),
    ${closedNights(from, to)},
    entries as materialized (
      select br.room_id, br.from_date, br.to_date,
             (select count(*) from booking_guests bg
              where bg.booking_id = br.booking_id and bg.booking_room_id = br.id)::int as pax
      from booking_rooms br
      join bookings on bookings.id = br.booking_id
      join scope_rooms s on s.id = br.room_id
      where br.from_date < ${to}::date and br.to_date > ${from}::date and ${q.counted}
    ),
    used as (
      select u.room_id, u.day, sum(u.pax) as pax, bool_or(u.booked) as booked
      from (
        select e.room_id, g::date as day, e.pax, true as booked
        from entries e, ${nightsOf(sql`e.from_date`, sql`e.to_date`)} g
        union all
        select b.room_id, g::date, 0, false
        from room_blocks b join scope_rooms s on s.id = b.room_id, ${nightsOf(sql`b.from_date`, sql`b.to_date`)} g
        where b.kind = ${EVENT_BLOCK} and b.from_date < ${to}::date and b.to_date > ${from}::date
      ) u
      where not exists (select 1 from closed c where c.room_id = u.room_id and c.day = u.day)
      group by u.room_id, u.day
    ),
    used_by as (
      select s.resort_id, u.day, count(*) as occupied, count(*) filter (where u.booked) as sold, sum(u.pax) as pax
      from used u join scope_rooms s on s.id = u.room_id group by s.resort_id, u.day
    ),
    closed_by as (
      select s.resort_id, c.day, count(*) as rooms, sum(s.beds) as beds
      from closed c join scope_rooms s on s.id = c.room_id group by s.resort_id, c.day
    ),
    resort_days as (
      select s.resort_id, d::date as day, s.rooms, s.beds
      from (select resort_id, count(*) as rooms, sum(beds) as beds from scope_rooms group by resort_id) s,
           generate_series(${from}::date, ${to}::date - 1, interval '1 day') d
    )
    select rd.resort_id as "resortId", to_char(rd.day, ${format}) as period,
           to_char(min(rd.day), 'YYYY-MM-DD') as start,
           sum(rd.rooms - coalesce(cb.rooms, 0))::int as capacity,
           sum(rd.beds - coalesce(cb.beds, 0))::int as "bedNights",
           coalesce(sum(ub.occupied), 0)::int as occupied,
           coalesce(sum(ub.sold), 0)::int as sold,
           coalesce(sum(ub.pax), 0)::int as "paxNights"
    from resort_days rd
    left join closed_by cb on cb.resort_id = rd.resort_id and cb.day = rd.day
    left join used_by ub on ub.resort_id = rd.resort_id and ub.day = rd.day
    group by rd.resort_id, period
    order by start, rd.resort_id`,
  );
  return rows.map((r) => ({
    ...r,
    capacity: Number(r.capacity),
    bedNights: Number(r.bedNights),
    occupied: Number(r.occupied),
    sold: Number(r.sold),
    paxNights: Number(r.paxNights),
  }));
}

/** The resorts (id, name) of the given ids. */
async function resortNames(ex: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return ex
    .select({ resortId: resorts.id, name: resorts.name })
    .from(resorts)
    .where(inArray(resorts.id, [...ids]))
    .orderBy(asc(resorts.id));
}

// The pieces the money statements of the year reports share (incomeByMonth, the room revenue of occupancy).

/** The column `rate_day` of the counted booking `bookings`: the day of its exchange rate. */
const rateDay = () =>
  sql`(coalesce(bookings.booking_date, bookings.created_at) at time zone ${zoneLiteral()})::date as rate_day`;
/** The price `p` of a room line `cl` (its priceId) and the first room tax `ft` of its booking `b`, joined. */
const linePrice = sql`left join prices p on cl.type = 'room_cost' and cl.custom_data ? 'priceId'
                        and p.id = (cl.custom_data ->> 'priceId')::int
      left join ft on ft.booking_id = b.id`;
/**
 * The CTE `ft`: per counted booking `b`, the tax of the price of its first priced room line, in one pass (a
 * subquery per booking cost ~0.8 s of a year on PostgreSQL, one per line far more on PGlite).
 */
const firstTax = sql`
    ft as (
      select distinct on (fl.booking_id) fl.booking_id, fp.tax
      from b join calculation_lines fl on fl.booking_id = b.id
      join prices fp on fp.id = (fl.custom_data ->> 'priceId')::int
      where fl.type = 'room_cost' and fl.custom_data ? 'priceId'
      order by fl.booking_id, fl.position, fl.id
    )`;
/** The tax of a line `cl` as the engine's: its own, else its price's (room lines), else its booking's `ft`. */
const lineTax = sql`case when cl.custom_data ? 'tax' then cl.custom_data -> 'tax'
                  when cl.type = 'room_cost' and p.id is not null then p.tax else ft.tax end as tax`;
/** The net of a line `l` (total, tax): inclusive tax taken out, rounded to cents; the fee carries none. */
const lineNet = sql`case when (l.custom_data ->> 'cancellationFee') = 'true'
                    or (l.custom_data ->> 'excludeFromTax') = 'true'
                    or coalesce(l.tax ->> 'status', '') <> 'confirmed'
                    or coalesce((l.tax ->> 'value')::numeric, 0) = 0
                    or (l.tax ->> 'inclusive') = 'false'
                  then l.total
                  else round(l.total * 100 / (100 + (l.tax ->> 'value')::numeric), 2) end as net`;
/**
 * The CTEs `spread` and `ranked` over the lines `n` (id, net, custom_data, nights_sum and the `keep`
 * columns): a row a night of each line with night shares, its cents by the night's share; `nightShare` of a
 * ranked row is the night's amount, whole cents by largest remainder so that the nights add up to the net.
 */
const spreadNights = (keep: SQL) => sql`
    spread as (
      select n.id, ${keep}, n.net * 100 as cents, (e.night ->> 'date')::date as day, e.ord,
             n.net * 100 * (e.night ->> 'value')::numeric / n.nights_sum as exact
      from n, jsonb_array_elements(case when n.nights_sum <> 0 then n.custom_data -> 'nights' end)
             with ordinality as e(night, ord)
      where n.nights_sum <> 0
    ),
    ranked as (
      select s.*, floor(s.exact) as whole,
             row_number() over (partition by s.id order by s.exact - floor(s.exact) desc, s.ord) as rank,
             s.cents - sum(floor(s.exact)) over (partition by s.id) as missing
      from spread s
    )`;
const nightShare = sql`(whole + case when rank <= missing then 1 else 0 end) / 100`;
/** The sum of the night shares of a room line `l` (null: not spread). */
const nightsSum = sql`case when jsonb_typeof(l.custom_data -> 'nights') = 'array'
                         then (select sum((x ->> 'value')::numeric)
                               from jsonb_array_elements(l.custom_data -> 'nights') x) end`;

export type TIncomeQueryRow = {
  /** null: the row of all currencies (bookings of the month); month null too: the whole range. */
  month: string | null;
  currency: string | null;
  /** The day of the exchange rate; null for the base currency. */
  rateDay: string | null;
  amount: string | null;
  bookings: number;
};

export const BILLABLE = ['cost', 'product', 'special', 'room_cost', 'addon', 'discount'];
export const COUNTED_CUSTOMER_TYPES = ['None', 'Direct', 'OnSite'];
/** Bookings priced as a whole for the departure: everything goes to the month of `from` (the schedule's). */
const VESSEL_TYPES = ['vessel', 'charter'];

/**
 * Net revenue (before tax, after specials) of the `counted` bookings, in their currency, per month
 * (of the night, the arrival, or the booking date), currency and rate day, with the bookings per month
 * (grouping sets: month null = all months). Room lines are spread over their nights by the nights'
 * shares, in cents by largest remainder so that the nights add up to the line's net exactly; other
 * lines go to the arrival; aborted bookings give their cancellation fee only. Tax as the engine's
 * (calculate.ts taxOf, tax.ts lineTax): room lines by their price's tax, a product's line by its own tax
 * if it carries one, other lines by the tax of the booking's first room line's price; inclusive tax: net = round2(total × 100 / (100 + r)); exclusive:
 * the line total is net. The cancellation fee and lines with excludeFromTax carry no tax.
 */
async function incomeRows(
  ex: Executor,
  q: { from: string; to: string; byBookingDate: boolean; base: string; counted: SQL },
): Promise<TIncomeQueryRow[]> {
  const { from, to, byBookingDate, base } = q;
  const tz = zoneLiteral();
  const bookedDay = sql`(coalesce(bookings.booking_date, bookings.reservation_date, bookings.created_at) at time zone ${tz})::date`;
  const inRange = byBookingDate
    ? sql`${bookedDay} >= ${from}::date and ${bookedDay} < ${to}::date`
    : sql`bookings.from_date < ${to}::date and bookings.to_date > ${from}::date`;
  const rows = await rowsOf<TIncomeQueryRow>(
    ex,
    sql`
    with b as materialized (
      select bookings.id, bookings.state, bookings.currency, bookings.type, bookings.from_date as arrival,
             ${bookedDay} as booked_day, ${rateDay()}
      from bookings
      where ${inRange} and ${q.counted}
    ),
    ${firstTax},
    l as (
      select cl.id, b.id as booking_id, b.currency, b.rate_day, b.arrival, b.booked_day, b.type as booking_type,
             cl.type, cl.custom_data, cl.total, ${lineTax}
      from b
      join calculation_lines cl on cl.booking_id = b.id
      ${linePrice}
      where cl.type in (${list(BILLABLE)}) and cl.customer_type in (${list(COUNTED_CUSTOMER_TYPES)})
        and (b.state <> 'aborted' or (cl.custom_data ->> 'cancellationFee') = 'true')
    ),
    n as materialized (
      select l.id, l.booking_id, l.currency, l.rate_day, l.custom_data, ${lineNet},
             ${byBookingDate ? sql`l.booked_day` : sql`l.arrival`} as day,
             ${
               byBookingDate
                 ? sql`null::numeric`
                 : sql`case when l.type = 'room_cost' and l.booking_type not in (${list(VESSEL_TYPES)})
                         then ${nightsSum} end`
             } as nights_sum
      from l
    ),
    ${spreadNights(sql`n.booking_id, n.currency, n.rate_day`)},
    shares as (
      select booking_id, currency, rate_day, day, ${nightShare} as amount
      from ranked
      union all
      select booking_id, currency, rate_day, day, net from n where coalesce(n.nights_sum, 0) = 0
    )
    select x.month, x.currency, x.rate_day as "rateDay", sum(x.amount)::numeric(16,2)::text as amount,
           count(distinct x.booking_id)::int as bookings
    from (
      select to_char(day, 'YYYY-MM') as month, currency, booking_id, amount,
             case when currency = ${base} then null else to_char(rate_day, 'YYYY-MM-DD') end as rate_day
      from shares
      where day >= ${from}::date and day < ${to}::date
    ) x
    group by grouping sets ((x.month, x.currency, x.rate_day), (x.month), ())
    order by x.month nulls last, x.currency nulls first, x.rate_day nulls first`,
  );
  return rows.map((r) => ({ ...r, bookings: Number(r.bookings) }));
}

export type TRoomRevenueQueryRow = {
  resortId: number;
  period: string;
  currency: string;
  /** The day of the exchange rate; null for the base currency. */
  rateDay: string | null;
  amount: string;
};

/**
 * Net room revenue per resort, period, currency and rate day over `[from, to)` (docs/domain/reports.md, ADR and
 * RevPAR): the room lines (room_cost paid through the house) of the `counted` bookings that belong to a room
 * entry (`roomKey` r<entry id>) of a resort room in `rooms`, net as incomeByMonth's and spread over their
 * nights the same way; nights the room is out of sale (closed) are not sold and leave their share out.
 */
async function roomRevenueRows(
  ex: Executor,
  q: {
    from: string;
    to: string;
    group: keyof typeof PERIOD_FORMAT;
    rooms: SQL | undefined;
    counted: SQL;
    base: string;
  },
): Promise<TRoomRevenueQueryRow[]> {
  const { from, to } = q;
  const format = sql.raw(`'${PERIOD_FORMAT[q.group]}'`);
  return rowsOf<TRoomRevenueQueryRow>(
    ex,
    sql`
    with scope_rooms as materialized (
      select r.id, r.resort_id from rooms r
      where r.resort_id is not null and r.is_active and ${q.rooms ?? sql`true`}
    ),
    ${closedNights(from, to)},
    b as materialized (
      select bookings.id, bookings.currency, ${rateDay()}
      from bookings
      where bookings.from_date < ${to}::date and bookings.to_date > ${from}::date and ${q.counted}
    ),
    ${firstTax},
    l as (
      select cl.id, b.id as booking_id, b.currency, b.rate_day, cl.custom_data, cl.total, ${lineTax},
             br.room_id, s.resort_id
      from b
      join calculation_lines cl on cl.booking_id = b.id
      join booking_rooms br on br.booking_id = b.id and 'r' || br.id = cl.custom_data ->> 'roomKey'
      join scope_rooms s on s.id = br.room_id
      ${linePrice}
      where cl.type = 'room_cost' and cl.customer_type in (${list(COUNTED_CUSTOMER_TYPES)})
    ),
    n as materialized (
      select l.id, l.currency, l.rate_day, l.room_id, l.resort_id, l.custom_data, ${lineNet}, ${nightsSum} as nights_sum
      from l
    ),
    ${spreadNights(sql`n.currency, n.rate_day, n.room_id, n.resort_id`)}
    select r.resort_id as "resortId", to_char(r.day, ${format}) as period, r.currency,
           case when r.currency = ${q.base} then null else to_char(r.rate_day, 'YYYY-MM-DD') end as "rateDay",
           sum(${nightShare})::numeric(16,2)::text as amount
    from ranked r
    where r.day >= ${from}::date and r.day < ${to}::date
      and not exists (select 1 from closed c where c.room_id = r.room_id and c.day = r.day)
    group by 1, 2, 3, 4
    order by 2, 1, 3, 4`,
  );
}

/** The base currency's code (undefined: none marked) and the exchange rates valid from on or before `day`. */
export async function ratesUpTo(ex: Executor, day: string) {
  const [baseRow] = await ex
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.isBase, true));
  const rates = await ex
    .select({
      from: exchangeRates.fromCurrency,
      to: exchangeRates.toCurrency,
      rate: exchangeRates.rate,
      validFrom: exchangeRates.validFrom,
    })
    .from(exchangeRates)
    .where(lte(exchangeRates.validFrom, day));
  return { base: baseRow?.code, rates };
}

// ─── The repository: who asks and plain values in, rows out ─────────────────────────────────────────────

/** Who asks, and whether offers hold inventory (a setting): the stay reports see visible, holding bookings. */
export type THoldingScope = { user: TSessionUser; offersHoldInventory: boolean };
/** The counted bookings of a year report: the states asked for (planned: open options only) and filters. */
export type TCounted = {
  user: TSessionUser;
  states: readonly TReportState[];
  categories?: number[] | undefined;
  sources?: number[] | undefined;
};
export type TStayKind = 'arriving' | 'departing' | 'inHouse' | 'checkedIn' | 'checkedOut';
export type TAssetsQuery = { resorts: number[]; vessels: number[] };

/** Visible and holding bookings: the condition of every stay report. */
const holding = (scope: THoldingScope) =>
  and(bookingVisibility(scope.user), holdingCondition(scope.offersHoldInventory));

export function countedCondition(c: TCounted): SQL {
  const byState = c.states.map((state) =>
    state === 'planned'
      ? (and(eq(bookings.state, 'planned'), eq(bookings.resolved, false)) as SQL)
      : eq(bookings.state, state),
  );
  return and(
    bookingVisibility(c.user),
    or(...byState) ?? sql`false`,
    c.categories?.length ? inArray(bookings.categoryId, c.categories) : undefined,
    c.sources?.length ? inArray(bookings.sourceId, c.sources) : undefined,
  ) as SQL;
}

/** Rooms of these resorts (raw: the occupancy statement names its rooms `r`); undefined: no restriction. */
const roomsIn = (ids: readonly number[] | undefined) =>
  ids
    ? sql`r.resort_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : undefined;

/** Bookings of the resorts or vessels asked for; undefined when none is asked for. */
export const ofAssets = (assets: TAssetsQuery | undefined) =>
  assets && (assets.resorts.length || assets.vessels.length)
    ? or(
        assets.resorts.length ? inArray(bookings.resortId, assets.resorts) : undefined,
        assets.vessels.length ? inArray(bookings.vesselId, assets.vessels) : undefined,
      )
    : undefined;

/** The query of a resort report (occupancy, room revenue): `resorts` the user's own and those asked for. */
export type TResortReportQuery = {
  from: string;
  to: string;
  group: keyof typeof PERIOD_FORMAT;
  resorts: { own: readonly number[] | undefined; asked: readonly number[] | undefined };
  counted: TCounted;
};
const resortStatement = (q: TResortReportQuery) => ({
  from: q.from,
  to: q.to,
  group: q.group,
  rooms: and(roomsIn(q.resorts.own), roomsIn(q.resorts.asked)),
  counted: countedCondition(q.counted),
});

export function createBookingReportsRepository() {
  return {
    /** Room entries of visible, holding bookings arriving, departing, in house, checked in or out in `[from, to]`. */
    stays(ex: Executor, scope: THoldingScope, kind: TStayKind, from: string, to: string, by?: 'to') {
      return stayRows(ex, and(holding(scope), stayConditions[kind](from, to)), by);
    },

    /** Visible bookings created or cancelled in `[from, to]`. */
    bookings(ex: Executor, user: TSessionUser, kind: 'createdIn' | 'cancelledIn', from: string, to: string) {
      return reportBookings(ex, and(bookingVisibility(user), bookingConditions[kind](from, to)));
    },

    /** Per arrival day and asset, the visible, holding entries arriving in `[from, to]`. */
    arrivalCounts(ex: Executor, scope: THoldingScope, from: string, to: string) {
      return arrivalCounts(ex, and(holding(scope), stayConditions.arriving(from, to)));
    },

    /** State figures of the visible bookings created in `[from, to]` or arriving in `[from, to)`. */
    stateFigures(
      ex: Executor,
      user: TSessionUser,
      kind: 'createdIn' | 'arrivingIn',
      from: string,
      to: string,
    ) {
      return stateFigures(ex, and(bookingVisibility(user), figureConditions[kind](from, to)));
    },

    /** The guests of visible, holding entries in house in `[from, to]`, of one resort or vessel when given. */
    guestsInHouse(
      ex: Executor,
      scope: THoldingScope,
      q: { from: string; to: string; asset?: { kind: 'resort' | 'vessel'; id: number } | undefined },
    ) {
      return guestsInHouse(
        ex,
        and(holding(scope), stayConditions.inHouse(q.from, q.to), stayConditions.ofAsset(q.asset)),
      );
    },

    taskNames,
    linesOfTypes,
    yearReportSession,
    resortNames,
    ratesUpTo,

    /** Occupancy rows; `resorts`: the user's own and those asked for (each undefined: no restriction). */
    occupancyRows: (ex: Executor, q: TResortReportQuery) => occupancyRows(ex, resortStatement(q)),

    /** Room revenue rows of the counted bookings in the rooms of the resorts (as occupancyRows). */
    roomRevenueRows: (ex: Executor, q: TResortReportQuery & { base: string }) =>
      roomRevenueRows(ex, { ...resortStatement(q), base: q.base }),

    /** Income rows of the counted bookings, of the resorts or vessels asked for. */
    incomeRows(
      ex: Executor,
      q: {
        from: string;
        to: string;
        byBookingDate: boolean;
        base: string;
        counted: TCounted;
        assets?: TAssetsQuery | undefined;
      },
    ) {
      return incomeRows(ex, {
        from: q.from,
        to: q.to,
        byBookingDate: q.byBookingDate,
        base: q.base,
        counted: and(countedCondition(q.counted), ofAssets(q.assets)) as SQL,
      });
    },
  };
}
export type TBookingReportsRepository = ReturnType<typeof createBookingReportsRepository>;
