import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { restoreBackup } from '../src/modules/settings/backup.service.ts';

// `npm run restore -- <file>`: loads a backup (POST /api/settings/backup, GET backup/local/{name}) into the
// database of DATABASE_URL or DATA_DIR, replacing everything in it. Stop the servers first. The database
// is migrated to this version before; the backup must come from the same version (same migrations).

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- <backup file (.json.gz)>');
  process.exit(2);
}
const database = await openDatabase(loadConfig());
try {
  await database.migrate();
  const result = await restoreBackup(database.db, readFileSync(file));
  console.log(
    `restored ${result.tables} tables from ${file} (version ${result.version}, ${result.createdAt})`,
  );
} finally {
  await database.close();
}
