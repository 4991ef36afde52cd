// The lifecycle calls of a booking (docs/domain/moving-and-rebooking.md and lifecycle.md): changeRoom, rebook (both paths) and move,
// revert and revertRebook, splitByCustomer, reindex. Access (401/403, agents 403), versions, refusals
// that write nothing, holds and numbers after every call, lines and totals consistent, and parallel
// rebooks that never overfill a cabin.

import { displayState, type TCalendarEntryState } from '@atoll/domain/bookings/calendar';
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
import { bookings, occupancy } from '../../../db/schema.ts';
import { createResolveBookingsFlow } from './resolve-bookings.flow.ts';

let w: TWorld;
let staff: string;

type TLine = { id: number; type: string; total: string; customerType: string; manual: boolean; text: string };
type TEntry = {
  id: number;
  roomId: number;
  scheduleId: number | null;
  locked: boolean;
  guests: { id: number }[];
};
type TAnswer = {
  id: number;
  version: number;
  state: string;
  total: string;
  scheduleId: number | null;
  noOfPax: number;
  offerNo: string | null;
  reservationNo: string | null;
  bookingNo: string | null;
  references?: { kind: string; bookingId: number; number: string | null }[];
  rooms: TEntry[];
  calculation: TLine[];
};

const create = async (body: unknown) => ok(await w.t.post('/api/bookings', staff, body), 201) as TAnswer;
const read = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, staff)) as TAnswer;
const post = (url: string, body?: unknown, token = staff, headers: Record<string, string> = {}) =>
  w.t.call('POST', `/api/bookings/${url}`, token, body, headers);
const pathOf = (res: { json(): { details?: { path?: string }[] } }) => res.json().details?.[0]?.path;

/** Lines and totals agree (docs/domain/calculation-lines.md; the test world's taxes are inclusive). */
function consistent(booking: TAnswer) {
  expect(cents(booking.total)).toBe(countedCents(booking.calculation));
  return booking;
}

/** A trip on a fresh cabin of the first departure. */
async function trip(state = 'confirmed', extra: Record<string, unknown> = {}) {
  return create(tripBody(await w.cabin(2), w.departure, { state, ...extra }));
}

/** The holding occupancy rows of a booking: [roomId, scheduleId] each. */
async function holds(bookingId: number) {
  return (await w.held({ bookingId })).holding.map((r) => [r.roomId, r.scheduleId]);
}

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff } = w.tokens);
});
afterAll(() => w?.t.close());

describe('access, version and input', () => {
  it('answers 401 and 403 (customers, readers and agents) on every call and writes nothing', async () => {
    const b = await trip();
    const entry = b.rooms[0] as TEntry;
    const calls: [string, unknown][] = [
      [`${b.id}/changeRoom`, { roomBookingId: entry.id, roomId: entry.roomId }],
      [`${b.id}/rebook`, { scheduleId: w.laterDeparture }],
      [`${b.id}/rebook/${w.laterDeparture}`, undefined],
      [`move/${w.laterDeparture}`, { bookings: [b.id] }],
      [`${b.id}/revert`, undefined],
      [`${b.id}/revertRebook`, undefined],
      [`${b.id}/splitByCustomer`, undefined],
      [`${b.id}/reindex`, undefined],
      ['reindex', undefined],
    ];
    const reader = await w.t.account('reader@lifecycle.test', ['bookings.read']);
    for (const [url, body] of calls) {
      expectError(await post(url, body, ''), 401, 'UNAUTHORIZED');
      for (const token of [w.tokens.customer, reader, w.tokens.agent])
        expectError(await post(url, body, token), 403, 'FORBIDDEN');
    }
    expectError(await post('reindex', undefined, staff), 403, 'FORBIDDEN');
    expect((await read(b.id)).version).toBe(1);
  });

  it('answers 404 for unknown bookings and departures, 409 for stale versions', async () => {
    const b = await trip();
    const entry = b.rooms[0] as TEntry;
    const other = await w.cabin(2);
    expectError(await post('999999/changeRoom', { roomBookingId: 1, roomId: 1 }), 404, 'NOT_FOUND');
    expectError(await post('999999/rebook', { scheduleId: w.laterDeparture }), 404, 'NOT_FOUND');
    expectError(await post(`${b.id}/rebook/999999`), 404, 'NOT_FOUND');
    expectError(await post('999999/revert'), 404, 'NOT_FOUND');
    expectError(await post('999999/revertRebook'), 404, 'NOT_FOUND');
    expectError(await post('999999/splitByCustomer'), 404, 'NOT_FOUND');
    expectError(await post('999999/reindex'), 404, 'NOT_FOUND');
    const stale = { roomBookingId: entry.id, roomId: other, version: 2 };
    expectError(await post(`${b.id}/changeRoom`, stale), 409, 'VERSION_CONFLICT');
    expectError(
      await post(`${b.id}/rebook?version=2`, { scheduleId: w.laterDeparture }),
      409,
      'VERSION_CONFLICT',
    );
    const ifMatch = { 'if-match': '"3"' };
    expectError(await post(`${b.id}/splitByCustomer`, undefined, staff, ifMatch), 409, 'VERSION_CONFLICT');
    expect((await read(b.id)).version).toBe(1);
  });

  it('refuses bad input with the field path', async () => {
    const b = await trip();
    const entry = b.rooms[0] as TEntry;
    expectError(await post(`${b.id}/changeRoom`, { roomBookingId: entry.id }), 400, 'ValidationError');
    const notOurs = await post(`${b.id}/changeRoom`, { roomBookingId: 999999, roomId: entry.roomId });
    expect(pathOf(notOurs)).toBe('roomBookingId');
    const same = await post(`${b.id}/changeRoom`, { roomBookingId: entry.id, roomId: entry.roomId });
    expect(pathOf(same)).toBe('roomId');
    const resortRoom = await w.resortRoom();
    const otherAsset = await post(`${b.id}/changeRoom`, { roomBookingId: entry.id, roomId: resortRoom });
    expect(pathOf(otherAsset)).toBe('roomId');
    expect(pathOf(await post(`${b.id}/rebook`, { scheduleId: w.otherDeparture }))).toBe('scheduleId');
    expect(pathOf(await post(`${b.id}/rebook`, { scheduleId: w.departure }))).toBe('scheduleId');
    const badCabin = await post(`${b.id}/rebook`, {
      scheduleId: w.laterDeparture,
      cabins: [{ roomBookingId: 999999, roomId: entry.roomId }],
    });
    expect(pathOf(badCabin)).toBe('cabins.0.roomBookingId');
    expect(pathOf(await post(`move/${w.laterDeparture}`, { bookings: [b.id, b.id] }))).toBe('bookings');
    expectError(await post(`move/${w.laterDeparture}`, { bookings: [] }), 400, 'ValidationError');
    expect(pathOf(await post(`${b.id}/splitByCustomer`))).toBe('roomBookingIds');
    const stay = await create(stayBody(await w.resortRoom()));
    expectError(await post(`${stay.id}/rebook`, { scheduleId: w.laterDeparture }), 409, 'INVALID_STATE');
    expect((await read(b.id)).version).toBe(1);
  });
});

describe('changeRoom', () => {
  it('moves a cabin entry to a free cabin of the same departure; a taken one answers NOT_AVAILABLE', async () => {
    const b = await trip();
    const entry = b.rooms[0] as TEntry;
    const free = await w.cabin(2);
    const moved = consistent(
      ok(await post(`${b.id}/changeRoom`, { roomBookingId: entry.id, roomId: free, version: 1 })),
    );
    expect(moved.rooms[0]).toMatchObject({ id: entry.id, roomId: free, scheduleId: w.departure });
    expect(moved.version).toBe(2);
    expect(moved.total).toBe(b.total);
    expect(await holds(b.id)).toEqual([
      [free, w.departure],
      [free, w.departure],
    ]);
    const other = await trip();
    const taken = await post(`${b.id}/changeRoom`, {
      roomBookingId: entry.id,
      roomId: other.rooms[0]?.roomId,
    });
    expectError(taken, 409, 'NOT_AVAILABLE');
    expect((await read(b.id)).version).toBe(2);
    expect((await w.held({ roomId: free })).holding).toHaveLength(2);
  });

  it('moves a resort room entry over the same dates; a locked entry needs force', async () => {
    const b = await create(stayBody(await w.resortRoom(), { state: 'confirmed' }));
    const entry = b.rooms[0] as TEntry;
    const target = await w.resortRoom();
    ok(await post(`${b.id}/lockUnlockRoom/${entry.id}`));
    expectError(
      await post(`${b.id}/changeRoom`, { roomBookingId: entry.id, roomId: target }),
      409,
      'ROOM_LOCKED',
    );
    const moved = consistent(
      ok(
        await post(`${b.id}/changeRoom`, {
          roomBookingId: entry.id,
          roomId: target,
          force: true,
          reloadPrice: true,
        }),
      ),
    );
    expect(moved.rooms[0]?.roomId).toBe(target);
    expect((await w.held({ roomId: target })).holding.length).toBeGreaterThan(0);
    expect((await w.held({ roomId: entry.roomId })).all).toHaveLength(0);
  });
});

describe('rebook and revertRebook', () => {
  it('rebooks to another departure as a new booking and reverts it: state, holds and numbers restored', async () => {
    const b = await trip();
    const cabin = b.rooms[0]?.roomId as number;
    const line = ok(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, {
        type: 'cost',
        text: 'Transfer',
        price: '50.00',
      }),
    );
    const before = consistent(await read(b.id));
    expect(before.version).toBe(line.version);
    const created = consistent(
      ok(await post(`${b.id}/rebook/${w.laterDeparture}?version=${before.version}`)),
    );
    expect(created).toMatchObject({
      state: 'confirmed',
      scheduleId: w.laterDeparture,
      noOfPax: 2,
      version: 1,
    });
    expect(created.bookingNo).toMatch(/^B\d\d-\d{5}$/);
    expect(created.bookingNo).not.toBe(before.bookingNo);
    expect(created.references).toEqual([{ kind: 'rebookedFrom', bookingId: b.id, number: before.bookingNo }]);
    expect(created.calculation.filter((l) => l.manual).map((l) => [l.text, l.total])).toEqual([
      ['Transfer', '50.00'],
    ]);
    const old = await read(b.id);
    expect(old).toMatchObject({ state: 'rebooked', bookingNo: before.bookingNo, total: before.total });
    expect(old.references).toEqual([
      { kind: 'rebookedTo', bookingId: created.id, number: created.bookingNo },
    ]);
    expect(await holds(b.id)).toEqual([]);
    expect(await holds(created.id)).toEqual([
      [cabin, w.laterDeparture],
      [cabin, w.laterDeparture],
    ]);
    expectError(await post(`${b.id}/rebook`, { scheduleId: w.laterDeparture }), 409, 'INVALID_STATE');

    const reverted = consistent(ok(await post(`${created.id}/revertRebook?version=1`)));
    expect(reverted).toMatchObject({
      id: b.id,
      state: 'confirmed',
      bookingNo: before.bookingNo,
      total: before.total,
    });
    expect(reverted.references).toEqual([]);
    expect(reverted.calculation.map((l) => [l.type, l.total])).toEqual(
      before.calculation.map((l) => [l.type, l.total]),
    );
    expect(await holds(b.id)).toEqual([
      [cabin, w.departure],
      [cabin, w.departure],
    ]);
    expect(await holds(created.id)).toEqual([]);
    expect((await read(created.id)).state).toBe('deleted');
    expectError(await post(`${b.id}/revertRebook`), 409, 'REVERT_NOT_POSSIBLE');
  });

  it('refuses to revert a rebook when the old cabin was taken meanwhile', async () => {
    const b = await trip('planned');
    const cabin = b.rooms[0]?.roomId as number;
    const created = ok(await post(`${b.id}/rebook`, { scheduleId: w.laterDeparture })) as TAnswer;
    expect(created.reservationNo).toMatch(/^R/);
    await create(tripBody(cabin, w.departure, { state: 'confirmed' }));
    expectError(await post(`${b.id}/revertRebook`), 409, 'NOT_AVAILABLE');
    expect((await read(b.id)).state).toBe('rebooked');
    expect((await read(created.id)).state).toBe('planned');
  });

  it('keeps the old calculation with keepPrice and takes the chosen cabin of the same type', async () => {
    const b = await trip();
    const target = await w.cabin(2);
    const created = consistent(
      ok(
        await post(`${b.id}/rebook`, {
          scheduleId: w.laterDeparture,
          keepPrice: true,
          cabins: [{ roomBookingId: b.rooms[0]?.id, roomId: target }],
        }),
      ),
    );
    expect(created.total).toBe(b.total);
    expect(created.calculation.map((l) => l.total)).toEqual(b.calculation.map((l) => l.total));
    expect(created.rooms[0]?.roomId).toBe(target);
  });

  it('moves several bookings all or nothing', async () => {
    const [a, b] = [await trip(), await trip()];
    const blocker = await create(
      tripBody(b.rooms[0]?.roomId as number, w.laterDeparture, { state: 'planned' }),
    );
    expectError(await post(`move/${w.laterDeparture}`, { bookings: [a.id, b.id] }), 409, 'NOT_AVAILABLE');
    expect((await read(a.id)).state).toBe('confirmed');
    expect(await holds(a.id)).toHaveLength(2);
    ok(await post(`${blocker.id}/release?reason=test`));
    const moved = ok(await post(`move/${w.laterDeparture}`, { bookings: [b.id, a.id] })) as TAnswer[];
    expect(moved.map((m) => m.references?.[0]?.bookingId)).toEqual([b.id, a.id]);
    for (const m of moved) consistent(m);
    expect((await read(a.id)).state).toBe('rebooked');
  });

  it('of two parallel rebooks of one booking exactly one wins', async () => {
    const b = await trip();
    const target = await w.cabin(2);
    const body = {
      scheduleId: w.laterDeparture,
      version: 1,
      cabins: [{ roomBookingId: b.rooms[0]?.id, roomId: target }],
    };
    const answers = await Promise.all([post(`${b.id}/rebook`, body), post(`${b.id}/rebook`, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(['VERSION_CONFLICT', 'NOT_AVAILABLE']).toContain(
      answers.find((a) => a.statusCode === 409)?.json().error,
    );
    const rebooked = await w.db.select().from(bookings).where(eq(bookings.scheduleId, w.laterDeparture));
    expect(
      rebooked.filter((r) => (r.references as { bookingId: number }[]).some((x) => x.bookingId === b.id)),
    ).toHaveLength(1);
    expect((await w.held({ roomId: target })).holding).toHaveLength(2);
  });

  it('of two bookings rebooked in parallel into one cabin only one gets it', async () => {
    const [a, b] = [await trip(), await trip()];
    const target = await w.cabin(2);
    const body = (x: TAnswer) => ({
      scheduleId: w.laterDeparture,
      cabins: [{ roomBookingId: x.rooms[0]?.id, roomId: target }],
    });
    const answers = await Promise.all([post(`${a.id}/rebook`, body(a)), post(`${b.id}/rebook`, body(b))]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect((await w.held({ roomId: target })).holding).toHaveLength(2);
    const states = [(await read(a.id)).state, (await read(b.id)).state].sort();
    expect(states).toEqual(['confirmed', 'rebooked']);
  });
});

describe('revert', () => {
  it('undoes a cancellation: the fee line goes, the lines count again, the holds come back', async () => {
    const b = await trip();
    const cancelled = ok(
      await w.t.post(`/api/bookings/${b.id}/cancell`, staff, { useTerms: false, percent: '30', value: '0' }),
    );
    expect(cancelled.state).toBe('aborted');
    const reverted = consistent(ok(await post(`${b.id}/revert?version=${cancelled.version}`)));
    expect(reverted).toMatchObject({ state: 'confirmed', total: b.total, bookingNo: b.bookingNo });
    expect(reverted.calculation.some((l) => l.customerType === 'Info')).toBe(false);
    expect(await holds(b.id)).toHaveLength(2);
    expectError(await post(`${b.id}/revert`), 409, 'REVERT_NOT_POSSIBLE');
  });

  it('undoes a release with a new option expiry, and a confirmation while there are no payments', async () => {
    const b = await trip('planned');
    ok(await post(`${b.id}/release?reason=test`));
    expect(await holds(b.id)).toEqual([]);
    expect(pathOf(await post(`${b.id}/revert`))).toBe('optionExpiry');
    const back = ok(await post(`${b.id}/revert`, { optionExpiry: '2041-01-01T00:00:00Z' })) as TAnswer;
    expect(back.state).toBe('planned');
    expect(await holds(b.id)).toHaveLength(2);
    const confirmed = ok(
      await post(`${b.id}/change`, { state: 'confirmed', version: back.version }),
    ) as TAnswer;
    expect(confirmed.bookingNo).toMatch(/^B/);
    const planned = consistent(ok(await post(`${b.id}/revert`)));
    expect(planned).toMatchObject({
      state: 'planned',
      bookingNo: confirmed.bookingNo,
      reservationNo: b.reservationNo,
    });
  });

  it('has nothing to revert on a new booking', async () => {
    const b = await trip('draft');
    expectError(await post(`${b.id}/revert`), 409, 'REVERT_NOT_POSSIBLE');
    expect((await read(b.id)).version).toBe(1);
  });
});

describe('splitByCustomer', () => {
  it('splits a room entry off into its own booking and, with all entries, leaves the original splitted', async () => {
    const [x, y] = [await w.cabin(2), await w.cabin(2)];
    const body = tripBody(x, w.departure, { state: 'confirmed' });
    body.rooms.push({
      roomId: y,
      scheduleId: w.departure,
      whole: true,
      guests: [{ gender: 'm' }, { gender: 'f' }],
    });
    const b = await create(body);
    const second = b.rooms[1] as TEntry;
    const rest = consistent(
      ok(await post(`${b.id}/splitByCustomer`, { roomBookingIds: [second.id], version: 1 })),
    );
    expect(rest.rooms.map((r) => r.id)).toEqual([b.rooms[0]?.id]);
    expect(rest.noOfPax).toBe(2);
    const ref = rest.references?.[0];
    expect(ref).toMatchObject({ kind: 'splitTo' });
    const split = consistent(await read(ref?.bookingId as number));
    expect(split).toMatchObject({
      state: 'confirmed',
      noOfPax: 2,
      references: [{ kind: 'splitFrom', bookingId: b.id }],
    });
    expect(split.rooms.map((r) => r.id)).toEqual([second.id]);
    expect(await holds(split.id)).toEqual([
      [y, w.departure],
      [y, w.departure],
    ]);
    expect(await holds(b.id)).toHaveLength(2);

    const all = ok(await post(`${b.id}/splitByCustomer`, { roomBookingIds: [b.rooms[0]?.id] })) as TAnswer;
    expect(all).toMatchObject({ state: 'splitted', rooms: [], total: '0.00' });
    expect(all.calculation).toEqual([]);
    const last = all.references?.find((r) => r.bookingId !== split.id);
    expect(last).toMatchObject({ kind: 'splitTo' });
    expect(consistent(await read(last?.bookingId as number)).rooms.map((r) => r.id)).toEqual([
      b.rooms[0]?.id,
    ]);
    expect(await holds(b.id)).toEqual([]);
    expectError(await post(`${b.id}/splitByCustomer`, { roomBookingIds: [1] }), 409, 'INVALID_STATE');
  });
});

describe('reindex', () => {
  it('rebuilds lost holds and stale totals, and counts what it did', async () => {
    const b = await trip();
    await w.db.delete(occupancy).where(eq(occupancy.bookingId, b.id));
    await w.db.update(bookings).set({ total: '1.00' }).where(eq(bookings.id, b.id));
    const report = ok(await post(`${b.id}/reindex`));
    expect(report).toEqual({ bookings: 1, holds: 1, repriced: 1, conflicts: 0 });
    expect(await holds(b.id)).toHaveLength(2);
    expect(consistent(await read(b.id)).total).toBe(b.total);
    expect(ok(await post(`${b.id}/reindex`))).toMatchObject({ repriced: 0 });
    const all = ok(await post('reindex', undefined, w.tokens.admin));
    expect(all.bookings).toBeGreaterThan(1);
    expect(all.repriced).toBe(0);
  });
});

describe('resolved', () => {
  type TEvent = TCalendarEntryState & { bookingId: number };
  const eventOf = async (id: number) => {
    const answer = ok(
      await w.t.get(`/api/bookings/events?from=2041-05-01&to=2041-05-31&vesselId=${w.vessel}`, staff),
    ) as { entries: TEvent[] };
    return answer.entries.find((e) => e.bookingId === id);
  };
  const change = (b: { id: number; version: number }, body: Record<string, unknown>, token = staff) =>
    post(`${b.id}/change`, Object.assign({ version: b.version }, body), token);

  it('staff close a planned option: released, its cabin free for another; undone, it holds again', async () => {
    const option = await trip('planned');
    const cabin = option.rooms[0]?.roomId ?? 0;
    const held = await holds(option.id);
    expect(held.length).toBeGreaterThan(0);
    const closed = ok(await change(option, { resolved: true })) as TAnswer & { resolved: boolean };
    expect(closed).toMatchObject({ state: 'planned', resolved: true });
    expect(await holds(option.id)).toEqual([]);
    const event = await eventOf(option.id);
    expect(event && displayState(event, '2041-01-01')).toBe('released');
    const other = await create(tripBody(cabin, w.departure, { state: 'planned' }));
    expect(await holds(other.id)).toEqual(held);
    // Reopened while another holds the cabin: NOT_AVAILABLE, nothing written.
    expectError(await change(closed, { resolved: false }), 409, 'NOT_AVAILABLE');
    expect((await read(option.id)).version).toBe(closed.version);
    ok(await post(`${other.id}/cancell`, { useTerms: false, version: other.version }));
    const reopened = ok(await change(closed, { resolved: false })) as TAnswer & { resolved: boolean };
    expect(reopened.resolved).toBe(false);
    expect(await holds(option.id)).toEqual(held);
  });

  it('a confirmed booking resolved by hand keeps its cabin; agents may not, drafts cannot be', async () => {
    const booking = await trip('confirmed');
    const held = await holds(booking.id);
    const done = ok(await change(booking, { resolved: true })) as TAnswer & { resolved: boolean };
    expect(done.resolved).toBe(true);
    expect(await holds(booking.id)).toEqual(held);
    expect(displayState((await eventOf(booking.id)) as TEvent, '2041-01-01')).toBe('confirmedResolved');
    const draft = await trip('draft');
    expectError(await change(draft, { resolved: true }), 409, 'INVALID_STATE');
    expectError(await change(draft, { resolved: true }, w.tokens.agent), 403, 'FORBIDDEN');
    expectError(await change(draft, { resolved: 'yes' }), 400, 'ValidationError');
  });

  it('the nightly job resolves confirmed stays that are over and settled, nothing else', async () => {
    const settled = await trip('confirmed');
    const owing = await trip('confirmed');
    const option = await trip('planned');
    ok(
      await w.t.post(`/api/bookings/${settled.id}/payment`, staff, {
        date: '2041-01-10',
        amount: settled.total,
      }),
      201,
    );
    const flow = createResolveBookingsFlow({ db: w.db });
    // The day the departure ends (2041-05-09) is not yet over.
    expect(await flow.resolveFinished(new Date('2041-05-09T12:00:00Z'))).toEqual([]);
    const resolved = await flow.resolveFinished(new Date('2041-05-10T03:00:00Z'));
    expect(resolved).toContain(settled.id);
    expect(resolved).not.toContain(owing.id);
    expect(resolved).not.toContain(option.id);
    const after = (await read(settled.id)) as TAnswer & { resolved: boolean; resolvedDate: string | null };
    expect(after).toMatchObject({
      state: 'confirmed',
      resolved: true,
      resolvedDate: '2041-05-10T03:00:00.000Z',
    });
    expect(after.version).toBeGreaterThan(settled.version);
    expect((await holds(settled.id)).length).toBeGreaterThan(0);
    // Idempotent.
    expect(await flow.resolveFinished(new Date('2041-05-11T03:00:00Z'))).not.toContain(settled.id);
  });
});
