import type { TListQuery } from '@atoll/domain/list';
import type { TBookingTodo, TTodo, TTodoCode, TTodoListItem } from '@atoll/domain/todos';
import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, count, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { bookingNumber, bookingVisibility } from '../../db/booking-conditions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { bookingRooms, bookings, bookingTodos, todos } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { compileFilter, compileSearch, type TListFields } from '../../http/filter.ts';

// The only Drizzle file of the todos module: definitions (`todos`), the todos of bookings
// (`booking_todos`) and the booking's `has_open_todos` flag, which follows them in the same transaction.

export type TTodoRow = typeof todos.$inferSelect;
export type TBookingTodoRow = typeof bookingTodos.$inferSelect;
export type TBookingTodoInsert = typeof bookingTodos.$inferInsert;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toTodo = (row: TTodoRow): TTodo => ({
  id: row.id,
  name: row.name,
  group: row.group,
  text: row.text,
  code: row.code as TTodoCode | null,
  predefined: row.predefined,
  calcType: row.calcType as TTodo['calcType'],
  value: row.value,
  closeOnAbort: row.closeOnAbort,
  autoAdd: row.autoAdd as TTodo['autoAdd'],
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toBookingTodo = (row: TBookingTodoRow): TBookingTodo => ({
  id: row.id,
  bookingId: row.bookingId,
  todoId: row.todoId,
  code: row.code as TTodoCode | null,
  group: row.group,
  text: row.text,
  roomId: row.roomId,
  due: row.due,
  open: row.open,
  predefined: row.predefined,
  editedBy: row.editedBy,
  solvedAt: iso(row.solvedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the todo lists (open, own, allTodos) sort, filter and search by. */
export const TODO_LIST_FIELDS: TListFields = {
  id: { column: bookingTodos.id, type: 'number', sort: true, filter: true },
  due: { column: bookingTodos.due, type: 'date', sort: true, filter: true },
  open: { column: bookingTodos.open, type: 'boolean', sort: true, filter: true },
  code: { column: bookingTodos.code, type: 'string', sort: true, filter: true },
  group: { column: bookingTodos.group, type: 'string', sort: true, filter: true, search: true },
  text: { column: bookingTodos.text, type: 'string', sort: true, filter: true, search: true },
  bookingId: { column: bookingTodos.bookingId, type: 'number', sort: true, filter: true },
  bookingNumber: { column: bookingNumber, type: 'string', sort: true, filter: true, search: true },
  bookingFrom: { column: bookings.from, type: 'date', sort: true, filter: true },
  createdAt: { column: bookingTodos.createdAt, type: 'datetime', sort: true, filter: true },
};

/** Which todos a list shows: open ones, the user's own open ones, or all (any state, filterable). */
export type TTodoListKind = 'open' | 'own' | 'all';

function todoListWhere(kind: TTodoListKind, userId: number): SQL | undefined {
  if (kind === 'all') return undefined;
  const open = eq(bookingTodos.open, true);
  // "Own": todos of bookings the user entered, or todos the user last edited.
  if (kind === 'own') return and(open, or(eq(bookings.userId, userId), eq(bookingTodos.editedBy, userId)));
  return open;
}

/** Order of a todo list: a declared sortable field (empty values last), then the id. */
function todoListOrder(sort: string, order: number): SQL[] {
  const field = Object.hasOwn(TODO_LIST_FIELDS, sort) ? TODO_LIST_FIELDS[sort] : undefined;
  if (!field?.sort) throw badRequest(`Cannot sort by "${sort}"`, 'sort');
  const direction = order === -1 ? sql`desc` : sql`asc`;
  return [sql`${field.column} ${direction} nulls last`, sql`${bookingTodos.id} asc`];
}

/** A todo list's conditions and order, compiled once (a bad filter or sort is a 400 before any row). */
export type TTodoListQuery = { where: SQL | undefined; order: SQL[] };

/** The todos of `kind` of the bookings the user may see, with the list query's search, filter and sort. */
export function todoListQuery(user: TSessionUser, kind: TTodoListKind, query: TListQuery): TTodoListQuery {
  const where = and(
    bookingVisibility(user),
    todoListWhere(kind, user.id),
    compileSearch(query.search, TODO_LIST_FIELDS),
    compileFilter(query.filter, TODO_LIST_FIELDS),
  );
  return { where, order: todoListOrder(query.sort, query.order) };
}

export function createTodosRepository() {
  return {
    /** All definitions, the system ones first. */
    async definitions(ex: Executor) {
      return ex.select().from(todos).orderBy(sql`${todos.code} is null`, asc(todos.name), asc(todos.id));
    },

    async todoOfBooking(ex: Executor, bookingId: number, id: number) {
      const [row] = await ex
        .select()
        .from(bookingTodos)
        .where(and(eq(bookingTodos.id, id), eq(bookingTodos.bookingId, bookingId)));
      return row;
    },

    async definitionsByCode(ex: Executor, codes: readonly TTodoCode[]) {
      if (codes.length === 0) return [];
      return ex
        .select()
        .from(todos)
        .where(and(inArray(todos.code, [...codes]), eq(todos.isActive, true)));
    },

    /** Active definitions that join every new booking of this type. */
    async autoAddDefinitions(ex: Executor, type: string) {
      return ex
        .select()
        .from(todos)
        .where(and(eq(todos.isActive, true), sql`${todos.autoAdd} @> ${JSON.stringify([type])}::jsonb`))
        .orderBy(asc(todos.id));
    },

    async definition(ex: Executor, id: number) {
      const [row] = await ex.select().from(todos).where(eq(todos.id, id));
      return row;
    },

    /** The dates a due rule counts from, and the type for auto-added definitions. */
    async bookingDates(ex: Executor, bookingId: number, visible?: SQL) {
      const [row] = await ex
        .select({
          type: bookings.type,
          createdAt: bookings.createdAt,
          reservationDate: bookings.reservationDate,
          bookingDate: bookings.bookingDate,
          from: bookings.from,
          to: bookings.to,
        })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), visible));
      return row;
    },

    /** Rows of booking_todos whose booking the condition lets through; undefined: no limit. */
    ofVisibleBookings(ex: Executor, visible: SQL | undefined): SQL | undefined {
      if (!visible) return undefined;
      return inArray(bookingTodos.bookingId, ex.select({ id: bookings.id }).from(bookings).where(visible));
    },

    async openTodos(ex: Executor, bookingId: number) {
      return ex
        .select()
        .from(bookingTodos)
        .where(and(eq(bookingTodos.bookingId, bookingId), eq(bookingTodos.open, true)));
    },

    async ofBooking(ex: Executor, bookingId: number) {
      return ex
        .select()
        .from(bookingTodos)
        .where(eq(bookingTodos.bookingId, bookingId))
        .orderBy(asc(bookingTodos.open), asc(bookingTodos.due), asc(bookingTodos.id));
    },

    async insert(tx: Tx, rows: TBookingTodoInsert[]) {
      if (rows.length === 0) return [];
      return tx.insert(bookingTodos).values(rows).returning();
    },

    /** `has_open_todos` = "an open todo exists", leaving out `exceptId` (a todo about to be deleted). */
    async syncOpenFlag(tx: Tx, bookingId: number, exceptId?: number) {
      const others = exceptId === undefined ? sql`true` : ne(bookingTodos.id, exceptId);
      await tx
        .update(bookings)
        .set({
          hasOpenTodos: sql`exists (select 1 from ${bookingTodos} where ${bookingTodos.bookingId} = ${bookingId} and ${bookingTodos.open} and ${others})`,
        })
        .where(eq(bookings.id, bookingId));
    },

    /** Closes the open todos whose definition says a cancel closes them (docs/domain/lifecycle.md). */
    async closeOnAbort(tx: Tx, bookingId: number, userId: number | null) {
      const closing = tx.select({ id: todos.id }).from(todos).where(eq(todos.closeOnAbort, true));
      return tx
        .update(bookingTodos)
        .set({ open: false, solvedAt: new Date(), editedBy: userId, updatedAt: new Date() })
        .where(
          and(
            eq(bookingTodos.bookingId, bookingId),
            eq(bookingTodos.open, true),
            isNotNull(bookingTodos.todoId),
            inArray(bookingTodos.todoId, closing),
          ),
        )
        .returning({ id: bookingTodos.id });
    },

    /** Closes a booking's open todos of these codes; answers those closed. */
    async closeCodes(tx: Tx, bookingId: number, codes: readonly string[], userId: number | null) {
      const now = new Date();
      return tx
        .update(bookingTodos)
        .set({ open: false, solvedAt: now, editedBy: userId, updatedAt: now })
        .where(
          and(
            eq(bookingTodos.bookingId, bookingId),
            eq(bookingTodos.open, true),
            inArray(bookingTodos.code, [...codes]),
          ),
        )
        .returning({ id: bookingTodos.id });
    },

    async solve(tx: Tx, bookingId: number, id: number, userId: number) {
      const now = new Date();
      const [row] = await tx
        .update(bookingTodos)
        .set({ open: false, solvedAt: now, editedBy: userId, updatedAt: now })
        .where(and(eq(bookingTodos.id, id), eq(bookingTodos.bookingId, bookingId)))
        .returning();
      return row;
    },

    /**
     * Confirmed, unresolved stays that began by `arrivedBy` and still run on `today`, with a room entry not
     * checked in, and no noShow todo yet (open or solved: staff decide once).
     */
    async noShowCandidates(ex: Executor, arrivedBy: string, today: string) {
      const rows = await ex
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.state, 'confirmed'),
            eq(bookings.resolved, false),
            sql`${bookings.from} <= ${arrivedBy}`,
            sql`${bookings.to} >= ${today}`,
            sql`exists (select 1 from ${bookingRooms} where ${bookingRooms.bookingId} = ${bookings.id} and ${bookingRooms.checkIn} is null)`,
            sql`not exists (select 1 from ${bookingTodos} where ${bookingTodos.bookingId} = ${bookings.id} and ${bookingTodos.code} = 'noShow')`,
          ),
        )
        .orderBy(asc(bookings.id));
      return rows.map((r) => r.id);
    },

    /** Whether this transaction holds the job's advisory lock (another instance running it: false). */
    async tryJobLock(tx: Tx, key: number) {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
      const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
      return rows[0]?.locked === true;
    },

    /** One page of todos with their booking's number and dates. */
    async list(
      ex: Executor,
      { where, order }: TTodoListQuery,
      page: { limit: number; offset: number },
    ): Promise<{ rows: TTodoListItem[]; total: number }> {
      const [totalRow] = await ex
        .select({ total: count() })
        .from(bookingTodos)
        .innerJoin(bookings, eq(bookings.id, bookingTodos.bookingId))
        .where(where);
      const rows = await ex
        .select({
          todo: bookingTodos,
          bookingNumber,
          bookingState: bookings.state,
          bookingFrom: bookings.from,
          bookingTo: bookings.to,
        })
        .from(bookingTodos)
        .innerJoin(bookings, eq(bookings.id, bookingTodos.bookingId))
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset);
      return {
        total: totalRow?.total ?? 0,
        rows: rows.map((r) => ({
          ...toBookingTodo(r.todo),
          bookingNumber: r.bookingNumber,
          bookingState: r.bookingState,
          bookingFrom: r.bookingFrom,
          bookingTo: r.bookingTo,
        })),
      };
    },
  };
}
export type TTodosRepository = ReturnType<typeof createTodosRepository>;
