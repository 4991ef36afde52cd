import { describe, expect, it } from 'vitest';
import { queryProbes, run, SWEEP_TIMEOUT_MS, setupSweep, sweep } from './malformed.ts';

// Hostile query strings on every route (admin) and bad list queries; see malformed.ts.
setupSweep();

describe('malformed input on every route (admin): query strings', () => {
  it(
    'hostile query strings',
    async () => {
      const failures: string[] = [];
      for (const route of sweep.routes) failures.push(...(await run(route, queryProbes(route))).failures);
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('list queries with bad paging, filters or sort fields are refused with 400', async () => {
    // Every generic list: the bases that have a listCSV twin, and the twins.
    const csv = sweep.routes.filter((r) => r.method === 'GET' && r.url.endsWith('/listCSV'));
    const bases = new Set(csv.map((r) => r.url.replace(/\/listCSV$/, '')));
    const lists = sweep.routes.filter(
      (r) => r.method === 'GET' && (bases.has(r.url) || r.url.endsWith('/listCSV')),
    );
    expect(lists.length).toBeGreaterThanOrEqual(2 * 20);
    for (const route of lists) {
      for (const q of [
        'page=-1',
        'size=abc',
        'filter=%7Bbad',
        'sort=password_hash',
        'filter=%7B%22password_hash%22%3A1%7D',
      ]) {
        const res = await sweep.app.app.inject({
          method: 'GET',
          url: `${route.url}?${q}`,
          headers: await sweep.adminHeaders(),
        });
        expect(res.statusCode, `${route.url}?${q}`).toBe(400);
        expect(res.json().error).toBe('ValidationError');
      }
    }
  });
});
