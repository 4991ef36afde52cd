import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { seedManyCustomers } from './seed-customers.ts';
import { seedManyInventory } from './seed-inventory.ts';

export const BENCH_AGENCIES = 200;
export const BENCH_CUSTOMERS = 50_000;

/**
 * The large data set of the benchmarks: 2,000 rooms and cabins with about 100,000 holds over three years
 * (seed-inventory.ts), 50,000 customers, 200 agencies, and one booking per hold: the booking row (ids and
 * numbers from the hold, so they agree), its room entry and its lead guest. Every fifth booking is an agency's.
 * All in SQL statements; the sequences are moved past the explicit ids so the API can create more.
 */
export async function seedManyBookings(database: Database) {
  const { db } = database;
  await seedManyInventory(database);
  await seedManyCustomers(database, BENCH_CUSTOMERS);
  await db.execute(sql`
    insert into agencies (name, commission)
    select 'Bench Agency ' || n, 10 + n % 10 from generate_series(1, ${BENCH_AGENCIES}) n`);
  await db.execute(sql`
    with c as (select min(id) as lo, count(*) as n from customers where email like '%@bench.example'),
         a as (select array_agg(id order by id) as ids from agencies where name like 'Bench Agency %'),
         o as (
           select distinct on (booking_id) booking_id, room_id, from_date, to_date, schedule_id, state
           from occupancy where booking_id is not null order by booking_id, unit
         )
    insert into bookings (id, state, type, resort_id, vessel_id, schedule_id, from_date, to_date, no_of_pax,
                          customer_id, agency_id, channel, offer_no, reservation_no, booking_no, total, commission,
                          commission_percent, evaluation_date, booking_date, created_at)
    select o.booking_id, o.state, case when r.resort_id is null then 'vessel' else 'resort' end, r.resort_id,
           r.vessel_id, o.schedule_id, o.from_date, o.to_date, 2,
           c.lo + o.booking_id % c.n,
           case when o.booking_id % 5 = 0 then a.ids[1 + o.booking_id % ${BENCH_AGENCIES}] end,
           case when o.booking_id % 5 = 0 then 'AgentDirectBooking' else 'Booking' end,
           'O' || to_char(o.from_date, 'YY') || '-' || o.booking_id,
           null,
           case when o.state = 'confirmed' then 'B' || to_char(o.from_date, 'YY') || '-' || o.booking_id end,
           (100 + o.booking_id % 900)::numeric * (o.to_date - o.from_date),
           case when o.booking_id % 5 = 0 then 50 else 0 end,
           case when o.booking_id % 5 = 0 then 10 else 0 end,
           o.from_date - 60, case when o.state = 'confirmed' then o.from_date - 60 end, o.from_date - 60
    from o join rooms r on r.id = o.room_id, c, a`);
  await db.execute(sql`
    insert into booking_rooms (booking_id, room_id, room_type_id, schedule_id, from_date, to_date)
    select b.id, o.room_id, r.room_type_id, o.schedule_id, o.from_date, o.to_date
    from bookings b
    join lateral (select * from occupancy where booking_id = b.id order by unit limit 1) o on true
    join rooms r on r.id = o.room_id`);
  await db.execute(sql`
    update occupancy o set entry_id = br.id from booking_rooms br where br.booking_id = o.booking_id`);
  await db.execute(sql`
    insert into booking_guests (booking_id, booking_room_id, customer_id, gender)
    select b.id, br.id, b.customer_id, 'u' from bookings b join booking_rooms br on br.booking_id = b.id`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('bookings', 'id'), (select max(id) from bookings))`,
  );
  await db.execute(sql`analyze`);
}

/**
 * Calculation lines for the year reports (incomeByMonth): one room line per booking with its nights'
 * shares (the booking's nightly rate, so the line total is the booking total, no tax), and a 30.00
 * transfer on every third booking. Only bench/bookings.ts seeds them (once), after its other rows.
 */
export async function seedBookingLines(database: Database) {
  const { db } = database;
  await db.execute(sql`
    insert into calculation_lines (booking_id, key, type, text, amount, price, total, custom_data, position)
    select b.id, 'room:r1', 'room_cost', 'Room', b.to_date - b.from_date, 100 + b.id % 900, b.total,
           jsonb_build_object('generator', 'room', 'nights',
             (select jsonb_agg(jsonb_build_object('date', to_char(d, 'YYYY-MM-DD'), 'value', (100 + b.id % 900)::text)
                               order by d)
              from generate_series(b.from_date, b.to_date - 1, interval '1 day') d)),
           0
    from bookings b`);
  await db.execute(sql`
    insert into calculation_lines (booking_id, key, type, text, amount, price, total, custom_data, position)
    select b.id, 'manual:1', 'cost', 'Transfer', 1, 30, 30, '{"generator":"manual","manual":true}'::jsonb, 1
    from bookings b
    where b.id % 3 = 0`);
  await db.execute(sql`analyze calculation_lines`);
}

/**
 * Days ahead that the demo seasons price on any day of the year (seed-seasons.ts: up to 31 October of the year
 * after next, at least 669 days on 31 December).
 */
export const PRICED_DAYS = 650;

/**
 * Free 2-night slots in the demo resort over the next `days` days (priced; the bench's own stays fill its rooms
 * every 19 days), outside the Christmas and Easter peaks, which ask for 5 nights: the nights that booking
 * creation benchmarks book, by date or shuffled.
 */
export async function freeStaySlots(database: Database, days = 400, shuffled = false) {
  const result = await database.db.execute(
    sql`select r.id as "roomId", to_char(d, 'YYYY-MM-DD') as "from"
        from rooms r join resorts s on s.id = r.resort_id,
             generate_series(40, ${days}, 2) n, lateral (select current_date + n as d) day
        where s.name = 'Coral Garden Resort'
          and to_char(d, 'MMDD') not between '1215' and '1231' and to_char(d, 'MMDD') not between '0101' and '0110'
          and to_char(d, 'MMDD') not between '0310' and '0430'
          and not exists (select 1 from occupancy o
                          where o.room_id = r.id and o.from_date < d + 2 and o.to_date > d)
        order by ${shuffled ? sql`random()` : sql`d, r.id`}`,
  );
  return (result as unknown as { rows: { roomId: number; from: string }[] }).rows;
}

/** A confirmed 2-night stay for two in a free slot (`freeStaySlots`). */
export function stayIn(slot: { roomId: number; from: string } | undefined) {
  if (!slot) throw new Error('no free slot left');
  const to = new Date(Date.parse(slot.from) + 2 * 86_400_000).toISOString().slice(0, 10);
  return {
    state: 'confirmed',
    rooms: [{ roomId: slot.roomId, from: slot.from, to, guests: [{ gender: 'f' }, { gender: 'm' }] }],
  };
}
