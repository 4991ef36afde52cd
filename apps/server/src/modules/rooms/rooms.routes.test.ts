// Rooms and cabins: the generic calls with the placement rules (asset, room type, deck), the recounted
// beds, sort 9999, asset visibility, housekeeping and usage states, blocks and the delete guard.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import {
  occupancy,
  resorts,
  roomBlocks,
  rooms,
  roomTypes,
  users,
  vesselDecks,
  vessels,
} from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
/** resort.read only. */
let reader: string;
/** resort.read and resort.update, no vessel scopes. */
let resortOnly: string;
/** resort.read/update limited to the second resort by the user's resorts list. */
let limited: string;

const ids = {
  reef: 0,
  lagoon: 0,
  ship: 0,
  otherShip: 0,
  deck: 0,
  otherDeck: 0,
  reefType: 0,
  lagoonType: 0,
  shipType: 0,
};

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};

const bed = (internalId: string, active = true) => ({ internalId, active, type: 'single' });

async function insertOne<T extends { id: number }>(rows: Promise<T[]>) {
  const [row] = await rows;
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

async function fixtures() {
  const db = t.database.db;
  ids.reef = await insertOne(db.insert(resorts).values({ name: 'Reef Resort', sort: 2 }).returning());
  ids.lagoon = await insertOne(db.insert(resorts).values({ name: 'Lagoon Lodge', sort: 1 }).returning());
  ids.ship = await insertOne(db.insert(vessels).values({ name: 'MV Manta' }).returning());
  ids.otherShip = await insertOne(db.insert(vessels).values({ name: 'MV Other' }).returning());
  ids.deck = await insertOne(db.insert(vesselDecks).values({ vesselId: ids.ship, name: 'Main' }).returning());
  ids.otherDeck = await insertOne(
    db.insert(vesselDecks).values({ vesselId: ids.otherShip, name: 'Upper' }).returning(),
  );
  ids.reefType = await insertOne(
    db.insert(roomTypes).values({ name: 'Bungalow', resortId: ids.reef }).returning(),
  );
  ids.lagoonType = await insertOne(
    db.insert(roomTypes).values({ name: 'Villa', resortId: ids.lagoon }).returning(),
  );
  ids.shipType = await insertOne(
    db.insert(roomTypes).values({ name: 'Twin cabin', vesselId: ids.ship }).returning(),
  );
}

async function restrictedAccount(email: string, scopes: string[], resortIds: number[]) {
  await t.account(email, scopes);
  await t.database.db.update(users).set({ resorts: resortIds }).where(eq(users.email, email));
  return t.login(email, ACCOUNT_PASSWORD);
}

const createRoom = async (body: Record<string, unknown>, token = staff) =>
  ok(await t.post('/api/rooms', token, body), 201).json();

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, customer } = await t.demoTokens('admin', 'staff', 'customer'));
  await fixtures();
  reader = await t.account('reader@rooms.test', ['resort.read']);
  resortOnly = await t.account('resort@rooms.test', ['resort.read', 'resort.update']);
  limited = await restrictedAccount('limited@rooms.test', ['resort.read', 'resort.update'], [ids.lagoon]);
});
afterAll(() => t?.close());

describe('access', () => {
  let roomId: number;
  beforeAll(async () => {
    roomId = (await createRoom({ name: 'Access 1', resortId: ids.reef })).id;
  });

  it('answers 401 without login and 403 to a customer', async () => {
    for (const url of [
      '/api/rooms',
      `/api/rooms/${roomId}`,
      '/api/rooms/resort',
      `/api/rooms/roomtype/${ids.reefType}`,
    ]) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
    expectError(
      await t.post('/api/rooms', undefined, { name: 'x', resortId: ids.reef }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await t.post(`/api/rooms/${roomId}/state/dirty`, customer), 403, 'FORBIDDEN');
  });

  it('a reader reads but does not write', async () => {
    ok(await t.get(`/api/rooms/${roomId}`, reader));
    expectError(await t.post('/api/rooms', reader, { name: 'x', resortId: ids.reef }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/rooms/${roomId}`, reader, { name: 'x' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/rooms/${roomId}/state/dirty`, reader), 403, 'FORBIDDEN');
    expectError(
      await t.post('/api/rooms/addBlocker', reader, {
        roomId,
        kind: 'Event',
        from: '2031-01-01',
        to: '2031-01-02',
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('a vessel cabin needs vessel.update: resort scopes alone answer 403', async () => {
    expectError(await t.post('/api/rooms', resortOnly, { name: 'C1', vesselId: ids.ship }), 403, 'FORBIDDEN');
    ok(await t.post('/api/rooms', resortOnly, { name: 'R1', resortId: ids.reef }), 201);
  });

  it('without vessel.read, cabins are not visible (404) and not listed', async () => {
    const cabin = await createRoom({ name: 'Hidden cabin', vesselId: ids.ship });
    expectError(await t.get(`/api/rooms/${cabin.id}`, reader), 404, 'NOT_FOUND');
    const list = ok(await t.get('/api/rooms?size=0', reader)).json();
    expect(list.data.some((r: { vesselId: number | null }) => r.vesselId !== null)).toBe(false);
  });

  it('a user with a resorts list sees and writes only those resorts', async () => {
    const lagoonRoom = await createRoom({ name: 'Lagoon 1', resortId: ids.lagoon });
    const list = ok(await t.get('/api/rooms?size=0', limited)).json();
    expect(list.data.length).toBeGreaterThan(0);
    for (const room of list.data) expect(room.resortId).toBe(ids.lagoon);
    ok(await t.get(`/api/rooms/${lagoonRoom.id}`, limited));
    expectError(await t.get(`/api/rooms/${roomId}`, limited), 404, 'NOT_FOUND');
    expectError(await t.post('/api/rooms', limited, { name: 'x', resortId: ids.reef }), 403, 'FORBIDDEN');
    const pickers = ok(await t.get('/api/rooms/resort', limited)).json();
    expect(pickers.map((r: { resortId: number }) => r.resortId)).toEqual([ids.lagoon]);
  });
});

describe('create and update rules', () => {
  it('creates a room with defaults: type by asset, sort 9999, beds counted, names expanded', async () => {
    const room = await createRoom({
      name: 'Bungalow 1',
      resortId: ids.reef,
      roomTypeId: ids.reefType,
      availableBeds: 42,
      configuration: { beds: [bed('A'), bed('B'), bed('C', false)] },
    });
    expect(room).toMatchObject({
      type: 'Room',
      sort: 9999,
      availableBeds: 2,
      roomTypeName: 'Bungalow',
      assetName: 'Reef Resort',
      housekeeping: 'clean',
      usageState: 'free',
      blocked: [],
      configuration: { maxNoOfPax: 2, minNoOfPax: 1, defaultNoOfPax: 2 },
    });
    const cabin = await createRoom({ name: 'Cabin 1', vesselId: ids.ship, deckId: ids.deck, sort: -5 });
    expect(cabin).toMatchObject({ type: 'Cabin', sort: 9999, deckId: ids.deck, assetName: 'MV Manta' });
  });

  it('recounts availableBeds on every save and replaces the configuration as a whole', async () => {
    const room = await createRoom({
      name: 'Dorm',
      resortId: ids.reef,
      configuration: { beds: [bed('1'), bed('2')] },
    });
    const changed = ok(
      await t.post(`/api/rooms/${room.id}`, staff, {
        availableBeds: 9,
        configuration: { maxNoOfPax: 4, beds: [bed('1'), bed('2'), bed('3'), bed('4', false)] },
      }),
    ).json();
    expect(changed.availableBeds).toBe(3);
    expect(changed.configuration).toMatchObject({ maxNoOfPax: 4, single: false });
    // A client value alone changes nothing.
    expect(ok(await t.post(`/api/rooms/${room.id}`, staff, { availableBeds: 0 })).json().availableBeds).toBe(
      3,
    );
    const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(row?.availableBeds).toBe(3);
  });

  it.each([
    ['no asset', () => ({ name: 'x' })],
    ['both assets', () => ({ name: 'x', resortId: ids.reef, vesselId: ids.ship })],
    ['min above default pax', () => ({ configuration: { minNoOfPax: 3, defaultNoOfPax: 2, maxNoOfPax: 4 } })],
    ['default above max pax', () => ({ configuration: { defaultNoOfPax: 5, maxNoOfPax: 4 } })],
    ['a bed internalId twice', () => ({ configuration: { beds: [bed('A'), bed('A')] } })],
    ['an unknown housekeeping state', () => ({ housekeeping: 'sparkling' })],
    ['a deck position out of range', () => ({ deckPosition: { x: 120, y: 5 } })],
  ])('answers 400 for %s', async (label, body) => {
    const withAsset = label.includes('asset') ? body() : { name: 'x', resortId: ids.reef, ...body() };
    expectError(await t.post('/api/rooms', staff, withAsset), 400, 'ValidationError');
  });

  it('refuses a room type of another asset and a deck of another vessel', async () => {
    expectError(
      await t.post('/api/rooms', staff, { name: 'x', resortId: ids.reef, roomTypeId: ids.lagoonType }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/rooms', staff, { name: 'x', vesselId: ids.ship, roomTypeId: ids.reefType }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/rooms', staff, { name: 'x', vesselId: ids.ship, deckId: ids.otherDeck }),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/rooms', staff, { name: 'x', resortId: ids.reef, deckId: ids.deck }),
      400,
      'ValidationError',
    );
    expectError(await t.post('/api/rooms', staff, { name: 'x', resortId: 999_999 }), 400, 'ValidationError');
  });

  it('moving a room to another asset re-checks its room type', async () => {
    const room = await createRoom({ name: 'Mover', resortId: ids.reef, roomTypeId: ids.reefType });
    expectError(
      await t.post(`/api/rooms/${room.id}`, staff, { resortId: ids.lagoon }),
      400,
      'ValidationError',
    );
    const moved = ok(
      await t.post(`/api/rooms/${room.id}`, staff, { resortId: ids.lagoon, roomTypeId: ids.lagoonType }),
    ).json();
    expect(moved).toMatchObject({
      resortId: ids.lagoon,
      roomTypeId: ids.lagoonType,
      assetName: 'Lagoon Lodge',
    });
  });

  it('places a cabin on its deck with a partial update', async () => {
    const cabin = await createRoom({ name: 'Cabin 7', vesselId: ids.ship, roomTypeId: ids.shipType });
    const placed = ok(
      await t.post(`/api/rooms/${cabin.id}`, staff, { deckId: ids.deck, deckPosition: { x: 12.5, y: 40 } }),
    ).json();
    expect(placed).toMatchObject({ name: 'Cabin 7', deckId: ids.deck, deckPosition: { x: 12.5, y: 40 } });
    expect(placed.roomTypeId).toBe(ids.shipType);
  });

  it('answers 404 for an unknown room', async () => {
    expectError(await t.get('/api/rooms/999999', staff), 404, 'NOT_FOUND');
    expectError(await t.post('/api/rooms/999999', staff, { name: 'x' }), 404, 'NOT_FOUND');
  });
});

describe('lists', () => {
  it('sorts by sort (negative = 9999) and then name', async () => {
    await createRoom({ name: 'Zeta', resortId: ids.lagoon, sort: 1 });
    await createRoom({ name: 'Alpha', resortId: ids.lagoon, sort: 1 });
    await createRoom({ name: 'Beta', resortId: ids.lagoon, sort: 0 });
    const filter = encodeURIComponent(JSON.stringify({ resortId: ids.lagoon }));
    const list = ok(await t.get(`/api/rooms?size=0&sort=sort&filter=${filter}`, staff)).json();
    const names = list.data.map((r: { name: string }) => r.name);
    expect(names.slice(0, 3)).toEqual(['Beta', 'Alpha', 'Zeta']);
    for (const room of list.data.slice(3)) expect(room.sort).toBe(9999);
  });

  it('lists the resorts with their rooms for pickers, resorts by sort then name', async () => {
    const pickers = ok(await t.get('/api/rooms/resort', staff)).json();
    const mine = pickers.filter(
      (r: { resortId: number }) => r.resortId === ids.reef || r.resortId === ids.lagoon,
    );
    expect(mine.map((r: { name: string }) => r.name)).toEqual(['Lagoon Lodge', 'Reef Resort']);
    expect(mine[0].rooms.slice(0, 3).map((r: { name: string }) => r.name)).toEqual(['Beta', 'Alpha', 'Zeta']);
    expect(mine[0].rooms[0]).toEqual({
      id: expect.any(Number),
      name: 'Beta',
      roomTypeId: null,
      sort: 0,
      isActive: true,
    });
  });

  it('lists the rooms of a room type; an unknown type answers 404', async () => {
    const rows = ok(await t.get(`/api/rooms/roomtype/${ids.reefType}`, staff)).json();
    expect(rows.length).toBeGreaterThan(0);
    for (const room of rows) expect(room.roomTypeId).toBe(ids.reefType);
    expectError(await t.get('/api/rooms/roomtype/999999', staff), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/rooms/roomtype/${ids.shipType}`, reader), 404, 'NOT_FOUND');
  });
});

describe('states', () => {
  let roomId: number;
  beforeAll(async () => {
    roomId = (await createRoom({ name: 'State room', resortId: ids.reef })).id;
  });

  it('sets the housekeeping or the usage state by value', async () => {
    expect(ok(await t.post(`/api/rooms/${roomId}/state/dirty`, staff)).json()).toMatchObject({
      housekeeping: 'dirty',
      usageState: 'free',
    });
    expect(ok(await t.post(`/api/rooms/${roomId}/state/occupied`, staff)).json()).toMatchObject({
      housekeeping: 'dirty',
      usageState: 'occupied',
    });
  });

  it('sets several states at once', async () => {
    const room = ok(await t.post(`/api/rooms/${roomId}/state?states=inspected,departing`, staff)).json();
    expect(room).toMatchObject({ housekeeping: 'inspected', usageState: 'departing' });
    // States are the current condition only: no block for future dates.
    expect(room.blocked).toEqual([]);
    const blocks = await t.database.db.select().from(roomBlocks).where(eq(roomBlocks.roomId, roomId));
    expect(blocks).toEqual([]);
  });

  it('answers 400 for unknown or conflicting states and 404 for an unknown room', async () => {
    expectError(await t.post(`/api/rooms/${roomId}/state/sparkling`, staff), 400, 'ValidationError');
    expectError(await t.post(`/api/rooms/${roomId}/state?states=clean,nope`, staff), 400, 'ValidationError');
    expectError(await t.post(`/api/rooms/${roomId}/state?states=`, staff), 400, 'ValidationError');
    expectError(await t.post(`/api/rooms/${roomId}/state?states=clean,dirty`, staff), 400, 'ValidationError');
    expectError(await t.post('/api/rooms/999999/state/clean', staff), 404, 'NOT_FOUND');
    const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, roomId));
    expect(row?.housekeeping).toBe('inspected');
  });
});

describe('blocks', () => {
  let a: number;
  let b: number;
  beforeAll(async () => {
    a = (await createRoom({ name: 'Block A', resortId: ids.reef })).id;
    b = (await createRoom({ name: 'Block B', resortId: ids.reef })).id;
  });

  it('adds one block per room and shows current and future ones in `blocked`', async () => {
    const blocks = ok(
      await t.post('/api/rooms/addBlocker', staff, {
        roomIds: [a, b],
        kind: 'Maintanance',
        from: '2031-03-01',
        to: '2031-03-05',
        reason: 'Paint',
      }),
      201,
    ).json();
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({
      kind: 'Maintanance',
      from: '2031-03-01',
      to: '2031-03-05',
      reason: 'Paint',
    });
    // A past block is not in the answer.
    await t.database.db
      .insert(roomBlocks)
      .values({ roomId: a, kind: 'Event', from: '2001-01-01', to: '2001-01-03' });
    const room = ok(await t.get(`/api/rooms/${a}`, staff)).json();
    expect(room.blocked.map((x: { from: string }) => x.from)).toEqual(['2031-03-01']);
    const list = ok(
      await t.get(
        `/api/rooms?size=0&filter=${encodeURIComponent(JSON.stringify({ id: { $in: [a, b] } }))}`,
        staff,
      ),
    ).json();
    for (const row of list.data) expect(row.blocked).toHaveLength(1);
  });

  it('allows overlapping blocks and a single roomId', async () => {
    ok(
      await t.post('/api/rooms/addBlocker', staff, {
        roomId: a,
        kind: 'OutOfOrder',
        from: '2031-03-02',
        to: '2031-03-03',
      }),
      201,
    );
    expect(ok(await t.get(`/api/rooms/${a}`, staff)).json().blocked).toHaveLength(2);
  });

  it.each([
    ['from not before to', { roomId: 1, kind: 'Event', from: '2031-03-05', to: '2031-03-05' }],
    ['an unknown kind', { roomId: 1, kind: 'Maintenance', from: '2031-03-01', to: '2031-03-02' }],
    ['no room', { kind: 'Event', from: '2031-03-01', to: '2031-03-02' }],
    ['a bad date', { roomId: 1, kind: 'Event', from: '2031-02-30', to: '2031-03-02' }],
  ])('answers 400 for %s', async (_label, body) => {
    expectError(await t.post('/api/rooms/addBlocker', staff, body), 400, 'ValidationError');
  });

  it('answers 404 for an unknown room and writes nothing', async () => {
    const before = await t.database.db.select().from(roomBlocks);
    expectError(
      await t.post('/api/rooms/addBlocker', staff, {
        roomIds: [a, 999_999],
        kind: 'Event',
        from: '2031-04-01',
        to: '2031-04-02',
      }),
      404,
      'NOT_FOUND',
    );
    expect(await t.database.db.select().from(roomBlocks)).toHaveLength(before.length);
  });

  it('removes blocks by id or ids; unknown ids answer 404', async () => {
    const blocked = ok(await t.get(`/api/rooms/${b}`, staff)).json().blocked;
    ok(await t.post('/api/rooms/removeBlocker', staff, { id: blocked[0].id }));
    expect(ok(await t.get(`/api/rooms/${b}`, staff)).json().blocked).toEqual([]);
    expectError(await t.post('/api/rooms/removeBlocker', staff, { id: blocked[0].id }), 404, 'NOT_FOUND');
    const left = ok(await t.get(`/api/rooms/${a}`, staff))
      .json()
      .blocked.map((x: { id: number }) => x.id);
    ok(await t.post('/api/rooms/removeBlocker', staff, { ids: left }));
    expect(ok(await t.get(`/api/rooms/${a}`, staff)).json().blocked).toEqual([]);
    expectError(await t.post('/api/rooms/removeBlocker', staff, {}), 400, 'ValidationError');
  });
});

describe('delete', () => {
  it('deletes a free room and refuses one with occupancy (409 IN_USE)', async () => {
    const free = await createRoom({ name: 'Free', resortId: ids.reef });
    ok(await t.del(`/api/rooms/${free.id}`, staff));
    expectError(await t.get(`/api/rooms/${free.id}`, staff), 404, 'NOT_FOUND');

    const held = await createRoom({ name: 'Held', resortId: ids.reef });
    await t.database.db
      .insert(occupancy)
      .values({ roomId: held.id, from: '2031-05-01', to: '2031-05-08', state: 'confirmed', holds: true });
    expectError(await t.del(`/api/rooms/${held.id}`, staff), 409, 'IN_USE');
    ok(await t.get(`/api/rooms/${held.id}`, admin));
  });

  it('copies a room with a write scope of its asset only', async () => {
    const cabin = await createRoom({
      name: 'Copy me',
      vesselId: ids.ship,
      configuration: { beds: [bed('1')] },
    });
    expectError(await t.post(`/api/rooms/${cabin.id}/copy`, resortOnly), 404, 'NOT_FOUND');
    const copy = ok(await t.post(`/api/rooms/${cabin.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Copy me', availableBeds: 1, vesselId: ids.ship });
    expect(copy.id).not.toBe(cabin.id);
  });
});
