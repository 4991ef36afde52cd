// Permission-scope matcher (spec platform §6, used by the navigation guard of §2 and the API).
// Pure: the caller passes the user's effective scopes (own scopes ∪ role scopes).

export const ADMIN_SCOPE = 'admin';
export const USER_SCOPE = 'user';
export const GUEST_SCOPE = 'guest';
export const IS_AUTHORIZED_SCOPE = '$$IsAuthorized$$';
export const CAT_PREFIX = '$cat.';
export const VIEW_PREFIX = '$view.';
const WILDCARD = '*';
const SELF_SUFFIX = '.self';

export type ScopeList = readonly string[];

export type UserClass = 'agency' | 'customer' | 'nonAssignedCustomer' | 'guest' | 'internal';

export type ClassifiableUser = {
  userType?: string | null;
  agencyId?: number | null;
  customerId?: number | null;
  scopes: ScopeList;
};

// Specials have their own rules; letting a wildcard reach them would turn e.g. a held `a*`
// into admin rights or a held `g*` into guest status.
const SPECIAL_SCOPES: ReadonlySet<string> = new Set([
  ADMIN_SCOPE,
  USER_SCOPE,
  GUEST_SCOPE,
  IS_AUTHORIZED_SCOPE,
]);

const isBlank = (scope: string): boolean => scope.trim() === '';

const isCatScope = (scope: string): boolean => scope.startsWith(CAT_PREFIX);

/** Guest = no scope of substance: nothing held, or only `guest` (blank entries are noise). */
export function isGuestScopes(userScopes: ScopeList): boolean {
  return userScopes.every((scope) => scope === GUEST_SCOPE || isBlank(scope));
}

/** Own-records scope such as `users.self`; a bare `.self` names no resource, so it is not one. */
export function isSelfScope(scope: string): boolean {
  return scope.length > SELF_SUFFIX.length && scope.endsWith(SELF_SUFFIX);
}

// `['guest']` (or the same entry repeated) marks guest-only pages such as login, which admin must not see.
function isGuestOnlyCheck(required: ScopeList): boolean {
  return required.every((scope) => scope === GUEST_SCOPE);
}

// A pattern `<prefix>*` covers every scope starting with `<prefix>`; a bare `*` is a plain literal,
// because only admin is all-powerful.
function coversByPrefix(pattern: string, scope: string): boolean {
  if (pattern === WILDCARD || !pattern.endsWith(WILDCARD)) return false;
  return scope.startsWith(pattern.slice(0, -1));
}

function wildcardEligible(scope: string): boolean {
  return !SPECIAL_SCOPES.has(scope) && !scope.startsWith(VIEW_PREFIX);
}

/** One held scope against one required scope: literal, or a wildcard on either side. */
function matchesScope(held: string, required: string): boolean {
  if (isBlank(held) || isBlank(required)) return false;
  if (held === required) return true;
  // `$view.*` entries are matched directly, so a held `$view.*` grants no `$view.x`.
  if (!wildcardEligible(held) || !wildcardEligible(required)) return false;
  return coversByPrefix(held, required) || coversByPrefix(required, held);
}

function holdsScope(userScopes: ScopeList, required: string): boolean {
  return userScopes.some((held) => matchesScope(held, required));
}

// An ordinary (non-$cat) entry of an any-of list.
function satisfiesEntry(userScopes: ScopeList, required: string, guest: boolean): boolean {
  // A required `guest` is met by the guest state, not by a held `guest` string of a logged-in user.
  if (required === GUEST_SCOPE) return guest;
  if (guest) return false;
  if (required === IS_AUTHORIZED_SCOPE) return true;
  return holdsScope(userScopes, required);
}

/**
 * Any-of check: passes when at least one required scope is held. An empty list is open.
 * Admin passes everything except a guest-only check. `$cat.` entries must all be held in addition.
 */
export function hasScope(userScopes: ScopeList, required: ScopeList): boolean {
  if (required.length === 0) return true;
  // A held admin is substance, so an admin is never a guest and needs no guest check first.
  if (userScopes.includes(ADMIN_SCOPE)) return !isGuestOnlyCheck(required);
  const guest = isGuestScopes(userScopes);
  const cats = required.filter(isCatScope);
  if (!cats.every((cat) => holdsScope(userScopes, cat))) return false;
  const ordinary = required.filter((scope) => !isCatScope(scope));
  return ordinary.length === 0 || ordinary.some((scope) => satisfiesEntry(userScopes, scope, guest));
}

/**
 * Multi-permission check: every check must pass. No separate admin shortcut: admin already passes
 * each check through `hasScope`, and a guest-only check among them still fails for admin, so the
 * two functions never disagree about the same check. No checks at all means nothing to fail.
 */
export function hasAllScopes(userScopes: ScopeList, checks: readonly ScopeList[]): boolean {
  return checks.every((required) => hasScope(userScopes, required));
}

// Ids are positive serials; 0 mirrors the legacy falsy "no link".
const isLinked = (id: number | null | undefined): boolean => typeof id === 'number' && id > 0;

/**
 * Platform §4. The typed account rules come first: an agency or customer account stays one even
 * while its scopes are empty (e.g. a fresh non-assigned customer), so the guest rule is the fallback
 * for sessions without an account type. A `userType` of agency without a link is internal, as the
 * spec's "none of these" says.
 */
export function classifyUser(user: ClassifiableUser): UserClass {
  const { userType } = user;
  if (userType === 'agency' && isLinked(user.agencyId)) return 'agency';
  if (userType === 'customer') return isLinked(user.customerId) ? 'customer' : 'nonAssignedCustomer';
  if (!userType || userType === GUEST_SCOPE || isGuestScopes(user.scopes)) return 'guest';
  return 'internal';
}

// Scope lists shared by a module's API and its page (the route table imports them: kept here, without the
// modules' schemas, so the light login's landing page choice does not pull zod in).
/** Scopes that read the mailbox: its API and its page (the menu shows it only to them). */
export const MAILBOX_READ_SCOPES: readonly string[] = ['mail.read', 'mailqueue.read'];
/** Scopes that read the media library: its API and its list page (public files need none). */
export const MEDIA_READ_SCOPES: readonly string[] = ['media.read'];
