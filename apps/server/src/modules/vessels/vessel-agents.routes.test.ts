// Agents (agencies.self) list vessels for the booking wizard: only the active ones on sale, read-only;
// customers still get 403 and staff still see every vessel. Decks and lists stay staff-only.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let staff: string;
let agent: string;
let customer: string;
const ids = { onSale: 0, inactive: 0, hidden: 0 };

const ok = async (res: Promise<LightMyRequestResponse>, status = 200) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json();
};
const names = (answer: { data: { name: string }[] }) => answer.data.map((r) => r.name);

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, agent, customer } = await t.demoTokens('staff', 'agent', 'customer'));
  const vessel = async (name: string, extra: Record<string, unknown> = {}) =>
    (await ok(t.post('/api/vessel', staff, { name, ...extra }), 201)).id as number;
  ids.onSale = await vessel('MY Agent On Sale');
  ids.inactive = await vessel('MY Agent Inactive', { isActive: false });
  ids.hidden = await vessel('MY Agent Hidden', { isVisible: false });
});
afterAll(() => t?.close());

describe('agents list the vessels on sale', () => {
  it('see only active, visible vessels, nothing more than ZVessel', async () => {
    const list = await ok(t.get('/api/vessel?size=0&sort=name', agent));
    expect(names(list)).toEqual(expect.arrayContaining(['MY Agent On Sale', 'MV Atoll Explorer']));
    expect(names(list)).not.toContain('MY Agent Inactive');
    expect(names(list)).not.toContain('MY Agent Hidden');
    for (const row of list.data) {
      expect(row).toMatchObject({ isActive: true, isVisible: true });
      expect(Object.keys(row).some((k) => /note|cost|commission/i.test(k))).toBe(false);
    }
    const asked = await ok(t.get(`/api/vessel?filter=${encodeURIComponent('{"isVisible":false}')}`, agent));
    expect(asked.total).toBe(0);
  });

  it('read one on sale; an inactive or hidden one answers 404', async () => {
    expect((await ok(t.get(`/api/vessel/${ids.onSale}`, agent))).name).toBe('MY Agent On Sale');
    expectError(await t.get(`/api/vessel/${ids.inactive}`, agent), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/vessel/${ids.hidden}`, agent), 404, 'NOT_FOUND');
  });

  it('may not write vessels nor read decks and lists', async () => {
    expectError(await t.post('/api/vessel', agent, { name: 'Mine' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/vessel/${ids.onSale}`, agent, { name: 'Mine' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/vessel/${ids.onSale}`, agent), 403, 'FORBIDDEN');
    expectError(await t.get('/api/vesseldeck', agent), 403, 'FORBIDDEN');
    expectError(await t.get('/api/vessellist', agent), 403, 'FORBIDDEN');
  });
});

describe('unchanged', () => {
  it('customers get 403, staff see inactive and hidden vessels too', async () => {
    expectError(await t.get('/api/vessel', customer), 403, 'FORBIDDEN');
    const list = await ok(t.get('/api/vessel?size=0', staff));
    expect(names(list)).toEqual(
      expect.arrayContaining(['MY Agent On Sale', 'MY Agent Inactive', 'MY Agent Hidden']),
    );
  });
});
