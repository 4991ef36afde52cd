import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRouteEntry } from '../src/http/access.ts';
import { createTestApp, type TTestApp } from './harness.ts';

/**
 * The specification's list of API calls (docs/spec/calls.json, 777 entries) against the route table. The
 * calls of the foundation must all be registered; for the rest the test only reports progress.
 */

type TCall = { method: string; path: string; doc: string; section: string; note: string };

const CALLS_FILE = fileURLToPath(new URL('../../../docs/spec/calls.json', import.meta.url));
const calls: TCall[] = JSON.parse(readFileSync(CALLS_FILE, 'utf8'));

/** Path segments with every parameter, `{name}` or `:name`, reduced to one marker. */
const shape = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\{\w+\}$/.test(s) || s.startsWith(':') ? ':' : s));

function registered(call: TCall, routes: TRouteEntry[]): boolean {
  const want = shape(call.path);
  return routes.some((r) => {
    if (r.method !== call.method) return false;
    const have = shape(r.url);
    return have.length === want.length && have.every((s, i) => s === want[i]);
  });
}

const GENERIC_BASES = ['/api/users', '/api/userrole'];
const OWN_EXTRA = [
  'GET /api/users/roles',
  'GET /api/users/types',
  'GET /api/users/logins',
  'GET /api/users/self',
  'POST /api/users/self/password',
  'POST /api/users/{id}/verify',
  'GET /api/userrole/groups',
  'GET /api/settings/lang',
];

/** The calls the foundation issue owns: auth, session and system, users and roles, the language. */
function ownedByFoundation(call: TCall): boolean {
  if (call.section === 'Authentication') return true;
  if (call.section === 'Session and system') return !call.path.startsWith('/api/p/r/');
  // The seven standard calls: base, base/listCSV, base/{id}, base/{id}/copy.
  if (call.note.startsWith('generic:'))
    return GENERIC_BASES.includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''));
  return OWN_EXTRA.includes(`${call.method} ${call.path}`);
}

const MASTER_DATA_BASES = [
  '/api/textblock',
  '/api/textblockgroup',
  '/api/bookingsource',
  '/api/bookingcategory',
];
const MASTER_DATA_SECTIONS = [
  'Agencies',
  'Customers',
  'Customer data group',
  'Settings: other reference resources',
];

/** The calls of the master-data issue: settings (without backups), reference data, customers, agencies. */
function ownedByMasterData(call: TCall): boolean {
  if (MASTER_DATA_SECTIONS.includes(call.section)) return true;
  if (call.section === 'Settings') return !call.path.includes('/backup');
  if (call.note.startsWith('generic:'))
    return MASTER_DATA_BASES.includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''));
  return false;
}

const INVENTORY_BASES = [
  '/api/rooms',
  '/api/roomtypes',
  '/api/bedtype',
  '/api/arrivaldeparture',
  '/api/media',
  '/api/mediafolder',
  '/api/resort',
  '/api/vessel',
  '/api/vesseldeck',
  '/api/vessellist',
];
const INVENTORY_SECTIONS = [
  'Tours',
  'Schedules',
  'Rooms',
  'Arrival and departure',
  'Media',
  'Users and roles: Vessel lists',
];
/** Calls of those sections that other issues own: prices (6), payments and mail (8). */
const NOT_INVENTORY = [
  'GET /api/tours/{tour}/{schedule}/payments',
  'GET /api/schedules/{id}/price',
  'GET /api/schedules/{id}/prices',
  'GET /api/schedules/{id}/priceEntry',
  'GET /api/schedules/{id}/fullCharterPrice',
  'POST /api/schedules/{schedule}/sendMail',
];

/** The calls of the inventory issue: resorts, vessels, rooms, media, tours, schedules, availability. */
function ownedByInventory(call: TCall): boolean {
  const key = `${call.method} ${call.path}`;
  if (INVENTORY_SECTIONS.includes(call.section)) return !NOT_INVENTORY.includes(key);
  if (call.section === 'Products and resort: Resort')
    return key === 'GET /api/resort/constants' || key === 'GET /api/resort/{asset}/print/{list}';
  if (call.note.startsWith('generic:'))
    return INVENTORY_BASES.includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''));
  return false;
}

/** 23 calls of the tours, schedules, rooms, arrival, media and vessel-list sections + 2 resort calls + 10×7 generic. */
const OWNED_BY_INVENTORY = 95;

const PRICING_BASES = [
  '/api/price',
  '/api/roomprices',
  '/api/pricevariant',
  '/api/supplements',
  '/api/commission',
  '/api/terms',
  '/api/specials',
  '/api/specialsgroup',
];
/** The lookups of the pricing issue: price enums and entries, resort seasons, a departure's price. */
const PRICING_LOOKUPS = [
  'GET /api/price/types',
  'GET /api/price/calculationTypes',
  'GET /api/price/entry/{id}',
  'GET /api/resort/findPrice/{resort}',
  'GET /api/resort/{resort}/prices',
  'GET /api/resort/findPriceEntry/{resort}',
  'GET /api/resort/{resort}/entries',
  'GET /api/schedules/{id}/price',
  'GET /api/schedules/{id}/prices',
  'GET /api/schedules/{id}/priceEntry',
  'GET /api/schedules/{id}/fullCharterPrice',
];
/** Pricing calls about a stored booking: listed with pricing, served by the booking routes. */
const PRICING_OF_BOOKINGS = ['GET /api/price/booking/{id}', 'GET /api/terms/calculate/{id}'];

/** The calls of the pricing issue (6): prices and their parts, terms, commission, specials, lookups. */
function ownedByPricing(call: TCall): boolean {
  const key = `${call.method} ${call.path}`;
  if (PRICING_LOOKUPS.includes(key) || PRICING_OF_BOOKINGS.includes(key)) return true;
  if (call.note.startsWith('generic:'))
    return PRICING_BASES.includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''));
  return false;
}

/** 8×7 generic + 11 lookups + the 2 calls about a stored booking. */
const OWNED_BY_PRICING = 69;

/** The booking write calls: create, change (and the generic update), copy, cancel, release, delete, reloadPrice. */
const BOOKING_WRITES = [
  'POST /api/bookings',
  'POST /api/bookings/{id}/change',
  'POST /api/bookings/{id}',
  'POST /api/bookings/{id}/copy',
  'GET /api/bookings/import/types',
  'POST /api/bookings/import/{type}',
  'POST /api/bookings/{id}/cancell',
  'POST /api/bookings/{booking}/release',
  'DELETE /api/bookings/{id}',
  'POST /api/bookings/{bookingId}/reloadPrice',
  // Room, guest and stay calls (booking-rooms.routes.ts).
  'POST /api/bookings/{id}/checkin',
  'POST /api/bookings/{id}/checkout',
  'POST /api/bookings/{bookingId}/lockUnlockRoom/{roomBooking}',
  'POST /api/bookings/{id}/changeTerms/{terms}',
  'POST /api/bookings/{bookingId}/language/{language}',
  'POST /api/bookings/{bookingId}/agency/{agencyId}',
  'POST /api/bookings/{bookingId}/currency/{currency}',
  'POST /api/bookings/{booking}/variant/{room}/{customer}',
  'POST /api/bookings/{bookingId}/changeCustomer',
  'DELETE /api/bookings/removeCustomer/{roomId}/{customerId}',
  'DELETE /api/bookings/removeRoom/{roomId}',
  'POST /api/bookings/{bookingId}/rooms',
  'POST /api/bookings/{bookingId}/rooms/{roomId}/date',
  // Calculation editing calls (calculation.routes.ts).
  'POST /api/bookings/{bookingId}/calculation',
  'POST /api/bookings/{bookingId}/calculation/{calcId}',
  'POST /api/bookings/{bookingId}/calculation/refresh',
  'POST /api/bookings/{bookingId}/{calcId}/rename',
  'POST /api/bookings/{bookingId}/sort',
  'POST /api/bookings/{bookingId}/special/{special}',
  'POST /api/bookings/{bookingId}/updatePaymentPolicy',
  'DELETE /api/bookings/calculation/{sort}',
  'DELETE /api/bookings/calculation/{id}/removeCancellationFee',
  // Price and commission pins, one room entry and its guests (booking-choices.routes.ts).
  'POST /api/bookings/{booking}/changePrice/{price}',
  'POST /api/bookings/{bookingId}/commission/{commission}',
  'POST /api/bookings/{bookingId}/rooms/{roomId}',
  'POST /api/bookings/{bookingId}/rooms/{roomId}/customers',
  // Lifecycle: cabin change, rebook and move, revert, split, reindex (bookings-lifecycle.routes.ts).
  'POST /api/bookings/{id}/changeRoom',
  'POST /api/bookings/{id}/rebook',
  'POST /api/bookings/{booking}/rebook/{schedule}',
  'POST /api/bookings/move/{schedule}',
  'POST /api/bookings/{id}/revert',
  'POST /api/bookings/{id}/revertRebook',
  'POST /api/bookings/{id}/splitByCustomer',
  'POST /api/bookings/reindex',
  'POST /api/bookings/{booking}/reindex',
  // Products and add-ons on a booking (booking-products.routes.ts).
  'POST /api/bookings/{bookingId}/product/{product}',
  'POST /api/bookings/{bookingId}/addon/{addon}',
];

/** The booking reads beyond the list and detail (bookings-reports.routes.ts). */
const BOOKING_REPORTS = [
  'GET /api/bookings/full',
  'GET /api/bookings/arrivalCount',
  'GET /api/bookings/statistics',
  'GET /api/bookings/endofday',
  'GET /api/bookings/customersAtDate',
  'GET /api/bookings/taskNames',
  'GET /api/bookings/{id}/products',
  // The calendars' data (bookings-calendar.routes.ts).
  'GET /api/bookings/events',
  // The year reports (docs/domain/reports.md).
  'GET /api/bookings/incomeByMonth',
  'GET /api/bookings/occupancyPerYear',
];

/** The todos: the Todos section and the definitions' and items' standard calls. */
function ownedByTodos(call: TCall): boolean {
  if (call.section === 'Todos') return true;
  return (
    call.note.startsWith('generic:') &&
    ['/api/todo', '/api/todoitem'].includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''))
  );
}

/** The product catalogue: the Product calls and the standard calls of products, categories and stock. */
function ownedByProducts(call: TCall): boolean {
  if (call.section === 'Products and resort: Product') return true;
  return (
    call.note.startsWith('generic:') &&
    ['/api/product', '/api/productcategory', '/api/productstock'].includes(
      call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''),
    )
  );
}

/** The dive day: the Dive log sections and the standard calls of its nine bases. */
const DIVE_BASES = [
  '/api/divesite',
  '/api/divelog',
  '/api/divetype',
  '/api/diveboat',
  '/api/diveplan',
  '/api/employee',
  '/api/worklog',
  '/api/dayguest',
  '/api/dayevent',
];
function ownedByDive(call: TCall): boolean {
  if (call.section === 'Dive log' || call.section === 'Dive log: dive plan') return true;
  return (
    call.note.startsWith('generic:') &&
    DIVE_BASES.includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''))
  );
}

/** Onsite items and the counter: the Onsite and Point of sale sections, the move, the tabs' standard calls. */
function ownedByOnsite(call: TCall): boolean {
  if (call.section === 'Onsite' || call.section === 'Point of sale') return true;
  if (call.path === '/api/bookings/{booking}/onsite/{onsite}/move') return true;
  return (
    call.note.startsWith('generic:') && call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, '') === '/api/pos'
  );
}

/** Payments, banks, documents and mail: these bases' standard calls and the calls listed below. */
const FINANCE_BASES = [
  '/api/payments',
  '/api/payprovider',
  '/api/mail',
  '/api/mail/template',
  '/api/mailqueue',
  '/api/mailaccount',
];
const FINANCE_CALLS = [
  'GET /api/banks/{id}/entries',
  'DELETE /api/banks/{id}/entries',
  'GET /api/banks/cashflow',
  'GET /api/banks/balance',
  'POST /api/banks/{bankId}/import/csv',
  'POST /api/bankentries/{id}/payments',
  'DELETE /api/bankentries/{id}/payments/{paymentId}',
  'GET /api/bankentries/manual',
  'GET /api/bankentries/temporary',
  'GET /api/bookings/paymentStatus',
  'GET /api/bookings/allBookingsWithOpenPayments',
  'GET /api/bookings/agency/payments/{agency}',
  'POST /api/bookings/{bookingId}/payment',
  'DELETE /api/bookings/payment/{id}',
  'GET /api/payments/history',
  'GET /api/tours/{tour}/{schedule}/payments',
  'POST /api/payments/notify/booking/{id}/{provider}',
  'DELETE /api/payments',
  'GET /api/payments/ref/{ref}',
  'POST /api/book/{id}/payment/success',
  'POST /api/book/{id}/payment/aborted',
  'GET /api/bookings/{bookingNo}/download',
  'GET /api/bookings/{bookingNo}/voucher',
  'GET /api/bookings/{id}/templates',
  'GET /api/bookings/{id}/templates/{templateId}',
  'POST /api/bookings/templates/{templateId}',
  'POST /api/bookings/report/{templateId}',
  'POST /api/bookings/{id}/store',
  'POST /api/bookings/{id}/qrcode',
  'POST /api/bookings/{id}/paymentqrcode',
  'POST /api/bookings/{id}/invoice/public',
  'POST /api/bookings/{id}/splitInvoice',
  'GET /api/mail/folders',
  'GET /api/mail/{folder}',
  'GET /api/mail/{folder}/mail',
  'GET /api/mail/{folder}/mail/{mail}/body',
  'DELETE /api/mail/{folder}/mail/{mail}',
  'HEAD /api/mail/{folder}/mail',
  'GET /api/mail/template/byState/{state}',
  'POST /api/mailqueue/{id}/plan',
  'GET /api/mailqueue/statistics',
  'GET /api/mailaccount/{id}/oauth/connect',
  'POST /api/bookings/sendMail',
  'POST /api/bookings/sendGuestFormMail',
  'POST /api/bookings/{bookingId}/sendInvoice',
  'POST /api/schedules/{schedule}/sendMail',
  'GET /api/settings/backup/local',
  'GET /api/settings/backup/local/{name}',
  'GET /api/settings/backup/dropbox',
  'POST /api/settings/backup',
];

function ownedByFinance(call: TCall): boolean {
  if (FINANCE_CALLS.includes(`${call.method} ${call.path}`)) return true;
  return (
    call.note.startsWith('generic:') &&
    FINANCE_BASES.includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''))
  );
}

/** Online booking, widget, guest forms and custom forms: these bases' standard calls and the calls below. */
const ONLINE_BASES = ['/api/book', '/api/widget', '/api/form', '/api/formdef'];
const ONLINE_CALLS = [
  'GET /api/book/schedules',
  'GET /api/book/rooms',
  'GET /api/book/roomTypes',
  'GET /api/book/addons',
  'GET /api/book/addons/availability/{id}',
  'GET /api/book/trip/{id}',
  'GET /api/book/vessel',
  'GET /api/book/products',
  'GET /api/book/no/{bookingNo}',
  'POST /api/book/booking/price',
  'POST /api/book/booking/create',
  'POST /api/book/{id}/checkout',
  'POST /api/widget/t/{widget}/{id}/{action}',
  'GET /api/widget/{id}/stats',
  'GET /api/form/constants',
  'POST /api/form/{id}/qrcode',
  'GET /api/guestform/types',
  'GET /api/guestform/statistics',
  'GET /api/guestform/diff/{id}',
  'GET /api/guestform/rooms',
  'GET /api/guestform/self',
  'POST /api/guestform/{id}/appendMissingFields',
  'POST /api/guestform/{id}/syncWithCustomer',
  'POST /api/guestform/appendMissingFields',
  'POST /api/guestform/addAllToBooking/{id}',
  'POST /api/guestform/{form}/addToBooking',
  'GET /api/guestform/{id}',
  'GET /api/guestform/{id}/linked',
  'GET /api/guestform/{id}/links',
  'GET /api/guestform/{id}/print',
  'POST /api/guestform/{id}',
  'POST /api/guestform/{id}/linked',
  'POST /api/guestform/customer/{customer}/{booking}',
  'GET /api/bookings/missingGuestform',
];

function ownedByOnline(call: TCall): boolean {
  if (ONLINE_CALLS.includes(`${call.method} ${call.path}`)) return true;
  return (
    call.note.startsWith('generic:') &&
    ONLINE_BASES.includes(call.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, ''))
  );
}

let t: TTestApp;
let routes: TRouteEntry[];

describe('spec calls (docs/spec/calls.json)', () => {
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // The web fallback answers any GET; it registers no call.
    routes = t.app.routeTable.filter((r) => r.url !== '/*');
  });
  afterAll(() => t?.close());

  it('the file lists the 777 calls of the two documents', () => {
    expect(calls.length).toBe(777);
    for (const c of calls) expect(c.path, JSON.stringify(c)).toMatch(/^\//);
  });

  it('every call of the foundation issue is registered', () => {
    const owned = calls.filter(ownedByFoundation);
    // 8 auth + 8 session/system + 2×7 generic + 8 users, roles and language calls.
    expect(owned.length).toBe(38);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every call of the master-data issue is registered', () => {
    const owned = calls.filter(ownedByMasterData);
    // 7 agencies + 19 customers + 1 data group + 51 reference resources + 8 settings + 4×7 generic.
    expect(owned.length).toBe(114);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every call of the inventory issue is registered', () => {
    const owned = calls.filter(ownedByInventory);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
    expect(owned.length).toBe(OWNED_BY_INVENTORY);
  });

  it('every call of the pricing issue is registered', () => {
    const owned = calls.filter(ownedByPricing);
    expect(owned.length).toBe(OWNED_BY_PRICING);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every todo call is registered', () => {
    const owned = calls.filter(ownedByTodos);
    // GET rules, open, own, allTodos; POST solve + 2×7 generic.
    expect(owned.length).toBe(19);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every product call is registered', () => {
    const owned = calls.filter(ownedByProducts);
    // constants, bookedAtDay, stock update and log + 3×7 generic.
    expect(owned.length).toBe(25);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every dive day call is registered', () => {
    const owned = calls.filter(ownedByDive);
    // statistics, overview, print + 9×7 generic.
    expect(owned.length).toBe(3 + 7 * DIVE_BASES.length);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every onsite and point of sale call is registered', () => {
    const owned = calls.filter(ownedByOnsite);
    // 7 Onsite + the move + 12 Point of sale + 7 generic of /api/pos.
    expect(owned.length).toBe(27);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every booking call built so far is registered', () => {
    const built = [...BOOKING_WRITES, ...BOOKING_REPORTS];
    const owned = calls.filter((c) => built.includes(`${c.method} ${c.path}`));
    expect(owned.length).toBe(built.length);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it.each([
    ['booking comment', '/api/bookingcomment'],
    ['referral', '/api/referral'],
  ])('every %s call is registered (the seven standard calls of %s)', (_name, base) => {
    const owned = calls.filter(
      (c) => c.note.startsWith('generic:') && c.path.replace(/\/(listCSV|\{\w+\}(\/copy)?)$/, '') === base,
    );
    expect(owned.length).toBe(7);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every contest call is registered (the seven standard calls of /api/contest, the standing, subscribe, unsubscribe)', () => {
    const owned = calls.filter((c) => c.path === '/api/contest' || c.path.startsWith('/api/contest/'));
    expect(owned.length).toBe(10);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every call of the payments, banks, documents and mail issue is registered (and the backups)', () => {
    const owned = calls.filter(ownedByFinance);
    expect(owned.length).toBe(FINANCE_CALLS.length + 7 * FINANCE_BASES.length);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every report call is registered (modules/reports and the year reports)', () => {
    const owned = calls.filter((c) => c.section === 'Reports');
    expect(owned.length).toBe(24);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('every call of the online booking, widget, guest form and custom form issue is registered', () => {
    const owned = calls.filter(ownedByOnline);
    // GET and POST /api/form/{id} are both generic calls and the token calls of the forms.
    expect(owned.length).toBe(ONLINE_CALLS.length + 7 * ONLINE_BASES.length);
    const missing = owned.filter((c) => !registered(c, routes)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('reports the overall coverage', () => {
    const done = calls.filter((c) => registered(c, routes));
    console.log(`spec coverage: ${done.length} of ${calls.length} spec calls registered`);
    const extra = routes.filter((r) => !calls.some((c) => c.method === r.method && registered(c, [r])));
    if (extra.length)
      console.log(`registered beyond the spec: ${extra.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    expect(done.length).toBeGreaterThanOrEqual(
      38 + 113 + OWNED_BY_INVENTORY + OWNED_BY_PRICING + BOOKING_WRITES.length,
    );
  });
});
