import type { TBed } from '@atoll/domain/inventory/rooms';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  agencies,
  commissions,
  customers,
  occupancy,
  paymentTerms,
  rooms,
  specials,
  users,
  vessels,
} from '../src/db/schema.ts';
import { createTestApp, type TTestApp } from './harness.ts';

// The world of the booking write tests, built through the API where it has one: a resort with a
// Deluxe room type priced 100/120 EUR a night (seasons A and B, 10 % room-type surcharge, 7 % tax
// inclusive: P1 of the simulator = 462.00 for 2041-03-29 → 04-02), a vessel with a 2,100 EUR per
// person departure (2041-05-02 → 05-09), an agency with a 15 % commission on the vessel, guests, and the
// demo's "Liveaboard standard" terms of docs/domain/cancellation.md. The demo specials are switched off.

export type TWorld = Awaited<ReturnType<typeof bookingWorld>>;

export const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

export const beds = (n: number): TBed[] =>
  Array.from({ length: n }, (_, i) => ({
    internalId: `B${i + 1}`,
    active: true,
    visible: true,
    type: 'single',
  }));

async function idOf<T extends { id: number }>(rows: Promise<T[]>, what: string) {
  const [row] = await rows;
  if (!row) throw new Error(`booking world: ${what} missing`);
  return row.id;
}

export async function bookingWorld() {
  const t: TTestApp = await createTestApp();
  const { admin, staff, agent, customer } = await t.demoTokens();
  const db = t.database.db;
  const created = async (url: string, body: unknown) => ok(await t.post(url, staff, body), 201);
  const confirmed = async (body: Record<string, unknown>) => {
    const price = await created('/api/price', body);
    return ok(await t.post(`/api/price/${price.id}`, staff, { status: 'confirmed', tax: body.tax }));
  };
  await db.update(specials).set({ status: 'aborted' });

  const resort = (await created('/api/resort', { name: 'Booking Test Resort' })).id as number;
  const deluxe = (await created('/api/roomtypes', { name: 'Deluxe', resortId: resort, surcharge: '10' }))
    .id as number;
  const double = (await created('/api/pricevariant', { name: 'double use', noOfPax: 2 })).id as number;
  const doublePp = (
    await created('/api/pricevariant', { name: 'double use pp', noOfPax: 2, perPerson: true })
  ).id as number;
  const tax = { status: 'confirmed', value: '7', inclusive: true };
  const season = { resortId: resort, variants: [double], tax };
  const seasonA = await confirmed({
    ...season,
    name: 'Season A',
    validFrom: '2041-01-10',
    validTo: '2041-03-31',
    entries: [{ roomTypeId: deluxe, variantId: double, currency: 'EUR', value: '100.00' }],
  });
  const seasonB = await confirmed({
    ...season,
    name: 'Season B',
    validFrom: '2041-04-01',
    validTo: '2041-10-31',
    entries: [{ roomTypeId: deluxe, variantId: double, currency: 'EUR', value: '120.00' }],
  });

  const [boat, otherBoat] = await db
    .insert(vessels)
    .values([{ name: 'MY Booking Test' }, { name: 'MY Other' }])
    .returning({ id: vessels.id });
  const vessel = boat?.id ?? 0;
  const cabinType = (await created('/api/roomtypes', { name: 'Deluxe cabin', vesselId: vessel }))
    .id as number;
  const tour = (await created('/api/tours', { name: 'Raja Ampat', vesselId: vessel })).id as number;
  const departure = (await created('/api/schedules', { tourId: tour, from: '2041-05-02', to: '2041-05-09' }))
    .id as number;
  const laterDeparture = (
    await created('/api/schedules', { tourId: tour, from: '2041-06-02', to: '2041-06-09' })
  ).id as number;
  const otherTour = (await created('/api/tours', { name: 'Komodo', vesselId: otherBoat?.id })).id as number;
  const otherDeparture = (
    await created('/api/schedules', { tourId: otherTour, from: '2041-05-02', to: '2041-05-09' })
  ).id as number;
  await confirmed({
    name: 'Raja Ampat 2041',
    vesselId: vessel,
    calculationType: 'complete',
    validFrom: '2041-01-01',
    validTo: '2041-12-31',
    variants: [doublePp],
    entries: [{ roomTypeId: cabinType, variantId: doublePp, currency: 'EUR', value: '2100.00' }],
  });

  const [deepBlue] = await db
    .insert(agencies)
    .values({ name: 'Deep Blue Agency', commission: '5' })
    .returning();
  const agencyId = deepBlue?.id ?? 0;
  await db.insert(commissions).values({ agencyId, vesselId: vessel, percent: '15' });
  const agentAgency = await db
    .select({ id: users.agencyId })
    .from(users)
    .where(eq(users.email, 'agent@example.com'));
  const ownAgency = agentAgency[0]?.id ?? 0;
  const people = await db
    .insert(customers)
    .values([
      { fullName: 'Ana Diver', birthday: '2000-06-15', gender: 'f', agencyId: ownAgency },
      { fullName: 'Ben Diver', birthday: '1990-01-01', gender: 'm' },
      { fullName: 'Tom Kid', permanentAge: 10, gender: 'm' },
    ])
    .returning({ id: customers.id });
  const [ana, ben, kid] = people.map((p) => p.id) as [number, number, number];
  const liveaboardTerms = await idOf(
    db.select({ id: paymentTerms.id }).from(paymentTerms).where(eq(paymentTerms.name, 'Liveaboard standard')),
    'Liveaboard standard terms',
  );
  const resortTerms = await idOf(
    db.select({ id: paymentTerms.id }).from(paymentTerms).where(eq(paymentTerms.name, 'Resort standard')),
    'Resort standard terms',
  );

  let roomCount = 0;
  /** A fresh Deluxe room of the resort, taken whole (max 2 guests unless said). */
  async function resortRoom(extra: Partial<typeof rooms.$inferInsert> = {}) {
    roomCount += 1;
    const [row] = await db
      .insert(rooms)
      .values({
        name: `Room ${roomCount}`,
        resortId: resort,
        roomTypeId: deluxe,
        configuration: { maxNoOfPax: 2, minNoOfPax: 1, defaultNoOfPax: 2 },
        ...extra,
      })
      .returning({ id: rooms.id });
    return row?.id ?? 0;
  }
  /** A fresh shared cabin of the vessel with `n` berths. */
  async function cabin(n = 2) {
    roomCount += 1;
    const [row] = await db
      .insert(rooms)
      .values({
        name: `Cabin ${roomCount}`,
        type: 'Cabin',
        vesselId: vessel,
        roomTypeId: cabinType,
        allowSharedRoom: true,
        allowMixedGender: true,
        availableBeds: n,
        configuration: { maxNoOfPax: n, minNoOfPax: 1, defaultNoOfPax: 2, beds: beds(n) },
      })
      .returning({ id: rooms.id });
    return row?.id ?? 0;
  }

  /** Holding occupancy rows of a booking (or of a room). */
  async function held(where: { bookingId?: number; roomId?: number }) {
    const rows = await db
      .select()
      .from(occupancy)
      .where(
        and(
          where.bookingId ? eq(occupancy.bookingId, where.bookingId) : undefined,
          where.roomId ? eq(occupancy.roomId, where.roomId) : undefined,
        ),
      );
    return { all: rows, holding: rows.filter((r) => r.holds) };
  }

  /** The count of a table's rows matching a raw condition (sanity checks after refused writes). */
  async function count(table: string, where = 'true') {
    const result = await db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    return rows[0]?.n ?? 0;
  }

  return {
    t,
    db,
    tokens: { admin, staff, agent, customer } as Record<'admin' | 'staff' | 'agent' | 'customer', string>,
    resort,
    deluxe,
    double,
    seasons: { a: seasonA.id as number, b: seasonB.id as number },
    vessel,
    cabinType,
    departure,
    laterDeparture,
    otherDeparture,
    agencyId,
    ownAgency,
    guests: { ana, ben, kid },
    terms: { liveaboard: liveaboardTerms, resort: resortTerms },
    resortRoom,
    cabin,
    held,
    count,
  };
}

/** A resort stay body: one room, two guests, the P1 dates unless said. */
export const stayBody = (
  roomId: number,
  extra: Record<string, unknown> = {},
  guests: unknown[] = [{}, {}],
) => ({
  state: 'draft',
  rooms: [{ roomId, from: '2041-03-29', to: '2041-04-02', guests }],
  ...extra,
});

/** A departure body: berths or the whole cabin on a schedule. */
export const tripBody = (
  roomId: number,
  scheduleId: number,
  extra: Record<string, unknown> = {},
  guests: unknown[] = [{ gender: 'f' }, { gender: 'm' }],
  whole = true,
) => ({ state: 'draft', rooms: [{ roomId, scheduleId, whole, guests }], ...extra });

type TLine = { type: string; total: string; customerType: string };
const COUNTED = new Set(['None', 'Direct', 'OnSite']);
const BILLABLE = new Set(['cost', 'product', 'special', 'room_cost', 'addon', 'discount']);

/** Σ of the counted billable lines in cents: what `total` must be (docs/domain/calculation-lines.md, no exclusive tax). */
export const countedCents = (lines: readonly TLine[]) =>
  lines
    .filter((l) => BILLABLE.has(l.type) && COUNTED.has(l.customerType))
    .reduce((sum, l) => sum + Math.round(Number(l.total) * 100), 0);
export const cents = (amount: string) => Math.round(Number(amount) * 100);
