/**
 * The text of a statement file. German banks (Sparkasse, Volksbank) still write Windows-1252; others UTF-8,
 * some with a byte-order mark. Bytes that are valid UTF-8 are read as UTF-8, anything else as Windows-1252
 * (which maps every byte), so umlauts never turn into "�".
 */
export function decodeStatement(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return Array.from(body, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_80_9F[byte - 0x80] : String.fromCharCode(byte),
    ).join('');
  }
}

/** Windows-1252 differs from Latin-1 only in 0x80–0x9F (€, quotes, dashes…); the rest is the same code point. */
const CP1252_80_9F = [
  '€',
  '\u0081',
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  '\u008d',
  'Ž',
  '\u008f',
  '\u0090',
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  '\u009d',
  'ž',
  'Ÿ',
];
