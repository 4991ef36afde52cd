// The room, guest and stay calls of a booking: access (401/403, agents only guests and language on
// their own), the version check, input refusals with their field path, check-in/out rules, holds taken
// again (a taken room → NOT_AVAILABLE and the booking unchanged) and the recalculation.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, cents, ok, stayBody, type TWorld } from '../../../../test/booking-test-world.ts';
import { expectError } from '../../../../test/harness.ts';
import { today } from '../../../clock.ts';

let w: TWorld;
let staff: string;
let agent: string;

type TGuest = { id: number; customerId: number | null; variantId: number | null };
type TEntry = {
  id: number;
  roomId: number;
  from: string;
  to: string;
  locked: boolean;
  checkIn: string | null;
  checkOut: string | null;
  guests: TGuest[];
};
type TAnswer = {
  id: number;
  version: number;
  state: string;
  total: string;
  from: string;
  to: string;
  noOfPax: number;
  language: string;
  currency: string;
  agencyId: number | null;
  customerId: number | null;
  rooms: TEntry[];
};

const create = async (body: unknown, token = staff) =>
  ok(await w.t.post('/api/bookings', token, body), 201) as TAnswer;
const read = async (id: number) => ok(await w.t.get(`/api/bookings/${id}`, staff)) as TAnswer;
const post = (url: string, token = staff, body?: unknown, headers: Record<string, string> = {}) =>
  w.t.call('POST', `/api/bookings/${url}`, token, body, headers);
const del = (url: string, token = staff) => w.t.call('DELETE', `/api/bookings/${url}`, token);
const pathOf = (res: { json(): { details?: { path?: string }[] } }) => res.json().details?.[0]?.path;

/** A stay on a fresh room (P1 dates unless said), in `state`. */
async function stay(state = 'draft', extra: Record<string, unknown> = {}, guests: unknown[] = [{}, {}]) {
  return create(stayBody(await w.resortRoom(), { state, ...extra }, guests));
}

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff, agent } = w.tokens);
});
afterAll(() => w?.t.close());

describe('access, version and input', () => {
  it('answers 401 and 403 on every call', async () => {
    const b = await stay();
    const entry = b.rooms[0] as TEntry;
    const guest = entry.guests[0] as TGuest;
    const calls: [string, string][] = [
      ['POST', `${b.id}/checkin`],
      ['POST', `${b.id}/checkout`],
      ['POST', `${b.id}/lockUnlockRoom/${entry.id}`],
      ['POST', `${b.id}/changeTerms/${w.terms.resort}`],
      ['POST', `${b.id}/language/en`],
      ['POST', `${b.id}/agency/${w.agencyId}`],
      ['POST', `${b.id}/currency/USD`],
      ['POST', `${b.id}/variant/${entry.id}/${guest.id}?variantId=${w.double}`],
      ['POST', `${b.id}/changeCustomer?to=${w.guests.ben}&room=${entry.id}&idx=0`],
      ['DELETE', `removeCustomer/${entry.roomId}/0?idx=1&roomBookingId=${entry.id}`],
      ['DELETE', `removeRoom/${entry.roomId}?rb=${entry.id}`],
      ['POST', `${b.id}/rooms/${entry.roomId}/date?date=2041-03-30&roomBookingId=${entry.id}`],
    ];
    const reader = await w.t.account('reader@rooms.test', ['bookings.read']);
    for (const [method, url] of calls) {
      const full = `/api/bookings/${url}`;
      expectError(await w.t.call(method as 'POST', full, ''), 401, 'UNAUTHORIZED');
      expectError(await w.t.call(method as 'POST', full, w.tokens.customer), 403, 'FORBIDDEN');
      expectError(await w.t.call(method as 'POST', full, reader), 403, 'FORBIDDEN');
    }
    expectError(
      await post(`${b.id}/rooms`, '', {
        roomId: entry.roomId,
        from: '2041-03-29',
        to: '2041-04-02',
        guests: [{}],
      }),
      401,
      'UNAUTHORIZED',
    );
    expect((await read(b.id)).version).toBe(1);
  });

  it('checks the version (query, body or If-Match) and answers 404 for unknown bookings', async () => {
    const b = await stay();
    expectError(await post(`${b.id}/language/en?version=2`), 409, 'VERSION_CONFLICT');
    expectError(
      await post(`${b.id}/language/en`, staff, undefined, { 'if-match': 'x' }),
      400,
      'ValidationError',
    );
    const en = ok(await post(`${b.id}/language/en`, staff, undefined, { 'if-match': '"1"' })) as TAnswer;
    expect(en).toMatchObject({ language: 'en', version: 2 });
    expectError(await post(`${b.id}/language/de?version=1`), 409, 'VERSION_CONFLICT');
    expectError(await post('999999/language/de'), 404, 'NOT_FOUND');
    expectError(await del('removeRoom/1?rb=999999'), 404, 'NOT_FOUND');
  });

  it('refuses bad input with the field path and writes nothing', async () => {
    const b = await stay();
    const entry = b.rooms[0] as TEntry;
    expectError(await post(`${b.id}/language/fr`), 400, 'ValidationError');
    expectError(await post(`${b.id}/currency/euro`), 400, 'ValidationError');
    expectError(await post(`${b.id}/agency/999999`), 400, 'ValidationError');
    expectError(await post(`${b.id}/changeTerms/999999`), 404, 'NOT_FOUND');
    const noGuest = await post(`${b.id}/variant/${entry.id}/999999?variantId=${w.double}`);
    expectError(noGuest, 400, 'ValidationError');
    expect(pathOf(noGuest)).toBe('customer');
    const badVariant = await post(`${b.id}/variant/${entry.id}/${entry.guests[0]?.id}?variantId=999999`);
    expect(pathOf(badVariant)).toBe('variantId');
    const badIdx = await post(`${b.id}/changeCustomer?to=${w.guests.ben}&room=${entry.id}&idx=7`);
    expectError(badIdx, 400, 'ValidationError');
    expect(pathOf(badIdx)).toBe('idx');
    const badTo = await post(`${b.id}/changeCustomer?to=999999&room=${entry.id}&idx=0`);
    expect(pathOf(badTo)).toBe('to');
    const missing = await post(`${b.id}/changeCustomer?room=${entry.id}&idx=0`);
    expectError(missing, 400, 'ValidationError');
    const wrongRoom = await del(`removeRoom/${entry.roomId + 1000}?rb=${entry.id}`);
    expectError(wrongRoom, 400, 'ValidationError');
    const noDate = await post(`${b.id}/rooms/${entry.roomId}/date?roomBookingId=${entry.id}`);
    expect(pathOf(noDate)).toBe('date');
    const noEntry = await post(`${b.id}/rooms/${entry.roomId}/date?date=2041-03-30`);
    expect(pathOf(noEntry)).toBe('roomBookingId');
    const backwards = await post(`${b.id}/rooms/${entry.roomId}/date`, staff, {
      roomBookingId: entry.id,
      from: '2041-03-29',
      to: '2041-03-29',
    });
    expect(pathOf(backwards)).toBe('to');
    const badRoom = await post(`${b.id}/rooms`, staff, {
      roomId: 999_999,
      from: '2041-03-29',
      to: '2041-04-02',
      guests: [{}],
    });
    expect(pathOf(badRoom)).toBe('rooms.0.roomId');
    expect((await read(b.id)).version).toBe(1);
  });
});

describe('check-in and check-out', () => {
  it('only confirmed bookings from the day before arrival; check-out only when checked in', async () => {
    const draft = await stay();
    expectError(await post(`${draft.id}/checkin`), 409, 'INVALID_STATE');
    // Confirmed but arriving in 2041: too early.
    const early = await stay('confirmed', { force: true });
    expectError(await post(`${early.id}/checkin`), 409, 'INVALID_STATE');
    expectError(await post(`${early.id}/checkout`), 409, 'INVALID_STATE');

    const day = today();
    const tomorrow = new Date(`${day}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const from = tomorrow.toISOString().slice(0, 10);
    const later = new Date(tomorrow.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const room = await w.resortRoom();
    const second = await w.resortRoom();
    const b = await create({
      state: 'confirmed',
      force: true,
      rooms: [
        { roomId: room, from, to: later, guests: [{}] },
        { roomId: second, from, to: later, guests: [{}] },
      ],
    });
    const [first, other] = b.rooms as [TEntry, TEntry];
    const one = ok(await post(`${b.id}/checkin`, staff, { roomBookingId: first.id, version: 1 })) as TAnswer;
    expect(one.rooms.find((e) => e.id === first.id)?.checkIn).not.toBeNull();
    expect(one.rooms.find((e) => e.id === other.id)?.checkIn).toBeNull();
    expectError(await post(`${b.id}/checkin?roomBookingId=${first.id}`), 409, 'INVALID_STATE');
    expectError(await post(`${b.id}/checkout?roomBookingId=${other.id}`), 409, 'INVALID_STATE');
    const all = ok(await post(`${b.id}/checkin`)) as TAnswer;
    expect(all.rooms.every((e) => e.checkIn !== null)).toBe(true);
    const out = ok(await post(`${b.id}/checkout?version=${all.version}`)) as TAnswer;
    expect(out.rooms.every((e) => e.checkOut !== null)).toBe(true);
    expectError(await post(`${b.id}/checkout`), 409, 'INVALID_STATE');
    expect(out.version).toBe(4);
  });
});

describe('booking fields', () => {
  it('locks and unlocks a room entry', async () => {
    const b = await stay();
    const entry = b.rooms[0] as TEntry;
    const locked = ok(await post(`${b.id}/lockUnlockRoom/${entry.id}`)) as TAnswer;
    expect(locked.rooms[0]?.locked).toBe(true);
    const unlocked = ok(await post(`${b.id}/lockUnlockRoom/${entry.id}`)) as TAnswer;
    expect(unlocked).toMatchObject({ version: 3, rooms: [{ locked: false }] });
    expectError(await post(`${b.id}/lockUnlockRoom/999999`), 400, 'ValidationError');
  });

  it('changes terms, language, agency and currency with a recalculation', async () => {
    const b = await stay();
    const terms = ok(await post(`${b.id}/changeTerms/${w.terms.liveaboard}`)) as TAnswer & {
      termsOfPayment: { name?: string } | null;
    };
    expect(terms.version).toBe(2);
    expect(ok(await w.t.get(`/api/terms/calculate/${b.id}`, staff)).terms?.name).toBe('Liveaboard standard');
    const agency = ok(await post(`${b.id}/agency/${w.agencyId}`)) as TAnswer & { commission: string };
    expect(agency.agencyId).toBe(w.agencyId);
    expect(cents(agency.commission)).toBeGreaterThan(0);
    const lang = ok(await post(`${b.id}/language/en`)) as TAnswer;
    expect(lang.language).toBe('en');
    const usd = ok(await post(`${b.id}/currency/USD`)) as TAnswer;
    expect(usd).toMatchObject({ currency: 'USD', version: 5 });
  });
});

describe('guests', () => {
  it('sets a guest variant', async () => {
    const b = await stay();
    const entry = b.rooms[0] as TEntry;
    const guest = entry.guests[1] as TGuest;
    const set = ok(
      await post(`${b.id}/variant/${entry.id}/${guest.id}`, staff, { variantId: w.double }),
    ) as TAnswer;
    expect(set.rooms[0]?.guests.find((g) => g.id === guest.id)?.variantId).toBe(w.double);
    const cleared = ok(
      await post(`${b.id}/variant/${entry.id}/${guest.id}`, staff, { variantId: null }),
    ) as TAnswer;
    expect(cleared.rooms[0]?.guests.find((g) => g.id === guest.id)?.variantId).toBeNull();
  });

  it('replaces a guest customer and refuses a wrong `from`', async () => {
    const b = await stay('planned');
    const entry = b.rooms[0] as TEntry;
    expectError(
      await post(`${b.id}/changeCustomer?from=${w.guests.ana}&to=${w.guests.ben}&room=${entry.id}&idx=0`),
      400,
      'ValidationError',
    );
    const changed = ok(
      await post(`${b.id}/changeCustomer?to=${w.guests.ben}&room=${entry.id}&idx=0`),
    ) as TAnswer;
    expect(changed.rooms[0]?.guests[0]?.customerId).toBe(w.guests.ben);
    expect(changed.customerId).toBe(w.guests.ben);
    expect((await w.held({ bookingId: b.id })).holding).toHaveLength(1);
  });

  it('removes a guest (the price goes down) but never the last one of a room', async () => {
    const b = await stay('draft', {}, [{ customerId: w.guests.ben }, { customerId: w.guests.kid }]);
    const entry = b.rooms[0] as TEntry;
    const before = cents(b.total);
    const gone = ok(
      await del(`removeCustomer/${entry.roomId}/${w.guests.kid}?idx=1&roomBookingId=${entry.id}`),
    ) as TAnswer;
    expect(gone.rooms[0]?.guests).toHaveLength(1);
    expect(gone.noOfPax).toBe(1);
    expect(cents(gone.total)).toBeLessThan(before);
    const last = await del(`removeCustomer/${entry.roomId}/${w.guests.ben}?roomBookingId=${entry.id}`);
    expectError(last, 400, 'ValidationError');
    expect((await read(b.id)).version).toBe(2);
  });
});

describe('rooms and dates', () => {
  it('adds and removes rooms; the last room stays; a taken room is NOT_AVAILABLE', async () => {
    const b = await stay('planned');
    const taken = await stay('confirmed');
    const takenRoom = taken.rooms[0]?.roomId as number;
    const refused = await post(`${b.id}/rooms`, staff, {
      roomId: takenRoom,
      from: '2041-03-29',
      to: '2041-04-02',
      guests: [{}],
    });
    expectError(refused, 409, 'NOT_AVAILABLE');
    expect((await read(b.id)).rooms).toHaveLength(1);
    const room = await w.resortRoom();
    const added = ok(
      await post(`${b.id}/rooms?version=1`, staff, {
        roomId: room,
        from: '2041-03-30',
        to: '2041-04-03',
        guests: [{}, {}],
      }),
    ) as TAnswer;
    expect(added.rooms).toHaveLength(2);
    expect(added).toMatchObject({ to: '2041-04-03', noOfPax: 4, version: 2 });
    expect(cents(added.total)).toBeGreaterThan(cents(b.total));
    expect((await w.held({ bookingId: b.id })).holding).toHaveLength(2);
    const second = added.rooms.find((e) => e.roomId === room) as TEntry;
    const removed = ok(await del(`removeRoom/${room}?rb=${second.id}`)) as TAnswer;
    expect(removed.rooms).toHaveLength(1);
    expect(removed).toMatchObject({ to: '2041-04-02', noOfPax: 2, total: b.total });
    expect((await w.held({ roomId: room })).holding).toHaveLength(0);
    const only = removed.rooms[0] as TEntry;
    expectError(await del(`removeRoom/${only.roomId}?rb=${only.id}`), 400, 'ValidationError');
  });

  it('moves a stay; onto a taken night it answers NOT_AVAILABLE and nothing changes', async () => {
    const room = await w.resortRoom();
    const b = await create(stayBody(room, { state: 'planned' }));
    await create({
      state: 'confirmed',
      rooms: [{ roomId: room, from: '2041-04-05', to: '2041-04-08', guests: [{}, {}] }],
    });
    const entry = b.rooms[0] as TEntry;
    const refused = await post(`${b.id}/rooms/${room}/date?date=2041-04-03&roomBookingId=${entry.id}`);
    expectError(refused, 409, 'NOT_AVAILABLE');
    const unchanged = await read(b.id);
    expect(unchanged).toMatchObject({ version: 1, from: '2041-03-29', to: '2041-04-02', total: b.total });
    const moved = ok(
      await post(`${b.id}/rooms/${room}/date`, staff, {
        roomBookingId: entry.id,
        from: '2041-03-30',
        to: '2041-04-05',
      }),
    ) as TAnswer;
    expect(moved).toMatchObject({ from: '2041-03-30', to: '2041-04-05', version: 2 });
    expect(moved.rooms[0]).toMatchObject({ from: '2041-03-30', to: '2041-04-05' });
    const [hold] = (await w.held({ bookingId: b.id })).holding;
    expect(hold).toMatchObject({ from: '2041-03-30', to: '2041-04-05' });
  });
  it('a dry run answers the moved stay with its new price and changes nothing (dates and room)', async () => {
    const other = await w.resortRoom();
    const b = await stay('planned');
    const entry = b.rooms[0] as TEntry;
    const room = entry.roomId;
    const preview = ok(
      await post(`${b.id}/rooms/${room}/date?dryRun=1`, staff, {
        roomBookingId: entry.id,
        from: '2041-03-29',
        to: '2041-04-05',
        version: b.version,
      }),
    ) as TAnswer;
    expect(preview).toMatchObject({ from: '2041-03-29', to: '2041-04-05' });
    expect(cents(preview.total)).toBeGreaterThan(cents(b.total));
    const roomPreview = ok(
      await post(`${b.id}/changeRoom?dryRun=1`, staff, { roomBookingId: entry.id, roomId: other }),
    ) as TAnswer;
    expect(roomPreview.rooms[0]?.roomId).toBe(other);
    // Nothing was written: no version, the same dates, room and holds.
    const unchanged = await read(b.id);
    expect(unchanged).toMatchObject({ version: b.version, from: b.from, to: b.to, total: b.total });
    expect(unchanged.rooms[0]?.roomId).toBe(room);
    const [hold] = (await w.held({ bookingId: b.id })).holding;
    expect(hold).toMatchObject({ from: b.from, to: b.to });
    // A dry run onto taken nights is refused as the move would be.
    await create(stayBody(other, { state: 'confirmed' }));
    expectError(
      await post(`${b.id}/changeRoom?dryRun=1`, staff, { roomBookingId: entry.id, roomId: other }),
      409,
      'NOT_AVAILABLE',
    );
  });
});

describe('prices and force', () => {
  it('refuses a move without a price (NO_PRICE) unless staff force; a forced booking still changes', async () => {
    const b = await stay('planned');
    const entry = b.rooms[0] as TEntry;
    const url = `${b.id}/rooms/${entry.roomId}/date?date=2042-03-01&roomBookingId=${entry.id}`;
    expectError(await post(url), 409, 'NO_PRICE');
    expect((await read(b.id)).from).toBe('2041-03-29');
    expectError(await post(`${url}&force=true`, agent), 403, 'FORBIDDEN');
    // The spec sends the force flag as 1 or 0; anything else is refused.
    expectError(await post(`${url}&force=yes`), 400, 'ValidationError');
    expectError(await post(`${url}&force=0`), 409, 'NO_PRICE');
    const forced = ok(await post(`${url}&force=1`)) as TAnswer;
    expect(forced).toMatchObject({ from: '2042-03-01', to: '2042-03-05', version: 2 });
    // Without a price already: other changes do not need force again.
    expect((ok(await post(`${b.id}/language/en`)) as TAnswer).language).toBe('en');
  });

  it('removes a placeholder guest by customer 0 and its position', async () => {
    const b = await stay();
    const entry = b.rooms[0] as TEntry;
    const gone = ok(await del(`removeCustomer/${entry.roomId}/0?idx=0&roomBookingId=${entry.id}`)) as TAnswer;
    expect(gone.rooms[0]?.guests.map((g) => g.id)).toEqual([entry.guests[1]?.id]);
    const mismatch = await del(
      `removeCustomer/${entry.roomId}/${w.guests.ben}?idx=0&roomBookingId=${entry.id}`,
    );
    expectError(mismatch, 400, 'ValidationError');
  });
});

describe('agents', () => {
  it('change guests and language on their own bookings, nothing else', async () => {
    const own = await create(stayBody(await w.resortRoom()), agent);
    const entry = own.rooms[0] as TEntry;
    const lang = ok(await post(`${own.id}/language/en`, agent)) as TAnswer;
    expect(lang.language).toBe('en');
    const guest = ok(
      await post(`${own.id}/changeCustomer?to=${w.guests.ana}&room=${entry.id}&idx=0`, agent),
    ) as TAnswer;
    expect(guest.rooms[0]?.guests[0]?.customerId).toBe(w.guests.ana);
    // A customer of another agency is not theirs to name.
    const foreign = await post(`${own.id}/changeCustomer?to=${w.guests.ben}&room=${entry.id}&idx=1`, agent);
    expectError(foreign, 400, 'ValidationError');
    for (const url of [
      `${own.id}/currency/USD`,
      `${own.id}/agency/${w.agencyId}`,
      `${own.id}/changeTerms/${w.terms.resort}`,
      `${own.id}/lockUnlockRoom/${entry.id}`,
      `${own.id}/checkin`,
    ])
      expectError(await post(url, agent), 403, 'FORBIDDEN');
    expectError(await del(`removeRoom/${entry.roomId}?rb=${entry.id}`, agent), 403, 'FORBIDDEN');
    const others = await stay();
    expectError(await post(`${others.id}/language/en`, agent), 404, 'NOT_FOUND');
    const otherEntry = others.rooms[0] as TEntry;
    expectError(
      await del(`removeCustomer/${otherEntry.roomId}/0?idx=1&roomBookingId=${otherEntry.id}`, agent),
      404,
      'NOT_FOUND',
    );
    expect((await read(own.id)).version).toBe(3);
  });
});
