import { hasAllScopes, hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TChangeFeed } from '../db/change-feed.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

/**
 * What a route needs. Every route declares one; start-up fails otherwise (default deny).
 * - `public`: anyone; a presented token is still read, so the handler knows who asks.
 * - `scopes`: any one of them (spec platform §6).
 * - `all`: every check must pass (multi-permission check).
 */
export type TAccess =
  | { public: true; reportExpiredToken?: boolean }
  | { scopes: readonly string[] }
  | { all: readonly (readonly string[])[] };

export type TRouteEntry = { method: string; url: string; access: TAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TAccess;
  }
  interface FastifyInstance {
    /** Every registered route with its declared access: for the authorization tests and the docs. */
    routeTable: TRouteEntry[];
  }
  interface FastifyRequest {
    user: TSessionUser | null;
  }
}

export type TSessionLookup = (
  token: string,
) => Promise<{ status: 'ok'; user: TSessionUser } | { status: 'expired' | 'invalid' }>;

export const TOKEN_COOKIE = 'atoll_token';
/** Where @fastify/swagger-ui serves the API documentation (see app.ts). */
const DOCS_PREFIX = '/api/docs';

/** Bearer header; the cookie copy only for GET/HEAD downloads opened in a new window (no CSRF). */
export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const bearer = header?.match(/^Bearer\s+(.+)$/i);
  if (bearer) return bearer[1]?.trim() || undefined;
  if (request.method === 'GET' || request.method === 'HEAD')
    return request.cookies?.[TOKEN_COOKIE] || undefined;
  return undefined;
}

export function registerAccessControl(app: FastifyInstance, lookup: TSessionLookup, changes: TChangeFeed) {
  app.decorateRequest('user', null);
  app.decorate('routeTable', [] as TRouteEntry[]);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: TAccess } | undefined)?.access;
    // The documentation UI registers its own asset routes; they are public by nature. Only that exact
    // prefix: a startsWith('/api/docs') would also wave through e.g. an undeclared '/api/docsExport'.
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) return;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (scopes or public)`);
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // not-found handler and documentation assets
    const token = presentedToken(request);
    if (token) {
      // Every write committed before this request now counts in the caches (ADR 0024).
      await changes.sync();
      const session = await lookup(token);
      if (session.status === 'ok') request.user = session.user;
      else if (!('public' in access) || access.reportExpiredToken) throw tokenError(session.status);
    }
    if ('public' in access) return;
    if (!request.user) throw unauthorized();
    const scopes = request.user.scopes;
    const allowed = 'scopes' in access ? hasScope(scopes, access.scopes) : hasAllScopes(scopes, access.all);
    if (!allowed) throw forbidden();
  });
}

function tokenError(status: 'expired' | 'invalid') {
  return status === 'expired'
    ? new AppError(401, 'TOKEN_EXPIRED', 'The session has expired, log in again')
    : unauthorized();
}

/** The acting user of a route that requires login. */
export function actor(request: FastifyRequest): TSessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
