// Guest forms (spec platform §7): scopes (401/403/400), token access (a wrong token is 404, another
// booking's form never), validation with field paths, the upload limit (413), the multi-guest save being
// all or nothing, addToBooking copying answers onto the customer with a version row, corrections until
// the office added a form, missingGuestform counts and agency isolation.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { demoIds, insertBooking } from '../../../test/test-bookings.ts';
import { customers, customerVersions, guestForms, storedFiles } from '../../db/schema.ts';

let t: TTestApp;
let staff: string;
let agent: string;
let customer: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
let n = 0;

const ok = (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  // biome-ignore lint/suspicious/noExplicitAny: test answers
  return res.json() as any;
};

/** A confirmed booking with two guests (Maria and a guest without customer record). */
async function booking(agencyId: number | null = ids.blueReefId) {
  n += 1;
  const [room] = ids.rooms;
  if (!room) throw new Error('no room');
  return insertBooking(t.database.db, {
    type: 'resort',
    resortId: ids.resortId,
    state: 'confirmed',
    bookingNo: `GF-${n}`,
    from: '2041-03-01',
    to: '2041-03-08',
    customerId: ids.mariaId,
    agencyId,
    rooms: [{ roomId: room.id, guests: [{ customerId: ids.mariaId }, { name: 'Tom Guest' }] }],
  });
}

async function formsOf(bookingId: number) {
  const links = ok(await t.get(`/api/guestform/${bookingId}/links`, staff));
  const rows = await t.database.db.select().from(guestForms).where(eq(guestForms.bookingId, bookingId));
  return links.map((l: { id: number }) => rows.find((r) => r.id === l.id) as typeof guestForms.$inferSelect);
}

const fullAnswers = (over: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Sommer',
  birthday: '1985-04-12',
  gender: 'f',
  email: 'maria.new@example.test',
  passportNumber: 'C01X00T47',
  nationality: 'DE',
  passportIssueDate: '2020-01-10',
  passportExpiryDate: '2045-01-09',
  certAgency: 'PADI',
  certLevel: 'Advanced Open Water',
  loggedDives: 42,
  lastDive: '2025-10-01',
  medicalHeart: false,
  medicalLungs: false,
  medicalEars: false,
  medicalMedication: false,
  medicalSurgery: false,
  medicalPregnant: false,
  insuranceCompany: 'DAN Europe',
  insurancePolicy: 'DAN-123456',
  arrivalFlight: 'LH1234',
  arrivalDate: '2041-03-01',
  arrivalTime: '09:30',
  departureFlight: 'U2 8011',
  departureDate: '2041-03-08',
  emergencyName: 'Klaus Sommer',
  emergencyPhone: '+49 170 1234567',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ staff, agent, customer } = await t.demoTokens('staff', 'agent', 'customer'));
  ids = await demoIds(t.database.db);
});
afterAll(() => t?.close());

describe('access', () => {
  it('answers 401 without login and 403 without the scope', async () => {
    const { id } = await booking();
    for (const [method, url] of [
      ['GET', '/api/guestform'],
      ['GET', '/api/guestform/types'],
      ['GET', '/api/guestform/statistics'],
      ['GET', '/api/guestform/diff/1'],
      ['GET', `/api/guestform/rooms?bookingId=${id}`],
      ['GET', '/api/guestform/self'],
      ['GET', `/api/guestform/${id}/links`],
      ['GET', '/api/guestform/1'],
      ['GET', '/api/guestform/1/linked'],
      ['POST', '/api/guestform/1/addToBooking'],
      ['POST', `/api/guestform/addAllToBooking/${id}`],
      ['POST', '/api/guestform/1/syncWithCustomer'],
      ['POST', '/api/guestform/1/appendMissingFields'],
      ['POST', '/api/guestform/appendMissingFields'],
      ['POST', `/api/guestform/customer/${ids.mariaId}/${id}`],
      ['GET', '/api/bookings/missingGuestform'],
    ] as const) {
      expectError(
        await t.call(method, url, undefined, method === 'POST' ? {} : undefined),
        401,
        'UNAUTHORIZED',
      );
    }
    const nobody = await t.account('gf-nobody@example.test', ['user']);
    expectError(await t.get('/api/guestform', nobody), 403, 'FORBIDDEN');
    expectError(await t.get('/api/guestform/1', nobody), 403, 'FORBIDDEN');
    expectError(await t.post('/api/guestform/1/addToBooking', agent, {}), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/guestform/addAllToBooking/${id}`, customer, {}), 403, 'FORBIDDEN');
  });

  it('answers 400 for bad input', async () => {
    expectError(await t.get('/api/guestform/statistics?days=0', staff), 400, 'ValidationError');
    expectError(await t.get('/api/guestform?status=done', staff), 400, 'ValidationError');
    expectError(await t.get('/api/guestform?sort=password_hash', staff), 400, 'ValidationError');
    expectError(
      await t.post('/api/guestform/appendMissingFields', staff, { ids: [] }),
      400,
      'ValidationError',
    );
    expectError(await t.get('/api/guestform/1?token=short', staff), 400, 'ValidationError');
  });

  it('lists the sections and their fields', async () => {
    const types = ok(await t.get('/api/guestform/types', staff));
    expect(types.map((s: { type: string }) => s.type)).toEqual([
      'personal',
      'passport',
      'diving',
      'insurance',
      'flights',
      'emergency',
    ]);
  });
});

describe('token access', () => {
  it('opens a form only with its own token; never another booking’s', async () => {
    const a = await booking();
    const b = await booking();
    const [fa] = await formsOf(a.id);
    const [fb] = await formsOf(b.id);
    if (!fa || !fb) throw new Error('forms missing');
    expect(fa.token).toMatch(/^[\w-]{32}$/);
    const got = ok(await t.get(`/api/guestform/${fa.id}?token=${fa.token}`));
    expect(got).toMatchObject({
      id: fa.id,
      bookingId: a.id,
      status: 'open',
      maxFileSizeKb: 256,
      multiGuest: true,
    });
    expectError(await t.get(`/api/guestform/${fa.id}?token=${fb.token}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/guestform/${fb.id}?token=${fa.token}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/guestform/${fa.id}?token=${'x'.repeat(32)}`), 404, 'NOT_FOUND');
    const linked = ok(await t.get(`/api/guestform/${fa.id}/linked?token=${fa.token}`));
    expect(linked).toHaveLength(2);
    expect(linked.every((f: { bookingId: number }) => f.bookingId === a.id)).toBe(true);
    // Saving another booking's form through this token is refused.
    expectError(
      await t.post(`/api/guestform/${fa.id}/linked?token=${fa.token}`, undefined, {
        data: [{ id: fb.id, data: fullAnswers() }],
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('a guest’s own link', () => {
  it('opens that guest’s form only: not the other guests’ forms, answers or the multi-guest page', async () => {
    const { id } = await booking();
    const [lead, second] = await formsOf(id);
    if (!lead || !second) throw new Error('forms missing');
    // The lead answers, medical questions included: a "yes" asks for the physician's sign-off (required).
    const answer = (extra: Record<string, unknown>) =>
      t.post(`/api/guestform/${lead.id}?token=${lead.token}`, undefined, {
        data: fullAnswers({ medicalHeart: true, ...extra }),
      });
    const missing = await answer({});
    expectError(missing, 400, 'ValidationError');
    expect(missing.json().details).toEqual([
      expect.objectContaining({ path: 'data.physicianSignOff', code: 'REQUIRED' }),
    ]);
    ok(await answer({ physicianSignOff: false }));
    const own = ok(await t.get(`/api/guestform/${second.id}?token=${second.token}`));
    expect(own.id).toBe(second.id);
    expect(JSON.stringify(own)).not.toContain('C01X00T47');
    expectError(await t.get(`/api/guestform/${second.id}/linked?token=${second.token}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/guestform/${lead.id}?token=${second.token}`), 404, 'NOT_FOUND');
    expectError(
      await t.post(`/api/guestform/${second.id}/linked?token=${second.token}`, undefined, {
        data: [{ id: lead.id, data: fullAnswers({ medicalHeart: false }) }],
      }),
      404,
      'NOT_FOUND',
    );
    // The lead's link is the multi-guest page.
    expect(ok(await t.get(`/api/guestform/${lead.id}/linked?token=${lead.token}`))).toHaveLength(2);
  });

  it('the lead guest’s page never shows another guest’s passport or medical answers, and keeps them', async () => {
    const { id } = await booking();
    const [lead, second] = await formsOf(id);
    if (!lead || !second) throw new Error('forms missing');
    const toms = fullAnswers({
      firstName: 'Tom',
      lastName: 'Guest',
      email: '',
      passportNumber: 'TOM777PASS',
      medicalLungs: true,
      physicianSignOff: true,
    });
    ok(await t.post(`/api/guestform/${second.id}?token=${second.token}`, undefined, { data: toms }));
    const page = ok(await t.get(`/api/guestform/${lead.id}/linked?token=${lead.token}`));
    const tom = page.find((f: { id: number }) => f.id === second.id);
    expect(JSON.stringify(page)).not.toContain('TOM777PASS');
    expect(tom.data.medicalLungs).toBeUndefined();
    expect(tom.data.certLevel).toBe('Advanced Open Water');
    expect(tom.data.physicianSignOff).toBeUndefined();
    expect(tom.hidden).toEqual(
      expect.arrayContaining(['passportNumber', 'nationality', 'medicalLungs', 'physicianSignOff']),
    );
    expect(page.find((f: { id: number }) => f.id === lead.id).hidden).toBeUndefined();
    // The lead saves the page with what it sees: Tom's private answers stay as Tom gave them.
    const saved = ok(
      await t.post(`/api/guestform/${lead.id}/linked?token=${lead.token}`, undefined, {
        data: [
          { id: lead.id, data: fullAnswers() },
          { id: second.id, data: { ...tom.data, certLevel: 'Rescue Diver' } },
        ],
      }),
    );
    expect(JSON.stringify(saved)).not.toContain('TOM777PASS');
    const [row] = await t.database.db.select().from(guestForms).where(eq(guestForms.id, second.id));
    expect(row?.data).toMatchObject({
      passportNumber: 'TOM777PASS',
      medicalLungs: true,
      certLevel: 'Rescue Diver',
    });
    // Staff see everything.
    const staffView = ok(await t.get(`/api/guestform/${lead.id}/linked`, staff));
    expect(JSON.stringify(staffView)).toContain('TOM777PASS');
  });
});

describe('answers', () => {
  it('checks every answer with its field path', async () => {
    const { id } = await booking();
    const [form] = await formsOf(id);
    if (!form) throw new Error('form missing');
    const res = await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
      data: fullAnswers({
        arrivalFlight: 'L',
        loggedDives: -1,
        birthday: '2999-01-01',
        certAgency: 'XYZ',
        bogus: 1,
      }),
    });
    expectError(res, 400, 'ValidationError');
    const paths = res.json().details.map((d: { path: string; code: string }) => `${d.path}:${d.code}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'data.arrivalFlight:INVALID_FLIGHT_NUMBER',
        'data.loggedDives:INVALID_NUMBER',
        'data.birthday:DATE_IN_FUTURE',
        'data.certAgency:INVALID_OPTION',
        'data.bogus:UNKNOWN_FIELD',
      ]),
    );
    const missing = await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
      data: fullAnswers({ insurancePolicy: '' }),
    });
    expect(missing.json().details).toEqual([
      expect.objectContaining({ path: 'data.insurancePolicy', code: 'REQUIRED' }),
    ]);
    const expired = await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
      data: fullAnswers({ passportExpiryDate: '2041-03-05' }),
    });
    expect(expired.json().details[0]).toMatchObject({
      path: 'data.passportExpiryDate',
      code: 'PASSPORT_EXPIRED',
    });
    const [row] = await t.database.db.select().from(guestForms).where(eq(guestForms.id, form.id));
    expect(row?.status).toBe('open');
  });

  it('refuses an upload over the limit with 413 and stores a small one', async () => {
    const { id } = await booking();
    const [form] = await formsOf(id);
    if (!form) throw new Error('form missing');
    const big = Buffer.alloc(257 * 1024, 1).toString('base64');
    const tooBig = await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
      data: fullAnswers({
        passportScan: { name: 'pass.jpg', size: 257 * 1024, type: 'image/jpeg', data: big },
      }),
    });
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
    expect(tooBig.json().details[0]).toMatchObject({ path: 'data.passportScan', code: 'FILE_TOO_LARGE' });
    const wrongType = await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
      data: fullAnswers({
        passportScan: { name: 'x.exe', size: 3, type: 'application/x-msdownload', data: 'AAAA' },
      }),
    });
    expectError(wrongType, 400, 'ValidationError');
    const small = Buffer.alloc(10 * 1024, 2).toString('base64');
    const saved = ok(
      await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
        data: fullAnswers({
          passportScan: { name: 'pass.png', size: 10240, type: 'image/png', data: small },
        }),
      }),
    );
    expect(saved.status).toBe('submitted');
    const fileId = saved.data.passportScan.fileId;
    const [file] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(file).toMatchObject({ kind: 'guestform', size: 10240, mime: 'image/png' });
    // Keeping the file by its id works; another id is refused.
    ok(
      await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
        data: fullAnswers({ passportScan: saved.data.passportScan, certLevel: 'Rescue Diver' }),
      }),
    );
    expectError(
      await t.post(`/api/guestform/${form.id}?token=${form.token}`, undefined, {
        data: fullAnswers({ passportScan: { ...saved.data.passportScan, fileId: fileId + 1000 } }),
      }),
      400,
      'ValidationError',
    );
  });

  it('saves the multi-guest page all or nothing', async () => {
    const { id } = await booking();
    const [lead, second] = await formsOf(id);
    if (!lead || !second) throw new Error('forms missing');
    const bad = await t.post(`/api/guestform/${lead.id}/linked?token=${lead.token}`, undefined, {
      data: [
        { id: lead.id, data: fullAnswers() },
        { id: second.id, data: fullAnswers({ firstName: 'Tom', lastName: 'Guest', departureFlight: '12' }) },
      ],
    });
    expectError(bad, 400, 'ValidationError');
    expect(bad.json().details[0]).toMatchObject({
      path: 'forms.1.data.departureFlight',
      code: 'INVALID_FLIGHT_NUMBER',
    });
    const rows = await t.database.db.select().from(guestForms).where(eq(guestForms.bookingId, id));
    expect(rows.every((r) => r.status === 'open')).toBe(true);
    const saved = ok(
      await t.post(`/api/guestform/${lead.id}/linked?token=${lead.token}`, undefined, {
        data: [
          { id: lead.id, data: fullAnswers() },
          { id: second.id, data: fullAnswers({ firstName: 'Tom', lastName: 'Guest', email: '' }) },
        ],
      }),
    );
    expect(saved.map((f: { status: string }) => f.status)).toEqual(['submitted', 'submitted']);
  });
});

describe('taking answers over', () => {
  it('diff, addToBooking and addAllToBooking copy answers onto the customers with versions', async () => {
    const { id } = await booking();
    const [lead, second] = await formsOf(id);
    if (!lead || !second) throw new Error('forms missing');
    expectError(await t.post(`/api/guestform/${lead.id}/addToBooking`, staff, {}), 409, 'INVALID_STATE');
    ok(
      await t.post(`/api/guestform/${lead.id}/linked?token=${lead.token}`, undefined, {
        data: [
          { id: lead.id, data: fullAnswers() },
          {
            id: second.id,
            data: fullAnswers({ firstName: 'Tom', lastName: 'Guest', email: 'tom@example.test' }),
          },
        ],
      }),
    );
    const diff = ok(await t.get(`/api/guestform/diff/${lead.id}`, staff));
    expect(diff.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'passport.number', form: 'C01X00T47', differs: true }),
      ]),
    );
    const versions = async (customerId: number) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(customerVersions)
          .where(eq(customerVersions.customerId, customerId))
      )[0]?.n ?? 0;
    const before = await versions(ids.mariaId);
    const added = ok(await t.post(`/api/guestform/${lead.id}/addToBooking`, staff, {}));
    expect(added.status).toBe('added');
    const [maria] = await t.database.db.select().from(customers).where(eq(customers.id, ids.mariaId));
    expect(maria?.passport).toMatchObject({ number: 'C01X00T47', expiryDate: '2045-01-09' });
    expect(maria?.birthday).toBe('1985-04-12');
    expect(await versions(ids.mariaId)).toBeGreaterThan(before);
    // Once added, the guest can no longer change it.
    expectError(
      await t.post(`/api/guestform/${lead.id}?token=${lead.token}`, undefined, { data: fullAnswers() }),
      409,
      'INVALID_STATE',
    );
    // The guest without a customer record gets one.
    const all = ok(await t.post(`/api/guestform/addAllToBooking/${id}`, staff, {}));
    expect(all.added).toEqual([second.id]);
    const [tomForm] = await t.database.db.select().from(guestForms).where(eq(guestForms.id, second.id));
    const [tom] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, tomForm?.customerId ?? 0));
    expect(tom).toMatchObject({ fullName: 'Tom Guest', email: 'tom@example.test' });
  });

  it('appendMissingFields reopens a submitted form that lacks answers; create for a customer', async () => {
    const { id } = await booking();
    const [existing] = await formsOf(id);
    const again = await t.post(`/api/guestform/customer/${ids.mariaId}/${id}`, staff, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(existing?.id);
    await t.database.db.delete(guestForms).where(eq(guestForms.bookingId, id));
    const created = ok(
      await t.post(`/api/guestform/customer/${ids.mariaId}/${id}`, staff, { types: ['personal'] }),
      201,
    );
    expect(created.types).toEqual(['personal']);
    const row = (await t.database.db.select().from(guestForms).where(eq(guestForms.id, created.id)))[0];
    ok(
      await t.post(`/api/guestform/${created.id}?token=${row?.token}`, undefined, {
        data: { firstName: 'Maria', lastName: 'Sommer', birthday: '1985-04-12' },
      }),
    );
    const appended = ok(
      await t.post(`/api/guestform/${created.id}/appendMissingFields`, staff, { types: ['insurance'] }),
    );
    expect(appended.updated).toEqual([created.id]);
    const after = ok(await t.get(`/api/guestform/${created.id}`, staff));
    expect(after).toMatchObject({ types: ['personal', 'insurance'], status: 'open' });
    expectError(
      await t.post(`/api/guestform/customer/${ids.customerIds[0]}/${id}`, staff, {}),
      404,
      'NOT_FOUND',
    );
  });
});

describe('missingGuestform and isolation', () => {
  it('counts the guests without a submitted form; agents see only their agency', async () => {
    const mine = await booking(ids.blueReefId);
    const theirs = await booking(ids.otherAgencyId);
    const missing = ok(await t.get('/api/bookings/missingGuestform?size=0', staff));
    const row = missing.data.find((b: { id: number }) => b.id === mine.id);
    expect(row).toMatchObject({ guests: 2, missingGuestforms: 2 });
    const [lead, second] = await formsOf(mine.id);
    if (!lead || !second) throw new Error('forms missing');
    ok(
      await t.post(`/api/guestform/${lead.id}/linked?token=${lead.token}`, undefined, {
        data: [{ id: lead.id, data: fullAnswers() }],
      }),
    );
    const later = ok(await t.get('/api/bookings/missingGuestform?size=0', staff));
    expect(later.data.find((b: { id: number }) => b.id === mine.id)).toMatchObject({ missingGuestforms: 1 });
    ok(
      await t.post(`/api/guestform/${lead.id}/linked?token=${lead.token}`, undefined, {
        data: [{ id: second.id, data: fullAnswers({ firstName: 'Tom', lastName: 'Guest' }) }],
      }),
    );
    const done = ok(await t.get('/api/bookings/missingGuestform?size=0', staff));
    expect(done.data.some((b: { id: number }) => b.id === mine.id)).toBe(false);

    const agentView = ok(await t.get('/api/bookings/missingGuestform?size=0', agent));
    expect(agentView.data.some((b: { id: number }) => b.id === theirs.id)).toBe(false);
    const [foreign] = await formsOf(theirs.id);
    expectError(await t.get(`/api/guestform/${foreign?.id}`, agent), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/guestform/${theirs.id}/links`, agent), 404, 'NOT_FOUND');
    const own = ok(await t.get('/api/guestform/self?size=0', agent));
    expect(own.data.every((f: { bookingId: number }) => f.bookingId !== theirs.id)).toBe(true);
    expect(own.data.some((f: { bookingId: number }) => f.bookingId === mine.id)).toBe(true);
    const stats = ok(await t.get('/api/guestform/statistics?days=7', staff));
    expect(stats.total).toBeGreaterThan(0);
    const list = ok(await t.get(`/api/guestform?status=submitted&bookingId=${mine.id}`, staff));
    expect(list.total).toBe(2);
    const filtered = ok(
      await t.get(
        `/api/guestform?filter=${encodeURIComponent(JSON.stringify({ status: 'submitted', bookingId: mine.id }))}`,
        staff,
      ),
    );
    expect(filtered.total).toBe(2);
    expectError(await t.get('/api/guestform?filter=nope', staff), 400, 'ValidationError');
    const csv = await t.get(`/api/guestform/listCSV?bookingId=${mine.id}`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    const pdf = await t.get(`/api/guestform/${lead.id}/print?token=${lead.token}&lang=de`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });
});
