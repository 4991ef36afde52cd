import * as viaPackage from '@atoll/domain/scopes/catalogue';
import { describe, expect, it } from 'vitest';
import {
  isKnownScope,
  SCOPE_ACTIONS,
  SCOPE_RESOURCES,
  type ScopeGroup,
  SPECIAL_SCOPES,
  scopeGroups,
} from './catalogue.ts';
import {
  type ClassifiableUser,
  classifyUser,
  hasAllScopes,
  hasScope,
  isGuestScopes,
  isSelfScope,
  type UserClass,
} from './scopes.ts';

type Case = { name: string; user: string[]; required: string[]; expected: boolean };

// Runs a table of hasScope cases; every row states its own expected outcome.
function hasScopeTable(cases: Case[]): void {
  it.each(cases)('$name', ({ user, required, expected }) => {
    expect(hasScope(user, required)).toBe(expected);
  });
}

const STAFF = ['user', 'bookings.read'];

describe('isGuestScopes', () => {
  it.each([
    { user: [], expected: true },
    { user: ['guest'], expected: true },
    { user: ['guest', 'guest'], expected: true },
    { user: ['guest', ''], expected: true },
    { user: ['  '], expected: true },
    { user: ['user'], expected: false },
    { user: ['guest', 'user'], expected: false },
    { user: ['guest', 'admin'], expected: false },
    { user: ['guest', '$view.x'], expected: false },
    { user: ['Guest'], expected: false },
  ])('$user -> $expected', ({ user, expected }) => {
    expect(isGuestScopes(user)).toBe(expected);
  });
});

describe('isSelfScope', () => {
  it.each([
    { scope: 'users.self', expected: true },
    { scope: 'customers.self', expected: true },
    { scope: 'agencies.self', expected: true },
    { scope: 'users.read', expected: false },
    { scope: 'self', expected: false },
    { scope: '.self', expected: false },
    { scope: 'users.selfish', expected: false },
    { scope: 'users.self.read', expected: false },
    { scope: 'usersself', expected: false },
  ])('$scope -> $expected', ({ scope, expected }) => {
    expect(isSelfScope(scope)).toBe(expected);
  });
});

describe('hasScope: open checks', () => {
  hasScopeTable([
    { name: 'empty required is open for a guest', user: [], required: [], expected: true },
    { name: 'empty required is open for staff', user: STAFF, required: [], expected: true },
    { name: 'empty required is open for admin', user: ['admin'], required: [], expected: true },
    { name: 'a blank required entry is not open', user: STAFF, required: [''], expected: false },
    {
      name: 'a blank held entry matches no blank required',
      user: ['', 'user'],
      required: [''],
      expected: false,
    },
  ]);
});

describe('hasScope: admin', () => {
  hasScopeTable([
    { name: 'admin passes an unrelated scope', user: ['admin'], required: ['bookings.read'], expected: true },
    { name: 'admin passes admin', user: ['admin'], required: ['admin'], expected: true },
    { name: 'admin passes user', user: ['admin'], required: ['user'], expected: true },
    {
      name: 'admin passes $$IsAuthorized$$',
      user: ['admin'],
      required: ['$$IsAuthorized$$'],
      expected: true,
    },
    { name: 'admin passes a $view', user: ['admin'], required: ['$view.financeReports'], expected: true },
    { name: 'admin passes $cat alone', user: ['admin'], required: ['$cat.resort'], expected: true },
    {
      name: 'admin passes $cat with ordinary entries',
      user: ['admin'],
      required: ['$cat.resort', 'bookings.read'],
      expected: true,
    },
    { name: 'admin fails guest-only', user: ['admin'], required: ['guest'], expected: false },
    {
      name: 'admin fails a repeated guest-only',
      user: ['admin'],
      required: ['guest', 'guest'],
      expected: false,
    },
    {
      name: 'admin holding guest too fails guest-only',
      user: ['guest', 'admin'],
      required: ['guest'],
      expected: false,
    },
    { name: 'admin passes guest or user', user: ['admin'], required: ['guest', 'user'], expected: true },
    {
      name: 'admin passes guest, user or admin',
      user: ['admin'],
      required: ['guest', 'user', 'admin'],
      expected: true,
    },
    {
      name: 'admin passes guest plus a $cat',
      user: ['admin'],
      required: ['guest', '$cat.x'],
      expected: true,
    },
    { name: 'admin passes guest or a blank', user: ['admin'], required: ['guest', ''], expected: true },
    { name: 'admin passes a blank entry', user: ['admin'], required: [''], expected: true },
    {
      name: 'a scope named like admin is not admin',
      user: ['Admin'],
      required: ['bookings.read'],
      expected: false,
    },
  ]);
});

describe('hasScope: guest', () => {
  hasScopeTable([
    { name: 'empty scopes pass guest', user: [], required: ['guest'], expected: true },
    { name: 'guest scope passes guest', user: ['guest'], required: ['guest'], expected: true },
    {
      name: 'guest passes a mixed list with guest',
      user: ['guest'],
      required: ['guest', 'user', 'admin'],
      expected: true,
    },
    { name: 'guest passes when guest is listed last', user: [], required: ['user', 'guest'], expected: true },
    { name: 'guest fails user', user: ['guest'], required: ['user'], expected: false },
    { name: 'guest fails an entity scope', user: [], required: ['bookings.read'], expected: false },
    { name: 'guest fails admin', user: ['guest'], required: ['admin'], expected: false },
    { name: 'guest fails $$IsAuthorized$$', user: [], required: ['$$IsAuthorized$$'], expected: false },
    { name: 'guest fails a $view', user: ['guest'], required: ['$view.x'], expected: false },
    { name: 'guest fails $cat alone', user: [], required: ['$cat.x'], expected: false },
    {
      name: 'guest fails guest plus a $cat',
      user: ['guest'],
      required: ['guest', '$cat.x'],
      expected: false,
    },
    { name: 'blank-only scopes are a guest', user: [''], required: ['guest'], expected: true },
    { name: 'a guest cannot use a blank to pass', user: [''], required: [''], expected: false },
  ]);
});

describe('hasScope: required guest for logged-in users', () => {
  hasScopeTable([
    { name: 'staff fail guest-only', user: STAFF, required: ['guest'], expected: false },
    {
      name: 'a held guest does not help a logged-in user',
      user: ['guest', 'user'],
      required: ['guest'],
      expected: false,
    },
    {
      name: 'staff pass guest, user or admin via user',
      user: ['user'],
      required: ['guest', 'user', 'admin'],
      expected: true,
    },
    {
      name: 'staff without user fail guest, user or admin',
      user: ['bookings.read'],
      required: ['guest', 'user', 'admin'],
      expected: false,
    },
    {
      name: 'staff pass guest or $$IsAuthorized$$',
      user: ['bookings.read'],
      required: ['guest', '$$IsAuthorized$$'],
      expected: true,
    },
  ]);
});

describe('hasScope: $$IsAuthorized$$', () => {
  hasScopeTable([
    {
      name: 'any entity scope is authorised',
      user: ['media.read'],
      required: ['$$IsAuthorized$$'],
      expected: true,
    },
    { name: 'a lone $view is authorised', user: ['$view.x'], required: ['$$IsAuthorized$$'], expected: true },
    { name: 'user is authorised', user: ['user'], required: ['$$IsAuthorized$$'], expected: true },
    {
      name: 'guest with user is authorised',
      user: ['guest', 'user'],
      required: ['$$IsAuthorized$$'],
      expected: true,
    },
    {
      name: 'guest alone is not authorised',
      user: ['guest'],
      required: ['$$IsAuthorized$$'],
      expected: false,
    },
    {
      name: 'authorised still obeys $cat',
      user: ['user'],
      required: ['$$IsAuthorized$$', '$cat.x'],
      expected: false,
    },
    {
      name: 'a held $$IsAuthorized$$ does not grant other scopes',
      user: ['$$IsAuthorized$$'],
      required: ['bookings.read'],
      expected: false,
    },
  ]);
});

describe('hasScope: literal scopes', () => {
  hasScopeTable([
    { name: 'user matches user', user: ['user'], required: ['user'], expected: true },
    { name: 'user does not match users.read', user: ['user'], required: ['users.read'], expected: false },
    { name: 'users.read does not match user', user: ['users.read'], required: ['user'], expected: false },
    { name: 'exact dotted match', user: ['bookings.read'], required: ['bookings.read'], expected: true },
    { name: 'other action fails', user: ['bookings.read'], required: ['bookings.update'], expected: false },
    { name: 'other resource fails', user: ['bookings.read'], required: ['tours.read'], expected: false },
    {
      name: 'any-of passes on the second entry',
      user: ['tours.read'],
      required: ['bookings.read', 'tours.read'],
      expected: true,
    },
    {
      name: 'any-of fails when none held',
      user: ['tours.read'],
      required: ['bookings.read', 'users.read'],
      expected: false,
    },
    {
      name: 'matching is case-sensitive',
      user: ['Bookings.Read'],
      required: ['bookings.read'],
      expected: false,
    },
    {
      name: 'a resource without action is no wildcard',
      user: ['bookings'],
      required: ['bookings.read'],
      expected: false,
    },
    {
      name: 'read does not imply self',
      user: ['customers.read'],
      required: ['customers.self'],
      expected: false,
    },
    {
      name: 'self does not imply read',
      user: ['customers.self'],
      required: ['customers.read'],
      expected: false,
    },
    {
      name: 'a held self passes its own check',
      user: ['agencies.self'],
      required: ['agencies.read', 'agencies.self'],
      expected: true,
    },
    { name: 'an admin-only check fails staff', user: STAFF, required: ['admin'], expected: false },
  ]);
});

describe('hasScope: wildcards', () => {
  hasScopeTable([
    {
      name: 'held bookings.* grants bookings.read',
      user: ['bookings.*'],
      required: ['bookings.read'],
      expected: true,
    },
    {
      name: 'held bookings.* grants bookings.self',
      user: ['bookings.*'],
      required: ['bookings.self'],
      expected: true,
    },
    {
      name: 'held bookings.* grants nested names',
      user: ['bookings.*'],
      required: ['bookings.a.b'],
      expected: true,
    },
    {
      name: 'held bookings.* grants required bookings.*',
      user: ['bookings.*'],
      required: ['bookings.*'],
      expected: true,
    },
    {
      name: 'held bookings.* does not grant tours.read',
      user: ['bookings.*'],
      required: ['tours.read'],
      expected: false,
    },
    {
      name: 'held bookings.* does not grant bookingsx.read',
      user: ['bookings.*'],
      required: ['bookingsx.read'],
      expected: false,
    },
    {
      name: 'held bookings.* does not grant bookingpayment.read',
      user: ['bookings.*'],
      required: ['bookingpayment.read'],
      expected: false,
    },
    {
      name: 'held bookings.* does not grant bare bookings',
      user: ['bookings.*'],
      required: ['bookings'],
      expected: false,
    },
    {
      name: 'a prefix need not end at a dot',
      user: ['book*'],
      required: ['bookingpayment.read'],
      expected: true,
    },
    {
      name: 'held bookings* grants bookingsx.read',
      user: ['bookings*'],
      required: ['bookingsx.read'],
      expected: true,
    },
    {
      name: 'a mid-string star is literal',
      user: ['bookings.*.x'],
      required: ['bookings.read.x'],
      expected: false,
    },
    {
      name: 'required bookings.* met by bookings.read',
      user: ['bookings.read'],
      required: ['bookings.*'],
      expected: true,
    },
    {
      name: 'required bookings.* met by bookings.self',
      user: ['bookings.self'],
      required: ['bookings.*'],
      expected: true,
    },
    {
      name: 'required bookings.* not met by tours.read',
      user: ['tours.read'],
      required: ['bookings.*'],
      expected: false,
    },
    {
      name: 'required bookings.* not met by bookingsx.read',
      user: ['bookingsx.read'],
      required: ['bookings.*'],
      expected: false,
    },
    {
      name: 'required bookings.* not met by bare bookings',
      user: ['bookings'],
      required: ['bookings.*'],
      expected: false,
    },
    { name: 'overlapping wildcards meet', user: ['bookings.re*'], required: ['bookings.*'], expected: true },
    {
      name: 'wildcards on other resources do not meet',
      user: ['tours.*'],
      required: ['bookings.*'],
      expected: false,
    },
  ]);
});

describe('hasScope: a bare * and the specials are out of wildcard reach', () => {
  hasScopeTable([
    {
      name: 'held * does not grant an entity scope',
      user: ['*'],
      required: ['bookings.read'],
      expected: false,
    },
    { name: 'held * does not grant admin', user: ['*'], required: ['admin'], expected: false },
    { name: 'held * does not grant user', user: ['*'], required: ['user'], expected: false },
    { name: 'required * is not met by any scope', user: ['bookings.read'], required: ['*'], expected: false },
    { name: 'required * is met by a literal *', user: ['*'], required: ['*'], expected: true },
    { name: 'held a* does not grant admin', user: ['a*'], required: ['admin'], expected: false },
    { name: 'held u* does not grant user', user: ['u*'], required: ['user'], expected: false },
    { name: 'held u* still grants users.read', user: ['u*'], required: ['users.read'], expected: true },
    { name: 'held g* does not satisfy guest', user: ['g*'], required: ['guest'], expected: false },
    { name: 'required u* is not met by user', user: ['user'], required: ['u*'], expected: false },
    {
      name: 'required a* is met by admin via the admin rule',
      user: ['admin'],
      required: ['a*'],
      expected: true,
    },
    {
      name: 'held $$* does not grant $cat entries',
      user: ['user', '$$*'],
      required: ['$cat.x'],
      expected: false,
    },
  ]);
});

describe('hasScope: $cat entries are AND-combined', () => {
  hasScopeTable([
    { name: 'a lone $cat held passes', user: ['$cat.resort'], required: ['$cat.resort'], expected: true },
    { name: 'a lone $cat not held fails', user: ['user'], required: ['$cat.resort'], expected: false },
    {
      name: 'two $cat both held pass',
      user: ['$cat.a', '$cat.b'],
      required: ['$cat.a', '$cat.b'],
      expected: true,
    },
    { name: 'two $cat one held fails', user: ['$cat.a'], required: ['$cat.a', '$cat.b'], expected: false },
    {
      name: '$cat and an ordinary entry both held pass',
      user: ['$cat.resort', 'bookings.read'],
      required: ['$cat.resort', 'bookings.read'],
      expected: true,
    },
    {
      name: '$cat held but no ordinary entry held fails',
      user: ['$cat.resort'],
      required: ['$cat.resort', 'bookings.read'],
      expected: false,
    },
    {
      name: 'ordinary held but $cat missing fails',
      user: ['bookings.read'],
      required: ['bookings.read', '$cat.resort'],
      expected: false,
    },
    {
      name: '$cat plus one of several ordinary entries passes',
      user: ['$cat.resort', 'tours.read'],
      required: ['bookings.read', '$cat.resort', 'tours.read'],
      expected: true,
    },
    {
      name: '$cat with $$IsAuthorized$$ passes when held',
      user: ['$cat.x'],
      required: ['$cat.x', '$$IsAuthorized$$'],
      expected: true,
    },
    { name: 'a held $cat.* grants $cat.x', user: ['$cat.*'], required: ['$cat.x'], expected: true },
    { name: 'a held $cat.x meets a required $cat.*', user: ['$cat.x'], required: ['$cat.*'], expected: true },
    { name: 'a held $cat.a does not grant $cat.b', user: ['$cat.a'], required: ['$cat.b'], expected: false },
    {
      name: 'a held wildcard fills the ordinary part',
      user: ['$cat.x', 'bookings.*'],
      required: ['$cat.x', 'bookings.read'],
      expected: true,
    },
    { name: 'a $cat is matched case-sensitively', user: ['$cat.X'], required: ['$cat.x'], expected: false },
  ]);
});

describe('hasScope: $view entries are matched directly', () => {
  hasScopeTable([
    {
      name: 'exact $view passes',
      user: ['$view.financeReports'],
      required: ['$view.financeReports'],
      expected: true,
    },
    {
      name: 'other $view fails',
      user: ['$view.bookingReports'],
      required: ['$view.financeReports'],
      expected: false,
    },
    {
      name: 'a held $view.* grants no $view',
      user: ['$view.*'],
      required: ['$view.financeReports'],
      expected: false,
    },
    {
      name: 'a held $view* grants no $view',
      user: ['$view*'],
      required: ['$view.financeReports'],
      expected: false,
    },
    { name: 'a held $* grants no $view', user: ['$*'], required: ['$view.financeReports'], expected: false },
    {
      name: 'a required $view.* is a literal',
      user: ['$view.financeReports'],
      required: ['$view.*'],
      expected: false,
    },
    { name: 'a required $view.* is met by itself', user: ['$view.*'], required: ['$view.*'], expected: true },
    {
      name: 'a required $view* does not reach $view names',
      user: ['$view.x'],
      required: ['$view*'],
      expected: false,
    },
    {
      name: 'a $view prefix does not match a longer name',
      user: ['$view.finance'],
      required: ['$view.financeReports'],
      expected: false,
    },
    {
      name: 'a $view is an ordinary any-of entry',
      user: ['$view.x'],
      required: ['bookings.read', '$view.x'],
      expected: true,
    },
  ]);
});

describe('hasAllScopes', () => {
  it.each([
    { name: 'no checks pass', user: STAFF, checks: [], expected: true },
    { name: 'no checks pass for a guest', user: [], checks: [], expected: true },
    {
      name: 'finance needs both scopes: both held',
      user: ['bookingpayment.read', 'bankentries.read'],
      checks: [['bookingpayment.read'], ['bankentries.read']],
      expected: true,
    },
    {
      name: 'finance needs both scopes: one held',
      user: ['bookingpayment.read'],
      checks: [['bookingpayment.read'], ['bankentries.read']],
      expected: false,
    },
    {
      name: 'each check is any-of',
      user: ['a.x', 'b.y'],
      checks: [
        ['a.x', 'a.z'],
        ['b.z', 'b.y'],
      ],
      expected: true,
    },
    { name: 'an empty check inside is open', user: ['a.x'], checks: [[], ['a.x']], expected: true },
    {
      name: 'wildcards apply per check',
      user: ['bookings.*'],
      checks: [['bookings.read'], ['bookings.update']],
      expected: true,
    },
    {
      name: 'admin passes all',
      user: ['admin'],
      checks: [['bookingpayment.read'], ['bankentries.read']],
      expected: true,
    },
    {
      name: 'admin fails a guest-only check among them',
      user: ['admin'],
      checks: [['users.read'], ['guest']],
      expected: false,
    },
    { name: 'a guest passes guest checks', user: [], checks: [['guest'], ['guest', 'user']], expected: true },
    { name: 'a guest fails a non-guest check', user: [], checks: [['guest'], ['user']], expected: false },
  ])('$name', ({ user, checks, expected }) => {
    expect(hasAllScopes(user, checks)).toBe(expected);
  });
});

describe('classifyUser', () => {
  const cases: { name: string; user: ClassifiableUser; expected: UserClass }[] = [
    {
      name: 'linked agency',
      user: { userType: 'agency', agencyId: 7, scopes: ['agencies.self'] },
      expected: 'agency',
    },
    {
      name: 'linked agency with guest scopes',
      user: { userType: 'agency', agencyId: 7, scopes: [] },
      expected: 'agency',
    },
    {
      name: 'agency also carrying a customer link',
      user: { userType: 'agency', agencyId: 7, customerId: 3, scopes: ['user'] },
      expected: 'agency',
    },
    {
      name: 'agency without link',
      user: { userType: 'agency', agencyId: null, scopes: ['user'] },
      expected: 'internal',
    },
    {
      name: 'agency with link 0',
      user: { userType: 'agency', agencyId: 0, scopes: ['user'] },
      expected: 'internal',
    },
    {
      name: 'agency type with only a customer link',
      user: { userType: 'agency', customerId: 3, scopes: ['user'] },
      expected: 'internal',
    },
    {
      name: 'unlinked agency with guest scopes',
      user: { userType: 'agency', scopes: ['guest'] },
      expected: 'guest',
    },
    {
      name: 'linked customer',
      user: { userType: 'customer', customerId: 3, scopes: ['customers.self'] },
      expected: 'customer',
    },
    {
      name: 'linked customer with guest scopes',
      user: { userType: 'customer', customerId: 3, scopes: ['guest'] },
      expected: 'customer',
    },
    {
      name: 'customer type with only an agency link',
      user: { userType: 'customer', agencyId: 7, scopes: ['customers.self'] },
      expected: 'nonAssignedCustomer',
    },
    {
      name: 'customer with null link',
      user: { userType: 'customer', customerId: null, scopes: ['user'] },
      expected: 'nonAssignedCustomer',
    },
    {
      name: 'customer with link 0',
      user: { userType: 'customer', customerId: 0, scopes: ['user'] },
      expected: 'nonAssignedCustomer',
    },
    {
      name: 'unlinked customer with no scopes',
      user: { userType: 'customer', scopes: [] },
      expected: 'nonAssignedCustomer',
    },
    { name: 'no user type', user: { scopes: ['user'] }, expected: 'guest' },
    { name: 'null user type', user: { userType: null, scopes: ['user'] }, expected: 'guest' },
    { name: 'empty user type', user: { userType: '', scopes: ['user'] }, expected: 'guest' },
    { name: 'guest user type', user: { userType: 'guest', scopes: ['user'] }, expected: 'guest' },
    {
      name: 'guest user type with an agency link',
      user: { userType: 'guest', agencyId: 7, scopes: [] },
      expected: 'guest',
    },
    {
      name: 'staff type with guest scope only',
      user: { userType: 'Default', scopes: ['guest'] },
      expected: 'guest',
    },
    { name: 'staff type with no scopes', user: { userType: 'Default', scopes: [] }, expected: 'guest' },
    { name: 'staff type with scopes', user: { userType: 'Default', scopes: ['user'] }, expected: 'internal' },
    {
      name: 'staff holding guest and user',
      user: { userType: 'Default', scopes: ['guest', 'user'] },
      expected: 'internal',
    },
    { name: 'admin type', user: { userType: 'admin', scopes: ['admin'] }, expected: 'internal' },
    {
      name: 'employee type',
      user: { userType: 'employee', scopes: ['employee.read'] },
      expected: 'internal',
    },
    { name: 'System type', user: { userType: 'System', scopes: ['user'] }, expected: 'internal' },
    {
      name: 'user type is case-sensitive',
      user: { userType: 'Agency', agencyId: 7, scopes: ['user'] },
      expected: 'internal',
    },
  ];
  it.each(cases)('$name -> $expected', ({ user, expected }) => {
    expect(classifyUser(user)).toBe(expected);
  });
});

describe('catalogue', () => {
  const byGroup = (groups: ScopeGroup[], name: string): string[] | undefined =>
    groups.find((group) => group.group === name)?.scopes;

  it('lists the actions of the spec in order', () => {
    expect(SCOPE_ACTIONS).toEqual(['read', 'create', 'update', 'delete', 'self']);
  });

  it('lists the special scopes', () => {
    expect(SPECIAL_SCOPES).toEqual(['admin', 'user', 'guest', '$$IsAuthorized$$']);
  });

  it('has no duplicate resources', () => {
    expect(new Set(SCOPE_RESOURCES).size).toBe(SCOPE_RESOURCES.length);
  });

  it('has one group per resource, in resource order', () => {
    expect(scopeGroups().map((group) => group.group)).toEqual([...SCOPE_RESOURCES]);
  });

  it.each(['users', 'customers', 'agencies'])('%s has CRUD and self', (resource) => {
    expect(byGroup(scopeGroups(), resource)).toEqual(
      ['read', 'create', 'update', 'delete', 'self'].map((action) => `${resource}.${action}`),
    );
  });

  it.each(
    SCOPE_RESOURCES.filter((resource) => !['users', 'customers', 'agencies', 'suapi'].includes(resource)),
  )('%s has CRUD only', (resource) => {
    expect(byGroup(scopeGroups(), resource)).toEqual(
      ['read', 'create', 'update', 'delete'].map((action) => `${resource}.${action}`),
    );
  });

  it('suapi has CRUD and all', () => {
    expect(byGroup(scopeGroups(), 'suapi')).toEqual([
      'suapi.read',
      'suapi.create',
      'suapi.update',
      'suapi.delete',
      'suapi.all',
    ]);
  });

  it('returns fresh arrays, so a caller cannot corrupt the catalogue', () => {
    const first = scopeGroups();
    first[0]?.scopes.push('bookings.hacked');
    first.pop();
    expect(scopeGroups()).toHaveLength(SCOPE_RESOURCES.length);
    expect(byGroup(scopeGroups(), 'bookings')).not.toContain('bookings.hacked');
    expect(isKnownScope('bookings.hacked')).toBe(false);
  });

  it('is reachable through the package export', () => {
    expect(viaPackage.scopeGroups()).toEqual(scopeGroups());
  });

  // Every scope the spec's route table (shared/spec/routes.json) and booking §6 require.
  const ROUTE_SCOPES = [
    '$$IsAuthorized$$',
    'admin',
    'guest',
    'user',
    'agencies.create',
    'agencies.read',
    'agencies.self',
    'agencies.update',
    'bankentries.read',
    'banks.create',
    'banks.read',
    'banks.update',
    'bookingpayment.read',
    'bookings.create',
    'bookings.read',
    'bookings.update',
    'contest.read',
    'customers.create',
    'customers.read',
    'customers.self',
    'customers.update',
    'diveboat.read',
    'divelog.read',
    'diveplan.read',
    'divesite.read',
    'divetype.read',
    'employee.read',
    'events.read',
    'export.read',
    'formdef.update',
    'forms.read',
    'mail.update',
    'mailqueue.read',
    'mailschedule.read',
    'mailtemplates.update',
    'media.create',
    'media.update',
    'payprovider.read',
    'pos.read',
    'price.update',
    'product.create',
    'product.read',
    'product.update',
    'referral.read',
    'resort.create',
    'resort.read',
    'resort.update',
    'schedules.create',
    'schedules.read',
    'schedules.update',
    'settings.read',
    'suapi.all',
    'suapi.read',
    'todo.update',
    'tours.create',
    'tours.read',
    'tours.update',
    'users.create',
    'users.read',
    'users.self',
    'users.update',
    'vessel.create',
    'vessel.read',
    'vessel.update',
    'widget.create',
    'widget.read',
    'widget.update',
  ];
  it.each(ROUTE_SCOPES)('knows the route scope %s', (scope) => {
    expect(isKnownScope(scope)).toBe(true);
  });

  it.each([
    { scope: 'bookings.delete', expected: true },
    { scope: 'pos.update', expected: true },
    { scope: 'bookings.*', expected: true },
    { scope: 'suapi.*', expected: true },
    { scope: '$view.financeReports', expected: true },
    { scope: '$view.home-notifications', expected: true },
    { scope: '$cat.resort', expected: true },
    { scope: '$cat.resort.main', expected: true },
    { scope: 'bookings.self', expected: false },
    { scope: 'tours.all', expected: false },
    { scope: 'unknown.read', expected: false },
    { scope: 'unknown.*', expected: false },
    { scope: 'bookings', expected: false },
    { scope: 'bookings.', expected: false },
    { scope: '*', expected: false },
    { scope: 'book*', expected: false },
    { scope: 'Bookings.read', expected: false },
    { scope: '$view.', expected: false },
    { scope: '$view.*', expected: false },
    { scope: '$view.a b', expected: false },
    { scope: '$view.a.', expected: false },
    { scope: '$cat.', expected: false },
    { scope: '$cat.*', expected: false },
    { scope: '$other.x', expected: false },
    { scope: '', expected: false },
    { scope: 'Admin', expected: false },
  ])('isKnownScope($scope) -> $expected', ({ scope, expected }) => {
    expect(isKnownScope(scope)).toBe(expected);
  });
});
