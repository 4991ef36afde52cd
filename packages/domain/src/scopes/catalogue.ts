// Scope catalogue (spec platform §6, booking §6): what the role editor offers and
// GET /api/userrole/groups returns. The matcher in scopes.ts does not depend on it.
import {
  ADMIN_SCOPE,
  CAT_PREFIX,
  GUEST_SCOPE,
  IS_AUTHORIZED_SCOPE,
  USER_SCOPE,
  VIEW_PREFIX,
} from './scopes.ts';

export const SCOPE_RESOURCES = [
  'bookings',
  'users',
  'customers',
  'forms',
  'formdef',
  'referral',
  'divelog',
  'diveplan',
  'divesite',
  'divetype',
  'diveboat',
  'vessel',
  'tours',
  'schedules',
  'resort',
  'agencies',
  'mail',
  'mailqueue',
  'mailschedule',
  'mailtemplates',
  'payprovider',
  'todo',
  'suapi',
  'events',
  'contest',
  'price',
  'employee',
  'widget',
  'product',
  'media',
  'settings',
  'export',
  'bookingpayment',
  'bankentries',
  'banks',
  'pos',
] as const;

export type ScopeResource = (typeof SCOPE_RESOURCES)[number];

export const SCOPE_ACTIONS = ['read', 'create', 'update', 'delete', 'self'] as const;

export type ScopeAction = (typeof SCOPE_ACTIONS)[number];

export const SPECIAL_SCOPES = [ADMIN_SCOPE, USER_SCOPE, GUEST_SCOPE, IS_AUTHORIZED_SCOPE] as const;

export type ScopeGroup = { group: string; scopes: string[] };

// Only these resources have "own records" (spec: users.self, customers.self, agencies.self).
const SELF_RESOURCES: ReadonlySet<ScopeResource> = new Set(['users', 'customers', 'agencies']);

// Scopes outside the action pattern that the route table still requires (/config/ota).
const EXTRA_SCOPES: Partial<Record<ScopeResource, readonly string[]>> = { suapi: ['suapi.all'] };

// `$view.` and `$cat.` names are installation-defined, so only their shape can be checked.
const NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

function resourceScopes(resource: ScopeResource): string[] {
  const actions = SCOPE_ACTIONS.filter((action) => action !== 'self' || SELF_RESOURCES.has(resource));
  return [...actions.map((action) => `${resource}.${action}`), ...(EXTRA_SCOPES[resource] ?? [])];
}

/** One group per resource, fresh arrays on each call so callers may sort or extend them. */
export function scopeGroups(): ScopeGroup[] {
  return SCOPE_RESOURCES.map((resource) => ({ group: resource, scopes: resourceScopes(resource) }));
}

const KNOWN: ReadonlySet<string> = new Set([
  ...SPECIAL_SCOPES,
  ...scopeGroups().flatMap((group) => group.scopes),
  ...SCOPE_RESOURCES.map((resource) => `${resource}.*`),
]);

function isNamedScope(scope: string, prefix: string): boolean {
  return scope.startsWith(prefix) && NAME.test(scope.slice(prefix.length));
}

/** Whether a role may store this scope: catalogue, specials, `$view.<name>`, `$cat.<name>`, `<resource>.*`. */
export function isKnownScope(scope: string): boolean {
  return KNOWN.has(scope) || isNamedScope(scope, VIEW_PREFIX) || isNamedScope(scope, CAT_PREFIX);
}
