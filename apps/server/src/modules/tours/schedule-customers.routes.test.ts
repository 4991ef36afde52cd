// GET /api/schedules/{id}/customers, the departure's guest list: every guest of the bookings that hold a cabin
// or a berth on it (both guests of a whole cabin, named or not), with the booking's number and state, by cabin
// and bed; released, cancelled and other departures' bookings are not on board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';

let w: TWorld;
let whole: { id: number; bookingNo: string | null; reservationNo: string | null };
let berth: { id: number; bookingNo: string | null };
let wholeCabin: number;
let sharedCabin: number;

type TRow = { name: string | null; gender: string; unit: string; roomId: number; bookingId: number };

const create = async (body: unknown) => ok(await w.t.post('/api/bookings', w.tokens.staff, body), 201);
const list = async (): Promise<TRow[]> =>
  ok(await w.t.get(`/api/schedules/${w.departure}/customers`, w.tokens.staff));

beforeAll(async () => {
  w = await bookingWorld();
  wholeCabin = await w.cabin();
  sharedCabin = await w.cabin();
  whole = await create(
    tripBody(wholeCabin, w.departure, { state: 'planned' }, [
      { customerId: w.guests.ana },
      { name: 'Cleo Named', gender: 'f' },
    ]),
  );
  berth = await create(
    tripBody(
      sharedCabin,
      w.departure,
      { state: 'confirmed' },
      [{ customerId: w.guests.ben }, { name: 'Dora Berth', gender: 'f' }],
      false,
    ),
  );
  const freed = await create(tripBody(await w.cabin(), w.departure, { state: 'planned' }));
  ok(await w.t.post(`/api/bookings/${freed.id}/release?reason=test`, w.tokens.staff));
  const cancelled = await create(tripBody(await w.cabin(), w.departure, { state: 'confirmed' }));
  ok(
    await w.t.post(`/api/bookings/${cancelled.id}/cancell`, w.tokens.staff, {
      useTerms: false,
      percent: '0',
    }),
  );
  await create(tripBody(await w.cabin(), w.laterDeparture, { state: 'confirmed' }));
});
afterAll(() => w?.t.close());

describe('the guests on board', () => {
  it('lists every guest of the holding bookings, named by the customer record or the booking', async () => {
    const rows = await list();
    expect(rows).toHaveLength(4);
    const [ana, cleo, ...berths] = rows;
    const ben = berths.find((r) => r.name === 'Ben Diver');
    expect(ana).toMatchObject({
      name: 'Ana Diver',
      gender: 'f',
      birthday: '2000-06-15',
      roomId: wholeCabin,
      // The whole cabin is a shared one held bed by bed: its guests in their order.
      unit: 'B1',
      bookingId: whole.id,
      bookingNo: whole.reservationNo,
      state: 'planned',
      resolved: false,
    });
    // The second guest of the whole cabin has no customer record: the booking's name and gender.
    expect(cleo).toMatchObject({
      customerId: null,
      name: 'Cleo Named',
      gender: 'f',
      nationality: null,
      roomId: wholeCabin,
      unit: 'B2',
      bookingId: whole.id,
    });
    expect(ben).toMatchObject({
      name: 'Ben Diver',
      gender: 'm',
      roomId: sharedCabin,
      bookingId: berth.id,
      bookingNo: berth.bookingNo,
      state: 'confirmed',
    });
    // Each berth guest sleeps in a bed of their own.
    const beds = berths.map((r) => r.unit);
    expect(beds.every((b) => b !== '')).toBe(true);
    expect(new Set(beds).size).toBe(2);
  });

  it('answers 404 for an unknown departure and 403 without a tour scope', async () => {
    expectError(await w.t.get('/api/schedules/2000000000/customers', w.tokens.staff), 404, 'NOT_FOUND');
    expectError(
      await w.t.get(`/api/schedules/${w.departure}/customers`, w.tokens.customer),
      403,
      'FORBIDDEN',
    );
  });
});
