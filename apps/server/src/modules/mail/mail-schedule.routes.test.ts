// The mail scheduler through the API and the hourly job with a fixed clock: rules and their checks, the planned
// mails (which bookings a rule mails, in whose language, from and until which day), skipping one, the job queueing
// each due mail once from 09:00 of its day, a test mail to the user; the switch, 401, 403, 400 and 404.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { customers, mailQueue } from '../../db/schema.ts';

let w: TWorld;
let deTemplate: number;
let enTemplate: number;
let rule: number;
let german: { id: number; bookingNo: string };
let english: { id: number };
let offer: { id: number };
let agents: { id: number };
let later: { id: number };

const create = async (body: unknown, token = w.tokens.staff) => {
  const row = ok(await w.t.post('/api/bookings', token, body), 201) as { id: number };
  const read = ok(await w.t.get(`/api/bookings/${row.id}`, w.tokens.staff));
  return { id: row.id, bookingNo: read.bookingNo as string };
};
const customer = async (fullName: string, email: string) => {
  const [row] = await w.db.insert(customers).values({ fullName, email, gender: 'f' }).returning();
  return row?.id ?? 0;
};
const template = async (name: string, language: string, subject: string) =>
  ok(
    await w.t.post('/api/mail/template', w.tokens.admin, {
      name,
      state: 'custom',
      language,
      subject,
      body:
        language === 'de' ? 'Hallo {{guestName}}, bald geht es los.' : 'Hello {{guestName}}, see you soon.',
    }),
    201,
  ).id as number;
const scheduled = async (query: string, token = w.tokens.staff) =>
  ok(await w.t.get(`/api/mailschedule/scheduled?${query}`, token)).data as {
    id: string;
    bookingId: number;
    templateId: number;
    language: string;
    sendDay: string;
    lastDay: string;
    status: string;
    to: string | null;
  }[];
const queuedFor = (bookingId: number) =>
  w.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.bookingId, bookingId), like(mailQueue.dedupKey, 'mailschedule:%')));
/** The job at a UTC instant (the operator's zone is Europe/Berlin, UTC+2 in spring). */
const runAt = async (iso: string) => (await w.t.app.jobs.run(new Date(iso))).scheduledMails;

beforeAll(async () => {
  w = await bookingWorld();
  deTemplate = await template('Reise bald', 'de', 'In einer Woche: {{bookingNo}}');
  enTemplate = await template('Trip soon', 'en', 'In a week: {{bookingNo}}');
  const klara = await customer('Klara Vogel', 'klara@example.org');
  const jane = await customer('Jane Fisher', 'jane@example.org');
  // The departure of the world runs 2041-05-02 → 05-09; the later one starts after it.
  german = await create(tripBody(await w.cabin(), w.departure, { state: 'confirmed', customerId: klara }));
  english = await create(
    tripBody(await w.cabin(), w.departure, { state: 'confirmed', customerId: jane, language: 'en' }),
  );
  offer = await create(tripBody(await w.cabin(), w.departure, { state: 'planned', customerId: klara }));
  agents = await create(
    tripBody(await w.cabin(), w.departure, { state: 'planned', customerId: w.guests.ana }),
    w.tokens.agent,
  );
  later = await create(
    tripBody(await w.cabin(), w.laterDeparture, { state: 'confirmed', customerId: klara }),
  );
});
afterAll(() => w?.t.close());

describe('the switch', () => {
  it('hides every call while mailScheduler is off', async () => {
    expectError(await w.t.get('/api/mailschedule', w.tokens.admin), 404, 'NOT_FOUND');
    expectError(await w.t.get('/api/mailschedule/scheduled', w.tokens.admin), 404, 'NOT_FOUND');
    expectError(await w.t.post('/api/mailschedule/1/test', w.tokens.admin, {}), 404, 'NOT_FOUND');
    ok(await w.t.post('/api/settings/group/features', w.tokens.admin, { mailScheduler: true }));
  });
});

describe('rules', () => {
  it('are refused without a template, before the booking day, or with days out of range', async () => {
    const base = { name: 'x', anchor: 'arrival', days: -7, templateIdDe: deTemplate };
    expectError(
      await w.t.post('/api/mailschedule', w.tokens.staff, { ...base, templateIdDe: null }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/mailschedule', w.tokens.staff, { ...base, anchor: 'booked' }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/mailschedule', w.tokens.staff, { ...base, days: 400 }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post('/api/mailschedule', w.tokens.staff, { ...base, states: ['aborted'] }),
      400,
      'ValidationError',
    );
    expect(await w.count('mail_schedules')).toBe(0);
  });

  it('are written by the office, not by agents or customers', async () => {
    const body = { name: 'A week before', anchor: 'arrival', days: -7, templateIdDe: deTemplate };
    expectError(await w.t.post('/api/mailschedule', undefined, body), 401, 'UNAUTHORIZED');
    expectError(await w.t.post('/api/mailschedule', w.tokens.agent, body), 403, 'FORBIDDEN');
    expectError(await w.t.get('/api/mailschedule/scheduled', w.tokens.customer), 403, 'FORBIDDEN');
    const created = ok(
      await w.t.post('/api/mailschedule', w.tokens.staff, { ...body, templateIdEn: enTemplate }),
      201,
    );
    expect(created).toMatchObject({
      anchor: 'arrival',
      days: -7,
      isActive: true,
      states: ['confirmed', 'resolved'],
      includeAgencyBookings: false,
    });
    rule = created.id;
    // A template a rule sends cannot be deleted under it.
    expectError(await w.t.del(`/api/mail/template/${deTemplate}`, w.tokens.admin), 409, 'CONFLICT');
    // A change is checked against the stored rule: removing both templates is refused.
    expectError(
      await w.t.post(`/api/mailschedule/${rule}`, w.tokens.staff, { templateIdDe: null, templateIdEn: null }),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.post(`/api/mailschedule/${rule}`, w.tokens.staff, { anchor: 'booked' }),
      400,
      'ValidationError',
    );
  });
});

describe('planned mails', () => {
  it('are the confirmed direct bookings of the window, each in its language, due a week before', async () => {
    const mails = await scheduled('from=2041-04-20&to=2041-04-30');
    expect(mails.map((m) => m.bookingId).sort()).toEqual([german.id, english.id].sort());
    const de = mails.find((m) => m.bookingId === german.id);
    const en = mails.find((m) => m.bookingId === english.id);
    expect(de).toMatchObject({
      id: `${rule}-${german.id}`,
      templateId: deTemplate,
      sendDay: '2041-04-25',
      lastDay: '2041-05-01',
      status: 'planned',
      to: 'klara@example.org',
    });
    expect(en).toMatchObject({ templateId: enTemplate, language: 'en', to: 'jane@example.org' });
    // An offer, an agency's booking and a later departure are not in it.
    for (const id of [offer.id, agents.id, later.id]) expect(mails.map((m) => m.bookingId)).not.toContain(id);
    // A window before the send day, but still before arrival: nothing due yet then.
    expect(await scheduled('from=2041-04-01&to=2041-04-24')).toEqual([]);
  });

  it('include an agency’s bookings only when the rule says so', async () => {
    ok(
      await w.t.post(`/api/mailschedule/${rule}`, w.tokens.staff, {
        includeAgencyBookings: true,
        states: ['planned', 'confirmed'],
      }),
    );
    const ids = (await scheduled('from=2041-04-20&to=2041-04-30')).map((m) => m.bookingId);
    expect(ids).toEqual(expect.arrayContaining([agents.id, offer.id, german.id]));
    ok(
      await w.t.post(`/api/mailschedule/${rule}`, w.tokens.staff, {
        includeAgencyBookings: false,
        states: ['confirmed'],
      }),
    );
  });

  it('can be skipped one by one, and bad ranges or ids are refused', async () => {
    expectError(
      await w.t.del(`/api/mailschedule/scheduled/${rule}-${english.id}`, w.tokens.agent),
      403,
      'FORBIDDEN',
    );
    expectError(
      await w.t.del(`/api/mailschedule/scheduled/${rule}x${english.id}`, w.tokens.staff),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.del(`/api/mailschedule/scheduled/999999-${english.id}`, w.tokens.staff),
      404,
      'NOT_FOUND',
    );
    expectError(
      await w.t.del(`/api/mailschedule/scheduled/${rule}-999999`, w.tokens.staff),
      404,
      'NOT_FOUND',
    );
    ok(await w.t.del(`/api/mailschedule/scheduled/${rule}-${english.id}`, w.tokens.staff));
    const en = (await scheduled('from=2041-04-20&to=2041-04-30')).find((m) => m.bookingId === english.id);
    expect(en?.status).toBe('skipped');
    expectError(
      await w.t.get('/api/mailschedule/scheduled?from=2041-05-01&to=2041-04-01', w.tokens.staff),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.get('/api/mailschedule/scheduled?from=2041-01-01&to=2043-01-01', w.tokens.staff),
      400,
      'ValidationError',
    );
    expectError(
      await w.t.get('/api/mailschedule/scheduled?from=garbage', w.tokens.staff),
      400,
      'ValidationError',
    );
  });
});

describe('the job', () => {
  it('queues a due mail from 09:00 of its day, once, and never a skipped one', async () => {
    // 08:00 in Berlin on the send day: not yet.
    expect(await runAt('2041-04-25T06:00:00Z')).toBe(0);
    expect(await queuedFor(german.id)).toEqual([]);
    expect(await runAt('2041-04-25T08:00:00Z')).toBe(1);
    const [mail] = await queuedFor(german.id);
    expect(mail).toMatchObject({
      to: 'klara@example.org',
      subject: `In einer Woche: ${german.bookingNo}`,
      templateId: deTemplate,
      status: 'queued',
    });
    expect(mail?.text).toContain('Hallo Klara Vogel');
    expect(await runAt('2041-04-26T08:00:00Z')).toBe(0);
    expect(await queuedFor(german.id)).toHaveLength(1);
    expect(await queuedFor(english.id)).toEqual([]);
    // Queued mails are no longer planned.
    expect((await scheduled('from=2041-04-20&to=2041-04-30')).map((m) => m.bookingId)).not.toContain(
      german.id,
    );
  });

  it('catches up a booking made after its send day until the day before arrival, not later', async () => {
    const late = await create(
      tripBody(await w.cabin(), w.departure, {
        state: 'confirmed',
        customerId: await customer('Lea Late', 'lea@example.org'),
      }),
    );
    const last = await create(
      tripBody(await w.cabin(), w.departure, {
        state: 'confirmed',
        customerId: await customer('Max Last', 'max@example.org'),
      }),
    );
    expect(await runAt('2041-05-01T10:00:00Z')).toBe(2);
    expect(await queuedFor(late.id)).toHaveLength(1);
    // On arrival day a reminder is too late.
    await w.db.delete(mailQueue).where(eq(mailQueue.bookingId, last.id));
    expect(await runAt('2041-05-02T10:00:00Z')).toBe(0);
    expect(await queuedFor(last.id)).toEqual([]);
  });
});

describe('a test mail', () => {
  it('goes to the user, marked, with the booking’s values, never to the guest', async () => {
    const answer = ok(
      await w.t.post(`/api/mailschedule/${rule}/test`, w.tokens.staff, { bookingId: english.id }),
    );
    expect(answer).toMatchObject({ to: 'staff@example.com', bookingId: english.id });
    expect(answer.subject).toMatch(/^\[Test\] In a week: /);
    const [row] = await w.db.select().from(mailQueue).where(eq(mailQueue.id, answer.mailId));
    expect(row).toMatchObject({ to: 'staff@example.com', dedupKey: null, bookingId: null });
    const german = ok(
      await w.t.post(`/api/mailschedule/${rule}/test`, w.tokens.staff, {
        bookingId: english.id,
        language: 'de',
        to: 'office@example.org',
      }),
    );
    expect(german).toMatchObject({ to: 'office@example.org' });
    expect(german.subject).toMatch(/^\[Test\] In einer Woche: /);
  });

  it('is refused to agents, for unknown rules and bookings, and with a bad body', async () => {
    expectError(await w.t.post(`/api/mailschedule/${rule}/test`, w.tokens.agent, {}), 403, 'FORBIDDEN');
    expectError(await w.t.post('/api/mailschedule/999999/test', w.tokens.staff, {}), 404, 'NOT_FOUND');
    expectError(
      await w.t.post(`/api/mailschedule/${rule}/test`, w.tokens.staff, { bookingId: 999999 }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await w.t.post(`/api/mailschedule/${rule}/test`, w.tokens.staff, { to: 'nope' }),
      400,
      'ValidationError',
    );
  });
});

describe('a rule counted from the booking day', () => {
  it('plans its mail on the day the booking was confirmed (the operator’s day)', async () => {
    const welcome = ok(
      await w.t.post('/api/mailschedule', w.tokens.staff, {
        name: 'Welcome',
        anchor: 'booked',
        days: 0,
        templateIdEn: enTemplate,
      }),
      201,
    );
    const mails = await scheduled(`scheduleId=${welcome.id}`);
    const ids = mails.map((m) => m.bookingId);
    expect(ids).toEqual(expect.arrayContaining([german.id, english.id, later.id]));
    expect(ids).not.toContain(offer.id);
    // A German booking gets the English template when the rule has no German one.
    expect(mails.find((m) => m.bookingId === german.id)?.templateId).toBe(enTemplate);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    for (const m of mails) expect(m.sendDay).toBe(day);
  });
});

describe('the switch, off again', () => {
  it('stops the job: a mail due then waits until the scheduler is on', async () => {
    // The later departure starts 2041-06-02: its reminder is due from 2041-05-26.
    ok(await w.t.post('/api/settings/group/features', w.tokens.admin, { mailScheduler: false }));
    expect(await runAt('2041-05-26T10:00:00Z')).toBe(0);
    expect(await queuedFor(later.id)).toEqual([]);
    ok(await w.t.post('/api/settings/group/features', w.tokens.admin, { mailScheduler: true }));
    expect(await runAt('2041-05-26T10:00:00Z')).toBe(1);
    expect(await queuedFor(later.id)).toHaveLength(1);
  });
});
