import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './harness.ts';

// Two instances against one Redis share the login limit: the fourth attempt from one address fails,
// whichever instance it reaches. Redis runs on the machines and in CI (127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: TTestApp;
let b: TTestApp;
beforeAll(async () => {
  const config = { authRateLimit: 3, redisUrl };
  [a, b] = await Promise.all([
    createTestApp({ seed: false, config }),
    createTestApp({ seed: false, config }),
  ]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

describe('rate limit shared through Redis', () => {
  it('counts attempts across instances per client address', async () => {
    const randomIp = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const ip = randomIp();
    const attempt = (t: TTestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        remoteAddress: ip,
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
    const codes = [];
    for (const t of [a, b, a]) codes.push((await attempt(t)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const blocked = await attempt(b);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('TOO_MANY_REQUESTS');
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      remoteAddress: randomIp(),
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(other.statusCode).toBe(401);
  });
});
