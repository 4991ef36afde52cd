import { createHash } from 'node:crypto';
import { SHELL_SCRIPT } from '@atoll/domain/navigation/public-entry';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer: a content security policy that allows only the
 * app's own scripts and frames it only in itself, no MIME sniffing, no referrer leaks; HSTS and
 * upgrade-insecure-requests only where the site is served over TLS (they break plain http).
 *
 * Helmet's middleware is built once, here. The Fastify plugin (@fastify/helmet) builds it anew on every
 * request and gives each reply a closure besides: ~20 KB of garbage per request (ADR 0030).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  const setHeaders = helmet({
    hsts: opts.https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: opts.https ? [] : null,
        defaultSrc: ["'self'"],
        // The one inline script: the shells of public.html and index.html (public-entry.ts), allowed by its hash.
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
}

/**
 * The policy of files users uploaded (media, the company logo): whatever a browser opens runs sandboxed, with
 * no script in the app's origin; sent with `x-content-type-options: nosniff`.
 */
export const USER_FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
