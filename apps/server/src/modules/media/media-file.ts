import { createHash } from 'node:crypto';
import {
  detectMediaMime,
  MEDIA_MAX_BYTES,
  MEDIA_OPTIMIZE_EDGE,
  MEDIA_THUMB_EDGE,
  mediaTypeOf,
  type TMediaMime,
  type TMediaType,
} from '@atoll/domain/inventory/media';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../http/errors.ts';

/** What gets stored for one upload: the (possibly re-encoded) file, its preview and its facts. */
export type TStoredFile = {
  mime: TMediaMime;
  type: TMediaType;
  data: Buffer;
  thumbnail: Buffer | null;
  size: number;
  width: number | null;
  height: number | null;
  checksum: string;
};

const JPEG_QUALITY = 82;
const WEBP_QUALITY = 82;
const THUMB_QUALITY = 75;

const tooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `A media file may have at most ${MEDIA_MAX_BYTES} bytes`);
const unsupported = (why: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', why);

/**
 * Checks and prepares an upload. The type comes from the bytes' signature (JPEG, PNG, WebP, GIF, PDF).
 * `optimize` re-encodes images: upright by EXIF, at most 2000 px on the long edge, metadata (GPS,
 * camera) stripped; JPEG and WebP at quality 82, PNG stays lossless PNG (logos and plans with sharp
 * edges and transparency would suffer as JPEG), GIF is kept as it is (re-encoding would drop animation).
 * Every image gets a webp thumbnail of at most 400 px.
 */
export async function prepareFile(input: Buffer, optimize: boolean): Promise<TStoredFile> {
  if (input.length > MEDIA_MAX_BYTES) throw tooLarge();
  if (input.length === 0) throw unsupported('The upload is empty');
  const mime = detectMediaMime(input);
  if (!mime) throw unsupported('Media must be a JPEG, PNG, WebP or GIF image or a PDF document');
  const type = mediaTypeOf(mime);
  if (type === 'document') return stored(mime, input, null, null, null);
  try {
    const data = optimize && mime !== 'image/gif' ? await reencode(mime, input) : input;
    const meta = await sharp(data, { animated: false }).metadata();
    // EXIF orientations 5–8 are quarter turns: the picture as shown is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? null;
    const height = (turned ? meta.width : meta.height) ?? null;
    return stored(mime, data, await thumbnail(data), width, height);
  } catch {
    throw unsupported('The image cannot be decoded');
  }
}

function stored(
  mime: TMediaMime,
  data: Buffer,
  thumb: Buffer | null,
  width: number | null,
  height: number | null,
): TStoredFile {
  const checksum = createHash('sha256').update(data).digest('hex');
  return {
    mime,
    type: mediaTypeOf(mime),
    data,
    thumbnail: thumb,
    size: data.length,
    width,
    height,
    checksum,
  };
}

const upright = (input: Buffer, edge: number): Sharp =>
  sharp(input).autoOrient().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });

async function reencode(mime: TMediaMime, input: Buffer): Promise<Buffer> {
  const image = upright(input, MEDIA_OPTIMIZE_EDGE);
  if (mime === 'image/png') return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  if (mime === 'image/webp') return image.webp({ quality: WEBP_QUALITY }).toBuffer();
  return image.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer();
}

const thumbnail = (input: Buffer) =>
  upright(input, MEDIA_THUMB_EDGE).webp({ quality: THUMB_QUALITY }).toBuffer();
