import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectError, type TTestApp } from './harness.ts';

/**
 * A word where a route takes a number names no route: `GET /api/bookings/someWord` is an unknown path
 * (404 "Route not found"), not a bad id (400 "params/id"). Swept over every route with a path parameter.
 */

let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(...DEMO.admin);
});
afterAll(() => t?.close());

describe('unknown paths', () => {
  it('answers 404 Route not found for a word in a numeric place', async () => {
    for (const url of ['/api/bookings/someWord', '/api/customers/someWord', '/api/bookings/notAReport']) {
      const res = await t.get(url, admin);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.json().description).toBe('Route not found');
    }
  });

  it('still answers 400 for a malformed number', async () => {
    for (const url of ['/api/customers/-1', '/api/customers/1.5'])
      expectError(await t.get(url, admin), 400, 'ValidationError');
  });

  it('never answers "params" 400 for a word in any path parameter of any route', async () => {
    const failures: string[] = [];
    let swept = 0;
    let checked = 0;
    const call = (method: string, url: string) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: Object.assign({ 'content-type': 'application/json' }, bearer(admin)),
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
      });
    const paramsRefused = (body: string) => body.includes('"path":"params/');
    // Which path parameters take a number, as the API document describes them (a folder name does not).
    type TParam = { in: string; name: string; schema?: { type?: string; pattern?: string } };
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { parameters?: TParam[] }>>;
    };
    const numeric = (method: string, url: string, name: string) => {
      const path = url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
      const param = doc.paths[path]?.[method.toLowerCase()]?.parameters?.find(
        (p) => p.in === 'path' && p.name === name,
      );
      const schema = param?.schema ?? {};
      return (
        schema.type === 'integer' || schema.type === 'number' || /\[0-9\]|\\d/.test(schema.pattern ?? '')
      );
    };
    for (const route of t.app.routeTable) {
      const count = [...route.url.matchAll(/:(\w+)/g)].length;
      const fill = (word: number) => {
        let i = -1;
        return route.url
          .replace(/:(\w+)(\([^)]*\))?/g, () => (++i === word ? 'someWord' : '1'))
          .replace(/\*/g, 'x');
      };
      // Only where 1 is a good value for every parameter (not a date or a language), so a 400 is the word's.
      if (count === 0) continue;
      // A delete with all ones would remove row 1 (the administrator): deletes take one parameter anyway.
      if (route.method === 'DELETE' ? count > 1 : paramsRefused((await call(route.method, fill(-1))).body))
        continue;
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (let index = 0; index < count; index++) {
        const res = await call(route.method, fill(index));
        swept++;
        if (!numeric(route.method, route.url, names[index] ?? '')) continue;
        checked++;
        if (res.statusCode === 400 && res.body.includes(`"path":"params/${names[index]}"`))
          failures.push(`${route.method} ${fill(index)}: ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(swept).toBeGreaterThan(250);
    expect(checked).toBeGreaterThan(150);
  });
});
