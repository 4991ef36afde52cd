import type { TLocalizedText } from '@atoll/domain/geo';
import type {
  TCreateMediaFolder,
  TMediaImagesQuery,
  TMoveMediaToFolder,
  TUpdateMedia,
  TUpdateMediaFolder,
} from '@atoll/domain/inventory/media';
import { hasScope, MEDIA_READ_SCOPES } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { TWriteContext } from '../../http/resource.ts';
import { createMediaRepository, type TMediaFolderRow, type TMediaRow, toMedia } from './media.repository.ts';
import { prepareFile } from './media-file.ts';

/** Scopes that read media; the files of public media need none. */
export const MEDIA_READ = [...MEDIA_READ_SCOPES];

export type TMediaUpload = { data: Buffer; truncated: boolean };
export type TStoreMedia = {
  name: string;
  data: Buffer;
  optimize: boolean;
  folderId?: number | null;
  caption?: TLocalizedText;
  isPublic?: boolean;
};

const repo = createMediaRepository();

/**
 * Stores a file as a new media record inside the caller's transaction (seeds, imports): checked,
 * optimized when asked, with thumbnail and checksum. Throws 413/415 like an upload.
 */
export async function storeMedia(tx: Tx, input: TStoreMedia): Promise<TMediaRow> {
  const file = await prepareFile(input.data, input.optimize);
  const row = await repo.insert(tx, {
    name: input.name,
    folderId: input.folderId ?? null,
    caption: input.caption ?? {},
    isPublic: input.isPublic ?? true,
  });
  return repo.saveFile(tx, row.id, file);
}

/** `"<sha256>"`, and a distinct tag for the thumbnail of the same file. */
const etagOf = (checksum: string, thumb: boolean) => `"${checksum}${thumb ? '-thumb' : ''}"`;

const ifNoneMatchHits = (header: string | undefined, etag: string) =>
  !!header &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

export function createMediaService(deps: { db: Db }) {
  const { db } = deps;

  /** A non-public file needs a login with media.read: 401 without one, 403 without the scope. */
  const mayRead = (user: TSessionUser | null, row: TMediaRow) => {
    if (row.isPublic) return;
    if (!user) throw unauthorized();
    if (!hasScope(user.scopes, MEDIA_READ)) throw forbidden();
  };

  return {
    async mediaValues(_ctx: TWriteContext, input: TUpdateMedia) {
      // The file facts (type, mime, size, checksum) come only from an upload.
      return { ...input };
    },

    /** A folder cannot move into itself or below one of its own subfolders. */
    async folderValues(
      ctx: TWriteContext,
      input: TUpdateMediaFolder | TCreateMediaFolder,
      existing?: TMediaFolderRow,
    ) {
      if (existing && input.parentId) {
        const path = await repo.folderPath(ctx.tx, input.parentId);
        if (path.includes(existing.id)) {
          throw badRequest('A folder cannot be moved into itself or its subfolders', 'parentId');
        }
      }
      return { ...input };
    },

    /** Media shown by a resort, vessel, deck plan, room type, room or tour stay: 409 IN_USE says where. */
    async beforeDelete(ctx: TWriteContext, row: TMediaRow) {
      const usages = await repo.usages(ctx.tx, row.id);
      if (usages.length === 0) return;
      throw new AppError(
        409,
        'IN_USE',
        `The media is used by ${usages.length} record(s)`,
        usages.map((u) => ({ path: `${u.table}.${u.id}`, code: 'IN_USE', message: u.name })),
      );
    },

    async upload(_user: TSessionUser, id: number, upload: TMediaUpload, optimize: boolean) {
      if (upload.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large');
      if (!(await repo.find(db, id))) throw notFound('Media');
      // Decoding and resizing run before the transaction: no row stays locked during image work.
      const file = await prepareFile(upload.data, optimize);
      const row = await db.transaction(async (tx) => {
        if (!(await repo.find(tx, id, true))) throw notFound('Media');
        return repo.saveFile(tx, id, file);
      });
      return toMedia(row);
    },

    /**
     * The bytes of a file or its thumbnail for `GET {id}/data`; `notModified` when the caller's
     * If-None-Match still names the stored file (checked before any bytes are read).
     */
    async file(user: TSessionUser | null, id: number, thumb: boolean, ifNoneMatch: string | undefined) {
      const row = await repo.find(db, id);
      if (!row) throw notFound('Media');
      mayRead(user, row);
      if (!row.checksum || !row.mime) throw notFound('Media file');
      const etag = etagOf(row.checksum, thumb);
      const meta = { etag, isPublic: row.isPublic, name: row.name };
      if (ifNoneMatchHits(ifNoneMatch, etag)) return { ...meta, notModified: true as const };
      const bytes = await repo.bytes(db, id, thumb);
      if (!bytes) throw notFound(thumb ? 'Thumbnail' : 'Media file');
      return {
        ...meta,
        notModified: false as const,
        mime: thumb ? 'image/webp' : row.mime,
        bytes,
      };
    },

    async withData(_user: TSessionUser, id: number) {
      const row = await repo.find(db, id);
      if (!row) throw notFound('Media');
      const bytes = row.checksum ? await repo.bytes(db, id, false) : undefined;
      return { ...toMedia(row), data: bytes ? Buffer.from(bytes).toString('base64') : null };
    },

    async images(_user: TSessionUser, query: TMediaImagesQuery) {
      const { rows, total } = await repo.images(db, query);
      return { data: rows.map(toMedia), total, page: query.page, size: query.size };
    },

    async types(_user: TSessionUser) {
      return repo.typeCounts(db);
    },

    /** All or nothing: an unknown media id or folder answers 404 and moves none. */
    async moveToFolder(_user: TSessionUser, body: TMoveMediaToFolder) {
      const ids = [...new Set(body.ids)];
      await db.transaction(async (tx) => {
        if (body.folderId !== null && !(await repo.folderExists(tx, body.folderId))) {
          throw notFound('Media folder');
        }
        if ((await repo.existing(tx, ids)).length !== ids.length) throw notFound('Media');
        await repo.moveToFolder(tx, ids, body.folderId);
      });
      return { ok: true as const };
    },
  };
}
export type TMediaService = ReturnType<typeof createMediaService>;
