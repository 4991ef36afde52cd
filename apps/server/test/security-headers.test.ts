import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './harness.ts';

/**
 * Security headers: a content security policy that allows only the app's own scripts and
 * frames it only in itself, no MIME sniffing, no referrer leaks; HSTS and upgrade-insecure-requests only
 * when the installation is served over TLS (they would break a plain-http laptop demo).
 */

const apps: TTestApp[] = [];
const app = async (appUrl: string) => {
  const t = await createTestApp({ seed: false, config: { appUrl } });
  apps.push(t);
  return t;
};
afterAll(() => Promise.all(apps.map((t) => t.close())));

const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('on plain http: CSP, nosniff, frame-ancestors self, no HSTS', async () => {
    const t = await app('http://atoll.test');
    for (const url of ['/version', '/api/bootstrap', '/login']) {
      const res = await t.get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      // 'self' and the public entry's one inline script by its hash (web-assets.test.ts), nothing inline else.
      expect(csp['script-src'], url).toEqual([
        "'self'",
        expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/),
      ]);
      expect(csp['frame-ancestors'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['upgrade-insecure-requests'], url).toBeUndefined();
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('behind TLS: HSTS and upgrade-insecure-requests as well', async () => {
    const t = await app('https://book.example.com');
    const res = await t.get('/version');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(directives(res.headers['content-security-policy'] as string)).toHaveProperty(
      'upgrade-insecure-requests',
    );
  });
});
