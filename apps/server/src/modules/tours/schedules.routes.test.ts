// Schedules (departures): the generic calls with the no-overlap rule of one vessel (docs/domain/departures-and-charters.md)
// also under concurrency, copying a season to the next year, the places held on a departure, the delete
// guard, and the calls that ask the availability engine (info, tours/booking?available, printList).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectError, type TTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { customers, occupancy, ports, rooms, vessels } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let customer: string;
/** schedules.read only. */
let reader: string;
/** tours.read only: sees departures, not their guests. */
let tourReader: string;
let vessel: number;
let otherVessel: number;
let port: number;
let tour: number;
/** A tour without a vessel. */
let looseTour: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const create = (body: Record<string, unknown>) => t.post('/api/schedules', staff, { tourId: tour, ...body });
const created = async (body: Record<string, unknown>) => ok(await create(body), 201).json();
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, customer] = await Promise.all([
    t.login(...DEMO.admin),
    t.login(...DEMO.staff),
    t.login(...DEMO.customer),
  ]);
  [reader, tourReader] = await Promise.all([
    t.account('reader@schedules.test', ['schedules.read']),
    t.account('tours@schedules.test', ['tours.read']),
  ]);
  const db = t.database.db;
  [{ id: vessel }, { id: otherVessel }] = (await db
    .insert(vessels)
    .values([{ name: 'MY Manta' }, { name: 'MY Orca' }])
    .returning({ id: vessels.id })) as [{ id: number }, { id: number }];
  [{ id: port }] = (await db.insert(ports).values({ name: 'Male' }).returning({ id: ports.id })) as [
    { id: number },
  ];
  tour = ok(
    await t.post('/api/tours', staff, { name: 'Best of Maldives', vesselId: vessel, embarkPortId: port }),
    201,
  ).json().id;
  looseTour = ok(await t.post('/api/tours', staff, { name: 'Charter' }), 201).json().id;
});
afterAll(() => t?.close());

describe('access', () => {
  it('answers 401 without login and 403 without the scope', async () => {
    const one = await created({ from: '2040-01-01', to: '2040-01-08' });
    for (const url of [
      '/api/schedules',
      `/api/schedules/${one.id}`,
      `/api/schedules/${one.id}/info`,
      `/api/schedules/${one.id}/customers`,
      '/api/schedules/printList/departures?from=2040-01-01&to=2040-02-01',
    ]) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
    const copy = '/api/schedules/copy/2040-01-01/2040-02-01?asset=1';
    expectError(await t.post(copy), 401, 'UNAUTHORIZED');
    expectError(await t.post(copy, reader), 403, 'FORBIDDEN');
    expectError(await t.post('/api/schedules', reader, { tourId: tour }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/schedules/${one.id}`, reader, { note: 'x' }), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/schedules/${one.id}`, reader), 403, 'FORBIDDEN');
    // Guests' personal data needs more than a tour reader's scope.
    expectError(await t.get(`/api/schedules/${one.id}/customers`, tourReader), 403, 'FORBIDDEN');
    ok(await t.del(`/api/schedules/${one.id}`, staff));
  });

  it('answers 404 for an unknown departure', async () => {
    for (const url of [
      '/api/schedules/999999',
      '/api/schedules/999999/info',
      '/api/schedules/999999/customers',
    ]) {
      expectError(await t.get(url, staff), 404, 'NOT_FOUND');
    }
  });

  it('shows a user with a vessel list only the departures of those vessels', async () => {
    const mine = await created({ from: '2040-02-01', to: '2040-02-08' });
    const other = await created({ vesselId: otherVessel, from: '2040-02-01', to: '2040-02-08' });
    const limited = await t.account('orca@schedules.test', ['schedules.read', 'schedules.create']);
    const users = ok(await t.get('/api/users?filter={"email":"orca@schedules.test"}', admin)).json();
    ok(await t.post(`/api/users/${users.data[0].id}`, admin, { vessels: [otherVessel] }));
    const list = ok(await t.get('/api/schedules?size=0', limited)).json();
    expect(ids(list.data)).toEqual([other.id]);
    expectError(await t.get(`/api/schedules/${mine.id}`, limited), 404, 'NOT_FOUND');
    expectError(
      await t.post('/api/schedules', limited, { tourId: tour, from: '2040-03-01', to: '2040-03-08' }),
      400,
      'ValidationError',
    );
    const booking = ok(await t.get('/api/schedules/booking', limited)).json();
    expect(ids(booking)).toEqual([other.id]);
    ok(await t.del(`/api/schedules/${mine.id}`, staff));
    ok(await t.del(`/api/schedules/${other.id}`, staff));
  });
});

describe('create and update', () => {
  it('sails on the tour’s vessel from its ports by default and answers nights and days', async () => {
    const s = await created({ from: '2041-03-02', to: '2041-03-09', note: 'Whale sharks' });
    expect(s).toMatchObject({
      tourId: tour,
      vesselId: vessel,
      embarkPortId: port,
      disembarkPortId: null,
      status: 'open',
      isVisible: true,
      nights: 7,
      days: 8,
      note: 'Whale sharks',
      fullCharterPrice: {},
      priceId: null,
    });
    const got = ok(await t.get(`/api/schedules/${s.id}`, reader)).json();
    expect(got).toMatchObject({ tourName: 'Best of Maldives', vesselName: 'MY Manta' });
  });

  it('refuses bad dates, an unknown tour and a missing vessel with 400', async () => {
    for (const body of [
      { from: '2041-04-10', to: '2041-04-10' },
      { from: '2041-04-10', to: '2041-04-09' },
    ]) {
      const res = await create(body);
      expectError(res, 400, 'ValidationError');
      expect(res.json().details[0].path).toBe('to');
    }
    expectError(await create({ from: '2041-02-30', to: '2041-03-05' }), 400, 'ValidationError');
    expectError(
      await create({ from: '2041-04-01', to: '2041-04-08', status: 'active' }),
      400,
      'ValidationError',
    );
    expectError(
      await create({ tourId: 999_999, from: '2041-04-01', to: '2041-04-08' }),
      400,
      'ValidationError',
    );
    const loose = await create({ tourId: looseTour, from: '2041-04-01', to: '2041-04-08' });
    expectError(loose, 400, 'ValidationError');
    expect(loose.json().details[0].path).toBe('vesselId');
    const named = await created({
      tourId: looseTour,
      vesselId: otherVessel,
      from: '2041-04-01',
      to: '2041-04-08',
    });
    expect(named.vesselId).toBe(otherVessel);
    // An update naming only the end is checked against the stored start.
    expectError(
      await t.post(`/api/schedules/${named.id}`, staff, { to: '2041-03-30' }),
      400,
      'ValidationError',
    );
  });
});

describe('no two live departures of one vessel overlap (SCHEDULE_OVERLAP)', () => {
  let first: number;

  beforeAll(async () => {
    first = (await created({ from: '2042-06-01', to: '2042-06-08' })).id;
  });

  it('refuses an overlapping departure with a clear error naming the clash', async () => {
    const res = await create({ from: '2042-06-05', to: '2042-06-12' });
    expectError(res, 409, 'SCHEDULE_OVERLAP');
    expect(res.json().details[0].message).toBe(`#${first} 2042-06-01 – 2042-06-08`);
    expectError(await create({ from: '2042-05-25', to: '2042-06-02' }), 409, 'SCHEDULE_OVERLAP');
    expectError(await create({ from: '2042-06-02', to: '2042-06-03' }), 409, 'SCHEDULE_OVERLAP');
  });

  it('allows adjacent departures: one ends on day D, the next starts on D', async () => {
    const next = await created({ from: '2042-06-08', to: '2042-06-15' });
    const before = await created({ from: '2042-05-25', to: '2042-06-01' });
    expect([next.nights, before.nights]).toEqual([7, 7]);
  });

  it('allows the same dates on another vessel', async () => {
    await created({ vesselId: otherVessel, from: '2042-06-01', to: '2042-06-08' });
  });

  it('lets cancelled departures block nothing, and refuses to revive one into a clash', async () => {
    const cancelled = await created({ from: '2042-06-03', to: '2042-06-10', status: 'cancelled' });
    expect(cancelled.status).toBe('cancelled');
    expectError(
      await t.post(`/api/schedules/${cancelled.id}`, staff, { status: 'open' }),
      409,
      'SCHEDULE_OVERLAP',
    );
    // Cancelling the first frees its dates for a new departure.
    ok(await t.post(`/api/schedules/${first}`, staff, { status: 'cancelled' }));
    const replacement = await created({ from: '2042-06-01', to: '2042-06-08' });
    expectError(await t.post(`/api/schedules/${first}`, staff, { status: 'open' }), 409, 'SCHEDULE_OVERLAP');
    ok(await t.del(`/api/schedules/${replacement.id}`, staff));
    ok(await t.post(`/api/schedules/${first}`, staff, { status: 'open' }));
  });

  it('checks updates against the others, not against the departure itself', async () => {
    const own = ok(
      await t.post(`/api/schedules/${first}`, staff, { note: 'same dates', status: 'closed' }),
    ).json();
    expect(own).toMatchObject({ note: 'same dates', status: 'closed', from: '2042-06-01' });
    expectError(
      await t.post(`/api/schedules/${first}`, staff, { to: '2042-06-09' }),
      409,
      'SCHEDULE_OVERLAP',
    );
    expectError(
      await t.post(`/api/schedules/${first}`, staff, { vesselId: otherVessel }),
      409,
      'SCHEDULE_OVERLAP',
    );
  });

  it('lets exactly one of many concurrent writers take the same dates', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create({ from: '2042-09-05', to: '2042-09-12' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) expectError(res, 409, 'SCHEDULE_OVERLAP');
  });

  it('copies one departure as the next one of the rhythm', async () => {
    const base = await created({ from: '2042-10-03', to: '2042-10-10', isVisible: false });
    const copy = ok(await t.post(`/api/schedules/${base.id}/copy`, staff), 201).json();
    expect(copy).toMatchObject({ from: '2042-10-10', to: '2042-10-17', status: 'open', isVisible: false });
    expectError(await t.post(`/api/schedules/${base.id}/copy`, staff), 409, 'SCHEDULE_OVERLAP');
  });
});

describe('copy a season (POST schedules/copy/{from}/{to}?asset&addyear)', () => {
  const season = ['2030-01-05', '2030-01-12', '2030-01-19', '2030-01-26'];
  let sources: number[];
  let cancelled: number;

  beforeAll(async () => {
    sources = [];
    for (const [i, from] of season.entries()) {
      const to = new Date(Date.parse(`${from}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      // The second departure is closed and hidden; a copy opens it but keeps it hidden.
      const extra = i === 1 ? { status: 'closed', isVisible: false } : {};
      sources.push((await created({ from, to, ...extra })).id);
    }
    cancelled = (await created({ from: '2030-01-07', to: '2030-01-10', status: 'cancelled' })).id;
    // Outside the range, and another vessel's: not copied.
    await created({ from: '2030-02-02', to: '2030-02-09' });
    await created({ vesselId: otherVessel, from: '2030-01-05', to: '2030-01-12' });
    // Already planned next year: clashes with the copy of 2030-01-19 (→ Saturday 2031-01-18).
    await created({ from: '2031-01-20', to: '2031-01-23' });
  });

  it('moves each live departure to the same weekday a year on and skips what would overlap', async () => {
    const res = ok(await t.post(`/api/schedules/copy/2030-01-01/2030-01-31?asset=${vessel}`, staff)).json();
    expect(res.skipped).toEqual([{ from: '2031-01-18', to: '2031-01-25', reason: 'SCHEDULE_OVERLAP' }]);
    expect(res.created).toHaveLength(3);
    const copies = await Promise.all(
      res.created.map(async (id: number) => ok(await t.get(`/api/schedules/${id}`, staff)).json()),
    );
    expect(copies.map((c) => [c.from, c.to])).toEqual([
      ['2031-01-04', '2031-01-11'],
      ['2031-01-11', '2031-01-18'],
      ['2031-01-25', '2031-02-01'],
    ]);
    for (const c of copies) {
      expect(new Date(`${c.from}T00:00:00Z`).getUTCDay()).toBe(6);
      expect(c).toMatchObject({
        tourId: tour,
        vesselId: vessel,
        status: 'open',
        embarkPortId: port,
        nights: 7,
      });
    }
    expect(copies[1].isVisible).toBe(false);
    expect(res.created).not.toContain(cancelled);
  });

  it('skips everything when run again, and adds years with addyear', async () => {
    const again = ok(await t.post(`/api/schedules/copy/2030-01-01/2030-01-31?asset=${vessel}`, staff)).json();
    expect(again.created).toEqual([]);
    expect(again.skipped).toHaveLength(4);
    const later = ok(
      await t.post(`/api/schedules/copy/2030-01-05/2030-01-05?asset=${vessel}&addyear=2`, staff),
    ).json();
    expect(later.skipped).toEqual([]);
    const [copy] = later.created;
    // 2032-01-05 is a Monday: the nearest Saturday is 2032-01-03.
    expect(ok(await t.get(`/api/schedules/${copy}`, staff)).json()).toMatchObject({
      from: '2032-01-03',
      to: '2032-01-10',
    });
  });

  it('refuses a bad range, year count or vessel', async () => {
    const url = (range: string, query: string) => `/api/schedules/copy/${range}?${query}`;
    expectError(await t.post(url('2030-02-01/2030-01-01', `asset=${vessel}`), staff), 400, 'ValidationError');
    expectError(await t.post(url('2030-01-01/2030-02-01', 'asset=abc'), staff), 400, 'ValidationError');
    expectError(await t.post(url('2030-01-01/2030-02-01', ''), staff), 400, 'ValidationError');
    for (const years of ['0', '11', '1.5']) {
      expectError(
        await t.post(url('2030-01-01/2030-02-01', `asset=${vessel}&addyear=${years}`), staff),
        400,
        'ValidationError',
      );
    }
    expectError(await t.post(url('2030-01-01/2030-02-01', 'asset=999999'), staff), 404, 'NOT_FOUND');
  });
});

// The guest list of a departure: schedule-customers.routes.test.ts (it needs real bookings).
describe('held places on a departure and the delete guard', () => {
  let schedule: number;
  let cabin: number;

  beforeAll(async () => {
    schedule = (await created({ from: '2043-03-07', to: '2043-03-14' })).id;
    const db = t.database.db;
    [{ id: cabin }] = (await db
      .insert(rooms)
      .values({
        name: 'Cabin 3',
        type: 'Cabin',
        vesselId: vessel,
        allowSharedRoom: true,
        availableBeds: 2,
        configuration: {
          beds: [
            { internalId: 'A', active: true },
            { internalId: 'B', active: true },
          ],
        },
      })
      .returning({ id: rooms.id })) as [{ id: number }];
    const [anna, ben] = (await db
      .insert(customers)
      .values([
        { fullName: 'Anna Berg', gender: 'f', nationality: 'DE', birthday: '1990-05-01' },
        { fullName: 'Ben Holt', gender: 'm', nationality: 'GB' },
      ])
      .returning({ id: customers.id })) as [{ id: number }, { id: number }];
    const row = {
      roomId: cabin,
      from: '2043-03-07',
      to: '2043-03-14',
      scheduleId: schedule,
      wholeRoom: false,
    };
    await db.insert(occupancy).values([
      { ...row, unit: 'B', bookingId: 71, state: 'confirmed', holds: true, customerId: ben.id, gender: 'm' },
      { ...row, unit: 'A', bookingId: 70, state: 'planned', holds: true, customerId: anna.id, gender: 'f' },
      // A released option holds nothing: not on board.
      { ...row, unit: 'A', bookingId: 72, state: 'freed', holds: false, gender: 'u' },
    ]);
  });

  it('refuses to delete a departure with occupancy (IN_USE), deletes one without', async () => {
    expectError(await t.del(`/api/schedules/${schedule}`, staff), 409, 'IN_USE');
    const empty = await created({ from: '2043-04-04', to: '2043-04-11' });
    ok(await t.del(`/api/schedules/${empty.id}`, staff));
    expectError(await t.get(`/api/schedules/${empty.id}`, staff), 404, 'NOT_FOUND');
  });

  describe('with the availability engine', () => {
    it('info answers the departure with tour, vessel, ports, length and capacity', async () => {
      const info = ok(await t.get(`/api/schedules/${schedule}/info`, tourReader)).json();
      expect(info).toMatchObject({
        schedule: { id: schedule, tourName: 'Best of Maldives' },
        tour: { id: tour, name: 'Best of Maldives' },
        vessel: { id: vessel, name: 'MY Manta' },
        embarkPort: { id: port, name: 'Male' },
        disembarkPort: null,
        nights: 7,
        days: 8,
      });
      // Cabin 3 is the vessel's only cabin; both berths are taken.
      expect(info.capacity).toMatchObject({ cabins: 1, berths: 2, freeCabins: 0, freeBerths: 0 });
    });

    it('tours/booking?available=1 adds free cabins and berths and drops full departures', async () => {
      const open = await created({ from: '2043-03-14', to: '2043-03-21' });
      const filter = encodeURIComponent(JSON.stringify({ from: { $gte: '2043-03-01', $lte: '2043-03-31' } }));
      const res = ok(await t.get(`/api/tours/booking?available=1&filter=${filter}`, staff)).json();
      expect(ids(res.data)).toEqual([open.id]);
      expect(res.data[0]).toMatchObject({ cabins: 1, berths: 2, freeCabins: 1, freeBerths: 2 });
      expect(res.total).toBe(1);
    });

    it('printList/departures prints the period’s departures with free places, in the reader’s language', async () => {
      const de = ok(
        await t.get(
          `/api/schedules/printList/departures?from=2043-03-01&to=2043-03-31&vessel=${vessel}&lang=de`,
          staff,
        ),
      );
      expect(de.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(de.rawPayload);
      expect(text).toContain('Abfahrten');
      expect(text).toContain('07.03.2043 – 14.03.2043');
      expect(text).toContain('Freie Kabinen');
      // Cabin 3 is full on that departure: no free cabin, no free berth.
      expect(text).toMatch(/Best of Maldives\s+MY Manta\s+7\s+offen\s+0\s+0/);
      const en = await pdfText(
        ok(await t.get('/api/schedules/printList/departures?from=2043-03-01&to=2043-03-31&lang=en', staff))
          .rawPayload,
      );
      expect(en).toContain('Departures');
      expect(en).toMatch(/2043-03-07 – 2043-03-14\s+Best of Maldives\s+MY Manta\s+7\s+open\s+0\s+0/);
      expect(en).toContain('Free berths');
      const empty = await pdfText(
        ok(await t.get('/api/schedules/printList/departures?from=2050-01-01&to=2050-01-31&lang=en', staff))
          .rawPayload,
      );
      expect(empty).toContain('No departures in this period.');
    });

    it('printList refuses an unknown template, bad dates and an unknown vessel', async () => {
      const base = '/api/schedules/printList';
      expectError(
        await t.get(`${base}/manifest?from=2043-03-01&to=2043-03-31`, staff),
        400,
        'ValidationError',
      );
      expectError(await t.get(`${base}/departures?from=2043-03-01`, staff), 400, 'ValidationError');
      expectError(
        await t.get(`${base}/departures?from=2043-03-31&to=2043-03-01`, staff),
        400,
        'ValidationError',
      );
      expectError(
        await t.get(`${base}/departures?from=2043-03-01&to=2043-03-31&vessel=999999`, staff),
        404,
        'NOT_FOUND',
      );
    });
  });
});
