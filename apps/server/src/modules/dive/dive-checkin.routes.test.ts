// Check-in and readiness (docs/domain/dive-day.md "Check-in"): while the dive log is on, guests not ready to
// dive stop the check-in (409 NOT_READY, nothing written); staff check them in with a reason, which the
// booking's history keeps; ready guests check in as before.

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { today } from '../../clock.ts';
import { bookingRooms, bookingVersions, guestForms } from '../../db/schema.ts';

let w: TWorld;
let admin: string;
const plus = (n: number) => new Date(Date.parse(today()) + n * 86_400_000).toISOString().slice(0, 10);
const stay = async (customerIds: number[]) =>
  ok(
    await w.t.post('/api/bookings', w.tokens.staff, {
      state: 'confirmed',
      // No prices for this year in the test world: the office saves it anyway.
      force: true,
      rooms: [
        {
          roomId: await w.resortRoom(),
          from: plus(0),
          to: plus(3),
          guests: customerIds.map((customerId) => ({ customerId })),
        },
      ],
    }),
    201,
  ) as { id: number; version: number };
const checkedIn = async (id: number) =>
  (await w.db.select().from(bookingRooms).where(eq(bookingRooms.bookingId, id))).map(
    (e) => e.checkIn !== null,
  );

beforeAll(async () => {
  w = await bookingWorld();
  admin = w.tokens.admin;
  ok(await w.t.post('/api/settings/group/features', admin, { diveLog: true }));
});
afterAll(() => w?.t.close());

describe('check-in of guests not ready to dive', () => {
  it('warns with who misses what and writes nothing; a reason checks in and stays in the history', async () => {
    const booking = await stay([w.guests.ana]);
    const refused = await w.t.post(`/api/bookings/${booking.id}/checkin`, admin, {});
    expectError(refused, 409, 'NOT_READY');
    expect(refused.json().details).toEqual([
      { path: `customers.${w.guests.ana}`, code: 'NOT_READY', message: 'certification, medical, insurance' },
    ]);
    expect(await checkedIn(booking.id)).toEqual([false]);
    expectError(
      await w.t.post(`/api/bookings/${booking.id}/checkin`, admin, { notReadyReason: ' ' }),
      400,
      'ValidationError',
    );
    const reason = 'Snorkels only this week';
    ok(await w.t.post(`/api/bookings/${booking.id}/checkin`, admin, { notReadyReason: reason }));
    expect(await checkedIn(booking.id)).toEqual([true]);
    const [version] = await w.db
      .select()
      .from(bookingVersions)
      .where(eq(bookingVersions.bookingId, booking.id))
      .orderBy(desc(bookingVersions.version))
      .limit(1);
    expect(version?.action).toBe('checkin');
    expect(version?.changes).toEqual(
      expect.arrayContaining([
        {
          path: 'checkIn.notReadyToDive',
          from: null,
          to: { guests: 'Ana Diver: certification, medical, insurance', reason },
        },
      ]),
    );
  });

  it('checks in ready guests without a reason, and anyone while the dive log is off', async () => {
    const ready = await stay([w.guests.ben]);
    await w.db.insert(guestForms).values({
      bookingId: ready.id,
      customerId: w.guests.ben,
      token: 'checkin-ready-token',
      types: ['diving', 'insurance'],
      status: 'submitted',
      data: { certLevel: 'PADI Open Water', loggedDives: 12, medicalHeart: false, insuranceCompany: 'DAN' },
      submittedAt: new Date(),
    });
    ok(await w.t.post(`/api/bookings/${ready.id}/checkin`, admin, {}));
    ok(await w.t.post('/api/settings/group/features', admin, { diveLog: false }));
    const off = await stay([w.guests.kid]);
    ok(await w.t.post(`/api/bookings/${off.id}/checkin`, admin, {}));
  });
});
