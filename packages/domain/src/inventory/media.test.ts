import { describe, expect, it } from 'vitest';
import { detectMediaMime, mediaTypeOf, ZMoveMediaToFolder } from './media.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('detectMediaMime', () => {
  it('knows JPEG, PNG, WebP, GIF and PDF by their signatures', () => {
    expect(detectMediaMime(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(detectMediaMime(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectMediaMime(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(detectMediaMime(bytes('GIF89a', [1]))).toBe('image/gif');
    expect(detectMediaMime(bytes('GIF87a'))).toBe('image/gif');
    expect(detectMediaMime(bytes('%PDF-1.7'))).toBe('application/pdf');
  });

  it('refuses everything else, also near misses and short input', () => {
    expect(detectMediaMime(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectMediaMime(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeUndefined();
    expect(detectMediaMime(bytes([0x89], 'PNG'))).toBeUndefined();
    expect(detectMediaMime(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(detectMediaMime(new Uint8Array())).toBeUndefined();
  });

  it('sorts PDFs as documents and the rest as images', () => {
    expect(mediaTypeOf('application/pdf')).toBe('document');
    expect(mediaTypeOf('image/gif')).toBe('image');
  });
});

describe('ZMoveMediaToFolder', () => {
  it('needs ids and an explicit folder or null', () => {
    expect(ZMoveMediaToFolder.safeParse({ ids: [1, 2], folderId: null }).success).toBe(true);
    expect(ZMoveMediaToFolder.safeParse({ ids: [1] }).success).toBe(false);
    expect(ZMoveMediaToFolder.safeParse({ ids: [], folderId: 3 }).success).toBe(false);
    expect(ZMoveMediaToFolder.safeParse({ ids: [0], folderId: 3 }).success).toBe(false);
  });
});
