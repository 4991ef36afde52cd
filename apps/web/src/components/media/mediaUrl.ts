import { apiUrl } from '../../app/api.ts';

/**
 * Where the server serves a media file (`GET /api/media/{id}/data`); `thumb` asks for the small webp
 * preview. `version` (the checksum) changes the address when the file is replaced, so that a cached
 * copy (public files are cached for a day) is not shown instead of the new one.
 */
export const mediaUrl = (id: number, opts: { thumb?: boolean; version?: string | null } = {}) =>
  apiUrl(`/api/media/${id}/data`, {
    thumb: opts.thumb ? 1 : undefined,
    v: opts.version ? opts.version.slice(0, 12) : undefined,
  });
