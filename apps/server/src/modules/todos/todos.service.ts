import type { TListQuery } from '@atoll/domain/list';
import { hasScope } from '@atoll/domain/scopes';
import type { TBookingTodo, TTodo, TTodoListItem } from '@atoll/domain/todos';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { lockBooking } from '../bookings/booking-lock.ts';
import { createBookingsRepository } from '../bookings/bookings.repository.ts';
import { recordVersion } from '../bookings/write/booking-versions.ts';
import {
  createTodosRepository,
  type TTodoListKind,
  toBookingTodo,
  todoListQuery,
  toTodo,
} from './todos.repository.ts';

const bookingRepo = createBookingsRepository();

// The todo calls of spec booking §7 "Todos": the rules (definitions), the lists open / own / all, and
// solve, which is a write on the booking (its version lock, a version row, has_open_todos).

export const TODO_READ = ['todo.read', 'todo.update'];
export const TODO_UPDATE = ['todo.update'];

export type { TTodoListKind };

const CSV_BATCH = 500;
const CSV_COLUMNS = [
  'id',
  'bookingId',
  'bookingNumber',
  'bookingFrom',
  'due',
  'code',
  'group',
  'text',
  'open',
  'solvedAt',
] as const satisfies readonly (keyof TTodoListItem)[];

export function createTodosService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createTodosRepository();
  const assertScope = (user: TSessionUser, scopes: string[]) => {
    if (!hasScope(user.scopes, scopes)) throw forbidden();
  };

  return {
    /** The definitions with their due rules, system ones first. Scopes: todo.read or todo.update. */
    async rules(user: TSessionUser): Promise<TTodo[]> {
      assertScope(user, TODO_READ);
      return (await repo.definitions(db)).map(toTodo);
    },

    /** One page of todos of the bookings the user may see. Scopes: todo.read or todo.update. */
    async list(
      user: TSessionUser,
      kind: TTodoListKind,
      query: TListQuery,
    ): Promise<{ data: TTodoListItem[]; total: number; page: number; size: number }> {
      assertScope(user, TODO_READ);
      const size = query.size === 0 ? MAX_LIST_ROWS : Math.min(query.size, MAX_LIST_ROWS);
      const { rows, total } = await repo.list(db, todoListQuery(user, kind, query), {
        limit: size,
        offset: (query.page - 1) * size,
      });
      return { data: rows, total, page: query.page, size };
    },

    /** The same list as CSV rows (the column names first), in batches, at most MAX_LIST_ROWS rows. */
    async *csv(user: TSessionUser, kind: TTodoListKind, query: TListQuery) {
      assertScope(user, TODO_READ);
      const listQuery = todoListQuery(user, kind, query);
      yield CSV_COLUMNS;
      for (let offset = 0; offset < MAX_LIST_ROWS; offset += CSV_BATCH) {
        const { rows } = await repo.list(db, listQuery, { limit: CSV_BATCH, offset });
        for (const row of rows) yield CSV_COLUMNS.map((c) => row[c]);
        if (rows.length < CSV_BATCH) return;
      }
    },

    /**
     * Solves a todo of a booking: closed, solvedAt, editedBy; the booking's has_open_todos follows and
     * it gets a version row. `version` null skips the comparison. Scopes: todo.update.
     */
    async solve(
      user: TSessionUser,
      bookingId: number,
      todoId: number,
      version: number | null,
    ): Promise<TBookingTodo> {
      assertScope(user, TODO_UPDATE);
      return db.transaction(async (tx) => {
        const row = await lockBooking(tx, user, bookingId, version);
        const before = await bookingRepo.loadBooking(tx, bookingId);
        const todo = await repo.todoOfBooking(tx, bookingId, todoId);
        if (!todo) throw notFound('Todo');
        if (!todo.open) throw new AppError(409, 'INVALID_STATE', 'The todo is solved already');
        const solved = await repo.solve(tx, bookingId, todoId, user.id);
        if (!solved) throw notFound('Todo');
        await repo.syncOpenFlag(tx, bookingId);
        await recordVersion(tx, {
          bookingId,
          version: row.version,
          userId: user.id,
          action: 'solveTodo',
          ...(before ? { before } : {}),
        });
        return toBookingTodo(solved);
      });
    },
  };
}

export type TTodosService = ReturnType<typeof createTodosService>;
