// Session rules of spec platform §4, §5 and §9, pure: the web session store applies them.
import { MIN_TOKEN_LENGTH, REFRESH_LEAD_SECONDS, REFRESH_MIN_LIFETIME_SECONDS } from '../constants.ts';

/** Shorter settings text cannot hold a useful permission or theme object (platform §5). */
export const MIN_JSON_SETTING_LENGTH = 11;

/** A token counts (and the user as logged in) only when it is a string longer than 50 characters. */
export function isValidToken(token: unknown): token is string {
  return typeof token === 'string' && token.length > MIN_TOKEN_LENGTH;
}

/**
 * Milliseconds until the token refresh: 120 s before expiry, and only when the lifetime exceeds
 * 240 s; null means no refresh is scheduled (the session runs out).
 */
export function refreshDelayMs(expiresInSeconds: number): number | null {
  if (!Number.isFinite(expiresInSeconds) || expiresInSeconds <= REFRESH_MIN_LIFETIME_SECONDS) return null;
  return Math.round((expiresInSeconds - REFRESH_LEAD_SECONDS) * 1000);
}

// `v1.2.3`, `1.2`, `20240501.7`; a `-prerelease` or `+build` tail is ignored. Parts stay digit
// strings so that build numbers beyond 2^53 still compare exactly.
function versionParts(version: unknown): string[] | null {
  if (typeof version === 'number') return Number.isFinite(version) ? versionParts(String(version)) : null;
  if (typeof version !== 'string') return null;
  const core = version.trim().replace(/^v/i, '').split(/[-+]/, 1)[0] ?? '';
  const parts = core.split('.');
  if (!parts.every((part) => /^\d+$/.test(part))) return null;
  return parts.map((part) => part.replace(/^0+(?=\d)/, ''));
}

function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether the server runs a newer version than the browser last stored (triggers a cache reload).
 * Numeric, part by part, missing parts counting as 0 (`1.2` = `1.2.0`). Nothing stored, or either
 * side unreadable, is not "newer": the caller just stores the server's version.
 */
export function isNewerVersion(server: unknown, stored: unknown): boolean {
  const next = versionParts(server);
  const previous = versionParts(stored);
  if (!next || !previous) return false;
  for (let index = 0; index < Math.max(next.length, previous.length); index += 1) {
    const diff = compareDigits(next[index] ?? '0', previous[index] ?? '0');
    if (diff !== 0) return diff > 0;
  }
  return false;
}

/**
 * A user's permission or theme JSON: the parsed object, or null when the text is missing, shorter
 * than 11 characters, not valid JSON, or not a JSON object (an array or a bare value is no setting).
 */
export function parseJsonSetting(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string' || text.length < MIN_JSON_SETTING_LENGTH) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
