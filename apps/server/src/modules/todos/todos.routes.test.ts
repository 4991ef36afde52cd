// Spec booking §7 "Todos" and /api/todo, /api/todoitem: office only (todo.read / todo.update), the
// system definitions seeded, a forced booking onto a blocked room raising exactly one overbooking todo,
// solve as a booking write (version row, has_open_todos), cancel closing the closeOnAbort todos,
// definitions added to new bookings by type, and the feature switch.

import { addDays } from '@atoll/domain/inventory/tours';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beds, bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { bookings, bookingTodos, users } from '../../db/schema.ts';

let w: TWorld;
let staff: string;
let admin: string;
let agent: string;
let customer: string;

type TItem = { id: number; code: string | null; open: boolean; roomId: number | null; due: string | null };

const itemsOf = async (bookingId: number): Promise<TItem[]> =>
  ok(await w.t.get(`/api/todoitem?size=0&filter=${encodeURIComponent(JSON.stringify({ bookingId }))}`, staff))
    .data;
const flagOf = async (bookingId: number) => {
  const [row] = await w.db
    .select({ has: bookings.hasOpenTodos, version: bookings.version })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
};

/** A confirmed stay forced onto a room blocked over its second night. */
async function overbooked() {
  const room = await w.resortRoom();
  ok(
    await w.t.post('/api/rooms/addBlocker', staff, {
      roomIds: [room],
      kind: 'Maintanance',
      from: '2041-03-30',
      to: '2041-03-31',
      reason: 'Paint',
    }),
    201,
  );
  const refused = await w.t.post('/api/bookings', staff, stayBody(room, { state: 'confirmed' }));
  expectError(refused, 409, 'NOT_AVAILABLE');
  const booking = ok(
    await w.t.post('/api/bookings', staff, stayBody(room, { state: 'confirmed', force: true })),
    201,
  );
  return { room, booking };
}

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, admin, agent, customer } = w.tokens);
});
afterAll(() => w?.t.close());

describe('access', () => {
  const reads = [
    '/api/todo/rules',
    '/api/todo/open',
    '/api/todo/own',
    '/api/todo/allTodos',
    '/api/todo',
    '/api/todoitem',
  ];

  it('answers 401 without a session and 403 to agents and customers', async () => {
    for (const url of reads) {
      expectError(await w.t.get(url, undefined), 401, 'UNAUTHORIZED');
      expectError(await w.t.get(url, agent), 403, 'FORBIDDEN');
      expectError(await w.t.get(url, customer), 403, 'FORBIDDEN');
    }
    expectError(await w.t.post('/api/todo/solve/1/1', agent, {}), 403, 'FORBIDDEN');
    expectError(await w.t.post('/api/todo', agent, { name: 'x' }), 403, 'FORBIDDEN');
    expectError(await w.t.post('/api/todoitem', customer, { bookingId: 1, text: 'x' }), 403, 'FORBIDDEN');
  });

  it('answers 400 to bad input and 404 to what is not there', async () => {
    expectError(await w.t.get('/api/todo/allTodos?sort=password', staff), 400, 'ValidationError');
    expectError(await w.t.get('/api/todo/open?filter={"nope":1}', staff), 400, 'ValidationError');
    expectError(await w.t.post('/api/todo/solve/abc/1', staff, {}), 404, 'NOT_FOUND');
    expectError(await w.t.post('/api/todo', staff, { name: '' }), 400, 'ValidationError');
    expectError(
      await w.t.post('/api/todo', staff, { name: 'x', autoAdd: ['hotel'] }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/todoitem', staff, { bookingId: 999999, text: 'x' }),
      400,
      'ValidationError',
    );
    expectError(await w.t.post('/api/todo/solve/999999/1', staff, {}), 404, 'NOT_FOUND');
    expectError(await w.t.get('/api/todo/999999', staff), 404, 'NOT_FOUND');
  });

  it('answers 404 while the feature switch is off', async () => {
    ok(await w.t.post('/api/settings/group/features', admin, { todo: false }));
    try {
      expectError(await w.t.get('/api/todo/open', staff), 404, 'NOT_FOUND');
      expectError(await w.t.get('/api/todoitem', admin), 404, 'NOT_FOUND');
      // The access check still comes first.
      expectError(await w.t.get('/api/todo/open', agent), 403, 'FORBIDDEN');
    } finally {
      ok(await w.t.post('/api/settings/group/features', admin, { todo: true }));
    }
    ok(await w.t.get('/api/todo/open', staff));
  });
});

describe('definitions', () => {
  it('has the system definitions in every installation; they cannot be deleted, only switched off', async () => {
    const rules = ok(await w.t.get('/api/todo/rules', staff));
    const system = rules.filter((r: { code: string | null }) => r.code !== null);
    expect(system.map((r: { code: string }) => r.code).sort()).toEqual([
      'exceededDueDate',
      'genderMismatch',
      'genderUnknown',
      'noShow',
      'optionExpired',
      'optionExpiredPaid',
      'optionExpiring',
      'overbooking',
      'spaceAvailable',
    ]);
    expect(system.every((r: { predefined: boolean }) => r.predefined)).toBe(true);
    const noShow = system.find((r: { code: string }) => r.code === 'noShow');
    expectError(await w.t.del(`/api/todo/${noShow.id}`, admin), 409, 'IN_USE');
    const copy = ok(await w.t.post(`/api/todo/${noShow.id}/copy`, staff), 201);
    expect(copy).toMatchObject({ code: null, predefined: false, name: 'No show (copy)' });
    ok(await w.t.del(`/api/todo/${copy.id}`, staff));
  });
});

describe('raising and solving', () => {
  it('a forced booking onto a blocked room raises exactly one overbooking todo; solving clears it', async () => {
    const { room, booking } = await overbooked();
    expect(booking.hasOpenTodos).toBe(true);
    const items = await itemsOf(booking.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ code: 'overbooking', open: true, roomId: room });

    // Holding again (a forced change) raises nothing new while the todo is open.
    const changed = ok(
      await w.t.post(`/api/bookings/${booking.id}/change`, staff, {
        version: 1,
        force: true,
        rooms: stayBody(room).rooms,
      }),
    );
    expect(changed.version).toBe(2);
    expect(await itemsOf(booking.id)).toHaveLength(1);

    const open = ok(await w.t.get('/api/todo/open?sort=due', staff));
    const listed = open.data.find((t: { bookingId: number }) => t.bookingId === booking.id);
    expect(listed).toMatchObject({
      code: 'overbooking',
      bookingNumber: booking.bookingNo,
      bookingFrom: '2041-03-29',
    });
    const own = ok(await w.t.get('/api/todo/own', staff));
    expect(own.data.some((t: { bookingId: number }) => t.bookingId === booking.id)).toBe(true);
    const adminsOwn = ok(await w.t.get('/api/todo/own', admin));
    expect(adminsOwn.data.some((t: { bookingId: number }) => t.bookingId === booking.id)).toBe(false);

    const todoId = items[0]?.id;
    expectError(
      await w.t.post(`/api/todo/solve/${booking.id}/${todoId}?version=1`, staff, {}),
      409,
      'VERSION_CONFLICT',
    );
    const solved = ok(await w.t.post(`/api/todo/solve/${booking.id}/${todoId}?version=2`, staff, {}));
    const [me] = await w.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com'));
    expect(solved).toMatchObject({ id: todoId, open: false, editedBy: me?.id });
    expect(solved.solvedAt).not.toBeNull();
    expect(await flagOf(booking.id)).toEqual({ has: false, version: 3 });
    const detail = ok(await w.t.get(`/api/bookings/${booking.id}`, staff));
    expect(detail).toMatchObject({ hasOpenTodos: false, version: 3 });
    expectError(await w.t.post(`/api/todo/solve/${booking.id}/${todoId}`, staff, {}), 409, 'INVALID_STATE');

    const all = ok(
      await w.t.get(
        `/api/todo/allTodos?filter=${encodeURIComponent(JSON.stringify({ bookingId: booking.id }))}`,
        staff,
      ),
    );
    expect(all).toMatchObject({ total: 1, data: [{ id: todoId, open: false }] });
    const stillOpen = ok(await w.t.get('/api/todo/open', staff));
    expect(stillOpen.data.some((t: { id: number }) => t.id === todoId)).toBe(false);
  });

  it('guests of unknown gender in a single-gender shared room raise one genderUnknown todo per room', async () => {
    const room = await w.resortRoom({
      allowSharedRoom: true,
      allowMixedGender: false,
      configuration: { maxNoOfPax: 2, minNoOfPax: 1, defaultNoOfPax: 2, beds: beds(2) },
    });
    const body = stayBody(room, { state: 'confirmed' });
    body.rooms = [
      {
        ...body.rooms[0],
        whole: false,
        guests: [{ gender: 'u' }, { gender: 'u' }],
      } as (typeof body.rooms)[number],
    ];
    const booking = ok(await w.t.post('/api/bookings', staff, body), 201);
    expect(booking.hasOpenTodos).toBe(true);
    expect((await itemsOf(booking.id)).map((i) => [i.code, i.roomId, i.due])).toEqual([
      ['genderUnknown', room, addDays(booking.bookingDate.slice(0, 10), 1)],
    ]);
  });

  it('solving a todo of another booking answers 404 and changes nothing', async () => {
    const { booking } = await overbooked();
    const [todo] = await itemsOf(booking.id);
    const other = ok(await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom())), 201);
    expectError(await w.t.post(`/api/todo/solve/${other.id}/${todo?.id}`, staff, {}), 404, 'NOT_FOUND');
    expect(await flagOf(other.id)).toEqual({ has: false, version: 1 });
    expect(await flagOf(booking.id)).toEqual({ has: true, version: 1 });
  });

  it('exports the lists as CSV and refuses a bad sort before the first line', async () => {
    const { booking } = await overbooked();
    const res = await w.t.get('/api/todo/open/listCSV?sort=due', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,bookingId,bookingNumber,bookingFrom,due,code,group,text,open,solvedAt');
    expect(lines.some((l) => l.includes(booking.bookingNo) && l.includes('overbooking'))).toBe(true);
    expectError(await w.t.get('/api/todo/allTodos/listCSV?sort=nope', staff), 400, 'ValidationError');
    expectError(await w.t.get('/api/todo/own/listCSV', agent), 403, 'FORBIDDEN');
  });

  it('todos added by hand keep has_open_todos in step, also when deleted', async () => {
    const booking = ok(await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom())), 201);
    const item = ok(
      await w.t.post('/api/todoitem', staff, { bookingId: booking.id, text: 'Call the guest' }),
      201,
    );
    expect(item).toMatchObject({ open: true, todoId: null, due: null, text: 'Call the guest' });
    expect((await flagOf(booking.id))?.has).toBe(true);
    const closed = ok(await w.t.post(`/api/todoitem/${item.id}`, staff, { open: false }));
    expect(closed.solvedAt).not.toBeNull();
    expect((await flagOf(booking.id))?.has).toBe(false);
    ok(await w.t.post(`/api/todoitem/${item.id}`, staff, { open: true }));
    expect((await flagOf(booking.id))?.has).toBe(true);
    ok(await w.t.del(`/api/todoitem/${item.id}`, admin));
    expect((await flagOf(booking.id))?.has).toBe(false);
    expect(await w.db.select().from(bookingTodos).where(eq(bookingTodos.bookingId, booking.id))).toEqual([]);
  });
});

describe('auto-added definitions and cancel', () => {
  it('adds the definitions of the booking type with their due dates; cancel closes the closeOnAbort ones', async () => {
    const visa = ok(
      await w.t.post('/api/todo', staff, {
        name: 'Send visa info',
        text: 'Send the visa information',
        calcType: 'beforeArrival',
        value: 10,
        autoAdd: ['resort'],
      }),
      201,
    );
    const review = ok(
      await w.t.post('/api/todo', staff, {
        name: 'Ask for a review',
        calcType: 'afterDeparture',
        value: 3,
        closeOnAbort: false,
        autoAdd: ['resort', 'resort'],
      }),
      201,
    );
    expect(review.autoAdd).toEqual(['resort']);
    try {
      const booking = ok(
        await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom(), { state: 'confirmed' })),
        201,
      );
      expect(booking.hasOpenTodos).toBe(true);
      const items = await itemsOf(booking.id);
      expect(items.map((i) => [i.due, i.open]).sort()).toEqual([
        ['2041-03-19', true],
        ['2041-04-05', true],
      ]);
      const trip = ok(
        await w.t.post('/api/bookings', staff, {
          state: 'draft',
          rooms: [
            {
              roomId: await w.cabin(),
              scheduleId: w.departure,
              whole: true,
              guests: [{ gender: 'f' }, { gender: 'm' }],
            },
          ],
        }),
        201,
      );
      expect(await itemsOf(trip.id)).toEqual([]);

      const cancelled = ok(
        await w.t.post(`/api/bookings/${booking.id}/cancell`, staff, { version: 1, date: '2041-01-01' }),
      );
      expect(cancelled).toMatchObject({ state: 'aborted', hasOpenTodos: true });
      const after = await itemsOf(booking.id);
      const byDue = Object.fromEntries(after.map((i) => [i.due, i.open]));
      expect(byDue).toEqual({ '2041-03-19': false, '2041-04-05': true });
    } finally {
      ok(await w.t.post(`/api/todo/${visa.id}`, staff, { isActive: false }));
      ok(await w.t.post(`/api/todo/${review.id}`, staff, { isActive: false }));
    }
  });
});
