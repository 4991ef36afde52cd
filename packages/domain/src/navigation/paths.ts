// The login pages' paths: light, for the public entry (public-entry.ts, the web's src/public) as for the guard.

export const LOGIN_PATH = '/login' as const;
export const CLUB_LOGIN_PATH = '/club/login' as const;
export const LOGIN_PATHS: readonly string[] = [LOGIN_PATH, CLUB_LOGIN_PATH];

/** Trailing slashes and repeated slashes do not change the page. */
export function normalizePath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

export function isLoginPath(path: string): boolean {
  return LOGIN_PATHS.includes(normalizePath(path));
}

export function isClubPath(path: string): boolean {
  return normalizePath(path).startsWith('/club/');
}
