import type { TBed } from '@atoll/domain/inventory/rooms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  occupancy,
  resorts,
  roomBlocks,
  rooms,
  roomTypes,
  schedules,
  tours,
  vessels,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { createSettingsService } from '../settings/settings.service.ts';
import { createAvailabilityService, type TAvailabilityService } from './availability.service.ts';
import type { THoldItem, THoldRequest } from './hold.flow.ts';

let database: Database;
let db: Db;
let engine: TAvailabilityService;
let settingsService: ReturnType<typeof createSettingsService>;

const beds = (n: number, extra: Partial<TBed>[] = []): TBed[] =>
  Array.from({ length: n }, (_, i) => ({
    internalId: `B${i + 1}`,
    active: true,
    visible: true,
    type: 'single',
    ...extra[i],
  }));

async function room(values: Partial<typeof rooms.$inferInsert> & { beds?: TBed[]; maxPax?: number }) {
  const { beds: bedList = beds(2), maxPax = 2, ...rest } = values;
  const [row] = await db
    .insert(rooms)
    .values({
      name: 'R',
      configuration: { beds: bedList, maxNoOfPax: maxPax, minNoOfPax: 1, defaultNoOfPax: 2 },
      availableBeds: bedList.filter((b) => b.active).length,
      ...rest,
    })
    .returning();
  if (!row) throw new Error('no room');
  return row;
}

/** Runs one hold in its own transaction, like a booking write would. */
const hold = (req: Partial<THoldRequest> & { items: THoldItem[] }) =>
  db.transaction((tx) => engine.hold(tx, { bookingId: null, state: 'confirmed', channel: 'staff', ...req }));

const whole = (roomId: number, from: string, to: string, persons = 2): THoldItem => ({
  roomId,
  from,
  to,
  whole: true,
  persons: Array.from({ length: persons }, () => ({ gender: 'u' as const, age: 30 })),
});

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

let resortId: number;
let typeA: number;
let typeB: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  settingsService = createSettingsService(db);
  engine = createAvailabilityService({ db });
  const [resort] = await db.insert(resorts).values({ name: 'Reef Resort' }).returning();
  resortId = resort?.id ?? 0;
  const types = await db
    .insert(roomTypes)
    .values([
      { name: 'Garden', resortId, sort: 1 },
      { name: 'Sea view', resortId, sort: 2 },
    ])
    .returning();
  typeA = types[0]?.id ?? 0;
  typeB = types[1]?.id ?? 0;
});
afterAll(async () => database.close());

describe('resort availability per night (docs/domain/availability.md)', () => {
  it('counts free rooms per type and night; the departure day is not a night', async () => {
    const a1 = await room({ name: 'A1', resortId, roomTypeId: typeA, sort: 2 });
    await room({ name: 'A2', resortId, roomTypeId: typeA, sort: 1 });
    await room({ name: 'B1', resortId, roomTypeId: typeB });
    await hold({ bookingId: 1, items: [whole(a1.id, '2027-01-02', '2027-01-04')] });

    const answer = await engine.resort(resortId, { from: '2027-01-01', to: '2027-01-05', channel: 'staff' });
    expect(answer.nights).toEqual(['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04']);
    const garden = answer.roomTypes.find((t) => t.roomTypeId === typeA);
    expect(garden).toMatchObject({ rooms: 2, free: [2, 1, 1, 2], freeForStay: 1 });
    expect(answer.roomTypes.find((t) => t.roomTypeId === typeB)).toMatchObject({ free: [1, 1, 1, 1] });
    // Sort first (A2 has sort 1), then name.
    expect(answer.rooms.slice(0, 2).map((r) => r.name)).toEqual(['A2', 'A1']);
    // Adjacent stays do not conflict: a new arrival on the old departure day fits.
    await hold({ bookingId: 2, items: [whole(a1.id, '2027-01-04', '2027-01-06')] });
    await hold({ bookingId: 3, items: [whole(a1.id, '2026-12-30', '2027-01-02')] });
    const err = await errorOf(hold({ bookingId: 4, items: [whole(a1.id, '2027-01-03', '2027-01-05')] }));
    expect(err).toMatchObject({ statusCode: 409, code: 'NOT_AVAILABLE' });
  });

  it('which booking states hold (docs/domain/availability.md), with offersHoldInventory', async () => {
    const r = await room({ name: 'States', resortId, roomTypeId: typeB });
    const stay = whole(r.id, '2027-02-01', '2027-02-03');
    const draft = await hold({ bookingId: 10, state: 'draft', items: [stay] });
    expect(draft.holds).toBe(false);
    const waiting = await hold({ bookingId: 11, state: 'waiting', items: [stay] });
    expect(waiting.holds).toBe(false);
    const released = await hold({ bookingId: 12, state: 'planned', resolved: true, items: [stay] });
    expect(released.holds).toBe(false);
    // An option that has expired holds nothing and makes way for the next booking.
    await hold({ bookingId: 13, state: 'planned', holdUntil: new Date(Date.now() - 60_000), items: [stay] });
    const planned = await hold({
      bookingId: 14,
      state: 'planned',
      holdUntil: new Date(Date.now() + 3_600_000),
      items: [stay],
    });
    expect(planned.holds).toBe(true);
    expect(await errorOf(hold({ bookingId: 15, items: [stay] }))).toMatchObject({ code: 'NOT_AVAILABLE' });

    await settingsService.set(db, 'booking', 'offersHoldInventory', true);
    try {
      const later = whole(r.id, '2027-03-01', '2027-03-03');
      expect((await hold({ bookingId: 16, state: 'draft', items: [later] })).holds).toBe(true);
      expect(await errorOf(hold({ bookingId: 17, items: [later] }))).toMatchObject({ code: 'NOT_AVAILABLE' });
    } finally {
      await settingsService.set(db, 'booking', 'offersHoldInventory', false);
    }
  });

  it('blocks make a room unavailable; staff may force past a block with a warning', async () => {
    const r = await room({ name: 'Blocked', resortId, roomTypeId: typeA });
    await db
      .insert(roomBlocks)
      .values({ roomId: r.id, kind: 'Maintanance', from: '2027-04-10', to: '2027-04-12', reason: 'Paint' });
    const answer = await engine.resort(resortId, { from: '2027-04-09', to: '2027-04-13', channel: 'staff' });
    const row = answer.rooms.find((x) => x.id === r.id);
    expect(row).toMatchObject({
      free: false,
      freeBeds: 0,
      blocks: [{ kind: 'Maintanance', from: '2027-04-10', to: '2027-04-12', reason: 'Paint' }],
    });
    const stay = whole(r.id, '2027-04-11', '2027-04-13');
    expect(await errorOf(hold({ bookingId: 20, items: [stay] }))).toMatchObject({ code: 'NOT_AVAILABLE' });
    const forced = await hold({ bookingId: 20, force: true, items: [stay] });
    expect(forced.warnings).toEqual([{ roomId: r.id, code: 'BLOCKED' }]);
    // Before and after the block the room is free.
    await hold({ bookingId: 21, items: [whole(r.id, '2027-04-08', '2027-04-10')] });
  });

  it('checks every item of one hold on its own room and dates, whatever their order', async () => {
    const [open, closed] = [
      await room({ name: 'Open', resortId, roomTypeId: typeA }),
      await room({ name: 'Closed', resortId, roomTypeId: typeA }),
    ];
    await db.insert(roomBlocks).values({
      roomId: closed.id,
      kind: 'Maintanance',
      from: '2027-05-10',
      to: '2027-05-12',
      reason: 'Roof',
    });
    await hold({ bookingId: 22, items: [whole(open.id, '2027-05-20', '2027-05-22')] });
    // The open room is taken later in May, the closed one blocked at its start: each item meets only its own.
    const items = [
      whole(open.id, '2027-05-10', '2027-05-12'),
      whole(closed.id, '2027-05-11', '2027-05-13'),
      whole(closed.id, '2027-05-14', '2027-05-16'),
    ];
    for (const order of [items, [...items].reverse()]) {
      const refused = await errorOf(hold({ bookingId: 23, items: order }));
      expect(refused).toMatchObject({
        code: 'NOT_AVAILABLE',
        message: `Room ${closed.id} is blocked on these dates`,
      });
    }
    const forced = await hold({ bookingId: 23, force: true, items: [...items].reverse() });
    expect(forced.warnings).toEqual([{ roomId: closed.id, code: 'BLOCKED' }]);
    expect(forced.rows.map((r) => [r.roomId, r.from])).toEqual([
      [closed.id, '2027-05-14'],
      [closed.id, '2027-05-11'],
      [open.id, '2027-05-10'],
    ]);
    const taken = await errorOf(
      hold({
        bookingId: 24,
        items: [whole(closed.id, '2027-05-17', '2027-05-18'), whole(open.id, '2027-05-21', '2027-05-23')],
      }),
    );
    expect(taken).toMatchObject({
      code: 'NOT_AVAILABLE',
      message: `Room ${open.id} is already taken on these dates`,
    });
  });

  it('invisible or hidden rooms are not sold to agencies and online; staff may', async () => {
    const r = await room({ name: 'Hidden', resortId, roomTypeId: typeA, isVisible: false });
    const answer = await engine.resort(resortId, { from: '2027-05-01', to: '2027-05-02', channel: 'online' });
    expect(answer.rooms.find((x) => x.id === r.id)?.sellable).toBe(false);
    const stay = whole(r.id, '2027-05-01', '2027-05-02');
    expect(await errorOf(hold({ bookingId: 30, channel: 'agency', items: [stay] }))).toMatchObject({
      code: 'NOT_AVAILABLE',
    });
    expect((await hold({ bookingId: 30, channel: 'staff', items: [stay] })).holds).toBe(true);
  });

  it('more persons than maxNoOfPax are refused', async () => {
    const r = await room({ name: 'Small', resortId, roomTypeId: typeA, maxPax: 2 });
    expect(
      await errorOf(hold({ bookingId: 40, items: [whole(r.id, '2027-06-01', '2027-06-02', 3)] })),
    ).toMatchObject({
      statusCode: 400,
      code: 'PAX_LIMIT',
    });
  });

  it('unknown resort and bad intervals get clear errors', async () => {
    expect(
      await errorOf(engine.resort(999_999, { from: '2027-01-01', to: '2027-01-02', channel: 'staff' })),
    ).toMatchObject({
      statusCode: 404,
      code: 'RESORT_NOT_FOUND',
    });
    expect(
      await errorOf(engine.resort(resortId, { from: '2027-01-02', to: '2027-01-02', channel: 'staff' })),
    ).toMatchObject({
      statusCode: 400,
    });
    expect(
      await errorOf(engine.resort(resortId, { from: '2027-01-01', to: '2029-01-01', channel: 'staff' })),
    ).toMatchObject({
      statusCode: 400,
    });
  });
});

describe('shared rooms and berths (docs/domain/availability.md)', () => {
  const trip = { from: '2027-07-01', to: '2027-07-08' };
  const berth = (
    roomId: number,
    gender: 'm' | 'f' | 'u',
    age: number | null = 30,
    bed?: string,
  ): THoldItem => ({
    roomId,
    ...trip,
    whole: false,
    persons: [{ gender, age, ...(bed ? { bed } : {}) }],
  });

  it('fills beds one by one; a whole-room hold needs every bed free and takes them all', async () => {
    const dorm = await room({ name: 'Dorm', resortId, allowSharedRoom: true, beds: beds(3), maxPax: 3 });
    await hold({ bookingId: 50, items: [berth(dorm.id, 'm')] });
    await hold({ bookingId: 51, items: [berth(dorm.id, 'm')] });
    expect(
      await errorOf(hold({ bookingId: 52, items: [whole(dorm.id, trip.from, trip.to, 1)] })),
    ).toMatchObject({ code: 'NOT_AVAILABLE' });
    await hold({ bookingId: 53, items: [berth(dorm.id, 'm')] });
    expect(await errorOf(hold({ bookingId: 54, items: [berth(dorm.id, 'm')] }))).toMatchObject({
      code: 'NOT_AVAILABLE',
    });
    const answer = await engine.resort(resortId, { ...trip, channel: 'staff' });
    expect(answer.rooms.find((r) => r.id === dorm.id)).toMatchObject({
      free: false,
      freeBeds: 0,
      genders: ['m'],
    });

    const other = await room({ name: 'Dorm 2', resortId, allowSharedRoom: true, beds: beds(3), maxPax: 3 });
    const result = await hold({ bookingId: 55, items: [whole(other.id, trip.from, trip.to, 2)] });
    expect(result.rows.map((r) => r.unit).sort()).toEqual(['B1', 'B2', 'B3']);
    expect(await errorOf(hold({ bookingId: 56, items: [berth(other.id, 'f')] }))).toMatchObject({
      code: 'NOT_AVAILABLE',
    });
  });

  it('keeps one gender per room unless mixed is allowed; unknown fits with a warning; staff may force', async () => {
    const cabin = await room({ name: 'Share', resortId, allowSharedRoom: true, beds: beds(4), maxPax: 4 });
    await hold({ bookingId: 60, items: [berth(cabin.id, 'f')] });
    expect(await errorOf(hold({ bookingId: 61, items: [berth(cabin.id, 'm')] }))).toMatchObject({
      statusCode: 409,
      code: 'GENDER_MISMATCH',
    });
    const unknown = await hold({ bookingId: 62, items: [berth(cabin.id, 'u')] });
    expect(unknown.warnings).toEqual([{ roomId: cabin.id, code: 'GENDER_UNKNOWN' }]);
    const forced = await hold({ bookingId: 63, force: true, items: [berth(cabin.id, 'm')] });
    expect(forced.warnings).toContainEqual({ roomId: cabin.id, code: 'GENDER_MISMATCH' });

    const mixed = await room({
      name: 'Mixed',
      resortId,
      allowSharedRoom: true,
      allowMixedGender: true,
      beds: beds(2),
    });
    await hold({ bookingId: 64, items: [berth(mixed.id, 'f')] });
    expect((await hold({ bookingId: 65, items: [berth(mixed.id, 'm')] })).warnings).toEqual([]);
  });

  it('age-limited beds take only younger guests of known age; children get them first', async () => {
    const family = await room({
      name: 'Family',
      resortId,
      allowSharedRoom: true,
      allowMixedGender: true,
      beds: beds(2, [{}, { maxAge: 12 }]),
    });
    expect(await errorOf(hold({ bookingId: 70, items: [berth(family.id, 'f', 30, 'B2')] }))).toMatchObject({
      code: 'BED_AGE_LIMIT',
    });
    expect(await errorOf(hold({ bookingId: 70, items: [berth(family.id, 'f', null, 'B2')] }))).toMatchObject({
      code: 'BED_AGE_LIMIT',
    });
    const child = await hold({ bookingId: 71, items: [berth(family.id, 'm', 8)] });
    expect(child.rows[0]?.unit).toBe('B2');
    await hold({ bookingId: 72, items: [berth(family.id, 'f', 40)] });

    const cot = await room({
      name: 'Cot',
      resortId,
      allowSharedRoom: true,
      allowMixedGender: true,
      beds: beds(2, [{}, { maxAge: 3 }]),
    });
    await hold({ bookingId: 73, items: [berth(cot.id, 'f', 40)] });
    // Only the cot is left: an adult is refused for the bed's age, not for a full room.
    expect(await errorOf(hold({ bookingId: 74, items: [berth(cot.id, 'm', 35)] }))).toMatchObject({
      code: 'BED_AGE_LIMIT',
    });
  });
});

describe('departures (docs/domain/departures-and-charters.md)', () => {
  let vesselId: number;
  let scheduleId: number;
  let cabins: { id: number }[];

  beforeAll(async () => {
    const [vessel] = await db.insert(vessels).values({ name: 'MV Manta' }).returning();
    vesselId = vessel?.id ?? 0;
    const [tour] = await db.insert(tours).values({ name: 'North', vesselId }).returning();
    const [schedule] = await db
      .insert(schedules)
      .values({ tourId: tour?.id ?? 0, vesselId, from: '2027-08-07', to: '2027-08-14' })
      .returning();
    scheduleId = schedule?.id ?? 0;
    cabins = [
      await room({ name: 'C1', vesselId, type: 'Cabin' }),
      await room({ name: 'C2', vesselId, type: 'Cabin' }),
      await room({ name: 'C3', vesselId, type: 'Cabin', allowSharedRoom: true, beds: beds(4), maxPax: 4 }),
      await room({ name: 'C4', vesselId, type: 'Cabin', isActive: false }),
    ];
  });

  const onTrip = (roomId: number, extra: Partial<THoldItem> = {}): THoldItem => ({
    roomId,
    from: '2027-08-07',
    to: '2027-08-14',
    scheduleId,
    whole: true,
    persons: [{ gender: 'f', age: 30 }],
    ...extra,
  });

  it('counts sellable cabins and berths, free ones after holds', async () => {
    const [c1, , c3] = cabins;
    expect(await engine.capacities([scheduleId], 'staff')).toEqual([
      { scheduleId, cabins: 3, berths: 8, freeCabins: 3, freeBerths: 8 },
    ]);
    await hold({ bookingId: 80, items: [onTrip(c1?.id ?? 0)] });
    await hold({ bookingId: 81, items: [onTrip(c3?.id ?? 0, { whole: false })] });
    expect(await engine.capacities([scheduleId], 'staff')).toEqual([
      { scheduleId, cabins: 3, berths: 8, freeCabins: 1, freeBerths: 5 },
    ]);
    const detail = await engine.schedule(scheduleId, 'staff');
    expect(detail).toMatchObject({ vesselId, bookable: true, freeCabins: 1, freeBerths: 5 });
    expect(detail.rooms.find((r) => r.id === c3?.id)).toMatchObject({ freeBeds: 3, genders: ['f'] });
  });

  it('a cancelled departure sells nothing; a cabin of another vessel is refused', async () => {
    const [tour] = await db.select({ id: tours.id }).from(tours).limit(1);
    const [cancelled] = await db
      .insert(schedules)
      .values({ tourId: tour?.id ?? 0, vesselId, from: '2027-09-04', to: '2027-09-11', status: 'cancelled' })
      .returning();
    const id = cancelled?.id ?? 0;
    expect(await engine.capacities([id], 'staff')).toEqual([
      { scheduleId: id, cabins: 3, berths: 8, freeCabins: 0, freeBerths: 0 },
    ]);
    const c2 = cabins[1]?.id ?? 0;
    expect(
      await errorOf(
        hold({
          bookingId: 90,
          items: [onTrip(c2, { scheduleId: id, from: '2027-09-04', to: '2027-09-11' })],
        }),
      ),
    ).toMatchObject({
      code: 'NOT_AVAILABLE',
    });
    const resortRoom = await room({ name: 'Land', resortId });
    expect(await errorOf(hold({ bookingId: 91, items: [onTrip(resortRoom.id)] }))).toMatchObject({
      statusCode: 400,
    });
  });
});

describe('no double booking, even under concurrency', () => {
  it('50 concurrent attempts on one room and dates: exactly one holds', async () => {
    const r = await room({ name: 'Race', resortId, roomTypeId: typeA });
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        hold({ bookingId: 1000 + i, items: [whole(r.id, '2027-10-01', '2027-10-08')] }),
      ),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled');
    const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((a) => a.reason instanceof AppError && a.reason.code === 'NOT_AVAILABLE')).toBe(true);
    const [held] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(occupancy)
      .where(sql`${occupancy.roomId} = ${r.id} and ${occupancy.holds}`);
    expect(held?.n).toBe(1);
  });

  it('the exclusion constraint refuses an overlapping holding row written around the engine', async () => {
    const r = await room({ name: 'Constraint', resortId });
    const row = { roomId: r.id, unit: '', state: 'confirmed', holds: true };
    await db.insert(occupancy).values({ ...row, from: '2027-11-01', to: '2027-11-05' });
    await db.insert(occupancy).values({ ...row, from: '2027-11-05', to: '2027-11-07' });
    await db.insert(occupancy).values({ ...row, from: '2027-11-02', to: '2027-11-03', holds: false });
    await expect(
      db.insert(occupancy).values({ ...row, from: '2027-11-04', to: '2027-11-06' }),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
  });
});
