import { Dropbox, type DropboxResponseError, type files } from 'dropbox';
import type { TDropboxConfig } from '../../config.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { BACKUP_NAME, newestBackupFirst, type TBackupInfo, type TBackupService } from './backup.service.ts';

// Backups in Dropbox (spec platform §7 Settings, docs/operations.md) with the official SDK: the app's key and
// secret and the account's refresh token (the SDK fetches and renews the short-lived access tokens), one
// folder, a number of backups kept there. `apiBase` sends the SDK's requests (api and content hosts, the
// token endpoint) to another address, e.g. a local server in the tests. A failure of Dropbox answers 502
// with its reason; the backup is built in memory, so a failed upload leaves nothing behind, and the retention
// deletes old files only after the new one is in Dropbox.

const DROPBOX_HOST = /^https:\/\/(api|content)\.dropboxapi\.com\//;

export const dropboxNotConfigured = () =>
  new AppError(409, 'PROVIDER_NOT_CONFIGURED', 'Dropbox backups are not set up: use the local backups');

function unavailable(error: unknown) {
  const e = error as Partial<DropboxResponseError<{ error_summary?: string } | string>> & {
    message?: string;
  };
  const summary = typeof e.error === 'object' && e.error ? e.error.error_summary : e.error;
  const why = [e.status, summary ?? e.message].filter(Boolean).join(' ');
  return new AppError(
    502,
    'PROVIDER_UNAVAILABLE',
    `Dropbox did not accept the call: ${why || 'unknown error'}`,
  );
}

async function remote<T>(run: () => Promise<{ result: T }>): Promise<T> {
  try {
    return (await run()).result;
  } catch (error) {
    throw unavailable(error);
  }
}

export function createDropboxBackups(deps: { config: TDropboxConfig | undefined; backups: TBackupService }) {
  let client: Dropbox | null = null;

  function dropbox() {
    const config = deps.config;
    if (!config) throw dropboxNotConfigured();
    if (client) return { dbx: client, config };
    const base = config.apiBase?.replace(/\/+$/, '');
    const fetchVia = (url: string, init: RequestInit) =>
      fetch(base ? url.replace(DROPBOX_HOST, `${base}/$1/`) : url, {
        ...init,
        signal: AbortSignal.timeout(60_000),
      });
    client = new Dropbox({
      clientId: config.appKey,
      clientSecret: config.appSecret,
      refreshToken: config.refreshToken,
      fetch: fetchVia,
    });
    return { dbx: client, config };
  }

  const folderOf = (config: TDropboxConfig) => `/${config.folder.replace(/^\/+|\/+$/g, '')}`;

  /** The backups in the Dropbox folder, newest first (the files to restore from). */
  async function list(): Promise<TBackupInfo[]> {
    const { dbx, config } = dropbox();
    const entries: files.ListFolderResult['entries'] = [];
    let page = await remote(() => dbx.filesListFolder({ path: folderOf(config) })).catch((e: AppError) => {
      // A folder not made yet holds no backups.
      if (e.description.includes('path/not_found')) return null;
      throw e;
    });
    while (page) {
      entries.push(...page.entries);
      const cursor = page.cursor;
      page = page.has_more ? await remote(() => dbx.filesListFolderContinue({ cursor })) : null;
    }
    return entries
      .filter((e): e is files.FileMetadataReference => e['.tag'] === 'file' && BACKUP_NAME.test(e.name))
      .map((e) => ({ name: e.name, size: e.size, createdAt: new Date(e.server_modified).toISOString() }))
      .sort(newestBackupFirst);
  }

  return {
    list,

    /** Builds a backup, uploads it, then deletes the oldest beyond `keep`; answers the upload and the removed. */
    async upload(now = new Date()) {
      const { dbx, config } = dropbox();
      const { name: stamped, bytes } = await deps.backups.build(now);
      const before = new Set((await list()).map((b) => b.name));
      let name = stamped;
      for (let n = 2; before.has(name); n++) name = stamped.replace('.json.gz', `-${n}.json.gz`);
      const uploaded = await remote(() =>
        dbx.filesUpload({ path: `${folderOf(config)}/${name}`, contents: bytes, mode: { '.tag': 'add' } }),
      );
      const all = await list();
      const removed: string[] = [];
      for (const old of all.slice(config.keep)) {
        await remote(() => dbx.filesDeleteV2({ path: `${folderOf(config)}/${old.name}` }));
        removed.push(old.name);
      }
      return {
        backup: {
          name: uploaded.name,
          size: uploaded.size,
          createdAt: new Date(uploaded.server_modified).toISOString(),
        },
        removed,
      };
    },

    /** A backup's bytes from Dropbox (to restore it with `npm run restore`). */
    async read(name: string): Promise<Buffer> {
      if (!BACKUP_NAME.test(name)) throw notFound('Backup');
      const { dbx, config } = dropbox();
      try {
        const file = (await dbx.filesDownload({ path: `${folderOf(config)}/${name}` })).result as {
          fileBinary?: Buffer;
        };
        if (!file.fileBinary) throw new Error('no content');
        return file.fileBinary;
      } catch (error) {
        const e = error as { status?: number; error?: { error_summary?: string } };
        if (e.status === 409 && e.error?.error_summary?.includes('not_found')) throw notFound('Backup');
        throw unavailable(error);
      }
    },
  };
}

export type TDropboxBackups = ReturnType<typeof createDropboxBackups>;
