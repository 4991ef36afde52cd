import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { occupancy, resorts, rooms, schedules, tours, vessels } from '../../db/schema.ts';

let t: TTestApp;
let tokens: { admin: string; staff: string; agent: string; customer: string };
let resortId: number;
let roomId: number;
let vesselId: number;
let scheduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.demoTokens('admin', 'staff', 'agent', 'customer');
  const db = t.database.db;
  const [resort] = await db.insert(resorts).values({ name: 'Route Resort' }).returning();
  resortId = resort?.id ?? 0;
  const [room] = await db
    .insert(rooms)
    .values({ name: 'R1', resortId, configuration: { beds: [] } })
    .returning();
  roomId = room?.id ?? 0;
  await db
    .insert(occupancy)
    .values({ roomId, from: '2027-01-02', to: '2027-01-03', state: 'confirmed', holds: true, bookingId: 77 });
  const [vessel] = await db.insert(vessels).values({ name: 'Route Vessel' }).returning();
  vesselId = vessel?.id ?? 0;
  const [tour] = await db.insert(tours).values({ name: 'Route Tour', vesselId }).returning();
  const [schedule] = await db
    .insert(schedules)
    .values({ tourId: tour?.id ?? 0, vesselId, from: '2027-02-06', to: '2027-02-13' })
    .returning();
  scheduleId = schedule?.id ?? 0;
});
afterAll(async () => t.close());

const resortUrl = (id = resortId) => `/api/rooms/available/${id}?from=2027-01-01&to=2027-01-04`;

describe('GET /api/rooms/available/{id}', () => {
  it('needs a login and an inventory, booking or agency scope', async () => {
    expectError(await t.get(resortUrl()), 401, 'UNAUTHORIZED');
    expectError(await t.get(resortUrl(), tokens.customer), 403, 'FORBIDDEN');
    const noScope = await t.account('noscope-availability@example.com', ['settings.read']);
    expectError(await t.get(resortUrl(), noScope), 403, 'FORBIDDEN');
  });

  it('answers free rooms per night to staff, with the holds', async () => {
    const res = await t.get(resortUrl(), tokens.staff);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.nights).toEqual(['2027-01-01', '2027-01-02', '2027-01-03']);
    expect(body.rooms[0]).toMatchObject({
      id: roomId,
      free: false,
      holds: [{ bookingId: 77, state: 'confirmed' }],
    });
    expect(body.roomTypes[0]).toMatchObject({ roomTypeId: null, rooms: 1, free: [1, 0, 1], freeForStay: 0 });
  });

  it('shows agents what is free but not whose holds they are', async () => {
    const res = await t.get(`${resortUrl()}&channel=staff`, tokens.agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ channel: 'agency', rooms: [{ id: roomId, free: false, holds: [] }] });
  });

  it('answers a departure per cabin with its vessel id', async () => {
    const res = await t.get(`/api/rooms/available/${vesselId}?schedule=${scheduleId}`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scheduleId, vesselId, bookable: true, cabins: 0 });
    expectError(
      await t.get(`/api/rooms/available/${vesselId + 1}?schedule=${scheduleId}`, tokens.admin),
      400,
      'ValidationError',
    );
    expectError(
      await t.get(`/api/rooms/available/${vesselId}?schedule=999999`, tokens.admin),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses bad input with 4xx', async () => {
    expectError(await t.get(`/api/rooms/available/${resortId}`, tokens.staff), 400, 'ValidationError');
    expectError(
      await t.get(`/api/rooms/available/${resortId}?from=2027-01-04&to=2027-01-01`, tokens.staff),
      400,
      'ValidationError',
    );
    expectError(
      await t.get(`/api/rooms/available/${resortId}?from=tomorrow&to=2027-01-01`, tokens.staff),
      400,
      'ValidationError',
    );
    expectError(
      await t.get(`/api/rooms/available/abc?from=2027-01-01&to=2027-01-02`, tokens.staff),
      404,
      'NOT_FOUND',
    );
    expectError(await t.get(resortUrl(999_999), tokens.staff), 404, 'RESORT_NOT_FOUND');
  });
});
