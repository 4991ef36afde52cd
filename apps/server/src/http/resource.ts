import { listAnswer, type TListQuery, ZListCsvQuery, ZListQuery } from '@atoll/domain/list';
import { withoutDefaults } from '@atoll/domain/schema';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Executor, Tx } from '../db/client.ts';
import { actor } from './access.ts';
import { csvColumns, csvValue, sendCsv } from './csv.ts';
import { badRequest, notFound } from './errors.ts';
import { compileFilter, compileSearch, type TListFields } from './filter.ts';
import { ZIdParams } from './request.ts';

/** Hard cap for `size=0` (all) and for one CSV export. */
export const MAX_LIST_ROWS = 10_000;
const CSV_BATCH = 500;

type TRow = Record<string, unknown> & { id: number };
export type TWriteContext = { user: TSessionUser; tx: Tx };

/** The fields of a create or update body that were sent: a value of undefined means "leave as it is". */
export const defined = (input: object) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<string, unknown>;

/** One declaration gives a base path the seven standard calls of spec platform §7. */
export type TResource<Out extends Record<string, unknown>, C, U> = {
  name: string;
  base: string;
  table: PgTable;
  id: PgColumn;
  fields: TListFields;
  output: z.ZodType<Out>;
  toOutput: (row: never) => Out;
  create: z.ZodType<C>;
  /** Partial body of `POST {id}`; the factory drops its top-level defaults (see `withoutDefaults`). */
  update: z.ZodType<U>;
  access: { read: string[]; create: string[]; update: string[]; delete: string[] };
  /** Own-records scopes (`*.self`): a user holding only these sees just the rows `where` selects. */
  self?: { scopes: string[]; where: (user: TSessionUser) => SQL };
  /**
   * Rows a user may see at all, whatever the scopes (spec platform §6 asset visibility: a user with a
   * vessel or resort list sees only those); undefined: no limit.
   */
  assets?: (user: TSessionUser) => SQL | undefined;
  /**
   * Removes what this user may not read (internal notes, commission) from every answer: list, CSV, get,
   * create, update and copy. Runs after `toOutput`; the output schema must allow the removed keys to be absent.
   */
  redact?: (user: TSessionUser, out: Out) => Out;
  /**
   * Adds what `toOutput` needs from elsewhere (other tables, settings) to the rows of one answer or CSV
   * batch, in one go: derived values without a query per row.
   */
  expand?: (rows: never[]) => Promise<Record<string, unknown>[]>;
  /** Maps a validated body to column values and enforces the resource's rules. */
  toValues: (ctx: TWriteContext, input: C | U, existing?: never) => Promise<Record<string, unknown>>;
  /** Column values of a copy; default: the row without id and timestamps. */
  copyValues?: (ctx: TWriteContext, row: never) => Promise<Record<string, unknown>>;
  beforeDelete?: (ctx: TWriteContext, row: never) => Promise<void>;
  /** Runs in the transaction of a create or update, after the row is written: nested rows (contacts). */
  afterWrite?: (ctx: TWriteContext, row: never, input: C | U) => Promise<void>;
  /** Runs in the transaction of a copy, after the copy is written: nested rows (a price's entries). */
  afterCopy?: (ctx: TWriteContext, source: never, copy: never) => Promise<void>;
};

export function registerResource<Out extends Record<string, unknown>, C, U>(
  app: FastifyInstance,
  db: Db,
  resource: TResource<Out, C, U>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { base, access } = resource;
  const readScopes = [...access.read, ...(resource.self?.scopes ?? [])];
  const tags = [resource.name];
  const toOutput = resource.toOutput as (row: TRow) => Out;
  const toOne = (user: TSessionUser, row: TRow) =>
    resource.redact ? resource.redact(user, toOutput(row)) : toOutput(row);
  const toOuts = async (user: TSessionUser, rows: TRow[]) => {
    const expanded = resource.expand ? ((await resource.expand(rows as never[])) as TRow[]) : rows;
    return expanded.map((row) => toOne(user, row));
  };
  const toOut = async (user: TSessionUser, row: TRow) => (await toOuts(user, [row]))[0] as Out;
  // Concrete schema types for the router: fastify cannot resolve reply types through our generics.
  const output = resource.output as unknown as z.ZodObject;
  const createBody = resource.create as unknown as z.ZodObject;
  const updateBody = withoutDefaults(resource.update as unknown as z.ZodObject);

  // Rows the user may see: within their assets, all with a full read scope, else only their own.
  const visible = (user: TSessionUser): SQL | undefined => and(resource.assets?.(user), byScope(user));
  const byScope = (user: TSessionUser): SQL | undefined => {
    if (hasScope(user.scopes, access.read)) return undefined;
    if (resource.self && hasScope(user.scopes, resource.self.scopes)) return resource.self.where(user);
    return eq(resource.id, -1);
  };

  const listWhere = (user: TSessionUser, query: TListQuery) =>
    and(
      visible(user),
      compileSearch(query.search, resource.fields),
      compileFilter(query.filter, resource.fields),
    );

  const orderBy = (query: TListQuery) => {
    const field = Object.hasOwn(resource.fields, query.sort) ? resource.fields[query.sort] : undefined;
    if (!field?.sort) throw badRequest(`Cannot sort by "${query.sort}"`, 'sort');
    // Empty values last either way: "newest first" should not open with rows that have none.
    const direction = query.order === -1 ? sql`desc` : sql`asc`;
    return [sql`${field.column} ${direction} nulls last`, asc(resource.id)];
  };

  const findVisible = async (ex: Executor, user: TSessionUser, id: number) => {
    const [row] = await ex
      .select()
      .from(resource.table)
      .where(and(eq(resource.id, id), visible(user)));
    if (!row) throw notFound(resource.name);
    return row as TRow;
  };

  const insert = async (tx: Tx, values: Record<string, unknown>) => {
    const [row] = await tx.insert(resource.table).values(values).returning();
    return row as TRow;
  };

  r.get(
    base,
    {
      config: { access: { scopes: readScopes } },
      schema: { tags, querystring: ZListQuery, response: { 200: listAnswer(output) } },
    },
    async (request) => {
      const user = actor(request);
      const query = request.query;
      const where = listWhere(user, query);
      const order = orderBy(query);
      const size = query.size === 0 ? MAX_LIST_ROWS : Math.min(query.size, MAX_LIST_ROWS);
      const [totalRow] = await db.select({ total: count() }).from(resource.table).where(where);
      const rows = await db
        .select()
        .from(resource.table)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset((query.page - 1) * size);
      return {
        data: await toOuts(user, rows as TRow[]),
        total: totalRow?.total ?? 0,
        page: query.page,
        size,
      };
    },
  );

  r.get(
    `${base}/listCSV`,
    {
      config: { access: { scopes: readScopes } },
      schema: {
        tags,
        description: 'The list as CSV: nested objects (an address) in their own columns; format by language.',
        querystring: ZListCsvQuery,
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const query = request.query;
      const where = listWhere(user, query);
      const order = orderBy(query);
      const columns = output instanceof z.ZodObject ? csvColumns(output) : [];
      async function* rows() {
        yield columns;
        for (let offset = 0; offset < MAX_LIST_ROWS; offset += CSV_BATCH) {
          const batch = await db
            .select()
            .from(resource.table)
            .where(where)
            .orderBy(...order)
            .limit(CSV_BATCH)
            .offset(offset);
          for (const out of await toOuts(user, batch as TRow[])) yield columns.map((c) => csvValue(out, c));
          if (batch.length < CSV_BATCH) return;
        }
      }
      return sendCsv(request, reply, rows(), `${resource.name}.csv`);
    },
  );

  r.get(
    `${base}/:id`,
    {
      config: { access: { scopes: readScopes } },
      schema: { tags, params: ZIdParams, response: { 200: output } },
    },
    async (request) => {
      const user = actor(request);
      return (await toOut(user, await findVisible(db, user, request.params.id))) as never;
    },
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: { scopes: access.delete } },
      schema: { tags, params: ZIdParams, response: { 200: z.object({ id: z.number().int() }) } },
    },
    async (request) => {
      const user = actor(request);
      await db.transaction(async (tx) => {
        const row = await findVisible(tx, user, request.params.id);
        await resource.beforeDelete?.({ user, tx }, row as never);
        await tx.delete(resource.table).where(eq(resource.id, row.id));
      });
      return { id: request.params.id };
    },
  );

  r.post(
    `${base}/:id/copy`,
    {
      config: { access: { scopes: access.create } },
      schema: { tags, params: ZIdParams, response: { 201: output } },
    },
    async (request, reply) => {
      const user = actor(request);
      const row = await db.transaction(async (tx) => {
        const source = await findVisible(tx, user, request.params.id);
        const values = resource.copyValues
          ? await resource.copyValues({ user, tx }, source as never)
          : withoutIdentity(source);
        const copy = await insert(tx, values);
        await resource.afterCopy?.({ user, tx }, source as never, copy as never);
        return copy;
      });
      return reply.status(201).send((await toOut(user, row)) as never);
    },
  );

  r.post(
    `${base}/:id`,
    {
      config: { access: { scopes: access.update } },
      schema: { tags, params: ZIdParams, body: updateBody, response: { 200: output } },
    },
    async (request) => {
      const user = actor(request);
      const row = await db.transaction(async (tx) => {
        const existing = await findVisible(tx, user, request.params.id);
        const values = await resource.toValues({ user, tx }, request.body as U, existing as never);
        const set = { ...values, ...('updatedAt' in existing ? { updatedAt: new Date() } : {}) };
        // Nothing to change (e.g. only unknown keys): drizzle refuses an empty SET.
        const [updated] =
          Object.keys(set).length === 0
            ? [existing]
            : await tx.update(resource.table).set(set).where(eq(resource.id, existing.id)).returning();
        await resource.afterWrite?.({ user, tx }, updated as never, request.body as U);
        return updated as TRow;
      });
      return (await toOut(user, row)) as never;
    },
  );

  r.post(
    base,
    {
      config: { access: { scopes: access.create } },
      schema: { tags, body: createBody, response: { 201: output } },
    },
    async (request, reply) => {
      const user = actor(request);
      const row = await db.transaction(async (tx) => {
        const created = await insert(tx, await resource.toValues({ user, tx }, request.body as C));
        await resource.afterWrite?.({ user, tx }, created as never, request.body as C);
        return created;
      });
      return reply.status(201).send((await toOut(user, row)) as never);
    },
  );
}

function withoutIdentity(row: TRow): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}
