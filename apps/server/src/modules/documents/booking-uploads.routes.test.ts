// Files kept with a booking (POST /api/bookings/{bookingId}/upload, the delete of an upload): images and PDFs only,
// optimize re-encodes an image, the bytes and type come back on download, listed with the kept documents; the
// office and the booking's agent upload, another agency's booking answers 404; the booking's customer reads its
// kept documents but not its uploads; a kept document cannot be deleted.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, type TWorld, tripBody } from '../../../test/booking-test-world.ts';
import { bearer, expectError } from '../../../test/harness.ts';
import { multipartFile } from '../../../test/png.ts';
import { users } from '../../db/schema.ts';

let w: TWorld;
let office: { id: number };
let agents: { id: number };

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const upload = (
  bookingId: number,
  data: Buffer,
  opts: { token?: string | undefined; optimize?: string; name?: string } = {},
) => {
  const form = multipartFile('file', opts.name ?? 'scan.bin', 'application/octet-stream', data);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/upload?optimize=${opts.optimize ?? '0'}`,
    payload: form.payload,
    headers: { ...form.headers, ...(opts.token === undefined ? {} : bearer(opts.token)) },
  });
};
const download = (bookingId: number, documentId: number, token: string) =>
  w.t.app.inject({
    method: 'GET',
    url: `/api/bookings/${bookingId}/documents/${documentId}`,
    headers: bearer(token),
  });
/** A photo-like JPEG with GPS-free noise, larger than the optimized edge. */
const photo = async () => {
  const [width, height] = [2600, 1200];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
};

beforeAll(async () => {
  w = await bookingWorld();
  office = ok(
    await w.t.post(
      '/api/bookings',
      w.tokens.staff,
      tripBody(await w.cabin(), w.departure, { state: 'confirmed' }),
    ),
    201,
  );
  agents = ok(
    await w.t.post(
      '/api/bookings',
      w.tokens.agent,
      tripBody(await w.cabin(), w.departure, { state: 'planned' }),
    ),
    201,
  );
});
afterAll(() => w?.t.close());

describe('uploading', () => {
  it('keeps a PDF with the booking, listed with its documents and downloaded as it was sent', async () => {
    const res = await upload(office.id, pdf, {
      token: w.tokens.staff,
      name: 'C:\\scans\\Flugticket Łukasz.pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      kind: 'upload',
      name: 'Flugticket Łukasz.pdf',
      mime: 'application/pdf',
      size: pdf.length,
    });
    const list = ok(await w.t.get(`/api/bookings/${office.id}/documents`, w.tokens.staff));
    expect(list.map((d: { id: number }) => d.id)).toContain(doc.id);
    const file = await download(office.id, doc.id, w.tokens.staff);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('shrinks an image when asked: at most 2000 px, still a JPEG', async () => {
    const original = await photo();
    const res = await upload(office.id, original, {
      token: w.tokens.staff,
      optimize: '1',
      name: 'passport.jpg',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc.mime).toBe('image/jpeg');
    const file = await download(office.id, doc.id, w.tokens.staff);
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2000);
    const kept = await upload(office.id, original, { token: w.tokens.staff, name: 'passport-full.jpg' });
    const full = await download(office.id, kept.json().id, w.tokens.staff);
    expect(full.rawPayload.equals(original)).toBe(true);
  });

  it('refuses other files, empty and missing ones, and bad parameters', async () => {
    expectError(
      await upload(office.id, Buffer.from('<script>alert(1)</script>'), { token: w.tokens.staff }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await upload(office.id, Buffer.alloc(0), { token: w.tokens.staff }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await w.t.post(`/api/bookings/${office.id}/upload`, w.tokens.staff, { file: 'x' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await upload(office.id, pdf, { token: w.tokens.staff, optimize: '2' }),
      400,
      'ValidationError',
    );
    expectError(await upload(0, pdf, { token: w.tokens.staff }), 400, 'ValidationError');
    expectError(await upload(999_999, pdf, { token: w.tokens.staff }), 404, 'NOT_FOUND');
    expect(await w.count('booking_documents', `booking_id = ${office.id} and kind = 'upload'`)).toBe(3);
  });
});

describe('who may', () => {
  it('needs a login; customers and readers only read', async () => {
    expectError(await upload(office.id, pdf), 401, 'UNAUTHORIZED');
    expectError(await upload(office.id, pdf, { token: w.tokens.customer }), 403, 'FORBIDDEN');
    const reader = await w.t.account('upload-reader@example.com', ['bookings.read']);
    expectError(await upload(office.id, pdf, { token: reader }), 403, 'FORBIDDEN');
  });

  it('lets an agent keep files with its agency’s bookings only, and delete its own', async () => {
    expectError(await upload(office.id, pdf, { token: w.tokens.agent }), 404, 'NOT_FOUND');
    const res = await upload(agents.id, pdf, { token: w.tokens.agent, name: 'voucher.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const mine = res.json();
    const staffs = (await upload(agents.id, pdf, { token: w.tokens.staff, name: 'office.pdf' })).json();
    expectError(
      await w.t.del(`/api/bookings/${agents.id}/documents/${staffs.id}`, w.tokens.agent),
      403,
      'FORBIDDEN',
    );
    expectError(
      await w.t.del(`/api/bookings/${office.id}/documents/${staffs.id}`, w.tokens.agent),
      404,
      'NOT_FOUND',
    );
    ok(await w.t.del(`/api/bookings/${agents.id}/documents/${mine.id}`, w.tokens.agent));
    const left = ok(await w.t.get(`/api/bookings/${agents.id}/documents`, w.tokens.agent)).map(
      (d: { id: number }) => d.id,
    );
    expect(left).toEqual([staffs.id]);
    expectError(await download(agents.id, mine.id, w.tokens.agent), 404, 'NOT_FOUND');
  });
});

describe('the guest', () => {
  it('reads the booking’s kept documents but not the files uploaded to it', async () => {
    const [me] = await w.db
      .select({ id: users.customerId })
      .from(users)
      .where(eq(users.email, 'customer@example.com'));
    const own = ok(
      await w.t.post(
        '/api/bookings',
        w.tokens.staff,
        tripBody(await w.cabin(), w.departure, { state: 'confirmed', customerId: me?.id }),
      ),
      201,
    );
    const stored = ok(
      await w.t.post(`/api/bookings/${own.id}/store`, w.tokens.staff, {
        template: 'confirmation',
        store: true,
      }),
      201,
    );
    const scan = (
      await upload(own.id, pdf, { token: w.tokens.staff, name: 'passport-other-guest.pdf' })
    ).json();
    const seen = ok(await w.t.get(`/api/bookings/${own.id}/documents`, w.tokens.customer)).map(
      (d: { id: number }) => d.id,
    );
    expect(seen).toEqual([stored.document.id]);
    expectError(await download(own.id, scan.id, w.tokens.customer), 404, 'NOT_FOUND');
    expect((await download(own.id, stored.document.id, w.tokens.customer)).statusCode).toBe(200);
    expect((await download(own.id, scan.id, w.tokens.staff)).statusCode).toBe(200);
  });
});

describe('deleting', () => {
  it('removes an upload with its bytes; a kept document stays', async () => {
    const stored = ok(
      await w.t.post(`/api/bookings/${office.id}/store`, w.tokens.staff, {
        template: 'confirmation',
        store: true,
      }),
      201,
    );
    expectError(
      await w.t.del(`/api/bookings/${office.id}/documents/${stored.document.id}`, w.tokens.staff),
      409,
      'INVALID_STATE',
    );
    const doc = (await upload(office.id, pdf, { token: w.tokens.staff, name: 'old.pdf' })).json();
    const files = await w.count('stored_files');
    ok(await w.t.del(`/api/bookings/${office.id}/documents/${doc.id}`, w.tokens.staff));
    expect(await w.count('stored_files')).toBe(files - 1);
    expectError(
      await w.t.del(`/api/bookings/${office.id}/documents/${doc.id}`, w.tokens.staff),
      404,
      'NOT_FOUND',
    );
  });
});
