// Media library: records and folders, upload with optimize, served files with caching, usage checks.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { multipartFile, solidPng } from '../../../test/png.ts';
import { media, mediaData, resorts, vesselDecks, vessels } from '../../db/schema.ts';
import { storeMedia } from './media.service.ts';

let t: TTestApp;
let editor: string;
let reader: string;
/** Logged in, but without any media scope. */
let outsider: string;

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.account('media-editor@example.com', [
    'media.read',
    'media.create',
    'media.update',
    'media.delete',
  ]);
  reader = await t.account('media-reader@example.com', ['media.read']);
  outsider = await t.account('no-media@example.com', ['bookings.read']);
}, 60_000);
afterAll(() => t.close());

const upload = (
  id: number,
  data: Buffer,
  opts: { token?: string; optimize?: string; type?: string } = {},
) => {
  const form = multipartFile('file', 'photo.bin', opts.type ?? 'application/octet-stream', data);
  return t.app.inject({
    method: 'POST',
    url: `/api/media/${id}/data?optimize=${opts.optimize ?? '0'}`,
    payload: form.payload,
    headers: { ...form.headers, ...(opts.token === undefined ? bearer(editor) : bearer(opts.token)) },
  });
};

const createMedia = async (body: Record<string, unknown> = {}) => {
  const res = await t.post('/api/media', editor, { name: 'Reef', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

/** A record with a file: created, then uploaded. */
const uploaded = async (data: Buffer, body: Record<string, unknown> = {}, optimize = '0') => {
  const id = await createMedia(body);
  const res = await upload(id, data, { optimize });
  expect(res.statusCode, res.body).toBe(200);
  return id;
};

/** A photo-like JPEG: noise so that the encoder has real work, with an EXIF orientation when asked. */
const noiseJpeg = async (width: number, height: number, orientation?: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 95 }).toBuffer();
};

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('access', () => {
  it('needs a login and the media scopes', async () => {
    expectError(await t.get('/api/media'), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/media', outsider), 403, 'FORBIDDEN');
    expectError(await t.get('/api/mediafolder', outsider), 403, 'FORBIDDEN');
    expectError(await t.get('/api/media/images', outsider), 403, 'FORBIDDEN');
    expectError(await t.get('/api/media/type'), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/media', reader, { name: 'x' }), 403, 'FORBIDDEN');
    expectError(
      await t.post('/api/media/moveMediaToFolder', reader, { ids: [1], folderId: null }),
      403,
      'FORBIDDEN',
    );
    const id = await createMedia();
    expectError(await upload(id, solidPng(4, 4), { token: reader }), 403, 'FORBIDDEN');
    const anonymous = multipartFile('file', 'a.png', 'image/png', solidPng(4, 4));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/media/${id}/data`,
      payload: anonymous.payload,
      headers: anonymous.headers,
    });
    expectError(res, 401, 'UNAUTHORIZED');
    expectError(await t.del(`/api/media/${id}`, reader), 403, 'FORBIDDEN');
  });

  it('refuses bad input with 400', async () => {
    expectError(await t.post('/api/media', editor, { name: '' }), 400, 'ValidationError');
    expectError(await t.post('/api/media', editor, { name: 'x', folderId: 999_999 }), 400, 'ValidationError');
    expectError(await t.post('/api/mediafolder', editor, { name: ' ' }), 400, 'ValidationError');
    expectError(
      await t.post('/api/media/moveMediaToFolder', editor, { ids: [], folderId: null }),
      400,
      'ValidationError',
    );
    expectError(await t.post('/api/media/moveMediaToFolder', editor, { ids: [1] }), 400, 'ValidationError');
    const id = await createMedia();
    expectError(await upload(id, solidPng(4, 4), { optimize: '2' }), 400, 'ValidationError');
    expectError(await upload(id, solidPng(4, 4), { optimize: 'true' }), 400, 'ValidationError');
    expectError(await t.get(`/api/media/${id}/data?thumb=yes`), 400, 'ValidationError');
    expectError(await t.get('/api/media/images?size=0', editor), 400, 'ValidationError');
  });

  it('answers 404 for unknown media, files not yet uploaded and uploads to unknown records', async () => {
    expectError(await t.get('/api/media/999999/data'), 404, 'NOT_FOUND');
    expectError(await t.get('/api/media/getWithData/999999', reader), 404, 'NOT_FOUND');
    expectError(await upload(999_999, solidPng(4, 4)), 404, 'NOT_FOUND');
    const id = await createMedia();
    expectError(await t.get(`/api/media/${id}/data`), 404, 'NOT_FOUND');
    expect((await t.get(`/api/media/getWithData/${id}`, reader)).json()).toMatchObject({ id, data: null });
  });
});

describe('upload', () => {
  it('refuses files over 10 MB with 413 and unknown types with 415', async () => {
    const id = await createMedia();
    const big = Buffer.concat([solidPng(4, 4), Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await upload(id, big), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await upload(id, Buffer.from('just some text, not an image')), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // The claimed type does not count, only the bytes.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expectError(await upload(id, svg, { type: 'image/png' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Right signature, broken image.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    expectError(await upload(id, broken), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const json = await t.post(`/api/media/${id}/data`, editor, { data: 'x' });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Only multipart may be large: a JSON body keeps the app's 1 MB limit.
    const hugeJson = await t.post(`/api/media/${id}/data`, editor, { data: 'x'.repeat(2 * 1024 * 1024) });
    expectError(hugeJson, 413, 'PAYLOAD_TOO_LARGE');
    const row = (await t.get(`/api/media/${id}`, reader)).json();
    expect(row).toMatchObject({ checksum: null, size: 0 });
  });

  it('optimize=1 shrinks a large photo to 2000 px, strips metadata and makes a webp thumbnail', async () => {
    const original = await noiseJpeg(3000, 2000);
    const id = await createMedia({ name: 'Big reef' });
    const res = await upload(id, original, { optimize: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({ type: 'image', mime: 'image/jpeg', width: 2000, height: 1333 });
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    const file = await t.get(`/api/media/${id}/data`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.length).toBe(row.size);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1333]);
    const thumb = await t.get(`/api/media/${id}/data?thumb=1`);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 400, height: 266 });
  });

  it('turns a photo upright by its EXIF orientation, and reports the upright size without optimizing', async () => {
    const sideways = await noiseJpeg(300, 100, 6);
    const kept = await uploaded(sideways, {}, '0');
    expect((await t.get(`/api/media/${kept}`, reader)).json()).toMatchObject({ width: 100, height: 300 });
    // Unchanged bytes when not optimizing.
    expect((await t.get(`/api/media/${kept}/data`)).rawPayload.equals(sideways)).toBe(true);

    const fixed = await uploaded(sideways, {}, '1');
    const bytes = (await t.get(`/api/media/${fixed}/data`)).rawPayload;
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([100, 300, undefined]);
    expect(meta.exif).toBeUndefined();
  });

  it('keeps PNG as PNG, accepts WebP and GIF, stores PDF as a document without a thumbnail', async () => {
    const png = await uploaded(solidPng(2400, 100), {}, '1');
    expect((await t.get(`/api/media/${png}`, reader)).json()).toMatchObject({
      mime: 'image/png',
      width: 2000,
      height: 83,
    });
    const webp = await sharp(solidPng(20, 10)).webp().toBuffer();
    const gif = await sharp(solidPng(20, 10)).gif().toBuffer();
    for (const [data, mime] of [
      [webp, 'image/webp'],
      [gif, 'image/gif'],
    ] as const) {
      const id = await uploaded(data, {}, '1');
      expect((await t.get(`/api/media/${id}`, reader)).json()).toMatchObject({ mime, width: 20, height: 10 });
    }
    const doc = await uploaded(pdf, { name: 'Brochure' });
    expect((await t.get(`/api/media/${doc}`, reader)).json()).toMatchObject({
      type: 'document',
      mime: 'application/pdf',
      width: null,
      size: pdf.length,
    });
    const served = await t.get(`/api/media/${doc}/data`);
    expect(served.headers['content-type']).toBe('application/pdf');
    // A user's PDF is a download and sandboxed, never a page of the app's origin; a photo stays inline.
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;/);
    const photo = await uploaded(gif, {}, '1');
    expect((await t.get(`/api/media/${photo}/data`)).headers['content-disposition']).toMatch(/^inline;/);
    expectError(await t.get(`/api/media/${doc}/data?thumb=1`), 404, 'NOT_FOUND');
  });

  it('replaces the file of a record: new checksum, new size', async () => {
    const id = await uploaded(solidPng(10, 10));
    const first = (await t.get(`/api/media/${id}`, reader)).json();
    const res = await upload(id, solidPng(30, 20, [200, 0, 0]));
    expect(res.json()).toMatchObject({ width: 30, height: 20 });
    expect(res.json().checksum).not.toBe(first.checksum);
    const stored = await t.database.db.select().from(mediaData).where(eq(mediaData.mediaId, id));
    expect(stored).toHaveLength(1);
  });
});

describe('serving files', () => {
  it('sends ETag and public caching, and 304 when If-None-Match still matches', async () => {
    const png = solidPng(12, 12);
    const id = await uploaded(png);
    const res = await t.get(`/api/media/${id}/data`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const again = await t.get(`/api/media/${id}/data`, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const thumb = await t.get(`/api/media/${id}/data?thumb=1`, undefined, { 'if-none-match': etag });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers.etag).not.toBe(etag);
    const stale = await t.get(`/api/media/${id}/data`, undefined, { 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves non-public files only with media.read, never cached publicly', async () => {
    const id = await uploaded(solidPng(8, 8), { isPublic: false });
    expectError(await t.get(`/api/media/${id}/data`), 401, 'UNAUTHORIZED');
    expectError(await t.get(`/api/media/${id}/data?thumb=1`), 401, 'UNAUTHORIZED');
    expectError(await t.get(`/api/media/${id}/data`, outsider), 403, 'FORBIDDEN');
    const res = await t.get(`/api/media/${id}/data`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // Making it public opens it to everyone.
    expect((await t.post(`/api/media/${id}`, editor, { isPublic: true })).statusCode).toBe(200);
    expect((await t.get(`/api/media/${id}/data`)).statusCode).toBe(200);
  });

  it('getWithData answers the record and its file as base64', async () => {
    const png = solidPng(6, 6);
    const id = await uploaded(png, { caption: { de: 'Riff', en: 'Reef' } });
    const res = await t.get(`/api/media/getWithData/${id}`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, caption: { de: 'Riff', en: 'Reef' }, mime: 'image/png' });
    expect(Buffer.from(res.json().data, 'base64').equals(png)).toBe(true);
  });
});

describe('library', () => {
  it('lists images by folder and search without documents, counts types, never sends bytes', async () => {
    const folder = (await t.post('/api/mediafolder', editor, { name: 'Lagoon' })).json().id as number;
    const inFolder = await uploaded(solidPng(5, 5), { name: 'Lagoon sunset', folderId: folder });
    await uploaded(pdf, { name: 'Lagoon map', folderId: folder });
    const images = (await t.get(`/api/media/images?folderId=${folder}`, reader)).json();
    expect(images.data.map((m: { id: number }) => m.id)).toEqual([inFolder]);
    expect(images).toMatchObject({ total: 1, page: 1 });
    expect(images.data[0]).not.toHaveProperty('data');
    const found = (await t.get('/api/media/images?search=sunset', reader)).json();
    expect(found.data.map((m: { id: number }) => m.id)).toEqual([inFolder]);
    const loose = (await t.get('/api/media/images?folderId=0&size=500', reader)).json();
    expect(loose.data.every((m: { folderId: number | null }) => m.folderId === null)).toBe(true);

    const types = (await t.get('/api/media/type', reader)).json();
    const count = async (type: string) =>
      (await t.database.db.select().from(media).where(eq(media.type, type))).length;
    expect(types).toEqual([
      { type: 'image', count: await count('image') },
      { type: 'document', count: await count('document') },
    ]);
    expect(types[1].count).toBeGreaterThan(0);
    const list = (await t.get('/api/media?filter={"type":"document"}', reader)).json();
    expect(list.total).toBe(types[1].count);
  });

  it('moves media to a folder and out of it again; unknown ids or folders move nothing', async () => {
    const folder = (await t.post('/api/mediafolder', editor, { name: 'Rooms' })).json().id as number;
    const a = await createMedia();
    const b = await createMedia();
    const move = (body: unknown) => t.post('/api/media/moveMediaToFolder', editor, body);
    expect((await move({ ids: [a, b], folderId: folder })).json()).toEqual({ ok: true });
    const folderOf = async (id: number) => (await t.get(`/api/media/${id}`, reader)).json().folderId;
    expect([await folderOf(a), await folderOf(b)]).toEqual([folder, folder]);
    expectError(await move({ ids: [a], folderId: 999_999 }), 404, 'NOT_FOUND');
    expectError(await move({ ids: [a, 999_999], folderId: null }), 404, 'NOT_FOUND');
    expect(await folderOf(a)).toBe(folder);
    expect((await move({ ids: [a], folderId: null })).statusCode).toBe(200);
    expect([await folderOf(a), await folderOf(b)]).toEqual([null, folder]);
  });

  it('deleting a folder deletes its subfolders and leaves their media in no folder', async () => {
    const top = (await t.post('/api/mediafolder', editor, { name: 'Top' })).json().id as number;
    const sub = (await t.post('/api/mediafolder', editor, { name: 'Sub', parentId: top })).json()
      .id as number;
    const id = await createMedia({ folderId: sub });
    // A folder cannot move below itself.
    expectError(await t.post(`/api/mediafolder/${top}`, editor, { parentId: sub }), 400, 'ValidationError');
    expectError(await t.post(`/api/mediafolder/${top}`, editor, { parentId: top }), 400, 'ValidationError');
    expect((await t.post(`/api/mediafolder/${sub}`, editor, { name: 'Renamed' })).json().name).toBe(
      'Renamed',
    );
    expect((await t.del(`/api/mediafolder/${top}`, editor)).statusCode).toBe(200);
    expectError(await t.get(`/api/mediafolder/${sub}`, reader), 404, 'NOT_FOUND');
    expect((await t.get(`/api/media/${id}`, reader)).json().folderId).toBeNull();
  });
});

describe('delete', () => {
  it('refuses with 409 IN_USE while a resort or deck plan shows the media, and says where', async () => {
    const id = await uploaded(solidPng(5, 5));
    const db = t.database.db;
    const [resort] = await db
      .insert(resorts)
      .values({ name: 'Coral Bay', images: [id] })
      .returning();
    const [vessel] = await db.insert(vessels).values({ name: 'MV Manta' }).returning();
    if (!resort || !vessel) throw new Error('setup');
    const [deck] = await db
      .insert(vesselDecks)
      .values({ vesselId: vessel.id, name: 'Main deck', planImage: id })
      .returning();
    if (!deck) throw new Error('setup');
    const res = await t.del(`/api/media/${id}`, editor);
    expectError(res, 409, 'IN_USE');
    expect(res.json().details).toEqual([
      { path: `resorts.${resort.id}`, code: 'IN_USE', message: 'Coral Bay' },
      { path: `vesselDecks.${deck.id}`, code: 'IN_USE', message: 'Main deck' },
    ]);
    await db.update(resorts).set({ images: [] }).where(eq(resorts.id, resort.id));
    await db.update(vesselDecks).set({ planImage: null }).where(eq(vesselDecks.id, deck.id));
    expect((await t.del(`/api/media/${id}`, editor)).statusCode).toBe(200);
    expectError(await t.get(`/api/media/${id}/data`), 404, 'NOT_FOUND');
    expect(await db.select().from(mediaData).where(eq(mediaData.mediaId, id))).toHaveLength(0);
  });
});

describe('storeMedia', () => {
  it('stores a generated image inside the caller transaction, optimized and with a thumbnail', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2600" height="1300"><rect width="2600" height="1300" fill="#0a7"/></svg>',
    );
    const data = await sharp(svg).jpeg().toBuffer();
    const row = await t.database.db.transaction((tx) =>
      storeMedia(tx, { name: 'Demo', data, optimize: true, caption: { en: 'Demo' } }),
    );
    expect(row).toMatchObject({ name: 'Demo', type: 'image', width: 2000, height: 1000, isPublic: true });
    expect((await t.get(`/api/media/${row.id}/data?thumb=1`)).statusCode).toBe(200);
  });
});
