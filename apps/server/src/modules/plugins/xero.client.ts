import type { TXeroConfig } from '@atoll/domain/plugins/xero';
import { AccountingApi } from 'xero-node';
import { AppError } from '../../http/errors.ts';

// Xero's two HTTP surfaces (docs/domain/xero.md): the OAuth 2.0 identity service (consent URL, code and refresh
// token exchange, the connections = tenants) and the Accounting API, the latter through the official SDK
// (xero-node's AccountingApi). The SDK's XeroClient is not used for OAuth: it discovers and posts to
// identity.xero.com and api.xero.com/connections with fixed addresses, which a connection's `identityBase` and
// `apiBase` must be able to replace; the exchange is the plain OAuth 2.0 form post it does itself.

export const XERO_SCOPES =
  'openid profile email offline_access accounting.transactions accounting.contacts accounting.settings';

const DEFAULTS = {
  api: 'https://api.xero.com',
  identity: 'https://identity.xero.com',
  login: 'https://login.xero.com',
};

export type TXeroTokens = { accessToken: string; refreshToken: string; expiresAt: string };

const trimSlash = (s: string) => s.replace(/\/+$/, '');
export const apiBaseOf = (config: TXeroConfig) => trimSlash(config.apiBase ?? DEFAULTS.api);
const identityOf = (config: TXeroConfig) => trimSlash(config.identityBase ?? DEFAULTS.identity);
const loginOf = (config: TXeroConfig) => trimSlash(config.loginBase ?? DEFAULTS.login);

export const unavailable = (why: string) =>
  new AppError(502, 'PROVIDER_UNAVAILABLE', `Xero did not accept the call: ${why}`);
export const xeroNotConfigured = (what: string) =>
  new AppError(409, 'PROVIDER_NOT_CONFIGURED', `The Xero connection lacks ${what}`);

/** The consent page the user is sent to; `state` comes back with the code. */
export function consentUrl(config: TXeroConfig, state: string) {
  if (!config.clientId) throw xeroNotConfigured('a client id');
  if (!config.redirectUri) throw xeroNotConfigured('a redirect URI');
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: XERO_SCOPES,
    state,
  });
  return `${loginOf(config)}/identity/connect/authorize?${q}`;
}

async function remote(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (e) {
    throw unavailable((e as Error).message);
  }
  const text = await res.text();
  if (!res.ok) throw unavailable(`${res.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    throw unavailable('the answer is not JSON');
  }
}

/** The token endpoint: an authorization code or a refresh token for a new token set. */
export async function exchangeToken(
  config: TXeroConfig,
  clientSecret: string,
  grant: { code: string } | { refreshToken: string },
  now = new Date(),
): Promise<TXeroTokens> {
  if (!config.clientId) throw xeroNotConfigured('a client id');
  const form: Record<string, string> =
    'code' in grant
      ? { grant_type: 'authorization_code', code: grant.code, redirect_uri: config.redirectUri ?? '' }
      : { grant_type: 'refresh_token', refresh_token: grant.refreshToken };
  const body = (await remote(`${identityOf(config)}/connect/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  })) as { access_token?: string; refresh_token?: string; expires_in?: number };
  if (!body.access_token || !body.refresh_token) throw unavailable('no token in the answer');
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(now.getTime() + (body.expires_in ?? 1800) * 1000).toISOString(),
  };
}

/** The organisations the token may reach (GET /connections); the first one is used. */
export async function firstTenant(config: TXeroConfig, accessToken: string) {
  const list = (await remote(`${apiBaseOf(config)}/connections`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  })) as { tenantId?: string; tenantName?: string; tenantType?: string }[];
  const org = Array.isArray(list)
    ? list.find((c) => c.tenantId && (c.tenantType ?? 'ORGANISATION') === 'ORGANISATION')
    : undefined;
  if (!org?.tenantId) throw unavailable('the connection reaches no organisation');
  return { tenantId: org.tenantId, tenantName: org.tenantName ?? null };
}

/** The SDK's Accounting API at the connection's address with its access token. */
export function accountingApi(config: TXeroConfig, accessToken: string) {
  const api = new AccountingApi(`${apiBaseOf(config)}/api.xro/2.0`);
  api.accessToken = accessToken;
  return api;
}

type TSdkFailure = { response?: { statusCode?: number; body?: unknown } };

/** The status of a failed SDK call (0: not reached); the SDK rejects with a JSON string or an object. */
export function failureOf(error: unknown): { status: number; message: string } {
  let parsed: TSdkFailure | null = null;
  if (typeof error === 'string') {
    try {
      parsed = JSON.parse(error) as TSdkFailure;
    } catch {
      return { status: 0, message: error.slice(0, 200) };
    }
  } else if (error && typeof error === 'object' && 'response' in error) parsed = error as TSdkFailure;
  if (!parsed) return { status: 0, message: error instanceof Error ? error.message : 'unknown error' };
  const status = parsed.response?.statusCode ?? 0;
  const body = parsed.response?.body as
    | string
    | { Message?: string; Detail?: string; Elements?: { ValidationErrors?: { Message?: string }[] }[] }
    | undefined;
  if (typeof body === 'string') return { status, message: body.slice(0, 200) };
  const validation = body?.Elements?.flatMap((e) => e.ValidationErrors ?? []).map((v) => v.Message);
  return {
    status,
    message:
      (validation?.length ? validation.join('; ') : (body?.Message ?? body?.Detail)) ?? `status ${status}`,
  };
}
