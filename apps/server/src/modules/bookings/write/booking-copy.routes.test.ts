// POST /api/bookings/{id}/copy (docs/domain/lifecycle.md "Copying a booking"): a new booking from an old one
// through the create call (moved stays, another departure, NOT_AVAILABLE with nothing written, agents on their
// own agency's bookings only), and POST /api/bookings/{id}, the generic update, which is `{id}/change`.

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

type TGuest = { customerId: number | null; name: string | null; age: number | null };
type TRoom = { roomId: number; scheduleId: number | null; from: string; to: string; guests: TGuest[] };
type TBookingAnswer = {
  id: number;
  state: string;
  offerNo: string | null;
  reservationNo: string | null;
  agencyId: number | null;
  customerId: number | null;
  termsOfPayment: { id: number } | null;
  note: string | null;
  internalNote?: string | null;
  total: string;
  version: number;
  rooms: TRoom[];
  calculation: { type: string; total: string; customerType: string }[];
};

let w: TWorld;
let staff: string;
let agent: string;
let stay: TBookingAnswer;
let room: number;

const copy = (id: number, body: unknown = {}, token = staff) =>
  w.t.post(`/api/bookings/${id}/copy`, token, body);

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
  room = await w.resortRoom();
  stay = ok(
    await w.t.post(
      '/api/bookings',
      staff,
      stayBody(
        room,
        {
          state: 'planned',
          language: 'en',
          termsId: w.terms.resort,
          note: 'Window seat on the boat',
          internalNote: 'Pays late',
        },
        [{ customerId: w.guests.ben }, { name: 'Guest 2', age: 40 }],
      ),
    ),
    201,
  );
});
afterAll(() => w?.t.close());

describe('copying a booking', () => {
  it('answers 401, 403 to a customer, 404 for an unknown booking and 400 for a bad body', async () => {
    expectError(await copy(stay.id, {}, ''), 401, 'UNAUTHORIZED');
    expectError(await copy(stay.id, {}, w.tokens.customer), 403, 'FORBIDDEN');
    expectError(await copy(999_999), 404, 'NOT_FOUND');
    expectError(await copy(stay.id, { shiftDays: 'x' }), 400, 'ValidationError');
    expectError(await copy(stay.id, { state: 'resolved' }), 400, 'ValidationError');
  });

  it('refuses the same dates while the original holds the room, writing nothing', async () => {
    const before = await w.count('bookings');
    expectError(await copy(stay.id, { state: 'planned' }), 409, 'NOT_AVAILABLE');
    expect(await w.count('bookings')).toBe(before);
  });

  it('makes an offer a week later: same room, guests, customer, terms and notes, priced afresh', async () => {
    const made = ok(await copy(stay.id, { shiftDays: 7 }), 201) as TBookingAnswer;
    expect(made.id).not.toBe(stay.id);
    expect(made.state).toBe('draft');
    expect(made.offerNo).toMatch(/^O\d\d-\d{5}$/);
    expect(made.rooms.map((r) => [r.roomId, r.from, r.to])).toEqual([[room, '2041-04-05', '2041-04-09']]);
    expect(made.rooms[0]?.guests.map((g) => [g.customerId, g.name, g.age])).toEqual([
      [w.guests.ben, null, 51],
      [null, 'Guest 2', 40],
    ]);
    expect(made.termsOfPayment?.id).toBe(w.terms.resort);
    expect([made.note, made.internalNote]).toEqual(['Window seat on the boat', 'Pays late']);
    // Season B (120 a night) instead of A: the lines are the new dates', and they add up to the total.
    expect(cents(made.total)).toBeGreaterThan(cents(stay.total));
    expect(countedCents(made.calculation)).toBe(cents(made.total));
    const original = ok(await w.t.get(`/api/bookings/${stay.id}`, staff)) as TBookingAnswer;
    expect([original.version, original.rooms[0]?.from]).toEqual([stay.version, '2041-03-29']);
  });

  it('puts the cabins of a departure booking on another departure of the vessel, never another vessel', async () => {
    const cabin = await w.cabin(2);
    const trip = ok(
      await w.t.post('/api/bookings', staff, tripBody(cabin, w.departure, { state: 'planned' })),
      201,
    ) as TBookingAnswer;
    const moved = ok(
      await copy(trip.id, { scheduleId: w.laterDeparture, state: 'planned' }),
      201,
    ) as TBookingAnswer;
    expect(moved.state).toBe('planned');
    expect(moved.reservationNo).toMatch(/^R\d\d-\d{5}$/);
    expect(moved.rooms.map((r) => [r.roomId, r.scheduleId, r.from])).toEqual([
      [cabin, w.laterDeparture, '2041-06-02'],
    ]);
    expectError(await copy(trip.id, { scheduleId: w.otherDeparture }), 400, 'ValidationError');
  });

  it("lets an agent copy its agency's bookings only, for its own agency, without the internal note", async () => {
    const cabin = await w.cabin(2);
    const own = ok(
      await w.t.post('/api/bookings', agent, tripBody(cabin, w.departure)),
      201,
    ) as TBookingAnswer;
    const made = ok(await copy(own.id, { scheduleId: w.laterDeparture }, agent), 201) as TBookingAnswer;
    expect(made.agencyId).toBe(w.ownAgency);
    expect(made.internalNote).toBeUndefined();
    const foreign = ok(
      await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom(), { agencyId: w.agencyId })),
      201,
    ) as TBookingAnswer;
    expectError(await copy(foreign.id, { shiftDays: 30 }, agent), 404, 'NOT_FOUND');
  });
});

describe('the generic update POST /api/bookings/{id}', () => {
  it('changes the booking as {id}/change does, with the version check', async () => {
    const updated = ok(
      await w.t.post(`/api/bookings/${stay.id}`, staff, { note: 'Vegetarian', version: stay.version }),
    ) as TBookingAnswer;
    expect([updated.note, updated.version]).toEqual(['Vegetarian', stay.version + 1]);
    expectError(
      await w.t.post(`/api/bookings/${stay.id}`, staff, { note: 'Late', version: stay.version }),
      409,
      'VERSION_CONFLICT',
    );
    expectError(
      await w.t.post(`/api/bookings/${stay.id}`, w.tokens.customer, { note: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(await w.t.post(`/api/bookings/${stay.id}`, staff, { state: 'gone' }), 400, 'ValidationError');
  });
});
