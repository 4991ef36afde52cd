import { describe, expect, it } from 'vitest';
import { decodeStatement } from './statement-file.ts';

describe('decodeStatement', () => {
  const umlauts = 'Müller Größe Straße €';
  it('reads UTF-8, with or without a byte-order mark', () => {
    const utf8 = new TextEncoder().encode(umlauts);
    expect(decodeStatement(utf8)).toBe(umlauts);
    expect(decodeStatement(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(umlauts);
  });

  it('reads a Windows-1252 file (Sparkasse, Volksbank) with its umlauts and the euro sign', () => {
    // M ü l l e r _ G r ö ß e _ S t r a ß e _ €  in Windows-1252
    const cp1252 = new Uint8Array([
      0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x47, 0x72, 0xf6, 0xdf, 0x65, 0x20, 0x53, 0x74, 0x72, 0x61,
      0xdf, 0x65, 0x20, 0x80,
    ]);
    expect(decodeStatement(cp1252)).toBe(umlauts);
  });
});
