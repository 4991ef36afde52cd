import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns.ts';

export const mediaFolders = pgTable(
  'media_folders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => mediaFolders.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('media_folders_parent_idx').on(t.parentId)],
);

/** Images and documents of the media library; the bytes live in `media_data` so lists never load them. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    folderId: integer('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    /** image or document */
    type: text('type').notNull().default('image'),
    mime: text('mime'),
    size: integer('size').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    /** Alternative text / caption per language: { de, en }. */
    caption: jsonb('caption').notNull().default({}),
    /** Public files are served without a login (room photos on the booking pages). */
    isPublic: boolean('is_public').notNull().default(true),
    /** SHA-256 of the stored bytes: the ETag of `/api/media/{id}/data`. */
    checksum: text('checksum'),
    ...timestamps,
  },
  (t) => [index('media_folder_idx').on(t.folderId)],
);

export const mediaData = pgTable('media_data', {
  mediaId: integer('media_id')
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  /** A small webp preview for lists (images only). */
  thumbnail: bytea('thumbnail'),
});
