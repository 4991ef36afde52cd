import { ZErrorBody } from '@atoll/domain/errors';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { frameworkErrors, registerErrorHandling } from '../src/http/errors.ts';
import {
  paramCount,
  paramProbes,
  ROUTER_LEVEL_VALUES,
  run,
  SWEEP_TIMEOUT_MS,
  setupSweep,
  sweep,
} from './malformed.ts';

// Hostile path parameters on every route (admin), router-level refusals, path traversal; see malformed.ts.
setupSweep();

describe('malformed input on every route (admin): path parameters', () => {
  it(
    'hostile path parameters',
    async () => {
      const failures: string[] = [];
      let total = 0;
      let rejected = 0;
      for (const route of sweep.routes.filter((r) => paramCount(r.url) > 0)) {
        const probes = paramProbes(route);
        total += probes.length;
        const result = await run(route, probes);
        failures.push(...result.failures);
        rejected += result.rejected;
      }
      expect(failures).toEqual([]);
      expect(total).toBeGreaterThan(100);
      expect(rejected).toBeGreaterThan(total / 2);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('the sweep sees a row that a request wrote, and not one that a rollback took back', async () => {
    const admin = await sweep.adminHeaders();
    const start = await sweep.written();
    const created = await sweep.app.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: admin,
      payload: { masterData: { firstName: 'Sweep', lastName: 'Watch' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const afterCreate = await sweep.written();
    expect(afterCreate).toBeGreaterThan(start);
    await expect(
      sweep.app.database.db.transaction(async (tx) => {
        await tx.execute(sql`update customers set last_name = 'Rolled back' where id = ${created.json().id}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await sweep.written()).toBe(afterCreate);
  });

  it('router-level refusals use the standard error body once `frameworkErrors` is wired', async () => {
    // The same router options as app.ts, with the handler errors.ts exports for that option.
    const app = Fastify({ routerOptions: { maxParamLength: 200 }, frameworkErrors });
    registerErrorHandling(app);
    app.get('/api/x/:id', async () => ({ ok: true }));
    try {
      for (const [value, status] of [
        ['%E0%A4%A', 400],
        ['x'.repeat(5000), 414],
      ] as const) {
        const res = await app.inject({ method: 'GET', url: `/api/x/${value}` });
        expect(res.statusCode).toBe(status);
        expect(ZErrorBody.parse(res.json()).error).toBe('ValidationError');
      }
    } finally {
      await app.close();
    }
  });

  it('router-level refusals of the real app use the standard error body', async () => {
    const res = await Promise.all(
      ROUTER_LEVEL_VALUES.map(async (value) =>
        sweep.app.app.inject({
          method: 'GET',
          url: `/api/users/${value}`,
          headers: await sweep.adminHeaders(),
        }),
      ),
    );
    for (const r of res) expect(ZErrorBody.safeParse(r.json()).success, r.body.slice(0, 100)).toBe(true);
  });

  it('path traversal through the web fallback stays inside the built web app', async () => {
    for (const url of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/%00',
      '/%E0%A4%A',
      `/${'x'.repeat(5000)}`,
      '/api/..%2fapi%2fusers',
    ]) {
      const res = await sweep.app.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('root:');
      expect(res.body, url).not.toContain('"workspaces"');
      expect(res.body, url).not.toContain('"data":[');
    }
  });
});
