// The daily todo job with a fixed clock: no-show once per booking (docs/domain/lifecycle.md), never for a stay
// checked in, not yet arrived, not confirmed or already over; idempotent across runs.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { bookingRooms, bookings, bookingTodos } from '../../db/schema.ts';
import { runTodoJobs } from './todo-jobs.ts';

let w: TWorld;
const NOW = new Date('2041-03-30T08:00:00Z');

const stay = async (from: string, to: string, state = 'confirmed') => {
  const body = stayBody(await w.resortRoom(), { state });
  body.rooms = [{ ...body.rooms[0], from, to } as (typeof body.rooms)[number]];
  return ok(await w.t.post('/api/bookings', w.tokens.staff, body), 201).id as number;
};
const codesOf = async (id: number) =>
  (await w.db.select().from(bookingTodos).where(eq(bookingTodos.bookingId, id))).map((t) => [t.code, t.open]);

beforeAll(async () => {
  w = await bookingWorld();
});
afterAll(() => w?.t.close());

describe('runTodoJobs', () => {
  it('raises "no show" once for a confirmed stay without check-in by the day after arrival', async () => {
    const late = await stay('2041-03-29', '2041-04-02');
    const checkedIn = await stay('2041-03-29', '2041-04-02');
    await w.db
      .update(bookingRooms)
      .set({ checkIn: new Date('2041-03-29T15:00:00Z') })
      .where(eq(bookingRooms.bookingId, checkedIn));
    const arrivesToday = await stay('2041-03-30', '2041-04-02');
    const offer = await stay('2041-03-28', '2041-04-02', 'draft');
    const over = await stay('2041-03-20', '2041-03-25');

    const first = await runTodoJobs(w.db, NOW);
    expect(first?.noShow).toEqual([late]);
    expect(await codesOf(late)).toEqual([['noShow', true]]);
    const [flag] = await w.db
      .select({ has: bookings.hasOpenTodos })
      .from(bookings)
      .where(eq(bookings.id, late));
    expect(flag?.has).toBe(true);
    for (const id of [checkedIn, arrivesToday, offer, over]) expect(await codesOf(id)).toEqual([]);

    // Again the same day, and after staff solved it: nothing new.
    expect((await runTodoJobs(w.db, NOW))?.noShow).toEqual([]);
    const [todo] = await w.db.select().from(bookingTodos).where(eq(bookingTodos.bookingId, late));
    ok(await w.t.post(`/api/todo/solve/${late}/${todo?.id}`, w.tokens.staff, {}));
    expect((await runTodoJobs(w.db, NOW))?.noShow).toEqual([]);
    expect(await codesOf(late)).toEqual([['noShow', false]]);

    // The next day the stay that arrived on the 30th is late too.
    expect((await runTodoJobs(w.db, new Date('2041-03-31T08:00:00Z')))?.noShow).toEqual([arrivesToday]);
  });
});
