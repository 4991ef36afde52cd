// The copy route's `afterCopy` hook: it runs in the copy's transaction with the source and the copy,
// and a failing hook leaves no copy behind.
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestDatabase, DEMO } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { agencyGroups } from '../db/schema.ts';
import { badRequest } from './errors.ts';
import { registerResource } from './resource.ts';

type TGroupRow = typeof agencyGroups.$inferSelect;
const ZGroup = z.object({ id: z.number(), name: z.string() });
const ZGroupBody = z.object({ name: z.string() });

let database: Database;
let app: FastifyInstance;
let token: string;
/** What the hook saw: source id, copy id, and whether the copy was readable in the hook's transaction. */
const seen: { source: number; copy: number; visibleInTx: boolean }[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const config = { ...loadConfig({}), authRateLimit: 10_000, appUrl: 'http://atoll.test' };
  app = await buildApp({ database, config, version: '0.0.0' });
  registerResource(app, database.db, {
    name: 'copytest',
    base: '/api/copytest',
    table: agencyGroups,
    id: agencyGroups.id,
    fields: { id: { column: agencyGroups.id, type: 'number', sort: true } },
    output: ZGroup,
    toOutput: (row: TGroupRow) => ({ id: row.id, name: row.name }),
    create: ZGroupBody,
    update: ZGroupBody.partial(),
    access: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
    toValues: async (_ctx, input) => ({ ...input }),
    afterCopy: async (ctx, source: TGroupRow, copy: TGroupRow) => {
      const [row] = await ctx.tx
        .select({ n: count() })
        .from(agencyGroups)
        .where(eq(agencyGroups.id, copy.id));
      seen.push({ source: source.id, copy: copy.id, visibleInTx: row?.n === 1 });
      if (source.name === 'refuse') throw badRequest('No copies of this one', 'name');
    },
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { email: DEMO.admin[0], password: DEMO.admin[1] },
  });
  token = login.json().token;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const groups = async () => (await database.db.select({ n: count() }).from(agencyGroups))[0]?.n ?? 0;
const insert = async (name: string) =>
  ((await database.db.insert(agencyGroups).values({ name }).returning())[0] as TGroupRow).id;

describe('POST {id}/copy with afterCopy', () => {
  it('calls the hook with the source and the written copy, in the copy’s transaction', async () => {
    const source = await insert('Partners');
    const res = await app.inject({
      method: 'POST',
      url: `/api/copytest/${source}/copy`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().id;
    expect(copy).not.toBe(source);
    expect(seen.at(-1)).toEqual({ source, copy, visibleInTx: true });
  });

  it('rolls the copy back when the hook fails', async () => {
    const source = await insert('refuse');
    const before = await groups();
    const res = await app.inject({
      method: 'POST',
      url: `/api/copytest/${source}/copy`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(seen.at(-1)?.source).toBe(source);
    expect(await groups()).toBe(before);
  });
});
