import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRouteEntry } from '../src/http/access.ts';
import { ACCOUNT_PASSWORD, bearer, createTestApp, DEMO, type TTestApp } from './harness.ts';

/**
 * Object-level isolation: agency A's booking, its guest, notes and everything hanging on it,
 * against the agent of agency B and a customer who has nothing to do with it. Every GET route of the table
 * is called with A's objects in its parameters (and every list without), and no answer may carry A's
 * markers: not in JSON, not in CSV, not in the text of a PDF. Every write route that takes A's booking is
 * refused and leaves the booking's version as it was. New routes are covered the moment they are registered.
 */

const SWEEP_TIMEOUT_MS = 600_000;
const GUEST = 'Quokka Zeppelinfeld';
const NOTE = 'QUOKKA-NOTE-7731';
const INTERNAL = 'QUOKKA-INTERNAL-9913';

let t: TTestApp;
let routes: TRouteEntry[];
let staff: string;
let agentA: string;
let agentB: string;
let customer: string;
let booking: { id: number; version: number; number: string; customerId: number; agencyId: number };
const pdfDir = mkdtempSync(join(tmpdir(), 'atoll-isolation-'));

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, agent: agentA, customer } = await t.demoTokens('staff', 'agent', 'customer'));
  const admin = await t.login(...DEMO.admin);
  const agencyB = ok(await t.post('/api/agencies', admin, { name: 'Isolation Travel B' }), 201);
  ok(
    await t.post('/api/users', admin, {
      email: 'agent-b@isolation.test',
      password: ACCOUNT_PASSWORD,
      userType: 'agency',
      agencyId: agencyB.id,
      permissions: { scope: ['agencies.self'] },
    }),
    201,
  );
  agentB = await t.login('agent-b@isolation.test', ACCOUNT_PASSWORD);

  // Agency A's booking, made by its agent for a named guest, with a note and the office's internal note.
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const resort = ok(await t.get('/api/resort?search=Coral', staff)).data[0];
  const room = ok(await t.get(`/api/rooms?size=1&sort=id&filter=${filter({ resortId: resort.id })}`, staff))
    .data[0];
  const from = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 124 * 86_400_000).toISOString().slice(0, 10);
  const created = ok(
    await t.post('/api/bookings', agentA, {
      state: 'planned',
      note: NOTE,
      rooms: [{ roomId: room.id, from, to, guests: [{ name: GUEST, gender: 'f', age: 35 }, { age: 33 }] }],
    }),
    201,
  );
  const changed = ok(
    await t.post(`/api/bookings/${created.id}/change`, staff, {
      internalNote: INTERNAL,
      version: created.version,
    }),
  );
  booking = {
    id: created.id,
    version: changed.version,
    number: created.reservationNo ?? created.offerNo,
    customerId: created.customerId,
    agencyId: created.agencyId,
  };
  expect(booking.agencyId).toBeTruthy();
  routes = t.app.routeTable.filter((r) => r.url !== '/*' && !('public' in r.access));
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(pdfDir, { recursive: true, force: true });
});

/** A's objects in a route's parameters: its booking (id or number), guest and agency. */
function withObjectsOfA(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    if (/no$|number/i.test(name)) return booking.number;
    if (/customer/i.test(name)) return String(booking.customerId);
    if (/agency/i.test(name)) return String(booking.agencyId);
    if (/^id$/.test(name) && url.startsWith('/api/customers/')) return String(booking.customerId);
    if (/^id$/.test(name) && url.startsWith('/api/agencies/')) return String(booking.agencyId);
    return String(booking.id);
  });
}

/** The readable text of an answer: JSON and CSV as they are, a PDF through pdftotext. */
function textOf(res: LightMyRequestResponse): string {
  if (!String(res.headers['content-type'] ?? '').includes('pdf')) return res.body;
  const file = join(pdfDir, 'answer.pdf');
  writeFileSync(file, res.rawPayload);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

const MARKERS = () => [GUEST, NOTE, INTERNAL, booking.number];

async function leaks(token: string) {
  const found: string[] = [];
  for (const r of routes.filter((r) => r.method === 'GET')) {
    const url = withObjectsOfA(r.url);
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    if (res.statusCode >= 500) found.push(`${url} → ${res.statusCode}`);
    if (res.statusCode >= 300) continue;
    const text = textOf(res);
    for (const marker of MARKERS()) if (text.includes(marker)) found.push(`${url} shows "${marker}"`);
  }
  return found;
}

describe('agency B and an unrelated customer see nothing of agency A', () => {
  it('agent A itself sees its booking (the markers are real) with its commission, without the internal note', async () => {
    const own = ok(await t.get(`/api/bookings/${booking.id}`, agentA));
    expect(JSON.stringify(own)).toContain(GUEST);
    expect(JSON.stringify(own)).not.toContain(INTERNAL);
    expect(own).toHaveProperty('commission');
  });

  it(
    'the sweep finds the markers where the office may see them (detail, list, CSV, PDF)',
    async () => {
      const seen = await leaks(staff);
      const at = (part: string) => seen.some((s) => s.includes(part));
      expect(at(`/api/bookings/${booking.id} shows "${INTERNAL}"`)).toBe(true);
      expect(at('/api/bookings/listCSV shows')).toBe(true);
      expect(at(`/api/bookings/${booking.number}/download shows "${booking.number}"`)).toBe(true);
      expect(at(`/api/bookings/${booking.number}/voucher shows "${GUEST}"`)).toBe(true);
      expect(seen.length).toBeGreaterThan(10);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'no GET route shows agency B A’s booking, guest or notes',
    async () => {
      expect(await leaks(agentB)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'no GET route shows the demo customer A’s booking, guest or notes',
    async () => {
      expect(await leaks(customer)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'no write route on A’s booking succeeds for agency B, and the booking stays as it was',
    async () => {
      const wrong: string[] = [];
      for (const r of routes.filter(
        (r) => r.method !== 'GET' && r.method !== 'HEAD' && r.url.includes(':'),
      )) {
        const url = withObjectsOfA(r.url);
        const res = await t.app.inject({
          method: r.method as 'POST',
          url,
          headers: bearer(agentB),
          payload: { version: booking.version },
        });
        if (res.statusCode < 300 && url.includes(String(booking.id)) && url.startsWith('/api/bookings'))
          wrong.push(`${r.method} ${url} → ${res.statusCode}`);
        if (res.statusCode >= 500) wrong.push(`${r.method} ${url} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
      const after = ok(await t.get(`/api/bookings/${booking.id}`, staff));
      expect(after.version).toBe(booking.version);
      expect(after.state).toBe('planned');
    },
    SWEEP_TIMEOUT_MS,
  );
});
