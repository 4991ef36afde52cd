import * as viaPackage from '@atoll/domain/navigation/routes';
import { describe, expect, it } from 'vitest';
import { FEATURES, type TFeature, VIEWS } from '../constants.ts';
import { isKnownScope } from '../scopes/catalogue.ts';
import { findRoute, ROUTES, type TRouteDef } from './routes.ts';

// --- The spec's route checklist ------------------------------------------------------------------

type TSpecRoute = {
  path: string;
  name: string | null;
  scopes: string[];
  feature: string | null;
  public: boolean;
  hidden?: boolean;
  note?: string;
};

// The domain package compiles without Node types (it must stay pure), so the test borrows the two
// Node functions it needs through untyped dynamic imports.
type TNodeFs = { readFileSync(path: string, encoding: 'utf8'): string };
type TNodePath = { resolve(...segments: string[]): string };
const FS_MODULE = 'node:fs';
const PATH_MODULE = 'node:path';
const { readFileSync } = (await import(FS_MODULE)) as TNodeFs;
const { resolve } = (await import(PATH_MODULE)) as TNodePath;

const SPEC_FILE = resolve(
  (import.meta as unknown as { dirname: string }).dirname,
  '../../../../docs/spec/routes.json',
);
const SPEC = JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as TSpecRoute[];

// Paths of ours that routes.json does not list: the worklog, day guests and day events (calls without a
// screen in the spec), the catch-all and the channel-manager export, which the spec names without a path.
const EXTRA_PATHS = [
  '/employee/worklog',
  '/dive/dayguest',
  '/dive/dayevent',
  '/config/backups',
  '/config/channel-manager',
  '*',
];

// Deliberate departures from routes.json (see routes.ts): rooms and room types serve resorts too;
// agents and customers open their own bookings' detail (the server shows them only theirs); the mailbox and
// the media list need the scopes of the calls they show, so that no menu entry leads to a refusal.
const ROOM_DEVIATION = { scopes: ['resort.read', 'vessel.read'], feature: 'resort or vessel' };
const DEVIATIONS: Record<string, { scopes: string[]; feature: string | null }> = {
  '/booking/:id': {
    scopes: ['bookings.read', 'agencies.self', 'customers.self'],
    feature: 'resort or vessel',
  },
  '/mail': { scopes: ['mail.read', 'mailqueue.read'], feature: null },
  '/media/list': { scopes: ['media.read'], feature: null },
  '/room/list': ROOM_DEVIATION,
  '/room/type/list': ROOM_DEVIATION,
  '/room/create': ROOM_DEVIATION,
  '/room/:id': ROOM_DEVIATION,
};

// Routes the spec hides that the menu shows: the occupancy grid is where the resort's office plans its rooms.
const SHOWN = new Set(['/booking/occupancy']);

// Feature requirement as sorted any-of clauses that must all hold: "a or b" is one clause,
// "a and b" two.
function specFeatureClauses(feature: string | null): string[] {
  if (feature === null) return [];
  if (feature.includes(' and ')) return feature.split(' and ').sort();
  return [feature.split(' or ').sort().join('|')];
}

function routeFeatureClauses(route: TRouteDef): string[] {
  const clauses: string[] = [];
  if (route.feature !== undefined) {
    const anyOf = typeof route.feature === 'string' ? [route.feature] : [...route.feature];
    clauses.push(anyOf.sort().join('|'));
  }
  return [...clauses, ...(route.andFeatures ?? [])].sort();
}

const allScopes = (route: TRouteDef): string[] =>
  [...new Set([...route.scopes, ...(route.all ?? []).flat()])].sort();

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

function routeAt(path: string): TRouteDef {
  const route = byPath.get(path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

describe('routes.json checklist (docs/spec/routes.json)', () => {
  const spec = SPEC;

  it('holds the 163 routes the spec lists', () => {
    expect(spec).toHaveLength(163);
  });

  it.each(spec)('$path is in the table with its scopes, feature, public flag and name', (entry) => {
    const route = byPath.get(entry.path);
    expect(route, `missing route ${entry.path}`).toBeDefined();
    if (!route) return;
    const expected = DEVIATIONS[entry.path] ?? { scopes: entry.scopes, feature: entry.feature };
    expect(allScopes(route)).toEqual([...new Set(expected.scopes)].sort());
    expect(routeFeatureClauses(route)).toEqual(specFeatureClauses(expected.feature));
    expect(route.public === true).toBe(entry.public);
    if (entry.name !== null) expect(route.name).toBe(entry.name);
    if (entry.hidden) expect(route.visible).toBe(SHOWN.has(entry.path));
  });

  it('puts scopes in `all` only where the spec says "and"', () => {
    const andRoutes = spec
      .filter((entry) => /\(and\)|BOTH/.test(entry.note ?? ''))
      .map((entry) => entry.path);
    const withAll = ROUTES.filter((route) => route.all !== undefined).map((route) => route.path);
    expect(withAll).toEqual(andRoutes);
    expect(withAll).toEqual(['/stats/base']);
  });

  it('has no path beyond the spec except the documented extras', () => {
    const specPaths = new Set(spec.map((entry) => entry.path));
    expect(ROUTES.map((route) => route.path).filter((path) => !specPaths.has(path))).toEqual(EXTRA_PATHS);
  });

  it('deviates from routes.json only where documented', () => {
    for (const [path, deviation] of Object.entries(DEVIATIONS)) {
      const entry = spec.find((candidate) => candidate.path === path);
      expect(entry, path).toBeDefined();
      expect([entry?.scopes, entry?.feature]).not.toEqual([deviation.scopes, deviation.feature]);
    }
  });
});

// --- Table invariants ------------------------------------------------------------------------------

describe('ROUTES', () => {
  it('is the table exported by the package entry', () => {
    expect(viaPackage.ROUTES).toBe(ROUTES);
    expect(viaPackage.findRoute).toBe(findRoute);
  });

  it('has unique camelCase names and unique paths', () => {
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps the names the spec gives', () => {
    expect(
      Object.fromEntries(
        ['agencyListFilter', 'agencyCreate', 'agencyGroup', 'payments', 'agencyEdit', 'guestformList'].map(
          (name) => [name, ROUTES.find((route) => route.name === name)?.path],
        ),
      ),
    ).toEqual({
      agencyListFilter: '/agency/filter/:fid',
      agencyCreate: '/agency/create',
      agencyGroup: '/agency/group',
      payments: '/agency/payments',
      agencyEdit: '/agency/:id',
      guestformList: '/customer/guestform',
    });
  });

  it('writes paths in React Router syntax', () => {
    for (const { path } of ROUTES) {
      if (path === '*') continue;
      expect(path).toMatch(/^\/(?:[a-z0-9-]+|:[a-zA-Z]+)?(?:\/(?:[a-z0-9-]+|:[a-zA-Z]+))*$/);
      expect(path).not.toMatch(/[{}]/);
    }
  });

  it('requires only scopes the catalogue knows', () => {
    for (const route of ROUTES) {
      for (const scope of allScopes(route)) expect(isKnownScope(scope), `${route.path}: ${scope}`).toBe(true);
    }
  });

  it('names only known features and views', () => {
    for (const route of ROUTES) {
      const features = [route.feature ?? [], route.andFeatures ?? []].flat();
      for (const feature of features) expect(FEATURES).toContain(feature);
      for (const view of route.not ?? []) expect(VIEWS).toContain(view);
    }
  });

  it.each([
    { path: '/', visible: true },
    { path: '/mail', visible: true },
    { path: '/booking/list', visible: true },
    { path: '/customer/create', visible: true },
    { path: '/vessel/create', visible: true },
    { path: '/agency/group', visible: true },
    { path: '/room/list', visible: true },
    { path: '/notifications', visible: false },
    { path: '/bank', visible: false },
    { path: '/bank/create', visible: false },
    { path: '/price/new', visible: false },
    { path: '/specials/create', visible: false },
    { path: '/widget-admin/create', visible: false },
    { path: '/agency/payments', visible: false },
    { path: '/booking/occupancy', visible: true },
    { path: '/pos/counter', visible: false },
    { path: '/book', visible: false },
    { path: '/login', visible: false },
    { path: '/book/online', visible: false },
    { path: '/customer/:id', visible: false },
    { path: '/config/settings/:type', visible: false },
    { path: '*', visible: false },
  ])('$path visible=$visible', ({ path, visible }) => {
    expect(routeAt(path).visible).toBe(visible);
  });

  it('hides every public page, every path with a parameter and the catch-all', () => {
    for (const route of ROUTES) {
      if (route.public || route.path.includes(':') || route.path === '*')
        expect(route.visible, route.path).toBe(false);
    }
  });

  it('gives every menu entry a Tabler icon', () => {
    for (const route of ROUTES.filter((candidate) => candidate.visible)) {
      expect(route.icon, route.path).toMatch(/^Icon[A-Z][A-Za-z0-9]*$/);
    }
  });

  it('marks exactly the login pages guest-only', () => {
    expect(ROUTES.filter((route) => route.guestOnly).map((route) => route.path)).toEqual([
      '/login',
      '/club/login',
    ]);
  });

  it('keeps each menu section contiguous, so table order is menu order', () => {
    const seen: string[] = [];
    for (const route of ROUTES) {
      if (seen.at(-1) !== route.section) {
        expect(seen, `${route.section} reappears at ${route.path}`).not.toContain(route.section);
        seen.push(route.section);
      }
    }
  });

  it('ends with the catch-all, open to everyone', () => {
    expect(ROUTES.at(-1)).toMatchObject({ path: '*', name: 'notFound', scopes: [] });
    expect(ROUTES.at(-1)?.feature).toBeUndefined();
  });
});

// --- Group rules of the spec (checked without the JSON) ---------------------------------------

const inSection = (section: string) => ROUTES.filter((route) => route.section === section);
const RV: TFeature[] = ['resort', 'vessel'];

describe('group rules', () => {
  it('Customers: every member is switched off by the customerDetails view; the guest-form list also by guestforms', () => {
    const customers = inSection('customers');
    expect(customers.map((route) => route.path)).toEqual([
      '/customer/list',
      '/customer/create',
      '/customer/guestform',
      '/customer/relation',
      '/customer/group',
      '/customer/view/:id',
      '/customer/:id',
      '/customerdatagroup',
      '/form',
      '/formdef',
    ]);
    for (const route of customers) expect(route.not).toContain('customerDetails');
    expect(routeAt('/customer/guestform').not).toEqual(['customerDetails', 'guestforms']);
    expect(routeAt('/customer/guestform').scopes).toEqual([
      'customers.read',
      'customers.self',
      'agencies.self',
    ]);
  });

  it('Price: [price.update] {resort or vessel}, /commission and /terms [bookings.update], /specials/* scope user', () => {
    for (const route of inSection('price')) {
      expect(route.feature).toEqual(RV);
      const expected = route.path.startsWith('/specials/')
        ? ['user']
        : ['/commission', '/terms'].includes(route.path)
          ? ['bookings.update']
          : ['price.update'];
      expect(route.scopes, route.path).toEqual(expected);
    }
    expect(inSection('price').filter((route) => route.path.startsWith('/specials/'))).toHaveLength(4);
  });

  it.each([
    { section: 'vessel', feature: 'vessel' },
    { section: 'resort', feature: 'resort' },
    { section: 'dive', feature: 'diveLog' },
    { section: 'master', feature: 'assetMaster' },
    { section: 'club', feature: 'crmMaster' },
    { section: 'finance', feature: 'bank' },
    { section: 'bank', feature: 'bank' },
    { section: 'widgets', feature: 'bookingWidget' },
  ])('$section: every member needs {$feature}', ({ section, feature }) => {
    const members = inSection(section);
    expect(members.length).toBeGreaterThan(0);
    for (const route of members) expect(route.feature, route.path).toBe(feature);
  });

  it.each([
    { section: 'vessel', read: 'vessel.read', own: ['/vessel/create', '/vessel/:id'] },
    { section: 'resort', read: 'resort.read', own: ['/resort/create', '/resort/:id'] },
    {
      section: 'tour',
      read: 'tours.read',
      own: ['/tour/create', '/tour/:id', '/schedule', '/schedules/create'],
    },
  ])('$section: [$read] unless a member states its own scope', ({ section, read, own }) => {
    const members = inSection(section);
    const ownScoped = members.filter((route) => !route.scopes.includes(read)).map((route) => route.path);
    expect(ownScoped).toEqual(expect.arrayContaining(own));
    for (const path of ownScoped) expect(routeAt(path).scopes).toHaveLength(1);
  });

  it('Dive: each page has its read scope', () => {
    expect(inSection('dive').map((route) => [route.path, route.scopes])).toEqual([
      ['/dive/overview', ['divelog.read']],
      ['/dive/log', ['divelog.read']],
      ['/dive/plan', ['diveplan.read']],
      ['/dive/site', ['divesite.read']],
      ['/dive/type', ['divetype.read']],
      ['/dive/boat', ['diveboat.read']],
      // ours: the day business is planned with the trips (docs/domain/dive-day.md)
      ['/dive/dayguest', ['diveplan.read']],
      ['/dive/dayevent', ['diveplan.read']],
    ]);
  });

  it('Configuration: scope admin unless noted', () => {
    const noted = new Set([
      '/config/booking',
      '/config/mailtemplates',
      '/config/mailtemplates/:id',
      '/config/paymentprovider',
      '/users',
      '/userroles',
      '/users/profile',
      '/users/create',
      '/users/:id',
      '/todo',
      '/config/ota',
      '/config/mail',
      '/config/mailqueue',
      '/config/mailschedule',
      '/config/mailscheduled',
      '/contest/list',
      '/config/channel-manager',
    ]);
    for (const route of inSection('config')) {
      if (noted.has(route.path)) expect(route.scopes, route.path).not.toEqual(['admin']);
      else expect(route.scopes, route.path).toEqual(['admin']);
    }
  });

  it('Finance: bankentries.read unless noted', () => {
    const noted: Record<string, string[]> = {
      '/credits': ['agencies.read'],
      '/ccredits': ['customers.read'],
      '/finance/invoices': ['bookings.read'],
      '/finance/assetshare': ['bookings.read'],
    };
    for (const route of inSection('finance')) {
      expect(route.scopes, route.path).toEqual(noted[route.path] ?? ['bankentries.read']);
    }
    expect(routeAt('/finance/assetshare').andFeatures).toEqual(['connect']);
  });

  it('Booking: the group needs {resort or vessel} unless a page names its own switch', () => {
    const own: Record<string, TRouteDef['feature']> = {
      '/booking/calendar': 'vessel',
      '/booking/occupancy': 'resort',
      '/booking/ota': 'ota',
      '/pos/counter': 'pos',
      '/pos/list': 'pos',
    };
    for (const route of inSection('booking'))
      expect(route.feature, route.path).toEqual(own[route.path] ?? RV);
  });

  it('rooms, room types and bed types: one entry each, open with either switch and either read scope', () => {
    for (const path of ['/room/list', '/room/type/list', '/room/create', '/room/:id', '/bedtype']) {
      expect(routeAt(path)).toMatchObject({ feature: RV, scopes: ['vessel.read', 'resort.read'] });
    }
  });

  it('Statistics: group stats; finance "and" check; report views', () => {
    const stats = inSection('stats');
    for (const route of stats) expect(route.group).toBe('stats');
    expect(routeAt('/stats/base')).toMatchObject({
      scopes: [],
      all: [['bookingpayment.read'], ['bankentries.read']],
      not: ['financeReports'],
    });
    expect(stats.map((route) => [route.path, route.not ?? []])).toEqual([
      ['/stats/base', ['financeReports']],
      ['/stats/tour', ['bookingReports']],
      ['/stats/booking', ['bookingReports']],
      ['/stats/occupancy', ['bookingReports']],
      ['/stats/dive', ['diveReports']],
      ['/stats/export', []],
    ]);
  });

  it('/notifications is switched off by the homeNotifications view', () => {
    expect(routeAt('/notifications').not).toEqual(['homeNotifications']);
  });

  it('only stats carry group "stats", and master data is reference data', () => {
    for (const route of ROUTES) {
      if (route.group === 'stats') expect(route.path.startsWith('/stats/')).toBe(true);
    }
    expect(routeAt('/geo/country').group).toBe('masterData');
    expect(routeAt('/booking/list').group).toBeUndefined();
  });
});

// --- findRoute -------------------------------------------------------------------------------------

describe('findRoute', () => {
  it.each([
    { pathname: '/', name: 'home' },
    { pathname: '', name: 'home' },
    { pathname: '/tour/list', name: 'tours' },
    { pathname: '/tour/create', name: 'tourCreate' },
    { pathname: '/tour/12', name: 'tourEdit' },
    { pathname: '/tour/12/schedules/7', name: 'tourScheduleEdit' },
    { pathname: '/schedule', name: 'schedules' },
    { pathname: '/schedule/7', name: 'scheduleDetail' },
    { pathname: '/schedules/create', name: 'scheduleCreate' },
    { pathname: '/schedules/movecabin/3', name: 'scheduleMoveCabin' },
    { pathname: '/customer/list', name: 'customers' },
    { pathname: '/customer/guestform', name: 'guestformList' },
    { pathname: '/customer/view/5', name: 'customerView' },
    { pathname: '/customer/5', name: 'customerEdit' },
    { pathname: '/customer/view', name: 'customerEdit' },
    { pathname: '/agency/payments', name: 'payments' },
    { pathname: '/agency/filter/9', name: 'agencyListFilter' },
    { pathname: '/agency/9', name: 'agencyEdit' },
    { pathname: '/users/profile', name: 'userProfile' },
    { pathname: '/users/create', name: 'userCreate' },
    { pathname: '/users/4', name: 'userEdit' },
    { pathname: '/users', name: 'users' },
    { pathname: '/price', name: 'prices' },
    { pathname: '/price/new', name: 'priceCreate' },
    { pathname: '/price/3', name: 'priceEdit' },
    { pathname: '/bank', name: 'bank' },
    { pathname: '/bank/cashflow', name: 'cashflow' },
    { pathname: '/bank/8', name: 'bankEdit' },
    { pathname: '/bank/entry/list', name: 'bankEntries' },
    { pathname: '/room/type/list', name: 'roomTypes' },
    { pathname: '/room/list', name: 'rooms' },
    { pathname: '/room/77', name: 'roomEdit' },
    { pathname: '/booking/list', name: 'bookings' },
    { pathname: '/booking/123', name: 'bookingDetail' },
    { pathname: '/book', name: 'book' },
    { pathname: '/book/online', name: 'bookOnline' },
    { pathname: '/book/preview', name: 'bookPreview' },
    { pathname: '/club/dashboard', name: 'clubDashboard' },
    { pathname: '/club/dashboard/points', name: 'clubDashboardTab' },
    { pathname: '/club/login', name: 'clubLogin' },
    { pathname: '/club/user/5/verify', name: 'clubUserVerify' },
    { pathname: '/user/5/verify', name: 'userVerify' },
    { pathname: '/guestform/5/abc', name: 'guestform' },
    { pathname: '/guestform-m/5/abc', name: 'guestformMulti' },
    { pathname: '/master/booking/ota/17', name: 'masterBookingDetail' },
    { pathname: '/config/settings/mail', name: 'configSettings' },
    { pathname: '/config/mailtemplates/2', name: 'mailTemplateEdit' },
    { pathname: '/jump/crm', name: 'jump' },
    { pathname: '/jumpto/tok', name: 'jumpTo' },
    { pathname: '/widget/summer', name: 'widget' },
    { pathname: '/widget-admin/4', name: 'widgetEdit' },
  ])('$pathname -> $name', ({ pathname, name }) => {
    expect(findRoute(pathname)?.name).toBe(name);
  });

  it.each([
    { pathname: '/nope', why: 'unknown path' },
    { pathname: '/tour', why: 'prefix of routes but no route itself' },
    { pathname: '/tour/1/2', why: 'one segment too many' },
    { pathname: '/tour/1/schedules', why: 'one segment too few' },
    { pathname: '/customer/view/5/x', why: 'extra segment after the parameter' },
    { pathname: '/club', why: 'club root' },
    { pathname: '/guestform/5', why: 'missing token' },
  ])('$pathname ($why) -> notFound', ({ pathname }) => {
    expect(findRoute(pathname)?.name).toBe('notFound');
  });

  it.each([
    { pathname: '/config/', name: 'config', why: 'trailing slash' },
    { pathname: '//config', name: 'config', why: 'doubled slash' },
    { pathname: '/CONFIG', name: 'config', why: 'case, as React Router matches by default' },
    { pathname: '/Customer/List', name: 'customers', why: 'case' },
    { pathname: '/%63onfig', name: 'config', why: 'percent-encoded letter' },
    { pathname: '/config?x=1', name: 'config', why: 'query is not part of the path' },
    { pathname: '/config#top', name: 'config', why: 'hash is not part of the path' },
    { pathname: '/tour/%E0%A4%A', name: 'tourEdit', why: 'malformed escape kept as a parameter' },
  ])('$pathname -> $name ($why)', ({ pathname, name }) => {
    expect(findRoute(pathname)?.name).toBe(name);
  });

  it('prefers static over parameter segments from the left, and anything over a splat', () => {
    const routes = [
      { path: '*', name: 'splat', scopes: [], visible: false, section: 'base' },
      { path: '/a/*', name: 'aSplat', scopes: [], visible: false, section: 'base' },
      { path: '/a/:x', name: 'aParam', scopes: [], visible: false, section: 'base' },
      { path: '/a/b', name: 'aStatic', scopes: [], visible: false, section: 'base' },
      { path: '/:y/c', name: 'paramC', scopes: [], visible: false, section: 'base' },
      { path: '/a', name: 'a', scopes: [], visible: false, section: 'base' },
    ] satisfies TRouteDef[];
    expect(findRoute('/a/b', routes)?.name).toBe('aStatic');
    expect(findRoute('/a/z', routes)?.name).toBe('aParam');
    expect(findRoute('/a/c', routes)?.name).toBe('aParam');
    expect(findRoute('/q/c', routes)?.name).toBe('paramC');
    expect(findRoute('/a/z/w', routes)?.name).toBe('aSplat');
    expect(findRoute('/a', routes)?.name).toBe('a');
    expect(findRoute('/', routes)?.name).toBe('splat');
    expect(findRoute('/x/y/z', routes)?.name).toBe('splat');
  });

  it('matches static segments case-insensitively on both sides, as React Router does', () => {
    const routes = [
      { path: '/Admin/Panel', name: 'panel', scopes: [], visible: true, section: 'base' },
    ] satisfies TRouteDef[];
    expect(findRoute('/admin/panel', routes)?.name).toBe('panel');
    expect(findRoute('/ADMIN/PANEL', routes)?.name).toBe('panel');
  });

  it('gives undefined when nothing matches and there is no catch-all', () => {
    const routes = [
      { path: '/only', name: 'only', scopes: [], visible: true, section: 'base' },
    ] satisfies TRouteDef[];
    expect(findRoute('/other', routes)).toBeUndefined();
    expect(findRoute('/only', routes)?.name).toBe('only');
  });

  it('matches every table path with itself (parameters filled in)', () => {
    for (const route of ROUTES) {
      const concrete = route.path.replace(/:[a-zA-Z]+/g, 'x1');
      expect(findRoute(concrete)?.path, route.path).toBe(route.path);
    }
  });
});
