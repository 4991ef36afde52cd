import { ZLocalizedText } from '@atoll/domain/geo';
import {
  MEDIA_TYPES,
  type TMedia,
  type TMediaFolder,
  type TMediaImagesQuery,
  type TMediaTypeCount,
  type TMediaUser,
  ZMedia,
} from '@atoll/domain/inventory/media';
import { and, arrayContains, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  media,
  mediaData,
  mediaFolders,
  resorts,
  rooms,
  roomTypes,
  tours,
  vesselDecks,
  vessels,
} from '../../db/schema.ts';
import { likeContains } from '../../http/filter.ts';
import type { TStoredFile } from './media-file.ts';

export type TMediaRow = typeof media.$inferSelect;
export type TMediaFolderRow = typeof mediaFolders.$inferSelect;
export type TMediaUsage = { table: TMediaUser; id: number; name: string };

export const toMedia = (row: TMediaRow): TMedia => ({
  id: row.id,
  name: row.name,
  folderId: row.folderId,
  type: ZMedia.shape.type.safeParse(row.type).data ?? 'image',
  mime: row.mime,
  size: row.size,
  width: row.width,
  height: row.height,
  // jsonb written by hand may hold anything: the answer carries only what the contract knows.
  caption: ZLocalizedText.safeParse(row.caption).data ?? {},
  isPublic: row.isPublic,
  checksum: row.checksum,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toMediaFolder = (row: TMediaFolderRow): TMediaFolder => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  sort: row.sort,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Records that hold media ids in an `images` array. */
const IMAGE_ARRAYS: { table: TMediaUser; from: PgTable; id: PgColumn; name: PgColumn; images: PgColumn }[] = [
  { table: 'resorts', from: resorts, id: resorts.id, name: resorts.name, images: resorts.images },
  { table: 'vessels', from: vessels, id: vessels.id, name: vessels.name, images: vessels.images },
  { table: 'roomTypes', from: roomTypes, id: roomTypes.id, name: roomTypes.name, images: roomTypes.images },
  { table: 'rooms', from: rooms, id: rooms.id, name: rooms.name, images: rooms.images },
  { table: 'tours', from: tours, id: tours.id, name: tours.name, images: tours.images },
];

/** The only place that touches the media tables; lists never select the bytes. */
export function createMediaRepository() {
  return {
    async find(ex: Executor, id: number, lock = false) {
      const query = ex.select().from(media).where(eq(media.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async insert(ex: Executor, values: typeof media.$inferInsert) {
      const [row] = await ex.insert(media).values(values).returning();
      if (!row) throw new Error('media insert returned no row');
      return row;
    },

    /** Writes the file facts on the record and the bytes beside it (replacing earlier ones). */
    async saveFile(ex: Executor, id: number, file: TStoredFile) {
      const { data, thumbnail, ...facts } = file;
      const [row] = await ex
        .update(media)
        .set({ ...facts, updatedAt: new Date() })
        .where(eq(media.id, id))
        .returning();
      await ex
        .insert(mediaData)
        .values({ mediaId: id, data, thumbnail })
        .onConflictDoUpdate({ target: mediaData.mediaId, set: { data, thumbnail } });
      if (!row) throw new Error('media update returned no row');
      return row;
    },

    /** The stored file or its thumbnail; undefined when there is none. */
    async bytes(ex: Executor, id: number, thumb: boolean) {
      const [row] = await ex
        .select({ bytes: thumb ? mediaData.thumbnail : mediaData.data })
        .from(mediaData)
        .where(eq(mediaData.mediaId, id));
      return row?.bytes ?? undefined;
    },

    async images(ex: Executor, query: TMediaImagesQuery) {
      const where = and(eq(media.type, 'image'), folderIs(query.folderId), searchFor(query.search));
      const [total] = await ex.select({ n: count() }).from(media).where(where);
      const rows = await ex
        .select()
        .from(media)
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      return { rows, total: total?.n ?? 0 };
    },

    async typeCounts(ex: Executor): Promise<TMediaTypeCount[]> {
      const rows = await ex.select({ type: media.type, n: count() }).from(media).groupBy(media.type);
      return MEDIA_TYPES.map((type) => ({ type, count: rows.find((r) => r.type === type)?.n ?? 0 }));
    },

    /** Ids of these media that exist. */
    async existing(ex: Executor, ids: number[]) {
      const rows = await ex.select({ id: media.id }).from(media).where(inArray(media.id, ids));
      return rows.map((r) => r.id);
    },

    async moveToFolder(ex: Executor, ids: number[], folderId: number | null) {
      await ex.update(media).set({ folderId, updatedAt: new Date() }).where(inArray(media.id, ids));
    },

    async folderExists(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: mediaFolders.id })
        .from(mediaFolders)
        .where(eq(mediaFolders.id, id));
      return !!row;
    },

    /** The folder and its parents up to the top, nearest first; stops at 100 levels or a loop. */
    async folderPath(ex: Executor, id: number) {
      const path: number[] = [];
      for (let at: number | null = id; at !== null && path.length < 100 && !path.includes(at); ) {
        const [row] = await ex
          .select({ parentId: mediaFolders.parentId })
          .from(mediaFolders)
          .where(eq(mediaFolders.id, at));
        if (!row) break;
        path.push(at);
        at = row.parentId;
      }
      return path;
    },

    /** Every record that shows this media: image lists and deck plans. */
    async usages(ex: Executor, id: number): Promise<TMediaUsage[]> {
      const found: TMediaUsage[] = [];
      // One after the other: a transaction is one connection, which runs one query at a time.
      for (const u of IMAGE_ARRAYS) {
        const rows = await ex
          .select({ id: u.id, name: u.name })
          .from(u.from)
          .where(arrayContains(u.images, [id]))
          .limit(20);
        found.push(...rows.map((f) => ({ table: u.table, id: Number(f.id), name: String(f.name) })));
      }
      const decks = await ex
        .select({ id: vesselDecks.id, name: vesselDecks.name })
        .from(vesselDecks)
        .where(eq(vesselDecks.planImage, id))
        .limit(20);
      return [...found, ...decks.map((d) => ({ table: 'vesselDecks' as const, ...d }))];
    },
  };
}
export type TMediaRepository = ReturnType<typeof createMediaRepository>;

/** `0` asks for media in no folder. */
const folderIs = (folderId: number | undefined): SQL | undefined => {
  if (folderId === undefined) return undefined;
  return folderId === 0 ? isNull(media.folderId) : eq(media.folderId, folderId);
};

const searchFor = (search: string | undefined): SQL | undefined => {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = likeContains(text);
  return or(sql`${media.name} ilike ${pattern}`, sql`${media.caption}::text ilike ${pattern}`);
};
