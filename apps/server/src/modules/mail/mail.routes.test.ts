// The mail module against a real SMTP server (test/smtp.ts) and the real database: accounts with a
// write-only password, templates, sending booking mails through the durable queue (attachments rendered
// as PDF, dedup, retries with backoff while the SMTP server is down, two workers on one database), the
// mailbox view, scopes and agents.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { demoIds, insertBooking } from '../../../test/test-bookings.ts';
import { buildApp } from '../../app.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { invoices, mailQueue, schedules } from '../../db/schema.ts';
import { createDocumentsRepository } from '../documents/documents.repository.ts';
import { createDocumentsService } from '../documents/documents.service.ts';
import { createPaymentsRepository } from '../payments/payments.repository.ts';
import { createMailWorker } from './mail-worker.ts';

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let port: number;
let admin: string;
let staff: string;
let agent: string;
let customer: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
/** Blue Reef's confirmed booking of Maria Sommer (customer@example.com). */
let own: number;
/** Another agency's planned booking, in English. */
let foreign: number;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const row = async (id: number) => {
  const [r] = await t.database.db.select().from(mailQueue).where(eq(mailQueue.id, id));
  if (!r) throw new Error(`mail ${id} missing`);
  return r;
};
const HOUR = 3_600_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  port = Number(new URL(smtp.url).port);
  t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Atoll <office@atoll.test>' } });
  ({ admin, staff, agent, customer } = await t.demoTokens());
  ids = await demoIds(t.database.db);
  const [room1, room2] = ids.rooms;
  if (!room1 || !room2) throw new Error('demo rooms missing');
  ({ id: own } = await insertBooking(t.database.db, {
    type: 'resort',
    resortId: ids.resortId,
    state: 'confirmed',
    bookingNo: 'B-MAIL-1',
    from: '2031-03-01',
    to: '2031-03-08',
    customerId: ids.mariaId,
    agencyId: ids.blueReefId,
    total: '1400.00',
    openAmount: '1400.00',
    rooms: [{ roomId: room1.id, guests: [{ customerId: ids.mariaId }] }],
    lines: [{ key: 'room:r1', total: '1400.00' }],
  }));
  ({ id: foreign } = await insertBooking(t.database.db, {
    type: 'resort',
    resortId: ids.resortId,
    state: 'planned',
    reservationNo: 'R-MAIL-2',
    language: 'en',
    from: '2031-04-01',
    to: '2031-04-05',
    customerId: ids.mariaId,
    agencyId: ids.otherAgencyId,
    rooms: [{ roomId: room2.id, guests: [{ customerId: ids.mariaId }] }],
  }));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('access', () => {
  it('401 without login, 403 without the scope, 400 for a bad body', async () => {
    expectError(await t.post('/api/bookings/sendMail', undefined, { bookingId: own }), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/bookings/sendMail', customer, { bookingId: own }), 403, 'FORBIDDEN');
    expectError(await t.get('/api/mailaccount', staff), 403, 'FORBIDDEN');
    expectError(await t.get('/api/mailqueue', agent), 403, 'FORBIDDEN');
    expectError(await t.get('/api/mail/folders', customer), 403, 'FORBIDDEN');
    expectError(
      await t.post('/api/schedules/1/sendMail', agent, { subject: 'x', body: 'y' }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.post('/api/bookings/sendMail', staff, { templateId: 1 }), 400, 'ValidationError');
    expectError(
      await t.post('/api/bookings/sendMail', staff, { bookingId: own, to: 'not an address' }),
      400,
      'ValidationError',
    );
    expectError(await t.get('/api/mail/junk/mail', staff), 400, 'ValidationError');
    expectError(
      await t.post('/api/mail/template', staff, { name: 'x', state: 'nope', subject: 's', body: 'b' }),
      400,
      'ValidationError',
    );
  });
});

describe('every mail route', () => {
  it('answers 401 without login and never 5xx to an administrator with an empty body', async () => {
    const routes = t.app.routeTable.filter((r) =>
      /\/(mail|mailqueue|mailaccount)(\/|$)|sendMail|sendInvoice|sendGuestFormMail/.test(r.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(40);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
        name === 'folder' ? 'outbox' : '999999',
      );
      const method = route.method as 'GET';
      const payload = ['POST', 'DELETE'].includes(method) ? {} : undefined;
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${admin}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('accounts', () => {
  it('never answers the password; OAuth is refused with 400', async () => {
    const secret = 'S3cret-smtp-pass';
    const created = ok(
      await t.post('/api/mailaccount', admin, {
        name: 'Office',
        host: 'smtp.example.test',
        port: 465,
        security: 'tls',
        username: 'office',
        password: secret,
        fromAddress: 'Office@Example.test',
        isDefault: false,
        isActive: false,
      }),
      201,
    );
    expect(created).toMatchObject({ hasPassword: true, fromAddress: 'office@example.test', security: 'tls' });
    const answers = [
      await t.get(`/api/mailaccount/${created.id}`, admin),
      await t.get('/api/mailaccount', admin),
      await t.get('/api/mailaccount/listCSV', admin),
      await t.post(`/api/mailaccount/${created.id}`, admin, { name: 'Office 2' }),
      await t.post(`/api/mailaccount/${created.id}/copy`, admin),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('"password"');
    }
    expect(ok(await t.post(`/api/mailaccount/${created.id}`, admin, { password: null })).hasPassword).toBe(
      true,
    );
    expect(ok(await t.post(`/api/mailaccount/${created.id}`, admin, { password: '' })).hasPassword).toBe(
      false,
    );
    expectError(await t.get(`/api/mailaccount/${created.id}/oauth/connect`, admin), 400, 'ValidationError');
    expectError(
      await t.post('/api/mailaccount', admin, { name: 'x', host: 'h', fromAddress: 'nope' }),
      400,
      'ValidationError',
    );
  });
});

describe('templates', () => {
  it('lists the seeded templates of a state, the language asked first', async () => {
    const en = ok(await t.get('/api/mail/template/byState/confirmed?language=en', staff));
    expect(en.map((x: { language: string }) => x.language)).toEqual(['en', 'de']);
    const de = ok(await t.get('/api/mail/template/byState/confirmed?language=de', agent));
    expect(de[0]).toMatchObject({ language: 'de', attachments: ['confirmation'] });
    expectError(await t.get('/api/mail/template/byState/bogus', staff), 400, 'ValidationError');
  });
});

describe('a confirmation mail', () => {
  it('arrives once with the PDF attached; a replay queues nothing new', async () => {
    const body = { bookingId: own, state: 'confirmed' };
    const first = ok(await t.post('/api/bookings/sendMail', staff, body));
    expect(first).toMatchObject({ queued: 1, duplicates: 0, skipped: 0 });
    const replay = ok(await t.post('/api/bookings/sendMail', staff, body));
    expect(replay).toMatchObject({ queued: 0, duplicates: 1 });
    const mailId = first.items[0].mailId as number;
    expect((await row(mailId)).dedupKey).toBe(`booking:${own}:confirmed:v1`);

    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 0, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    expect(mail?.subject).toBe('Buchungsbestätigung B-MAIL-1');
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('customer@example.com');
    expect(mail?.messageId).toBe(`<booking.${own}.confirmed.v1@atoll.test>`);
    expect(mail?.text).toContain('Hallo Maria Sommer');
    expect(mail?.text).toContain('01.03.2031');
    expect(mail?.html).toContain('<p>Hallo Maria Sommer');
    const pdf = mail?.attachments[0];
    expect(pdf?.contentType).toBe('application/pdf');
    expect(await pdfText(pdf?.content as Buffer)).toContain('B-MAIL-1');
    // Answers reach the company, and the attachment keeps its umlaut (RFC 2231 parameter encoding).
    const company = await t.get('/api/settings/group/company', admin);
    expect(mail?.replyTo?.text).toBe(company.json().email);
    expect(mail?.replyTo?.text).toContain('@');
    expect(pdf?.filename).toBe('Buchungsbestätigung-B-MAIL-1.pdf');
    expect(smtp.raw[0]).toMatch(/filename\*(0\*)?=utf-8''Buchungsbest%C3%A4tigung/i);

    const sent = await row(mailId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    // force queues it again, with its own key
    const forced = ok(await t.post('/api/bookings/sendMail', staff, { ...body, force: true }));
    expect(forced.queued).toBe(1);
    ok(await t.del(`/api/mailqueue/${forced.items[0].mailId}`, admin));
  });
});

describe('retries', () => {
  it('keeps the mail while the SMTP server is down and sends it exactly once when it is back', async () => {
    await t.database.db.insert(invoices).values({
      bookingId: own,
      number: '2031-000001',
      year: 2031,
      seq: 1,
      date: '2031-01-10',
      publicToken: 'tok-mail-test',
      net: '1400.00',
      gross: '1400.00',
      lines: [{ text: 'Room', amount: '1', price: '1400.00', total: '1400.00', taxRate: '0' }],
      recipient: { name: 'Blue Reef Travel' },
    });
    await smtp.close();
    const before = smtp.received.length;
    const answer = ok(await t.post(`/api/bookings/${own}/sendInvoice`, staff));
    expect(answer.queued).toBe(1);
    const id = answer.items[0].mailId as number;
    const now = new Date(Date.now() + 1000);

    expect(await t.app.mailWorker.runOnce(now)).toEqual({ sent: 0, failed: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    // not due yet: nothing is claimed
    expect(await t.app.mailWorker.runOnce(now)).toEqual({ sent: 0, failed: 0 });
    expect(await t.app.mailWorker.runOnce(new Date(now.getTime() + 31_000))).toEqual({ sent: 0, failed: 1 });
    expect((await row(id)).nextAttemptAt.getTime()).toBe(now.getTime() + 31_000 + 60_000);

    smtp = await startSmtpServer(port);
    expect(await t.app.mailWorker.runOnce(new Date(now.getTime() + HOUR))).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.mailWorker.runOnce(new Date(now.getTime() + 2 * HOUR))).toEqual({
      sent: 0,
      failed: 0,
    });
    const [mail] = await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    expect(before).toBe(1);
    expect(mail?.subject).toBe('Ihre Rechnung zur Buchung B-MAIL-1');
    expect(mail?.text).toContain('http://atoll.test/invoice/tok-mail-test');
    expect(mail?.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3 });
    smtp.received.length = 0;
  });

  it('gives up after the maximum attempts with the last error', async () => {
    const config = { ...t.config, smtpUrl: 'smtp://127.0.0.1:9?ignoreTLS=true' };
    const db = t.database.db;
    const worker = createMailWorker({
      db,
      config,
      log: t.app.log,
      documents: createDocumentsService({
        db,
        config,
        repository: createDocumentsRepository(),
        payments: createPaymentsRepository(),
      }),
      retry: { baseMs: 1000, maxMs: 1000, maxAttempts: 2 },
    });
    const mail = ok(
      await t.post('/api/mailqueue', admin, { to: 'x@example.test', subject: 'S', text: 'T' }),
      201,
    );
    const now = Date.now() + 1000;
    expect(await worker.runOnce(new Date(now))).toEqual({ sent: 0, failed: 1 });
    expect((await row(mail.id)).status).toBe('queued');
    expect(await worker.runOnce(new Date(now + 2000))).toEqual({ sent: 0, failed: 1 });
    const failed = await row(mail.id);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    // plan: sends it again now (attempts from zero)
    const planned = ok(await t.post(`/api/mailqueue/${mail.id}/plan`, admin, {}));
    expect(planned).toMatchObject({ status: 'queued', attempts: 0, folder: 'outbox' });
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 1, failed: 0 });
    await smtp.waitFor(1);
    smtp.received.length = 0;
  });
});

describe('two instances', () => {
  it('never send one row twice', async () => {
    let other: { app: FastifyInstance; database?: Database };
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const result = (await t.database.db.execute('select current_database() as name')) as unknown as {
        rows: { name: string }[];
      };
      const target = new URL(url);
      target.pathname = `/${result.rows[0]?.name}`;
      const database = await openPostgres(target.toString(), 5);
      other = { app: await buildApp({ database, config: t.config, version: 'x' }), database };
    } else {
      other = { app: await buildApp({ database: t.database, config: t.config, version: 'x' }) };
    }
    await other.app.ready();
    try {
      const n = 24;
      for (let i = 0; i < n; i++) {
        ok(
          await t.post('/api/mailqueue', admin, {
            to: `guest${i}@example.test`,
            subject: `Mail ${i}`,
            text: 'Hi',
          }),
          201,
        );
      }
      const results = await Promise.all([
        t.app.mailWorker.runOnce(),
        other.app.mailWorker.runOnce(),
        t.app.mailWorker.runOnce(),
        other.app.mailWorker.runOnce(),
      ]);
      expect(results.reduce((s, r) => s + r.sent, 0)).toBe(n);
      const received = await smtp.waitFor(n);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toHaveLength(n);
      expect(new Set(received.map((m) => m.subject)).size).toBe(n);
      smtp.received.length = 0;
    } finally {
      await other.app.close();
      await other.database?.close();
    }
  });
});

describe('agents', () => {
  it('send for their own agency’s bookings only', async () => {
    const mine = ok(await t.post('/api/bookings/sendMail', agent, { bookingId: own, state: 'planned' }));
    expect(mine.queued).toBe(1);
    expectError(
      await t.post('/api/bookings/sendMail', agent, { bookingId: foreign, state: 'planned' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.post('/api/bookings/sendMail', agent, { bookingIds: [own, foreign], state: 'planned' }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.post(`/api/bookings/${foreign}/sendInvoice`, agent), 404, 'NOT_FOUND');
    // nothing of the refused call was written
    const rows = await t.database.db.select().from(mailQueue).where(eq(mailQueue.bookingId, foreign));
    expect(rows).toHaveLength(0);
  });

  it('send templates to the booking’s own addresses only: no recipients, subject or text of their own', async () => {
    const before = await t.database.db.select().from(mailQueue).where(eq(mailQueue.bookingId, own));
    const relay = Array.from({ length: 60 }, (_, i) => `victim${i}@example.test`).join(',');
    for (const body of [
      { bookingId: own, to: relay },
      { bookingId: own, state: 'planned', subject: 'You won' },
      { bookingId: own, state: 'planned', body: 'Click here' },
    ]) {
      expectError(await t.post('/api/bookings/sendMail', agent, body), 403, 'FORBIDDEN');
      expectError(await t.post('/api/bookings/sendGuestFormMail', agent, body), 403, 'FORBIDDEN');
    }
    expectError(
      await t.post(`/api/bookings/${own}/sendInvoice`, agent, { to: 'someone@example.test' }),
      403,
      'FORBIDDEN',
    );
    const after = await t.database.db.select().from(mailQueue).where(eq(mailQueue.bookingId, own));
    expect(after).toHaveLength(before.length);
  });
});

describe('throttle', () => {
  it('answers 429 with Retry-After once a user has sent its calls of the minute', async () => {
    const limited = await createTestApp({ config: { mailRateLimit: 2 } });
    try {
      const { agent: token } = await limited.demoTokens('agent');
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.post('/api/bookings/sendMail', token, { bookingId: 999_999 });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expectError(res, 429, 'TOO_MANY_REQUESTS');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('texts', () => {
  it('a text written now, escaped in HTML, with unknown placeholders left visible', async () => {
    const answer = ok(
      await t.post('/api/bookings/sendMail', staff, {
        bookingId: foreign,
        to: 'office@example.test',
        subject: 'About {{bookingNo}}',
        body: 'Dear {{guestName}} <b>{{unknown}}</b>, open {{openAmount}}',
      }),
    );
    const mail = await row(answer.items[0].mailId);
    expect(mail).toMatchObject({ to: 'office@example.test', subject: 'About R-MAIL-2' });
    expect(mail.text).toBe('Dear Maria Sommer <b>{{unknown}}</b>, open €0.00');
    expect(mail.html).toContain('Dear Maria Sommer &lt;b&gt;{{unknown}}&lt;/b&gt;');
    ok(await t.post(`/api/mailqueue/${mail.id}`, staff, { status: 'cancelled' }));
    expect(ok(await t.get(`/api/mailqueue/${mail.id}`, staff)).folder).toBe('failed');
  });

  it('a template without a text for its state answers 409', async () => {
    const tpl = ok(await t.get('/api/mail/template/byState/guestform?language=de', admin))[0];
    ok(await t.post(`/api/mail/template/${tpl.id}`, admin, { isActive: false }));
    const en = ok(await t.get('/api/mail/template/byState/guestform', admin))[0];
    ok(await t.post(`/api/mail/template/${en.id}`, admin, { isActive: false }));
    expectError(
      await t.post('/api/bookings/sendGuestFormMail', staff, { bookingId: own }),
      409,
      'INVALID_STATE',
    );
    ok(await t.post(`/api/mail/template/${tpl.id}`, admin, { isActive: true }));
    const sent = ok(await t.post('/api/bookings/sendGuestFormMail', staff, { bookingId: own }));
    const mail = await row(sent.items[0].mailId);
    // The lead guest's multi-guest page with the form's 192-bit token (guest forms module).
    expect(mail.text).toMatch(/http:\/\/atoll\.test\/guestform-m\/\d+\/[\w-]{32}/);
  });
});

describe('departures', () => {
  it('mails every guest with an address on the departure once', async () => {
    const [schedule] = await t.database.db.select().from(schedules).limit(1);
    const [cabin] = ids.cabins;
    if (!schedule || !cabin) throw new Error('demo schedule missing');
    await insertBooking(t.database.db, {
      type: 'vessel',
      vesselId: schedule.vesselId,
      scheduleId: schedule.id,
      state: 'confirmed',
      bookingNo: 'B-TRIP-1',
      from: schedule.from,
      to: schedule.to,
      customerId: ids.mariaId,
      rooms: [
        {
          roomId: cabin.id,
          scheduleId: schedule.id,
          guests: [{ customerId: ids.mariaId }, { name: 'No Mail' }],
        } as never,
      ],
    });
    const body = { subject: 'Boarding {{bookingNo}}', body: 'Dear {{guestName}}, boarding at 8.' };
    const answer = ok(await t.post(`/api/schedules/${schedule.id}/sendMail`, staff, body));
    expect(answer).toMatchObject({ queued: 1, duplicates: 0 });
    expect(ok(await t.post(`/api/schedules/${schedule.id}/sendMail`, staff, body)).duplicates).toBe(1);
    expectError(await t.post('/api/schedules/999999/sendMail', staff, body), 404, 'NOT_FOUND');
  });
});

describe('mailbox', () => {
  it('shows the queue as folders, with bodies, counts and delete', async () => {
    const folders = ok(await t.get('/api/mail/folders', admin));
    expect(folders.map((f: { name: string }) => f.name)).toEqual(['outbox', 'sent', 'failed']);
    const sentFolder = ok(await t.get('/api/mail/sent', admin));
    expect(sentFolder.total).toBeGreaterThanOrEqual(3);
    const page = ok(await t.get('/api/mail/sent/mail?page=1&size=2', admin));
    expect(page.data).toHaveLength(2);
    expect(page.total).toBe(sentFolder.total);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/mail/sent/mail',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-total-count']).toBe(String(sentFolder.total));
    const first = page.data[0];
    const body = ok(await t.get(`/api/mail/sent/mail/${first.id}/body`, admin));
    expect(body.subject).toBe(first.subject);
    expect(ok(await t.get(`/api/mail/${first.id}`, admin))).toMatchObject({ id: first.id, folder: 'sent' });
    expectError(await t.get(`/api/mail/outbox/mail/${first.id}/body`, admin), 404, 'NOT_FOUND');
    ok(await t.del(`/api/mail/sent/mail/${first.id}`, admin));
    expect(ok(await t.get('/api/mail/sent', admin)).total).toBe(sentFolder.total - 1);
  });

  it('counts per status and day', async () => {
    const stats = ok(await t.get('/api/mailqueue/statistics?days=7', staff));
    expect(stats.byStatus.sent).toBeGreaterThan(0);
    expect(stats.byDay.length).toBeGreaterThan(0);
    expect(Object.keys(stats.byStatus).sort()).toEqual(['cancelled', 'failed', 'queued', 'sending', 'sent']);
  });
});

describe('automatic state mails', () => {
  it('are off by default; switched on, a booking created as confirmed queues its confirmation once', async () => {
    const [, , room3, room4] = ids.rooms;
    if (!room3 || !room4) throw new Error('demo rooms missing');
    const create = (roomId: number, from: string, to: string) =>
      t.post('/api/bookings', admin, {
        state: 'confirmed',
        language: 'en',
        force: true,
        customerId: ids.mariaId,
        rooms: [{ roomId, from, to, guests: [{ name: 'Auto Mail', gender: 'f', age: 30 }] }],
      });
    const quiet = ok(await create(room3.id, '2032-05-01', '2032-05-05'), 201);
    expect(
      await t.database.db.select().from(mailQueue).where(eq(mailQueue.bookingId, quiet.id)),
    ).toHaveLength(0);

    ok(await t.post('/api/settings/group/booking', admin, { stateMails: true }));
    const booked = ok(await create(room4.id, '2032-06-01', '2032-06-05'), 201);
    const rows = await t.database.db.select().from(mailQueue).where(eq(mailQueue.bookingId, booked.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      dedupKey: `booking:${booked.id}:confirmed:v1`,
      to: 'customer@example.com',
      subject: `Booking confirmation ${booked.bookingNo}`,
      status: 'queued',
    });
    // the office's "send the confirmation" afterwards is the same event: nothing new
    const again = ok(
      await t.post('/api/bookings/sendMail', staff, { bookingId: booked.id, state: 'confirmed' }),
    );
    expect(again).toMatchObject({ queued: 0, duplicates: 1 });
    ok(await t.post('/api/settings/group/booking', admin, { stateMails: false }));
  });
});
