// Navigation guard of spec platform §2 as pure decisions; the web router applies them.
import { PAGE_RELOAD_DELAY_MS, ROUTE_HISTORY_ENTRIES, type TFeature, type TView } from '../constants.ts';
import { ADMIN_SCOPE, classifyUser, GUEST_SCOPE, hasAllScopes, hasScope } from '../scopes/scopes.ts';
import { CLUB_LOGIN_PATH, isClubPath, isLoginPath, LOGIN_PATH, normalizePath } from './paths.ts';
import { findRoute, type TRouteDef, type TRouteSection } from './routes.ts';

export { CLUB_LOGIN_PATH, isClubPath, isLoginPath, LOGIN_PATH, LOGIN_PATHS } from './paths.ts';
export const STAFF_HOME = '/';
export const CLUB_HOME = '/club/dashboard';
/** Query key of the login redirect that tells the login page where to come back to. */
export const RETURN_TO_PARAM = 'returnTo';
/** Query key of the timestamp that makes a "go back" a fresh navigation. */
export const TIMESTAMP_PARAM = 't';

export type TNavigationUser = {
  scopes: readonly string[];
  userType?: string | null;
  agencyId?: number | null;
  customerId?: number | null;
};

/** One visited route: pathname and its query string (with or without the leading `?`). */
export type THistoryEntry = { path: string; search: string };

export type TNavigationInput = {
  route: TRouteDef;
  pathname: string;
  search?: string;
  /** null = guest (not logged in). */
  user: TNavigationUser | null;
  features: Record<TFeature, boolean>;
  views: Record<TView, boolean>;
  history: readonly THistoryEntry[];
  now: number;
};

export type TNavigationDecision =
  | { kind: 'allow' }
  | { kind: 'forbidden'; message: 'forbidden'; redirect: string }
  | { kind: 'unauthorized'; message: 'unauthorized'; redirect: TLoginRedirect }
  | { kind: 'notFound' };

/** A login page with its `returnTo` query. */
export type TLoginRedirect = `/login${string}` | `/club/login${string}`;

/** The verdict without its redirect. */
export type TAccess = TNavigationDecision['kind'];

// Public pages of guard rule 1, as path fragments.
const PUBLIC_FRAGMENTS = [
  '/guestform/',
  '/invoice/',
  '/book/',
  '/widget/',
  '/forms/',
  '/register/',
  '/password/reset',
  '/club/password/reset',
  '/payment/aborted',
  '/payment/success',
];
// /user/{id}/verify, which also covers /club/user/{id}/verify.
const VERIFY_PAGE = /\/user\/[^/]+\/verify(?:\/|$)/;

/**
 * Guard rule 1's public pages. The guard asks this of the matched route's *pattern*, not of the
 * raw pathname, so `/crm/forms/` or an unknown `/x/invoice/y` cannot borrow public status.
 */
export function isPublicPath(path: string): boolean {
  return PUBLIC_FRAGMENTS.some((fragment) => path.includes(fragment)) || VERIFY_PAGE.test(path);
}

export function isJumpPath(path: string): boolean {
  return path.includes('/jump/');
}

/** The login page for a path: the club login for club paths. */
export function loginPathFor(pathname: string): string {
  return isClubPath(pathname) ? CLUB_LOGIN_PATH : LOGIN_PATH;
}

const isGuest = (user: TNavigationUser | null): boolean => user === null || classifyUser(user) === 'guest';

function featureOn(route: TRouteDef, features: Record<TFeature, boolean>): boolean {
  const anyOf =
    route.feature === undefined ? [] : typeof route.feature === 'string' ? [route.feature] : route.feature;
  if (anyOf.length > 0 && !anyOf.some((feature) => features[feature] === true)) return false;
  return (route.andFeatures ?? []).every((feature) => features[feature] === true);
}

const needsScope = (route: TRouteDef): boolean =>
  route.scopes.length > 0 || (route.all ?? []).some((check) => check.length > 0);

/**
 * Guard rules 1–5 without redirects. Order:
 * - a switched-off feature makes the route not found, for admin too ("unavailable when it is off");
 * - login pages (guestOnly) are checked as `hasScope(scopes, ['guest'])`, so no logged-in user,
 *   admin included, passes;
 * - rule 1: no scope or a public page → allowed unless a switched-off view excludes it;
 * - rule 2: admin passes, view exclusions included (the spec attaches them to rules 1 and 3 only);
 * - rule 3: any-of `scopes` and every `all` check, and not excluded;
 * - rule 5: a guest who fails the scope check is unauthorized; everyone else is forbidden.
 */
export function evaluateAccess(
  route: TRouteDef,
  user: TNavigationUser | null,
  features: Record<TFeature, boolean>,
  views: Record<TView, boolean>,
): TAccess {
  if (!featureOn(route, features)) return 'notFound';
  const scopes = user?.scopes ?? [];
  const excluded = (route.not ?? []).some((view) => views[view] === false);
  if (route.guestOnly) return hasScope(scopes, [GUEST_SCOPE]) && !excluded ? 'allow' : 'forbidden';
  if (!needsScope(route) || isPublicPath(route.path)) return excluded ? 'forbidden' : 'allow';
  if (scopes.includes(ADMIN_SCOPE)) return 'allow';
  const passes = hasScope(scopes, route.scopes) && hasAllScopes(scopes, route.all ?? []);
  if (passes) return excluded ? 'forbidden' : 'allow';
  return isGuest(user) ? 'unauthorized' : 'forbidden';
}

/** Sets `t=<now>` in a query string, keeping the other parameters exactly as they were. */
export function withTimestamp(search: string, now: number): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const kept = query.split('&').filter((part) => part !== '' && part.split('=', 1)[0] !== TIMESTAMP_PARAM);
  return `?${[...kept, `${TIMESTAMP_PARAM}=${now}`].join('&')}`;
}

/**
 * Home page of a user: the club dashboard for club (customer) accounts, else the staff home. Given the
 * installation's switches, a club dashboard that is switched off (no crmMaster) gives the staff home.
 */
export function homeFor(
  user: TNavigationUser | null,
  installation?: { features: Record<TFeature, boolean>; views: Record<TView, boolean> },
): string {
  if (user === null) return STAFF_HOME;
  const kind = classifyUser(user);
  if (kind !== 'customer' && kind !== 'nonAssignedCustomer') return STAFF_HOME;
  if (!installation) return CLUB_HOME;
  const club = findRoute(CLUB_HOME);
  const open = club && evaluateAccess(club, user, installation.features, installation.views) === 'allow';
  return open ? CLUB_HOME : STAFF_HOME;
}

/**
 * The most recent history entry that is another page and that this user may open now. Checking the
 * entry keeps two forbidden pages from sending the user back and forth between them.
 */
function previousPage(input: TNavigationInput): THistoryEntry | undefined {
  const current = normalizePath(input.pathname);
  for (let index = input.history.length - 1; index >= 0; index -= 1) {
    const entry = input.history[index];
    if (!entry || normalizePath(entry.path) === current || isLoginPath(entry.path)) continue;
    const route = findRoute(entry.path);
    if (route && evaluateAccess(route, input.user, input.features, input.views) === 'allow') return entry;
  }
  return undefined;
}

// Rule 4: back to the previous page; failing that internal users go home and others to login.
// A login page refused to a logged-in user falls back to that user's home instead: sending them to
// login would be refused again.
function forbiddenRedirect(input: TNavigationInput): string {
  const previous = previousPage(input);
  if (previous) return `${previous.path}${withTimestamp(previous.search, input.now)}`;
  if (input.route.guestOnly) return homeFor(input.user, input);
  if (input.user && classifyUser(input.user) === 'internal') return STAFF_HOME;
  return loginPathFor(input.pathname);
}

function loginRedirect(pathname: string, search: string): TLoginRedirect {
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  const returnTo = `?${RETURN_TO_PARAM}=${encodeURIComponent(`${pathname}${query}`)}` as const;
  return isClubPath(pathname) ? `${CLUB_LOGIN_PATH}${returnTo}` : `${LOGIN_PATH}${returnTo}`;
}

/**
 * The guard's decision for one navigation. `returnTo` is only a hint: the login page must pass it
 * through `safeJumpTarget` before following it.
 */
export function decideNavigation(input: TNavigationInput): TNavigationDecision {
  const access = evaluateAccess(input.route, input.user, input.features, input.views);
  switch (access) {
    case 'allow':
      return { kind: 'allow' };
    case 'notFound':
      return { kind: 'notFound' };
    case 'unauthorized':
      return {
        kind: 'unauthorized',
        message: 'unauthorized',
        redirect: loginRedirect(input.pathname, input.search ?? ''),
      };
    case 'forbidden':
      return { kind: 'forbidden', message: 'forbidden', redirect: forbiddenRedirect(input) };
  }
}

const sameEntry = (a: THistoryEntry, b: THistoryEntry): boolean =>
  a.path === b.path && stripQuestionMark(a.search) === stripQuestionMark(b.search);

const stripQuestionMark = (search: string): string => (search.startsWith('?') ? search.slice(1) : search);

/** Records a visit: the last ROUTE_HISTORY_ENTRIES entries, without login pages or repeats in a row. */
export function pushHistory(history: readonly THistoryEntry[], entry: THistoryEntry): THistoryEntry[] {
  const last = history.at(-1);
  if (isLoginPath(entry.path) || (last && sameEntry(last, entry))) return [...history];
  return [...history, { path: entry.path, search: entry.search }].slice(-ROUTE_HISTORY_ENTRIES);
}

/** Where logout goes: the club login from a club page that is not itself a login page. */
export function logoutTarget(pathname: string): string {
  return isClubPath(pathname) && !isLoginPath(pathname) ? CLUB_LOGIN_PATH : LOGIN_PATH;
}

// C0 controls, DEL and C1 controls: browsers strip some of them (tab, newline), so `/\t/x` would
// become `//x`.
const hasControlCharacter = (text: string): boolean =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
  });

/**
 * A post-login target that stays on this site: one leading slash, no second slash or backslash
 * after it, no backslash anywhere (browsers read it as a slash), no control characters. Such a
 * path-absolute reference cannot change the origin. Anything else gives the staff home.
 */
export function safeJumpTarget(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return STAFF_HOME;
  if (target.startsWith('//') || target.includes('\\') || hasControlCharacter(target)) return STAFF_HOME;
  return target;
}

const DUPLICATE_NAVIGATION = /NavigationDuplicated|redundant navigation|duplicate navigation/i;

/** A router's "already there" failure, which the app ignores. */
export function isDuplicateNavigationError(err: unknown): boolean {
  if (typeof err === 'string') return DUPLICATE_NAVIGATION.test(err);
  if (typeof err !== 'object' || err === null) return false;
  const { name, message } = err as { name?: unknown; message?: unknown };
  return (
    (typeof name === 'string' && DUPLICATE_NAVIGATION.test(name)) ||
    (typeof message === 'string' && DUPLICATE_NAVIGATION.test(message))
  );
}

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Delay before reloading after a page chunk failed to load; null (no reload) on a local host. */
export function chunkReloadDelay(hostname: string): number | null {
  return LOCAL_HOSTS.has(hostname.toLowerCase()) ? null : PAGE_RELOAD_DELAY_MS;
}

export type TMenuSection = { section: TRouteSection; routes: TRouteDef[] };

/** Visible routes the user may open, grouped by section; sections and routes in table order. */
export function menuRoutes(
  routes: readonly TRouteDef[],
  user: TNavigationUser | null,
  features: Record<TFeature, boolean>,
  views: Record<TView, boolean>,
): TMenuSection[] {
  const sections: TMenuSection[] = [];
  for (const route of routes) {
    if (!route.visible || evaluateAccess(route, user, features, views) !== 'allow') continue;
    const existing = sections.find((entry) => entry.section === route.section);
    if (existing) existing.routes.push(route);
    else sections.push({ section: route.section, routes: [route] });
  }
  return sections;
}
