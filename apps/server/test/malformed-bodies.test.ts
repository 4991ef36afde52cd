import { describe, expect, it } from 'vitest';
import { bodyProbes, MIN_ROUTES, paramCount, run, SWEEP_TIMEOUT_MS, setupSweep, sweep } from './malformed.ts';

// Malformed bodies and content types on every route (admin); the sweep is described in malformed.ts.
setupSweep();

describe('malformed input on every route (admin): bodies', () => {
  it(`covers at least ${MIN_ROUTES} routes`, () => {
    expect(sweep.routes.length).toBeGreaterThanOrEqual(MIN_ROUTES);
    expect(sweep.routes.filter((r) => paramCount(r.url) > 0).length).toBeGreaterThan(5);
    expect([...sweep.bodyProps.values()].filter((p) => p.length > 0).length).toBeGreaterThan(5);
  });

  it(
    'malformed bodies and wrong content types',
    async () => {
      const failures: string[] = [];
      let total = 0;
      let rejected = 0;
      for (const route of sweep.routes) {
        const probes = bodyProbes(route);
        const result = await run(route, probes);
        failures.push(...result.failures);
        if (sweep.bodyProps.get(`${route.method} ${route.url}`)?.length) {
          total += probes.length;
          rejected += result.rejected;
        }
      }
      expect(failures).toEqual([]);
      // Routes with a body schema refuse nearly all of it; a sweep where all passed would test nothing.
      expect(total).toBeGreaterThan(100);
      expect(rejected).toBeGreaterThan(total * 0.8);
    },
    SWEEP_TIMEOUT_MS,
  );
});
