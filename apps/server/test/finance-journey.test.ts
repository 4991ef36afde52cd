import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../src/db/schema.ts';
import { createTestApp, type TTestApp } from './harness.ts';
import { pdfText } from './pdf-text.ts';
import { startSmtpServer } from './smtp.ts';
import { demoIds } from './test-bookings.ts';

/**
 * The finance path end to end, in one line of events on one booking: a guest's bank transfer arrives in a bank
 * statement, the CSV import matches it to the booking by its number and amount and the balance reaches zero;
 * the invoice's PDF shows the tax breakdown; the confirmation mail, queued once, arrives exactly once with the
 * PDF attached although the SMTP server was down at the first attempt and a worker died in the middle of
 * sending the next mail; the demo agent sees none of it.
 */

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let staff: string;
let agent: string;

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const german = (amount: string) => amount.replace('.', ',');

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Atoll <office@atoll.test>' } });
  ({ staff, agent } = await t.demoTokens('staff', 'agent'));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('a booking paid by bank transfer, invoiced and confirmed by mail', () => {
  it('goes from open to paid, invoice and mail, exactly once each', async () => {
    const ids = await demoIds(t.database.db);
    const room = ids.rooms[3];
    if (!room) throw new Error('demo rooms missing');
    const booking = ok(
      await t.post('/api/bookings', staff, {
        state: 'confirmed',
        language: 'de',
        rooms: [
          {
            roomId: room.id,
            from: day(150),
            to: day(154),
            guests: [{ customerId: ids.mariaId }, { age: 40 }],
          },
        ],
      }),
      201,
    );
    expect(booking).toMatchObject({ paymentStatus: 'not_paid', paid: '0.00' });
    expect(Number(booking.openAmount)).toBeGreaterThan(0);

    // The statement: the guest paid everything, the reference names the booking number.
    const bank = ok(await t.get('/api/banks?search=Hausbank', staff)).data[0];
    const csv = [
      'Buchungstag;Betrag;Währung;Name Zahlungsbeteiligter;Verwendungszweck;Buchungsreferenz',
      `${day(0).split('-').reverse().join('.')};${german(booking.openAmount)};EUR;Maria Sommer;Buchung ${booking.bookingNo} Danke;JOURNEY-1`,
    ].join('\n');
    const imported = ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/banks/${bank.id}/import/csv`,
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'text/csv' },
        payload: csv,
      }),
    );
    expect(imported).toMatchObject({ imported: 1, assigned: 1 });
    const paid = ok(await t.get(`/api/bookings/${booking.id}`, staff));
    expect(paid).toMatchObject({ paymentStatus: 'paid', openAmount: '0.00', paid: booking.openAmount });
    expect(paid.calculation.filter((l: { type: string }) => l.type === 'payment')).toHaveLength(1);

    // The invoice, frozen, with its tax breakdown.
    const issued = ok(await t.post(`/api/bookings/${booking.id}/store`, staff, { template: 'invoice' }), 201);
    const invoice = ok(await t.get(`/api/invoices/${issued.invoiceId}`, staff));
    expect(invoice.taxBreakdown.length).toBeGreaterThan(0);
    const pdf = await t.get(`/api/invoices/${issued.invoiceId}/pdf`, staff);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).toContain(booking.bookingNo);
    expect(text).toMatch(/USt/);

    // The confirmation mail: the SMTP server is down at the first attempt, back for the retry.
    const port = Number(new URL(smtp.url).port);
    const sent = ok(
      await t.post('/api/bookings/sendMail', staff, { bookingId: booking.id, state: 'confirmed' }),
    );
    expect(sent).toMatchObject({ queued: 1 });
    await smtp.close();
    const now = Date.now();
    expect(await t.app.mailWorker.runOnce(new Date(now))).toEqual({ sent: 0, failed: 1 });
    smtp = await startSmtpServer(port);
    expect(await t.app.mailWorker.runOnce(new Date(now + 31_000))).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toContain(booking.bookingNo);
    const attached = mail?.attachments.find((a) => a.contentType === 'application/pdf');
    expect(await pdfText(attached?.content as Buffer)).toContain(booking.bookingNo);

    // The invoice mail: a worker claims it and dies before sending; when its lock runs out another one
    // sends it, once.
    const invoiceMail = ok(await t.post(`/api/bookings/${booking.id}/sendInvoice`, staff, {}));
    const mailId = (invoiceMail.items?.[0]?.mailId ?? invoiceMail.mailId) as number;
    await t.database.db
      .update(mailQueue)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(now + 60_000) })
      .where(eq(mailQueue.id, mailId));
    expect(await t.app.mailWorker.runOnce(new Date(now + 40_000))).toEqual({ sent: 0, failed: 0 });
    expect(await t.app.mailWorker.runOnce(new Date(now + 120_000))).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.mailWorker.runOnce(new Date(now + 7_200_000))).toEqual({ sent: 0, failed: 0 });
    await smtp.waitFor(2);
    expect(smtp.received).toHaveLength(2);

    // The demo agent (another agency's) sees nothing of it.
    const payments = ok(await t.get('/api/payments?size=0', agent));
    expect(payments.data.some((p: { bookingId: number }) => p.bookingId === booking.id)).toBe(false);
    const invoices = ok(await t.get('/api/invoices?size=0', agent));
    expect(invoices.data.some((i: { bookingId: number }) => i.bookingId === booking.id)).toBe(false);
    expect((await t.get(`/api/invoices/${issued.invoiceId}/pdf`, agent)).statusCode).toBe(404);
    expect((await t.get(`/api/bookings/${booking.id}`, agent)).statusCode).toBe(404);
  });
});
