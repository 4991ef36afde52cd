// Agents (agencies.self) list resorts for the booking wizard: only the active ones on sale, read-only;
// customers still get 403 and staff still see every resort.
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

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, agent, customer } = await t.demoTokens('staff', 'agent', 'customer'));
  const resort = async (name: string, extra: Record<string, unknown> = {}) =>
    (await ok(t.post('/api/resort', staff, { name, ...extra }), 201)).id as number;
  ids.onSale = await resort('Agent Test On Sale');
  ids.inactive = await resort('Agent Test Inactive', { isActive: false });
  ids.hidden = await resort('Agent Test Hidden', { isVisible: false });
});
afterAll(() => t?.close());

const names = (answer: { data: { name: string }[] }) => answer.data.map((r) => r.name);

describe('agents list the resorts on sale', () => {
  it('see only active, visible resorts, nothing more than ZResort', async () => {
    const list = await ok(t.get('/api/resort?size=0&sort=name', agent));
    expect(names(list)).toContain('Agent Test On Sale');
    expect(names(list)).toContain('Coral Garden Resort');
    expect(names(list)).not.toContain('Agent Test Inactive');
    expect(names(list)).not.toContain('Agent Test Hidden');
    for (const row of list.data) {
      expect(row).toMatchObject({ isActive: true, isVisible: true });
      expect(Object.keys(row).some((k) => /note|cost|commission/i.test(k))).toBe(false);
    }
    // A filter cannot widen the row filter.
    const asked = await ok(t.get(`/api/resort?filter=${encodeURIComponent('{"isActive":false}')}`, agent));
    expect(asked.total).toBe(0);
  });

  it('read one on sale; an inactive or hidden one answers 404', async () => {
    expect((await ok(t.get(`/api/resort/${ids.onSale}`, agent))).name).toBe('Agent Test On Sale');
    expectError(await t.get(`/api/resort/${ids.inactive}`, agent), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/resort/${ids.hidden}`, agent), 404, 'NOT_FOUND');
  });

  it('may not write resorts', async () => {
    expectError(await t.post('/api/resort', agent, { name: 'Mine' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/resort/${ids.onSale}`, agent, { name: 'Mine' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/resort/${ids.onSale}`, agent), 403, 'FORBIDDEN');
  });
});

describe('unchanged', () => {
  it('customers get 403, staff see inactive and hidden resorts too', async () => {
    expectError(await t.get('/api/resort', customer), 403, 'FORBIDDEN');
    expectError(await t.get(`/api/resort/${ids.onSale}`, customer), 403, 'FORBIDDEN');
    const list = await ok(t.get('/api/resort?size=0', staff));
    expect(names(list)).toEqual(
      expect.arrayContaining(['Agent Test On Sale', 'Agent Test Inactive', 'Agent Test Hidden']),
    );
  });
});
