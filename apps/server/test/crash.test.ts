import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, countedCents } from './booking-test-world.ts';
import { createPostgresDatabase, DEMO } from './harness.ts';
import { client, startServer, type TServerProcess } from './server-process.ts';

/**
 * kill -9 in the middle of a stream of booking writes, then a restart on the same data: every
 * booking the server acknowledged (201) is there, and no booking is half-written: each has its room and
 * guests, and its total is the sum of its counted lines. On the engine the suite runs on: PGlite files in a
 * data directory, or PostgreSQL with TEST_DATABASE_URL.
 */

const PG = process.env.TEST_DATABASE_URL;
const WORKERS = 4;
const ACKED_BEFORE_KILL = 24;

type TLine = { type: string; total: string; customerType: string };
type TBooking = { id: number; total: string; rooms: { guests: unknown[] }[]; calculation: TLine[] };

let settings: Record<string, string>;
let cleanup: () => Promise<void> = async () => {};
let server: TServerProcess | undefined;

beforeAll(async () => {
  if (PG) {
    const db = await createPostgresDatabase(PG);
    settings = { DATABASE_URL: db.url };
    cleanup = () => db.drop();
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'atoll-crash-'));
    settings = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
afterAll(async () => {
  await server?.stop('SIGTERM');
  await cleanup();
});

describe(`kill -9 during booking writes (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every acknowledged booking, whole, after a restart', async () => {
    server = await startServer(settings);
    let api = client(server.url);
    let token = await api.login(...DEMO.staff);
    const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
    const resort = (await api.call('GET', '/api/resort?search=Coral', token)).body.data[0];
    const rooms = (
      await api.call('GET', `/api/rooms?size=0&sort=id&filter=${filter({ resortId: resort.id })}`, token)
    ).body.data as { id: number }[];
    const before =
      (await api.call('GET', '/api/bookings?size=1&sort=id&order=-1', token)).body.data[0]?.id ?? 0;

    const acked: number[] = [];
    let stop = false;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const worker = async (w: number) => {
      for (let k = 0; !stop; k++) {
        const start = 150 + k * 4;
        const res = await api
          .call('POST', '/api/bookings', token, {
            state: 'confirmed',
            rooms: [
              {
                roomId: rooms[w % rooms.length]?.id,
                from: day(start),
                to: day(start + 3),
                guests: [{ age: 40 }, { age: 38 }],
              },
            ],
          })
          .catch(() => null);
        if (!res) return; // the server is gone
        if (res.status === 201) acked.push(res.body.id as number);
        if (acked.length >= ACKED_BEFORE_KILL && !stop) {
          stop = true;
          await server?.stop('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    expect(acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);

    server = await startServer(settings);
    api = client(server.url);
    token = await api.login(...DEMO.staff);
    for (const id of acked) {
      const res = await api.call('GET', `/api/bookings/${id}`, token);
      expect(res.status, `acknowledged booking ${id}`).toBe(200);
    }
    // Every booking written since the stream began, acknowledged or not: whole or not there at all.
    const list = await api.call('GET', '/api/bookings?size=500&sort=id&order=-1', token);
    expect(list.status).toBe(200);
    const ids = (list.body.data as { id: number }[]).map((b) => b.id).filter((id) => id > before);
    expect(ids).toEqual(expect.arrayContaining(acked));
    for (const id of ids) {
      const booking = (await api.call('GET', `/api/bookings/${id}`, token)).body as TBooking;
      expect(booking.rooms, `booking ${id} rooms`).toHaveLength(1);
      expect(booking.rooms[0]?.guests, `booking ${id} guests`).toHaveLength(2);
      expect(cents(booking.total), `booking ${id} total`).toBe(countedCents(booking.calculation));
      expect(cents(booking.total)).toBeGreaterThan(0);
    }
  }, 400_000);
});
