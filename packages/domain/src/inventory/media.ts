import { z } from 'zod';
import { ZLocalizedText } from '../geo/geo.ts';
import { noNul } from '../list/list.ts';

/** Kinds of media: photos for rooms, vessels and tours; documents (PDF) for downloads. */
export const MEDIA_TYPES = ['image', 'document'] as const;
export type TMediaType = (typeof MEDIA_TYPES)[number];

/** Largest file one upload may carry. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Long edge of an optimized image and of a thumbnail, in pixels. */
export const MEDIA_OPTIMIZE_EDGE = 2000;
export const MEDIA_THUMB_EDGE = 400;

export const MEDIA_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'] as const;
export type TMediaMime = (typeof MEDIA_MIMES)[number];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** What the bytes are by their signature, whatever name or type the upload claims. */
export function detectMediaMime(bytes: Uint8Array): TMediaMime | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

export const mediaTypeOf = (mime: TMediaMime): TMediaType =>
  mime === 'application/pdf' ? 'document' : 'image';

const ZTimestamps = { createdAt: z.string(), updatedAt: z.string() };
const ZId = z.number().int().positive().max(2_147_483_647);

/** A media record without its bytes; `checksum` is null until a file is uploaded. */
export const ZMedia = z.object({
  id: z.number().int(),
  name: z.string(),
  folderId: z.number().int().nullable(),
  type: z.enum(MEDIA_TYPES),
  mime: z.string().nullable(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  caption: ZLocalizedText,
  isPublic: z.boolean(),
  checksum: z.string().nullable(),
  ...ZTimestamps,
});
export type TMedia = z.infer<typeof ZMedia>;

/** `POST /api/media`: the record; the file follows with `POST /api/media/{id}/data`. */
export const ZCreateMedia = z.object({
  name: z.string().trim().min(1).max(200),
  folderId: ZId.nullish(),
  caption: ZLocalizedText.default({}),
  isPublic: z.boolean().default(true),
});
export type TCreateMedia = z.infer<typeof ZCreateMedia>;
export const ZUpdateMedia = ZCreateMedia.partial();
export type TUpdateMedia = z.infer<typeof ZUpdateMedia>;

/** `GET /api/media/getWithData/{id}`: the record and its file as base64 (null before an upload). */
export const ZMediaWithData = ZMedia.extend({ data: z.string().nullable() });
export type TMediaWithData = z.infer<typeof ZMediaWithData>;

/** `POST /api/media/{id}/data?optimize=0|1`. */
export const ZMediaUploadQuery = z.object({ optimize: z.enum(['0', '1']).default('0') });

/** `GET /api/media/{id}/data?thumb=1`: the webp preview of an image. */
export const ZMediaDataQuery = z.object({ thumb: z.enum(['0', '1']).default('0') });

/** `GET /api/media/images`: image media, paged; `folderId=0` means media in no folder. */
export const ZMediaImagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().max(200).refine(noNul, 'No NUL characters').optional(),
  folderId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export type TMediaImagesQuery = z.infer<typeof ZMediaImagesQuery>;

/** `GET /api/media/type`: how many media of each type there are. */
export const ZMediaTypeCount = z.object({ type: z.enum(MEDIA_TYPES), count: z.number().int() });
export type TMediaTypeCount = z.infer<typeof ZMediaTypeCount>;

/** `POST /api/media/moveMediaToFolder`; `folderId: null` takes them out of every folder. */
export const ZMoveMediaToFolder = z.object({
  ids: z.array(ZId).min(1).max(1000),
  folderId: ZId.nullable(),
});
export type TMoveMediaToFolder = z.infer<typeof ZMoveMediaToFolder>;

export const ZMediaFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TMediaFolder = z.infer<typeof ZMediaFolder>;

export const ZCreateMediaFolder = z.object({
  name: z.string().trim().min(1).max(200),
  parentId: ZId.nullish(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TCreateMediaFolder = z.infer<typeof ZCreateMediaFolder>;
export const ZUpdateMediaFolder = ZCreateMediaFolder.partial();
export type TUpdateMediaFolder = z.infer<typeof ZUpdateMediaFolder>;

/** Where a media file is used; a delete answers 409 IN_USE with these as `details`. */
export const MEDIA_USERS = ['resorts', 'vessels', 'vesselDecks', 'roomTypes', 'rooms', 'tours'] as const;
export type TMediaUser = (typeof MEDIA_USERS)[number];
