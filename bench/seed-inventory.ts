import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

export const BENCH_RESORTS = [
  { name: 'Bench Resort L', rooms: 1000 },
  { name: 'Bench Resort M', rooms: 300 },
  { name: 'Bench Resort S', rooms: 300 },
];
export const BENCH_VESSELS = 8;
export const CABINS_PER_VESSEL = 50;
/** Day 0 of the data set; stays and departures run three years from here. */
export const BENCH_START = '2026-01-03';

/**
 * 2,000 rooms and cabins (1,600 in three resorts, 400 on eight vessels), weekly departures for three years and
 * about 100,000 bookings as occupancy rows (seed-bookings.ts adds the booking rows), all in SQL statements:
 * - resort stays: every room has a stay every 19 days, 3–10 nights, never overlapping (about 91,000);
 * - cabins: every cabin is booked on every sixth departure (about 10,000); a tenth of all are offers (not holding).
 */
export async function seedManyInventory(database: Database) {
  const { db } = database;
  for (const resort of BENCH_RESORTS) {
    await db.execute(sql`
      with r as (insert into resorts (name) values (${resort.name}) returning id),
      t as (
        insert into room_types (name, resort_id, sort)
        select 'Type ' || k, r.id, k from r, generate_series(1, 4) k returning id, sort
      )
      insert into rooms (name, resort_id, room_type_id, available_beds, configuration, sort)
      select 'R' || n, (select id from r), (select id from t where t.sort = 1 + n % 4), 2,
             '{"maxNoOfPax":2,"minNoOfPax":1,"defaultNoOfPax":2,"beds":[{"internalId":"B1","active":true,"visible":true,"type":"single"},{"internalId":"B2","active":true,"visible":true,"type":"single"}]}'::jsonb,
             n
      from generate_series(1, ${resort.rooms}) n`);
  }
  await db.execute(sql`
    with v as (
      insert into vessels (name) select 'Bench Vessel ' || k from generate_series(1, ${BENCH_VESSELS}) k returning id
    ), t as (
      insert into tours (name, vessel_id) select 'Bench Tour ' || v.id, v.id from v returning id, vessel_id
    ), s as (
      insert into schedules (tour_id, vessel_id, from_date, to_date)
      select t.id, t.vessel_id, ${BENCH_START}::date + w * 7, ${BENCH_START}::date + w * 7 + 7
      from t, generate_series(0, 155) w returning id
    )
    insert into rooms (name, vessel_id, type, available_beds, allow_shared_room, configuration, sort)
    select 'C' || n, v.id, 'Cabin', 2, n % 5 = 0,
           '{"maxNoOfPax":2,"minNoOfPax":1,"defaultNoOfPax":2,"beds":[{"internalId":"B1","active":true,"visible":true,"type":"bunk"},{"internalId":"B2","active":true,"visible":true,"type":"bunk"}]}'::jsonb,
           n
    from v, generate_series(1, ${CABINS_PER_VESSEL}) n`);
  await db.execute(sql`
    insert into occupancy (room_id, unit, from_date, to_date, booking_id, state, holds, gender)
    select r.id, '', ${BENCH_START}::date + i * 19 + r.id % 7, ${BENCH_START}::date + i * 19 + r.id % 7 + 3 + (r.id + i) % 8,
           r.id * 100 + i,
           case when (r.id + i) % 10 = 0 then 'draft' else 'confirmed' end, (r.id + i) % 10 <> 0,
           case when i % 2 = 0 then 'f' else 'm' end
    from rooms r, generate_series(0, 56) i
    where r.resort_id is not null`);
  await db.execute(sql`
    insert into occupancy (room_id, unit, from_date, to_date, schedule_id, booking_id, state, holds, gender)
    select r.id, '', s.from_date, s.to_date, s.id, 10000000 + r.id * 1000 + s.rn,
           case when (r.id + s.rn) % 10 = 0 then 'draft' else 'confirmed' end, (r.id + s.rn) % 10 <> 0, 'u'
    from rooms r
    join (select id, vessel_id, from_date, to_date, row_number() over (partition by vessel_id order by from_date) rn
          from schedules) s on s.vessel_id = r.vessel_id
    where (s.rn + r.id) % 6 = 0`);
  await db.execute(sql`analyze`);
}
