import { DEFAULT_MIN_PASSWORD_LENGTH } from '@atoll/domain/constants';
import { hasScope } from '@atoll/domain/scopes';
import type { TCreateUser, TSessionUser, TUpdateUser } from '@atoll/domain/users';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { hashPassword } from './passwords.ts';
import { createUsersRepository, type TNewUserRow, type TUserRow } from './users.repository.ts';

const repository = createUsersRepository();
const settingsRepository = createSettingsRepository();

const isAdmin = (scopes: readonly string[]) => scopes.includes('admin');

/**
 * Whether holding `held` lets one hand out `scope`. The matcher's rule that a required wildcard is met
 * by any matching scope suits route checks, not grants: holding bookings.read must not let one grant
 * bookings.* (or b*). A wildcard is grantable only under a held wildcard that covers it.
 */
function canGrant(held: readonly string[], scope: string): boolean {
  if (scope === 'admin') return false;
  if (!scope.endsWith('*') || scope.startsWith('$view.')) return hasScope(held, [scope]);
  const prefix = scope.slice(0, -1);
  return held.some(
    (h) =>
      h === scope ||
      (h.length > 1 && h.endsWith('*') && !h.startsWith('$view.') && prefix.startsWith(h.slice(0, -1))),
  );
}

/** Nobody hands out a right they do not hold: a non-admin may grant only scopes they have themselves. */
export function assertCanGrant(actor: TSessionUser, scopes: readonly string[]) {
  if (isAdmin(actor.scopes)) return;
  const denied = [...new Set(scopes.filter((s) => !canGrant(actor.scopes, s)))];
  if (denied.length) {
    throw new AppError(403, 'FORBIDDEN', `You cannot grant scopes you do not hold: ${denied.join(', ')}`);
  }
}

/** The scopes of the roles `added` of `roleIds`; every one of `roleIds` must exist. */
async function roleScopes(tx: Tx, roleIds: readonly number[], added: (id: number) => boolean) {
  if (roleIds.length === 0) return [];
  const rows = await repository.rolesOf(tx, roleIds);
  if (rows.length !== new Set(roleIds).size) throw badRequest('A role does not exist', 'roleIds');
  return rows.filter((r) => added(r.id)).flatMap((r) => r.scopes);
}

/** Own scopes plus those of the roles: an administrator by role is an administrator. */
async function effectiveScopes(tx: Tx, row: Pick<TUserRow, 'scopes' | 'roleIds'>) {
  if (row.roleIds.length === 0) return row.scopes;
  const roles = await repository.rolesOf(tx, row.roleIds);
  return [...row.scopes, ...roles.flatMap((r) => r.scopes)];
}

/**
 * The installation's minimum password length, read in the write's own transaction: the settings
 * service reads through the pool, which on PGlite (one connection) waits for this very
 * transaction forever, and on PostgreSQL needs a second connection per request.
 */
async function minPasswordLength(tx: Tx) {
  const n = await settingsRepository.value(tx, 'auth', 'minPasswordLength');
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : DEFAULT_MIN_PASSWORD_LENGTH;
}

/** Only an administrator touches an administrator's account. */
async function assertMayManage(tx: Tx, actor: TSessionUser, row: TUserRow) {
  if (isAdmin(actor.scopes)) return;
  if (isAdmin(await effectiveScopes(tx, row))) throw forbidden();
}

export function createUsersService(deps: { db: Db; settings: TSettingsService }) {
  async function userValues(
    ctx: { user: TSessionUser; tx: Tx },
    input: TCreateUser | TUpdateUser,
    existing?: TUserRow,
  ) {
    const { user: actor, tx } = ctx;
    if (existing) await assertMayManage(tx, actor, existing);
    // What the user already has is no grant: an edit checks only what it adds.
    if (input.permissions) {
      const had = new Set(existing?.scopes ?? []);
      assertCanGrant(
        actor,
        input.permissions.scope.filter((s) => !had.has(s)),
      );
    }
    if (input.roleIds) {
      const had = new Set(existing?.roleIds ?? []);
      assertCanGrant(actor, await roleScopes(tx, input.roleIds, (id) => !had.has(id)));
    }
    const values: Partial<TNewUserRow> = {};
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
      const min = await minPasswordLength(tx);
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
    async beforeDeleteUser(ctx: { user: TSessionUser; tx: Tx }, row: TUserRow) {
      if (row.id === ctx.user.id) throw badRequest('You cannot delete your own account', 'id');
      await assertMayManage(ctx.tx, ctx.user, row);
    },
    async copyUser(ctx: { user: TSessionUser; tx: Tx }, row: TUserRow) {
      await assertMayManage(ctx.tx, ctx.user, row);
      // A copy creates a user with the source's rights, so it is a grant of all of them.
      assertCanGrant(ctx.user, await effectiveScopes(ctx.tx, row));
      // A copy is a template for a new colleague: same rights, no identity, no password.
      const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
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
      const { total, rows } = await repository.loginPage(deps.db, query.userId, {
        size: query.size,
        offset: (query.page - 1) * query.size,
      });
      return {
        data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
        page: query.page,
        size: query.size,
      };
    },
    async roles() {
      return repository.roleNames(deps.db);
    },
    async roleValues(
      ctx: { user: TSessionUser },
      input: {
        name?: string | undefined;
        description?: string | null | undefined;
        scopes?: string[] | undefined;
      },
      existing?: { scopes: string[] },
    ) {
      // Only an administrator changes a role that makes administrators.
      if (existing && isAdmin(existing.scopes) && !isAdmin(ctx.user.scopes)) throw forbidden();
      const had = new Set(existing?.scopes ?? []);
      if (input.scopes)
        assertCanGrant(
          ctx.user,
          input.scopes.filter((s) => !had.has(s)),
        );
      return {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description ?? null } : {}),
        ...(input.scopes ? { scopes: [...new Set(input.scopes)] } : {}),
      };
    },
    /** A deleted role leaves no dangling reference on users. */
    async beforeDeleteRole(ctx: { user: TSessionUser; tx: Tx }, role: { id: number; scopes: string[] }) {
      if (isAdmin(role.scopes) && !isAdmin(ctx.user.scopes)) throw forbidden();
      await repository.removeRoleFromUsers(ctx.tx, role.id);
    },
  };
}
export type TUsersService = ReturnType<typeof createUsersService>;
