import { scopeGroups } from '@atoll/domain/scopes/catalogue';
import {
  type TSessionUser,
  USER_TYPES,
  ZChangeOwnPassword,
  ZCreateRole,
  ZCreateUser,
  ZRole,
  ZSessionUser,
  ZSetPassword,
  ZUpdateSelf,
  ZUpdateUser,
  ZUser,
} from '@atoll/domain/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema.ts';
import { actor, presentedToken } from '../../http/access.ts';
import { ZIdParams, ZOk } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import { type TUserRow, type TUsersRepository, toUser } from './users.repository.ts';
import type { TUsersService } from './users.service.ts';

const tags = ['users'];

/**
 * The password changes of the auth service, which these routes offer. Auth sits above users (it reads their
 * repository and grant rule), so this module names what it needs instead of importing the service's type.
 */
type TPasswordChanges = {
  changeOwnPassword(
    actor: TSessionUser,
    currentToken: string | undefined,
    input: z.infer<typeof ZChangeOwnPassword>,
  ): Promise<void>;
  setPassword(
    actor: TSessionUser,
    currentToken: string | undefined,
    userId: number,
    input: z.infer<typeof ZSetPassword>,
  ): Promise<void>;
};

export function registerUsersRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    auth: TPasswordChanges;
    service: TUsersService;
    repository: TUsersRepository;
    rateLimit: number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth, service } = deps;

  // Static paths first in the file for the reader; the router gives them precedence over /:id anyway.
  r.get(
    '/api/users/self',
    {
      config: { access: { scopes: ['$$IsAuthorized$$'] } },
      schema: { tags, response: { 200: ZSessionUser } },
    },
    async (request) => actor(request),
  );

  r.post(
    '/api/users/self',
    {
      config: { access: { scopes: ['$$IsAuthorized$$'] } },
      schema: { tags, body: ZUpdateSelf, response: { 200: ZSessionUser } },
    },
    async (request) => {
      const me = actor(request);
      const body = request.body;
      const row = await deps.repository.update(db, me.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.phone !== undefined ? { phone: body.phone ?? null } : {}),
        ...(body.settings ? { settings: { ...me.settings, ...body.settings } } : {}),
        ...(body.notifications ? { notifications: body.notifications } : {}),
        ...(body.activeAsset !== undefined ? { activeAsset: body.activeAsset ?? null } : {}),
      });
      if (!row) throw new Error('own user vanished');
      return { ...toUser(row), scopes: me.scopes };
    },
  );

  r.post(
    '/api/users/self/password',
    {
      // Limited like login: a stolen session must not become a way to guess the password.
      config: {
        access: { scopes: ['$$IsAuthorized$$'] },
        rateLimit: { max: deps.rateLimit, timeWindow: '1 minute' },
      },
      schema: { tags, body: ZChangeOwnPassword, response: { 200: ZOk } },
    },
    async (request) => {
      await auth.changeOwnPassword(actor(request), presentedToken(request), request.body);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/users/:id/password',
    {
      config: { access: { scopes: ['$$IsAuthorized$$'] } },
      schema: { tags, params: ZIdParams, body: ZSetPassword, response: { 200: ZOk } },
    },
    async (request) => {
      await auth.setPassword(actor(request), presentedToken(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/users/types',
    { config: { access: { scopes: ['users.read'] } }, schema: { tags } },
    async () => [...USER_TYPES],
  );

  r.get(
    '/api/users/roles',
    {
      config: { access: { scopes: ['users.read'] } },
      schema: { tags, response: { 200: z.array(z.object({ id: z.number().int(), name: z.string() })) } },
    },
    async () => service.roles(),
  );

  r.get(
    '/api/users/logins',
    {
      config: { access: { scopes: ['users.read'] } },
      schema: {
        tags,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          size: z.coerce.number().int().min(1).max(500).default(25),
          userId: z.coerce.number().int().positive().optional(),
        }),
      },
    },
    async (request) => service.logins(request.query),
  );

  registerResource(app, db, {
    name: 'users',
    base: '/api/users',
    table: users,
    id: users.id,
    fields: {
      id: { column: users.id, type: 'number', sort: true, filter: true },
      email: { column: users.email, type: 'string', sort: true, filter: true, search: true },
      name: { column: users.name, type: 'string', sort: true, filter: true, search: true },
      phone: { column: users.phone, type: 'string', filter: true, search: true },
      userType: { column: users.userType, type: 'string', sort: true, filter: true },
      agencyId: { column: users.agencyId, type: 'number', sort: true, filter: true },
      customerId: { column: users.customerId, type: 'number', sort: true, filter: true },
      lastLoginAt: { column: users.lastLoginAt, type: 'datetime', sort: true, filter: true },
      createdAt: { column: users.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZUser,
    toOutput: toUser as (row: never) => z.infer<typeof ZUser>,
    create: ZCreateUser,
    update: ZUpdateUser,
    access: {
      read: ['users.read'],
      create: ['users.create'],
      update: ['users.update'],
      delete: ['users.delete'],
    },
    self: { scopes: ['users.self'], where: (user) => eq(users.id, user.id) },
    toValues: (ctx, input, existing?: TUserRow) => service.userValues(ctx, input, existing),
    copyValues: (ctx, row: TUserRow) => service.copyUser(ctx, row),
    beforeDelete: (ctx, row: TUserRow) => service.beforeDeleteUser(ctx, row),
  });

  r.get(
    '/api/userrole/groups',
    {
      config: { access: { scopes: ['users.read', 'users.update'] } },
      schema: {
        tags: ['userrole'],
        response: { 200: z.array(z.object({ group: z.string(), scopes: z.array(z.string()) })) },
      },
    },
    async () => scopeGroups(),
  );

  const toRole = (row: typeof userRoles.$inferSelect) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  registerResource(app, db, {
    name: 'userrole',
    base: '/api/userrole',
    table: userRoles,
    id: userRoles.id,
    fields: {
      id: { column: userRoles.id, type: 'number', sort: true, filter: true },
      name: { column: userRoles.name, type: 'string', sort: true, filter: true, search: true },
      description: { column: userRoles.description, type: 'string', filter: true, search: true },
    },
    output: ZRole,
    toOutput: toRole as (row: never) => z.infer<typeof ZRole>,
    create: ZCreateRole,
    update: ZCreateRole.partial(),
    access: {
      read: ['users.read', 'users.update'],
      create: ['users.update'],
      update: ['users.update'],
      delete: ['users.update'],
    },
    toValues: (ctx, input, existing?: typeof userRoles.$inferSelect) =>
      service.roleValues(ctx, input, existing),
    copyValues: async (ctx, row: typeof userRoles.$inferSelect) => ({
      ...(await service.roleValues(ctx, { scopes: row.scopes })),
      name: `${row.name} (copy ${Date.now().toString(36)})`,
      description: row.description,
    }),
    beforeDelete: (ctx, row: typeof userRoles.$inferSelect) => service.beforeDeleteRole(ctx, row),
  });
}
