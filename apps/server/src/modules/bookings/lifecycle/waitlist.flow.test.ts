// The waitlist (docs/domain/lifecycle.md): a cancel, release or delete of a holding booking raises "space available"
// on the waiting bookings that now fit, oldest first; those that still do not fit get nothing.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../../test/booking-test-world.ts';
import { bookingTodos } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;

const create = async (body: unknown) => ok(await w.t.post('/api/bookings', staff, body), 201);
const spaceAvailable = async (bookingId: number) =>
  w.t.database.db
    .select({ open: bookingTodos.open })
    .from(bookingTodos)
    .where(and(eq(bookingTodos.bookingId, bookingId), eq(bookingTodos.code, 'spaceAvailable')));

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff } = w.tokens);
});
afterAll(() => w?.t.close());

describe('waitlist', () => {
  it('a cancel tells the waiting booking that fits now, and only once', async () => {
    const room = await w.resortRoom();
    const holding = await create(stayBody(room, { state: 'confirmed' }));
    const waiting = await create(stayBody(room, { state: 'waiting' }));
    expect(await spaceAvailable(waiting.id)).toEqual([]);

    ok(await w.t.post(`/api/bookings/${holding.id}/cancell`, staff, { version: holding.version }));
    expect(await spaceAvailable(waiting.id)).toEqual([{ open: true }]);
    // The flag on the booking follows its todos in the same transaction.
    expect(ok(await w.t.get(`/api/bookings/${waiting.id}`, staff)).hasOpenTodos).toBe(true);
    // Still waiting: promotion is the office's decision, and the trial hold left nothing behind.
    expect(ok(await w.t.get(`/api/bookings/${waiting.id}`, staff)).state).toBe('waiting');
    expect((await w.held({ bookingId: waiting.id })).holding).toHaveLength(0);

    // The room is taken and freed again: the open todo is not raised twice.
    const next = await create(stayBody(room, { state: 'confirmed' }));
    ok(await w.t.post(`/api/bookings/${next.id}/cancell`, staff, { version: next.version }));
    expect(await spaceAvailable(waiting.id)).toEqual([{ open: true }]);
  });

  it('a release says nothing to a waiting booking whose room another booking still holds', async () => {
    const room = await w.resortRoom();
    const other = await w.resortRoom();
    const option = await create(stayBody(other, { state: 'planned' }));
    await create(stayBody(room, { state: 'confirmed' }));
    const waiting = await create(stayBody(room, { state: 'waiting' }));
    ok(await w.t.post(`/api/bookings/${option.id}/release?reason=lapsed`, staff));
    expect(await spaceAvailable(waiting.id)).toEqual([]);
  });

  it('a delete frees the room for the waiting booking on it', async () => {
    const room = await w.resortRoom();
    const holding = await create(stayBody(room, { state: 'planned' }));
    const waiting = await create(stayBody(room, { state: 'waiting' }));
    ok(await w.t.del(`/api/bookings/${holding.id}`, staff));
    expect(await spaceAvailable(waiting.id)).toEqual([{ open: true }]);
  });
});
