// Custom forms (/api/formdef, /api/form): access (401/403), validation (400 with field paths), the
// guest's token (public, opens exactly one form), submit, the staff update, constants, the QR code, CSV,
// the mail of a sent form and the feature switch.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { customers, mailQueue, storedFiles } from '../../db/schema.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
let customerId: number;

const ok = (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  // biome-ignore lint/suspicious/noExplicitAny: test answers
  return res.json() as any;
};

const inDays = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const FIELDS = [
  { key: 'intro', type: 'Header', label: { de: 'Anreise', en: 'Arrival' } },
  {
    key: 'flight',
    type: 'QuestionShort',
    label: { de: 'Flug', en: 'Flight' },
    rules: { required: true, flightNumber: true },
  },
  {
    key: 'arrival',
    type: 'Date',
    label: { de: 'Ankunft', en: 'Arrival' },
    rules: { required: true, dateOnOrAfter: 'today +3 days' },
  },
  { key: 'email', type: 'QuestionShort', label: { en: 'E-mail' }, rules: { email: true } },
  { key: 'email2', type: 'QuestionShort', label: { en: 'Repeat' }, rules: { equalsField: 'email' } },
  { key: 'dives', type: 'QuestionShort', label: { en: 'Dives' }, rules: { nonNegativeInteger: true } },
  {
    key: 'diet',
    type: 'Radio',
    label: { en: 'Diet' },
    options: [
      { value: 'veg', label: { en: 'Vegetarian' } },
      { value: 'all', label: { en: 'Everything' } },
    ],
  },
  { key: 'photo', type: 'Image', label: { en: 'Photo' }, rules: { maxFileSizeKb: 1 } },
  { key: 'rating', type: 'Stars', label: { en: 'Rating' } },
];

const def = (over: Record<string, unknown> = {}) => ({
  name: 'Arrival',
  title: { de: 'Anreise', en: 'Arrival' },
  fields: FIELDS,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff, agent, customer } = await t.demoTokens());
  const [c] = await t.database.db.select().from(customers).limit(1);
  if (!c) throw new Error('no demo customer');
  customerId = c.id;
  await t.database.db.update(customers).set({ email: 'guest@example.com' }).where(eq(customers.id, c.id));
});
afterAll(() => t?.close());

async function sendForm() {
  const formDef = ok(await t.post('/api/formdef', staff, def()), 201);
  const form = ok(
    await t.post('/api/form', staff, { formDefId: formDef.id, customerId, language: 'de' }),
    201,
  );
  return { formDef, form };
}

describe('access', () => {
  it('answers 401 without a session and 403 without the scopes', async () => {
    for (const url of ['/api/formdef', '/api/form', '/api/form/listCSV', '/api/formdef/listCSV']) {
      expectError(await t.get(url), 401, 'UNAUTHORIZED');
      expectError(await t.get(url, agent), 403, 'FORBIDDEN');
      expectError(await t.get(url, customer), 403, 'FORBIDDEN');
    }
    expectError(await t.post('/api/formdef', agent, def()), 403, 'FORBIDDEN');
    expectError(await t.post('/api/form', customer, { formDefId: 1 }), 403, 'FORBIDDEN');
    const { form } = await sendForm();
    expectError(await t.get(`/api/form/${form.id}`), 401, 'UNAUTHORIZED');
    expectError(await t.get(`/api/form/${form.id}`, agent), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/form/${form.id}`, undefined, { status: 'open' }), 401, 'UNAUTHORIZED');
    expectError(await t.post(`/api/form/${form.id}`, customer, { status: 'open' }), 403, 'FORBIDDEN');
    expectError(await t.post(`/api/form/${form.id}/qrcode`), 401, 'UNAUTHORIZED');
    expectError(await t.post(`/api/form/${form.id}/qrcode`, agent), 403, 'FORBIDDEN');
    expectError(await t.del(`/api/form/${form.id}`, agent), 403, 'FORBIDDEN');
  });

  it('answers 400 to bad definitions and bad sends', async () => {
    expectError(await t.post('/api/formdef', staff, def({ name: '' })), 400, 'ValidationError');
    expectError(
      await t.post('/api/formdef', staff, def({ fields: [{ key: 'a', type: 'Nope', label: {} }] })),
      400,
      'ValidationError',
    );
    expectError(
      await t.post('/api/formdef', staff, def({ fields: [{ key: 'a', type: 'Select', label: {} }] })),
      400,
      'ValidationError',
    );
    expectError(
      await t.post(
        '/api/formdef',
        staff,
        def({ fields: [{ key: 'a', type: 'Date', label: {}, rules: { dateOnOrAfter: 'soon' } }] }),
      ),
      400,
      'ValidationError',
    );
    expectError(await t.post('/api/form', staff, { formDefId: 999999 }), 400, 'ValidationError');
    expectError(await t.post('/api/form', staff, { formDefId: 'x' }), 400, 'ValidationError');
    expectError(await t.get('/api/form?sort=token', staff), 400, 'ValidationError');
    expectError(await t.get('/api/form/abc', staff), 404, 'NOT_FOUND');
    expectError(await t.get('/api/form/999999', staff), 404, 'NOT_FOUND');
  });
});

describe('constants', () => {
  it('lists the 15 field types, the rules and the 256 KB default', async () => {
    const c = ok(await t.get('/api/form/constants'));
    expect(c.fieldTypes).toHaveLength(15);
    expect(c.fieldTypes).toContain('MultipleSelect');
    expect(c.ruleNames).toEqual(
      expect.arrayContaining(['required', 'flightNumber', 'dateOnOrAfter', 'nonNegativeInteger']),
    );
    expect(c.defaults.maxFileSizeKb).toBe(256);
  });
});

describe('definitions', () => {
  it('creates, reads, updates, copies, lists and refuses to delete a used one', async () => {
    const created = ok(await t.post('/api/formdef', staff, def()), 201);
    expect(created.fields).toHaveLength(FIELDS.length);
    const updated = ok(
      await t.post(`/api/formdef/${created.id}`, staff, { title: { de: 'Neu', en: 'New' } }),
    );
    expect(updated.title).toEqual({ de: 'Neu', en: 'New' });
    expect(updated.fields).toHaveLength(FIELDS.length);
    const copy = ok(await t.post(`/api/formdef/${created.id}/copy`, staff), 201);
    expect(copy.name).toBe('Arrival (copy)');
    const list = ok(await t.get('/api/formdef?search=Arrival&size=100', staff));
    expect(list.data.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining([created.id, copy.id]));
    ok(await t.post('/api/form', staff, { formDefId: created.id, customerId }), 201);
    expectError(await t.del(`/api/formdef/${created.id}`, staff), 409, 'IN_USE');
    expect(ok(await t.get(`/api/formdef/${created.id}`, staff)).formCount).toBe(1);
    ok(await t.del(`/api/formdef/${copy.id}`, staff));
    // Inactive definitions are not sent.
    ok(await t.post(`/api/formdef/${created.id}`, staff, { active: false }));
    expectError(await t.post('/api/form', staff, { formDefId: created.id }), 400, 'ValidationError');
    const csv = await t.get('/api/formdef/listCSV', staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
  });
});

describe('the guest with a token', () => {
  it('reads the definition and answers in the form language, without who it belongs to', async () => {
    const { form } = await sendForm();
    expect(form.token.length).toBeGreaterThanOrEqual(32);
    expect(form.link).toBe(`http://atoll.test/forms/${form.id}/${form.token}`);
    const view = ok(await t.get(`/api/form/${form.id}?token=${form.token}`));
    expect(view.language).toBe('de');
    expect(view.title.de).toBe('Anreise');
    expect(view.fields).toHaveLength(FIELDS.length);
    expect(view.token).toBeUndefined();
    expect(view.customerId).toBeNull();
    expect(view.status).toBe('open');
  });

  it('never opens another form: wrong token or another id answers 404', async () => {
    const a = (await sendForm()).form;
    const b = (await sendForm()).form;
    expectError(await t.get(`/api/form/${a.id}?token=${b.token}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/form/${b.id}?token=${a.token}`), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/form/${a.id}?token=${'x'.repeat(32)}`), 404, 'NOT_FOUND');
    expectError(
      await t.post(`/api/form/${a.id}?token=${b.token}`, undefined, { data: {} }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.get(`/api/form/${a.id}?token=short`), 400, 'ValidationError');
  });

  it('answers 400 with field paths and messages in the form language', async () => {
    const { form } = await sendForm();
    const url = `/api/form/${form.id}?token=${form.token}`;
    const res = await t.post(url, undefined, {
      data: {
        flight: 'L',
        arrival: inDays(0),
        email: 'nope',
        email2: 'other',
        dives: '-1',
        diet: 'fish',
        rating: 9,
        photo: {
          name: 'big.png',
          size: 5000,
          type: 'image/png',
          data: Buffer.alloc(5000).toString('base64'),
        },
      },
    });
    expectError(res, 400, 'ValidationError');
    const details = res.json().details as { path: string; code: string; message: string }[];
    const byPath = Object.fromEntries(details.map((d) => [d.path, d.code]));
    expect(byPath).toEqual({
      'data.flight': 'INVALID_FLIGHT_NUMBER',
      'data.arrival': 'DATE_TOO_EARLY',
      'data.email': 'INVALID_EMAIL',
      'data.email2': 'NOT_EQUAL',
      'data.dives': 'NOT_NON_NEGATIVE_INTEGER',
      'data.diet': 'INVALID_OPTION',
      'data.photo': 'FILE_TOO_LARGE',
      'data.rating': 'INVALID_VALUE',
    });
    expect(details.find((d) => d.path === 'data.flight')?.message).toContain('Flugnummer');
    const missing = await t.post(url, undefined, { data: {} });
    expectError(missing, 400, 'ValidationError');
    expect(missing.json().details.map((d: { path: string }) => d.path)).toEqual([
      'data.flight',
      'data.arrival',
    ]);
    expectError(await t.post(url, undefined, { nope: 1 }), 400, 'ValidationError');
    // Nothing was saved.
    expect(ok(await t.get(url)).status).toBe('open');
  });

  it('submits valid answers (upload stored), and staff sees them', async () => {
    const { form } = await sendForm();
    const url = `/api/form/${form.id}?token=${form.token}`;
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const saved = ok(
      await t.post(url, undefined, {
        data: {
          flight: 'LH 400',
          arrival: inDays(5),
          email: 'a@b.de',
          email2: 'a@b.de',
          dives: '12',
          diet: 'veg',
          rating: 4,
          unknown: 'dropped',
          photo: { name: 'me.png', size: png.length, type: 'image/png', data: png.toString('base64') },
        },
      }),
    );
    expect(saved.status).toBe('submitted');
    expect(saved.data.unknown).toBeUndefined();
    expect(saved.data.photo.fileId).toBeTypeOf('number');
    expect(saved.data.photo.data).toBeUndefined();
    const [file] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, saved.data.photo.fileId));
    expect(file?.size).toBe(png.length);
    const seen = ok(await t.get(`/api/form/${form.id}`, staff));
    expect(seen.data.flight).toBe('LH 400');
    expect(seen.submittedAt).not.toBeNull();
    const list = ok(
      await t.get(`/api/form?filter=${encodeURIComponent(JSON.stringify({ status: 'submitted' }))}`, staff),
    );
    expect(list.data.some((f: { id: number }) => f.id === form.id)).toBe(true);
    const csv = await t.get('/api/form/listCSV', staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('flight');
    expect(csv.body).toContain('LH 400');
    // The guest may correct the answers; the unchanged file stays.
    const again = ok(await t.post(url, undefined, { data: { ...saved.data, flight: 'LH401' } }));
    expect(again.data.photo.fileId).toBe(saved.data.photo.fileId);
    expect(again.data.flight).toBe('LH401');
  });
});

describe('staff', () => {
  it('updates without a token (partial answers allowed, rules still apply)', async () => {
    const { form } = await sendForm();
    const upd = ok(await t.post(`/api/form/${form.id}`, staff, { language: 'en', data: { dives: '3' } }));
    expect(upd.language).toBe('en');
    expect(upd.data.dives).toBe('3');
    const bad = await t.post(`/api/form/${form.id}`, staff, { data: { flight: 'X' } });
    expectError(bad, 400, 'ValidationError');
    expect(bad.json().details[0].path).toBe('data.flight');
    expectError(await t.post(`/api/form/${form.id}`, staff, { status: 'done' }), 400, 'ValidationError');
  });

  it('copies (new token, no answers), deletes, and mails the link when asked', async () => {
    const { formDef, form } = await sendForm();
    const copy = ok(await t.post(`/api/form/${form.id}/copy`, staff), 201);
    expect(copy.token).not.toBe(form.token);
    expect(copy.data).toEqual({});
    ok(await t.del(`/api/form/${copy.id}`, staff));
    expectError(await t.get(`/api/form/${copy.id}`, staff), 404, 'NOT_FOUND');
    const mailed = ok(
      await t.post('/api/form', staff, { formDefId: formDef.id, customerId, language: 'en', sendMail: true }),
      201,
    );
    const mails = await t.database.db.select().from(mailQueue).where(eq(mailQueue.customerId, customerId));
    expect(mails.some((m) => m.text.includes(mailed.link) && m.to === 'guest@example.com')).toBe(true);
  });

  it('answers a QR code image of the public link', async () => {
    const { form } = await sendForm();
    const png = await t.post(`/api/form/${form.id}/qrcode`, staff);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');
    const svg = await t.post(`/api/form/${form.id}/qrcode?format=svg`, staff);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    expectError(await t.post('/api/form/999999/qrcode', staff), 404, 'NOT_FOUND');
  });
});

describe('feature switch', () => {
  it('answers 404 while forms are off', async () => {
    const { form } = await sendForm();
    ok(await t.post('/api/settings/group/features', admin, { forms: false }));
    try {
      expectError(await t.get('/api/form', staff), 404, 'NOT_FOUND');
      expectError(await t.get('/api/formdef', staff), 404, 'NOT_FOUND');
      expectError(await t.get(`/api/form/${form.id}?token=${form.token}`), 404, 'NOT_FOUND');
      expectError(await t.get('/api/form/constants'), 404, 'NOT_FOUND');
    } finally {
      ok(await t.post('/api/settings/group/features', admin, { forms: true }));
    }
    ok(await t.get('/api/form', staff));
  });
});

describe('rate limit', () => {
  it('limits the public token calls per IP; signed-in staff are not limited', async () => {
    const { form } = await sendForm();
    const url = `/api/form/${form.id}?token=${form.token}`;
    let limited = -1;
    for (let i = 0; i <= 60 && limited < 0; i++) {
      const res = await t.get(url);
      if (res.statusCode === 429) limited = i;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited).toBeGreaterThan(0);
    expectError(await t.get(url), 429, 'TOO_MANY_REQUESTS');
    ok(await t.get(`/api/form/${form.id}`, staff));
  });
});
