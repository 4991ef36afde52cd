// Options do not lapse in silence: a todo and a mail to the office some hours before (once per expiry; a
// moved expiry is warned of again) and when the option lapses; per setting the guest's mails too; a short
// hold (an online checkout's) only when it lapses.

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { bookings, bookingTodos, customers, mailQueue } from '../../db/schema.ts';
import { createAvailabilityService } from '../availability/availability.service.ts';
import { createExpireOptionsFlow } from '../bookings/lifecycle/expire-options.flow.ts';

let w: TWorld;
const HOUR = 3_600_000;

const flow = () =>
  createExpireOptionsFlow({ db: w.db, availability: createAvailabilityService({ db: w.db }) });
const mails = (bookingId: number) =>
  w.db
    .select({ to: mailQueue.to, subject: mailQueue.subject, text: mailQueue.text, key: mailQueue.dedupKey })
    .from(mailQueue)
    .where(and(eq(mailQueue.bookingId, bookingId), like(mailQueue.dedupKey, 'option-%')));
const todoCodes = async (bookingId: number) =>
  (
    await w.db
      .select({ code: bookingTodos.code })
      .from(bookingTodos)
      .where(eq(bookingTodos.bookingId, bookingId))
  )
    .map((t) => t.code)
    .sort();
/** A planned trip for Ben whose option lapses `hours` from `now`, reserved two days before. */
async function option(now: Date, hours: number) {
  const b = ok(
    await w.t.post(
      '/api/bookings',
      w.tokens.staff,
      tripBody(await w.cabin(2), w.departure, { state: 'planned', customerId: w.guests.ben, language: 'en' }),
    ),
    201,
  );
  await w.db
    .update(bookings)
    .set({
      optionExpiry: new Date(now.getTime() + hours * HOUR),
      reservationDate: new Date(now.getTime() - 48 * HOUR),
    })
    .where(eq(bookings.id, b.id));
  return b.id as number;
}

beforeAll(async () => {
  w = await bookingWorld();
  await w.db.update(customers).set({ email: 'ben@diver.test' }).where(eq(customers.id, w.guests.ben));
  ok(await w.t.post('/api/settings/group/company', w.tokens.admin, { email: 'office@atoll.test' }));
  ok(await w.t.post('/api/settings/group/booking', w.tokens.admin, { defaultLanguage: 'de' }));
});
afterAll(() => w?.t.close());

describe('options that lapse', () => {
  it('warns the office once within the warning hours, again for a new expiry, and when it lapses', async () => {
    const now = new Date();
    const id = await option(now, 10);
    const later = await option(now, 30);
    const warned = await flow().warnOptions(now);
    expect(warned).toContain(id);
    expect(warned).not.toContain(later);
    expect(await flow().warnOptions(now)).not.toContain(id);
    expect(await todoCodes(id)).toEqual(['optionExpiring']);
    const [office] = await mails(id);
    expect(office).toMatchObject({ to: 'office@atoll.test' });
    expect(office?.subject).toMatch(/^Option R\S+ läuft am .+ ab$/);
    // Guests hear nothing unless the setting says so.
    expect(await mails(id)).toHaveLength(1);

    // The option is extended: the new expiry is warned of again.
    await w.db
      .update(bookings)
      .set({ optionExpiry: new Date(now.getTime() + 12 * HOUR) })
      .where(eq(bookings.id, id));
    expect(await flow().warnOptions(now)).toContain(id);
    expect(await mails(id)).toHaveLength(2);

    // It lapses: freed, a todo, and the office hears of it.
    expect(await flow().expireOptions(new Date(now.getTime() + 13 * HOUR))).toContain(id);
    const [row] = await w.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row?.state).toBe('freed');
    expect(await todoCodes(id)).toContain('optionExpired');
    const lapsed = (await mails(id)).filter((m) => m.key?.startsWith('option-expired'));
    expect(lapsed.map((m) => [m.to, m.subject])).toEqual([
      ['office@atoll.test', expect.stringMatching(/^Option R\S+ ist abgelaufen$/)],
    ]);
  });

  it('mails the guest too when the setting says so, in the booking’s language', async () => {
    ok(await w.t.post('/api/settings/group/booking', w.tokens.admin, { optionMailsToGuest: true }));
    const now = new Date();
    const id = await option(now, 5);
    expect(await flow().warnOptions(now)).toContain(id);
    const guest = (await mails(id)).find((m) => m.to === 'ben@diver.test');
    expect(guest?.subject).toMatch(/^Your reservation R\S+ lapses on /);
    expect(await flow().expireOptions(new Date(now.getTime() + 6 * HOUR))).toContain(id);
    expect((await mails(id)).filter((m) => m.to === 'ben@diver.test').map((m) => m.subject)).toEqual([
      expect.stringMatching(/lapses on/),
      expect.stringMatching(/^Your reservation R\S+ has lapsed$/),
    ]);
    ok(await w.t.post('/api/settings/group/booking', w.tokens.admin, { optionMailsToGuest: false }));
  });

  it('does not warn of a hold shorter than the warning time, nor when the setting is 0', async () => {
    const now = new Date();
    const id = await option(now, 1);
    await w.db.update(bookings).set({ reservationDate: now }).where(eq(bookings.id, id));
    expect(await flow().warnOptions(now)).not.toContain(id);
    const other = await option(now, 3);
    ok(await w.t.post('/api/settings/group/booking', w.tokens.admin, { optionWarningHours: 0 }));
    expect(await flow().warnOptions(now)).not.toContain(other);
    ok(await w.t.post('/api/settings/group/booking', w.tokens.admin, { optionWarningHours: 24 }));
    expect(await flow().warnOptions(now)).toContain(other);
  });

  it('closes the warning once the option is confirmed or given a new expiry, and when it lapses', async () => {
    const now = new Date();
    const openCodes = async (bookingId: number) =>
      (
        await w.db
          .select({ code: bookingTodos.code })
          .from(bookingTodos)
          .where(and(eq(bookingTodos.bookingId, bookingId), eq(bookingTodos.open, true)))
      ).map((t) => t.code);
    const change = async (bookingId: number, body: Record<string, unknown>) => {
      const current = ok(await w.t.get(`/api/bookings/${bookingId}`, w.tokens.staff));
      return ok(
        await w.t.post(`/api/bookings/${bookingId}/change`, w.tokens.staff, {
          ...body,
          version: current.version,
        }),
      );
    };
    const confirmed = await option(now, 4);
    const extended = await option(now, 4);
    const untouched = await option(now, 4);
    const warned = await flow().warnOptions(now);
    for (const id of [confirmed, extended, untouched]) {
      expect(warned).toContain(id);
      expect(await openCodes(id)).toEqual(['optionExpiring']);
    }
    await change(confirmed, { state: 'confirmed' });
    expect(await openCodes(confirmed)).toEqual([]);
    await change(extended, { optionExpiry: new Date(now.getTime() + 72 * HOUR).toISOString() });
    expect(await openCodes(extended)).toEqual([]);
    expect(await openCodes(untouched)).toEqual(['optionExpiring']);
    // It lapses: the warning is done, the lapse is what is left to look at.
    expect(await flow().expireOptions(new Date(now.getTime() + 5 * HOUR))).toContain(untouched);
    expect(await openCodes(untouched)).toEqual(['optionExpired']);
  });
});
