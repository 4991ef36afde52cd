import { hasScope } from '@atoll/domain/scopes';
import type { TCreateUser, TSessionUser, TUpdateUser } from '@atoll/domain/users';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userLogins, userRoles, users } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import type { TUserRow } from './users.repository.ts';

const isAdmin = (scopes: readonly string[]) => scopes.includes('admin');

/** Nobody hands out a right they do not hold: a non-admin may grant only scopes they have themselves. */
export function assertCanGrant(actor: TSessionUser, scopes: readonly string[]) {
  if (isAdmin(actor.scopes)) return;
  const denied = scopes.filter((s) => s === 'admin' || !hasScope(actor.scopes, [s]));
  if (denied.length) {
    throw new AppError(403, 'FORBIDDEN', `You cannot grant scopes you do not hold: ${denied.join(', ')}`);
  }
}

async function roleScopes(tx: Tx, roleIds: readonly number[]) {
  if (roleIds.length === 0) return [];
  const rows = await tx
    .select({ id: userRoles.id, scopes: userRoles.scopes })
    .from(userRoles)
    .where(sql`${userRoles.id} = any(${sql.param([...roleIds])}::int[])`);
  if (rows.length !== new Set(roleIds).size) throw badRequest('A role does not exist', 'roleIds');
  return rows.flatMap((r) => r.scopes);
}

export function createUsersService(deps: { db: Db; settings: TSettingsService }) {
  async function userValues(
    ctx: { user: TSessionUser; tx: Tx },
    input: TCreateUser | TUpdateUser,
    existing?: TUserRow,
  ) {
    const { user: actor, tx } = ctx;
    if (existing && isAdmin(existing.scopes) && !isAdmin(actor.scopes)) throw forbidden();
    if (input.permissions) assertCanGrant(actor, input.permissions.scope);
    if (input.roleIds) assertCanGrant(actor, await roleScopes(tx, input.roleIds));
    const values: Partial<typeof users.$inferInsert> = {};
    if (input.email !== undefined) values.email = input.email.trim();
    if (input.name !== undefined) values.name = input.name;
    if (input.phone !== undefined) values.phone = input.phone ?? null;
    if (input.userType !== undefined) values.userType = input.userType;
    if (input.agencyId !== undefined) values.agencyId = input.agencyId ?? null;
    if (input.customerId !== undefined) values.customerId = input.customerId ?? null;
    if (input.permissions) values.scopes = [...new Set(input.permissions.scope)];
    if (input.roleIds) values.roleIds = [...new Set(input.roleIds)];
    if (input.settings) values.settings = { ...((existing?.settings as object) ?? {}), ...input.settings };
    if (input.notifications) values.notifications = input.notifications;
    if (input.activeAsset !== undefined) values.activeAsset = input.activeAsset ?? null;
    if (input.resorts) values.resorts = input.resorts;
    if (input.vessels) values.vessels = input.vessels;
    if (input.isCRMUser !== undefined) values.isCrmUser = input.isCRMUser;
    if (input.password !== undefined) {
      const min = await deps.settings.minPasswordLength();
      if (input.password.length < min) {
        throw new AppError(400, 'PASSWORD_TOO_SHORT', `The password needs at least ${min} characters`);
      }
      values.passwordHash = await hashPassword(input.password);
    }
    // Staff create accounts for people they know; the address needs no confirmation then.
    if (!existing) values.verifiedAt = new Date();
    return values;
  }

  return {
    userValues,
    async beforeDeleteUser(ctx: { user: TSessionUser }, row: TUserRow) {
      if (row.id === ctx.user.id) throw badRequest('You cannot delete your own account', 'id');
      if (isAdmin(row.scopes) && !isAdmin(ctx.user.scopes)) throw forbidden();
    },
    async copyUser(ctx: { user: TSessionUser }, row: TUserRow) {
      if (isAdmin(row.scopes) && !isAdmin(ctx.user.scopes)) throw forbidden();
      // A copy is a template for a new colleague: same rights, no identity, no password.
      const suffix = Date.now().toString(36);
      const [local, domain] = row.email.split('@');
      return {
        email: `${local}+copy-${suffix}@${domain}`,
        name: `${row.name} (copy)`,
        userType: row.userType,
        scopes: row.scopes,
        roleIds: row.roleIds,
        settings: row.settings,
        resorts: row.resorts,
        vessels: row.vessels,
        agencyId: row.agencyId,
        isCrmUser: row.isCrmUser,
        verifiedAt: null,
      };
    },
    async logins(query: { page: number; size: number; userId?: number | undefined }) {
      const where = query.userId ? eq(userLogins.userId, query.userId) : undefined;
      const [total] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(userLogins).where(where);
      const rows = await deps.db
        .select()
        .from(userLogins)
        .where(where)
        .orderBy(desc(userLogins.createdAt), desc(userLogins.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      return {
        data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: total?.n ?? 0,
        page: query.page,
        size: query.size,
      };
    },
    async roles() {
      return deps.db
        .select({ id: userRoles.id, name: userRoles.name })
        .from(userRoles)
        .orderBy(userRoles.name);
    },
    async roleValues(
      ctx: { user: TSessionUser },
      input: { name?: string; description?: string | null; scopes?: string[] },
    ) {
      if (input.scopes) assertCanGrant(ctx.user, input.scopes);
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description ?? null } : {}),
        ...(input.scopes ? { scopes: [...new Set(input.scopes)] } : {}),
      };
    },
    /** A deleted role leaves no dangling reference on users. */
    async beforeDeleteRole(ctx: { tx: Tx }, role: { id: number }) {
      await ctx.tx
        .update(users)
        .set({ roleIds: sql`array_remove(${users.roleIds}, ${role.id})` })
        .where(sql`${role.id} = any(${users.roleIds})`);
    },
  };
}
export type TUsersService = ReturnType<typeof createUsersService>;
