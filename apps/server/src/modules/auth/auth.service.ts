import type { TLanguage } from '@atoll/domain/constants';
import { hasScope, isSelfScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { createChangeCache, type TChangeFeed } from '../../db/change-feed.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { accountMail } from '../../mail/system-mails.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { hashPassword, verifyPassword } from '../users/passwords.ts';
import { type TUserRow, type TUsersRepository, toUser } from '../users/users.repository.ts';
import { assertCanGrant } from '../users/users.service.ts';
import type { TAuthRepository } from './auth.repository.ts';
import { newToken, tokenHash } from './tokens.ts';

/** Still imported from here by the modules of the bookings circle; the rest import it from @atoll/domain/users. */
export type { TSessionUser };

export type TClient = { ip: string; userAgent?: string | undefined; device?: string | undefined };

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const JUMP_TTL_MS = 60 * 1000;

export type TAuthDeps = {
  db: Db;
  users: TUsersRepository;
  auth: TAuthRepository;
  settings: TSettingsService;
  mailer: TMailer;
  config: { tokenTtlSeconds: number; appUrl: string; loginFailuresBeforeDelay: number };
  version: string;
  log: { error(obj: unknown, msg: string): void };
  changes: TChangeFeed;
};

/** Sessions kept in memory while tokens, users and roles do not change (ADR 0024). */
const SESSION_CACHE_SIZE = 10_000;

/** Failed logins older than this do not count towards the delay. */
const LOGIN_FAILURE_WINDOW_MS = 24 * 3600 * 1000;
const LOGIN_DELAY_MS = 60 * 1000;
const LOGIN_DELAY_MAX_MS = 15 * 60 * 1000;

export function createAuthService(deps: TAuthDeps) {
  const { db, users, auth, settings } = deps;
  const sessions = createChangeCache<{ user: TSessionUser; expiresAt: number }>(
    deps.changes,
    'sessions',
    SESSION_CACHE_SIZE,
  );

  const toSessionUser = (row: TUserRow, roleScopes: readonly string[]): TSessionUser => ({
    ...toUser(row),
    scopes: [...new Set([...row.scopes, ...roleScopes])],
  });

  async function openSession(row: TUserRow, client: TClient, ex: Executor = db) {
    const token = newToken();
    const expiresIn = deps.config.tokenTtlSeconds;
    await auth.insertToken(ex, {
      tokenHash: tokenHash(token),
      userId: row.id,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
      device: client.device ?? null,
      ip: client.ip,
      ...(client.userAgent ? { userAgent: client.userAgent } : {}),
    });
    const user = toSessionUser(row, await users.effectiveScopes(ex, { scopes: [], roleIds: row.roleIds }));
    return { token, expiresIn, user, version: deps.version };
  }

  async function checkPasswordLength(password: string) {
    const min = await settings.minPasswordLength();
    if (password.length < min) {
      throw new AppError(400, 'PASSWORD_TOO_SHORT', `The password needs at least ${min} characters`, [
        { path: 'password', code: 'too_small', message: String(min) },
      ]);
    }
  }

  /** Sends after the transaction, so a slow or failing SMTP server never blocks or undoes the change. */
  function sendLater(...args: Parameters<typeof accountMail>) {
    deps.mailer.send(accountMail(...args)).catch((err) => deps.log.error({ err }, 'account mail failed'));
  }

  const language = (row: TUserRow, fallback: TLanguage): TLanguage =>
    (row.settings as { language?: TLanguage } | null)?.language ?? fallback;

  const loginError = () => new AppError(401, 'INVALID_CREDENTIALS', 'E-mail or password is wrong');

  /**
   * Seconds an address must wait before its next login (ASVS V2.2): after `loginFailuresBeforeDelay` failed
   * logins since its last success, 1 minute from the latest failure, doubling with each further failure up
   * to 15 minutes. Counted per address, for every client and instance (the login log is in the database),
   * for unknown addresses alike (the answer must not tell which addresses have accounts).
   */
  async function loginDelay(email: string): Promise<number> {
    const free = deps.config.loginFailuresBeforeDelay;
    const now = Date.now();
    const failures = await auth.failedLogins(db, email, new Date(now - LOGIN_FAILURE_WINDOW_MS), free + 8);
    const [latest] = failures;
    if (failures.length < free || !latest) return 0;
    const delay = Math.min(LOGIN_DELAY_MS * 2 ** (failures.length - free), LOGIN_DELAY_MAX_MS);
    return Math.max(0, Math.ceil((latest.getTime() + delay - now) / 1000));
  }

  /** Someone registered with an address that has an account: its owner hears of it, the caller learns nothing. */
  function alreadyRegistered(row: TUserRow, fallback: TLanguage) {
    const page = row.isCrmUser ? '/club/password/reset' : '/password/reset';
    sendLater('registered', language(row, fallback), row.email, row.name, `${deps.config.appUrl}${page}`);
    return { ok: true as const };
  }

  return {
    async lookupSession(token: string) {
      const hash = tokenHash(token);
      let session = sessions.get(hash);
      if (!session) {
        const generation = sessions.generation();
        const found = await auth.findSession(db, hash);
        if (!found || found.user.userType === 'Inactive') return { status: 'invalid' as const };
        session = {
          user: toSessionUser(found.user, found.roleScopes),
          expiresAt: found.token.expiresAt.getTime(),
        };
        sessions.set(hash, generation, session);
      }
      if (session.expiresAt <= Date.now()) return { status: 'expired' as const };
      return { status: 'ok' as const, user: session.user };
    },

    async login(input: { email: string; password: string; ts?: string | undefined }, client: TClient) {
      const row = await users.findByEmail(db, input.email);
      const wait = await loginDelay(input.email);
      const ok = wait === 0 && (await verifyPassword(row?.passwordHash, input.password));
      const log = (success: boolean, reason?: string) =>
        auth.logLogin(db, {
          userId: row?.id ?? null,
          email: input.email.slice(0, 254),
          success,
          reason: reason ?? null,
          ip: client.ip,
          userAgent: client.userAgent ?? null,
          device: input.ts ?? null,
        });
      if (wait > 0) {
        // Not counted as a failure: waiting out the delay is enough, whatever was tried meanwhile.
        await log(false, 'delayed');
        throw tooManyRequests('Too many failed logins with this address: try again later', wait);
      }
      if (!row || !ok) {
        await log(false, row ? 'password' : 'unknown');
        throw loginError();
      }
      if (row.userType === 'Inactive' || row.userType === 'guest') {
        await log(false, 'inactive');
        throw new AppError(403, 'ACCOUNT_INACTIVE', 'This account is not active');
      }
      if (!row.verifiedAt) {
        await log(false, 'unverified');
        throw new AppError(403, 'ACCOUNT_NOT_VERIFIED', 'Confirm your e-mail address first');
      }
      await log(true);
      const updated = (await users.update(db, row.id, { lastLoginAt: new Date() })) ?? row;
      return openSession(updated, { ...client, device: input.ts });
    },

    /** Rotation: a new token for the presented one, which stops working at once. */
    async refresh(token: string, client: TClient) {
      const session = await this.lookupSession(token);
      if (session.status !== 'ok') throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
      const row = await users.findById(db, session.user.id);
      if (!row) throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
      // Revoke first and only then open the successor: of concurrent refreshes of one token, one wins.
      return db.transaction(async (tx) => {
        if (!(await auth.revokeToken(tx, tokenHash(token)))) {
          throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
        }
        return openSession(row, client, tx);
      });
    },

    async logout(token: string) {
      await auth.revokeToken(db, tokenHash(token));
    },

    /** Answers the same whether or not the address is known. */
    async requestReset(input: { email: string; isCRMUser?: boolean | undefined }, lang: TLanguage) {
      const row = await users.findByEmail(db, input.email);
      if (!row || row.userType === 'Inactive' || row.userType === 'guest') return;
      const token = newToken();
      await auth.insertOneTime(db, {
        kind: 'reset',
        tokenHash: tokenHash(token),
        userId: row.id,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      const page = input.isCRMUser || row.isCrmUser ? '/club/password/reset' : '/password/reset';
      const link = `${deps.config.appUrl}${page}?token=${token}&email=${encodeURIComponent(row.email)}`;
      sendLater('reset', language(row, lang), row.email, row.name, link);
    },

    async saveReset(input: {
      email: string;
      password: string;
      passwordRepeat?: string | undefined;
      token: string;
    }) {
      if (input.passwordRepeat !== undefined && input.passwordRepeat !== input.password) {
        throw badRequest('Passwords must match', 'passwordRepeat');
      }
      await checkPasswordLength(input.password);
      const passwordHash = await hashPassword(input.password);
      const invalid = new AppError(400, 'INVALID_TOKEN', 'The link is invalid or has expired');
      await db.transaction(async (tx) => {
        const pending = await auth.peekOneTime(tx, 'reset', tokenHash(input.token));
        const row = pending && (await users.findById(tx, pending.userId));
        if (!row || row.email.toLowerCase() !== input.email.trim().toLowerCase()) throw invalid;
        if (!(await auth.consumeOneTime(tx, 'reset', tokenHash(input.token)))) throw invalid;
        // Older reset links of the same user must not outlive the password they were meant to replace.
        await auth.spendUserOneTime(tx, row.id, 'reset');
        // Following the mailed link proves the address, so the account counts as verified.
        await users.update(tx, row.id, { passwordHash, verifiedAt: row.verifiedAt ?? new Date() });
        await auth.revokeUserTokens(tx, row.id);
      });
    },

    async register(
      input: {
        userType: 'customer' | 'agency';
        email: string;
        password: string;
        name: string;
        phone?: string | undefined;
        language?: TLanguage | undefined;
        isCRMUser?: boolean | undefined;
      },
      lang: TLanguage,
    ) {
      if (!(await settings.registrationOpen(input.userType))) {
        throw new AppError(403, 'REGISTRATION_CLOSED', 'Registration is closed');
      }
      await checkPasswordLength(input.password);
      // The answer is the same whether the address has an account or not (no way to learn which
      // addresses do); the rest is said by mail. Both paths hash the password, so both take as long.
      const passwordHash = await hashPassword(input.password);
      const language = input.language ?? lang;
      const existing = await users.findByEmail(db, input.email);
      if (existing) return alreadyRegistered(existing, language);
      const token = newToken();
      const row = await db
        .transaction(async (tx) => {
          // No link yet: staff link the customer or agency record, which grants the `*.self` scope its meaning.
          const created = await users.insert(tx, {
            email: input.email.trim(),
            name: input.name,
            phone: input.phone ?? null,
            userType: input.userType,
            scopes: input.userType === 'customer' ? ['users.self', 'customers.self'] : ['users.self'],
            settings: { language },
            isCrmUser: input.isCRMUser ?? false,
            passwordHash,
          });
          await auth.insertOneTime(tx, {
            kind: 'verify',
            tokenHash: tokenHash(token),
            userId: created.id,
            expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
          });
          return created;
        })
        .catch(async (err) => {
          // A simultaneous registration of the same address won the unique index.
          const winner = await users.findByEmail(db, input.email);
          if (winner) return null;
          throw err;
        });
      if (!row) return { ok: true as const };
      const page = row.isCrmUser ? `/club/user/${row.id}/verify` : `/user/${row.id}/verify`;
      sendLater('verify', language, row.email, row.name, `${deps.config.appUrl}${page}?token=${token}`);
      return { ok: true as const };
    },

    async verify(userId: number, token: string) {
      await db.transaction(async (tx) => {
        const pending = await auth.peekOneTime(tx, 'verify', tokenHash(token));
        if (
          !pending ||
          pending.userId !== userId ||
          !(await auth.consumeOneTime(tx, 'verify', tokenHash(token)))
        ) {
          throw new AppError(400, 'INVALID_TOKEN', 'The link is invalid or has expired');
        }
        await users.update(tx, userId, { verifiedAt: new Date() });
      });
    },

    /**
     * Sets a password: one's own, or anyone's with users.update. Unless `keepStatus`, the account
     * counts as verified afterwards and the user's other sessions end.
     */
    async setPassword(
      actor: TSessionUser,
      currentToken: string | undefined,
      userId: number,
      input: { email?: string | undefined; password: string; keepStatus?: boolean | undefined },
    ) {
      const own = actor.id === userId;
      if (!own && !hasScope(actor.scopes, ['users.update'])) throw forbidden();
      const row = await users.findById(db, userId);
      if (!row) throw notFound('User');
      // Admin rights may come from a role: judge the target by the scopes in force, not the own list.
      // Setting someone's password is taking over their account, so it needs every right they hold
      // (own-record `*.self` scopes aside, which grant nothing beyond that user's own records).
      if (!own && !hasScope(actor.scopes, ['admin'])) {
        const theirs = await users.effectiveScopes(db, row);
        if (theirs.includes('admin')) throw forbidden();
        assertCanGrant(
          actor,
          theirs.filter((scope) => !isSelfScope(scope)),
        );
      }
      if (input.email && input.email.trim().toLowerCase() !== row.email.toLowerCase()) {
        throw badRequest('The e-mail does not belong to this user', 'email');
      }
      await checkPasswordLength(input.password);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await users.update(tx, userId, {
          passwordHash,
          ...(input.keepStatus ? {} : { verifiedAt: row.verifiedAt ?? new Date() }),
        });
        if (!input.keepStatus) {
          await auth.revokeUserTokens(tx, userId, own && currentToken ? tokenHash(currentToken) : undefined);
        }
      });
    },

    async changeOwnPassword(
      actor: TSessionUser,
      currentToken: string | undefined,
      input: { currentPassword: string; password: string },
    ) {
      const row = await users.findById(db, actor.id);
      if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw new AppError(400, 'WRONG_PASSWORD', 'The current password is wrong', [
          { path: 'currentPassword', code: 'invalid', message: 'wrong password' },
        ]);
      }
      await this.setPassword(actor, currentToken, actor.id, { password: input.password });
    },

    /** A one-time login link for the /jumpto page, valid for 60 seconds. */
    async issueJump(actor: TSessionUser, system: string, target: string | undefined) {
      const token = newToken();
      await auth.insertOneTime(db, {
        kind: 'jump',
        tokenHash: tokenHash(token),
        userId: actor.id,
        expiresAt: new Date(Date.now() + JUMP_TTL_MS),
        data: { system, ...(target ? { target } : {}) },
      });
      const query = target ? `?target=${encodeURIComponent(target)}` : '';
      return {
        token,
        system,
        expiresIn: JUMP_TTL_MS / 1000,
        url: `${deps.config.appUrl}/jumpto/${token}${query}`,
      };
    },

    async redeemJump(token: string, client: TClient) {
      const used = await auth.consumeOneTime(db, 'jump', tokenHash(token));
      const row = used && (await users.findById(db, used.userId));
      if (!row || row.userType === 'Inactive') {
        throw new AppError(400, 'INVALID_TOKEN', 'The link is invalid or has expired');
      }
      const target = (used.data as { target?: string }).target;
      return { ...(await openSession(row, client)), ...(target ? { target } : {}) };
    },
  };
}
export type TAuthService = ReturnType<typeof createAuthService>;
