import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, type TTestApp } from './harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('logs in and lists users', async () => {
    const token = await t.login(...DEMO.admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(4);
    expect(res.body).not.toContain('password');
  });
});
