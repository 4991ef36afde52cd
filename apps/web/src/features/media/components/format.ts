import type { TMedia } from '@atoll/domain/inventory/media';
import { MEDIA_MIMES } from '@atoll/domain/inventory/media';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';

type TT = (key: string, values?: Record<string, unknown>) => string;

/** File size as people read it: 850 kB, 2.4 MB (decimal units, the reader's number format). */
export function formatSize(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(language, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** "1200 × 800 px · 240 kB"; only the size for documents and files without dimensions. */
export function mediaFacts(media: TMedia, language: string): string {
  const size = media.checksum ? formatSize(media.size, language) : '';
  const dims = media.width && media.height ? `${media.width} × ${media.height} px` : '';
  return [dims, size].filter(Boolean).join(' · ');
}

/** What the file input offers: what the server accepts. */
export const ACCEPTED_FILES = MEDIA_MIMES.join(',');

/** The caption in the reader's language, else the other one, else the name: the image's alt text. */
export function captionOf(media: TMedia, language: string): string {
  const own = language === 'de' ? media.caption.de : media.caption.en;
  return own || media.caption.en || media.caption.de || media.name;
}

/** A failed upload or delete, with the records that still use a media (409 IN_USE) named. */
export function mediaErrorText(error: unknown, t: TT): string {
  if (!(error instanceof ApiError)) return String(error);
  if (error.code !== 'IN_USE' || !error.details?.length) return apiErrorText(error);
  const where = error.details.map((d) => {
    const table = d.path.split('.')[0] ?? '';
    return `${t(`media.usedBy.${table}`)} "${d.message}"`;
  });
  return t('media.edit.inUse', { where: where.join(', ') });
}
