import { createHash, randomBytes } from 'node:crypto';

/** Opaque random token: 64 URL-safe characters (well over the 50 the spec requires). */
export const newToken = () => randomBytes(48).toString('base64url');
/** Tokens are stored only as a SHA-256; they carry 384 random bits, so a fast hash is enough. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
