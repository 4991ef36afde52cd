// Tours (itineraries) and the read side of departures: the generic tour calls with the delete guard,
// tours/booking (paging, new, short, filter with the derived status active), tours/date, schedules/booking
// and the iCalendar feed read back with ical.js.

import type { LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { destinations, ports, vessels } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let customer: string;
/** tours.read only. */
let tourReader: string;
/** schedules.read only. */
let scheduleReader: string;
let vessel: number;
let otherVessel: number;
let destination: number;
let portA: number;
let portB: number;
let tour: number;
let otherTour: number;

const today = new Date().toISOString().slice(0, 10);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const departure = async (tourId: number, from: string, nights = 7, extra: Record<string, unknown> = {}) =>
  ok(await t.post('/api/schedules', staff, { tourId, from, to: addDays(from, nights), ...extra }), 201).json()
    .id as number;

beforeAll(async () => {
  t = await createTestApp();
  [staff, customer] = await Promise.all([t.login(...DEMO.staff), t.login(...DEMO.customer)]);
  [tourReader, scheduleReader] = await Promise.all([
    t.account('tours@tours.test', ['tours.read']),
    t.account('schedules@tours.test', ['schedules.read']),
  ]);
  const db = t.database.db;
  [{ id: vessel }, { id: otherVessel }] = (await db
    .insert(vessels)
    .values([{ name: 'MY Manta' }, { name: 'MY Orca' }])
    .returning({ id: vessels.id })) as [{ id: number }, { id: number }];
  [{ id: destination }] = (await db
    .insert(destinations)
    .values({ name: 'Komodo' })
    .returning({ id: destinations.id })) as [{ id: number }];
  [{ id: portA }, { id: portB }] = (await db
    .insert(ports)
    .values([{ name: 'Labuan Bajo' }, { name: 'Bima' }])
    .returning({ id: ports.id })) as [{ id: number }, { id: number }];
  const north = ok(
    await t.post('/api/tours', staff, {
      name: 'Komodo North',
      vesselId: vessel,
      destinationId: destination,
      embarkPortId: portA,
      disembarkPortId: portB,
    }),
    201,
  ).json();
  tour = north.id;
  otherTour = ok(
    await t.post('/api/tours', staff, { name: 'Komodo South', vesselId: otherVessel }),
    201,
  ).json().id;
});
afterAll(() => t?.close());

describe('access', () => {
  it('answers 401 without login and 403 without a tour or schedule scope', async () => {
    for (const url of [
      '/api/tours',
      `/api/tours/${tour}`,
      '/api/tours/booking',
      '/api/tours/date/2030-01-01/2030-02-01',
      '/api/tours/ics',
      '/api/schedules/booking',
    ]) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
  });

  it('lets a schedule reader see departures but not tours or the feed', async () => {
    ok(await t.get('/api/tours/booking', scheduleReader));
    ok(await t.get('/api/schedules/booking', scheduleReader));
    expectError(await t.get('/api/tours', scheduleReader), 403, 'FORBIDDEN');
    expectError(await t.get('/api/tours/ics', scheduleReader), 403, 'FORBIDDEN');
  });

  it('lets a tour reader read but not write', async () => {
    ok(await t.get('/api/tours/ics', tourReader));
    expectError(await t.post('/api/tours', tourReader, { name: 'X' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/tours/${tour}`, tourReader, { name: 'X' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/tours/${tour}`, tourReader), 403, 'FORBIDDEN');
  });
});

describe('tours', () => {
  it('stores an itinerary with texts per language and answers the defaults', async () => {
    const created = ok(
      await t.post('/api/tours', staff, {
        name: '  Raja Ampat  ',
        code: 'RA',
        nights: 10,
        color: '#1c7ed6',
        description: { de: 'Vögelköpfe', en: 'Birds heads' },
        included: { en: 'Full board' },
        itinerary: [
          {
            day: 1,
            title: { de: 'Einschiffung', en: 'Embarkation' },
            text: { en: 'Check dive' },
            portId: portA,
          },
          { day: 2, title: { en: 'Dampier Strait' } },
        ],
      }),
      201,
    ).json();
    expect(created).toMatchObject({
      name: 'Raja Ampat',
      code: 'RA',
      nights: 10,
      vesselId: null,
      isActive: true,
      isVisible: true,
      images: [],
      excluded: {},
      itinerary: [
        { day: 1, title: { de: 'Einschiffung', en: 'Embarkation' }, portId: portA },
        { day: 2, title: { en: 'Dampier Strait' }, text: {} },
      ],
    });
    const got = ok(await t.get(`/api/tours/${created.id}`, tourReader)).json();
    expect(got.description).toEqual({ de: 'Vögelköpfe', en: 'Birds heads' });
    const updated = ok(await t.post(`/api/tours/${created.id}`, staff, { nights: 9, code: '' })).json();
    expect(updated).toMatchObject({ nights: 9, code: null, name: 'Raja Ampat' });
    const copy = ok(await t.post(`/api/tours/${created.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ name: 'Raja Ampat (copy)', nights: 9, itinerary: created.itinerary });
  });

  it('defaults a new tour to 7 nights and lists, searches and filters tours', async () => {
    const plain = ok(await t.post('/api/tours', staff, { name: 'Plain' }), 201).json();
    expect(plain.nights).toBe(7);
    const list = ok(await t.get(`/api/tours?search=komodo&sort=name`, tourReader)).json();
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['Komodo North', 'Komodo South']);
    const byVessel = ok(await t.get(`/api/tours?filter={"vesselId":${otherVessel}}`, tourReader)).json();
    expect(byVessel.data.map((r: { id: number }) => r.id)).toEqual([otherTour]);
  });

  it('refuses bad bodies and references with 400', async () => {
    expectError(await t.post('/api/tours', staff, { name: '' }), 400, 'ValidationError');
    expectError(await t.post('/api/tours', staff, { name: 'X', nights: 0 }), 400, 'ValidationError');
    expectError(await t.post('/api/tours', staff, { name: 'X', color: 'blue' }), 400, 'ValidationError');
    expectError(
      await t.post('/api/tours', staff, { name: 'X', itinerary: [{ day: 0, title: {} }] }),
      400,
      'ValidationError',
    );
    expectError(await t.post('/api/tours', staff, { name: 'X', vesselId: 999_999 }), 400, 'ValidationError');
    expectError(await t.get('/api/tours/999999', staff), 404, 'NOT_FOUND');
  });

  it('deletes a tour without departures, refuses one with departures (IN_USE)', async () => {
    const lonely = ok(await t.post('/api/tours', staff, { name: 'Lonely', vesselId: vessel }), 201).json();
    ok(await t.del(`/api/tours/${lonely.id}`, staff));
    expectError(await t.get(`/api/tours/${lonely.id}`, staff), 404, 'NOT_FOUND');
    const busy = ok(await t.post('/api/tours', staff, { name: 'Busy', vesselId: otherVessel }), 201).json();
    await departure(busy.id, '2035-01-06');
    expectError(await t.del(`/api/tours/${busy.id}`, staff), 409, 'IN_USE');
  });
});

describe('departure lists', () => {
  let past: number;
  let running: number;
  let next: number;
  let later: number;
  let cancelled: number;
  let closed: number;

  beforeAll(async () => {
    past = await departure(tour, addDays(today, -30));
    running = await departure(tour, addDays(today, -2));
    next = await departure(tour, addDays(today, 5));
    later = await departure(tour, addDays(today, 12));
    cancelled = await departure(tour, addDays(today, 12), 7, { status: 'cancelled' });
    closed = await departure(otherTour, addDays(today, 5), 6, { status: 'closed', isVisible: false });
  });

  it('tours/booking pages through departures, earliest first, with names and lengths', async () => {
    const page = ok(await t.get(`/api/tours/booking?size=2&filter={"tourId":${tour}}`, staff)).json();
    expect(page).toMatchObject({ total: 5, page: 1, size: 2 });
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([past, running]);
    expect(page.data[0]).toMatchObject({
      tourName: 'Komodo North',
      vesselName: 'MY Manta',
      nights: 7,
      days: 8,
      status: 'open',
      embarkPortId: portA,
      disembarkPortId: portB,
    });
    const second = ok(
      await t.get(`/api/tours/booking?size=2&page=2&filter={"tourId":${tour}}`, staff),
    ).json();
    expect(second.data.map((r: { id: number }) => r.id)).toEqual([next, later]);
    const all = ok(await t.get(`/api/tours/booking?size=0&filter={"tourId":${tour}}`, staff)).json();
    expect(all.data).toHaveLength(5);
  });

  it('new=1 keeps departures from today on', async () => {
    const res = ok(await t.get(`/api/tours/booking?new=1&size=0&filter={"tourId":${tour}}`, staff)).json();
    expect(res.data.map((r: { id: number }) => r.id).sort()).toEqual([next, later, cancelled].sort());
  });

  it('short=1 answers compact rows', async () => {
    const res = ok(await t.get(`/api/tours/booking?short=1&size=1&filter={"tourId":${tour}}`, staff)).json();
    expect(res.data).toEqual([
      {
        id: past,
        from: addDays(today, -30),
        to: addDays(today, -23),
        tourName: 'Komodo North',
        vesselName: 'MY Manta',
        status: 'open',
      },
    ]);
  });

  it('filters by vessel, status, dates and the derived status active', async () => {
    const get = async (filter: object) =>
      ok(await t.get(`/api/tours/booking?size=0&filter=${encodeURIComponent(JSON.stringify(filter))}`, staff))
        .json()
        .data.map((r: { id: number }) => r.id);
    expect(await get({ vesselId: otherVessel, status: 'closed' })).toEqual([closed]);
    expect(await get({ vesselId: vessel, status: 'active' })).toEqual([running]);
    expect(await get({ vesselId: vessel, status: { $eq: 'active' } })).toEqual([running]);
    expect(
      await get({ tourId: tour, from: { $gte: addDays(today, 5) }, status: { $ne: 'cancelled' } }),
    ).toEqual([next, later]);
    // The generic list knows the derived status as the field `active`.
    const list = ok(await t.get(`/api/schedules?filter={"active":true,"vesselId":${vessel}}`, staff)).json();
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([running]);
  });

  it('refuses a bad filter or flag with 400', async () => {
    expectError(await t.get('/api/tours/booking?filter={"price":1}', staff), 400, 'ValidationError');
    expectError(await t.get('/api/tours/booking?filter={nope', staff), 400, 'ValidationError');
    expectError(await t.get('/api/tours/booking?filter={"from":"soon"}', staff), 400, 'ValidationError');
    expectError(await t.get('/api/tours/booking?new=yes', staff), 400, 'ValidationError');
    expectError(await t.get('/api/tours/booking?size=-1', staff), 400, 'ValidationError');
  });

  it('tours/date answers the departures sharing a day with the range, of one vessel if asked', async () => {
    const from = addDays(today, 12);
    const to = addDays(today, 13);
    const all = ok(await t.get(`/api/tours/date/${from}/${to}?vessel=${vessel}`, staff)).json();
    // `next` ends on today+12: its disembarkation day is not a night and does not count.
    expect(all.map((r: { id: number }) => r.id).sort()).toEqual([later, cancelled].sort());
    expect(all[0]).toMatchObject({ tourName: 'Komodo North', vesselName: 'MY Manta' });
    // Every vessel's departures without the query (the demo seed's among them).
    const first = ok(await t.get(`/api/tours/date/${addDays(today, 5)}/${addDays(today, 5)}`, staff)).json();
    const firstIds = first.map((r: { id: number }) => r.id);
    expect(firstIds).toEqual(expect.arrayContaining([next, closed]));
    expect(firstIds).not.toContain(later);
    const one = ok(
      await t.get(`/api/tours/date/${addDays(today, 5)}/${addDays(today, 5)}?vessel=${otherVessel}`, staff),
    ).json();
    expect(one.map((r: { id: number }) => r.id)).toEqual([closed]);
    expectError(await t.get(`/api/tours/date/${to}/${from}`, staff), 400, 'ValidationError');
    expectError(await t.get('/api/tours/date/2030-02-30/2030-03-01', staff), 400, 'ValidationError');
    expectError(await t.get('/api/tours/date/soon/later', staff), 400, 'ValidationError');
  });

  it('schedules/booking offers open departures from today on', async () => {
    const res = ok(await t.get(`/api/schedules/booking?vessel=${vessel}`, scheduleReader)).json();
    expect(res.map((r: { id: number }) => r.id)).toEqual([next, later]);
    expect(res[0]).toMatchObject({ tourName: 'Komodo North', vesselName: 'MY Manta' });
    const other = ok(await t.get(`/api/schedules/booking?tour=${otherTour}`, scheduleReader)).json();
    expect(other).toEqual([]);
    expectError(await t.get('/api/schedules/booking?vessel=abc', staff), 400, 'ValidationError');
  });

  it('tours/ics is an iCalendar feed of the live departures with stable ids', async () => {
    const res = ok(await t.get(`/api/tours/ics?vessel=${vessel}`, tourReader));
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid).sort()).toEqual(
      [past, running, next, later].map((id) => `schedule-${id}@atoll`).sort(),
    );
    const event = events.find((e) => e.uid === `schedule-${next}@atoll`);
    expect(event?.summary).toBe('Komodo North – MY Manta');
    expect(event?.startDate.isDate).toBe(true);
    expect(event?.startDate.toString()).toBe(addDays(today, 5));
    // Embarkation through disembarkation day: DTEND is exclusive.
    expect(event?.endDate.toString()).toBe(addDays(today, 13));
    // The same departure keeps its UID in the next download.
    const again = new ICAL.Component(ICAL.parse(ok(await t.get('/api/tours/ics', tourReader)).body));
    const uids = again.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).uid);
    expect(uids).toContain(`schedule-${next}@atoll`);
    expect(uids).toContain(`schedule-${closed}@atoll`);
    expect(uids).not.toContain(`schedule-${cancelled}@atoll`);
    const byTour = new ICAL.Component(
      ICAL.parse(ok(await t.get(`/api/tours/ics?tour=${otherTour}`, staff)).body),
    );
    expect(byTour.getAllSubcomponents('vevent')).toHaveLength(1);
  });

  it('tours/ics opens with the cookie for downloads', async () => {
    const res = ok(await t.get('/api/tours/ics', undefined, { cookie: `atoll_token=${tourReader}` }));
    expect(res.body).toContain('BEGIN:VCALENDAR');
  });
});
