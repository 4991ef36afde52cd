// A tiny path matcher for the public entry: react-router would cost ~30 KB gzipped of the phone budget
// (≤ 170 KB before interaction on /book/online-v2, apps/web/scripts/check-bundle.mjs). Patterns as in the route table: '/forms/:id/:token'.

export type TParams = Record<string, string>;

/** The parameters when `pathname` matches `pattern`, else null; '*' matches everything. */
export function matchPath(pattern: string, pathname: string): TParams | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: TParams = {};
  for (const [i, part] of want.entries()) {
    const value = have[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return params;
}

/** The current page's parameters for `pattern` (works in the back office too: both run at the real URL). */
export const usePathParams = (pattern: string): TParams => matchPath(pattern, location.pathname) ?? {};
