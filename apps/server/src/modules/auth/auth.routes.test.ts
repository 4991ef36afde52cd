import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, type TTestApp } from '../../../test/harness.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { authTokens, oneTimeTokens, settings, userLogins } from '../../db/schema.ts';
import { tokenHash } from './tokens.ts';

type TSmtp = Awaited<ReturnType<typeof startSmtpServer>>;
type TRes = LightMyRequestResponse;

let t: TTestApp;
let smtp: TSmtp;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  adminToken = await t.login(...DEMO.admin);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

type TCall = {
  token?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  cookie?: string;
  /** The client's address (default the inject default). */
  ip?: string;
};

function call(method: InjectOptions['method'], url: string, opts: TCall = {}, app = t.app) {
  return app.inject({
    method,
    url,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
    ...(opts.cookie ? { cookies: { atoll_token: opts.cookie } } : {}),
    ...(opts.payload !== undefined ? { payload: opts.payload as InjectOptions['payload'] } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

const loginCall = (email: string, password: string, app = t.app) =>
  call('POST', '/api/auth/token', { payload: { email, password } }, app);

/** Status and the whole error body of spec platform §8. */
function expectError(res: TRes, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toEqual({
    error: code,
    message: code,
    statusCode: status,
    description: expect.any(String),
    path: res.raw.req.url?.split('?')[0],
    method: res.raw.req.method,
    timestamp: expect.any(String),
    ...(body.details ? { details: expect.any(Array) } : {}),
  });
  expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  return body as { details?: { path: string; code: string; message: string }[] };
}

/** GET /api/users/self: 200 while the token is a live session, 401 otherwise. */
const selfStatus = async (token: string) => (await call('GET', '/api/users/self', { token })).statusCode;

let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}@example.test`;

type TNewUser = { id: number; email: string; password: string };

/** A verified user created by the admin, so tests never change the demo accounts. */
async function createUser(
  extra: { scopes?: string[]; userType?: string; roleIds?: number[]; password?: string } = {},
): Promise<TNewUser> {
  const email = uniqueEmail('user');
  const password = extra.password ?? 'initial-pass-1';
  const res = await call('POST', '/api/users', {
    token: adminToken,
    payload: {
      email,
      name: 'Test User',
      password,
      userType: extra.userType ?? 'Default',
      permissions: { scope: extra.scopes ?? ['users.self'] },
      ...(extra.roleIds ? { roleIds: extra.roleIds } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, email, password };
}

const setUserType = async (id: number, userType: string) => {
  const res = await call('POST', `/api/users/${id}`, { token: adminToken, payload: { userType } });
  expect(res.statusCode, res.body).toBe(200);
};

const recipients = (mail: ParsedMail) =>
  [mail.to ?? []]
    .flat()
    .flatMap((a) => a.value.map((v) => v.address?.toLowerCase()))
    .filter(Boolean);

const mailsTo = (address: string) =>
  smtp.received.filter((m) => recipients(m).includes(address.toLowerCase()));

/** Waits until `count` mails to the address have arrived (the SMTP helper fails after 5 s). */
async function waitForMailTo(address: string, count = 1) {
  while (mailsTo(address).length < count) await smtp.waitFor(smtp.received.length + 1);
  return mailsTo(address);
}

/** Mails are sent after the answer; give a mail that should NOT come a moment to show up. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

function linkIn(mail: ParsedMail) {
  const match = mail.text?.match(/https?:\/\/\S+/);
  expect(match, mail.text).not.toBeNull();
  return new URL(match?.[0] ?? '');
}

async function requestResetToken(email: string) {
  const before = mailsTo(email).length;
  const res = await call('PUT', '/api/auth/password/reset', { payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  const mails = await waitForMailTo(email, before + 1);
  const link = linkIn(mails[before] as ParsedMail);
  return link.searchParams.get('token') ?? '';
}

const expireAuthToken = (token: string) =>
  t.database.db
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(authTokens.tokenHash, tokenHash(token)));

/** Every key of a JSON value, at any depth. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [k, ...allKeys(v)]);
  return [];
}

async function setSetting(group: string, key: string, value: unknown) {
  await t.database.db
    .insert(settings)
    .values({ group, key, value })
    .onConflictDoUpdate({ target: [settings.group, settings.key], set: { value } });
  // The settings service caches groups for hours; this is the documented way to drop the cache.
  expect((await call('POST', '/clearCache', { token: adminToken })).statusCode).toBe(200);
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/auth/token (login)', () => {
  it('answers a long token, its lifetime, the session user without secrets and the version', async () => {
    const res = await loginCall(...DEMO.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.token.length).toBeGreaterThan(50);
    expect(body.expiresIn).toBe(t.config.tokenTtlSeconds);
    expect(body.version).toBe('1.2.3');
    expect(body.user).toMatchObject({ email: 'admin@example.com', verified: true });
    expect(body.user.scopes).toContain('admin');
    expect(allKeys(body).filter((k) => /pass|hash/i.test(k))).toEqual([]);
    expect(res.body).not.toContain('$argon2');
    expect(await selfStatus(body.token)).toBe(200);
  });

  it('stores the session with the configured lifetime', async () => {
    const before = Date.now();
    const token = await t.login(...DEMO.agent);
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, tokenHash(token)));
    const ttl = (row?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThanOrEqual(t.config.tokenTtlSeconds * 1000 - 1000);
    expect(ttl).toBeLessThanOrEqual(t.config.tokenTtlSeconds * 1000 + 5000);
  });

  it('gives staff the scopes of their role in `scopes`, not in their own permissions', async () => {
    const res = await loginCall(...DEMO.staff);
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.permissions.scope).toEqual([]);
    expect(user.roleIds.length).toBe(1);
    expect(user.scopes).toEqual(expect.arrayContaining(['bookings.read', 'customers.update', 'user']));
    expect(user.scopes).not.toContain('users.read');
  });

  it('answers a wrong password and an unknown e-mail with the same 401 INVALID_CREDENTIALS', async () => {
    const wrong = await loginCall(DEMO.admin[0], 'not-the-password');
    const unknown = await loginCall('nobody@example.com', 'not-the-password');
    const a = expectError(wrong, 401, 'INVALID_CREDENTIALS') as Record<string, unknown>;
    const b = expectError(unknown, 401, 'INVALID_CREDENTIALS') as Record<string, unknown>;
    const { timestamp: _a, ...restA } = a;
    const { timestamp: _b, ...restB } = b;
    expect(restA).toEqual(restB);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('treats the e-mail case-insensitively', async () => {
    const res = await loginCall('ADMIN@Example.COM', DEMO.admin[1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe('admin@example.com');
  });

  it('refuses an Inactive user with 403 ACCOUNT_INACTIVE and ends their sessions at once', async () => {
    const u = await createUser();
    const token = await t.login(u.email, u.password);
    expect(await selfStatus(token)).toBe(200);

    await setUserType(u.id, 'Inactive');
    expectError(await call('GET', '/api/users/self', { token }), 401, 'UNAUTHORIZED');
    expect((await call('HEAD', '/api/auth/token', { token })).statusCode).toBe(401);
    expectError(await loginCall(u.email, u.password), 403, 'ACCOUNT_INACTIVE');
    // The status is told only to whoever knows the password.
    expectError(await loginCall(u.email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');

    await setUserType(u.id, 'Default');
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
  });

  it.each([
    ['a missing password', { email: 'admin@example.com' }, 'password'],
    ['a missing e-mail', { password: 'x' }, 'email'],
    ['a number as e-mail', { email: 42, password: 'x' }, 'email'],
    ['a boolean as password', { email: 'admin@example.com', password: true }, 'password'],
    ['an empty e-mail', { email: '', password: 'x' }, 'email'],
  ])('answers %s with 400 ValidationError and details', async (_name, payload, field) => {
    const body = expectError(await call('POST', '/api/auth/token', { payload }), 400, 'ValidationError');
    expect(body.details?.map((d) => d.path).join(' ')).toContain(field);
  });

  it('answers malformed JSON and a missing body with 400 ValidationError', async () => {
    const res = await call('POST', '/api/auth/token', {
      payload: '{"email": "admin@example.com", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    const body = expectError(res, 400, 'ValidationError') as { description: string };
    expect(body.description).toMatch(/JSON/);
    const empty = expectError(await call('POST', '/api/auth/token'), 400, 'ValidationError');
    expect(empty.details?.[0]?.path).toBe('body/');
  });

  it('records successful and failed attempts for GET /api/users/logins', async () => {
    const u = await createUser();
    expect((await loginCall(u.email, 'wrong-password')).statusCode).toBe(401);
    const ok = await call('POST', '/api/auth/token', {
      payload: { email: u.email, password: u.password, ts: 'device-fingerprint-1' },
      headers: { 'user-agent': 'auth-test-agent' },
    });
    expect(ok.statusCode).toBe(200);
    const unknownEmail = uniqueEmail('ghost');
    expect((await loginCall(unknownEmail, 'whatever')).statusCode).toBe(401);

    const mine = await call('GET', `/api/users/logins?userId=${u.id}`, { token: adminToken });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().total).toBe(2);
    const [latest, first] = mine.json().data;
    expect(latest).toMatchObject({
      userId: u.id,
      email: u.email,
      success: true,
      reason: null,
      device: 'device-fingerprint-1',
      userAgent: 'auth-test-agent',
      ip: '127.0.0.1',
    });
    expect(first).toMatchObject({ userId: u.id, success: false, reason: 'password' });

    const all = await call('GET', '/api/users/logins?size=500', { token: adminToken });
    const ghost = all.json().data.find((l: { email: string }) => l.email === unknownEmail);
    expect(ghost).toMatchObject({ userId: null, success: false, reason: 'unknown' });
  });

  it('shows the login log only to users.read', async () => {
    const staff = await t.login(...DEMO.staff);
    expectError(await call('GET', '/api/users/logins', { token: staff }), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/users/logins'), 401, 'UNAUTHORIZED');
  });
});

describe('session cookie', () => {
  it('is set httpOnly on login with the token', async () => {
    const res = await loginCall(...DEMO.customer);
    const cookie = res.cookies.find((c) => c.name === 'atoll_token');
    expect(cookie).toMatchObject({
      value: res.json().token,
      httpOnly: true,
      path: '/',
      sameSite: 'Lax',
      maxAge: t.config.tokenTtlSeconds,
    });
  });

  it('alone is accepted for GET calls', async () => {
    const token = await t.login(...DEMO.customer);
    const res = await call('GET', '/api/users/self', { cookie: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe('customer@example.com');
    expect((await call('HEAD', '/api/auth/token', { cookie: token })).statusCode).toBe(200);
  });

  it('alone is refused for state-changing calls', async () => {
    const u = await createUser();
    const token = await t.login(u.email, u.password);
    const change = await call('POST', '/api/users/self', { cookie: token, payload: { name: 'Via Cookie' } });
    expectError(change, 401, 'UNAUTHORIZED');
    expectError(await call('PUT', '/api/auth/token', { cookie: token }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', '/api/auth/token', { cookie: token }), 401, 'UNAUTHORIZED');
    const pw = await call('POST', '/api/users/self/password', {
      cookie: token,
      payload: { currentPassword: u.password, password: 'changed-by-csrf' },
    });
    expectError(pw, 401, 'UNAUTHORIZED');

    const self = await call('GET', '/api/users/self', { token });
    expect(self.json().name).toBe('Test User');
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/token (refresh)', () => {
  it('rotates: the new token works, the old one is refused at once', async () => {
    const old = await t.login(...DEMO.agent);
    const res = await call('PUT', '/api/auth/token', { token: old });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.token.length).toBeGreaterThan(50);
    expect(body.token).not.toBe(old);
    expect(body).toMatchObject({ expiresIn: t.config.tokenTtlSeconds, version: '1.2.3' });
    expect(body.user).toMatchObject({
      email: 'agent@example.com',
      scopes: ['agencies.self', 'contest.read'],
    });
    expect(res.cookies.find((c) => c.name === 'atoll_token')?.value).toBe(body.token);

    expect(await selfStatus(body.token)).toBe(200);
    expectError(await call('GET', '/api/users/self', { token: old }), 401, 'UNAUTHORIZED');
    expectError(await call('PUT', '/api/auth/token', { token: old }), 401, 'UNAUTHORIZED');
  });

  it('rotates a token only once, also when two refreshes race', async () => {
    const old = await t.login(...DEMO.agent);
    const answers = await Promise.all([1, 2, 3].map(() => call('PUT', '/api/auth/token', { token: old })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    const winner = answers.find((r) => r.statusCode === 200)?.json().token;
    expect(await selfStatus(winner)).toBe(200);
    expect(await selfStatus(old)).toBe(401);
  });

  it('needs a token', async () => {
    expectError(await call('PUT', '/api/auth/token'), 401, 'UNAUTHORIZED');
    expectError(await call('PUT', '/api/auth/token', { token: 'x'.repeat(64) }), 401, 'UNAUTHORIZED');
  });
});

describe('DELETE /api/auth/token (logout)', () => {
  it('revokes the token at once and clears the cookie', async () => {
    const token = await t.login(...DEMO.agent);
    const other = await t.login(...DEMO.agent);
    const res = await call('DELETE', '/api/auth/token', { token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'atoll_token');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    expectError(await call('GET', '/api/users/self', { token }), 401, 'UNAUTHORIZED');
    expectError(await call('DELETE', '/api/auth/token', { token }), 401, 'UNAUTHORIZED');
    // Only this session ends.
    expect(await selfStatus(other)).toBe(200);
  });

  it('needs a token', async () => {
    expectError(await call('DELETE', '/api/auth/token'), 401, 'UNAUTHORIZED');
  });
});

describe('HEAD /api/auth/token (check)', () => {
  it('answers 200 for a live token and 401 without one, for a revoked or an unknown one', async () => {
    const token = await t.login(...DEMO.agent);
    expect((await call('HEAD', '/api/auth/token', { token })).statusCode).toBe(200);
    expect((await call('HEAD', '/api/auth/token')).statusCode).toBe(401);
    expect((await call('HEAD', '/api/auth/token', { token: 'y'.repeat(64) })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/auth/token', { token })).statusCode).toBe(204);
    expect((await call('HEAD', '/api/auth/token', { token })).statusCode).toBe(401);
  });
});

describe('token expiry', () => {
  it('answers protected calls and the bootstrap with 401 TOKEN_EXPIRED, public ones still work', async () => {
    const token = await t.login(...DEMO.staff);
    const fresh = await call('GET', '/api/bootstrap', { token });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.email).toBe('staff@example.com');

    await expireAuthToken(token);
    expectError(await call('GET', '/api/users/self', { token }), 401, 'TOKEN_EXPIRED');
    expectError(await call('GET', '/api/bootstrap', { token }), 401, 'TOKEN_EXPIRED');
    expectError(await call('PUT', '/api/auth/token', { token }), 401, 'TOKEN_EXPIRED');
    expect((await call('HEAD', '/api/auth/token', { token })).statusCode).toBe(401);

    const version = await call('GET', '/version', { token });
    expect(version.statusCode).toBe(200);
    expect(version.json()).toEqual({ version: '1.2.3' });
    const guestBootstrap = await call('GET', '/api/bootstrap');
    expect(guestBootstrap.statusCode).toBe(200);
    expect(guestBootstrap.json().user).toBeNull();
  });

  it('follows the configured lifetime (tokenTtlSeconds)', async () => {
    const short = await createTestApp({ config: { tokenTtlSeconds: 1 } });
    try {
      const res = await loginCall(...DEMO.agent, short.app);
      expect(res.json().expiresIn).toBe(1);
      const token = res.json().token;
      const [row] = await short.database.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, tokenHash(token)));
      const expiresAt = row?.expiresAt.getTime() ?? 0;
      expect(expiresAt - (row?.createdAt.getTime() ?? 0)).toBeGreaterThan(900);
      expect(expiresAt - (row?.createdAt.getTime() ?? 0)).toBeLessThan(1500);
      // Wait just until the session has run out.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 20));
      expectError(await call('GET', '/api/users/self', { token }, short.app), 401, 'TOKEN_EXPIRED');
    } finally {
      await short.close();
    }
  });
});

describe('PUT /api/auth/password/reset (request)', () => {
  it('answers the same for a known and an unknown address and mails only the known one, in German', async () => {
    const u = await createUser();
    const unknown = uniqueEmail('unknown');
    const a = await call('PUT', '/api/auth/password/reset', { payload: { email: unknown } });
    const b = await call('PUT', '/api/auth/password/reset', { payload: { email: u.email.toUpperCase() } });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ ok: true });

    const [mail] = await waitForMailTo(u.email);
    await settle();
    expect(mailsTo(u.email)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
    expect(mail?.subject).toBe('Atoll: Passwort zurücksetzen');
    expect(mail?.from?.value[0]?.address).toBe('no-reply@atoll.local');
    expect(mail?.text).toContain('Hallo Test User');
    const link = linkIn(mail as ParsedMail);
    expect(`${link.origin}${link.pathname}`).toBe('http://atoll.test/password/reset');
    expect(link.searchParams.get('token')?.length).toBeGreaterThan(50);
    expect(link.searchParams.get('email')).toBe(u.email);
  });

  it('writes in English with Accept-Language: en', async () => {
    const u = await createUser();
    const res = await call('PUT', '/api/auth/password/reset', {
      payload: { email: u.email },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await waitForMailTo(u.email);
    expect(mail?.subject).toBe('Atoll: reset your password');
    expect(mail?.text).toContain('Hello Test User');
  });

  it('links club users to the club page', async () => {
    const before = mailsTo(DEMO.customer[0]).length;
    await call('PUT', '/api/auth/password/reset', { payload: { email: DEMO.customer[0] } });
    const mails = await waitForMailTo(DEMO.customer[0], before + 1);
    expect(linkIn(mails[before] as ParsedMail).pathname).toBe('/club/password/reset');
  });

  it('sends nothing to an Inactive user', async () => {
    const u = await createUser();
    await setUserType(u.id, 'Inactive');
    const res = await call('PUT', '/api/auth/password/reset', { payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    await settle();
    expect(mailsTo(u.email)).toHaveLength(0);
  });

  it('answers a missing e-mail with 400 ValidationError', async () => {
    const body = expectError(
      await call('PUT', '/api/auth/password/reset', { payload: {} }),
      400,
      'ValidationError',
    );
    expect(body.details?.[0]?.path).toContain('email');
  });
});

describe('POST /api/auth/password/reset (save)', () => {
  const save = (payload: Record<string, unknown>) => call('POST', '/api/auth/password/reset', { payload });

  it('sets the new password once, ends the old sessions and needs the right e-mail', async () => {
    const u = await createUser();
    const session = await t.login(u.email, u.password);
    const token = await requestResetToken(u.email);
    const newPassword = 'brand-new-pass';

    expectError(
      await save({ email: 'someone@example.com', token, password: newPassword, passwordRepeat: newPassword }),
      400,
      'INVALID_TOKEN',
    );
    const mismatch = expectError(
      await save({ email: u.email, token, password: newPassword, passwordRepeat: 'something-else' }),
      400,
      'ValidationError',
    );
    expect(mismatch.details?.[0]?.path).toBe('passwordRepeat');
    expectError(
      await save({ email: u.email, token, password: 'short7!', passwordRepeat: 'short7!' }),
      400,
      'PASSWORD_TOO_SHORT',
    );
    // None of the refusals spent the token or changed anything.
    expect(await selfStatus(session)).toBe(200);
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);

    const ok = await save({
      email: u.email.toUpperCase(),
      token,
      password: newPassword,
      passwordRepeat: newPassword,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });

    expectError(await call('GET', '/api/users/self', { token: session }), 401, 'UNAUTHORIZED');
    expectError(await loginCall(u.email, u.password), 401, 'INVALID_CREDENTIALS');
    expect((await loginCall(u.email, newPassword)).statusCode).toBe(200);

    expectError(
      await save({ email: u.email, token, password: 'another-pass-2', passwordRepeat: 'another-pass-2' }),
      400,
      'INVALID_TOKEN',
    );
    expect((await loginCall(u.email, newPassword)).statusCode).toBe(200);
  });

  it('spends every pending reset link of the user once one is used', async () => {
    const u = await createUser();
    const first = await requestResetToken(u.email);
    const second = await requestResetToken(u.email);
    expect(first).not.toBe(second);
    const ok = await save({ email: u.email, token: second, password: 'brand-new-pass' });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(
      await save({ email: u.email, token: first, password: 'other-new-pass' }),
      400,
      'INVALID_TOKEN',
    );
    expect((await loginCall(u.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const u = await createUser();
    const token = await requestResetToken(u.email);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, tokenHash(token)));
    expectError(
      await save({ email: u.email, token, password: 'brand-new-pass', passwordRepeat: 'brand-new-pass' }),
      400,
      'INVALID_TOKEN',
    );
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
  });

  it('refuses an unknown token and a one-time token of another kind', async () => {
    const u = await createUser();
    expectError(
      await save({ email: u.email, token: 'z'.repeat(64), password: 'brand-new-pass' }),
      400,
      'INVALID_TOKEN',
    );
    const session = await t.login(u.email, u.password);
    const jump = await call('POST', '/api/cauth/jump/self', { token: session });
    expect(jump.statusCode).toBe(200);
    expectError(
      await save({ email: u.email, token: jump.json().token, password: 'brand-new-pass' }),
      400,
      'INVALID_TOKEN',
    );
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
  });

  it('answers a missing token with 400 ValidationError', async () => {
    const body = expectError(
      await save({ email: 'admin@example.com', password: 'brand-new-pass' }),
      400,
      'ValidationError',
    );
    expect(body.details?.[0]?.path).toContain('token');
  });
});

describe('rate limit on the auth calls', () => {
  let limited: TTestApp;
  beforeAll(async () => {
    limited = await createTestApp({ seed: false, config: { authRateLimit: 3 } });
  });
  afterAll(() => limited?.close());

  const expectLimited = (res: TRes) => {
    expectError(res, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  };

  it('answers the 4th login within a minute with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expectError(await loginCall('nobody@example.com', 'wrong', limited.app), 401, 'INVALID_CREDENTIALS');
    }
    expectLimited(await loginCall('nobody@example.com', 'wrong', limited.app));
    // Unlimited calls are not affected.
    expect((await call('GET', '/version', {}, limited.app)).statusCode).toBe(200);
  });

  it('answers the 4th reset request within a minute with 429 and Retry-After', async () => {
    const request = () =>
      call('PUT', '/api/auth/password/reset', { payload: { email: 'nobody@example.com' } }, limited.app);
    for (let i = 0; i < 3; i++) expect((await request()).statusCode).toBe(200);
    expectLimited(await request());
  });
});

describe('the per-address login delay', () => {
  let delayed: TTestApp;
  beforeAll(async () => {
    delayed = await createTestApp({ config: { loginFailuresBeforeDelay: 3 } });
  });
  afterAll(() => delayed?.close());

  const attempt = (email: string, password: string, ip: string) =>
    call('POST', '/api/auth/token', { payload: { email, password }, ip }, delayed.app);
  /** Moves an address's logged attempts `seconds` into the past (instead of waiting). */
  const age = (email: string, seconds: number) =>
    delayed.database.db
      .update(userLogins)
      .set({ createdAt: sql`${userLogins.createdAt} - make_interval(secs => ${seconds})` })
      .where(sql`lower(${userLogins.email}) = lower(${email})`);
  const expectDelayed = (res: TRes, atMost: number) => {
    expectError(res, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(atMost / 2);
    expect(retryAfter).toBeLessThanOrEqual(atMost);
  };

  it('after 3 wrong passwords the right one waits too, from any address; the wait doubles; success resets', async () => {
    const [email, password] = DEMO.staff;
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3'])
      expectError(await attempt(email, 'wrong-password', ip), 401, 'INVALID_CREDENTIALS');
    expectDelayed(await attempt(email, password, '10.9.0.4'), 60);
    expectDelayed(await attempt(email.toUpperCase(), password, '10.9.0.5'), 60);
    // Another account is not affected.
    expect((await attempt(DEMO.agent[0], DEMO.agent[1], '10.9.0.1')).statusCode).toBe(200);
    await age(email, 61);
    expectError(await attempt(email, 'wrong-again', '10.9.0.6'), 401, 'INVALID_CREDENTIALS');
    expectDelayed(await attempt(email, password, '10.9.0.6'), 120);
    await age(email, 121);
    expect((await attempt(email, password, '10.9.0.7')).statusCode).toBe(200);
    // The success starts the count again.
    expectError(await attempt(email, 'wrong-password', '10.9.0.8'), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(email, password, '10.9.0.8')).statusCode).toBe(200);
  });

  it('treats an address without an account alike (no way to tell which addresses have one)', async () => {
    const email = 'nobody-here@example.com';
    for (let i = 0; i < 3; i++)
      expectError(await attempt(email, 'guess', '10.9.1.1'), 401, 'INVALID_CREDENTIALS');
    expectDelayed(await attempt(email, 'guess', '10.9.1.2'), 60);
  });
});

describe('POST /api/auth/register and POST /api/users/{id}/verify', () => {
  const register = (payload: Record<string, unknown>, headers?: Record<string, string>) =>
    call('POST', '/api/auth/register', { payload, ...(headers ? { headers } : {}) });

  it('creates an unverified customer who can log in only after following the mailed link', async () => {
    const email = uniqueEmail('newcomer');
    const password = 'register-pass-1';
    const res = await register({ email, password, name: 'New Comer' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ ok: true });

    expectError(await loginCall(email, password), 403, 'ACCOUNT_NOT_VERIFIED');
    expectError(await loginCall(email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');

    const [mail] = await waitForMailTo(email);
    expect(mail?.subject).toBe('Atoll: E-Mail-Adresse bestätigen');
    const link = linkIn(mail as ParsedMail);
    const user = { id: Number(/^\/user\/(\d+)\/verify$/.exec(link.pathname)?.[1]) };
    expect(`${link.origin}${link.pathname}`).toBe(`http://atoll.test/user/${user.id}/verify`);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(50);

    const verify = (id: number, tok: string) =>
      call('POST', `/api/users/${id}/verify`, { payload: { token: tok } });
    expectError(await verify(user.id, 'w'.repeat(64)), 400, 'INVALID_TOKEN');
    expectError(await verify(user.id + 1000, token), 400, 'INVALID_TOKEN');
    expectError(await loginCall(email, password), 403, 'ACCOUNT_NOT_VERIFIED');

    const ok = await verify(user.id, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const login = await loginCall(email, password);
    expect(login.statusCode, login.body).toBe(200);
    const created = login.json().user;
    expect(created).toMatchObject({
      id: user.id,
      email,
      name: 'New Comer',
      userType: 'customer',
      verified: true,
    });
    expect(created.permissions.scope).toEqual(['users.self', 'customers.self']);
    expect(allKeys(created).filter((k) => /pass|hash/i.test(k))).toEqual([]);

    expectError(await verify(user.id, token), 400, 'INVALID_TOKEN');
  });

  it('writes the verification mail in the chosen language', async () => {
    const email = uniqueEmail('english');
    const res = await register(
      { email, password: 'register-pass-1', name: 'Eng Lish' },
      { 'accept-language': 'en-GB,en;q=0.9' },
    );
    expect(res.statusCode).toBe(202);
    const [mail] = await waitForMailTo(email);
    expect(mail?.subject).toBe('Atoll: confirm your e-mail address');
  });

  it('answers a taken e-mail, in any case, exactly like a new one; its owner gets a mail', async () => {
    const email = uniqueEmail('twice');
    const first = await register({ email, password: 'register-pass-1', name: 'One' });
    const again = await register({ email: email.toUpperCase(), password: 'register-pass-2', name: 'Two' });
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.body).toBe(first.body);
    const mails = await waitForMailTo(email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Atoll: E-Mail-Adresse bestätigen',
      'Atoll: Registrierung mit Ihrer E-Mail-Adresse',
    ]);
    const notice = mails.find((m) => m.subject?.startsWith('Atoll: Registrierung')) as ParsedMail;
    expect(linkIn(notice).pathname).toBe('/password/reset');
    const admin = await register({ email: 'Admin@Example.com', password: 'register-pass-2', name: 'Three' });
    expect(admin.statusCode).toBe(202);
    expect(admin.body).toBe(first.body);
    // The admin's password was not touched; the admin hears of it in the account's language.
    expect((await loginCall(...DEMO.admin)).statusCode).toBe(200);
    const [adminMail] = await waitForMailTo('admin@example.com');
    expect(adminMail?.text).toContain('/password/reset');
  });

  it('makes one account of two simultaneous registrations of one address', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      [email, email.toUpperCase()].map((e) =>
        register({ email: e, password: 'register-pass-1', name: 'Race' }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202]);
    await waitForMailTo(email);
    await settle();
    const mails = mailsTo(email);
    expect(mails.filter((m) => m.subject === 'Atoll: E-Mail-Adresse bestätigen')).toHaveLength(1);
  });

  it('refuses a short password and an invalid e-mail', async () => {
    const email = uniqueEmail('short');
    expectError(await register({ email, password: 'short', name: 'Short' }), 400, 'PASSWORD_TOO_SHORT');
    expectError(
      await register({ email: 'not-an-email', password: 'register-pass-1', name: 'X' }),
      400,
      'ValidationError',
    );
    expectError(await loginCall(email, 'short'), 401, 'INVALID_CREDENTIALS');
  });

  it('answers 403 REGISTRATION_CLOSED when the setting auth/registration.customer is false', async () => {
    const email = uniqueEmail('closed');
    await setSetting('auth', 'registration.customer', false);
    try {
      const res = await register({ email, password: 'register-pass-1', name: 'Closed' });
      expectError(res, 403, 'REGISTRATION_CLOSED');
      expectError(await loginCall(email, 'register-pass-1'), 401, 'INVALID_CREDENTIALS');
    } finally {
      await setSetting('auth', 'registration.customer', true);
    }
    expect((await register({ email, password: 'register-pass-1', name: 'Open' })).statusCode).toBe(202);
  });
});

describe('POST /api/users/{id}/password', () => {
  const setPassword = (token: string | undefined, id: number, payload: Record<string, unknown>) =>
    call('POST', `/api/users/${id}/password`, { ...(token ? { token } : {}), payload });

  it('lets any logged-in user set their own password', async () => {
    const u = await createUser({ userType: 'customer', scopes: ['customers.self'] });
    const token = await t.login(u.email, u.password);
    const res = await setPassword(token, u.id, { email: u.email, password: 'own-new-pass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await selfStatus(token)).toBe(200);
    expect((await loginCall(u.email, 'own-new-pass')).statusCode).toBe(200);
    expectError(await loginCall(u.email, u.password), 401, 'INVALID_CREDENTIALS');
  });

  it("refuses another user's password without users.update", async () => {
    const u = await createUser();
    const staff = await t.login(...DEMO.staff);
    expectError(await setPassword(staff, u.id, { password: 'stolen-pass-1' }), 403, 'FORBIDDEN');
    expectError(await setPassword(undefined, u.id, { password: 'stolen-pass-1' }), 401, 'UNAUTHORIZED');
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
  });

  it("lets the admin set anyone's; without keepStatus the target's sessions end", async () => {
    const u = await createUser();
    const session = await t.login(u.email, u.password);
    const res = await setPassword(adminToken, u.id, { password: 'admin-set-pass', keepStatus: false });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await call('GET', '/api/users/self', { token: session }), 401, 'UNAUTHORIZED');
    expect((await loginCall(u.email, 'admin-set-pass')).statusCode).toBe(200);
    expect(await selfStatus(adminToken)).toBe(200);
  });

  it("keeps the target's sessions with keepStatus: true", async () => {
    const u = await createUser();
    const session = await t.login(u.email, u.password);
    const res = await setPassword(adminToken, u.id, { password: 'kept-status-1', keepStatus: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await selfStatus(session)).toBe(200);
    expect((await loginCall(u.email, 'kept-status-1')).statusCode).toBe(200);
  });

  it('ends the own other sessions but keeps the current one', async () => {
    const u = await createUser();
    const current = await t.login(u.email, u.password);
    const other = await t.login(u.email, u.password);
    expect((await setPassword(current, u.id, { password: 'own-new-pass' })).statusCode).toBe(200);
    expect(await selfStatus(current)).toBe(200);
    expect(await selfStatus(other)).toBe(401);
  });

  it('refuses a non-admin with users.update on an admin, but not on a normal user', async () => {
    const manager = await createUser({ scopes: ['users.read', 'users.update'] });
    const token = await t.login(manager.email, manager.password);
    const adminSelf = await call('GET', '/api/users/self', { token: adminToken });
    expectError(
      await setPassword(token, adminSelf.json().id, { password: 'taken-over-1' }),
      403,
      'FORBIDDEN',
    );
    expect((await loginCall(...DEMO.admin)).statusCode).toBe(200);

    const u = await createUser();
    expect((await setPassword(token, u.id, { password: 'manager-set-1' })).statusCode).toBe(200);
    expect((await loginCall(u.email, 'manager-set-1')).statusCode).toBe(200);
  });

  it('refuses a non-admin with users.update on a user who is admin through a role', async () => {
    const role = await call('POST', '/api/userrole', {
      token: adminToken,
      payload: { name: `Admins ${Date.now().toString(36)}`, scopes: ['admin'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    const roleAdmin = await createUser({ scopes: [], roleIds: [role.json().id] });
    const roleAdminToken = await t.login(roleAdmin.email, roleAdmin.password);
    expect((await call('GET', '/api/users/self', { token: roleAdminToken })).json().scopes).toContain(
      'admin',
    );

    const manager = await createUser({ scopes: ['users.read', 'users.update'] });
    const token = await t.login(manager.email, manager.password);
    expectError(await setPassword(token, roleAdmin.id, { password: 'taken-over-1' }), 403, 'FORBIDDEN');
    expect(await selfStatus(roleAdminToken)).toBe(200);
    expect((await loginCall(roleAdmin.email, roleAdmin.password)).statusCode).toBe(200);
  });

  it('lets a user manager take over only accounts whose rights they hold themselves', async () => {
    const manager = await createUser({ scopes: ['users.read', 'users.update', 'customers.read'] });
    const token = await t.login(manager.email, manager.password);
    const cashier = await createUser({ scopes: ['bankentries.read'] });
    expectError(await setPassword(token, cashier.id, { password: 'taken-over-2' }), 403, 'FORBIDDEN');
    expect((await loginCall(cashier.email, cashier.password)).statusCode).toBe(200);
    // Own-record scopes grant nothing beyond that account: a guest account can be helped.
    const guest = await createUser({ scopes: ['customers.read', 'customers.self'] });
    expect((await setPassword(token, guest.id, { password: 'helped-out-3' })).statusCode).toBe(200);
    expect((await loginCall(guest.email, 'helped-out-3')).statusCode).toBe(200);
  });

  it('refuses an e-mail of another user, a short password and an unknown id', async () => {
    const u = await createUser();
    expectError(
      await setPassword(adminToken, u.id, { email: 'admin@example.com', password: 'admin-set-pass' }),
      400,
      'ValidationError',
    );
    expectError(await setPassword(adminToken, u.id, { password: 'short' }), 400, 'PASSWORD_TOO_SHORT');
    expectError(await setPassword(adminToken, 999_999, { password: 'admin-set-pass' }), 404, 'NOT_FOUND');
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
  });
});

describe('POST /api/users/self/password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    call('POST', '/api/users/self/password', { token, payload });

  it('refuses a wrong current password with 400 WRONG_PASSWORD', async () => {
    const u = await createUser();
    const token = await t.login(u.email, u.password);
    const body = expectError(
      await change(token, { currentPassword: 'not-my-password', password: 'my-new-pass-1' }),
      400,
      'WRONG_PASSWORD',
    );
    expect(body.details?.[0]?.path).toBe('currentPassword');
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
    expectError(await loginCall(u.email, 'my-new-pass-1'), 401, 'INVALID_CREDENTIALS');
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const u = await createUser();
    const current = await t.login(u.email, u.password);
    const other = await t.login(u.email, u.password);
    const res = await change(current, { currentPassword: u.password, password: 'my-new-pass-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await selfStatus(current)).toBe(200);
    expectError(await call('GET', '/api/users/self', { token: other }), 401, 'UNAUTHORIZED');
    expect((await loginCall(u.email, 'my-new-pass-1')).statusCode).toBe(200);
    expectError(await loginCall(u.email, u.password), 401, 'INVALID_CREDENTIALS');
  });

  it('applies the minimum length and needs a login', async () => {
    const u = await createUser();
    const token = await t.login(u.email, u.password);
    expectError(
      await change(token, { currentPassword: u.password, password: 'short' }),
      400,
      'PASSWORD_TOO_SHORT',
    );
    const guest = await call('POST', '/api/users/self/password', {
      payload: { currentPassword: u.password, password: 'my-new-pass-1' },
    });
    expectError(guest, 401, 'UNAUTHORIZED');
    expect((await loginCall(u.email, u.password)).statusCode).toBe(200);
  });
});

describe('jump tokens /api/cauth/jump', () => {
  it('issues a one-time login link for a logged-in user', async () => {
    const token = await t.login(...DEMO.staff);
    const res = await call('POST', '/api/cauth/jump/self?target=/bookings', { token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.token.length).toBeGreaterThan(50);
    expect(body).toMatchObject({ system: 'self', expiresIn: 60 });
    expect(body.url).toBe(`http://atoll.test/jumpto/${body.token}?target=%2Fbookings`);
  });

  it('logs a guest in once and hands back the target', async () => {
    const staff = await t.login(...DEMO.staff);
    const issued = (await call('POST', '/api/cauth/jump/self?target=/bookings', { token: staff })).json();

    const res = await call('GET', `/api/cauth/jump/${issued.token}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.token.length).toBeGreaterThan(50);
    expect(body.token).not.toBe(issued.token);
    expect(body).toMatchObject({
      version: '1.2.3',
      target: '/bookings',
      expiresIn: t.config.tokenTtlSeconds,
    });
    expect(body.user.email).toBe('staff@example.com');
    expect(body.user.scopes).toContain('bookings.read');
    expect(await selfStatus(body.token)).toBe(200);

    expectError(await call('GET', `/api/cauth/jump/${issued.token}`), 400, 'INVALID_TOKEN');
  });

  it('refuses a jump token of a user made Inactive in the meantime', async () => {
    const u = await createUser();
    const session = await t.login(u.email, u.password);
    const issued = (await call('POST', '/api/cauth/jump/self', { token: session })).json();
    await setUserType(u.id, 'Inactive');
    expectError(await call('GET', `/api/cauth/jump/${issued.token}`), 400, 'INVALID_TOKEN');
  });

  it('refuses an expired jump token', async () => {
    const staff = await t.login(...DEMO.staff);
    const issued = (await call('POST', '/api/cauth/jump/self', { token: staff })).json();
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, tokenHash(issued.token)));
    expectError(await call('GET', `/api/cauth/jump/${issued.token}`), 400, 'INVALID_TOKEN');
  });

  it('refuses a target that leaves the site', async () => {
    const token = await t.login(...DEMO.staff);
    for (const target of ['//evil.example/x', 'https://evil.example', 'bookings']) {
      const res = await call('POST', `/api/cauth/jump/self?target=${encodeURIComponent(target)}`, { token });
      expectError(res, 400, 'ValidationError');
    }
  });

  it('refuses to issue for a guest', async () => {
    expectError(await call('POST', '/api/cauth/jump/self?target=/bookings'), 401, 'UNAUTHORIZED');
  });
});

describe('GET and POST /api/users/self', () => {
  it('answers the session user with the scopes in force', async () => {
    const token = await t.login(...DEMO.staff);
    const res = await call('GET', '/api/users/self', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'staff@example.com', userType: 'employee' });
    expect(body.scopes).toEqual(expect.arrayContaining(['bookings.read', 'user']));
    expect(allKeys(body).filter((k) => /pass|hash/i.test(k))).toEqual([]);
    expectError(await call('GET', '/api/users/self'), 401, 'UNAUTHORIZED');
  });

  it('changes name and language and keeps the other settings', async () => {
    const u = await createUser();
    const token = await t.login(u.email, u.password);
    const res = await call('POST', '/api/users/self', {
      token,
      payload: { name: 'Renamed', settings: { language: 'en' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', settings: { language: 'en' } });
    const after = (await call('GET', '/api/users/self', { token })).json();
    expect(after.name).toBe('Renamed');
    expect(after.settings).toEqual({
      language: 'en',
      showCustomersInBookingList: true,
      showInvertedCurrencyExchange: false,
      defaultDashboardDays: 30,
      bookingListFilters: [],
    });
  });

  it('cannot change scopes, permissions, user type or e-mail', async () => {
    const u = await createUser({ userType: 'customer', scopes: ['customers.self'] });
    const token = await t.login(u.email, u.password);
    const res = await call('POST', '/api/users/self', {
      token,
      payload: {
        name: 'Sneaky',
        scopes: ['admin'],
        permissions: { scope: ['admin'] },
        userType: 'System',
        roleIds: [1],
        email: 'admin2@example.com',
      },
    });
    if (res.statusCode === 200) expect(res.json().scopes).toEqual(['customers.self']);
    else expectError(res, 400, 'ValidationError');

    const after = (await call('GET', '/api/users/self', { token })).json();
    expect(after).toMatchObject({ email: u.email, userType: 'customer', roleIds: [] });
    expect(after.scopes).toEqual(['customers.self']);
    expect(after.permissions.scope).toEqual(['customers.self']);
    const asAdmin = (await call('GET', `/api/users/${u.id}`, { token: adminToken })).json();
    expect(asAdmin).toMatchObject({ userType: 'customer', permissions: { scope: ['customers.self'] } });
  });

  it('refuses an unknown language', async () => {
    const u = await createUser();
    const token = await t.login(u.email, u.password);
    const res = await call('POST', '/api/users/self', { token, payload: { settings: { language: 'fr' } } });
    expectError(res, 400, 'ValidationError');
    expect((await call('GET', '/api/users/self', { token })).json().settings.language).toBeUndefined();
  });
});
