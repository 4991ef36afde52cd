import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TTestApp } from '../../test/harness.ts';
import { demoIds, insertBooking } from '../../test/test-bookings.ts';
import { CHANGE_TOPICS, createReferenceCache, type TChangeFeed } from './change-feed.ts';

// The change feed behind the session and booking-list caches (ADR 0024), on the engine the suite runs on.

let t: TTestApp;
let admin: string;
let resortId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(...DEMO.admin);
  const ids = await demoIds(t.database.db);
  resortId = ids.resortId;
  await insertBooking(t.database.db, {
    state: 'confirmed',
    resortId: ids.resortId,
    from: '2030-05-01',
    to: '2030-05-04',
    rooms: [{ roomId: ids.rooms[0]?.id as number, guests: [{ name: 'Feed' }, { name: 'Test' }] }],
  });
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A write nobody announces (triggers off), as if the feed had missed it: only a cache still shows the old value. */
const unannounced = (query: ReturnType<typeof sql>) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(query);
  });

/** Polls until `check` holds, for at most 5 s. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const firstBooking = async () => {
  const res = await t.get('/api/bookings?size=5&sort=id&order=1', admin);
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as { id: number; noOfPax: number };
};

describe('change feed', () => {
  it('puts the trigger on every table of every topic (migration 0013)', async () => {
    const found = await rows<{ table: string }>(
      sql`select distinct c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid
          join pg_proc p on p.oid = g.tgfoid where p.proname = 'atoll_changed' order by 1`,
    );
    const expected = [...new Set(Object.values(CHANGE_TOPICS).flat())].sort();
    expect(found.map((r) => r.table)).toEqual(expected);
  });

  it('keeps a list page until a booking changes, also when another process changes it', async () => {
    const before = await firstBooking();
    // Not announced: the page comes from memory and still shows the old number of guests.
    await unannounced(sql`update bookings set no_of_pax = no_of_pax + 10 where id = ${before.id}`);
    expect((await firstBooking()).noOfPax).toBe(before.noOfPax);
    // Announced by the trigger (another instance or a job writing): the very next page shows it.
    await rows(sql`update bookings set no_of_pax = no_of_pax + 1 where id = ${before.id}`);
    expect((await firstBooking()).noOfPax).toBe(before.noOfPax + 11);
    // A write through this instance: the same.
    const renamed = await t.post(`/api/resort/${resortId}`, admin, { name: 'Feed Garden Resort' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await t.get('/api/bookings?size=5&sort=id&order=1', admin)).json().data[0].assetName).toBe(
      'Feed Garden Resort',
    );
  });

  it('keeps a page by what the route reads: keys it does not take or another order meet the same page', async () => {
    const before = await firstBooking();
    await unannounced(sql`update bookings set no_of_pax = no_of_pax + 3 where id = ${before.id}`);
    // Both are the kept page (the old number), not a fresh read that would show the unannounced write.
    for (const url of [
      '/api/bookings?order=1&sort=id&size=5',
      '/api/bookings?size=5&sort=id&order=1&utm_source=x',
    ]) {
      const res = await t.get(url, admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data[0].noOfPax, url).toBe(before.noOfPax);
    }
    // What the route does read still makes a page of its own.
    const other = await t.get('/api/bookings?size=4&sort=id&order=1', admin);
    expect(other.json().data[0].noOfPax).toBe(before.noOfPax + 3);
    // Put back, announced: the kept pages go.
    await rows(sql`update bookings set no_of_pax = no_of_pax - 3 where id = ${before.id}`);
    // The guests' departures the same: a campaign's link is the answer kept, not the departures computed again.
    const departures = async (query: string) =>
      ((await t.app.inject({ method: 'GET', url: `/api/book/schedules${query}` })).json() as { id: number }[])
        .length;
    const all = await departures('');
    expect(all).toBeGreaterThan(0);
    const hidden = await rows<{ id: number }>(sql`select id from schedules where is_visible`);
    await unannounced(sql`update schedules set is_visible = false where is_visible`);
    try {
      expect(await departures('?utm_source=newsletter&fbclid=abc')).toBe(all);
      expect(await departures(`?month=${new Date().toISOString().slice(0, 7)}`)).toBeLessThan(all);
    } finally {
      const ids = `{${hidden.map((r) => r.id).join(',')}}`;
      await rows(sql`update schedules set is_visible = true where id = any(${ids}::int[])`);
    }
  });

  it('refuses a token revoked by another process at once', async () => {
    const token = await t.login(...DEMO.staff);
    expect((await t.get('/api/users/self', token)).statusCode).toBe(200);
    await rows(sql`update auth_tokens set revoked_at = now() where revoked_at is null and user_id =
      (select id from users where email = ${DEMO.staff[0]})`);
    expect((await t.get('/api/users/self', token)).statusCode).toBe(401);
  });

  it('refuses a token logged out on this instance at once', async () => {
    const token = await t.login(...DEMO.staff);
    expect((await t.get('/api/users/self', token)).statusCode).toBe(200);
    expect((await t.del('/api/auth/token', token)).statusCode).toBeLessThan(300);
    expect((await t.get('/api/users/self', token)).statusCode).toBe(401);
  });

  it('gives a changed role its scopes on the next request', async () => {
    const token = await t.login(...DEMO.staff);
    expect((await t.get('/api/users/self', token)).statusCode).toBe(200);
    await rows(sql`update users set scopes = '{}', role_ids = '{}' where email = ${DEMO.staff[0]}`);
    expect((await t.get('/api/bookings?size=1', token)).statusCode).toBe(403);
  });

  it('keeps the reference data of the price calculation until it changes, also when another process changes it', async () => {
    const [type] = await rows<{ id: number }>(
      sql`select id from room_types where resort_id = ${resortId} order by id limit 1`,
    );
    const draft = {
      resortId,
      from: '2030-06-01',
      to: '2030-06-03',
      currency: 'XYZ',
      rooms: [{ roomTypeId: type?.id, persons: [{}, {}] }],
    };
    const simulate = () => t.post('/api/price/simulate', admin, draft);
    const unknown = await simulate();
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown currency XYZ');
    // Not announced: the calculation still takes the currencies from memory.
    await unannounced(sql`insert into currencies (code, name, symbol) values ('XYZ', 'Test', 'X')`);
    expect((await simulate()).statusCode).toBe(400);
    // Announced (another instance or psql with triggers on): the very next calculation knows it.
    await rows(sql`update currencies set name = 'Test dollar' where code = 'XYZ'`);
    const known = await simulate();
    expect(known.statusCode, known.body).toBe(200);
  });

  it('prices with the seasons kept in memory until one changes', async () => {
    const [type] = await rows<{ id: number }>(
      sql`select id from room_types where resort_id = ${resortId} order by id limit 1`,
    );
    // Two nights within the demo seasons, outside their peaks (which ask for longer stays).
    let day = Date.now() + 40 * 86_400_000;
    while (/-(12-(1[5-9]|2\d|3[01])|01-(0\d|10)|03-(1\d|2\d|3[01])|04-)/.test(new Date(day).toISOString()))
      day += 86_400_000;
    const draft = {
      resortId,
      from: new Date(day).toISOString().slice(0, 10),
      to: new Date(day + 2 * 86_400_000).toISOString().slice(0, 10),
      rooms: [{ roomTypeId: type?.id, persons: [{}, {}] }],
    };
    const total = async () => {
      const res = await t.post('/api/price/simulate', admin, draft);
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.json().totals.total);
    };
    const before = await total();
    expect(before).toBeGreaterThan(0);
    const entries = sql`update price_entries set value = value * 2 where price_id in
      (select id from prices where resort_id = ${resortId} and status = 'confirmed')`;
    // Not announced: the seasons come from memory.
    await unannounced(entries);
    expect(await total()).toBe(before);
    // Announced: the very next calculation takes the new values.
    await rows(entries);
    expect(await total()).toBeGreaterThan(before * 2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'stops caching while its connection is lost and starts again once it is back',
    async () => {
      const before = await firstBooking();
      await rows(sql`select pg_terminate_backend(pid) from pg_stat_activity
                     where datname = current_database() and application_name = 'atoll atoll_changed'`);
      // While the listener is gone (and right after it is back) nothing comes from memory.
      await unannounced(sql`update bookings set no_of_pax = no_of_pax + 5 where id = ${before.id}`);
      expect(await eventually(async () => (await firstBooking()).noOfPax === before.noOfPax + 5)).toBe(true);
      // Back (it reconnects after a second): pages are kept again, an unannounced write stays unseen.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const kept = await firstBooking();
      await unannounced(sql`update bookings set no_of_pax = no_of_pax + 1 where id = ${before.id}`);
      expect((await firstBooking()).noOfPax).toBe(kept.noOfPax);
    },
  );
});

describe('reference cache', () => {
  /** A feed whose generation the test moves by hand; counts its syncs. */
  const feed = () => {
    const state = { generation: 1 as number | undefined, syncs: 0 };
    const changes: TChangeFeed = {
      sync: async () => {
        state.syncs += 1;
        return true;
      },
      generation: () => state.generation,
      close: async () => {},
    };
    return { state, changes };
  };

  it('syncs once per operation, reads each key once per generation and hands out frozen values', async () => {
    const { state, changes } = feed();
    const cache = createReferenceCache(changes);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { rows: [{ id: reads }] };
    };
    const first = cache.reads();
    const a = await first.get('k', read);
    const b = await first.get('k', read);
    expect(state.syncs).toBe(1);
    expect(reads).toBe(1);
    expect(b).toBe(a);
    expect(Object.isFrozen(a.rows[0])).toBe(true);
    expect(() => {
      (a.rows as { id: number }[]).push({ id: 9 });
    }).toThrow(TypeError);
    await cache.reads().get('k', read);
    expect(state.syncs).toBe(2);
    expect(reads).toBe(1);
    // A change of the topic: read again. No listener: read every time, keep nothing.
    state.generation = 2;
    expect((await cache.reads().get('k', read)).rows[0]?.id).toBe(2);
    state.generation = undefined;
    await cache.reads().get('k', read);
    await cache.reads().get('k', read);
    expect(reads).toBe(4);
  });
});
