import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DEMO } from './harness.ts';
import { client, startServer, type TServerProcess } from './server-process.ts';
import { startSmtpServer } from './smtp.ts';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: they migrate and seed
 * once between them (advisory lock), never sell one room twice however the requests are spread, and share
 * sessions through the database, so a logout on one is a logout on both at once; both mail workers drain
 * one queue and every mail leaves once. PostgreSQL only: the embedded database belongs to one process.
 */

const PG = process.env.TEST_DATABASE_URL;
const CALLS = 200;
const ROOMS = 5;

let db: { url: string; drop(): Promise<void> } | undefined;
let servers: TServerProcess[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

describe.skipIf(!PG)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    db = await createPostgresDatabase(PG as string);
    smtp = await startSmtpServer();
    const env = { DATABASE_URL: db.url, SMTP_URL: smtp.url };
    // Both at once: one migrates and seeds the demo, the other waits on the lock.
    servers = await Promise.all([startServer(env), startServer(env)]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await smtp?.close();
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
    // Both keep sessions in memory (ADR 0024): B learns of the logout by the change feed, before the next request.
    for (let round = 0; round < 10; round++) {
      const token = await a.login(...DEMO.staff);
      expect((await b.call('GET', '/api/users/self', token)).status).toBe(200);
      expect((await b.call('GET', '/api/users/self', token)).status).toBe(200);
      expect((await a.call('DELETE', '/api/auth/token', token)).status).toBeLessThan(300);
      expect((await b.call('GET', '/api/users/self', token)).status).toBe(401);
      expect((await a.call('GET', '/api/users/self', token)).status).toBe(401);
    }
  });

  it('mails queued on both instances at once leave exactly once each', async () => {
    const [a, b] = servers.map((s) => client(s.url)) as [
      ReturnType<typeof client>,
      ReturnType<typeof client>,
    ];
    const token = await a.login(...DEMO.staff);
    const customers = (await a.call('GET', '/api/customers?size=100&sort=id', token)).body.data as {
      id: number;
    }[];
    const ids = customers.map((c) => c.id);
    // Each instance queues one mail per customer with an address, both at the same moment; both workers
    // (nudged at once, then every 5 s) claim from the one queue.
    const answers = await Promise.all(
      [a, b].map((c, i) =>
        c.call('POST', '/api/customers/sendMail', token, {
          ids,
          subject: `Scale-out ${i}`,
          text: 'Hello {name}',
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const queued = answers.reduce((sum, r) => sum + (r.body.sent as number), 0);
    expect(queued).toBeGreaterThanOrEqual(20);
    const deadline = Date.now() + 30_000;
    while ((smtp?.received.length ?? 0) < queued && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    // Two more worker intervals: a second delivery of any mail would arrive now.
    await new Promise((r) => setTimeout(r, 11_000));
    const received = smtp?.received ?? [];
    expect(received).toHaveLength(queued);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(queued);
    const perSubject = (subject: string) => received.filter((m) => m.subject === subject).length;
    expect([perSubject('Scale-out 0'), perSubject('Scale-out 1')]).toEqual(answers.map((r) => r.body.sent));
  }, 60_000);
});
