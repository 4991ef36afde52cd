import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { today } from '../../clock.ts';
import type { TConfig } from '../../config.ts';
import { createContainer } from '../../container.ts';
import type { TSessionUser } from '../../modules/auth/auth.service.ts';
import { settleDueDates } from '../../modules/payments/booking-settlement.ts';
import { toUser } from '../../modules/users/users.repository.ts';
import { VERSION } from '../../version.ts';
import { NO_CHANGE_FEED } from '../change-feed.ts';
import type { Database } from '../client.ts';
import { agencies, bankAccounts, customers, roomBlocks, rooms, schedules, users } from '../schema.ts';
import { seedContest } from '../seed-contests.ts';
import { seedMailSchedules } from '../seed-mail.ts';
import { seedCatalogue } from './season-catalogue.ts';
import { seedDiveWeek } from './season-dive.ts';
import { seasonBuilder } from './season-lives.ts';
import {
  dayNo,
  FIRST_NAMES,
  freeRoom,
  generator,
  isoOf,
  LAST_NAMES,
  occupancy,
  type TCabin,
  type TDeparture,
  type TRoom,
} from './season-tools.ts';

/**
 * The demo season (`npm start` on an empty database, after the base demo data): about 300 bookings over the
 * 12 months before and after `now`, made through the app's own flows so every total is its lines' sum and
 * every room, cabin and berth is held once. Resort stays, berths and cabins, full charters, mixed stays and
 * trips; offers, options, confirmed, checked-in and -out, cancelled with fees, rebooked, split, released and
 * waiting; agency, direct and online bookings; payments by transfer and card (paid, partly paid, overdue),
 * invoices and a cancellation invoice, a bank statement with matched and unmatched entries, guest forms
 * filled and missing, mails in the queue; besides products with stock, a bank-transfer provider, widgets
 * and a custom form. A seeded random generator and dates as offsets from `now`: the same season each start.
 */

type TServices = ReturnType<typeof createContainer>;

/** The app's services for the season, outside any request: no change feed, nothing logged. */
export const seasonServices = (database: Database, config: TConfig): TServices =>
  createContainer({
    database,
    config,
    version: VERSION,
    changes: NO_CHANGE_FEED,
    log: Fastify({ logger: false }).log,
  });

export type TSeasonDeps = Pick<
  TServices,
  'db' | 'bookings' | 'payments' | 'products' | 'online' | 'guestForms' | 'mail' | 'currencies' | 'divePlans'
>;
export type TSeasonSummary = { bookings: number; skipped: string[]; ms: number };

async function sessionOf(deps: TSeasonDeps, email: string): Promise<TSessionUser> {
  const [row] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`demo season: ${email} is missing`);
  return { ...toUser(row), scopes: row.scopes };
}

/** Weekly departures for the year before the base seed's first one, alternating its two tours. */
async function pastDepartures(deps: TSeasonDeps, first: number) {
  const existing = await deps.db.select().from(schedules).orderBy(asc(schedules.from)).limit(2);
  const [a, b] = existing;
  if (!a || !b) return;
  const earliest = dayNo(a.from);
  const weeks = Math.ceil((earliest - first) / 7);
  if (weeks <= 0) return;
  await deps.db.insert(schedules).values(
    Array.from({ length: weeks }, (_, i) => {
      const from = earliest - (i + 1) * 7;
      const tour = i % 2 === 0 ? b : a;
      return {
        tourId: tour.tourId,
        vesselId: tour.vesselId,
        from: isoOf(from),
        to: isoOf(from + 7),
        embarkPortId: tour.embarkPortId,
        disembarkPortId: tour.disembarkPortId,
      };
    }),
  );
}

export async function seedSeason(deps: TSeasonDeps, now = new Date()): Promise<TSeasonSummary> {
  const started = Date.now();
  const { db } = deps;
  const random = generator(20_240_601);
  const day0 = dayNo(today(now));
  const admin = await sessionOf(deps, 'admin@example.com');
  const catalogue = await seedCatalogue(db, admin, deps.products);
  await pastDepartures(deps, day0 - 365);

  const roomRows = await db.select().from(rooms).orderBy(asc(rooms.id));
  const resortRooms: TRoom[] = roomRows
    .filter((r) => r.resortId !== null)
    .map((r) => ({ id: r.id, capacity: r.availableBeds }));
  const cabins: TCabin[] = roomRows
    .filter((r) => r.vesselId !== null)
    .map((r) => ({ id: r.id, name: r.name, shared: r.allowSharedRoom }));
  const departures: TDeparture[] = (await db.select().from(schedules).orderBy(asc(schedules.from))).filter(
    (s) => dayNo(s.from) >= day0 - 370 && dayNo(s.from) <= day0 + 365,
  );
  const customerRows = await db
    .select({ id: customers.id, fullName: customers.fullName })
    .from(customers)
    .orderBy(asc(customers.id))
    .limit(240);
  const agencyRows = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .orderBy(asc(agencies.id));
  const held = occupancy();
  for (const block of await db.select().from(roomBlocks))
    held.takeRoom(block.roomId, dayNo(block.from), dayNo(block.to));

  const season = seasonBuilder({ deps, admin, random, day0, catalogue, held });
  const customerIds = customerRows.map((c) => c.id);
  // Blue Reef Travel (the demo agent's agency) gets the most; a handful of others some each.
  const agencyIds = agencyRows.slice(0, 6).map((a) => a.id);
  const agencyOf = () =>
    random.chance(0.35) ? (random.chance(0.4) ? agencyIds[0] : random.pick(agencyIds.slice(1))) : undefined;
  // Companions by name and gender, most with their age (adults: no child prices), as the office notes them.
  const guestsOf = (n: number, lead: number) => [
    { customerId: lead },
    ...Array.from({ length: n - 1 }, () => {
      const gender = random.chance(0.5) ? 'f' : 'm';
      return {
        name: `${random.pick(FIRST_NAMES[gender])} ${random.pick(LAST_NAMES)}`,
        gender,
        age: random.chance(0.8) ? random.int(19, 72) : undefined,
      };
    }),
  ];

  // Resort stays over the two years, half of them in the weeks around today (so the occupancy grid and the
  // calendars a newcomer opens first are busy): a free room of the wanted size for each.
  for (let i = 0; i < 125; i++) {
    const from = day0 + (random.chance(0.5) ? random.int(-30, 90) : random.int(-360, 355));
    const nights = random.pick([3, 4, 5, 7, 7, 7, 10, 14]);
    const pax = random.pick([1, 2, 2, 2, 2, 3, 4]);
    const room = freeRoom(random, resortRooms, held, pax, from, from + nights);
    if (!room) continue;
    held.takeRoom(room.id, from, from + nights);
    const twoRooms =
      pax === 4 && random.chance(0.5) ? freeRoom(random, resortRooms, held, 2, from, from + nights) : null;
    if (twoRooms) held.takeRoom(twoRooms.id, from, from + nights);
    const lead = random.pick(customerIds);
    const entries = [
      {
        roomId: room.id,
        from: isoOf(from),
        to: isoOf(from + nights),
        guests: guestsOf(twoRooms ? 2 : pax, lead),
      },
      ...(twoRooms
        ? [
            {
              roomId: twoRooms.id,
              from: isoOf(from),
              to: isoOf(from + nights),
              guests: guestsOf(2, random.pick(customerIds)),
            },
          ]
        : []),
    ];
    await season.book({ rooms: entries, agencyId: agencyOf(), customerId: lead }, from, from + nights, {
      split: twoRooms !== null,
    });
  }

  // The liveaboard: cabins and berths on most departures, a few full charters, mixed stays before a trip.
  for (const [index, dep] of departures.entries()) {
    const from = dayNo(dep.from);
    const to = dayNo(dep.to);
    if (index % 23 === 5) {
      await season.charter(dep, from, to, random.pick(customerIds), agencyOf());
      for (const cabin of cabins) held.takeBerths(dep.id, cabin.id, 2);
      continue;
    }
    const count = random.int(1, 3);
    for (let k = 0; k < count; k++) {
      const lead = random.pick(customerIds);
      const cabin = random.pick(cabins);
      const berth = cabin.shared && random.chance(0.6);
      const need = berth ? 1 : 2;
      if (held.berths(dep.id, cabin.id) + need > 2 || (!berth && held.berths(dep.id, cabin.id) > 0)) continue;
      held.takeBerths(dep.id, cabin.id, need);
      // Shared cabins: the berths of one cabin go to guests of one gender.
      const gender = cabin.name === 'L1' || cabin.name === 'L2' ? 'f' : 'm';
      const guests = berth
        ? [
            {
              name: `${random.pick(FIRST_NAMES[gender])} ${random.pick(LAST_NAMES)}`,
              gender,
              age: random.int(19, 72),
            },
          ]
        : guestsOf(2, lead);
      const trip = { roomId: cabin.id, scheduleId: dep.id, whole: !berth, guests };
      const stay = !berth && index % 6 === 1 ? freeRoom(random, resortRooms, held, 2, from - 3, from) : null;
      if (stay) held.takeRoom(stay.id, from - 3, from);
      const stayEntry = stay
        ? [{ roomId: stay.id, from: isoOf(from - 3), to: isoOf(from), guests: guestsOf(2, lead) }]
        : [];
      const rebookTo =
        !stay && !berth && from > day0 + 100 && k === 0 && index % 5 === 0
          ? departures[index + 2]
          : undefined;
      const target = rebookTo && held.berths(rebookTo.id, cabin.id) === 0 ? rebookTo : undefined;
      if (target) held.takeBerths(target.id, cabin.id, 2);
      await season.book(
        { rooms: [...stayEntry, trip], agencyId: agencyOf(), customerId: lead },
        stay ? from - 3 : from,
        to,
        { rebookTo: target },
      );
    }
    // A sold-out week: a waiting list booking for a cabin that is taken.
    if (from > day0 + 20 && index % 11 === 0) {
      const taken = cabins.find((c) => held.berths(dep.id, c.id) === 2);
      if (taken) await season.waiting(taken, dep, random.pick(customerIds));
    }
  }

  // Online bookings of the coming months, through the guests' booking flow.
  for (let i = 0; i < 10; i++) {
    const from = day0 + random.int(14, 200);
    const room = freeRoom(random, resortRooms, held, 2, from, from + 7);
    if (!room) continue;
    held.takeRoom(room.id, from, from + 7);
    await season.online(room.id, from, from + 7, i);
  }

  await season.finish();
  const bankId = (await db.select({ id: bankAccounts.id }).from(bankAccounts).limit(1))[0]?.id;
  if (bankId) await season.statement(bankId);
  // What the hourly job would find: due dates passed without the money (overdue).
  await settleDueDates(db, now);
  await seedDiveWeek(deps, admin, day0);
  await seedMailSchedules(db);
  await seedContest(db, agencyIds);
  return { bookings: season.count(), skipped: season.skipped, ms: Date.now() - started };
}
