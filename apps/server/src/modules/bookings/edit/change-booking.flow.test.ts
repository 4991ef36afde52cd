// POST /api/bookings/{id}/change: optimistic concurrency (body version and If-Match; two parallel
// changes with one version → one wins), state moves allowed and refused, rooms replaced and held
// again, numbers on first entry, the version row with its changed paths, agents on their own only.

import { and, eq } from 'drizzle-orm';
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
import { bookingVersions } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
let agent: string;

type TBookingAnswer = { id: number; version: number; state: string } & Record<string, never>;
const create = async (body: unknown, token = staff) =>
  ok(await w.t.post('/api/bookings', token, body), 201) as TBookingAnswer;
const change = (id: number, body: unknown, token = staff, headers: Record<string, string> = {}) =>
  w.t.call('POST', `/api/bookings/${id}/change`, token, body, headers);

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
});
afterAll(() => w?.t.close());

describe('access and input', () => {
  it('answers 401, 403 and 404 before anything else', async () => {
    const booking = await create(stayBody(await w.resortRoom()));
    expectError(await change(booking.id, { version: 1 }, ''), 401, 'UNAUTHORIZED');
    expectError(await change(booking.id, { version: 1 }, w.tokens.customer), 403, 'FORBIDDEN');
    const creator = await w.t.account('creator@change.test', ['bookings.create', 'bookings.read']);
    expectError(await change(booking.id, { version: 1 }, creator), 403, 'FORBIDDEN');
    expectError(await change(999_999, { version: 1 }), 404, 'NOT_FOUND');
  });

  it('needs the version read, in the body or as If-Match', async () => {
    const booking = await create(stayBody(await w.resortRoom()));
    const missing = await change(booking.id, { note: 'x' });
    expectError(missing, 400, 'ValidationError');
    expect(missing.json().details?.[0]?.path).toBe('version');
    expectError(
      await change(booking.id, { note: 'x' }, staff, { 'if-match': 'yesterday' }),
      400,
      'ValidationError',
    );
    expectError(await change(booking.id, { note: 'x', version: 2 }), 409, 'VERSION_CONFLICT');
    const byHeader = ok(await change(booking.id, { note: 'by header' }, staff, { 'if-match': '"1"' }));
    expect(byHeader).toMatchObject({ note: 'by header', version: 2 });
    expectError(
      await change(booking.id, { note: 'stale' }, staff, { 'if-match': 'W/"1"' }),
      409,
      'VERSION_CONFLICT',
    );
    const refused = await change(booking.id, {
      version: 2,
      rooms: [{ roomId: 999_999, from: '2041-03-29', to: '2041-03-30', guests: [{}] }],
    });
    expectError(refused, 400, 'ValidationError');
    expect(refused.json().details?.[0]?.path).toBe('rooms.0.roomId');
    // A refused change writes nothing: the version is still 2.
    expect(ok(await w.t.get(`/api/bookings/${booking.id}`, staff)).version).toBe(2);
  });
});

describe('concurrency', () => {
  it('two parallel changes with the same version: one wins, the other answers VERSION_CONFLICT', async () => {
    const booking = await create(stayBody(await w.resortRoom()));
    const [a, b] = await Promise.all([
      change(booking.id, { version: 1, note: 'first' }),
      change(booking.id, { version: 1, note: 'second' }),
    ]);
    const codes = [a?.statusCode, b?.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a?.statusCode === 409 ? a : b;
    if (loser) expectError(loser, 409, 'VERSION_CONFLICT');
    const winner = (a?.statusCode === 200 ? a : b)?.json();
    const stored = ok(await w.t.get(`/api/bookings/${booking.id}`, staff));
    expect(stored).toMatchObject({ version: 2, note: winner.note });
    const versions = await w.db
      .select()
      .from(bookingVersions)
      .where(eq(bookingVersions.bookingId, booking.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
  });
});

describe('state moves', () => {
  it('draft → planned → confirmed: numbers on first entry, holds, dates; then refused moves back', async () => {
    const room = await w.resortRoom();
    const draft = await create(stayBody(room));
    expect((await w.held({ bookingId: draft.id })).holding).toHaveLength(0);
    const planned = ok(await change(draft.id, { version: 1, state: 'planned' }));
    expect(planned.offerNo).toBe(draft.offerNo);
    expect(planned.reservationNo).toMatch(/^R\d{2}-\d{5}$/);
    expect(planned.reservationDate).not.toBeNull();
    expect(planned.optionExpiry).not.toBeNull();
    expect((await w.held({ bookingId: draft.id })).holding).toHaveLength(1);
    const confirmed = ok(await change(draft.id, { version: 2, state: 'confirmed' }));
    expect(confirmed).toMatchObject({
      offerNo: draft.offerNo,
      reservationNo: planned.reservationNo,
      optionExpiry: null,
    });
    expect(confirmed.bookingNo).toMatch(/^B\d{2}-\d{5}$/);
    expect(confirmed.evaluationDate).toBe(planned.evaluationDate);
    const { holding } = await w.held({ bookingId: draft.id });
    expect(holding).toMatchObject([{ state: 'confirmed', holdUntil: null }]);
    for (const state of ['draft', 'planned'])
      expectError(await change(draft.id, { version: 3, state }), 409, 'INVALID_STATE');
    // confirmed → waiting lets the room go.
    const waiting = ok(await change(draft.id, { version: 3, state: 'waiting' }));
    expect(waiting.state).toBe('waiting');
    expect((await w.held({ bookingId: draft.id })).holding).toHaveLength(0);
    ok(await w.t.post('/api/bookings', staff, stayBody(room, { state: 'confirmed' })), 201);
    // The room is taken meanwhile: back from the waitlist is refused.
    expectError(await change(draft.id, { version: 4, state: 'confirmed' }), 409, 'NOT_AVAILABLE');
  });

  it('refuses changes of a cancelled booking', async () => {
    const booking = await create(stayBody(await w.resortRoom()));
    ok(await w.t.post(`/api/bookings/${booking.id}/cancell`, staff, { version: 1 }));
    expectError(await change(booking.id, { version: 2, note: 'too late' }), 409, 'INVALID_STATE');
  });

  it('entering planned without a price is refused, unless forced', async () => {
    const booking = await create(stayBody(await w.resortRoom(), {}, [{}]));
    expectError(await change(booking.id, { version: 1, state: 'planned' }), 409, 'NO_PRICE');
    const forced = ok(await change(booking.id, { version: 1, state: 'planned', force: true }));
    expect(forced.state).toBe('planned');
  });
});

describe('rooms and fields', () => {
  it('replaces the rooms: new dates held, the old ones free again, recalculated, changed paths recorded', async () => {
    const room = await w.resortRoom();
    const booking = await create(stayBody(room, { state: 'confirmed' }));
    const rooms = [{ roomId: room, from: '2041-04-10', to: '2041-04-12', guests: [{}, {}] }];
    const changed = ok(await change(booking.id, { version: 1, rooms, note: 'moved' }));
    expect(changed).toMatchObject({ from: '2041-04-10', to: '2041-04-12', version: 2, note: 'moved' });
    // 2 nights × 120 × 1.1.
    expect(changed.total).toBe('264.00');
    expect(countedCents(changed.calculation)).toBe(cents(changed.total));
    expect(changed.rooms[0].id).not.toBe((booking as unknown as { rooms: { id: number }[] }).rooms[0]?.id);
    const { holding } = await w.held({ bookingId: booking.id });
    expect(holding).toMatchObject([{ from: '2041-04-10', to: '2041-04-12', entryId: changed.rooms[0].id }]);
    // The old nights are free for someone else, the new ones are not.
    ok(await w.t.post('/api/bookings', staff, stayBody(room, { state: 'confirmed' })), 201);
    const clash = { state: 'confirmed', rooms };
    expectError(await w.t.post('/api/bookings', staff, clash), 409, 'NOT_AVAILABLE');
    const [version] = await w.db
      .select()
      .from(bookingVersions)
      .where(and(eq(bookingVersions.bookingId, booking.id), eq(bookingVersions.version, 2)));
    expect(version?.action).toBe('change');
    const paths = ((version?.changes ?? []) as { path: string }[]).map((c) => c.path);
    expect(paths).toEqual(expect.arrayContaining(['from', 'to', 'note', 'total']));
    expect(paths.some((p) => p.startsWith('rooms['))).toBe(true);
    expect(paths.some((p) => p.startsWith('calculation['))).toBe(true);
    expect(paths).not.toContain('version');
  });

  it('moves a cabin booking to another departure with its dates', async () => {
    const cabin = await w.cabin();
    const booking = await create(tripBody(cabin, w.departure, { state: 'planned' }));
    const rooms = [{ roomId: cabin, scheduleId: w.laterDeparture, guests: [{}, {}] }];
    const moved = ok(await change(booking.id, { version: 1, rooms }));
    expect(moved).toMatchObject({
      scheduleId: w.laterDeparture,
      from: '2041-06-02',
      to: '2041-06-09',
      state: 'planned',
    });
    expect(moved.optionExpiry).toBe((booking as unknown as { optionExpiry: string }).optionExpiry);
    const { holding } = await w.held({ bookingId: booking.id });
    expect(holding.every((h) => h.scheduleId === w.laterDeparture)).toBe(true);
  });

  it('a change of agency or currency recalculates', async () => {
    const cabin = await w.cabin();
    const booking = await create(tripBody(cabin, w.departure));
    const withAgency = ok(await change(booking.id, { version: 1, agencyId: w.agencyId }));
    expect(withAgency).toMatchObject({ agencyId: w.agencyId, commission: '630.00' });
    expect(Number(withAgency.commissionPercent)).toBe(15);
  });
});

describe('agents', () => {
  it('change their own bookings, never another agency’s (404), and never force', async () => {
    const own = await create(stayBody(await w.resortRoom()), agent);
    expectError(await change(own.id, { version: 1, agencyId: w.agencyId }, agent), 403, 'FORBIDDEN');
    const changed = ok(await change(own.id, { version: 1, note: 'from the agent' }, agent));
    expect(changed).toMatchObject({ note: 'from the agent', agencyId: w.ownAgency });
    expect(changed).toHaveProperty('commission');
    expect(changed).not.toHaveProperty('internalNote');
    const others = await create(stayBody(await w.resortRoom()));
    expectError(await change(others.id, { version: 1, note: 'not mine' }, agent), 404, 'NOT_FOUND');
    expectError(await change(own.id, { version: 2, force: true }, agent), 403, 'FORBIDDEN');
    expectError(await w.t.get(`/api/bookings/${others.id}`, agent), 404, 'NOT_FOUND');
  });
});
