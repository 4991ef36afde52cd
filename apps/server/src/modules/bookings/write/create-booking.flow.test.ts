// POST /api/bookings: access, every refused request with its path, a resort stay (numbers, lines,
// totals), berths on a departure, a mixed booking, draft vs holding states, NO_PRICE, the agent's own
// agency, 50 parallel attempts on one room, and numbers that never skip or repeat.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingWorld,
  cents,
  countedCents,
  ok,
  stayBody,
  type TWorld,
  tripBody,
} from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { today } from '../../../clock.ts';
import { bookingCounters, bookingVersions } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
let agent: string;
const yy = () => today().slice(2, 4);
const create = (body: unknown, token = staff) => w.t.post('/api/bookings', token, body);

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
});
afterAll(() => w?.t.close());

describe('access', () => {
  it('answers 401 without login and 403 without bookings.create or agencies.self', async () => {
    const room = await w.resortRoom();
    expectError(await create(stayBody(room), ''), 401, 'UNAUTHORIZED');
    expectError(await create(stayBody(room), w.tokens.customer), 403, 'FORBIDDEN');
    const reader = await w.t.account('reader@bookings.test', ['bookings.read']);
    expectError(await create(stayBody(room), reader), 403, 'FORBIDDEN');
  });

  it('lets only staff who may change bookings force', async () => {
    const room = await w.resortRoom();
    const creator = await w.t.account('creator@bookings.test', ['bookings.create']);
    expectError(await create(stayBody(room, { force: true }), creator), 403, 'FORBIDDEN');
    expectError(await create(stayBody(room, { force: true }), agent), 403, 'FORBIDDEN');
    ok(await create(stayBody(room), creator), 201);
  });
});

describe('refused requests', () => {
  let room: number;
  let cabin: number;
  beforeAll(async () => {
    room = await w.resortRoom();
    cabin = await w.cabin();
  });
  const stay = (r: Record<string, unknown>) => ({
    state: 'draft',
    rooms: [{ roomId: room, from: '2041-03-29', to: '2041-04-02', guests: [{}], ...r }],
  });
  it.each<[string, () => unknown, string]>([
    ['no rooms', () => ({ rooms: [] }), 'body/rooms'],
    ['a room without guests', () => stay({ guests: [] }), 'body/rooms/0/guests'],
    ['an unknown room', () => stay({ roomId: 999_999 }), 'rooms.0.roomId'],
    ['a resort stay without its first night', () => stay({ from: null }), 'rooms.0.from'],
    ['a resort stay ending on its first day', () => stay({ to: '2041-03-29' }), 'rooms.0.to'],
    ['a resort room on a departure', () => stay({ scheduleId: w.departure }), 'rooms.0.scheduleId'],
    ['a cabin without a departure', () => tripBody(cabin, 0, {}, [{}]), 'body/rooms/0/scheduleId'],
    [
      'a cabin with a missing departure',
      () => ({ rooms: [{ roomId: cabin, scheduleId: 999_999, guests: [{}] }] }),
      'rooms.0.scheduleId',
    ],
    ["another vessel's departure", () => tripBody(cabin, w.otherDeparture, {}, [{}]), 'rooms.0.scheduleId'],
    [
      'an unknown guest customer',
      () => stay({ guests: [{}, { customerId: 999_999 }] }),
      'rooms.0.guests.1.customerId',
    ],
    ['an unknown variant', () => stay({ guests: [{ variantId: 999_999 }] }), 'rooms.0.guests.0.variantId'],
    ['an unknown agency', () => ({ ...stay({}), agencyId: 999_999 }), 'agencyId'],
    ['an unknown payer', () => ({ ...stay({}), customerId: 999_999 }), 'customerId'],
    ['unknown terms', () => ({ ...stay({}), termsId: 999_999 }), 'termsId'],
    ['an unknown currency', () => ({ ...stay({}), currency: 'XYZ' }), 'currency'],
    ['a bad state', () => ({ ...stay({}), state: 'aborted' }), 'body/state'],
  ])('refuses %s with 400 at its path, writing nothing', async (_label, body, path) => {
    const before = await w.count('bookings');
    const res = await create(body());
    expectError(res, 400, 'ValidationError');
    expect(res.json().details?.[0]?.path).toBe(path);
    expect(await w.count('bookings')).toBe(before);
  });

  it('refuses cabins of two departures in one booking', async () => {
    const other = await w.cabin();
    const body = {
      rooms: [
        { roomId: cabin, scheduleId: w.departure, guests: [{}] },
        { roomId: other, scheduleId: w.laterDeparture, guests: [{}] },
      ],
    };
    const res = await create(body);
    expectError(res, 400, 'ValidationError');
    expect(res.json().details?.[0]?.path).toBe('rooms.1.scheduleId');
  });
});

describe('a resort stay', () => {
  it('creates a draft: offer number, the engine’s lines, totals that add up, no hold, version 1', async () => {
    const room = await w.resortRoom();
    const booking = ok(await create(stayBody(room, { note: 'Honeymoon', internalNote: 'VIP' })), 201);
    expect(booking).toMatchObject({
      state: 'draft',
      type: 'resort',
      channel: 'Booking',
      resortId: w.resort,
      from: '2041-03-29',
      to: '2041-04-02',
      noOfPax: 2,
      reservationNo: null,
      bookingNo: null,
      version: 1,
      note: 'Honeymoon',
      internalNote: 'VIP',
      evaluationDate: today(),
    });
    expect(booking.offerNo).toMatch(new RegExp(`^O${yy()}-\\d{5}$`));
    // P1: 3 nights × 100 + 1 night × 120, +10 % room type surcharge, 7 % tax inclusive.
    expect(booking.total).toBe('462.00');
    expect(booking.totals).toMatchObject({ total: '462.00', tax: '30.22', net: '431.78' });
    const entry = booking.rooms[0];
    const roomLine = booking.calculation.find((l: { type: string }) => l.type === 'room_cost');
    expect(roomLine).toMatchObject({ key: `room:r${entry.id}`, total: '462.00', manual: false });
    expect(countedCents(booking.calculation)).toBe(cents(booking.total));
    // The resort's default terms were copied onto the booking; deposit and rest lines follow them.
    expect(booking.termsOfPayment?.name).toBe('Resort standard');
    expect(booking.calculation.map((l: { type: string }) => l.type)).toContain('deposit');
    expect(booking.problems).toEqual([]);
    const occupancy = await w.held({ bookingId: booking.id });
    expect(occupancy.all).toHaveLength(1);
    expect(occupancy.holding).toHaveLength(0);
    const versions = await w.db
      .select()
      .from(bookingVersions)
      .where(eq(bookingVersions.bookingId, booking.id));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, action: 'create' });
    expect((versions[0]?.snapshot as { total?: string } | undefined)?.total).toBe('462.00');
    // Built from what the flow wrote, the snapshot shows what the booking's detail reads, names included.
    const detail = (await w.t.get(`/api/bookings/${booking.id}`, staff)).json();
    expect(detail.assetName).toBeTruthy();
    const shown = [
      'assetName',
      'customerName',
      'agencyName',
      'offerNo',
      'total',
      'openAmount',
      'hasOpenTodos',
    ];
    const pick = (b: Record<string, unknown>) => Object.fromEntries(shown.map((k) => [k, b[k]]));
    expect(pick(versions[0]?.snapshot as Record<string, unknown>)).toEqual(pick(detail));
    // The rows were built before they were written (ids drawn first, one statement): the answer and the
    // version are what a read answers afterwards, to the last line and guest.
    expect(booking).toEqual(detail);
    const snapshot = versions[0]?.snapshot as Record<string, unknown>;
    expect({ rooms: snapshot.rooms, calculation: snapshot.calculation }).toEqual({
      rooms: detail.rooms,
      calculation: detail.calculation,
    });
  });

  it('creates a confirmed booking: booking number, booking date, the room held', async () => {
    const room = await w.resortRoom();
    const booking = ok(await create(stayBody(room, { state: 'confirmed' })), 201);
    expect(booking.bookingNo).toMatch(new RegExp(`^B${yy()}-\\d{5}$`));
    expect(booking.offerNo).toBeNull();
    expect(booking.bookingDate).not.toBeNull();
    expect(booking.evaluationDate).toBe(today());
    const occupancy = await w.held({ bookingId: booking.id });
    expect(occupancy.holding).toHaveLength(1);
    expect(occupancy.holding[0]).toMatchObject({
      roomId: room,
      from: '2041-03-29',
      to: '2041-04-02',
      state: 'confirmed',
      entryId: booking.rooms[0].id,
    });
    // Taken: the same room and nights cannot be booked again, an adjacent stay can.
    expectError(await create(stayBody(room, { state: 'confirmed' })), 409, 'NOT_AVAILABLE');
    const next = {
      state: 'confirmed',
      rooms: [{ roomId: room, from: '2041-04-02', to: '2041-04-05', guests: [{}, {}] }],
    };
    ok(await create(next), 201);
  });

  it('creates a planned option with its reservation number and the terms’ option days', async () => {
    const room = await w.resortRoom();
    const before = Date.now();
    const booking = ok(await create(stayBody(room, { state: 'planned', termsId: w.terms.liveaboard })), 201);
    expect(booking.reservationNo).toMatch(new RegExp(`^R${yy()}-\\d{5}$`));
    expect(booking.termsOfPayment?.name).toBe('Liveaboard standard');
    const expiry = Date.parse(booking.optionExpiry);
    const days = booking.termsOfPayment.optionDays;
    expect(expiry).toBeGreaterThanOrEqual(before + days * 86_400_000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + days * 86_400_000 + 1000);
    const { holding } = await w.held({ bookingId: booking.id });
    expect(holding).toHaveLength(1);
    expect(holding[0]?.holdUntil?.toISOString()).toBe(new Date(expiry).toISOString());
  });

  it('takes an explicit option expiry and the first guest with a customer as payer', async () => {
    const room = await w.resortRoom();
    const body = stayBody(room, { state: 'planned', optionExpiry: '2041-01-01T12:00:00.000Z' }, [
      { name: 'Guest 1' },
      { customerId: w.guests.ben },
    ]);
    const booking = ok(await create(body), 201);
    expect(booking.optionExpiry).toBe('2041-01-01T12:00:00.000Z');
    expect(booking.customerId).toBe(w.guests.ben);
    expect(booking.rooms[0].guests).toMatchObject([
      { name: 'Guest 1', customerId: null, gender: 'u' },
      { customerId: w.guests.ben, gender: 'm', age: 51 },
    ]);
  });
});

describe('several room entries', () => {
  it('prices each resort room over its own dates; the booking spans them all', async () => {
    const [first, second] = [await w.resortRoom(), await w.resortRoom()];
    const body = {
      state: 'confirmed',
      rooms: [
        { roomId: first, from: '2041-03-29', to: '2041-04-02', guests: [{}, {}] },
        { roomId: second, from: '2041-03-30', to: '2041-03-31', guests: [{}, {}] },
      ],
    };
    const booking = ok(await create(body), 201);
    expect(booking).toMatchObject({ from: '2041-03-29', to: '2041-04-02', noOfPax: 4, total: '572.00' });
    const byEntry = (id: number) =>
      booking.calculation.find((l: { key: string }) => l.key === `room:r${id}`)?.total;
    expect(byEntry(booking.rooms[0].id)).toBe('462.00');
    // One night in season A: 100 × 1.1.
    expect(byEntry(booking.rooms[1].id)).toBe('110.00');
    const { holding } = await w.held({ bookingId: booking.id });
    expect(holding.map((h) => [h.roomId, h.from, h.to])).toEqual(
      expect.arrayContaining([
        [first, '2041-03-29', '2041-04-02'],
        [second, '2041-03-30', '2041-03-31'],
      ]),
    );
  });
});

describe('prices', () => {
  const noSeason = (roomId: number, state: string, extra = {}) => ({
    state,
    rooms: [{ roomId, from: '2042-03-01', to: '2042-03-03', guests: [{}] }],
    ...extra,
  });

  it('refuses a reservation or booking without a price (409 NO_PRICE), leaving nothing', async () => {
    const room = await w.resortRoom();
    const before = await w.count('bookings');
    expectError(await create(noSeason(room, 'confirmed')), 409, 'NO_PRICE');
    expectError(await create(noSeason(room, 'planned')), 409, 'NO_PRICE');
    expect(await w.count('bookings')).toBe(before);
    expect((await w.held({ roomId: room })).all).toHaveLength(0);
  });

  it('keeps a draft without a price and shows the problem; staff may force a booking', async () => {
    const room = await w.resortRoom();
    const draft = ok(await create(noSeason(room, 'draft')), 201);
    expect(draft.problems.map((p: { code: string }) => p.code)).toEqual(['NO_PRICE', 'NO_PRICE']);
    expect(draft.calculation.filter((l: { type: string }) => l.type === 'room_cost')).toEqual([]);
    expect(draft.total).toBe('0.00');
    const forced = ok(await create(noSeason(await w.resortRoom(), 'confirmed', { force: true })), 201);
    expect(forced.state).toBe('confirmed');
    expect(forced.problems[0]?.code).toBe('NO_PRICE');
  });
});

describe('a departure', () => {
  it('books two berths of a shared cabin with the departure’s dates and the tour line', async () => {
    const cabin = await w.cabin(4);
    const body = tripBody(
      cabin,
      w.departure,
      { state: 'confirmed' },
      [{ gender: 'f' }, { gender: 'm' }],
      false,
    );
    const booking = ok(await create(body), 201);
    expect(booking).toMatchObject({
      type: 'vessel',
      vesselId: w.vessel,
      scheduleId: w.departure,
      from: '2041-05-02',
      to: '2041-05-09',
      noOfPax: 2,
    });
    expect(booking.rooms[0]).toMatchObject({ whole: false, scheduleId: w.departure, from: '2041-05-02' });
    const types = booking.calculation.map((l: { type: string }) => l.type);
    expect(types).toContain('tour');
    const roomLines = booking.calculation.filter((l: { type: string }) => l.type === 'room_cost');
    // One line per guest, keyed by the guest: `customer` is the guest's key.
    const guestKeys = booking.rooms[0].guests.map((g: { id: number }) => `g${g.id}`);
    expect(roomLines.map((l: { customer: string }) => l.customer).sort()).toEqual(guestKeys.sort());
    expect(roomLines.map((l: { guestId: number }) => l.guestId).sort()).toEqual(
      booking.rooms[0].guests.map((g: { id: number }) => g.id).sort(),
    );
    expect(booking.total).toBe('4200.00');
    expect(countedCents(booking.calculation)).toBe(cents(booking.total));
    const { holding } = await w.held({ bookingId: booking.id });
    expect(holding.map((h) => h.unit).sort()).toEqual(['B1', 'B2']);
    // Berths with their beds, written in one statement: the answer is what a read answers afterwards.
    expect(booking).toEqual((await w.t.get(`/api/bookings/${booking.id}`, staff)).json());
    // The two berths left can still be sold; a whole-cabin booking no more.
    ok(await create(tripBody(cabin, w.departure, { state: 'confirmed' }, [{}, {}], false)), 201);
    expectError(
      await create(tripBody(cabin, w.departure, { state: 'confirmed' }, [{}])),
      409,
      'NOT_AVAILABLE',
    );
  });

  it('books a resort stay and a trip together as a mixed booking', async () => {
    const room = await w.resortRoom();
    const cabin = await w.cabin();
    const body = {
      state: 'confirmed',
      rooms: [
        { roomId: room, from: '2041-04-28', to: '2041-05-02', guests: [{}, {}] },
        { roomId: cabin, scheduleId: w.departure, guests: [{ gender: 'f' }, { gender: 'm' }] },
      ],
    };
    const booking = ok(await create(body), 201);
    expect(booking).toMatchObject({
      type: 'mixed',
      resortId: w.resort,
      vesselId: w.vessel,
      from: '2041-04-28',
      to: '2041-05-09',
    });
    // 4 nights × 120 × 1.1 = 528.00 for the stay, 2 × 2,100.00 for the trip.
    const roomLines = booking.calculation.filter((l: { type: string }) => l.type === 'room_cost');
    expect(roomLines.map((l: { total: string }) => l.total).sort()).toEqual(['2100.00', '2100.00', '528.00']);
    expect(booking.total).toBe('4728.00');
    expect(countedCents(booking.calculation)).toBe(cents(booking.total));
    expect(new Set(booking.calculation.map((l: { key: string }) => l.key)).size).toBe(
      booking.calculation.length,
    );
    expect(booking).toEqual((await w.t.get(`/api/bookings/${booking.id}`, staff)).json());
  });
});

describe('agents', () => {
  it('book for their own agency only, on the agent channel, with their commission, without internal note', async () => {
    const cabin = await w.cabin();
    const body = tripBody(cabin, w.departure, { state: 'planned', internalNote: 'not mine to write' });
    const booking = ok(await create(body, agent), 201);
    expect(booking).toMatchObject({ agencyId: w.ownAgency, channel: 'AgentDirectBooking' });
    expect(booking).toHaveProperty('commission');
    expect(booking).not.toHaveProperty('internalNote');
    const stored = ok(await w.t.get(`/api/bookings/${booking.id}`, staff));
    expect(stored.internalNote).toBeNull();
    expectError(await create({ ...body, agencyId: w.agencyId }, agent), 403, 'FORBIDDEN');
  });

  it('may name its own customers only', async () => {
    const room = await w.resortRoom();
    const own = stayBody(room, {}, [{ customerId: w.guests.ana }]);
    ok(await create(own, agent), 201);
    const res = await create(stayBody(await w.resortRoom(), {}, [{ customerId: w.guests.ben }]), agent);
    expectError(res, 400, 'ValidationError');
    expect(res.json().details?.[0]?.path).toBe('rooms.0.guests.0.customerId');
  });

  it('cannot book a hidden room', async () => {
    const hidden = await w.resortRoom({ hide: true });
    const res = await create(stayBody(hidden), agent);
    expectError(res, 400, 'ValidationError');
    ok(await create(stayBody(hidden), staff), 201);
  });
});

describe('no double booking', () => {
  it('50 parallel creates of one room and dates: exactly one succeeds, 49 answer NOT_AVAILABLE', async () => {
    const room = await w.resortRoom();
    const body = stayBody(room, { state: 'confirmed' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(body)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(49);
    for (const res of refused) expectError(res, 409, 'NOT_AVAILABLE');
    expect((await w.held({ roomId: room })).holding).toHaveLength(1);
    expect(
      await w.count('bookings', `id in (select booking_id from booking_rooms where room_id = ${room})`),
    ).toBe(1);
  });
});

describe('numbers', () => {
  it('follow each other without gaps across refused creates and are never given twice', async () => {
    const room = await w.resortRoom();
    const seq = (no: string) => Number(no.slice(-5));
    const first = ok(await create(stayBody(room, { state: 'confirmed' })), 201);
    expectError(await create(stayBody(room, { state: 'confirmed' })), 409, 'NOT_AVAILABLE');
    expectError(
      await create(stayBody(room, { state: 'confirmed', currency: 'XYZ' })),
      400,
      'ValidationError',
    );
    const second = ok(await create(stayBody(await w.resortRoom(), { state: 'confirmed' })), 201);
    expect(seq(second.bookingNo)).toBe(seq(first.bookingNo) + 1);
    // A deleted booking keeps its number; the next one does not get it again.
    ok(await w.t.del(`/api/bookings/${second.id}`, staff));
    const third = ok(await create(stayBody(await w.resortRoom(), { state: 'confirmed' })), 201);
    expect(seq(third.bookingNo)).toBe(seq(first.bookingNo) + 2);
    const [counter] = await w.db.select().from(bookingCounters).where(eq(bookingCounters.kind, 'confirmed'));
    expect(counter?.last).toBe(seq(third.bookingNo));
  });
});
