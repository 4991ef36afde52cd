// The calculation editing calls (docs/domain/calculation-lines.md and specials.md; spec booking §7): manual lines added,
// edited, renamed, sorted and deleted, refresh, specials by hand, the goodwill removal of a cancellation
// fee. After every call the stored total is the sum of the counted lines.

import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingWorld,
  cents,
  countedCents,
  ok,
  stayBody,
  type TWorld,
} from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { bookingVersions, calculationLines } from '../../../db/schema.ts';

type TLine = {
  id: number;
  key: string;
  type: string;
  text: string;
  sort: number;
  total: string;
  price: string;
  customerType: string;
  manual: boolean;
  editable: boolean;
  deletable: boolean;
  customData: Record<string, unknown>;
};
type TBookingAnswer = { id: number; version: number; total: string; state: string; calculation: TLine[] };

let w: TWorld;
let staff: string;
let agent: string;

const create = async (body: unknown = {}): Promise<TBookingAnswer> =>
  ok(
    await w.t.post('/api/bookings', staff, stayBody(await w.resortRoom(), body as Record<string, unknown>)),
    201,
  );

/** The invariant of every call: the stored total is Σ of the counted billable lines. */
function consistent(res: LightMyRequestResponse | TBookingAnswer): TBookingAnswer {
  const booking = ('statusCode' in res ? ok(res) : res) as TBookingAnswer;
  expect(cents(booking.total)).toBe(countedCents(booking.calculation));
  return booking;
}

const line = (booking: TBookingAnswer, pred: (l: TLine) => boolean) => {
  const found = booking.calculation.find(pred);
  if (!found) throw new Error('line missing');
  return found;
};
const roomLine = (b: TBookingAnswer) => line(b, (l) => l.type === 'room_cost');

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
});
afterAll(() => w?.t.close());

describe('access and input', () => {
  it('answers 401, 403 for agents and customers, 404 for unknown bookings and lines', async () => {
    const b = await create();
    const calls: [string, string, unknown?][] = [
      ['post', `/api/bookings/${b.id}/calculation`, { type: 'text', text: 'x' }],
      ['post', `/api/bookings/${b.id}/calculation/refresh`],
      ['post', `/api/bookings/${b.id}/calculation/${roomLine(b).id}`, { text: 'x' }],
      ['post', `/api/bookings/${b.id}/${roomLine(b).id}/rename?pattern=x`],
      ['post', `/api/bookings/${b.id}/sort`, [{ id: roomLine(b).id, sort: 1 }]],
      ['del', `/api/bookings/${b.id}/calculation/${roomLine(b).id}`],
      ['del', `/api/bookings/calculation/${b.id}/removeCancellationFee`],
      ['post', `/api/bookings/${b.id}/special/1`],
    ];
    for (const [method, url, body] of calls) {
      const send = (token: string) => (method === 'post' ? w.t.post(url, token, body) : w.t.del(url, token));
      expectError(await send(''), 401, 'UNAUTHORIZED');
      expectError(await send(agent), 403, 'FORBIDDEN');
      expectError(await send(w.tokens.customer), 403, 'FORBIDDEN');
    }
    expectError(
      await w.t.post('/api/bookings/999999/calculation', staff, { type: 'text', text: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await w.t.post(`/api/bookings/${b.id}/calculation/999999`, staff, { text: 'x' }),
      404,
      'NOT_FOUND',
    );
    expect(ok(await w.t.get(`/api/bookings/${b.id}`, staff)).version).toBe(1);
  });

  it('answers 400 with the field for bad lines, and 409 VERSION_CONFLICT for a stale version', async () => {
    const b = await create();
    const add = (body: unknown) => w.t.post(`/api/bookings/${b.id}/calculation`, staff, body);
    expectError(await add({ type: 'room_cost', text: 'x' }), 400, 'ValidationError');
    expectError(await add({ type: 'cost' }), 400, 'ValidationError');
    expectError(await add({ type: 'cost', text: 'x', price: '1.234' }), 400, 'ValidationError');
    expectError(await add({ type: 'cost', text: 'x', price: 'abc' }), 400, 'ValidationError');
    expectError(await add({ type: 'discount', text: 'x', price: '10' }), 400, 'ValidationError');
    expectError(await add({ type: 'cost', text: 'x', guestId: 999999 }), 400, 'ValidationError');
    expectError(await add({ type: 'cost', text: 'x', version: 7 }), 409, 'VERSION_CONFLICT');
    expectError(
      await w.t.post(`/api/bookings/${b.id}/sort`, staff, [{ id: 999999, sort: 1 }]),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post(`/api/bookings/${b.id}/${roomLine(b).id}/rename`, staff),
      400,
      'ValidationError',
    );
    expect(ok(await w.t.get(`/api/bookings/${b.id}`, staff)).version).toBe(1);
  });
});

describe('manual lines', () => {
  it('adds cost, text, external and discount lines with totals that stay the sum of the lines', async () => {
    const b = consistent(await create());
    expect(b.total).toBe('462.00');
    const url = `/api/bookings/${b.id}/calculation`;
    let next = consistent(
      await w.t.post(url, staff, { type: 'cost', text: 'Transfer', amount: 2, price: '25.50', version: 1 }),
    );
    expect(next).toMatchObject({ version: 2, total: '513.00' });
    expect(line(next, (l) => l.text === 'Transfer')).toMatchObject({ manual: true, total: '51.00' });
    next = consistent(await w.t.post(url, staff, { type: 'text', text: 'Heading', price: '99' }));
    expect(next.total).toBe('513.00');
    next = consistent(
      await w.t.post(url, staff, {
        type: 'external',
        text: 'Flight',
        price: '300',
        customData: { collect: false },
      }),
    );
    expect(next.total).toBe('513.00');
    next = consistent(await w.t.post(url, staff, { type: 'discount', text: 'Goodwill', price: '-13.00' }));
    expect(next.total).toBe('500.00');
    next = consistent(
      await w.t.post(url, staff, { type: 'discount', text: '10 %', customData: { percent: '10' } }),
    );
    // 10 % of 462 + 51 (the counted lines without discounts).
    expect(line(next, (l) => l.text === '10 %').total).toBe('-51.30');
    expect(next.total).toBe('448.70');
    const [version] = await w.db
      .select()
      .from(bookingVersions)
      .where(and(eq(bookingVersions.bookingId, b.id), eq(bookingVersions.version, 2)));
    expect(version?.action).toBe('calculation.add');
    // Manual lines survive a refresh and a reloadPrice.
    next = consistent(await w.t.post(`/api/bookings/${b.id}/calculation/refresh`, staff));
    expect(next.total).toBe('448.70');
    next = consistent(await w.t.post(`/api/bookings/${b.id}/reloadPrice`, staff));
    expect(next.calculation.filter((l) => l.manual)).toHaveLength(5);
  });

  it('edits a generated line: it becomes manual and survives reloadPrice', async () => {
    const b = consistent(await create());
    const room = roomLine(b);
    expect(room.manual).toBe(false);
    const edited = consistent(
      await w.t.post(`/api/bookings/${b.id}/calculation/${room.id}`, staff, { price: '400.00', version: 1 }),
    );
    expect(line(edited, (l) => l.key === room.key)).toMatchObject({ manual: true, price: '400.00' });
    expectError(
      await w.t.post(`/api/bookings/${b.id}/calculation/${room.id}`, staff, { type: 'cost' }),
      400,
      'ValidationError',
    );
    const reloaded = consistent(await w.t.post(`/api/bookings/${b.id}/reloadPrice`, staff));
    expect(reloaded.calculation.filter((l) => l.key === room.key)).toHaveLength(1);
    expect(line(reloaded, (l) => l.key === room.key)).toMatchObject({ manual: true, price: '400.00' });
    expect(reloaded.total).toBe(edited.total);
  });

  it('refuses to edit a line that is not editable and to delete one that is not deletable', async () => {
    const b = await create();
    const room = roomLine(b);
    await w.db
      .update(calculationLines)
      .set({ editable: false, deletable: false })
      .where(eq(calculationLines.id, room.id));
    expectError(
      await w.t.post(`/api/bookings/${b.id}/calculation/${room.id}`, staff, { text: 'x' }),
      409,
      'INVALID_STATE',
    );
    expectError(
      await w.t.post(`/api/bookings/${b.id}/${room.id}/rename?pattern=x`, staff),
      409,
      'INVALID_STATE',
    );
    expectError(await w.t.del(`/api/bookings/${b.id}/calculation/${room.id}`, staff), 409, 'INVALID_STATE');
    expect(ok(await w.t.get(`/api/bookings/${b.id}`, staff)).version).toBe(1);
  });

  it('renames with a pattern, sorts, and deletes a manual line', async () => {
    const b = await create();
    const added = consistent(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, { type: 'cost', text: 'Boat', price: '40' }),
    );
    const boat = line(added, (l) => l.text === 'Boat');
    const renamed = consistent(
      await w.t.post(
        `/api/bookings/${b.id}/${boat.id}/rename?pattern=${encodeURIComponent('{text} (private)')}`,
        staff,
      ),
    );
    expect(line(renamed, (l) => l.id === boat.id).text).toBe('Boat (private)');
    const sorted = consistent(
      await w.t.post(`/api/bookings/${b.id}/sort?version=${renamed.version}`, staff, [
        { id: boat.id, sort: 1 },
      ]),
    );
    expect(line(sorted, (l) => l.id === boat.id).sort).toBe(1);
    const deleted = consistent(await w.t.del(`/api/bookings/${b.id}/calculation/${boat.id}`, staff));
    expect(deleted.calculation.some((l) => l.id === boat.id)).toBe(false);
    expect(deleted.total).toBe('462.00');
    expectError(await w.t.del(`/api/bookings/${b.id}/calculation/${boat.id}`, staff), 404, 'NOT_FOUND');
    // The spec's form without the booking: the line's own booking, version checked.
    const again = consistent(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, { type: 'cost', text: 'Bike', price: '9' }),
    );
    const bike = line(again, (l) => l.text === 'Bike');
    expectError(await w.t.del(`/api/bookings/calculation/${bike.id}`, agent), 403, 'FORBIDDEN');
    expectError(
      await w.t.del(`/api/bookings/calculation/${bike.id}?version=1`, staff),
      409,
      'VERSION_CONFLICT',
    );
    const byId = consistent(
      await w.t.del(`/api/bookings/calculation/${bike.id}?version=${again.version}`, staff),
    );
    expect(byId).toMatchObject({ total: '462.00', version: again.version + 1 });
    expectError(await w.t.del(`/api/bookings/calculation/${bike.id}`, staff), 404, 'NOT_FOUND');
  });
});

describe('specials by hand', () => {
  it('checks the rules unless ignored (409 with the failed rule), and deleting the line unchooses it', async () => {
    const special = ok(
      await w.t.post('/api/specials', staff, {
        name: 'Long stay',
        discountValue: '10',
        autoAdd: false,
        rules: [{ field: 'Nights', operator: 'GreaterThanEquals', value: 7 }],
      }),
      201,
    );
    ok(await w.t.post(`/api/specials/${special.id}`, staff, { status: 'confirmed' }));
    try {
      const b = await create();
      const refused = await w.t.post(`/api/bookings/${b.id}/special/${special.id}`, staff);
      expectError(refused, 409, 'CONFLICT');
      expect(refused.json().description).toContain('Nights');
      expect(ok(await w.t.get(`/api/bookings/${b.id}`, staff)).version).toBe(1);
      const added = consistent(
        await w.t.post(`/api/bookings/${b.id}/special/${special.id}?ignoreRules=true&version=1`, staff),
      );
      const line1 = line(added, (l) => l.type === 'special');
      expect(Number(line1.total)).toBeLessThan(0);
      expect(cents(added.total)).toBeLessThan(cents('462.00'));
      const [row] = await w.db.select().from(calculationLines).where(eq(calculationLines.id, line1.id));
      expect(row).toBeDefined();
      // Still there after a recalculation: the choice is stored on the booking.
      const reloaded = consistent(await w.t.post(`/api/bookings/${b.id}/reloadPrice`, staff));
      // Edited by hand, the special's line becomes manual: kept once, not added again by the engine.
      const edited = consistent(
        await w.t.post(
          `/api/bookings/${b.id}/calculation/${line(reloaded, (l) => l.type === 'special').id}`,
          staff,
          {
            price: '-20.00',
          },
        ),
      );
      const afterEdit = consistent(await w.t.post(`/api/bookings/${b.id}/reloadPrice`, staff));
      expect(afterEdit.calculation.filter((l) => l.type === 'special')).toHaveLength(1);
      expect(afterEdit.total).toBe(edited.total);
      expect(edited.total).toBe('442.00');
      const again = line(afterEdit, (l) => l.type === 'special');
      const removed = consistent(await w.t.del(`/api/bookings/${b.id}/calculation/${again.id}`, staff));
      expect(removed.calculation.some((l) => l.type === 'special')).toBe(false);
      expect(removed.total).toBe('462.00');
      expect(
        consistent(await w.t.post(`/api/bookings/${b.id}/calculation/refresh`, staff)).calculation.some(
          (l) => l.type === 'special',
        ),
      ).toBe(false);
      expectError(await w.t.post(`/api/bookings/${b.id}/special/999999`, staff), 404, 'NOT_FOUND');
    } finally {
      ok(await w.t.post(`/api/specials/${special.id}`, staff, { status: 'aborted' }));
    }
  });
});

describe('removeCancellationFee', () => {
  it('removes the fee line of a cancelled booking: fee 0, total 0', async () => {
    const b = await create({ state: 'confirmed' });
    const url = `/api/bookings/calculation/${b.id}/removeCancellationFee`;
    expectError(await w.t.del(url, staff), 409, 'INVALID_STATE');
    const cancelled = consistent(
      await w.t.post(`/api/bookings/${b.id}/cancell`, staff, { useTerms: false, percent: '30', value: '0' }),
    );
    expect(cents(cancelled.total)).toBeGreaterThan(0);
    expectError(await w.t.del(`${url}?version=1`, staff), 409, 'VERSION_CONFLICT');
    const goodwill = consistent(await w.t.del(url, staff));
    expect(goodwill.total).toBe('0.00');
    expect(goodwill.calculation.some((l) => l.customData.cancellationFee)).toBe(false);
    expect(ok(await w.t.get(`/api/bookings/${b.id}`, staff)).cancellation).toMatchObject({ fee: '0.00' });
    expectError(await w.t.del(url, staff), 409, 'INVALID_STATE');
    expectError(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, { type: 'cost', text: 'x' }),
      409,
      'INVALID_STATE',
    );
  });
});

describe('updatePaymentPolicy', () => {
  it('recomputes deposit and rest from the totals, keeping due dates that have passed', async () => {
    const b = await create({ state: 'confirmed' });
    const url = `/api/bookings/${b.id}/updatePaymentPolicy`;
    expectError(await w.t.post(url, agent), 403, 'FORBIDDEN');
    expectError(await w.t.post(`${url}?version=9`, staff), 409, 'VERSION_CONFLICT');
    const added = consistent(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, { type: 'cost', text: 'Boat', price: '38' }),
    );
    const deposit = line(added, (l) => l.type === 'deposit');
    const rest = line(added, (l) => l.type === 'rest');
    // A deposit whose due date has passed, with stale amounts (as after a price change).
    await w.db
      .update(calculationLines)
      .set({
        text: 'Deposit due 01.01.2020',
        price: '1.00',
        total: '1.00',
        customData: { ...deposit.customData, dueDate: '2020-01-01' },
      })
      .where(eq(calculationLines.id, deposit.id));
    const updated = consistent(await w.t.post(url, staff));
    expect(updated.total).toBe('500.00');
    const newDeposit = line(updated, (l) => l.type === 'deposit');
    const newRest = line(updated, (l) => l.type === 'rest');
    expect(newDeposit).toMatchObject({ total: '150.00', text: 'Deposit due 01.01.2020' });
    expect(newDeposit.customData.dueDate).toBe('2020-01-01');
    expect(newRest.total).toBe('350.00');
    expect(newRest.customData.dueDate).toBe(rest.customData.dueDate);
  });
});

describe('options', () => {
  it('an option is not billed until taken; taken, it is billed and survives reloadPrice; dropped, it is not', async () => {
    const b = await create();
    const before = consistent(b);
    const offered = consistent(
      await w.t.post(`/api/bookings/${b.id}/calculation`, staff, {
        type: 'option',
        text: 'Nitrox',
        amount: '5',
        price: '24',
      }),
    );
    expect(offered.total).toBe(before.total);
    const option = line(offered, (l) => l.type === 'option');
    const taken = consistent(
      await w.t.post(`/api/bookings/${b.id}/calculation/${option.id}`, staff, { type: 'cost' }),
    );
    expect(cents(taken.total)).toBe(cents(before.total) + 12_000);
    const reloaded = consistent(await w.t.post(`/api/bookings/${b.id}/reloadPrice`, staff));
    expect(line(reloaded, (l) => l.id === option.id).type).toBe('cost');
    const dropped = consistent(
      await w.t.post(`/api/bookings/${b.id}/calculation/${option.id}`, staff, { type: 'option' }),
    );
    expect(dropped.total).toBe(before.total);
  });
});
