import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens, oneTimeTokens, userLogins, users } from '../../db/schema.ts';

export type TOneTimeKind = 'reset' | 'verify' | 'jump';

const sessionQuery = (ex: Executor) =>
  ex
    .select({
      token: authTokens,
      user: users,
      roleScopes: sql<
        string[]
      >`coalesce((select array_agg(distinct s) from user_roles r, unnest(r.scopes) s where r.id = any(${users.roleIds})), '{}')`,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, sql.placeholder('hash')), isNull(authTokens.revokedAt)));

const preparedSessions = new WeakMap<Executor, ReturnType<ReturnType<typeof sessionQuery>['prepare']>>();

export function createAuthRepository() {
  return {
    async insertToken(
      ex: Executor,
      values: {
        tokenHash: string;
        userId: number;
        expiresAt: Date;
        device?: string | null;
        ip?: string;
        userAgent?: string;
      },
    ) {
      await ex.insert(authTokens).values(values);
    },
    /**
     * The session of a token with its user and the scopes of the user's roles, in one round trip. Every
     * authenticated request asks it: prepared once per database, so PostgreSQL plans it once per connection
     * (planning cost about 8× its execution).
     */
    async findSession(ex: Executor, hash: string) {
      let prepared = preparedSessions.get(ex);
      if (!prepared) {
        prepared = sessionQuery(ex).prepare('session_by_token');
        preparedSessions.set(ex, prepared);
      }
      const [found] = await prepared.execute({ hash });
      return found;
    },
    /** Revokes a live token; true only for the one call that actually revoked it. */
    async revokeToken(ex: Executor, hash: string) {
      const rows = await ex
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(authTokens.tokenHash, hash), isNull(authTokens.revokedAt)))
        .returning({ id: authTokens.id });
      return rows.length > 0;
    },
    /** Revokes every session of a user, except the one given. */
    async revokeUserTokens(ex: Executor, userId: number, exceptHash?: string) {
      await ex
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(authTokens.userId, userId),
            isNull(authTokens.revokedAt),
            exceptHash ? ne(authTokens.tokenHash, exceptHash) : undefined,
          ),
        );
    },
    async insertOneTime(
      ex: Executor,
      values: {
        kind: TOneTimeKind;
        tokenHash: string;
        userId: number;
        expiresAt: Date;
        data?: Record<string, unknown>;
      },
    ) {
      await ex.insert(oneTimeTokens).values(values);
    },
    /** Marks a live one-time token used and returns it; a used, expired or unknown token gives nothing. */
    async consumeOneTime(ex: Executor, kind: TOneTimeKind, hash: string) {
      const [row] = await ex
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.kind, kind),
            eq(oneTimeTokens.tokenHash, hash),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      return row;
    },
    /** Spends every pending one-time token of a kind for a user (e.g. older reset links). */
    async spendUserOneTime(ex: Executor, userId: number, kind: TOneTimeKind) {
      await ex
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)),
        );
    },
    async peekOneTime(ex: Executor, kind: TOneTimeKind, hash: string) {
      const [row] = await ex
        .select()
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.kind, kind),
            eq(oneTimeTokens.tokenHash, hash),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, new Date()),
          ),
        );
      return row;
    },
    async logLogin(ex: Executor, values: typeof userLogins.$inferInsert) {
      await ex.insert(userLogins).values(values);
    },
    /**
     * When the failed logins with an address (any case; a wrong password or no such account) happened since
     * its last successful login and `since`, newest first, at most `limit`.
     */
    async failedLogins(ex: Executor, email: string, since: Date, limit: number): Promise<Date[]> {
      const address = sql`lower(${userLogins.email}) = lower(${email})`;
      const lastSuccess = ex
        .select({ at: sql`max(${userLogins.createdAt})` })
        .from(userLogins)
        .where(and(address, eq(userLogins.success, true)));
      const rows = await ex
        .select({ at: userLogins.createdAt })
        .from(userLogins)
        .where(
          and(
            address,
            eq(userLogins.success, false),
            inArray(userLogins.reason, ['password', 'unknown']),
            gt(userLogins.createdAt, since),
            sql`${userLogins.createdAt} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
          ),
        )
        .orderBy(desc(userLogins.createdAt))
        .limit(limit);
      return rows.map((r) => r.at);
    },
  };
}
export type TAuthRepository = ReturnType<typeof createAuthRepository>;
