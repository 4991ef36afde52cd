import { listAnswer, ZListCsvQuery, ZListQuery } from '@atoll/domain/list';
import { ZBookingTodo, ZTodo, ZTodoListItem } from '@atoll/domain/todos';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actor } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { sentVersion } from '../bookings/booking-lock.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { TODO_READ, TODO_UPDATE, type TTodoListKind, type TTodosService } from './todos.service.ts';
import { registerTodoResources } from './todos-resources.routes.ts';

// Spec booking §7 "Todos" and the base paths /api/todo (definitions) and /api/todoitem (the todos of
// bookings). Office only: todo.read / todo.update (admin holds every scope); agents and customers 403.
// The feature switch `todo` off: every todo call answers 404, as the web's guard hides the screen.

const tags = ['todos'];
const TODO_PATHS = ['/api/todo', '/api/todoitem'];
const ZSolveParams = z.object({ bookingId: ZIdParams.shape.id, todoId: ZIdParams.shape.id });
const ZSolveQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

const isTodoRoute = (url: string | undefined) =>
  url !== undefined && TODO_PATHS.some((p) => url === p || url.startsWith(`${p}/`));

export function registerTodosRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; todos: TTodosService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.todos;

  // After the access check (401/403 first), before validation: a switched-off module is not there.
  app.addHook('preValidation', async (request) => {
    if (!isTodoRoute(request.routeOptions.url)) return;
    if (!(await deps.settings.features()).todo) throw notFound();
  });

  r.get(
    '/api/todo/rules',
    {
      config: { access: { scopes: TODO_READ } },
      schema: {
        tags,
        summary: 'The todo definitions with their due rules',
        response: { 200: z.array(ZTodo) },
      },
    },
    async (request) => service.rules(actor(request)),
  );

  const list = (path: string, kind: TTodoListKind, summary: string) =>
    r.get(
      path,
      {
        config: { access: { scopes: TODO_READ } },
        schema: { tags, summary, querystring: ZListQuery, response: { 200: listAnswer(ZTodoListItem) } },
      },
      async (request) => service.list(actor(request), kind, request.query),
    );
  const csv = (path: string, kind: TTodoListKind) =>
    r.get(
      `${path}/listCSV`,
      { config: { access: { scopes: TODO_READ } }, schema: { tags, querystring: ZListCsvQuery } },
      async (request, reply) => {
        return sendCsv(request, reply, service.csv(actor(request), kind, request.query), 'todos.csv');
      },
    );
  for (const [path, kind] of [
    ['/api/todo/open', 'open'],
    ['/api/todo/own', 'own'],
    ['/api/todo/allTodos', 'all'],
  ] as const)
    csv(path, kind);

  list('/api/todo/open', 'open', 'Open todos of the bookings the user may see');
  list('/api/todo/own', 'own', 'Open todos of bookings the user entered or todos the user edited');
  list('/api/todo/allTodos', 'all', 'All todos, open and solved: paged, filtered and searched');

  r.post(
    '/api/todo/solve/:bookingId/:todoId',
    {
      config: { access: { scopes: TODO_UPDATE } },
      schema: {
        tags,
        summary: 'Solves a todo of a booking (a booking write: version row, If-Match or ?version optional)',
        params: ZSolveParams,
        querystring: ZSolveQuery,
        response: { 200: ZBookingTodo },
      },
    },
    async (request) =>
      service.solve(
        actor(request),
        request.params.bookingId,
        request.params.todoId,
        sentVersion(request.headers, request.query.version),
      ),
  );

  registerTodoResources(app, deps.db);
}
