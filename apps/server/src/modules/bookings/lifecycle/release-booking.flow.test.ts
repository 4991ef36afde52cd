// release (planned → freed with a reason), the soft delete, reloadPrice (today's prices, t kept), and
// the two reads about a booking's price: GET /api/price/booking/{id} and GET /api/terms/calculate/{id}.

import { addDays } from '@atoll/domain/inventory/tours';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld, tripBody } from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { today } from '../../../clock.ts';
import { bookingVersions, priceEntries } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
let agent: string;

const create = async (body: unknown, token = staff) => ok(await w.t.post('/api/bookings', token, body), 201);
const release = (id: number, reason: string | undefined, token = staff) =>
  w.t.post(
    `/api/bookings/${id}/release${reason === undefined ? '' : `?reason=${encodeURIComponent(reason)}`}`,
    token,
  );

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
});
afterAll(() => w?.t.close());

describe('release', () => {
  it('frees a planned option with its reason, no fee, the holds gone', async () => {
    const room = await w.resortRoom();
    const booking = await create(stayBody(room, { state: 'planned' }));
    expect((await w.held({ bookingId: booking.id })).holding).toHaveLength(1);
    const freed = ok(await release(booking.id, 'customer undecided'));
    expect(freed).toMatchObject({
      state: 'freed',
      releaseReason: 'customer undecided',
      version: 2,
      total: booking.total,
    });
    expect(freed.freedDate).not.toBeNull();
    expect(
      freed.calculation.some(
        (l: { customData: { cancellationFee?: boolean } }) => l.customData.cancellationFee,
      ),
    ).toBe(false);
    expect((await w.held({ bookingId: booking.id })).all).toHaveLength(0);
    ok(await w.t.post('/api/bookings', staff, stayBody(room, { state: 'confirmed' })), 201);
    expectError(await release(booking.id, 'again'), 409, 'INVALID_STATE');
  });

  it('refuses a booking that is not planned, a missing reason, agents and customers', async () => {
    const confirmed = await create(stayBody(await w.resortRoom(), { state: 'confirmed' }));
    expectError(await release(confirmed.id, 'no'), 409, 'INVALID_STATE');
    expectError(await release(confirmed.id, undefined), 400, 'ValidationError');
    expectError(await release(confirmed.id, 'x', agent), 403, 'FORBIDDEN');
    expectError(await release(confirmed.id, 'x', w.tokens.customer), 403, 'FORBIDDEN');
    expectError(await release(confirmed.id, 'x', ''), 401, 'UNAUTHORIZED');
    expectError(await release(999_999, 'x'), 404, 'NOT_FOUND');
  });
});

describe('delete', () => {
  it('soft-deletes: state deleted, the rows kept, the holds gone', async () => {
    const room = await w.resortRoom();
    const booking = await create(stayBody(room, { state: 'confirmed' }));
    expectError(await w.t.del(`/api/bookings/${booking.id}`, agent), 403, 'FORBIDDEN');
    expectError(await w.t.del(`/api/bookings/${booking.id}`, w.tokens.customer), 403, 'FORBIDDEN');
    expectError(await w.t.del(`/api/bookings/${booking.id}?version=9`, staff), 409, 'VERSION_CONFLICT');
    const deleted = ok(await w.t.del(`/api/bookings/${booking.id}?version=1`, staff));
    expect(deleted).toMatchObject({ state: 'deleted', bookingNo: booking.bookingNo, version: 2 });
    expect(deleted.deletedDate).not.toBeNull();
    expect((await w.held({ bookingId: booking.id })).all).toHaveLength(0);
    expect(ok(await w.t.get(`/api/bookings/${booking.id}`, staff)).state).toBe('deleted');
    ok(await w.t.post('/api/bookings', staff, stayBody(room, { state: 'confirmed' })), 201);
    expectError(await w.t.del(`/api/bookings/${booking.id}`, staff), 409, 'INVALID_STATE');
    expectError(await w.t.del('/api/bookings/999999', staff), 404, 'NOT_FOUND');
  });
});

describe('reloadPrice', () => {
  it('recalculates with the current prices and keeps the evaluation date', async () => {
    const room = await w.resortRoom();
    const booking = await create(stayBody(room, { state: 'confirmed' }));
    expect(booking.total).toBe('462.00');
    const entry = and(eq(priceEntries.priceId, w.seasons.b), eq(priceEntries.roomTypeId, w.deluxe));
    await w.db.update(priceEntries).set({ value: '150.00' }).where(entry);
    try {
      // Stored lines stay until asked: reading does not recalculate.
      expect(ok(await w.t.get(`/api/bookings/${booking.id}`, staff)).total).toBe('462.00');
      const reloaded = ok(await w.t.post(`/api/bookings/${booking.id}/reloadPrice`, staff));
      // 3 nights × 100 + 1 night × 150 (was 120), +10 %.
      expect(reloaded).toMatchObject({ total: '495.00', version: 2, evaluationDate: booking.evaluationDate });
      const [version] = await w.db
        .select()
        .from(bookingVersions)
        .where(and(eq(bookingVersions.bookingId, booking.id), eq(bookingVersions.version, 2)));
      expect(version?.action).toBe('reloadPrice');
      expect((version?.changes as { path: string }[] | undefined)?.map((c) => c.path)).toContain('total');
    } finally {
      await w.db.update(priceEntries).set({ value: '120.00' }).where(entry);
    }
  });

  it('refuses a cancelled booking, agents and customers', async () => {
    const booking = await create(stayBody(await w.resortRoom()));
    expectError(await w.t.post(`/api/bookings/${booking.id}/reloadPrice`, agent), 403, 'FORBIDDEN');
    expectError(
      await w.t.post(`/api/bookings/${booking.id}/reloadPrice`, w.tokens.customer),
      403,
      'FORBIDDEN',
    );
    ok(await w.t.post(`/api/bookings/${booking.id}/cancell`, staff, {}));
    expectError(await w.t.post(`/api/bookings/${booking.id}/reloadPrice`, staff), 409, 'INVALID_STATE');
  });
});

describe('GET /api/price/booking/{id}', () => {
  it('answers the season of every night per room entry, and those seasons', async () => {
    const booking = await create(stayBody(await w.resortRoom()));
    const data = ok(await w.t.get(`/api/price/booking/${booking.id}`, staff));
    const { a, b } = w.seasons;
    expect(data).toMatchObject({ bookingId: booking.id, evaluationDate: today() });
    expect(data.rooms).toMatchObject([
      {
        entryId: booking.rooms[0].id,
        calculationType: 'unit',
        nights: [
          { date: '2041-03-29', priceId: a },
          { date: '2041-03-30', priceId: a },
          { date: '2041-03-31', priceId: a },
          { date: '2041-04-01', priceId: b },
        ],
      },
    ]);
    expect(data.prices.map((p: { id: number }) => p.id).sort()).toEqual([a, b].sort());
    expect(data.prices[0].entries.length).toBeGreaterThan(0);
  });

  it('answers a departure’s price, 404 for bookings out of sight and 403 without bookings.read', async () => {
    const booking = await create(tripBody(await w.cabin(), w.departure));
    const data = ok(await w.t.get(`/api/price/booking/${booking.id}`, staff));
    expect(data.rooms[0]).toMatchObject({ calculationType: 'complete', scheduleId: w.departure });
    expect(data.prices.map((p: { name: string }) => p.name)).toEqual(['Raja Ampat 2041']);
    expectError(await w.t.get(`/api/price/booking/${booking.id}`, agent), 403, 'FORBIDDEN');
    expectError(await w.t.get('/api/price/booking/999999', staff), 404, 'NOT_FOUND');
  });
});

describe('GET /api/terms/calculate/{id}', () => {
  it('answers deposit and rest by the booking’s terms (docs/domain/payments.md)', async () => {
    const body = tripBody(await w.cabin(), w.departure, { state: 'confirmed', termsId: w.terms.liveaboard });
    const booking = await create(body);
    const schedule = ok(await w.t.get(`/api/terms/calculate/${booking.id}`, staff));
    expect(schedule).toMatchObject({ bookingId: booking.id, currency: 'EUR', confirmDate: today() });
    expect(schedule.terms.name).toBe('Liveaboard standard');
    // 30 % deposit 7 days after confirmation, the rest 60 days before departure.
    expect(schedule.schedule).toEqual([
      { type: 'deposit', amount: '1260.00', dueDate: addDays(today(), 7), customerType: 'None' },
      { type: 'rest', amount: '2940.00', dueDate: addDays('2041-05-02', -60), customerType: 'None' },
    ]);
    // The lines of the booking say the same.
    const deposit = booking.calculation.find((l: { type: string }) => l.type === 'deposit');
    expect(deposit).toMatchObject({ total: '1260.00' });
  });

  it('lets an agent read its own booking’s schedule, not another’s', async () => {
    const own = await create(tripBody(await w.cabin(), w.departure), agent);
    const schedule = ok(await w.t.get(`/api/terms/calculate/${own.id}`, agent));
    // Agency booking: what the agency owes is split; nothing is paid directly by the guest.
    expect(schedule.schedule.every((p: { customerType: string }) => p.customerType === 'None')).toBe(true);
    const other = await create(stayBody(await w.resortRoom()));
    expectError(await w.t.get(`/api/terms/calculate/${other.id}`, agent), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/terms/calculate/${other.id}`, w.tokens.customer), 403, 'FORBIDDEN');
  });
});
