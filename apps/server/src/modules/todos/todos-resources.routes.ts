import {
  dueDate,
  type TCalcType,
  type TCreateBookingTodo,
  type TUpdateBookingTodo,
  ZBookingTodo,
  ZCreateBookingTodo,
  ZCreateTodo,
  ZTodo,
  ZUpdateBookingTodo,
  ZUpdateTodo,
} from '@atoll/domain/todos';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db } from '../../db/client.ts';
import { bookingTodos, todos } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { defined, registerResource, type TWriteContext } from '../../http/resource.ts';
import { dueDatesOf } from './raise-todos.flow.ts';
import {
  createTodosRepository,
  type TBookingTodoRow,
  type TTodoRow,
  toBookingTodo,
  toTodo,
} from './todos.repository.ts';
import { TODO_READ } from './todos.service.ts';

// The generic calls (ADR 0003) of /api/todo (definitions) and /api/todoitem (the todos of bookings).
// System definitions (with a code) may be edited or switched off, never deleted or copied as such.
// A write on a booking's todo keeps its has_open_todos in the same transaction.

const repo = createTodosRepository();

/** Only what the body names: a partial update leaves the rest alone. */
/** A new todo of a booking the user may see: its definition's text and due date unless the body says. */
async function newItemValues({ user, tx }: TWriteContext, input: TCreateBookingTodo) {
  const booking = await repo.bookingDates(tx, input.bookingId, bookingVisibility(user));
  if (!booking) throw badRequest('The booking does not exist', 'bookingId');
  const def = input.todoId === null ? undefined : await repo.definition(tx, input.todoId);
  if (input.todoId !== null && !def) throw badRequest('The todo definition does not exist', 'todoId');
  const text = input.text || def?.text || def?.name;
  if (!text) throw badRequest('A todo without a definition needs a text', 'text');
  const dates = dueDatesOf(booking);
  const due =
    input.due !== undefined
      ? input.due
      : def
        ? dueDate({ calcType: def.calcType as TCalcType, value: def.value }, dates)
        : null;
  return {
    bookingId: input.bookingId,
    todoId: def?.id ?? null,
    code: def?.code ?? null,
    group: input.group ?? def?.group ?? '',
    text,
    due,
    open: input.open,
    predefined: def?.predefined ?? false,
    editedBy: user.id,
    solvedAt: input.open ? null : new Date(),
  };
}

function changedItemValues({ user }: TWriteContext, input: TUpdateBookingTodo, existing: TBookingTodoRow) {
  const values: Record<string, unknown> = { ...defined(input), editedBy: user.id };
  if (input.open === false && existing.open) values.solvedAt = new Date();
  if (input.open === true) values.solvedAt = null;
  return values;
}

export function registerTodoResources(app: FastifyInstance, db: Db) {
  registerResource(app, db, {
    name: 'todo',
    base: '/api/todo',
    table: todos,
    id: todos.id,
    fields: {
      id: { column: todos.id, type: 'number', sort: true, filter: true },
      name: { column: todos.name, type: 'string', sort: true, filter: true, search: true },
      group: { column: todos.group, type: 'string', sort: true, filter: true, search: true },
      text: { column: todos.text, type: 'string', filter: true, search: true },
      code: { column: todos.code, type: 'string', sort: true, filter: true },
      calcType: { column: todos.calcType, type: 'string', sort: true, filter: true },
      predefined: { column: todos.predefined, type: 'boolean', sort: true, filter: true },
      isActive: { column: todos.isActive, type: 'boolean', sort: true, filter: true },
    },
    output: ZTodo,
    toOutput: toTodo as (row: never) => z.infer<typeof ZTodo>,
    create: ZCreateTodo,
    update: ZUpdateTodo,
    access: { read: TODO_READ, create: ['todo.create'], update: ['todo.update'], delete: ['todo.delete'] },
    toValues: async (_ctx, input) => {
      const values = defined(input);
      if (Array.isArray(values.autoAdd)) values.autoAdd = [...new Set(values.autoAdd)];
      return values;
    },
    // A copy is the operator's own: the system code stays unique to the original.
    copyValues: async (_ctx, row: TTodoRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, code: _code, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, predefined: false };
    },
    beforeDelete: async (_ctx, row: TTodoRow) => {
      if (row.code !== null)
        throw new AppError(409, 'IN_USE', 'A system todo cannot be deleted: switch it off instead');
    },
  });

  registerResource(app, db, {
    name: 'todoitem',
    base: '/api/todoitem',
    table: bookingTodos,
    id: bookingTodos.id,
    fields: {
      id: { column: bookingTodos.id, type: 'number', sort: true, filter: true },
      bookingId: { column: bookingTodos.bookingId, type: 'number', sort: true, filter: true },
      todoId: { column: bookingTodos.todoId, type: 'number', sort: true, filter: true },
      code: { column: bookingTodos.code, type: 'string', sort: true, filter: true },
      group: { column: bookingTodos.group, type: 'string', sort: true, filter: true, search: true },
      text: { column: bookingTodos.text, type: 'string', sort: true, filter: true, search: true },
      due: { column: bookingTodos.due, type: 'date', sort: true, filter: true },
      open: { column: bookingTodos.open, type: 'boolean', sort: true, filter: true },
      createdAt: { column: bookingTodos.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZBookingTodo,
    toOutput: toBookingTodo as (row: never) => z.infer<typeof ZBookingTodo>,
    create: ZCreateBookingTodo,
    update: ZUpdateBookingTodo,
    access: {
      read: TODO_READ,
      create: ['todo.create', 'todo.update'],
      update: ['todo.update'],
      delete: ['todo.delete'],
    },
    // Only todos of bookings the user may see (their resorts and vessels).
    assets: (user) => repo.ofVisibleBookings(db, bookingVisibility(user)),
    toValues: async (ctx, input, existing?: TBookingTodoRow) =>
      existing
        ? changedItemValues(ctx, input as TUpdateBookingTodo, existing)
        : newItemValues(ctx, input as TCreateBookingTodo),
    afterWrite: async ({ tx }, row: TBookingTodoRow) => repo.syncOpenFlag(tx, row.bookingId),
    afterCopy: async ({ tx }, _source, copy: TBookingTodoRow) => repo.syncOpenFlag(tx, copy.bookingId),
    beforeDelete: async ({ tx }, row: TBookingTodoRow) => repo.syncOpenFlag(tx, row.bookingId, row.id),
  });
}
