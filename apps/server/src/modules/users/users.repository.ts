import { type TUser, ZUserSettings } from '@atoll/domain/users';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userLogins, userRoles, users } from '../../db/schema.ts';

export type TUserRow = typeof users.$inferSelect;
export type TNewUserRow = typeof users.$inferInsert;

/** The API shape of a user; never carries the password hash. */
export function toUser(row: TUserRow): TUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    userType: row.userType as TUser['userType'],
    agencyId: row.agencyId,
    customerId: row.customerId,
    permissions: { scope: row.scopes },
    roleIds: row.roleIds,
    settings: ZUserSettings.parse(row.settings ?? {}),
    notifications: (row.notifications ?? {}) as Record<string, unknown>,
    activeAsset: (row.activeAsset ?? null) as TUser['activeAsset'],
    resorts: row.resorts,
    vessels: row.vessels,
    isCRMUser: row.isCrmUser,
    verified: row.verifiedAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createUsersRepository() {
  return {
    async findById(ex: Executor, id: number) {
      const [row] = await ex.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(ex: Executor, email: string) {
      const [row] = await ex.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },
    async insert(ex: Executor, values: TNewUserRow) {
      const [row] = await ex.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(ex: Executor, id: number, values: Partial<TNewUserRow>) {
      const [row] = await ex
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    /** The roles of these ids (those that exist) with their scopes. */
    rolesOf(ex: Executor, roleIds: readonly number[]) {
      return ex
        .select({ id: userRoles.id, scopes: userRoles.scopes })
        .from(userRoles)
        .where(sql`${userRoles.id} = any(${sql.param([...roleIds])}::int[])`);
    },
    /** Every role's id and name, by name. */
    roleNames(ex: Executor) {
      return ex.select({ id: userRoles.id, name: userRoles.name }).from(userRoles).orderBy(userRoles.name);
    },
    /** Takes the role off every user that has it. */
    async removeRoleFromUsers(ex: Executor, roleId: number) {
      await ex
        .update(users)
        .set({ roleIds: sql`array_remove(${users.roleIds}, ${roleId})` })
        .where(sql`${roleId} = any(${users.roleIds})`);
    },
    /** A page of the login log (of one user, when given), newest first, and how many there are. */
    async loginPage(ex: Executor, userId: number | undefined, page: { size: number; offset: number }) {
      const where = userId ? eq(userLogins.userId, userId) : undefined;
      const [total] = await ex.select({ n: sql<number>`count(*)::int` }).from(userLogins).where(where);
      const rows = await ex
        .select()
        .from(userLogins)
        .where(where)
        .orderBy(desc(userLogins.createdAt), desc(userLogins.id))
        .limit(page.size)
        .offset(page.offset);
      return { total: total?.n ?? 0, rows };
    },
    /** Own scopes plus those of the user's roles. */
    async effectiveScopes(ex: Executor, row: Pick<TUserRow, 'scopes' | 'roleIds'>) {
      if (row.roleIds.length === 0) return [...row.scopes];
      const roles = await ex
        .select({ scopes: userRoles.scopes })
        .from(userRoles)
        .where(sql`${userRoles.id} = any(${sql.param(row.roleIds)}::int[])`);
      return [...new Set([...row.scopes, ...roles.flatMap((r) => r.scopes)])];
    },
  };
}
export type TUsersRepository = ReturnType<typeof createUsersRepository>;
