import { type TBooking, ZCancelBooking, ZChangeBooking, ZCreateBooking } from '@atoll/domain/bookings';
import { D } from '@atoll/domain/money';
import { ZOnlineCreateRequest } from '@atoll/domain/online/api';
import { ZAddProduct } from '@atoll/domain/products';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import { onDay } from '../../clock.ts';
import { AppError } from '../../http/errors.ts';
import type { TSessionUser } from '../../modules/auth/auth.service.ts';
import { importStatement } from '../../modules/banks/import-statement.flow.ts';
import { issueInvoice } from '../../modules/documents/invoices.flow.ts';
import type { Tx } from '../client.ts';
import { bookings, bookingVersions, customers } from '../schema.ts';
import type { TCatalogue } from './season-catalogue.ts';
import {
  DAY,
  dayNo,
  FIRST_NAMES,
  guestAnswers,
  isoOf,
  LAST_NAMES,
  type TCabin,
  type TDeparture,
  type TOccupancy,
  type TRandom,
} from './season-tools.ts';
import type { TSeasonDeps } from './seed-season.ts';

/** Guests whose diving papers are not in yet check in all the same (dive-day.md "Check-in"), with why. */
const DESK = 'Papers checked at the dive centre desk on arrival';

// One booking's life in the season, by where its dates lie from today: made through the booking flows,
// then paid, checked in and out, cancelled, rebooked, split or released as a booking of that age would be.

type TBuilderDeps = {
  deps: TSeasonDeps;
  admin: TSessionUser;
  random: TRandom;
  day0: number;
  catalogue: TCatalogue;
  held: TOccupancy;
};

export type TBookRequest = {
  rooms: unknown[];
  fullCharter?: { scheduleId: number; guests: unknown[] };
  agencyId: number | undefined;
  customerId: number;
};

/**
 * An invoice of the season. A guest billed directly gets an e-mail first when the demo customers left theirs
 * empty: the e-invoice names the buyer's electronic address (BT-49), which a real business customer has.
 */
async function invoiceOf(tx: Tx, admin: TSessionUser, bookingId: number, options?: { date: string }) {
  await tx
    .update(customers)
    .set({ email: sql`'guest.' || ${customers.id} || '@example.com'` })
    .where(
      sql`coalesce(${customers.email}, '') = '' and ${customers.id} = (
        select ${bookings.customerId} from ${bookings}
        where ${bookings.id} = ${bookingId} and ${bookings.agencyId} is null)`,
    );
  return issueInvoice(tx, admin, bookingId, options);
}

/** The steps of one booking's life, by where its dates lie from today. */
export function seasonBuilder(b: TBuilderDeps) {
  const { deps, admin, random, day0 } = b;
  const flows = deps.bookings;
  const lock = { version: null };
  const skipped: string[] = [];
  let made = 0;
  /** Past stays to invoice on the day they ended: the booking and that day. */
  const invoiced: { id: number; day: number }[] = [];
  /** Bookings cancelled today after their deposit, some invoiced first: after the past invoices (numbers follow dates). */
  const cancelToday: { id: number; invoice: boolean }[] = [];
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

  /**
   * The day of each booking's latest step: the day it was made (before the stay), then of each later step. A step
   * is never dated before the one before it.
   */
  const booked = new Map<number, number>();
  const at = (day: number, hour: number) => new Date(day * DAY + hour * 3_600_000);
  const lastVersion = async () =>
    (await deps.db.select({ id: max(bookingVersions.id) }).from(bookingVersions))[0]?.id ?? 0;

  /**
   * Dates the history of a step taken on a past day: the versions the step wrote (after `since`) on that day, with
   * the booking's own dates in their snapshots and changes as the row holds them (the database stamps the row's
   * creation at the real now; the season sets it back).
   */
  async function dateVersions(bookingId: number, since: number, day: number, hour: number) {
    if (day >= day0) return;
    const [row] = await deps.db
      .select({
        createdAt: bookings.createdAt,
        reservationDate: bookings.reservationDate,
        bookingDate: bookings.bookingDate,
      })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!row) return;
    const dates = Object.fromEntries(
      Object.entries(row).flatMap(([field, value]) => (value ? [[field, value.toISOString()]] : [])),
    );
    const versions = await deps.db
      .select({
        id: bookingVersions.id,
        snapshot: bookingVersions.snapshot,
        changes: bookingVersions.changes,
      })
      .from(bookingVersions)
      .where(and(eq(bookingVersions.bookingId, bookingId), gt(bookingVersions.id, since)));
    for (const version of versions) {
      const snapshot = version.snapshot as Record<string, unknown>;
      for (const field of Object.keys(dates)) if (snapshot[field]) snapshot[field] = dates[field];
      const changes = (version.changes as { path: string; to: unknown }[]).map((change) =>
        change.path in dates && change.to ? { ...change, to: dates[change.path] } : change,
      );
      await deps.db
        .update(bookingVersions)
        .set({ createdAt: at(day, hour), snapshot, changes })
        .where(eq(bookingVersions.id, version.id));
    }
  }

  /** Runs a step as on a past day (the flows' `today()`), on today as it is. */
  const on = <T>(day: number, step: () => Promise<T>) => (day < day0 ? onDay(isoOf(day), step) : step());

  /**
   * A step of a booking's life on `day` (not before its latest step, not after today): taken on that day and its
   * history dated then.
   */
  async function dated<T>(bookingId: number, day: number, label: string, step: () => Promise<T>) {
    const stepDay = Math.min(day0, Math.max(booked.get(bookingId) ?? day0, day));
    const since = await lastVersion();
    const done = await attempt(label, () => on(stepDay, step));
    if (done !== null) {
      booked.set(bookingId, stepDay);
      await dateVersions(bookingId, since, stepDay, 12);
    }
    return done;
  }

  /** The day a booking for a stay from `from` is made: two weeks to five months before, within the last year. */
  const madeDay = (from: number) => Math.max(day0 - 365, Math.min(day0, from - random.int(14, 160)));

  /** Sets the row's creation back to the day the booking was made on (the flow took its other dates then). */
  async function backdate(booking: TBooking, day: number, since: number) {
    booked.set(booking.id, day);
    if (day === day0) return;
    await deps.db
      .update(bookings)
      .set({ createdAt: at(day, 10) })
      .where(eq(bookings.id, booking.id));
    await dateVersions(booking.id, since, day, 10);
  }
  /** Due dates again from the booking day (the deposit a week after it): what makes a booking overdue. */
  const redue = (booking: TBooking) =>
    dated(booking.id, 0, 'reprice', () => flows.release.reloadPrice(admin, booking.id));

  const pay = (booking: TBooking, amount: string, date: number, method: 'bank' | 'card') =>
    dated(booking.id, date, `payment of ${booking.id}`, () =>
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
    const added = await dated(booking.id, 0, `product on ${booking.id}`, () =>
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
      // An option made on a past day would have lapsed: the guest asked for more time, it runs out soon.
      optionExpiry: state === 'planned' ? at(day0 + random.int(2, 12), 16).toISOString() : undefined,
      language: random.chance(0.6) ? 'de' : 'en',
      note: random.chance(0.1) ? 'Vegetarian meals, please.' : undefined,
    });
    const since = await lastVersion();
    const day = madeDay(from);
    const booking = await attempt(`booking ${JSON.stringify(request.rooms).slice(0, 60)}`, () =>
      on(day, () => flows.create.createBooking(admin, input)),
    );
    if (!booking) return null;
    made += 1;
    await backdate(booking, day, since);
    return booking;
  }

  /**
   * A confirmed booking, of which some began as an offer or an option and were moved on through the change
   * flow, reserved some days after they were made and confirmed some days after that (what the conversion
   * report counts).
   */
  async function confirmed(request: TBookRequest, from: number) {
    const roll = random.next();
    const first = roll < 0.2 ? 'draft' : roll < 0.45 ? 'planned' : 'confirmed';
    const begun = await create(request, first, from);
    if (!begun || first === 'confirmed') return begun;
    // Reserved some days after it was made and confirmed some days after that, each before the stay; made today,
    // every step is today.
    const madeOn = booked.get(begun.id) ?? day0;
    const last = Math.max(madeOn, Math.min(day0, from - 1));
    const reserved = Math.min(last, madeOn + random.int(1, 10));
    const confirmedOn = Math.min(last, reserved + random.int(1, 14));
    let booking: TBooking = begun;
    for (const state of first === 'draft' ? (['planned', 'confirmed'] as const) : (['confirmed'] as const)) {
      const { id, version } = booking;
      const day = state === 'planned' ? reserved : confirmedOn;
      const moved = await dated(id, day, `${state} ${id}`, () =>
        flows.change.changeBooking(admin, id, ZChangeBooking.parse({ state, version })),
      );
      if (!moved) return booking;
      booking = moved;
    }
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
      if (to <= day0) return this.past(request, from, to, roll);
      if (from <= day0) {
        const booking = await create(request, 'confirmed', from);
        if (!booking) return;
        await pay(booking, booking.openAmount, from - 40, 'bank');
        await dated(booking.id, from, 'check-in', () =>
          flows.rooms.checkIn(admin, booking.id, { notReadyReason: DESK }, lock),
        );
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
      let booking = await confirmed(request, from);
      if (!booking) return;
      if (random.chance(0.15)) booking = await addExtras(booking);
      if (roll > 0.9) {
        await pay(booking, depositOf(booking), day0 - random.int(5, 40), 'bank');
        cancelToday.push({ id: booking.id, invoice: random.chance(0.5) });
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
    async past(request: TBookRequest, from: number, to: number, roll: number) {
      let booking = await confirmed(request, from);
      if (!booking) return;
      const { id } = booking;
      if (roll < 0.08) {
        await dated(id, from - 10, 'cancel', () =>
          flows.cancel.cancelBooking(
            admin,
            id,
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
        await dated(id, from, 'check-in', () =>
          flows.rooms.checkIn(admin, booking.id, { notReadyReason: DESK }, lock),
        );
        await dated(id, to, 'check-out', () => flows.rooms.checkOut(admin, booking.id, {}, lock));
      }
      if (invoiced.length < 25 && roll < 0.5) invoiced.push({ id, day: to });
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
        },
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
          firstName: random.pick([...FIRST_NAMES.f, ...FIRST_NAMES.m]),
          lastName: random.pick(LAST_NAMES),
          email: `online${i + 1}@guests.example`,
          country: 'DE',
        },
        language: i % 2 ? 'en' : 'de',
      });
      const created = await attempt('online booking', () => deps.online.create(request, {}));
      if (created) made += 1;
    },

    /** Invoices of stays that are over, guest forms (some filled, some missing), mails in the queue. */
    async finish() {
      // Each on the day its stay ended (or its latest step), in the order of those days: numbers follow dates.
      const due = invoiced.map(({ id, day }) => ({
        id,
        day: Math.min(day0, Math.max(booked.get(id) ?? day0, day)),
      }));
      for (const { id, day } of due.sort((a, b) => a.day - b.day))
        await dated(id, day, 'invoice', () => deps.db.transaction((tx) => invoiceOf(tx, admin, id)));
      // Cancelled after the deposit: the terms' fee by the days left, an invoice reversed.
      for (const { id, invoice } of cancelToday) {
        if (invoice) await attempt('invoice', () => deps.db.transaction((tx) => invoiceOf(tx, admin, id)));
        await attempt('cancel', () =>
          flows.cancel.cancelBooking(admin, id, ZCancelBooking.parse({ reason: 'customer' })),
        );
      }
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
      rows.push(line(day0 - 2, '-1850.00', 'Marina Fuel Supply', 'Diesel MV Atoll Explorer', 90));
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
