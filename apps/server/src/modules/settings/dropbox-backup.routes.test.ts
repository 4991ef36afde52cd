// Dropbox backups (docs/operations.md) with the official SDK against a local server speaking the Dropbox API
// contract (test/dropbox-fake.ts): the refresh token gets the access token, uploads keep the newest
// DROPBOX_KEEP, the listing pages through the cursor, a download restores, a failure of Dropbox is a 502 that
// changes nothing, and only administrators reach it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROPBOX, dropboxFake } from '../../../test/dropbox-fake.ts';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';

let t: TTestApp;
let admin: string;
let staff: string;
let fake: Awaited<ReturnType<typeof dropboxFake>>;
const dir = mkdtempSync(join(tmpdir(), 'atoll-dropbox-'));

beforeAll(async () => {
  fake = await dropboxFake();
  t = await createTestApp({
    config: { dataDir: dir, dropbox: { ...DROPBOX, folder: '/Atoll Backups', keep: 3, apiBase: fake.base } },
  });
  ({ admin, staff } = await t.demoTokens('admin', 'staff'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

type TBackup = { name: string; size: number; createdAt: string };

describe('Dropbox backups', () => {
  it('are for administrators only', async () => {
    expectError(await t.get('/api/settings/backup/dropbox', staff), 403, 'FORBIDDEN');
    expectError(await t.post('/api/settings/backup/dropbox', staff), 403, 'FORBIDDEN');
  });

  it('uploads, keeps the newest, lists and downloads', async () => {
    const empty = await t.get('/api/settings/backup/dropbox', admin);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(fake.state.grants).toBe(1);

    const made: { backup: TBackup; removed: string[] }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.post('/api/settings/backup/dropbox', admin);
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    expect(new Set(made.map((m) => m.backup.name)).size).toBe(4);
    // keep 3: the fourth upload removed the first.
    expect(made[3]?.removed).toEqual([made[0]?.backup.name]);
    const listed = (await t.get('/api/settings/backup/dropbox', admin)).json() as TBackup[];
    expect(listed.map((b) => b.name).sort()).toEqual(
      made
        .slice(1)
        .map((m) => m.backup.name)
        .sort(),
    );
    expect(fake.state.files.size).toBe(3);
    // Nothing was written locally.
    expect((await t.get('/api/settings/backup/local', admin)).json()).toEqual([]);

    const name = made[3]?.backup.name ?? '';
    const res = await t.get(`/api/settings/backup/dropbox/${name}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const stored = fake.state.files.get(`/atoll backups/${name}`);
    expect(res.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
    const file = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as {
      tables: Record<string, unknown[]>;
    };
    expect(file.tables.users?.length).toBeGreaterThan(0);

    expectError(
      await t.get('/api/settings/backup/dropbox/atoll-20990101-000000.json.gz', admin),
      404,
      'NOT_FOUND',
    );
    expectError(await t.get('/api/settings/backup/dropbox/..%2Fsecret', admin), 404, 'NOT_FOUND');
  });

  it('changes nothing when Dropbox fails', async () => {
    const before = [...fake.state.files.keys()].sort();
    fake.state.failNext = { path: '/files/upload', status: 429 };
    const res = await t.post('/api/settings/backup/dropbox', admin);
    expectError(res, 502, 'PROVIDER_UNAVAILABLE');
    expect(res.json().description).toContain('429');
    expect([...fake.state.files.keys()].sort()).toEqual(before);
    expect((await t.get('/api/settings/backup/local', admin)).json()).toEqual([]);
  });
});

describe('Dropbox not set up', () => {
  it('answers 409', async () => {
    const plain = await createTestApp({ config: { dataDir: dir } });
    try {
      const { admin: a } = await plain.demoTokens('admin');
      expectError(await plain.get('/api/settings/backup/dropbox', a), 409, 'PROVIDER_NOT_CONFIGURED');
      expectError(await plain.post('/api/settings/backup/dropbox', a), 409, 'PROVIDER_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});
