// The option expiry job (docs/domain/options.md): lapsed options become freed with the reason "expired", once; the
// waitlist hears of it; confirmed bookings and running options stay as they are.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../../test/booking-test-world.ts';

let w: TWorld;
let staff: string;

const create = async (body: unknown) => ok(await w.t.post('/api/bookings', staff, body), 201);
const read = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, staff));

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff } = w.tokens);
});
afterAll(() => w?.t.close());

describe('option expiry', () => {
  it('frees a lapsed option once, keeps running options and bookings, and tells the waitlist', async () => {
    const room = await w.resortRoom();
    const lapsed = await create(stayBody(room, { state: 'planned', optionExpiry: '2041-01-10T12:00:00Z' }));
    const waiting = await create(stayBody(room, { state: 'waiting' }));
    const running = await create(
      stayBody(await w.resortRoom(), { state: 'planned', optionExpiry: '2041-02-01T12:00:00Z' }),
    );
    const confirmed = await create(stayBody(await w.resortRoom(), { state: 'confirmed' }));

    const now = new Date('2041-01-11T00:00:00Z');
    const first = await w.t.app.jobs.run(now);
    expect(first.expired).toContain(lapsed.id);
    expect(first.expired).not.toContain(running.id);

    const freed = await read(lapsed.id);
    expect(freed).toMatchObject({ state: 'freed', releaseReason: 'expired', optionExpiry: null });
    expect(freed.version).toBe(lapsed.version + 1);
    expect((await w.held({ bookingId: lapsed.id })).holding).toHaveLength(0);
    const history = ok(await w.t.get(`/api/bookings/${lapsed.id}/history`, staff));
    expect(history[0]).toMatchObject({ action: 'expire', userId: null });
    expect((await read(waiting.id)).hasOpenTodos).toBe(true);
    expect(await read(running.id)).toMatchObject({ state: 'planned', version: running.version });
    expect(await read(confirmed.id)).toMatchObject({ state: 'confirmed', version: confirmed.version });

    // Idempotent: the next run finds nothing of it.
    expect((await w.t.app.jobs.run(now)).expired).not.toContain(lapsed.id);
  });
});
