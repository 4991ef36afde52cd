import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DEMO } from './harness.ts';
import { client, startServer, type TServerProcess } from './server-process.ts';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer (issue 10 §2): they migrate and seed
 * once between them (advisory lock), never sell one room twice however the requests are spread, and share
 * sessions through the database, so a logout on one is a logout on both at once. PostgreSQL only: the
 * embedded database belongs to one process.
 */

const PG = process.env.TEST_DATABASE_URL;
const CALLS = 200;
const ROOMS = 5;

let db: { url: string; drop(): Promise<void> } | undefined;
let servers: TServerProcess[] = [];

describe.skipIf(!PG)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    db = await createPostgresDatabase(PG as string);
    // Both at once: one migrates and seeds the demo, the other waits on the lock.
    servers = await Promise.all([
      startServer({ DATABASE_URL: db.url }),
      startServer({ DATABASE_URL: db.url }),
    ]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await db?.drop();
  });

  it(`${CALLS} concurrent bookings of ${ROOMS} rooms over both instances: exactly ${ROOMS} succeed`, async () => {
    const [a, b] = servers.map((s) => client(s.url)) as [
      ReturnType<typeof client>,
      ReturnType<typeof client>,
    ];
    const token = await a.login(...DEMO.staff);
    const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
    const resort = (await a.call('GET', '/api/resort?search=Coral', token)).body.data[0];
    const rooms = (
      await a.call('GET', `/api/rooms?size=0&sort=id&filter=${filter({ resortId: resort.id })}`, token)
    ).body.data as { id: number }[];
    expect(rooms.length).toBeGreaterThanOrEqual(ROOMS);
    const from = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 203 * 86_400_000).toISOString().slice(0, 10);

    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        (i % 2 === 0 ? a : b).call('POST', '/api/bookings', token, {
          state: 'confirmed',
          rooms: [{ roomId: rooms[i % ROOMS]?.id, from, to, guests: [{ age: 40 }, { age: 38 }] }],
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ROOMS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(CALLS - ROOMS);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.error === 'NOT_AVAILABLE')).toBe(true);
    // One booking per room.
    const sold = answers.filter((r) => r.status === 201).map((r) => r.body.rooms[0].roomId);
    expect(new Set(sold).size).toBe(ROOMS);
  });

  it('a logout on one instance refuses the token on the other at once', async () => {
    const [a, b] = servers.map((s) => client(s.url)) as [
      ReturnType<typeof client>,
      ReturnType<typeof client>,
    ];
    const token = await a.login(...DEMO.staff);
    expect((await b.call('GET', '/api/users/self', token)).status).toBe(200);
    expect((await a.call('DELETE', '/api/auth/token', token)).status).toBeLessThan(300);
    expect((await b.call('GET', '/api/users/self', token)).status).toBe(401);
    expect((await a.call('GET', '/api/users/self', token)).status).toBe(401);
  });
});
