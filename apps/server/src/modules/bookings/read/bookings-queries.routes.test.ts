// The read side of the bookings: list (filters, search, paging, sort), detail with redaction, history
// with diff, etag, years, lookups, the booking's guests and cabins, CSV, and who sees which booking.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, createTestApp, expectError, type TTestApp } from '../../../../test/harness.ts';
import {
  demoIds,
  insertBooking,
  recordTestVersion,
  type TTestBooking,
  updateTestBooking,
} from '../../../../test/test-bookings.ts';
import { bookings, users } from '../../../db/schema.ts';
import { createBookingQueriesRepository } from './bookings-queries.repository.ts';

const queriesRepo = createBookingQueriesRepository();

let t: TTestApp;
let staff: string;
let agent: string;
let customer: string;
let admin: string;
/** Holds users.self only. */
let nobody: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
/** A: Blue Reef (the demo agent's agency), confirmed, with commission and an internal note. */
let a: number;
/** B: another agency's reservation. */
let b: number;
/** C: a direct offer of Maria Sommer over the turn of the year. */
let c: number;
/** D: a resolved liveaboard booking with Maria as a guest (not the customer). */
let d: number;
/** E: a cancelled Blue Reef booking. */
let e: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const list = async (query: string, token = staff) => ok(await t.get(`/api/bookings?${query}`, token)).json();
const idsOf = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

const SECRET = 'INTERNAL pays late';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, agent, customer } = await t.demoTokens());
  nobody = await t.account('nobody@bookings.test', ['users.self']);
  ids = await demoIds(t.database.db);
  const db = t.database.db;
  const [room1, room2, room3] = ids.rooms;
  const [cabin] = ids.cabins;
  if (!room1 || !room2 || !room3 || !cabin) throw new Error('demo rooms missing');
  const [otherCustomer, thirdCustomer] = ids.customerIds;
  const resortStay = (over: Partial<TTestBooking> & { from: string; to: string }): TTestBooking => ({
    type: 'resort',
    resortId: ids.resortId,
    ...over,
  });
  ({ id: a } = await insertBooking(
    db,
    resortStay({
      state: 'confirmed',
      offerNo: 'O26-00001',
      reservationNo: 'R26-00001',
      bookingNo: 'B26-00001',
      from: '2026-05-01',
      to: '2026-05-08',
      agencyId: ids.blueReefId,
      customerId: otherCustomer,
      channel: 'AgentDirectBooking',
      total: '1400.00',
      commission: '140.00',
      commissionPercent: '10.00',
      internalNote: SECRET,
      note: 'Vegetarian',
      totals: {
        total: '1400.00',
        agencyDue: '1260.00',
        commission: '140.00',
        commissionPercent: '10.00',
        commissionBase: '1400.00',
        commissionSource: 'agency',
      },
      explanation: {
        why: [
          { specialId: 5, name: 'Agency commission 10 %', applied: true, reason: 'commission' },
          {
            specialId: 6,
            name: 'Agency commission 8 %',
            applied: false,
            reason: 'lostToBetter',
            beatenBy: 5,
          },
          { specialId: 7, name: 'Early bird', applied: false, reason: 'rule' },
        ],
        problems: [],
      },
      rooms: [
        {
          roomId: room1.id,
          guests: [
            { customerId: otherCustomer, gender: 'f' },
            { name: 'Guest 2', gender: 'm' },
          ],
        },
      ],
      lines: [
        { key: 'room:r1', text: 'Garden Room 7 nights', total: '1400.00', guest: 0 },
        {
          key: 'commission',
          type: 'text',
          text: 'Commission 10 %',
          total: '140.00',
          generator: 'commission',
        },
      ],
    }),
  ));
  ({ id: b } = await insertBooking(
    db,
    resortStay({
      state: 'planned',
      reservationNo: 'R26-00002',
      from: '2026-06-10',
      to: '2026-06-17',
      agencyId: ids.otherAgencyId,
      customerId: thirdCustomer,
      rooms: [{ roomId: room2.id, guests: [{ customerId: thirdCustomer }] }],
    }),
  ));
  ({ id: c } = await insertBooking(
    db,
    resortStay({
      state: 'draft',
      offerNo: 'O25-00003',
      from: '2025-12-28',
      to: '2026-01-04',
      customerId: ids.mariaId,
      rooms: [{ roomId: room3.id, guests: [{ customerId: ids.mariaId, gender: 'f' }] }],
    }),
  ));
  ({ id: d } = await insertBooking(db, {
    type: 'vessel',
    vesselId: ids.vesselId,
    state: 'confirmed',
    resolved: true,
    bookingNo: 'B27-00004',
    from: '2027-03-01',
    to: '2027-03-08',
    customerId: otherCustomer,
    rooms: [{ roomId: cabin.id, guests: [{ customerId: otherCustomer }, { customerId: ids.mariaId }] }],
  }));
  ({ id: e } = await insertBooking(
    db,
    resortStay({
      state: 'aborted',
      bookingNo: 'B26-00005',
      from: '2026-07-01',
      to: '2026-07-05',
      agencyId: ids.blueReefId,
      rooms: [{ roomId: room1.id, guests: [{ name: 'Jana Novak' }] }],
    }),
  ));
  // A's history: created, then changed by staff (note, commission, internal note).
  await recordTestVersion(db, a, { action: 'create', userId: ids.staffId });
  await updateTestBooking(db, a, { note: 'Vegan', commission: '150.00', internalNote: `${SECRET}!` });
  await recordTestVersion(db, a, {
    action: 'change',
    userId: ids.staffId,
    changes: [
      { path: 'note', from: 'Vegetarian', to: 'Vegan' },
      { path: 'commission', from: '140.00', to: '150.00' },
    ],
  });
});
afterAll(() => t?.close());

describe('access', () => {
  const reads = () => [
    '/api/bookings',
    '/api/bookings/csvExport',
    '/api/bookings/listCSV',
    '/api/bookings/years',
    '/api/bookings/actionStates',
    '/api/bookings/find?query=B26',
    `/api/bookings/${a}`,
    `/api/bookings/etag/${a}`,
    `/api/bookings/${a}/history`,
    `/api/bookings/${a}/history/1`,
    `/api/bookings/${a}/history/diff?from=1&to=2`,
    `/api/bookings/${a}/log`,
    `/api/bookings/${a}/customers`,
    `/api/bookings/${a}/cabins`,
  ];

  it('every call answers 401 without login and 403 without a booking scope', async () => {
    for (const url of reads()) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, nobody), 403, 'FORBIDDEN');
    }
  });

  it('a booking the agent may not see is 404 on every call about it, never 403', async () => {
    for (const url of [
      `/api/bookings/${b}`,
      `/api/bookings/etag/${b}`,
      `/api/bookings/${b}/history`,
      `/api/bookings/${b}/history/1`,
      `/api/bookings/${b}/history/diff?from=1&to=2`,
      `/api/bookings/${b}/log`,
      `/api/bookings/${b}/customers`,
      `/api/bookings/${b}/cabins`,
    ]) {
      expectError(await t.get(url, agent), 404, 'NOT_FOUND');
    }
    // The same as for a booking that does not exist.
    expectError(await t.get('/api/bookings/999999', agent), 404, 'NOT_FOUND');
    expectError(await t.get('/api/bookings/999999', staff), 404, 'NOT_FOUND');
  });

  it('refuses ids that are not positive whole numbers with 400', async () => {
    expectError(await t.get('/api/bookings/abc', staff), 404, 'NOT_FOUND');
    for (const url of ['/api/bookings/0', '/api/bookings/1e3/history', '/api/bookings/etag/-1']) {
      expectError(await t.get(url, staff), 400, 'ValidationError');
    }
  });
});

describe('GET /api/bookings', () => {
  it('lists every booking for staff, newest travel date first, with the names', async () => {
    const body = await list('');
    expect(body).toMatchObject({ total: 5, page: 1, size: 25 });
    expect(idsOf(body)).toEqual([d, e, b, a, c]);
    const rowA = body.data.find((r: { id: number }) => r.id === a);
    expect(rowA).toMatchObject({
      state: 'confirmed',
      bookingNo: 'B26-00001',
      agencyName: 'Blue Reef Travel',
      from: '2026-05-01',
      to: '2026-05-08',
      noOfPax: 2,
      total: '1400.00',
      version: 2,
    });
    expect(rowA.customerName).toEqual(expect.any(String));
    expect(rowA).not.toHaveProperty('commission');
    expect(body.data.find((r: { id: number }) => r.id === c).customerName).toBe('Maria Sommer');
  });

  it('pages and sorts by any summary column', async () => {
    const second = await list('size=2&page=2');
    expect(second).toMatchObject({ total: 5, page: 2, size: 2 });
    expect(idsOf(second)).toEqual([b, a]);
    expect(idsOf(await list('sort=from&order=1'))).toEqual([c, a, b, e, d]);
    // Blue Reef before Tauchreisen, bookings without an agency last; ties by id in the same direction.
    expect(idsOf(await list('sort=agencyName&order=1'))).toEqual([a, e, b, c, d]);
    expect(idsOf(await list('sort=agencyName&order=-1'))).toEqual([b, e, a, d, c]);
    expectError(await t.get('/api/bookings?sort=internalNote', staff), 400, 'ValidationError');
  });

  it('counts large lists only up to a cap, and says so', async () => {
    expect((await list('size=2')).totalCapped).toBeUndefined();
    // The cap itself (1,000) is too large for a test: the repository counts up to any limit.
    const db = t.database.db;
    expect(await queriesRepo.countBookingsUpTo(db, undefined, 3)).toBe(3);
    expect(await queriesRepo.countBookingsUpTo(db, undefined, 100)).toBe(5);
    expect(await queriesRepo.countBookingsUpTo(db, eq(bookings.id, a), 100)).toBe(1);
  });

  it('filters by states, notResolved included', async () => {
    expect(idsOf(await list('states=confirmed')).sort()).toEqual([a, d].sort());
    expect(idsOf(await list('states=notResolved')).sort()).toEqual([a, b].sort());
    expect(idsOf(await list('states=draft,aborted')).sort()).toEqual([c, e].sort());
    expectError(await t.get('/api/bookings?states=confirmed,bogus', staff), 400, 'ValidationError');
  });

  it('filters by overlapping dates, both ends included', async () => {
    expect(idsOf(await list('from=2026-05-05&to=2026-06-10')).sort()).toEqual([a, b].sort());
    expect(idsOf(await list('from=2026-01-04&to=2026-01-04'))).toEqual([c]);
    expect(idsOf(await list('from=2027-01-01')).sort()).toEqual([d]);
    expect(idsOf(await list('to=2025-12-31'))).toEqual([c]);
    expectError(await t.get('/api/bookings?from=2026-06-01&to=2026-05-01', staff), 400, 'ValidationError');
    expectError(await t.get('/api/bookings?from=2026-02-30', staff), 400, 'ValidationError');
  });

  it('filters by asset, schedule, agency and customer', async () => {
    expect(idsOf(await list(`vesselId=${ids.vesselId}`))).toEqual([d]);
    expect(idsOf(await list(`resortId=${ids.resortId}`))).toEqual([e, b, a, c]);
    expect(idsOf(await list(`agencyId=${ids.blueReefId}`))).toEqual([e, a]);
    expect(idsOf(await list(`customerId=${ids.mariaId}`))).toEqual([c]);
    expect((await list('scheduleId=123456')).total).toBe(0);
    expectError(await t.get('/api/bookings?agencyId=x', staff), 400, 'ValidationError');
  });

  it('searches numbers, customer and agency names; filters with the JSON filter', async () => {
    expect(idsOf(await list('search=R26-00002'))).toEqual([b]);
    expect(idsOf(await list('search=r26-0000'))).toEqual([b, a]);
    // Maria Sommer: the customer of C and a guest (by her customer record) of D.
    expect(idsOf(await list('search=sommer'))).toEqual([d, c]);
    expect(idsOf(await list('search=Tauchreisen'))).toEqual([b]);
    expect(idsOf(await list('search=100%25'))).toEqual([]);
    const filter = encodeURIComponent(JSON.stringify({ noOfPax: { $gte: 2 }, state: { $ne: 'aborted' } }));
    expect(idsOf(await list(`filter=${filter}`))).toEqual([d, a]);
    const byName = encodeURIComponent(JSON.stringify({ agencyName: { $like: 'blue' } }));
    expect(idsOf(await list(`filter=${byName}`))).toEqual([e, a]);
    const bad = encodeURIComponent(JSON.stringify({ commission: { $gt: 0 } }));
    expectError(await t.get(`/api/bookings?filter=${bad}`, staff), 400, 'ValidationError');
  });

  it('shows the travellers of each booking and finds a booking by a guest’s name', async () => {
    const rows = (await list('size=10')).data as { id: number; guestNames: string | null }[];
    const names = new Map(rows.map((row) => [row.id, row.guestNames]));
    // A placeholder guest with a name and a guest by customer record, in guest order.
    expect(names.get(e)).toBe('Jana Novak');
    expect(names.get(a)).toMatch(/^.+, Guest 2$/);
    expect(names.get(d)).toMatch(/, Maria Sommer$/);
    expect(idsOf(await list('search=novak'))).toEqual([e]);
    expect(idsOf(await list('search=NOVAK', agent))).toEqual([e]);
    // Another agency's traveller stays out of the agent's answer.
    expect(idsOf(await list('search=guest 2', agent))).toEqual([a]);
    expect(idsOf(await list('search=novak', customer))).toEqual([]);
  });

  it('shows the agent only its agency’s bookings and the customer only their own', async () => {
    const mine = await list('', agent);
    expect(mine.total).toBe(2);
    expect(idsOf(mine)).toEqual([e, a]);
    // Asking for another agency changes nothing.
    expect((await list(`agencyId=${ids.otherAgencyId}`, agent)).total).toBe(0);
    expect(idsOf(await list('search=R26-00002', agent))).toEqual([]);
    // Maria: her own offer and the trip she is a guest on.
    expect(idsOf(await list('', customer))).toEqual([d, c]);
  });

  it('limits staff with an asset list to their resorts and vessels', async () => {
    await t.account('vessel-staff@bookings.test', ['bookings.read']);
    await t.database.db
      .update(users)
      .set({ vessels: [ids.vesselId], resorts: [999999] })
      .where(eq(users.email, 'vessel-staff@bookings.test'));
    const token = await t.login('vessel-staff@bookings.test', ACCOUNT_PASSWORD);
    expect(idsOf(await list('', token))).toEqual([d]);
    expectError(await t.get(`/api/bookings/${a}`, token), 404, 'NOT_FOUND');
    // Admin sees all.
    expect((await list('', admin)).total).toBe(5);
  });
});

describe('GET /api/bookings/{id}', () => {
  it('answers the whole booking to staff, commission and internal note included', async () => {
    const res = ok(await t.get(`/api/bookings/${a}`, staff));
    expect(res.headers.etag).toBe('"2"');
    const booking = res.json();
    expect(booking).toMatchObject({
      id: a,
      state: 'confirmed',
      commission: '150.00',
      commissionPercent: '10.00',
      internalNote: `${SECRET}!`,
      note: 'Vegan',
      totals: { commission: '140.00', commissionBase: '1400.00', agencyDue: '1260.00' },
      termsOfPayment: null,
      cancellation: null,
      chosenSpecials: [],
      problems: [],
    });
    expect(booking.rooms).toHaveLength(1);
    expect(booking.rooms[0]).toMatchObject({ roomName: ids.rooms[0]?.name, from: '2026-05-01', whole: true });
    expect(booking.rooms[0].guests.map((g: { name: string | null }) => g.name)).toEqual([null, 'Guest 2']);
    const [roomLine, commissionLine] = booking.calculation;
    expect(roomLine).toMatchObject({ key: 'room:r1', amount: '1', total: '1400.00', manual: false });
    expect(roomLine.customer).toBe(`g${booking.rooms[0].guests[0].id}`);
    expect(roomLine.guestId).toBe(booking.rooms[0].guests[0].id);
    expect(commissionLine).toMatchObject({ key: 'commission', customData: { generator: 'commission' } });
    expect(booking.why.map((w: { specialId: number }) => w.specialId)).toEqual([5, 6, 7]);
  });

  it('gives the agent its commission, never the internal note or why a commission special applied', async () => {
    const res = ok(await t.get(`/api/bookings/${a}`, agent));
    const body = res.body;
    expect(body).not.toContain(SECRET);
    const booking = res.json();
    const full = ok(await t.get(`/api/bookings/${a}`, staff)).json();
    expect(booking).toMatchObject({ commission: full.commission, commissionPercent: full.commissionPercent });
    expect(booking).not.toHaveProperty('internalNote');
    expect(booking.totals).toEqual(full.totals);
    expect(booking.calculation).toEqual(full.calculation);
    expect(booking.why.map((w: { specialId: number }) => w.specialId)).toEqual([7]);
    expect(booking.note).toBe('Vegan');
  });

  it('lets the customer read the bookings they are on, without commission', async () => {
    const booking = ok(await t.get(`/api/bookings/${d}`, customer)).json();
    expect(booking.bookingNo).toBe('B27-00004');
    expect(booking).not.toHaveProperty('commission');
    expectError(await t.get(`/api/bookings/${a}`, customer), 404, 'NOT_FOUND');
  });
});

/** What the agent sees change from version 1 to 2: its commission and the note, not the internal note. */
const AGENT_CHANGES = [
  { path: 'commission', from: '140.00', to: '150.00' },
  { path: 'note', from: 'Vegetarian', to: 'Vegan' },
];

describe('history', () => {
  it('etag answers the current version, in the body and as the ETag header', async () => {
    const res = ok(await t.get(`/api/bookings/etag/${a}`, agent));
    expect(res.json()).toEqual({ etag: 2 });
    expect(res.headers.etag).toBe('"2"');
  });

  it('lists the versions newest first with who and what; staff see the stored changes', async () => {
    const versions = ok(await t.get(`/api/bookings/${a}/history`, staff)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({ action: 'change', userId: ids.staffId, userName: 'Demo Staff' });
    expect(versions[0].changes).toContainEqual({ path: 'commission', from: '140.00', to: '150.00' });
    expect(versions[1]).toMatchObject({ action: 'create', changes: [] });
  });

  it('gives the agent the changes with its commission, without the internal note', async () => {
    const res = ok(await t.get(`/api/bookings/${a}/history`, agent));
    expect(res.body).not.toContain(SECRET);
    const [latest] = res.json();
    expect(latest.changes).toEqual([AGENT_CHANGES[0], AGENT_CHANGES[1]]);
  });

  it('answers a version’s snapshot, redacted for the agent; an unknown version is 404', async () => {
    const first = ok(await t.get(`/api/bookings/${a}/history/1`, staff)).json();
    expect(first).toMatchObject({
      version: 1,
      note: 'Vegetarian',
      commission: '140.00',
      internalNote: SECRET,
    });
    const agentView = ok(await t.get(`/api/bookings/${a}/history/1`, agent));
    expect(agentView.body).not.toContain(SECRET);
    expect(agentView.json()).toMatchObject({ commission: '140.00' });
    expect(agentView.json()).not.toHaveProperty('internalNote');
    expectError(await t.get(`/api/bookings/${a}/history/9`, staff), 404, 'NOT_FOUND');
  });

  it('diffs two versions field by field', async () => {
    const diff = ok(await t.get(`/api/bookings/${a}/history/diff?from=1&to=2`, staff)).json();
    expect(diff.from).toBe(1);
    expect(diff.to).toBe(2);
    expect(diff.changes).toEqual(
      expect.arrayContaining([
        { path: 'note', from: 'Vegetarian', to: 'Vegan' },
        { path: 'commission', from: '140.00', to: '150.00' },
        { path: 'internalNote', from: SECRET, to: `${SECRET}!` },
      ]),
    );
    expect(diff.changes.map((ch: { path: string }) => ch.path)).not.toContain('version');
    const back = ok(await t.get(`/api/bookings/${a}/history/diff?from=2&to=1`, staff)).json();
    expect(back.changes).toContainEqual({ path: 'note', from: 'Vegan', to: 'Vegetarian' });
    const agentDiff = ok(await t.get(`/api/bookings/${a}/history/diff?from=1&to=2`, agent)).json();
    expect(agentDiff.changes).toEqual(AGENT_CHANGES);
    expectError(await t.get(`/api/bookings/${a}/history/diff?from=1&to=7`, staff), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/bookings/${a}/history/diff?from=1`, staff), 400, 'ValidationError');
  });

  it('pages the log', async () => {
    const page2 = ok(await t.get(`/api/bookings/${a}/log?page=2&size=1`, staff)).json();
    expect(page2).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(page2.data.map((v: { version: number }) => v.version)).toEqual([1]);
    // The agent's first page still diffs version 2 against version 1 (outside the page).
    const agentPage = ok(await t.get(`/api/bookings/${a}/log?page=1&size=1`, agent)).json();
    expect(agentPage.data[0].changes).toEqual(AGENT_CHANGES);
    const empty = ok(await t.get(`/api/bookings/${b}/log`, staff)).json();
    expect(empty).toMatchObject({ total: 0, data: [] });
  });
});

describe('lookups', () => {
  it('years: the years the user’s bookings start or end in', async () => {
    expect(ok(await t.get('/api/bookings/years', staff)).json()).toEqual([2025, 2026, 2027]);
    expect(ok(await t.get('/api/bookings/years', agent)).json()).toEqual([2026]);
    expect(ok(await t.get('/api/bookings/years', customer)).json()).toEqual([2025, 2026, 2027]);
  });

  it('actionStates: inventory, editability and the calls out of every state', async () => {
    const states = ok(await t.get('/api/bookings/actionStates', agent)).json();
    const of = (s: string) => states.find((x: { state: string }) => x.state === s);
    expect(states).toHaveLength(10);
    expect(of('draft')).toMatchObject({ holdsInventory: false, editable: true });
    expect(of('confirmed')).toMatchObject({ holdsInventory: true, editable: true });
    expect(of('planned').actions).toEqual(
      expect.arrayContaining([
        { call: 'change', to: 'confirmed' },
        { call: 'cancell', to: 'aborted' },
        { call: 'release', to: 'freed' },
      ]),
    );
    expect(of('confirmed').actions).not.toContainEqual({ call: 'release', to: 'freed' });
    expect(of('aborted')).toMatchObject({ holdsInventory: false, editable: false });
    expect(of('aborted').actions).toEqual([{ call: 'delete', to: 'deleted' }]);
  });

  it('find: by number or customer name, only active on request, only visible ones', async () => {
    const found = ok(await t.get('/api/bookings/find?query=B26', staff)).json();
    expect(found.map((r: { id: number }) => r.id)).toEqual([e, a]);
    const active = ok(await t.get('/api/bookings/find?query=B26&onlyActive=true', staff)).json();
    expect(active.map((r: { id: number }) => r.id)).toEqual([a]);
    // Maria's own booking and the trip she is a guest on.
    const byName = ok(await t.get('/api/bookings/find?query=maria', staff)).json();
    expect(byName.map((r: { id: number }) => r.id)).toEqual([d, c]);
    expect(ok(await t.get('/api/bookings/find?query=R26-00002', agent)).json()).toEqual([]);
    expectError(await t.get('/api/bookings/find', staff), 400, 'ValidationError');
    expectError(await t.get('/api/bookings/find?query=x&onlyActive=maybe', staff), 400, 'ValidationError');
  });

  it('customers: the guests with their customer names, the lead marked', async () => {
    const guests = ok(await t.get(`/api/bookings/${d}/customers`, customer)).json();
    expect(guests).toHaveLength(2);
    expect(guests[1]).toMatchObject({ customerId: ids.mariaId, name: 'Maria Sommer', isLead: false });
    expect(guests[0].isLead).toBe(true);
    const placeholders = ok(await t.get(`/api/bookings/${a}/customers`, agent)).json();
    expect(placeholders[1]).toMatchObject({ customerId: null, name: 'Guest 2', gender: 'm' });
  });

  it('cabins: the room entries with room and room type names', async () => {
    const entries = ok(await t.get(`/api/bookings/${a}/cabins`, staff)).json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      roomId: ids.rooms[0]?.id,
      roomName: ids.rooms[0]?.name,
      roomTypeId: ids.rooms[0]?.roomTypeId,
      roomTypeName: expect.any(String),
      from: '2026-05-01',
      to: '2026-05-08',
      noOfGuests: 2,
      checkIn: null,
    });
  });
});

describe('CSV', () => {
  const rowsOf = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('exports the filtered list; staff get the commission columns', async () => {
    const res = ok(await t.get('/api/bookings/csvExport?states=confirmed', staff));
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = rowsOf(res.body);
    expect(header?.split(',')).toEqual(expect.arrayContaining(['bookingNo', 'customerName', 'commission']));
    expect(rows).toHaveLength(2);
    expect(res.body).toContain('B26-00001');
    expect(res.body).toContain('150.00');
  });

  it('gives the agent only its rows and no commission column', async () => {
    const res = ok(await t.get('/api/bookings/csvExport', agent));
    const [header, ...rows] = rowsOf(res.body);
    expect(header).not.toContain('commission');
    expect(rows).toHaveLength(2);
    expect(res.body).not.toContain('R26-00002');
    expect(res.body).not.toContain('150.00');
    expect(ok(await t.get('/api/bookings/listCSV', agent)).body).toBe(res.body);
  });

  it('refuses a bad sort or filter with 400 before sending anything', async () => {
    expectError(await t.get('/api/bookings/csvExport?sort=nope', staff), 400, 'ValidationError');
    expectError(await t.get('/api/bookings/csvExport?filter=%7B', staff), 400, 'ValidationError');
  });
});
