import { type TBooking, ZCancelBooking, ZCreateBooking } from '@atoll/domain/bookings';
import { D } from '@atoll/domain/money';
import { ZOnlineCreateRequest } from '@atoll/domain/online/api';
import { ZAddProduct } from '@atoll/domain/products';
import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { today } from '../clock.ts';
import type { TConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { AppError } from '../http/errors.ts';
import type { TSessionUser } from '../modules/auth/auth.service.ts';
import { importStatement } from '../modules/banks/import-statement.flow.ts';
import { issueInvoice } from '../modules/documents/invoices.flow.ts';
import { settleDueDates } from '../modules/payments/booking-settlement.ts';
import { toUser } from '../modules/users/users.repository.ts';
import { VERSION } from '../version.ts';
import { NO_CHANGE_FEED } from './change-feed.ts';
import type { Database } from './client.ts';
import {
  agencies,
  bankAccounts,
  bookings,
  customers,
  roomBlocks,
  rooms,
  schedules,
  users,
} from './schema.ts';
import { seedCatalogue, type TCatalogue } from './seed-season-catalogue.ts';

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

type TSeasonDeps = Pick<
  TServices,
  'db' | 'bookings' | 'payments' | 'products' | 'online' | 'guestForms' | 'mail' | 'currencies'
>;
export type TSeasonSummary = { bookings: number; skipped: string[]; ms: number };

/** mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type TRandom = ReturnType<typeof generator>;

const DAY = 86_400_000;
const dayNo = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
const isoOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/** Who holds what: resort rooms by night, cabins and berths by departure. */
function occupancy() {
  const nights = new Map<number, [number, number][]>();
  const cabins = new Map<string, number>();
  return {
    roomFree(roomId: number, from: number, to: number) {
      return (nights.get(roomId) ?? []).every(([f, t]) => to <= f || from >= t);
    },
    takeRoom(roomId: number, from: number, to: number) {
      nights.set(roomId, [...(nights.get(roomId) ?? []), [from, to]]);
    },
    /** Berths taken in a cabin on a departure (a whole cabin counts as all of them). */
    berths: (scheduleId: number, roomId: number) => cabins.get(`${scheduleId}:${roomId}`) ?? 0,
    takeBerths(scheduleId: number, roomId: number, n: number) {
      cabins.set(`${scheduleId}:${roomId}`, (cabins.get(`${scheduleId}:${roomId}`) ?? 0) + n);
    },
  };
}

type TRoom = { id: number; capacity: number };
type TCabin = { id: number; name: string; shared: boolean };
type TDeparture = { id: number; from: string; to: string };

const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Eva',
  'Finn',
  'Greta',
  'Hugo',
  'Ida',
  'Jonas',
  'Lena',
  'Max',
];
const LAST_NAMES = [
  'Berger',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'García',
  'Hansen',
  'Ito',
  'Jansen',
  'Keller',
];

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
  const guestsOf = (n: number, lead: number) => [
    { customerId: lead },
    ...Array.from({ length: n - 1 }, () => ({
      name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    })),
  ];

  // Resort stays over the two years: a free room of the wanted size for each.
  for (let i = 0; i < 125; i++) {
    const from = day0 + random.int(-360, 355);
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
        ? [{ name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`, gender }]
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
  return { bookings: season.count(), skipped: season.skipped, ms: Date.now() - started };
}

function freeRoom(
  random: TRandom,
  list: readonly TRoom[],
  held: ReturnType<typeof occupancy>,
  pax: number,
  from: number,
  to: number,
) {
  const fitting = list.filter((r) => r.capacity >= pax && (pax > 2 || r.capacity <= 3));
  const start = random.int(0, fitting.length - 1);
  for (let k = 0; k < fitting.length; k++) {
    const room = fitting[(start + k) % fitting.length];
    if (room && held.roomFree(room.id, from, to)) return room;
  }
  return null;
}

type TBuilderDeps = {
  deps: TSeasonDeps;
  admin: TSessionUser;
  random: TRandom;
  day0: number;
  catalogue: TCatalogue;
  held: ReturnType<typeof occupancy>;
};

type TBookRequest = {
  rooms: unknown[];
  agencyId: number | undefined;
  customerId: number;
};

/** The steps of one booking's life, by where its dates lie from today. */
function seasonBuilder(b: TBuilderDeps) {
  const { deps, admin, random, day0 } = b;
  const flows = deps.bookings;
  const lock = { version: null };
  const skipped: string[] = [];
  let made = 0;
  const invoiced: number[] = [];
  const toMail: number[] = [];
  const forGuestForms: number[] = [];
  const unpaid: TBooking[] = [];

  async function attempt<T>(label: string, step: () => Promise<T>): Promise<T | null> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push(`${label}: ${error.code} ${error.message}`);
      return null;
    }
  }

  /** The day each booking was made: the flows stamp today, the season sets it back to before the stay. */
  const booked = new Map<number, number>();
  async function backdate(booking: TBooking, from: number) {
    const day = Math.max(day0 - 365, Math.min(day0, from - random.int(14, 160)));
    booked.set(booking.id, day);
    if (day === day0) return;
    const at = new Date(day * DAY + 10 * 3_600_000);
    await deps.db
      .update(bookings)
      .set({
        createdAt: at,
        ...(booking.reservationNo ? { reservationDate: at } : {}),
        ...(booking.bookingNo ? { bookingDate: at } : {}),
      })
      .where(eq(bookings.id, booking.id));
  }
  /** Due dates again from the booking day (the deposit a week after it): what makes a booking overdue. */
  const redue = (booking: TBooking) => attempt('reprice', () => flows.release.reloadPrice(admin, booking.id));

  const pay = (booking: TBooking, amount: string, date: number, method: 'bank' | 'card') =>
    attempt(`payment of ${booking.id}`, () =>
      deps.payments.create(admin, booking.id, {
        date: isoOf(Math.max(booked.get(booking.id) ?? day0, Math.min(date, day0))),
        amount,
        method,
        status: 'final',
        reference: booking.bookingNo ?? undefined,
      }),
    );
  const depositOf = (booking: TBooking) => {
    const line = booking.calculation.find((l) => l.type === 'deposit');
    return line && new D(line.total).gt(0)
      ? new D(line.total).toFixed(2)
      : new D(booking.openAmount).times(0.3).toFixed(2);
  };
  const reread = (id: number) => flows.queries.get(admin, id);

  async function addExtras(booking: TBooking) {
    const names =
      booking.type === 'vessel' || booking.type === 'charter'
        ? ['Nitrox per dive day', 'Dive computer']
        : ['10 boat dives', 'Full equipment', 'Reef-safe sunscreen', 'Logbook'];
    const name = random.pick(names);
    const productId = b.catalogue.products.get(name);
    if (!productId) return booking;
    const added = await attempt(`product on ${booking.id}`, () =>
      flows.products.add(admin, booking.id, 'product', productId, ZAddProduct.parse({}), lock),
    );
    return added ?? booking;
  }

  async function create(
    request: TBookRequest,
    state: 'draft' | 'planned' | 'confirmed' | 'waiting',
    from: number,
  ) {
    const input = ZCreateBooking.parse({
      ...request,
      state,
      language: random.chance(0.6) ? 'de' : 'en',
      note: random.chance(0.1) ? 'Vegetarian meals, please.' : undefined,
    });
    const booking = await attempt(`booking ${JSON.stringify(request.rooms).slice(0, 60)}`, () =>
      flows.create.createBooking(admin, input),
    );
    if (!booking) return null;
    made += 1;
    await backdate(booking, from);
    return booking;
  }

  return {
    skipped,
    count: () => made,

    /** A stay or trip: its state and money by how far its dates are from today. */
    async book(
      request: TBookRequest,
      from: number,
      to: number,
      opts: { split?: boolean; rebookTo?: TDeparture | undefined },
    ) {
      const roll = random.next();
      if (to <= day0) return this.past(request, from, roll);
      if (from <= day0) {
        const booking = await create(request, 'confirmed', from);
        if (!booking) return;
        await pay(booking, booking.openAmount, from - 40, 'bank');
        await attempt('check-in', () => flows.rooms.checkIn(admin, booking.id, {}, lock));
        return;
      }
      if (opts.rebookTo) {
        const booking = await create(request, 'confirmed', from);
        if (!booking) return;
        await pay(booking, depositOf(booking), day0 - 20, 'bank');
        await attempt('rebook', () =>
          flows.rebook.rebook(admin, booking.id, { scheduleId: opts.rebookTo?.id ?? 0 }, null),
        );
        return;
      }
      if (opts.split) {
        const booking = await create(request, 'confirmed', from);
        if (booking) await attempt('split', () => flows.split.splitByCustomer(admin, booking.id, {}, null));
        return;
      }
      const near = from - day0 <= 45;
      if (roll < (near ? 0.05 : 0.15)) return void (await create(request, 'draft', from));
      if (roll < (near ? 0.15 : 0.33)) {
        const option = await create(request, 'planned', from);
        if (option && random.chance(0.15))
          await attempt('release', () => flows.release.releaseBooking(admin, option.id, 'customer'));
        return;
      }
      let booking = await create(request, 'confirmed', from);
      if (!booking) return;
      if (random.chance(0.15)) booking = await addExtras(booking);
      if (roll > 0.9) {
        // Cancelled after the deposit: the terms' fee by the days left, an invoice reversed.
        await pay(booking, depositOf(booking), day0 - random.int(5, 40), 'bank');
        if (random.chance(0.5))
          await attempt('invoice', () => deps.db.transaction((tx) => issueInvoice(tx, admin, booking.id)));
        await attempt('cancel', () =>
          flows.cancel.cancelBooking(admin, booking.id, ZCancelBooking.parse({ reason: 'customer' })),
        );
        return;
      }
      if (from - day0 < 60) {
        // The balance was due 60 days before arrival: paid, partly paid (overdue) or not at all.
        const r = random.next();
        if (r < 0.7)
          await pay(
            booking,
            booking.openAmount,
            day0 - random.int(1, 30),
            random.chance(0.5) ? 'card' : 'bank',
          );
        else {
          await redue(booking);
          if (r < 0.9) await pay(booking, depositOf(booking), day0 - random.int(20, 60), 'bank');
        }
      } else if (random.chance(0.55)) {
        await pay(
          booking,
          depositOf(booking),
          day0 - random.int(0, 30),
          random.chance(0.3) ? 'card' : 'bank',
        );
      } else unpaid.push(booking);
      forGuestForms.push(booking.id);
      if (random.chance(0.15)) toMail.push(booking.id);
    },

    /** A stay or trip that is over: checked in and out and paid, now and then cancelled or still open. */
    async past(request: TBookRequest, from: number, roll: number) {
      let booking = await create(request, 'confirmed', from);
      if (!booking) return;
      if (roll < 0.08) {
        await attempt('cancel', () =>
          flows.cancel.cancelBooking(
            admin,
            booking?.id ?? 0,
            ZCancelBooking.parse({ reason: 'illness', date: isoOf(from - 10) }),
          ),
        );
        return;
      }
      if (random.chance(0.1)) booking = await addExtras(booking);
      if (roll < 0.95)
        await pay(
          booking,
          booking.openAmount,
          from - random.int(20, 90),
          random.chance(0.4) ? 'card' : 'bank',
        );
      else {
        await redue(booking);
        await pay(booking, depositOf(booking), from - 60, 'bank');
      }
      // The last weeks' guests were checked in and out at the desk; the nightly job resolves the rest.
      if (from > day0 - 45) {
        await attempt('check-in', () => flows.rooms.checkIn(admin, booking.id, {}, lock));
        await attempt('check-out', () => flows.rooms.checkOut(admin, booking.id, {}, lock));
      }
      if (invoiced.length < 25 && roll < 0.5) invoiced.push(booking.id);
    },

    async charter(dep: TDeparture, from: number, to: number, lead: number, agencyId: number | undefined) {
      const guests = Array.from({ length: 16 }, (_, i) =>
        i === 0 ? { customerId: lead } : { name: `Charter guest ${i + 1}`, gender: i % 2 ? 'm' : 'f' },
      );
      await this.book(
        {
          rooms: [],
          fullCharter: { scheduleId: dep.id, guests },
          agencyId,
          customerId: lead,
        } as TBookRequest,
        from,
        to,
        {},
      );
    },

    async waiting(cabin: TCabin, dep: TDeparture, lead: number) {
      await create(
        {
          rooms: [
            { roomId: cabin.id, scheduleId: dep.id, guests: [{ customerId: lead }, { name: 'Partner' }] },
          ],
          agencyId: undefined,
          customerId: lead,
        },
        'waiting',
        dayNo(dep.from),
      );
    },

    async online(roomId: number, from: number, to: number, i: number) {
      const request = ZOnlineCreateRequest.parse({
        from: isoOf(from),
        to: isoOf(to),
        rooms: [{ roomId, guests: [{ name: 'Online guest' }, { name: 'Travel partner' }] }],
        lead: {
          firstName: random.pick(FIRST_NAMES),
          lastName: random.pick(LAST_NAMES),
          email: `online${i + 1}@guests.example`,
          country: 'DE',
        },
        language: i % 2 ? 'en' : 'de',
      });
      const created = await attempt('online booking', () => deps.online.create(request, {}));
      if (created) made += 1;
    },

    /** Invoices of stays that are over, guest forms (some filled), mails in the queue, resolved stays. */
    async finish() {
      for (const id of invoiced)
        await attempt('invoice', () =>
          deps.db.transaction((tx) => issueInvoice(tx, admin, id, { date: isoOf(day0 - 1) })),
        );
      for (const [i, id] of forGuestForms.entries()) {
        if (i % 3 === 2) continue;
        const forms = await deps.guestForms.links(admin, id, '');
        const lead = forms[0];
        if (lead && i % 3 === 0)
          await attempt('guest form', () =>
            deps.guestForms.submit(lead.id, { user: admin }, guestAnswers(lead.guestName, day0)),
          );
      }
      if (toMail.length > 0)
        await attempt('mails', () =>
          deps.mail.sendBookingMails(admin, { bookingIds: toMail, state: 'confirmed', force: false }),
        );
    },

    /** The bank's statement of the last days: transfers that name a booking, and others nobody matched. */
    async statement(bankId: number) {
      const header = 'Buchungstag;Betrag;Währung;Name Zahlungsbeteiligter;Verwendungszweck;Buchungsreferenz';
      const line = (d: number, amount: string, who: string, ref: string, n: number) =>
        [
          isoOf(d).split('-').reverse().join('.'),
          amount.replace('.', ','),
          'EUR',
          who,
          ref,
          `DEMO-${n}`,
        ].join(';');
      const rows: string[] = [];
      for (const [i, booking] of unpaid.slice(0, 8).entries()) {
        const fresh = await reread(booking.id);
        rows.push(
          line(
            day0 - 1 - (i % 5),
            depositOf(fresh),
            fresh.customerName ?? 'Guest',
            `Anzahlung ${fresh.bookingNo}`,
            i + 1,
          ),
        );
      }
      rows.push(
        line(day0 - 2, '-1850,00'.replace(',', '.'), 'Marina Fuel Supply', 'Diesel MV Atoll Explorer', 90),
      );
      rows.push(line(day0 - 3, '-2400.00', 'Office Rent GmbH', 'Miete Büro', 91));
      rows.push(line(day0 - 4, '275.00', 'K. Unbekannt', 'Tauchkurs', 92));
      rows.push(line(day0 - 5, '-49.90', 'Förde Bank', 'Kontoführung', 93));
      await attempt('statement', () =>
        importStatement(
          { db: deps.db, currencies: deps.currencies },
          admin,
          bankId,
          [header, ...rows].join('\n'),
          undefined,
        ),
      );
    },
  };
}

function guestAnswers(name: string | null, day0: number) {
  const [firstName = 'Guest', lastName = 'Diver'] = (name ?? '').split(' ');
  return {
    firstName,
    lastName,
    birthday: '1984-05-12',
    gender: 'u',
    email: `${firstName.toLowerCase()}@guests.example`,
    passportNumber: 'C01X00T47',
    nationality: 'DE',
    passportIssueDate: '2020-01-10',
    passportExpiryDate: isoOf(day0 + 3000),
    certAgency: 'PADI',
    certLevel: 'Advanced Open Water',
    loggedDives: 64,
    lastDive: isoOf(day0 - 90),
    medicalHeart: false,
    medicalLungs: false,
    medicalEars: false,
    medicalMedication: false,
    medicalSurgery: false,
    medicalPregnant: false,
    insuranceCompany: 'DAN Europe',
    insurancePolicy: 'DAN-123456',
    arrivalFlight: 'PR 1845',
    arrivalDate: isoOf(day0 + 30),
    arrivalTime: '09:30',
    departureFlight: 'PR 1846',
    departureDate: isoOf(day0 + 37),
    emergencyName: 'Klaus Diver',
    emergencyPhone: '+49 170 1234567',
  };
}
