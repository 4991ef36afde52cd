// The office's home dashboard: each figure counts exactly the bookings its booking list filter lists, within what
// the user may see; the list's date modes and yes/no filters on a small world around today.
//
//   A planned, arrives today, leaves in 3 days           arrivals today and this week, departuresWeek, forms
//   B confirmed, arrives in 5 days, leaves in 9          arrivalsWeek, missing guest forms
//   C arrived 4 days ago, leaves today, then cancelled   nothing (cancelled bookings do not travel)
//   D confirmed, arrived 4 days ago, leaves today        departuresToday, departuresWeek
//   E planned, option lapses in 2 days, arrives in 40    optionsExpiring (A and F: option in 20 days, not)
//   F planned, arrives in 50 days                         overdue (another agency's), as D (the agent's)
//   E has an open todo                                    openTodos

import { addDays } from '@atoll/domain/customers';
import { OFFICE_FIGURES, officeListFilters } from '@atoll/domain/dashboard';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { today } from '../../clock.ts';
import { bookings, guestForms } from '../../db/schema.ts';

let w: TWorld;
let staff: string;
let day: string;
const id = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', number>;

async function stay(state: string, from: number, to: number, extra: Record<string, unknown> = {}) {
  const body = {
    state,
    force: true,
    rooms: [
      { roomId: await w.resortRoom(), from: addDays(day, from), to: addDays(day, to), guests: [{}, {}] },
    ],
    ...extra,
  };
  return (ok(await w.t.post('/api/bookings', staff, body), 201) as { id: number }).id;
}

const listIds = async (query: Record<string, string>, token = staff) => {
  const body = ok(await w.t.get(`/api/bookings?size=100&${new URLSearchParams(query)}`, token)) as {
    data: { id: number }[];
    total: number;
  };
  return { ids: body.data.map((b) => b.id).sort((x, y) => x - y), total: body.total };
};

beforeAll(async () => {
  w = await bookingWorld();
  staff = w.tokens.staff;
  day = today();
  id.a = await stay('planned', 0, 3);
  id.b = await stay('confirmed', 5, 9);
  id.c = await stay('planned', -4, 0);
  ok(await w.t.post(`/api/bookings/${id.c}/cancell`, staff, { useTerms: false }));
  id.d = await stay('confirmed', -4, 0);
  id.e = await stay('planned', 40, 42);
  id.f = await stay('planned', 50, 52);
  const soon = new Date(Date.now() + 2 * 86_400_000);
  const later = new Date(Date.now() + 20 * 86_400_000);
  await w.db.update(bookings).set({ optionExpiry: soon }).where(eq(bookings.id, id.e));
  await w.db
    .update(bookings)
    .set({ optionExpiry: later })
    .where(inArray(bookings.id, [id.a, id.f]));
  await w.db
    .update(bookings)
    .set({ hasExceededDueDate: true, agencyId: w.ownAgency })
    .where(eq(bookings.id, id.d));
  await w.db
    .update(bookings)
    .set({ hasExceededDueDate: true, agencyId: w.agencyId })
    .where(eq(bookings.id, id.f));
  await w.db.update(bookings).set({ hasOpenTodos: true }).where(eq(bookings.id, id.e));
});
afterAll(() => w?.t.close());

describe('GET /api/dashboard/office', () => {
  it('answers 401 without login and 403 to agents and customers', async () => {
    expectError(await w.t.get('/api/dashboard/office'), 401, 'UNAUTHORIZED');
    expectError(await w.t.get('/api/dashboard/office', w.tokens.agent), 403, 'FORBIDDEN');
    expectError(await w.t.get('/api/dashboard/office', w.tokens.customer), 403, 'FORBIDDEN');
  });

  it('counts arrivals, departures, options, overdue, missing guest forms and todos', async () => {
    const body = ok(await w.t.get('/api/dashboard/office', staff));
    expect(body.today).toBe(day);
    expect(body.aheadEnd).toBe(addDays(day, 29));
    expect(body.counts).toEqual({
      arrivalsToday: 1,
      arrivalsWeek: 2,
      departuresToday: 1,
      departuresWeek: 2,
      optionsExpiring: 1,
      overdue: 2,
      missingGuestforms: 2,
      openTodos: 1,
    });
  });

  it('counts what the figure’s link lists, for every figure', async () => {
    const { counts } = ok(await w.t.get('/api/dashboard/office', staff));
    const filters = officeListFilters(day);
    const expected = {
      arrivalsToday: [id.a],
      arrivalsWeek: [id.a, id.b],
      departuresToday: [id.d],
      departuresWeek: [id.a, id.d],
      optionsExpiring: [id.e],
      overdue: [id.d, id.f],
      missingGuestforms: [id.a, id.b],
      openTodos: [id.e],
    };
    for (const figure of OFFICE_FIGURES) {
      const listed = await listIds(filters[figure] as Record<string, string>);
      expect(listed.ids, figure).toEqual(expected[figure]);
      expect(counts[figure], figure).toBe(listed.total);
    }
  });

  it('stops counting a guest form once every guest of the booking has submitted one', async () => {
    // The links create a form for each guest; both are then submitted.
    expect(ok(await w.t.get(`/api/guestform/${id.b}/links`, staff))).toHaveLength(2);
    await w.db.update(guestForms).set({ status: 'submitted' }).where(eq(guestForms.bookingId, id.b));
    const { counts } = ok(await w.t.get('/api/dashboard/office', staff));
    expect(counts.missingGuestforms).toBe(1);
  });

  it('lists the departures of the next 30 days with their berths', async () => {
    const body = ok(await w.t.get('/api/dashboard/office', staff));
    expect(body.departuresAhead.length).toBeGreaterThan(0);
    for (const d of body.departuresAhead) {
      expect(d.from >= day && d.from <= body.aheadEnd, d.from).toBe(true);
      expect(d.freeBerths).toBeLessThanOrEqual(d.berths);
      expect(d.vesselName).toBeTruthy();
    }
    const starts = body.departuresAhead.map((d: { from: string }) => d.from);
    expect(starts).toEqual([...starts].sort());
  });
});

describe('the booking list’s date modes and flags', () => {
  it('selects stays overlapping, arriving in or departing in the range', async () => {
    const range = { from: addDays(day, -1), to: day };
    expect((await listIds({ ...range, states: 'planned,confirmed' })).ids).toEqual([id.a, id.d]);
    expect((await listIds({ ...range, dates: 'arrival' })).ids).toEqual([id.a]);
    expect((await listIds({ ...range, dates: 'departure' })).ids).toEqual([id.c, id.d]);
  });

  it('refuses an unknown date mode or flag value with 400', async () => {
    expectError(await w.t.get('/api/bookings?dates=yesterday', staff), 400, 'ValidationError');
    expectError(await w.t.get('/api/bookings?overdue=perhaps', staff), 400, 'ValidationError');
  });

  it('keeps the flags within what an agent may see', async () => {
    const own = await listIds({ overdue: '1' }, w.tokens.agent);
    expect(own.ids).toEqual([id.d]);
  });
});
