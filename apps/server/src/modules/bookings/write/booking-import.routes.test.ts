// GET /api/bookings/import/types and POST /api/bookings/import/csv (docs/domain/lifecycle.md "Importing
// bookings"): a dry run prices and writes nothing; an import makes every booking through the create call; the
// same file again is skipped; one refused row imports nothing and every refused row is named.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld } from '../../../../test/booking-test-world.ts';
import { bearer, expectError } from '../../../../test/harness.ts';
import { multipartFile } from '../../../../test/png.ts';
import { customers, rooms } from '../../../db/schema.ts';

let w: TWorld;
let staff: string;
let roomA: number;
let roomB: number;
let cabin: number;

const RESORT = 'Booking Test Resort';

function upload(csv: string, token: string | null = staff, dryRun = false) {
  const form = multipartFile('file', 'bookings.csv', 'text/csv', Buffer.from(csv));
  return w.t.app.inject({
    method: 'POST',
    url: `/api/bookings/import/csv${dryRun ? '?dryRun=1' : ''}`,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? bearer(token) : {}) },
  });
}

const name = async (id: number) =>
  (await w.db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, id)))[0]?.name ?? '';

let file = '';

beforeAll(async () => {
  w = await bookingWorld();
  ({ staff } = w.tokens);
  [roomA, roomB, cabin] = [await w.resortRoom(), await w.resortRoom(), await w.cabin(2)];
  await w.db.update(customers).set({ email: 'ben@import.test' }).where(eq(customers.id, w.guests.ben));
  // A semicolon file as a German spreadsheet writes it: German days, a quoted note with the separator.
  file = [
    'Reference;State;Asset;Room;From;To;Guests;Pax;Email;Agency;Language;Currency;Note',
    `EXT-1;offer;${RESORT};${await name(roomA)};29.03.2041;02.04.2041;Anna Import|Bert Import;2;;;en;EUR;"Late arrival; after 22:00"`,
    `EXT-1;;${RESORT};${await name(roomB)};2041-03-29;2041-04-02;Carla Import;1;;;;;`,
    `EXT-2;booking;;${await name(cabin)};2041-05-02;;;2;ben@import.test;Deep Blue Agency;de;EUR;`,
  ].join('\r\n');
});
afterAll(() => w?.t.close());

describe('importing bookings', () => {
  it('answers 401, 403 without bookings.create, and names its one format', async () => {
    expectError(await upload(file, null), 401, 'UNAUTHORIZED');
    expectError(await upload(file, w.tokens.agent), 403, 'FORBIDDEN');
    expectError(await upload(file, w.tokens.customer), 403, 'FORBIDDEN');
    const types = ok(await w.t.get('/api/bookings/import/types', staff));
    expect(types).toEqual([
      expect.objectContaining({ type: 'csv', required: ['room', 'from'], maxRows: 2000 }),
    ]);
    expectError(await w.t.get('/api/bookings/import/types', w.tokens.agent), 403, 'FORBIDDEN');
  });

  it('checks and prices the file in a dry run, writing nothing', async () => {
    const before = await w.count('bookings');
    const answer = ok(await upload(file, staff, true));
    expect(answer.dryRun).toBe(true);
    expect(
      answer.created.map((c: Record<string, unknown>) => [c.rows, c.reference, c.id, c.state, c.noOfPax]),
    ).toEqual([
      [[2, 3], 'EXT-1', null, 'draft', 3],
      [[4], 'EXT-2', null, 'confirmed', 2],
    ]);
    expect(Number(answer.created[1].total)).toBe(4200);
    expect(await w.count('bookings')).toBe(before);
  });

  it('imports every booking through the create call; the same file again adds nothing', async () => {
    const answer = ok(await upload(file));
    const [stay, trip] = answer.created as { id: number; number: string }[];
    expect(stay?.number).toMatch(/^O\d\d-\d{5}$/);
    expect(trip?.number).toMatch(/^B\d\d-\d{5}$/);
    const first = ok(await w.t.get(`/api/bookings/${stay?.id}`, staff));
    expect(
      first.rooms.map((r: { roomId: number; guests: { name: string }[] }) => [
        r.roomId,
        r.guests.map((g) => g.name),
      ]),
    ).toEqual([
      [roomA, ['Anna Import', 'Bert Import']],
      [roomB, ['Carla Import']],
    ]);
    expect([first.systemReference, first.language, first.note]).toEqual([
      'EXT-1',
      'en',
      'Late arrival; after 22:00',
    ]);
    const second = ok(await w.t.get(`/api/bookings/${trip?.id}`, staff));
    expect([second.scheduleId, second.customerId, second.agencyId]).toEqual([
      w.departure,
      w.guests.ben,
      w.agencyId,
    ]);
    expect((await w.held({ bookingId: trip?.id })).holding.length).toBeGreaterThan(0);

    const again = ok(await upload(file));
    expect(again.created).toEqual([]);
    expect(again.skipped.map((s: { reference: string }) => s.reference)).toEqual(['EXT-1', 'EXT-2']);
  });

  it('names every refused row and imports nothing, not even the good rows', async () => {
    const before = await w.count('bookings');
    const bad = [
      'room,from,to,pax,asset,reference,state',
      `${await name(roomA)},2041-06-01,2041-06-05,2,${RESORT},OK-1,booking`,
      `No such room,2041-06-01,2041-06-05,2,,X-1,booking`,
      `${await name(roomB)},2041-13-01,2041-06-05,2,${RESORT},X-2,booking`,
      `${await name(roomB)},2041-06-01,2041-06-05,0,${RESORT},X-3,booking`,
      `${await name(cabin)},2041-05-02,,2,,X-4,booking`,
      `${await name(cabin)},2041-05-03,,2,,X-5,booking`,
    ].join('\n');
    const res = await upload(bad);
    expectError(res, 400, 'ValidationError');
    const paths = res.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['row 3.room', 'row 4.from', 'row 5.pax', 'row 6', 'row 7.from']),
    );
    expect(res.json().details.find((d: { path: string }) => d.path === 'row 6').message).toContain(
      'NOT_AVAILABLE',
    );
    expect(await w.count('bookings')).toBe(before);
  });

  it('refuses a file without the room or from column, and a file that is not CSV', async () => {
    const res = await upload('name;date\nx;2041-01-01');
    expectError(res, 400, 'ValidationError');
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['row 1.room', 'row 1.from']);
    expectError(await upload('room,from\n"open quote,2041-01-01'), 400, 'ValidationError');
    expectError(await upload('room,from\n'), 400, 'ValidationError');
  });
});
