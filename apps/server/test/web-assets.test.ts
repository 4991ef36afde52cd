import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SHELL_SCRIPT } from '@atoll/domain/navigation/public-entry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './harness.ts';

/**
 * The built web app as the server sends it: the compressed copies the web build writes beside each file
 * (apps/web/scripts/compress-dist.mjs) when the browser accepts them, assets cached for a year, the pages
 * never; the guests' paths get the light public entry, everything else the back office.
 */

const dist = mkdtempSync(join(tmpdir(), 'atoll-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let t: TTestApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<html>back office</html>');
  writeFileSync(join(dist, 'public.html'), '<html>public entry</html>');
  writeFileSync(join(dist, 'assets/app-1.js'), script);
  writeFileSync(join(dist, 'assets/app-1.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/app-1.js.gz'), gzipSync(script));
  t = await createTestApp({ seed: false, config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('sends brotli, else gzip, else the file itself, cached for a year', async () => {
    const br = await t.get('/assets/app-1.js', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.get('/assets/app-1.js', undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.get('/assets/app-1.js', undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers the public entry for the guests’ pages and the logins, the back office for the rest, never cached', async () => {
    for (const path of [
      '/book/online-v2',
      '/book/resort',
      '/widget/reef',
      '/guestform-m/3/abc',
      '/forms/1/x',
      '/login',
      '/club/login',
    ]) {
      const res = await t.get(path);
      expect(res.body, path).toBe('<html>public entry</html>');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    for (const path of ['/', '/booking/list', '/book', '/book/preview', '/invoice/7', '/password/reset']) {
      const res = await t.get(path);
      expect(res.body, path).toBe('<html>back office</html>');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('allows the public entry’s inline shell script by its hash, and no other inline script', async () => {
    const csp = (await t.get('/book/online-v2')).headers['content-security-policy'];
    const scripts = String(csp)
      .split(';')
      .find((d) => d.startsWith('script-src'));
    const hash = createHash('sha256').update(SHELL_SCRIPT).digest('base64');
    expect(scripts).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
