import * as viaPackage from '@atoll/domain/navigation/guard';
import { describe, expect, it } from 'vitest';
import { FEATURES, type TFeature, type TView, VIEWS } from '../constants.ts';
import {
  chunkReloadDelay,
  decideNavigation,
  evaluateAccess,
  homeFor,
  isClubPath,
  isDuplicateNavigationError,
  isJumpPath,
  isLoginPath,
  isPublicPath,
  loginPathFor,
  logoutTarget,
  menuRoutes,
  pushHistory,
  safeJumpTarget,
  type THistoryEntry,
  type TNavigationInput,
  type TNavigationUser,
  withTimestamp,
} from './guard.ts';
import { findRoute, ROUTES, type TRouteDef } from './routes.ts';

const NOW = 1_700_000_000_000;

const switches = <K extends string>(keys: readonly K[], off: readonly K[] = []): Record<K, boolean> =>
  Object.fromEntries(keys.map((key) => [key, !off.includes(key)])) as Record<K, boolean>;
const features = (...off: TFeature[]) => switches(FEATURES, off);
const views = (...off: TView[]) => switches(VIEWS, off);

const ADMIN: TNavigationUser = { scopes: ['admin'], userType: 'System' };
const STAFF: TNavigationUser = { scopes: ['user', 'bookings.read', 'events.read'], userType: 'Default' };
const AGENT: TNavigationUser = { scopes: ['user', 'agencies.self'], userType: 'agency', agencyId: 4 };
const MEMBER: TNavigationUser = { scopes: ['user', 'customers.self'], userType: 'customer', customerId: 9 };
const NEW_MEMBER: TNavigationUser = { scopes: ['user'], userType: 'customer', customerId: null };
const GUEST_USER: TNavigationUser = { scopes: ['guest'], userType: 'guest' };
// A session without an account type counts as a guest (platform §4), whatever it holds.
const UNTYPED: TNavigationUser = { scopes: ['user'] };

function routeAt(path: string): TRouteDef {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

function decide(overrides: Partial<TNavigationInput> & { pathname: string }) {
  const route = overrides.route ?? findRoute(overrides.pathname);
  if (!route) throw new Error(`no route for ${overrides.pathname}`);
  return decideNavigation({
    user: null,
    features: features(),
    views: views(),
    history: [],
    now: NOW,
    ...overrides,
    route,
  });
}

function redirectOf(decision: ReturnType<typeof decideNavigation>): string | undefined {
  return 'redirect' in decision ? decision.redirect : undefined;
}

const route = (def: Partial<TRouteDef> & { path: string }): TRouteDef => ({
  name: 'synthetic',
  scopes: [],
  visible: true,
  section: 'base',
  ...def,
});

describe('package entry', () => {
  it('exports the guard', () => {
    expect(viaPackage.decideNavigation).toBe(decideNavigation);
    expect(viaPackage.menuRoutes).toBe(menuRoutes);
  });
});

describe('isPublicPath (guard rule 1 list)', () => {
  it.each([
    ['/guestform/:id/:token', true],
    ['/invoice/:id', true],
    ['/club/invoice/:id', true],
    ['/book/online', true],
    ['/book/preview', true],
    ['/widget/:slug', true],
    ['/forms/:id/:token', true],
    ['/register/:userType', true],
    ['/password/reset', true],
    ['/club/password/reset', true],
    ['/payment/aborted', true],
    ['/payment/success', true],
    ['/user/:id/verify', true],
    ['/club/user/:id/verify', true],
    ['/user/5/verify', true],
    ['/book', false],
    ['/booking/list', false],
    ['/crm/forms', false],
    ['/customer/guestform', false],
    ['/guestform-m/:id/:token', false],
    ['/widget-admin/list', false],
    ['/user/verify', false],
    ['/users/5/verify', false],
    ['/user/5/verifyx', false],
    ['/login', false],
    ['/invoices', false],
  ])('%s -> %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});

describe('path helpers', () => {
  it.each([
    ['/login', true],
    ['/club/login', true],
    ['/login/', true],
    ['/club//login', true],
    ['/login/x', false],
    ['/logins', false],
    ['/club/loginx', false],
    ['/', false],
  ])('isLoginPath(%s) -> %s', (path, expected) => {
    expect(isLoginPath(path)).toBe(expected);
  });

  it.each([
    ['/club/dashboard', true],
    ['/club/login', true],
    ['//club/card', true],
    ['/club', false],
    ['/clubs/x', false],
    ['/crm/customer', false],
    ['/x/club/y', false],
  ])('isClubPath(%s) -> %s', (path, expected) => {
    expect(isClubPath(path)).toBe(expected);
  });

  it.each([
    ['/jump/crm', true],
    ['/jumpto/token', false],
    ['/jump', false],
  ])('isJumpPath(%s) -> %s', (path, expected) => {
    expect(isJumpPath(path)).toBe(expected);
  });

  it.each([
    ['/club/card', '/club/login'],
    ['/booking/list', '/login'],
    ['/club', '/login'],
  ])('loginPathFor(%s) -> %s', (path, expected) => {
    expect(loginPathFor(path)).toBe(expected);
  });
});

describe('withTimestamp', () => {
  it.each([
    ['', '?t=7'],
    ['?', '?t=7'],
    ['?page=2', '?page=2&t=7'],
    ['page=2', '?page=2&t=7'],
    ['?t=1&page=2', '?page=2&t=7'],
    ['?page=2&t=1&t=3', '?page=2&t=7'],
    ['?q=a%20b&sort=name', '?q=a%20b&sort=name&t=7'],
    ['?tab=x', '?tab=x&t=7'],
    ['?t', '?t=7'],
  ])('%j -> %j', (search, expected) => {
    expect(withTimestamp(search, 7)).toBe(expected);
  });
});

describe('evaluateAccess / decideNavigation', () => {
  describe('feature switches: off means not found, for everyone', () => {
    it.each([
      { path: '/booking/list', off: ['resort', 'vessel'] as TFeature[], user: STAFF, expected: 'notFound' },
      { path: '/booking/list', off: ['resort'] as TFeature[], user: STAFF, expected: 'allow' },
      { path: '/booking/list', off: ['vessel'] as TFeature[], user: STAFF, expected: 'allow' },
      { path: '/booking/calendar', off: ['vessel'] as TFeature[], user: ADMIN, expected: 'notFound' },
      { path: '/crm/forms', off: ['forms'] as TFeature[], user: ADMIN, expected: 'notFound' },
      { path: '/crm/forms', off: ['crmMaster'] as TFeature[], user: ADMIN, expected: 'notFound' },
      { path: '/crm/forms', off: [] as TFeature[], user: ADMIN, expected: 'allow' },
      { path: '/finance/assetshare', off: ['connect'] as TFeature[], user: ADMIN, expected: 'notFound' },
      { path: '/finance/assetshare', off: ['bank'] as TFeature[], user: ADMIN, expected: 'notFound' },
      { path: '/book', off: ['resort', 'vessel'] as TFeature[], user: null, expected: 'notFound' },
      { path: '/book', off: ['vessel'] as TFeature[], user: null, expected: 'allow' },
      // Before the login check: a guest is not sent to log in for a page that does not exist.
      { path: '/todo', off: ['todo'] as TFeature[], user: null, expected: 'notFound' },
      { path: '/todo', off: [] as TFeature[], user: null, expected: 'unauthorized' },
      { path: '/config', off: [...FEATURES], user: ADMIN, expected: 'allow' },
    ])('$path with $off off, user $user.userType -> $expected', ({ path, off, user, expected }) => {
      expect(evaluateAccess(routeAt(path), user, features(...off), views())).toBe(expected);
      expect(decide({ pathname: path, route: routeAt(path), user, features: features(...off) }).kind).toBe(
        expected,
      );
    });

    it('treats a missing switch as off', () => {
      const partial = { resort: true } as Record<TFeature, boolean>;
      expect(evaluateAccess(routeAt('/stats/occupancy'), ADMIN, partial, views())).toBe('allow');
      expect(evaluateAccess(routeAt('/stats/tour'), ADMIN, partial, views())).toBe('notFound');
    });
  });

  describe('rule 1: no scope or a public page is allowed unless a view excludes it', () => {
    it.each([
      { path: '/jump/crm', user: null },
      { path: '/nowhere', user: null },
      { path: '/nowhere', user: STAFF },
      { path: '/book/online', user: MEMBER },
      // Scoped public pages: the public list wins over the scopes.
      { path: '/user/5/verify', user: { scopes: ['bookings.read'], userType: 'Default' } },
      { path: '/club/user/5/verify', user: { scopes: ['bookings.read'], userType: 'Default' } },
      { path: '/payment/success', user: { scopes: ['bookings.read'], userType: 'Default' } },
      { path: '/payment/success', user: null },
    ])('$path for $user.scopes -> allow', ({ path, user }) => {
      expect(decide({ pathname: path, user })).toEqual({ kind: 'allow' });
    });

    it('a public page keeps its public status only by its route pattern', () => {
      // A scoped route whose path merely looks public through the request is still scoped.
      expect(decide({ pathname: '/crm/forms/', user: null }).kind).toBe('unauthorized');
      const scopedPublic = route({ path: '/invoice/:id', scopes: ['bookings.read'] });
      expect(decide({ pathname: '/invoice/5', route: scopedPublic, user: null }).kind).toBe('allow');
      const scopedPrivate = route({ path: '/invoices/:id', scopes: ['bookings.read'] });
      expect(decide({ pathname: '/invoices/5', route: scopedPrivate, user: null }).kind).toBe('unauthorized');
    });

    it('a view exclusion still applies to open and public routes', () => {
      const openExcluded = route({ path: '/open', not: ['guestforms'] });
      expect(decide({ pathname: '/open', route: openExcluded, views: views('guestforms') }).kind).toBe(
        'forbidden',
      );
      expect(decide({ pathname: '/open', route: openExcluded, views: views('diveReports') }).kind).toBe(
        'allow',
      );
      const publicExcluded = route({
        path: '/guestform/:id/:token',
        scopes: ['x.read'],
        not: ['guestforms'],
      });
      expect(
        decide({ pathname: '/guestform/1/t', route: publicExcluded, views: views('guestforms') }).kind,
      ).toBe('forbidden');
      expect(decide({ pathname: '/guestform/1/t', route: publicExcluded }).kind).toBe('allow');
    });
  });

  describe('rule 2: admin passes', () => {
    it('on every route except the login pages, with all switches on', () => {
      for (const candidate of ROUTES) {
        const expected = candidate.guestOnly ? 'forbidden' : 'allow';
        expect(evaluateAccess(candidate, ADMIN, features(), views()), candidate.path).toBe(expected);
      }
    });

    it('including "and" routes and routes a switched-off view excludes (the spec ties views to rules 1 and 3)', () => {
      expect(decide({ pathname: '/stats/base', user: ADMIN, views: views('financeReports') }).kind).toBe(
        'allow',
      );
      expect(decide({ pathname: '/customer/list', user: ADMIN, views: views('customerDetails') }).kind).toBe(
        'allow',
      );
    });

    it('whatever the account type', () => {
      expect(
        decide({ pathname: '/config', user: { scopes: ['admin'], userType: 'agency', agencyId: 1 } }).kind,
      ).toBe('allow');
      expect(decide({ pathname: '/config', user: { scopes: ['admin'] } }).kind).toBe('allow');
    });

    it('but not on a login page: guest-only pages follow hasScope', () => {
      expect(decide({ pathname: '/login', user: ADMIN })).toEqual({
        kind: 'forbidden',
        message: 'forbidden',
        redirect: '/',
      });
    });
  });

  describe('rule 3: any of the scopes, every `all` check, and not excluded', () => {
    const finance = (scopes: string[]) => ({ scopes, userType: 'Default' });
    it.each([
      { path: '/booking/list', user: STAFF, expected: 'allow' },
      { path: '/booking/list', user: AGENT, expected: 'allow' },
      { path: '/booking/5', user: AGENT, expected: 'allow' },
      { path: '/booking/5', user: MEMBER, expected: 'allow' },
      { path: '/booking/list', user: MEMBER, expected: 'forbidden' },
      {
        path: '/booking/wizard',
        user: { scopes: ['bookings.create'], userType: 'Default' },
        expected: 'allow',
      },
      { path: '/booking/list', user: MEMBER, expected: 'forbidden' },
      { path: '/config', user: STAFF, expected: 'forbidden' },
      {
        path: '/config/booking',
        user: { scopes: ['bookings.update'], userType: 'Default' },
        expected: 'allow',
      },
      { path: '/stats/base', user: finance(['bookingpayment.read', 'bankentries.read']), expected: 'allow' },
      { path: '/stats/base', user: finance(['bookingpayment.read']), expected: 'forbidden' },
      { path: '/stats/base', user: finance(['bankentries.read']), expected: 'forbidden' },
      { path: '/stats/base', user: finance(['bookingpayment.*', 'bankentries.*']), expected: 'allow' },
      { path: '/stats/base', user: finance(['user']), expected: 'forbidden' },
      { path: '/', user: STAFF, expected: 'allow' },
      { path: '/', user: MEMBER, expected: 'allow' },
      { path: '/specials/list', user: STAFF, expected: 'allow' },
      {
        path: '/specials/list',
        user: { scopes: ['price.update'], userType: 'Default' },
        expected: 'forbidden',
      },
      { path: '/club/dashboard', user: MEMBER, expected: 'allow' },
      { path: '/customer/view/5', user: MEMBER, expected: 'allow' },
      { path: '/agency/5', user: AGENT, expected: 'allow' },
      { path: '/jumpto/tok', user: STAFF, expected: 'allow' },
      { path: '/jumpto/tok', user: null, expected: 'allow' },
    ])('$path for $user.scopes -> $expected', ({ path, user, expected }) => {
      expect(decide({ pathname: path, user }).kind).toBe(expected);
    });

    it('an excluded route is forbidden even with the scope', () => {
      expect(decide({ pathname: '/notifications', user: STAFF }).kind).toBe('allow');
      expect(
        decide({ pathname: '/notifications', user: STAFF, views: views('homeNotifications') }).kind,
      ).toBe('forbidden');
      const member = { ...MEMBER, scopes: ['customers.self'] };
      expect(decide({ pathname: '/customer/guestform', user: member }).kind).toBe('allow');
      expect(decide({ pathname: '/customer/guestform', user: member, views: views('guestforms') }).kind).toBe(
        'forbidden',
      );
      expect(
        decide({ pathname: '/customer/guestform', user: member, views: views('customerDetails') }).kind,
      ).toBe('forbidden');
      expect(
        decide({
          pathname: '/stats/dive',
          user: { scopes: ['divelog.read'], userType: 'Default' },
          views: views('diveReports'),
        }).kind,
      ).toBe('forbidden');
    });
  });

  describe('rule 4: forbidden goes back to the previous page with a timestamp', () => {
    const history: THistoryEntry[] = [
      { path: '/booking/list', search: '?page=2' },
      { path: '/config', search: '' },
      { path: '/notifications', search: '' },
    ];

    it('picks the newest other page the user may still open, merging t into its query', () => {
      // /notifications is the page asked for; /config is refused to this user; /booking/list remains.
      expect(
        decide({ pathname: '/notifications', user: STAFF, views: views('homeNotifications'), history }),
      ).toEqual({ kind: 'forbidden', message: 'forbidden', redirect: `/booking/list?page=2&t=${NOW}` });
    });

    it('takes the newest entry when it is allowed, replacing an old t', () => {
      const recent = [...history, { path: '/booking/trip', search: 't=5&view=week' }];
      expect(redirectOf(decide({ pathname: '/config', user: STAFF, history: recent }))).toBe(
        `/booking/trip?view=week&t=${NOW}`,
      );
    });

    it('skips login pages and the requested page itself, however written', () => {
      const entries = [
        { path: '/booking/list', search: '' },
        { path: '/config/', search: '' },
        { path: '/login', search: '' },
      ];
      expect(redirectOf(decide({ pathname: '/config', user: STAFF, history: entries }))).toBe(
        `/booking/list?t=${NOW}`,
      );
    });

    it.each([
      { who: 'internal staff', user: STAFF, pathname: '/config', redirect: '/' },
      { who: 'internal staff on a club path', user: STAFF, pathname: '/club/card', redirect: '/' },
      { who: 'an agent', user: AGENT, pathname: '/config', redirect: '/login' },
      { who: 'a member', user: MEMBER, pathname: '/config', redirect: '/login' },
      { who: 'a member on a club path', user: MEMBER, pathname: '/club/card', redirect: '/club/login' },
      { who: 'a new member', user: NEW_MEMBER, pathname: '/club/card', redirect: '/club/login' },
    ])('failing that, $who goes to $redirect', ({ user, pathname, redirect }) => {
      expect(decide({ pathname, user, history: [] })).toEqual({
        kind: 'forbidden',
        message: 'forbidden',
        redirect,
      });
    });

    it('never goes back to the page that was refused, even when its table route would allow it', () => {
      // The caller's route (a view-excluded variant of /mail) decides, not the table's /mail.
      const excludedMail = route({ path: '/mail', not: ['guestforms'] });
      const entries = [
        { path: '/booking/list', search: '' },
        { path: '/mail/', search: '' },
      ];
      expect(
        redirectOf(
          decide({
            pathname: '/mail',
            route: excludedMail,
            user: STAFF,
            views: views('guestforms'),
            history: entries,
          }),
        ),
      ).toBe(`/booking/list?t=${NOW}`);
    });

    it('never goes back to a login page, even for a guest', () => {
      const openExcluded = route({ path: '/open', not: ['guestforms'] });
      const entries = [
        { path: '/crm/guestform', search: '' },
        { path: '/login', search: '?returnTo=%2F' },
      ];
      expect(
        redirectOf(
          decide({ pathname: '/open', route: openExcluded, views: views('guestforms'), history: entries }),
        ),
      ).toBe(`/crm/guestform?t=${NOW}`);
    });

    it('a guest on a switched-off open page goes to login', () => {
      const openExcluded = route({ path: '/club/open', not: ['guestforms'] });
      expect(decide({ pathname: '/club/open', route: openExcluded, views: views('guestforms') })).toEqual({
        kind: 'forbidden',
        message: 'forbidden',
        redirect: '/club/login',
      });
    });

    it('a logged-in user on a login page goes back, or home, never to another login page', () => {
      expect(redirectOf(decide({ pathname: '/club/login', user: MEMBER }))).toBe('/club/dashboard');
      expect(redirectOf(decide({ pathname: '/login', user: AGENT }))).toBe('/');
      expect(redirectOf(decide({ pathname: '/login', user: STAFF, history }))).toBe(
        `/notifications?t=${NOW}`,
      );
    });

    it('ignores history entries whose page is switched off now', () => {
      const entries = [
        { path: '/booking/list', search: '' },
        { path: '/booking/calendar', search: '' },
      ];
      expect(
        redirectOf(
          decide({ pathname: '/config', user: STAFF, history: entries, features: features('vessel') }),
        ),
      ).toBe(`/booking/list?t=${NOW}`);
    });
  });

  describe('rule 5: a guest on a scoped route is sent to log in, with returnTo', () => {
    it.each([
      {
        pathname: '/booking/list',
        search: '?page=2&q=a b',
        redirect: '/login?returnTo=%2Fbooking%2Flist%3Fpage%3D2%26q%3Da%20b',
      },
      {
        pathname: '/booking/list',
        search: 'page=2',
        redirect: '/login?returnTo=%2Fbooking%2Flist%3Fpage%3D2',
      },
      { pathname: '/booking/list', search: '', redirect: '/login?returnTo=%2Fbooking%2Flist' },
      { pathname: '/booking/list', search: '?', redirect: '/login?returnTo=%2Fbooking%2Flist' },
      { pathname: '/booking/list', search: undefined, redirect: '/login?returnTo=%2Fbooking%2Flist' },
      { pathname: '/', search: '', redirect: '/login?returnTo=%2F' },
      { pathname: '/club/card', search: '', redirect: '/club/login?returnTo=%2Fclub%2Fcard' },
      {
        pathname: '/club/dashboard/points',
        search: '',
        redirect: '/club/login?returnTo=%2Fclub%2Fdashboard%2Fpoints',
      },
      { pathname: '/crm/customer', search: '', redirect: '/login?returnTo=%2Fcrm%2Fcustomer' },
    ])('$pathname$search -> $redirect', ({ pathname, search, redirect }) => {
      expect(decide({ pathname, search, user: null })).toEqual({
        kind: 'unauthorized',
        message: 'unauthorized',
        redirect,
      });
    });

    it.each([
      { who: 'no user', user: null },
      { who: 'a guest account', user: GUEST_USER },
      { who: 'a session without account type', user: UNTYPED },
    ])('applies to $who', ({ user }) => {
      expect(decide({ pathname: '/config', user }).kind).toBe('unauthorized');
    });

    it('but a logged-in user without the scope is forbidden, not sent to log in', () => {
      expect(decide({ pathname: '/config', user: NEW_MEMBER }).kind).toBe('forbidden');
    });

    it('unless the route lets guests in', () => {
      expect(decide({ pathname: '/jumpto/abc', user: GUEST_USER }).kind).toBe('allow');
      expect(decide({ pathname: '/login', user: GUEST_USER }).kind).toBe('allow');
      expect(decide({ pathname: '/club/login', user: null }).kind).toBe('allow');
    });
  });

  it('every public route is open to a guest, every scoped non-public one is not', () => {
    for (const candidate of ROUTES) {
      const access = evaluateAccess(candidate, null, features(), views());
      if (candidate.public) expect(access, candidate.path).toBe('allow');
      else if (candidate.scopes.length > 0 || candidate.all)
        expect(access, candidate.path).toBe('unauthorized');
      else expect(access, candidate.path).toBe('allow');
    }
  });

  it('no logged-in user may open a login page', () => {
    for (const user of [ADMIN, STAFF, AGENT, MEMBER]) {
      for (const path of ['/login', '/club/login'])
        expect(evaluateAccess(routeAt(path), user, features(), views())).toBe('forbidden');
    }
  });
});

describe('pushHistory', () => {
  const a = { path: '/a', search: '' };
  const b = { path: '/b', search: '?x=1' };

  it('appends and returns a new array', () => {
    const history = [a];
    const next = pushHistory(history, b);
    expect(next).toEqual([a, b]);
    expect(history).toEqual([a]);
    expect(next).not.toBe(history);
  });

  it.each([
    { entry: { path: '/login', search: '' }, why: 'login page' },
    { entry: { path: '/club/login', search: '?returnTo=%2F' }, why: 'club login page' },
    { entry: { path: '/login/', search: '' }, why: 'login page with trailing slash' },
    { entry: { path: '/b', search: '?x=1' }, why: 'same as the last entry' },
    { entry: { path: '/b', search: 'x=1' }, why: 'same as the last entry without the ?' },
  ])('skips a $why', ({ entry }) => {
    expect(pushHistory([a, b], entry)).toEqual([a, b]);
  });

  it.each([
    { entry: { path: '/b', search: '?x=2' }, why: 'another query' },
    { entry: { path: '/a', search: '' }, why: 'an earlier, not the last, entry' },
    { entry: { path: '/b/', search: '?x=1' }, why: 'a different path spelling' },
  ])('keeps $why', ({ entry }) => {
    expect(pushHistory([a, b], entry)).toEqual([a, b, entry]);
  });

  it('keeps the last 10 entries', () => {
    let history: THistoryEntry[] = [];
    for (let index = 1; index <= 12; index += 1)
      history = pushHistory(history, { path: `/p${index}`, search: '' });
    expect(history).toHaveLength(10);
    expect(history[0]?.path).toBe('/p3');
    expect(history.at(-1)?.path).toBe('/p12');
  });

  it('does not keep extra fields of the entry', () => {
    const entry = { path: '/c', search: '', state: { secret: 1 } };
    expect(pushHistory([], entry)).toEqual([{ path: '/c', search: '' }]);
  });
});

describe('logoutTarget', () => {
  it.each([
    ['/club/dashboard', '/club/login'],
    ['/club/card', '/club/login'],
    ['/club/login', '/login'],
    ['/club/login/', '/login'],
    ['/club', '/login'],
    ['/booking/list', '/login'],
    ['/login', '/login'],
    ['/', '/login'],
    ['/crm/customer', '/login'],
  ])('%s -> %s', (pathname, expected) => {
    expect(logoutTarget(pathname)).toBe(expected);
  });
});

describe('homeFor', () => {
  it.each([
    { who: 'a member', user: MEMBER, home: '/club/dashboard' },
    { who: 'a non-assigned member', user: NEW_MEMBER, home: '/club/dashboard' },
    {
      who: 'a member with no scopes yet',
      user: { scopes: [], userType: 'customer' },
      home: '/club/dashboard',
    },
    { who: 'staff', user: STAFF, home: '/' },
    { who: 'admin', user: ADMIN, home: '/' },
    { who: 'an agent', user: AGENT, home: '/' },
    { who: 'a guest account', user: GUEST_USER, home: '/' },
    { who: 'nobody', user: null, home: '/' },
  ])('$who -> $home', ({ user, home }) => {
    expect(homeFor(user)).toBe(home);
  });
});

describe('homeFor with the installation', () => {
  it('sends members to the club dashboard only where the club is switched on', () => {
    const views = Object.fromEntries(VIEWS.map((v) => [v, true])) as Record<TView, boolean>;
    const switches = (crmMaster: boolean) =>
      Object.fromEntries(FEATURES.map((f) => [f, f === 'crmMaster' ? crmMaster : true])) as Record<
        TFeature,
        boolean
      >;
    expect(homeFor(MEMBER, { features: switches(true), views })).toBe('/club/dashboard');
    expect(homeFor(MEMBER, { features: switches(false), views })).toBe('/');
    expect(homeFor(STAFF, { features: switches(true), views })).toBe('/');
  });
});

describe('safeJumpTarget', () => {
  it.each([
    ['/', '/'],
    ['/booking/5', '/booking/5'],
    ['/booking/list?page=2&q=x', '/booking/list?page=2&q=x'],
    ['/a#frag', '/a#frag'],
    ['/a/b//c', '/a/b//c'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
  ])('keeps %j', (target, expected) => {
    expect(safeJumpTarget(target)).toBe(expected);
  });

  it.each([
    ['//evil.com', 'protocol-relative'],
    ['///evil.com', 'three slashes'],
    ['/\\evil.com', 'slash backslash'],
    ['/a\\b', 'backslash inside'],
    ['\\\\evil.com', 'backslashes'],
    ['https://evil.com', 'scheme'],
    ['javascript:alert(1)', 'script scheme'],
    ['evil.com/x', 'relative'],
    [' /x', 'leading space'],
    ['/\t/evil.com', 'tab, which browsers strip'],
    ['/\n/evil.com', 'newline'],
    ['/x\u0000', 'NUL'],
    ['/x\u001f', 'unit separator, the last C0 control'],
    ['/x\u007f', 'DEL'],
    ['/x\u0085', 'C1 control'],
    ['', 'empty'],
    [null, 'null'],
    [undefined, 'undefined'],
    [42, 'number'],
    [['/x'], 'array'],
  ])('refuses %j (%s)', (target: unknown, _why: string) => {
    expect(safeJumpTarget(target)).toBe('/');
  });
});

describe('isDuplicateNavigationError', () => {
  it.each([
    [{ name: 'NavigationDuplicated', message: '' }, true],
    [
      Object.assign(new Error('Avoided redundant navigation to current location: "/x".'), { name: 'Error' }),
      true,
    ],
    [new Error('Duplicate navigation to /x'), true],
    ['NavigationDuplicated', true],
    [new Error('Failed to fetch dynamically imported module'), false],
    [new TypeError('x is undefined'), false],
    [{ name: 42, message: null }, false],
    [null, false],
    [undefined, false],
    [16, false],
  ])('%j -> %s', (err, expected) => {
    expect(isDuplicateNavigationError(err)).toBe(expected);
  });
});

describe('chunkReloadDelay', () => {
  it.each([
    ['localhost', null],
    ['LOCALHOST', null],
    ['127.0.0.1', null],
    ['[::1]', null],
    ['::1', null],
    ['atoll.example.com', 250],
    ['localhost.example.com', 250],
    ['127.0.0.2', 250],
    ['', 250],
  ])('%j -> %s', (hostname, expected) => {
    expect(chunkReloadDelay(hostname)).toBe(expected);
  });
});

describe('menuRoutes', () => {
  const paths = (sections: ReturnType<typeof menuRoutes>) =>
    sections.flatMap((section) => section.routes.map((entry) => entry.path));

  it('lists only visible routes, grouped by section in table order', () => {
    const menu = menuRoutes(ROUTES, ADMIN, features(), views());
    const visible = ROUTES.filter((entry) => entry.visible && !entry.guestOnly);
    expect(paths(menu)).toEqual(visible.map((entry) => entry.path));
    expect(menu.map((section) => section.section)).toEqual([
      ...new Set(visible.map((entry) => entry.section)),
    ]);
    expect(menu[0]).toMatchObject({ section: 'base' });
    expect(paths(menu)).not.toContain('/customer/:id');
    expect(paths(menu)).not.toContain('/login');
  });

  it('leaves out routes whose feature is off', () => {
    const menu = menuRoutes(ROUTES, ADMIN, features('vessel', 'diveLog'), views());
    const sections = menu.map((section) => section.section);
    expect(sections).not.toContain('vessel');
    expect(sections).not.toContain('dive');
    expect(paths(menu)).not.toContain('/booking/calendar');
    expect(paths(menu)).toContain('/room/list');
  });

  it('shows a user only what the guard allows', () => {
    const menu = menuRoutes(ROUTES, STAFF, features(), views('bookingReports'));
    expect(paths(menu)).toEqual([
      '/',
      '/booking/list',
      '/booking/wizard',
      '/booking/trip',
      '/booking/tour',
      '/booking/calendar',
      '/booking/occupancy',
      '/club/dashboard',
      '/crm/guestform',
      '/specials/list',
      '/specials/group',
      '/finance/invoices',
      '/finance/assetshare',
      '/master/booking',
    ]);
    // The booking reports come back with their view.
    const withReports = paths(menuRoutes(ROUTES, STAFF, features(), views()));
    expect(withReports.filter((path) => path.startsWith('/stats/'))).toEqual([
      '/stats/tour',
      '/stats/booking',
      '/stats/occupancy',
    ]);
  });

  it('shows an agent the agency pages of the self scope', () => {
    const menu = menuRoutes(ROUTES, AGENT, features(), views());
    expect(paths(menu)).toEqual(
      expect.arrayContaining([
        '/booking/list',
        '/booking/resort',
        '/customer/guestform',
        '/crm/customer',
        '/users/profile',
      ]),
    );
    expect(paths(menu)).not.toContain('/agency/list');
    // The mailbox and the media library answer an agent 403: no entry leads there.
    expect(paths(menu)).not.toContain('/mail');
    expect(paths(menu)).not.toContain('/media/list');
  });

  it('shows a guest only the open pages', () => {
    expect(
      menuRoutes(ROUTES, null, features(), views()).map((section) => [
        section.section,
        section.routes.map((r) => r.path),
      ]),
    ).toEqual([['club', ['/crm/guestform']]]);
  });

  it('is empty for an empty table', () => {
    expect(menuRoutes([], ADMIN, features(), views())).toEqual([]);
  });
});
