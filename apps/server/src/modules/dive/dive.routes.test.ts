// The dive day (docs/domain/dive-day.md): the diveLog switch and the scopes, master data, a trip's
// capacity and guide ratio, readiness, the boat list PDF, the log from a plan, statistics and overview,
// the UDDF round trip and the customer's own log.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { customers, guestForms } from '../../db/schema.ts';

let w: TWorld;
let admin: string;
let reader: string;
let customer: string;
let booking: number;
let boat: number;
let site: number;
let guide: number;
let captain: number;
let walkIn: number;
const DAY = '2041-03-30';

/** qpdf's verdict on a PDF's structure (its output, or "failed: …"). */
async function qpdfCheck(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'atoll-worklog-'));
  try {
    await writeFile(join(dir, 'sheet.pdf'), pdf);
    return await promisify(execFile)('qpdf', ['--check', join(dir, 'sheet.pdf')]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => `failed: ${e.stdout}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type TPlan = {
  id: number;
  divers: { name: string; customerId: number | null; readiness: { ready: boolean; missing: string[] } }[];
  problems: string[];
};
const create = async (url: string, body: unknown) => ok(await w.t.post(url, admin, body), 201);
const trip = (extra: Record<string, unknown> = {}) => ({
  date: DAY,
  time: '08:30',
  boatId: boat,
  siteId: site,
  guideIds: [guide],
  ...extra,
});

beforeAll(async () => {
  w = await bookingWorld();
  admin = w.tokens.admin;
  customer = w.tokens.customer;
  reader = await w.t.account('dive-reader@example.com', ['divelog.read', 'diveplan.read']);
  const room = await w.resortRoom();
  const stay = stayBody(room, { state: 'confirmed' }, [
    { customerId: w.guests.ana },
    { customerId: w.guests.ben },
  ]);
  booking = ok(await w.t.post('/api/bookings', w.tokens.staff, stay), 201).id;
});
afterAll(() => w?.t.close());

describe('switch, scopes and input', () => {
  it('answers 404 while diveLog is off, then 401, 403 and 400', async () => {
    ok(await w.t.post('/api/settings/group/features', admin, { diveLog: false }));
    expectError(await w.t.get('/api/divesite', admin), 404, 'NOT_FOUND');
    ok(await w.t.post('/api/settings/group/features', admin, { diveLog: true }));
    expectError(await w.t.get('/api/divesite'), 401, 'UNAUTHORIZED');
    expectError(await w.t.get('/api/divesite', w.tokens.agent), 403, 'FORBIDDEN');
    expectError(await w.t.post('/api/diveplan', reader, trip()), 403, 'FORBIDDEN');
    expectError(await w.t.post('/api/divesite', admin, { name: '' }), 400, 'ValidationError');
    expectError(
      await w.t.post('/api/diveboat', admin, { name: 'x', diverCapacity: -1 }),
      400,
      'ValidationError',
    );
    expectError(await w.t.post('/api/divelog', admin, { date: DAY }), 400, 'ValidationError');
    expectError(
      await w.t.get('/api/divelog/statistics?from=2041-02-01&to=2041-01-01', admin),
      400,
      'ValidationError',
    );
  });

  it('keeps master data and day business with the generic calls', async () => {
    site = (
      await create('/api/divesite', { name: 'Coral Garden', latitude: 11.9981, maxDepth: 18, fee: '5.00' })
    ).id;
    expect(ok(await w.t.get(`/api/divesite/${site}`, admin))).toMatchObject({
      latitude: 11.9981,
      fee: '5.00',
    });
    boat = (await create('/api/diveboat', { name: 'Banca Uno', diverCapacity: 3 })).id;
    await create('/api/divetype', { name: 'Night dive', kind: 'night' });
    guide = (await create('/api/employee', { name: 'Rico Guide', role: 'guide' })).id;
    captain = (await create('/api/employee', { name: 'Cap Tan', role: 'captain' })).id;
    await create('/api/worklog', { employeeId: guide, date: DAY, hours: '7.5', dives: 2 });
    walkIn = (
      await create('/api/dayguest', {
        date: DAY,
        name: 'Walk In',
        certLevel: 'SSI Open Water Diver',
        medicalDate: '2041-01-05',
        insurance: 'DAN Europe',
      })
    ).id;
    const event = { date: DAY, name: 'Reef clean-up', kind: 'cleanUp', capacity: 1 };
    expectError(
      await w.t.post('/api/dayevent', admin, { ...event, participants: [{ name: 'A' }, { name: 'B' }] }),
      409,
      'EVENT_FULL',
    );
    await create('/api/dayevent', { ...event, participants: [{ name: 'A' }] });
    expect(ok(await w.t.get('/api/dayevent', admin)).total).toBe(1);
  });
});

describe('the dive plan', () => {
  let planId: number;

  it('offers the guests in house and the day guests, each with what they miss', async () => {
    const { data } = ok(await w.t.get(`/api/diveplan/divers?date=${DAY}`, reader));
    const names = data.map((d: { name: string }) => d.name).sort();
    expect(names).toEqual(['Ana Diver', 'Ben Diver', 'Walk In']);
    const ana = data.find((d: { name: string }) => d.name === 'Ana Diver');
    expect(ana.readiness.missing).toEqual(['certification', 'medical', 'insurance']);
    expect(data.find((d: { name: string }) => d.name === 'Walk In').readiness.ready).toBe(true);
  });

  it('refuses more divers than the boat takes or the guides may lead, writing nothing', async () => {
    const divers = [
      { customerId: w.guests.ana, bookingId: booking },
      { customerId: w.guests.ben, bookingId: booking },
      { dayGuestId: walkIn },
      { customerId: w.guests.kid },
    ];
    expectError(await w.t.post('/api/diveplan', admin, trip({ divers })), 409, 'BOAT_FULL');
    expectError(
      await w.t.post('/api/diveplan', admin, trip({ divers: divers.slice(0, 3), maxPerGuide: 2 })),
      409,
      'GUIDE_RATIO',
    );
    expectError(
      await w.t.post('/api/diveplan', admin, trip({ guideIds: [captain] })),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/diveplan', admin, trip({ divers: [divers[0], divers[0]] })),
      400,
      'ValidationError',
    );
    expect(await w.count('dive_plans')).toBe(0);
    const plan = (await create('/api/diveplan', trip({ divers: divers.slice(0, 3) }))) as TPlan;
    planId = plan.id;
    expect(plan.problems).toEqual(['notReady']);
    expect(plan.divers.map((d) => d.readiness.ready)).toEqual([false, false, true]);
  });

  it('turns a guest ready once the guest form brings certification, medical and insurance', async () => {
    await w.db.insert(guestForms).values({
      bookingId: booking,
      customerId: w.guests.ana,
      token: 'dive-test-token',
      types: ['diving', 'insurance'],
      status: 'submitted',
      data: {
        certLevel: 'PADI Advanced Open Water',
        loggedDives: 40,
        medicalHeart: false,
        insuranceCompany: 'DAN',
      },
      submittedAt: new Date('2041-01-10T10:00:00Z'),
    });
    const plan = ok(await w.t.get(`/api/diveplan/${planId}`, reader)) as TPlan;
    expect(plan.divers[0]?.readiness).toMatchObject({ ready: true, missing: [] });
    const strict = ok(
      await w.t.post(`/api/diveplan/${planId}`, admin, {
        requirements: { minLevel: 'rescue', medicalMonths: 1 },
      }),
    ) as TPlan;
    expect(strict.divers[0]?.readiness.missing).toEqual(['level', 'medicalExpired']);
  });

  it('keeps a boat, site or dive type a plan uses: deleting one answers 409 on either database', async () => {
    // PostgreSQL raises such a key as 23503, the code of a row naming a missing record; PGlite as 23001.
    expectError(await w.t.del(`/api/diveboat/${boat}`, admin), 409, 'CONFLICT');
    expectError(await w.t.del(`/api/divesite/${site}`, admin), 409, 'CONFLICT');
    expect(ok(await w.t.get(`/api/diveboat/${boat}`, admin)).id).toBe(boat);
  });

  it('prints the boat list in German and English', async () => {
    for (const [lang, title, trip] of [
      ['de', 'Bootsliste', 'Ausfahrt 08:30'],
      ['en', 'Boat list', 'Trip 08:30'],
    ]) {
      const res = await w.t.post('/api/diveplan/print/boatList', reader, { date: DAY, lang });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      const text = await pdfText(res.rawPayload);
      for (const word of [title, trip, 'Banca Uno', 'Coral Garden', 'Rico Guide', 'Ana Diver', 'Walk In'])
        expect(text).toContain(word);
    }
    expectError(await w.t.post('/api/diveplan/print/other', reader, { date: DAY }), 400, 'ValidationError');
  });

  it('writes the trip into the log once; statistics and overview count it', async () => {
    expectError(await w.t.post(`/api/diveplan/${planId}/log`, reader), 403, 'FORBIDDEN');
    expect(ok(await w.t.post(`/api/diveplan/${planId}/log`, admin), 201)).toEqual({
      logged: 3,
      charged: 0,
      unchargedBookings: [],
    });
    expectError(await w.t.post(`/api/diveplan/${planId}/log`, admin), 409, 'INVALID_STATE');
    // The guide's worklog of the day (2 dives typed in above) counts the trip once.
    const worklog = ok(
      await w.t.get(
        `/api/worklog?filter=${encodeURIComponent(JSON.stringify({ employeeId: guide }))}`,
        admin,
      ),
    );
    expect(worklog.data.map((r: { dives: number }) => r.dives)).toEqual([3]);
    // The month's sheet: the day's row and the totals (hours typed in, dives counted).
    await create('/api/worklog', { employeeId: guide, date: '2041-03-31', hours: '4.25', dives: 1 });
    await create('/api/worklog', { employeeId: guide, date: '2041-04-01', hours: '8', dives: 2 });
    const sheet = await w.t.get(`/api/worklog/sheet/${guide}?month=2041-03&separator=comma`, admin);
    expect(sheet.headers['content-type']).toContain('text/csv');
    expect(sheet.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'employee,date,hours,dives,note',
      `Rico Guide,${DAY},7.50,3,`,
      'Rico Guide,2041-03-31,4.25,1,',
      'Rico Guide,total,11.75,4,',
    ]);
    expectError(await w.t.get(`/api/worklog/sheet/${guide}?month=2041-13`, admin), 400, 'ValidationError');
    // The same sheet as a PDF, in German and English, with a name beyond Latin-1.
    const lukasz = (await create('/api/employee', { name: 'Łukasz Dvořák', role: 'captain' })).id;
    await create('/api/worklog', { employeeId: lukasz, date: '2041-03-02', hours: '6.5', dives: 0 });
    await create('/api/worklog', {
      employeeId: lukasz,
      date: '2041-03-03',
      hours: '7.25',
      dives: 2,
      note: 'Nachtfahrt',
    });
    for (const [lang, words] of [
      [
        'de',
        [
          'Arbeitszeitnachweis Łukasz Dvořák',
          'März 2041',
          'Kapitän',
          '6,50',
          '7,25',
          '13,75',
          'Nachtfahrt',
          'Summe',
        ],
      ],
      [
        'en',
        ['Work sheet Łukasz Dvořák', 'March 2041', 'Captain', '6.50', '7.25', '13.75', 'Nachtfahrt', 'Total'],
      ],
    ] as const) {
      const res = await w.t.get(`/api/worklog/sheet/${lukasz}?month=2041-03&format=pdf&lang=${lang}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      const text = await pdfText(res.rawPayload);
      for (const word of words) expect(text).toContain(word);
      expect(await qpdfCheck(res.rawPayload)).toContain('No syntax or stream encoding errors');
    }
    expectError(
      await w.t.get(`/api/worklog/sheet/${guide}?month=2041-03&format=xls`, admin),
      400,
      'ValidationError',
    );
    expectError(await w.t.get(`/api/worklog/sheet/999999?month=2041-03`, admin), 404, 'NOT_FOUND');
    expectError(await w.t.get(`/api/worklog/sheet/${guide}?month=2041-03`, reader), 403, 'FORBIDDEN');
    expectError(await w.t.post(`/api/diveplan/${planId}`, admin, { note: 'late' }), 409, 'INVALID_STATE');
    const log = ok(
      await w.t.get(`/api/divelog?filter=${encodeURIComponent(JSON.stringify({ planId }))}`, reader),
    );
    expect(log.total).toBe(3);
    expect(log.data[0]).toMatchObject({
      site: 'Coral Garden',
      date: DAY,
      start: '08:30',
      siteId: site,
      boatId: boat,
      guideId: guide,
      sort: 1,
    });
    const stats = ok(await w.t.get('/api/divelog/statistics?from=2041-03-01&to=2041-03-31', reader));
    expect(stats).toMatchObject({ dives: 3, divers: 3, perDay: [{ date: DAY, dives: 3 }] });
    expect(stats.perSite).toEqual([{ id: site, name: 'Coral Garden', dives: 3 }]);
    expect(stats.perGuide).toEqual([{ id: guide, name: 'Rico Guide', dives: 3 }]);
    const overview = ok(await w.t.get(`/api/divelog/overview?date=${DAY}`, reader));
    // 29.03.–02.04.: 5 days − 3 = 2 dive days, 3 dives each.
    expect(overview.guests[0]).toMatchObject({
      name: 'Ana Diver',
      expectedDiveDays: 2,
      expectedDives: 6,
      dives: 1,
      diveDays: 1,
    });
  });
});

describe('UDDF and the customer’s own log', () => {
  const uddf = `<?xml version="1.0" encoding="UTF-8"?>
<uddf version="3.2.1">
  <generator><name>Subsurface</name></generator>
  <divesite><site id="s1"><name>Coral Garden</name></site><site id="s2"><name>Blue Hole</name></site></divesite>
  <profiledata><repetitiongroup id="r1">
    <dive id="d-100"><informationbeforedive><datetime>2041-02-01T09:15:00</datetime><link ref="s1"/></informationbeforedive>
      <informationafterdive><greatestdepth>18.4</greatestdepth><diveduration>2820</diveduration><notes><para>Turtle</para></notes></informationafterdive></dive>
    <dive id="d-101"><informationbeforedive><datetime>2041-02-01T14:00:00</datetime><link ref="s2"/></informationbeforedive>
      <informationafterdive><greatestdepth>25</greatestdepth><diveduration>2400</diveduration></informationafterdive></dive>
  </repetitiongroup></profiledata>
</uddf>`;
  const dives = async (customerId: number) =>
    ok(
      await w.t.get(
        `/api/divelog?sort=date&filter=${encodeURIComponent(JSON.stringify({ customerId }))}`,
        admin,
      ),
    ).data.map((d: Record<string, unknown>) => [d.date, d.start, d.depth, d.duration, d.siteId, d.comment]);

  it('imports, exports and re-imports the same dives', async () => {
    expectError(
      await w.t.post(`/api/divelog/uddf/${w.guests.ben}`, admin, { uddf: '<uddf><broken>' }),
      400,
      'ValidationError',
    );
    expectError(await w.t.post(`/api/divelog/uddf/999999`, admin, { uddf }), 404, 'NOT_FOUND');
    expect(ok(await w.t.post(`/api/divelog/uddf/${w.guests.ben}`, admin, { uddf }))).toEqual({
      imported: 2,
      skipped: 0,
    });
    expect(ok(await w.t.post(`/api/divelog/uddf/${w.guests.ben}`, admin, { uddf }))).toEqual({
      imported: 0,
      skipped: 2,
    });
    const first = await dives(w.guests.ben);
    // The two dives of the file beside the one Ben made from the plan.
    expect(first).toEqual([
      ['2041-02-01', '09:15', 18.4, 47, site, 'Turtle'],
      ['2041-02-01', '14:00', 25, 40, null, null],
      [DAY, '08:30', null, null, site, null],
    ]);
    const exported = await w.t.get(`/api/divelog/uddf/${w.guests.ben}`, admin);
    expect(exported.headers['content-type']).toContain('application/xml');
    ok(await w.t.post(`/api/divelog/uddf/${w.guests.kid}`, admin, { uddf: exported.body }));
    const again = await dives(w.guests.kid);
    // Blue Hole is no site of ours: that dive keeps no site; the known one travels by its name.
    expect(again).toEqual(first);
  });

  it('shows a customer only their own dives', async () => {
    const [maria] = await w.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.fullName, 'Maria Sommer'));
    const mine = (await create('/api/divelog', { date: DAY, customerId: maria?.id, depth: 12.5 })).id;
    const list = ok(await w.t.get('/api/divelog', customer));
    expect(list.data.map((d: { id: number }) => d.id)).toEqual([mine]);
    expectError(await w.t.get(`/api/divelog/uddf/${w.guests.ben}`, customer), 404, 'NOT_FOUND');
    expect((await w.t.get(`/api/divelog/uddf/${maria?.id}`, customer)).body).toContain(
      '<greatestdepth>12.5</greatestdepth>',
    );
    expectError(
      await w.t.get('/api/divelog/statistics?from=2041-01-01&to=2041-12-31', customer),
      403,
      'FORBIDDEN',
    );
  });
});
