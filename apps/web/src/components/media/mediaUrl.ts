/** Where the server serves a media file (`GET /api/media/{id}/data`); `thumb` asks for the small preview. */
export const mediaUrl = (id: number, opts: { thumb?: boolean } = {}) =>
  `/api/media/${id}/data${opts.thumb ? '?thumb=1' : ''}`;
