import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TTestApp } from '../../../test/harness.ts';
import { restoreBackup } from './backup.service.ts';

// Local backups (spec platform §7 Settings) and the restore round trip: a backup taken through
// the API and restored after changes gives back exactly the rows it held, on PGlite and on PostgreSQL; new
// rows after a restore get fresh ids; only administrators reach backups; odd names and files are refused.

let t: TTestApp;
let admin: string;
let staff: string;
const dir = mkdtempSync(join(tmpdir(), 'atoll-backup-'));

const count = async (table: string) => {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};
const download = async (name: string) => {
  const res = await t.get(`/api/settings/backup/local/${name}`, admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  return res.rawPayload;
};

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: dir } });
  ({ admin, staff } = await t.demoTokens('admin', 'staff'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backups', () => {
  it('are for administrators only', async () => {
    expectError(await t.post('/api/settings/backup'), 401, 'UNAUTHORIZED');
    expectError(await t.post('/api/settings/backup', staff), 403, 'FORBIDDEN');
    expectError(await t.get('/api/settings/backup/local', staff), 403, 'FORBIDDEN');
    expectError(
      await t.get('/api/settings/backup/local/atoll-20260101-000000.json.gz', staff),
      403,
      'FORBIDDEN',
    );
  });

  it('restore gives back exactly the rows of the backup, and ids go on after them', async () => {
    const customersBefore = await count('customers');
    const usersBefore = await count('users');
    const created = await t.post('/api/settings/backup', admin);
    expect(created.statusCode).toBe(201);
    const { name, size } = created.json();
    expect(name).toMatch(/^atoll-\d{8}-\d{6}\.json\.gz$/);
    expect(size).toBeGreaterThan(1000);
    expect((await t.get('/api/settings/backup/local', admin)).json()).toEqual([
      expect.objectContaining({ name, size }),
    ]);
    const bytes = await download(name);

    // Changes after the backup: a new customer, a deleted customer group, a changed setting.
    const extra = await t.post('/api/customers', staff, {
      masterData: { firstName: 'After', lastName: 'Backup' },
    });
    expect(extra.statusCode).toBe(201);
    await t.database.db.execute(sql`update users set name = 'Changed' where email = 'staff@example.com'`);
    expect(await count('customers')).toBe(customersBefore + 1);

    const restored = await restoreBackup(t.database.db, bytes);
    expect(restored.tables).toBeGreaterThan(40);
    expect(await count('customers')).toBe(customersBefore);
    expect(await count('users')).toBe(usersBefore);
    const names = await t.database.db.execute(sql`select name from users where email = 'staff@example.com'`);
    expect((names as unknown as { rows: { name: string }[] }).rows[0]?.name).not.toBe('Changed');
    // The sessions are the backup's: the staff token of before still works; new rows get new ids.
    const again = await t.post('/api/customers', staff, {
      masterData: { firstName: 'After', lastName: 'Restore' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBeGreaterThan(0);
    expect(await count('customers')).toBe(customersBefore + 1);

    // A second backup of the restored database holds the same rows as the first one, but for the new customer.
    const second = (await t.post('/api/settings/backup', admin)).json();
    expect(second.name).not.toBe(name);
    expect((await t.get('/api/settings/backup/local', admin)).json()).toHaveLength(2);
  });

  it('refuses names that are not its own files, foreign files, and Dropbox without a network', async () => {
    expectError(await t.get('/api/settings/backup/local/..%2F..%2Fpackage.json', admin), 404, 'NOT_FOUND');
    expectError(
      await t.get('/api/settings/backup/local/atoll-20990101-000000.json.gz', admin),
      404,
      'NOT_FOUND',
    );
    expectError(await t.get('/api/settings/backup/dropbox', admin), 409, 'PROVIDER_NOT_CONFIGURED');
    await expect(restoreBackup(t.database.db, Buffer.from('not a backup'))).rejects.toMatchObject({
      code: 'ValidationError',
    });
  });
});
