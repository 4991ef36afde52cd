import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  bookingMailKey,
  fillHtml,
  fillSubject,
  fillText,
  folderOf,
  messageIdFor,
  unknownPlaceholders,
  ZSendBookingMail,
} from './mail.ts';

describe('placeholders', () => {
  it('fills known names, with or without spaces, and leaves unknown ones visible', () => {
    expect(
      fillText('Hi {{guestName}}, booking {{ bookingNo }}: {{nope}} {single}', {
        guestName: 'Maria',
        bookingNo: 'B-1',
      }),
    ).toBe('Hi Maria, booking B-1: {{nope}} {single}');
  });

  it('does not fill placeholders again inside values', () => {
    expect(fillText('{{a}}', { a: '{{b}}', b: 'x' })).toBe('{{b}}');
  });

  it('escapes the template and the values in HTML, keeps lines and links', () => {
    const html = fillHtml('Dear {{guestName}},\n<b>see</b> {{bookingLink}}\n\nBye', {
      guestName: '<script>alert(1)</script>',
      bookingLink: 'https://x.test/b?a=1&b=2',
    });
    expect(html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt;,<br>&lt;b&gt;see&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="https://x.test/b?a=1&amp;b=2">');
    expect(html).toContain('<p>Bye</p>');
  });

  it('keeps a subject on one line', () => {
    expect(fillSubject('Booking {{bookingNo}}', { bookingNo: 'B-1\r\nBcc: evil@x.test' })).toBe(
      'Booking B-1 Bcc: evil@x.test',
    );
  });

  it('lists unknown placeholder names once', () => {
    expect(unknownPlaceholders('{{bookingNo}} {{foo}} {{ foo }} {{bar}}')).toEqual(['foo', 'bar']);
  });
});

describe('retries and identity', () => {
  it('doubles the delay per attempt up to the maximum', () => {
    const opts = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 50].map((a) => backoffMs(a, opts))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('derives the Message-ID from the dedup key, else from the row id', () => {
    const key = bookingMailKey(12, 'confirmed', 3);
    expect(key).toBe('booking:12:confirmed:v3');
    expect(messageIdFor(key, 99, 'atoll.test')).toBe('<booking.12.confirmed.v3@atoll.test>');
    expect(messageIdFor(key, 100, 'atoll.test')).toBe(messageIdFor(key, 99, 'atoll.test'));
    expect(messageIdFor(null, 7, 'atoll.test')).toBe('<mail.7@atoll.test>');
  });

  it('puts statuses in folders', () => {
    expect(['queued', 'sending', 'sent', 'failed', 'cancelled'].map(folderOf)).toEqual([
      'outbox',
      'outbox',
      'sent',
      'failed',
      'failed',
    ]);
  });
});

describe('send body', () => {
  it('needs a booking and checks addresses', () => {
    expect(ZSendBookingMail.safeParse({ templateId: 1 }).success).toBe(false);
    expect(ZSendBookingMail.safeParse({ bookingId: 1, to: 'not-an-address' }).success).toBe(false);
    expect(ZSendBookingMail.safeParse({ bookingId: 1, to: 'a@x.test, b@y.test' }).success).toBe(true);
  });
});
