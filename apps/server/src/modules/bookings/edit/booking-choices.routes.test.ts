// The choices by hand on a booking: changePrice (a pinned price prices every night and survives
// reloadPrice), commission (a pinned row gives the commission), one room entry's shape and its guests
// (held again: a taken berth → NOT_AVAILABLE with the booking unchanged); access, versions, refusals.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingWorld,
  countedCents,
  ok,
  stayBody,
  type TWorld,
  tripBody,
} from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { agencies, commissions, prices } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
let agent: string;

type TGuest = { id: number; customerId: number | null; variantId: number | null; gender: string };
type TEntry = { id: number; roomId: number; whole: boolean; guests: TGuest[] };
type TLine = {
  type: string;
  total: string;
  customerType: string;
  customData: { generator: string; priceId?: number; nights?: { priceId: number }[] };
};
type TAnswer = {
  id: number;
  version: number;
  total: string;
  noOfPax: number;
  customerId: number | null;
  priceId?: number | null;
  commissionId?: number | null;
  commission?: string;
  commissionPercent?: string;
  rooms: TEntry[];
  calculation: TLine[];
};

const create = async (body: unknown, token = staff) =>
  ok(await w.t.post('/api/bookings', token, body), 201) as TAnswer;
const read = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, staff)) as TAnswer;
const post = (url: string, token = staff, body?: unknown, headers: Record<string, string> = {}) =>
  w.t.call('POST', `/api/bookings/${url}`, token, body, headers);
const pathOf = (res: { json(): { details?: { path?: string }[] } }) => res.json().details?.[0]?.path;
const roomPrices = (b: TAnswer) =>
  new Set(
    b.calculation
      .filter((l) => l.type === 'room_cost')
      .flatMap((l) => l.customData.nights?.map((n) => n.priceId) ?? [l.customData.priceId]),
  );

async function stay(extra: Record<string, unknown> = {}, guests: unknown[] = [{}, {}]) {
  return create(stayBody(await w.resortRoom(), extra, guests));
}

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
});
afterAll(() => w?.t.close());

describe('access, version and input', () => {
  it('answers 401 and 403; agents only set guests, and of their own bookings (404 otherwise)', async () => {
    const b = await stay();
    const entry = b.rooms[0] as TEntry;
    const calls: [string, unknown][] = [
      [`${b.id}/changePrice/${w.seasons.b}`, undefined],
      [`${b.id}/commission/0`, undefined],
      [`${b.id}/rooms/${entry.roomId}`, { roomBookingId: entry.id, noOfPax: 1 }],
      [`${b.id}/rooms/${entry.roomId}/customers`, { roomBookingId: entry.id, guests: [{}] }],
    ];
    const reader = await w.t.account('reader@choices.test', ['bookings.read']);
    for (const [url, body] of calls) {
      expectError(await post(url, '', body), 401, 'UNAUTHORIZED');
      expectError(await post(url, w.tokens.customer, body), 403, 'FORBIDDEN');
      expectError(await post(url, reader, body), 403, 'FORBIDDEN');
    }
    for (const [url, body] of calls.slice(0, 3)) expectError(await post(url, agent, body), 403, 'FORBIDDEN');
    expectError(await post(calls[3]?.[0] as string, agent, calls[3]?.[1]), 404, 'NOT_FOUND');
    expect((await read(b.id)).version).toBe(1);
  });

  it('checks the version and answers 404 for unknown bookings, prices and commission rows', async () => {
    const b = await stay({ agencyId: w.agencyId });
    expectError(await post(`${b.id}/changePrice/${w.seasons.b}?version=2`), 409, 'VERSION_CONFLICT');
    expectError(
      await post(`${b.id}/commission/0`, staff, undefined, { 'if-match': '"7"' }),
      409,
      'VERSION_CONFLICT',
    );
    expectError(await post(`999999/changePrice/${w.seasons.b}`), 404, 'NOT_FOUND');
    expectError(await post(`${b.id}/changePrice/999999`), 404, 'NOT_FOUND');
    expectError(await post(`${b.id}/commission/999999`), 404, 'NOT_FOUND');
    expect((await read(b.id)).version).toBe(1);
  });

  it('refuses bad input with the field path and writes nothing', async () => {
    const b = await stay();
    const entry = b.rooms[0] as TEntry;
    expectError(await post(`${b.id}/changePrice/abc`), 404, 'NOT_FOUND');
    expectError(await post(`${b.id}/changePrice/-1`), 400, 'ValidationError');
    // A price of the vessel does not fit a resort stay.
    const [vesselPrice] = await w.db
      .select({ id: prices.id })
      .from(prices)
      .where(eq(prices.vesselId, w.vessel));
    expect(pathOf(await post(`${b.id}/changePrice/${vesselPrice?.id}`))).toBe('price');
    // No agency: no commission to choose.
    const [row] = await w.db.select({ id: commissions.id }).from(commissions);
    expect(pathOf(await post(`${b.id}/commission/${row?.id}`))).toBe('commission');
    const rooms = `${b.id}/rooms/${entry.roomId}`;
    expect(pathOf(await post(rooms, staff, { noOfPax: 1 }))).toBe('roomBookingId');
    expect(pathOf(await post(rooms, staff, { roomBookingId: entry.id }))).toBe('whole');
    const wrongRoom = await post(`${b.id}/rooms/${entry.roomId + 1000}`, staff, {
      roomBookingId: entry.id,
      noOfPax: 1,
    });
    expect(pathOf(wrongRoom)).toBe('roomId');
    expect(pathOf(await post(rooms, staff, { roomBookingId: entry.id, variantId: 999_999 }))).toBe(
      'variantId',
    );
    expectError(await post(rooms, staff, { roomBookingId: entry.id, noOfPax: 0 }), 400, 'ValidationError');
    // A resort room is not shared: no berths.
    expect(pathOf(await post(rooms, staff, { roomBookingId: entry.id, whole: false }))).toBe('whole');
    expectError(await post(rooms, staff, { roomBookingId: entry.id, noOfPax: 3 }), 400, 'PAX_LIMIT');
    const customers = `${rooms}/customers`;
    expect(pathOf(await post(customers, staff, { roomBookingId: entry.id, guests: [] }))).toBe('body/guests');
    const unknown = await post(customers, staff, {
      roomBookingId: entry.id,
      guests: [{ customerId: 999_999 }],
    });
    expect(pathOf(unknown)).toBe('guests.0.customerId');
    expect((await read(b.id)).version).toBe(1);
  });
});

describe('changePrice', () => {
  it('prices every night with the chosen price, keeps it on reloadPrice and lets the engine choose again', async () => {
    const b = await stay();
    // The engine: 3 nights of season A (100) and one of B (120), +10 % room-type surcharge.
    expect(b.total).toBe('462.00');
    expect(roomPrices(b)).toEqual(new Set([w.seasons.a, w.seasons.b]));
    const pinned = ok(await post(`${b.id}/changePrice/${w.seasons.b}?version=1`)) as TAnswer;
    expect(pinned).toMatchObject({ priceId: w.seasons.b, total: '528.00', version: 2 });
    expect(roomPrices(pinned)).toEqual(new Set([w.seasons.b]));
    expect(countedCents(pinned.calculation)).toBe(52_800);

    const reloaded = ok(await post(`${b.id}/reloadPrice`)) as TAnswer;
    expect(reloaded).toMatchObject({ priceId: w.seasons.b, total: '528.00' });

    const history = ok(await w.t.get(`/api/bookings/${b.id}/history`, staff)) as {
      action: string;
      changes: { path: string }[];
    }[];
    expect(history.find((v) => v.action === 'changePrice')?.changes.map((c) => c.path)).toContain('priceId');

    const cleared = ok(await post(`${b.id}/changePrice/0`)) as TAnswer;
    expect(cleared).toMatchObject({ priceId: null, total: '462.00' });
    const again = ok(await post(`${b.id}/changePrice/${w.seasons.a}`)) as TAnswer;
    expect(again.total).toBe('440.00');
    const reset = ok(await post(`${b.id}/changePrice/${w.seasons.a}?reset=true`)) as TAnswer;
    expect(reset).toMatchObject({ priceId: null, total: '462.00' });
  });
});

describe('commission', () => {
  it('gives an agency booking the pinned row’s commission; staff only see which', async () => {
    const b = await stay({ agencyId: w.agencyId });
    // No row for the resort: the agency's own 5 % of 462.00.
    expect(b).toMatchObject({ commission: '23.10', commissionId: null });
    const [general] = await w.db
      .insert(commissions)
      .values({ agencyId: w.agencyId, percent: '20', validFrom: '2030-01-01', validTo: '2030-12-31' })
      .returning({ id: commissions.id });
    const [other] = await w.db.insert(agencies).values({ name: 'Other Agency', commission: '1' }).returning();
    const [foreign] = await w.db
      .insert(commissions)
      .values({ agencyId: other?.id ?? 0, percent: '30' })
      .returning({ id: commissions.id });
    expect(pathOf(await post(`${b.id}/commission/${foreign?.id}`))).toBe('commission');

    // The row applies whatever its dates: 20 % of 462.00.
    const pinned = ok(await post(`${b.id}/commission/${general?.id}`)) as TAnswer;
    expect(pinned).toMatchObject({
      commissionId: general?.id,
      commission: '92.40',
      commissionPercent: '20.00',
    });
    const line = pinned.calculation.find((l) => l.customData.generator === 'commission');
    expect(line?.total).toBe('92.40');
    expect((ok(await post(`${b.id}/reloadPrice`)) as TAnswer).commission).toBe('92.40');
    const cleared = ok(await post(`${b.id}/commission/${general?.id}?reset=true`)) as TAnswer;
    expect(cleared).toMatchObject({ commissionId: null, commission: '23.10' });
  });
});

describe('a room entry and its guests', () => {
  it('changes the number of guests and their variant, and refuses to drop guests with a customer', async () => {
    const b = await stay({}, [{ customerId: w.guests.ben }]);
    const entry = b.rooms[0] as TEntry;
    const url = `${b.id}/rooms/${entry.roomId}`;
    const two = ok(
      await post(url, staff, { roomBookingId: entry.id, noOfPax: 2, variantId: w.double }),
    ) as TAnswer;
    expect(two.noOfPax).toBe(2);
    expect(two.rooms[0]?.guests.map((g) => [g.customerId, g.variantId])).toEqual([
      [w.guests.ben, w.double],
      [null, w.double],
    ]);
    const one = ok(await post(`${url}?roomBookingId=${entry.id}`, staff, { noOfPax: 1 })) as TAnswer;
    expect(one.rooms[0]?.guests.map((g) => g.customerId)).toEqual([w.guests.ben]);
    const refused = await post(url, staff, { roomBookingId: entry.id, noOfPax: 1, variantId: null });
    expect(refused.statusCode).toBe(200);
    const keep = await w.resortRoom();
    const other = await create(stayBody(keep, {}, [{ customerId: w.guests.ben }, {}]));
    const last = other.rooms[0] as TEntry;
    // Placeholders go from the end only: the first guest has a customer.
    await post(`${other.id}/rooms/${last.roomId}/customers`, staff, {
      roomBookingId: last.id,
      guests: [{}, { customerId: w.guests.ben }],
    });
    const drop = await post(`${other.id}/rooms/${last.roomId}`, staff, {
      roomBookingId: last.id,
      noOfPax: 1,
    });
    expect(pathOf(drop)).toBe('noOfPax');
  });

  it('sets the guests of an entry, moves the lead customer and keeps kept guest ids', async () => {
    const b = await stay({}, [{ customerId: w.guests.ben }, {}]);
    const entry = b.rooms[0] as TEntry;
    expect(b.customerId).toBe(w.guests.ben);
    const set = ok(
      await post(`${b.id}/rooms/${entry.roomId}/customers?roomBookingId=${entry.id}`, staff, {
        guests: [{ customerId: w.guests.ana }, { name: 'Guest 2', gender: 'm' }],
      }),
    ) as TAnswer;
    const guests = set.rooms[0]?.guests ?? [];
    expect(guests.map((g) => [g.id, g.customerId, g.gender])).toEqual([
      [entry.guests[0]?.id, w.guests.ana, 'f'],
      [entry.guests[1]?.id, null, 'm'],
    ]);
    expect(set).toMatchObject({ customerId: w.guests.ana, noOfPax: 2, total: '462.00' });
  });

  it('holds again: a taken berth is NOT_AVAILABLE and the booking stays as it was', async () => {
    const cabin = await w.cabin(4);
    const pair = [{ gender: 'f' }, { gender: 'm' }];
    const first = await create(tripBody(cabin, w.departure, { state: 'planned' }, pair, false));
    const second = await create(tripBody(cabin, w.departure, { state: 'planned' }, pair, false));
    const entry = second.rooms[0] as TEntry;
    const url = `${second.id}/rooms/${cabin}/customers`;
    const three = [...pair, { gender: 'f' }];
    expectError(await post(url, staff, { roomBookingId: entry.id, guests: three }), 409, 'NOT_AVAILABLE');
    const whole = await post(`${second.id}/rooms/${cabin}`, staff, { roomBookingId: entry.id, whole: true });
    expectError(whole, 409, 'NOT_AVAILABLE');
    const after = await read(second.id);
    expect(after).toMatchObject({ version: 1, noOfPax: 2, total: second.total });
    expect(after.rooms[0]?.whole).toBe(false);
    expect((await w.held({ bookingId: second.id })).holding.length).toBeGreaterThan(0);
    // Alone in a cabin, berths become the whole cabin.
    const alone = await create(tripBody(await w.cabin(2), w.departure, {}, pair, false));
    const own = alone.rooms[0] as TEntry;
    const taken = ok(
      await post(`${alone.id}/rooms/${own.roomId}`, staff, { roomBookingId: own.id, whole: true }),
    );
    expect((taken as TAnswer).rooms[0]?.whole).toBe(true);
    expect((await read(first.id)).version).toBe(1);
  });

  it('lets the agent set the guests of its own booking with its own customers', async () => {
    const b = await create(stayBody(await w.resortRoom(), {}, [{}]), agent);
    const entry = b.rooms[0] as TEntry;
    const url = `${b.id}/rooms/${entry.roomId}/customers`;
    const ben = await post(url, agent, { roomBookingId: entry.id, guests: [{ customerId: w.guests.ben }] });
    expect(pathOf(ben)).toBe('guests.0.customerId');
    const ana = ok(
      await post(url, agent, { roomBookingId: entry.id, guests: [{ customerId: w.guests.ana }] }),
    );
    // Its own agency's booking: the commission, not the row it came from.
    expect(ana).toHaveProperty('commission');
    expect(ana).not.toHaveProperty('commissionId');
  });
});
