import { type TUser, ZUserSettings } from '@atoll/domain/users';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema.ts';

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
