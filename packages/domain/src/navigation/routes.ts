// The web app's route table (spec platform §2, booking §2).
// Pure data plus a matcher: the guard (guard.ts) decides access, the web renders.
//
// Group rules of the spec are applied per entry, as explicit values rather than merged at run time,
// so that each row reads as the spec line it comes from:
// - A group's scope is the default for members that state none; a member's own scope replaces it
//   (/vessel/create [vessel.create] in the Vessel group [vessel.read]). Every Customers member states
//   its own scope, so the group scopes (customers.read | customers.self | agencies.self) add nothing.
// - A group's feature switch and view exclusion apply to every member. Where a member names a
//   further switch the two are AND-combined (`andFeatures`: /crm/forms needs crmMaster and forms).
// - Routes that both the Resort and the Vessel group name (rooms, room types, /bedtype) have one
//   entry per path: either switch opens them, and either group's read scope is enough. The room
//   entity serves both (type Cabin or Room), so this deliberately widens routes.json, which lists
//   the /room/* paths under the Vessel group only.
import type { TFeature, TView } from '../constants.ts';
import { MAILBOX_READ_SCOPES, MEDIA_READ_SCOPES } from '../scopes/scopes.ts';

/** Route metadata group of spec platform §3. */
export type TRouteGroup = 'masterData' | 'stats';

/** Menu section a route is listed under; sections appear in table order. */
export type TRouteSection =
  | 'base'
  | 'booking'
  | 'customers'
  | 'agencies'
  | 'club'
  | 'tour'
  | 'vessel'
  | 'resort'
  | 'rooms'
  | 'price'
  | 'products'
  | 'employees'
  | 'widgets'
  | 'finance'
  | 'bank'
  | 'stats'
  | 'dive'
  | 'master'
  | 'media'
  | 'geo'
  | 'config'
  | 'public';

export type TRouteDef = {
  /** React Router path syntax: `:param` segments, `*` for the catch-all. */
  readonly path: string;
  /** Stable camelCase key, translated as `routes.<name>`. */
  readonly name: string;
  /** Any-of; empty = no scope (open, guard rule 1). */
  readonly scopes: readonly string[];
  /** Each inner list is an any-of check that must pass as well ("X and Y" routes). */
  readonly all?: readonly (readonly string[])[];
  /** Views that disable the route when switched off. */
  readonly not?: readonly TView[];
  /** Feature switch; an array means any of them. */
  readonly feature?: TFeature | readonly TFeature[];
  /** Switches that must all be on in addition to `feature` ({crmMaster} group + {forms}). */
  readonly andFeatures?: readonly TFeature[];
  /** Listed in the menu. */
  readonly visible: boolean;
  /** Tabler icon component name. */
  readonly icon?: string;
  readonly group?: TRouteGroup;
  readonly section: TRouteSection;
  /** Reachable without login (metadata; the guard decides by its own rule 1). */
  readonly public?: true;
  /** Login pages: guests only, admin included in the refusal. */
  readonly guestOnly?: true;
};

type TRouteInput = Omit<TRouteDef, 'visible'> & { readonly hidden?: true };

/**
 * Menu visibility: hidden routes, public pages, the catch-all and any path with a parameter
 * (a menu cannot fill `:id`) are not listed.
 */
function route(input: TRouteInput): TRouteDef {
  const { hidden, ...def } = input;
  const visible = !hidden && !def.public && !def.path.includes(':') && !def.path.includes('*');
  return { ...def, visible };
}

const RV: readonly TFeature[] = ['resort', 'vessel'];
const VESSEL_OR_RESORT_READ = ['vessel.read', 'resort.read'];

const base = { section: 'base' } as const;
const booking = { section: 'booking' } as const;
const customers = { section: 'customers', not: ['customerDetails'] } as const;
const agencies = { section: 'agencies' } as const;
const club = { section: 'club', feature: 'crmMaster' } as const;
const tour = { section: 'tour' } as const;
const vessel = { section: 'vessel', feature: 'vessel', group: 'masterData' } as const;
const resort = { section: 'resort', feature: 'resort', group: 'masterData' } as const;
const rooms = { section: 'rooms', feature: RV, scopes: VESSEL_OR_RESORT_READ, group: 'masterData' } as const;
const price = { section: 'price', feature: RV } as const;
const products = { section: 'products', group: 'masterData' } as const;
const widgets = { section: 'widgets', feature: 'bookingWidget' } as const;
const bank = { section: 'bank', feature: 'bank' } as const;
const finance = { section: 'finance', feature: 'bank' } as const;
const stats = { section: 'stats', group: 'stats' } as const;
const dive = { section: 'dive', feature: 'diveLog' } as const;
const master = { section: 'master', feature: 'assetMaster' } as const;
const media = { section: 'media' } as const;
const geo = { section: 'geo', scopes: ['settings.read'], group: 'masterData' } as const;
const config = { section: 'config' } as const;
const open = { section: 'public', scopes: [], public: true } as const;

const ADMIN = ['admin'];

const BASE: TRouteInput[] = [
  { ...base, path: '/', name: 'home', scopes: ['$$IsAuthorized$$'], icon: 'IconHome' },
  {
    ...base,
    path: '/notifications',
    name: 'notifications',
    scopes: ['events.read'],
    not: ['homeNotifications'],
    icon: 'IconBell',
    hidden: true,
  },
  // The spec states no scope; the page lists what the mailbox calls return, so it needs their scopes.
  { ...base, path: '/mail', name: 'mail', scopes: MAILBOX_READ_SCOPES, icon: 'IconMail' },
  // No scope stated in the spec: guard rule 1 opens it; the embedded system checks its own access.
  { ...base, path: '/jump/:system', name: 'jump', scopes: [] },
  { ...base, path: '/jumpto/:token', name: 'jumpTo', scopes: ['guest', '$$IsAuthorized$$'], public: true },
];

const BOOKING: TRouteInput[] = [
  {
    ...booking,
    path: '/booking/list',
    name: 'bookings',
    scopes: ['bookings.read', 'agencies.self'],
    feature: RV,
    icon: 'IconListDetails',
  },
  {
    ...booking,
    path: '/booking/wizard',
    name: 'bookingWizard',
    scopes: ['bookings.create', 'bookings.read', 'agencies.self'],
    feature: RV,
    icon: 'IconWand',
  },
  {
    ...booking,
    path: '/booking/trip',
    name: 'tripCalendar',
    scopes: ['bookings.read'],
    feature: RV,
    icon: 'IconCalendarStats',
  },
  {
    ...booking,
    path: '/booking/resort',
    name: 'resortBookingCreate',
    scopes: ['bookings.create', 'agencies.self'],
    feature: RV,
    icon: 'IconCalendarPlus',
  },
  {
    ...booking,
    path: '/booking/tour',
    name: 'tourBookings',
    scopes: ['bookings.read'],
    feature: RV,
    icon: 'IconRoute',
  },
  {
    ...booking,
    path: '/booking/calendar',
    name: 'vesselCalendar',
    scopes: ['bookings.read'],
    feature: 'vessel',
    icon: 'IconCalendar',
  },
  {
    ...booking,
    path: '/booking/occupancy',
    name: 'bookingOccupancy',
    scopes: ['bookings.read'],
    feature: 'resort',
    icon: 'IconLayoutGrid',
  },
  {
    ...booking,
    path: '/booking/ota',
    name: 'bookingOta',
    scopes: ['bookings.read'],
    feature: 'ota',
    hidden: true,
  },
  {
    ...booking,
    path: '/pos/counter',
    name: 'posCounter',
    scopes: ['pos.read'],
    feature: 'pos',
    hidden: true,
  },
  { ...booking, path: '/pos/list', name: 'posList', scopes: ['pos.read'], feature: 'pos', hidden: true },
  // "The rest of the booking group is not shown": the detail page takes the list's scopes, so that
  // agents open their own bookings, and customers theirs from their home (the server answers only those).
  {
    ...booking,
    path: '/booking/:id',
    name: 'bookingDetail',
    scopes: ['bookings.read', 'agencies.self', 'customers.self'],
    feature: RV,
  },
];

const CUSTOMERS: TRouteInput[] = [
  { ...customers, path: '/customer/list', name: 'customers', scopes: ['customers.read'], icon: 'IconUsers' },
  {
    ...customers,
    path: '/customer/create',
    name: 'customerCreate',
    scopes: ['customers.create'],
    icon: 'IconUserPlus',
  },
  {
    ...customers,
    path: '/customer/guestform',
    name: 'guestformList',
    scopes: ['customers.read', 'customers.self', 'agencies.self'],
    not: ['customerDetails', 'guestforms'],
    icon: 'IconClipboardList',
  },
  {
    ...customers,
    path: '/customer/relation',
    name: 'customerRelations',
    scopes: ['customers.read'],
    feature: 'customerRelation',
    icon: 'IconHeartHandshake',
  },
  {
    ...customers,
    path: '/customer/group',
    name: 'customerGroups',
    scopes: ['customers.create'],
    icon: 'IconUsersGroup',
  },
  {
    ...customers,
    path: '/customer/view/:id',
    name: 'customerView',
    scopes: ['customers.self', 'customers.read'],
  },
  {
    ...customers,
    path: '/customer/:id',
    name: 'customerEdit',
    scopes: ['customers.self', 'customers.update'],
  },
  {
    ...customers,
    path: '/customerdatagroup',
    name: 'customerDataGroups',
    scopes: ['customers.update'],
    icon: 'IconDatabase',
  },
  { ...customers, path: '/form', name: 'forms', scopes: ['forms.read'], feature: 'forms', icon: 'IconForms' },
  {
    ...customers,
    path: '/formdef',
    name: 'formDefinitions',
    scopes: ['formdef.update'],
    feature: 'forms',
    icon: 'IconFileDescription',
  },
];

const AGENCIES: TRouteInput[] = [
  { ...agencies, path: '/agency/list', name: 'agencies', scopes: ['agencies.read'], icon: 'IconBriefcase' },
  {
    ...agencies,
    path: '/agency/filter/:fid',
    name: 'agencyListFilter',
    scopes: ['agencies.read'],
    hidden: true,
  },
  {
    ...agencies,
    path: '/agency/create',
    name: 'agencyCreate',
    scopes: ['agencies.create'],
    icon: 'IconPlus',
  },
  {
    ...agencies,
    path: '/agency/group',
    name: 'agencyGroup',
    scopes: ['agencies.create'],
    icon: 'IconUsersGroup',
  },
  {
    ...agencies,
    path: '/agency/payments',
    name: 'payments',
    scopes: ['agencies.read', 'agencies.self'],
    hidden: true,
  },
  { ...agencies, path: '/agency/:id', name: 'agencyEdit', scopes: ['agencies.update', 'agencies.self'] },
];

const CLUB: TRouteInput[] = [
  {
    ...club,
    path: '/club/dashboard',
    name: 'clubDashboard',
    scopes: ['user', 'admin'],
    icon: 'IconLayoutDashboard',
  },
  { ...club, path: '/club/dashboard/:tab', name: 'clubDashboardTab', scopes: ['user', 'admin'] },
  { ...club, path: '/club/card', name: 'clubCard', scopes: ['admin', 'customers.read'], icon: 'IconId' },
  {
    ...club,
    path: '/crm/customer',
    name: 'crmCustomers',
    scopes: ['customers.read', 'agencies.self'],
    icon: 'IconAddressBook',
  },
  {
    ...club,
    path: '/crm/filter/:fid',
    name: 'crmCustomerFilter',
    scopes: ['customers.read', 'agencies.self'],
  },
  // No scope stated in the spec, so guard rule 1 opens it (feature switch still applies).
  { ...club, path: '/crm/guestform', name: 'crmGuestforms', scopes: [], icon: 'IconClipboardList' },
  {
    ...club,
    path: '/crm/forms',
    name: 'crmForms',
    scopes: ['forms.read'],
    andFeatures: ['forms'],
    icon: 'IconForms',
  },
  { ...club, path: '/crm/referral', name: 'crmReferral', scopes: ['referral.read'], icon: 'IconAffiliate' },
  {
    ...club,
    path: '/crm/loyality',
    name: 'crmLoyality',
    scopes: ['customers.read'],
    andFeatures: ['loyalityProgram'],
    icon: 'IconAward',
  },
];

const TOUR: TRouteInput[] = [
  {
    ...tour,
    path: '/tour/list',
    name: 'tours',
    scopes: ['tours.read'],
    group: 'masterData',
    icon: 'IconRoute',
  },
  {
    ...tour,
    path: '/tour/create',
    name: 'tourCreate',
    scopes: ['tours.create'],
    group: 'masterData',
    icon: 'IconPlus',
  },
  { ...tour, path: '/tour/:id', name: 'tourEdit', scopes: ['tours.update'], group: 'masterData' },
  { ...tour, path: '/schedule', name: 'schedules', scopes: ['schedules.read'], icon: 'IconCalendarEvent' },
  {
    ...tour,
    path: '/schedules/create',
    name: 'scheduleCreate',
    scopes: ['schedules.create'],
    icon: 'IconCalendarPlus',
  },
  { ...tour, path: '/schedules/movecabin/:id', name: 'scheduleMoveCabin', scopes: ['bookings.update'] },
  { ...tour, path: '/schedule/:schedule', name: 'scheduleDetail', scopes: ['tours.read'] },
  {
    ...tour,
    path: '/tour/:tour/schedules/:schedule',
    name: 'tourScheduleEdit',
    scopes: ['schedules.update'],
  },
];

const VESSEL: TRouteInput[] = [
  { ...vessel, path: '/vessel/list', name: 'vessels', scopes: ['vessel.read'], icon: 'IconShip' },
  { ...vessel, path: '/vessel/create', name: 'vesselCreate', scopes: ['vessel.create'], icon: 'IconPlus' },
  { ...vessel, path: '/vessel/:id', name: 'vesselEdit', scopes: ['vessel.update'] },
  { ...vessel, path: '/vesseldeck', name: 'vesselDecks', scopes: ['vessel.read'], icon: 'IconStairs' },
  { ...vessel, path: '/vessellist', name: 'vesselLists', scopes: ['vessel.read'], icon: 'IconList' },
];

const RESORT: TRouteInput[] = [
  { ...resort, path: '/resort/list', name: 'resorts', scopes: ['resort.read'], icon: 'IconBeach' },
  {
    ...resort,
    path: '/resort/dates',
    name: 'resortDates',
    scopes: ['resort.read'],
    icon: 'IconCalendarCheck',
  },
  { ...resort, path: '/resort/lists', name: 'resortLists', scopes: ['resort.read'], icon: 'IconList' },
  { ...resort, path: '/resort/create', name: 'resortCreate', scopes: ['resort.create'], icon: 'IconPlus' },
  { ...resort, path: '/resort/:id', name: 'resortEdit', scopes: ['resort.update'] },
];

// Shared by the Resort and Vessel groups: see the file header.
const ROOMS: TRouteInput[] = [
  { ...rooms, path: '/room/list', name: 'rooms', icon: 'IconBed' },
  { ...rooms, path: '/room/type/list', name: 'roomTypes', icon: 'IconCategory' },
  { ...rooms, path: '/room/create', name: 'roomCreate', icon: 'IconPlus' },
  { ...rooms, path: '/room/:id', name: 'roomEdit' },
  { ...rooms, path: '/bedtype', name: 'bedTypes', icon: 'IconBedFlat' },
];

const PRICE: TRouteInput[] = [
  { ...price, path: '/price', name: 'prices', scopes: ['price.update'], icon: 'IconCurrencyEuro' },
  { ...price, path: '/pricevariant', name: 'priceVariants', scopes: ['price.update'], icon: 'IconVersions' },
  { ...price, path: '/supplements', name: 'supplements', scopes: ['price.update'], icon: 'IconSquarePlus' },
  { ...price, path: '/price/new', name: 'priceCreate', scopes: ['price.update'], hidden: true },
  { ...price, path: '/price/:id', name: 'priceEdit', scopes: ['price.update'] },
  { ...price, path: '/commission', name: 'commissions', scopes: ['bookings.update'], icon: 'IconPercentage' },
  { ...price, path: '/terms', name: 'paymentTerms', scopes: ['bookings.update'], icon: 'IconFileText' },
  { ...price, path: '/specials/list', name: 'specials', scopes: ['user'], icon: 'IconDiscount' },
  { ...price, path: '/specials/group', name: 'specialGroups', scopes: ['user'], icon: 'IconFolders' },
  { ...price, path: '/specials/create', name: 'specialCreate', scopes: ['user'], hidden: true },
  { ...price, path: '/specials/:id', name: 'specialEdit', scopes: ['user'] },
];

const PRODUCTS: TRouteInput[] = [
  {
    ...products,
    path: '/product/list',
    name: 'products',
    scopes: ['product.read'],
    feature: RV,
    icon: 'IconPackage',
  },
  {
    ...products,
    path: '/product/category',
    name: 'productCategories',
    scopes: ['product.read'],
    feature: RV,
    icon: 'IconTags',
  },
  {
    ...products,
    path: '/product/create',
    name: 'productCreate',
    scopes: ['product.create'],
    feature: RV,
    icon: 'IconPlus',
  },
  // Scope not stated; product.read from the line above (as routes.json assumes). Switch {stock} alone.
  {
    ...products,
    path: '/product/stock',
    name: 'productStock',
    scopes: ['product.read'],
    feature: 'stock',
    icon: 'IconBuildingWarehouse',
  },
  { ...products, path: '/product/:id', name: 'productEdit', scopes: ['product.update'], feature: RV },
];

const EMPLOYEES_AND_WIDGETS: TRouteInput[] = [
  {
    section: 'employees',
    path: '/employee',
    name: 'employees',
    scopes: ['employee.read'],
    feature: RV,
    group: 'masterData',
    icon: 'IconIdBadge2',
  },
  // The worklog has calls (/api/worklog) but no route in the spec; this path is ours (not in routes.json).
  {
    section: 'employees',
    path: '/employee/worklog',
    name: 'worklog',
    scopes: ['employee.read'],
    feature: RV,
    icon: 'IconCalendarTime',
  },
  { ...widgets, path: '/widget-admin/list', name: 'widgets', scopes: ['widget.read'], icon: 'IconAppWindow' },
  {
    ...widgets,
    path: '/widget-admin/stats',
    name: 'widgetStats',
    scopes: ['widget.read'],
    icon: 'IconChartBar',
  },
  { ...widgets, path: '/widget-admin/create', name: 'widgetCreate', scopes: ['widget.create'], hidden: true },
  { ...widgets, path: '/widget-admin/:id', name: 'widgetEdit', scopes: ['widget.update'] },
];

// Finance group: bankentries.read unless noted, all behind the bank switch.
const FINANCE: TRouteInput[] = [
  {
    ...finance,
    path: '/bank/entry/list',
    name: 'bankEntries',
    scopes: ['bankentries.read'],
    icon: 'IconReceipt',
  },
  {
    ...finance,
    path: '/bank/entry/manual',
    name: 'manualPayments',
    scopes: ['bankentries.read'],
    icon: 'IconCashBanknote',
  },
  {
    ...finance,
    path: '/bank/entry/temporary',
    name: 'temporaryPayments',
    scopes: ['bankentries.read'],
    icon: 'IconClockDollar',
  },
  { ...finance, path: '/credits', name: 'agencyCredits', scopes: ['agencies.read'], icon: 'IconCoins' },
  { ...finance, path: '/ccredits', name: 'customerCredits', scopes: ['customers.read'], icon: 'IconCoins' },
  {
    ...finance,
    path: '/finance/invoices',
    name: 'invoices',
    scopes: ['bookings.read'],
    icon: 'IconFileInvoice',
  },
  {
    ...finance,
    path: '/finance/assetshare',
    name: 'assetShare',
    scopes: ['bookings.read'],
    andFeatures: ['connect'],
    icon: 'IconChartPie',
  },
];

const BANK: TRouteInput[] = [
  // Parent of the bank pages; the menu links /bank/list instead.
  { ...bank, path: '/bank', name: 'bank', scopes: ['banks.read'], hidden: true },
  { ...bank, path: '/bank/list', name: 'banks', scopes: ['banks.read'], icon: 'IconBuildingBank' },
  { ...bank, path: '/bank/create', name: 'bankCreate', scopes: ['banks.create'], hidden: true },
  {
    ...bank,
    path: '/bank/cashflow',
    name: 'cashflow',
    scopes: ['bankentries.read'],
    icon: 'IconArrowsExchange',
  },
  { ...bank, path: '/bank/:id', name: 'bankEdit', scopes: ['banks.update'] },
];

// "The bookingReports and diveReports views can switch these off": booking figures follow
// bookingReports, dive figures diveReports; /stats/base has its own financeReports view and the
// export is a data download, not a report (routes.json agrees).
const STATS: TRouteInput[] = [
  {
    ...stats,
    path: '/stats/base',
    name: 'statsFinance',
    scopes: [],
    all: [['bookingpayment.read'], ['bankentries.read']],
    not: ['financeReports'],
    icon: 'IconChartLine',
  },
  {
    ...stats,
    path: '/stats/tour',
    name: 'statsTour',
    scopes: ['bookings.read'],
    feature: 'vessel',
    not: ['bookingReports'],
    icon: 'IconChartBar',
  },
  {
    ...stats,
    path: '/stats/booking',
    name: 'statsBooking',
    scopes: ['bookings.read'],
    feature: RV,
    not: ['bookingReports'],
    icon: 'IconChartBar',
  },
  {
    ...stats,
    path: '/stats/occupancy',
    name: 'statsOccupancy',
    scopes: ['bookings.read'],
    feature: 'resort',
    not: ['bookingReports'],
    icon: 'IconChartArea',
  },
  {
    ...stats,
    path: '/stats/dive',
    name: 'statsDive',
    scopes: ['divelog.read'],
    feature: 'diveLog',
    not: ['diveReports'],
    icon: 'IconChartDots',
  },
  {
    ...stats,
    path: '/stats/export',
    name: 'statsExport',
    scopes: ['export.read'],
    feature: RV,
    icon: 'IconFileExport',
  },
];

// "Each with its own read scope" names five scopes for six routes: the overview reads the dive log.
const DIVE: TRouteInput[] = [
  { ...dive, path: '/dive/overview', name: 'diveOverview', scopes: ['divelog.read'], icon: 'IconScubaMask' },
  { ...dive, path: '/dive/log', name: 'diveLog', scopes: ['divelog.read'], icon: 'IconNotebook' },
  { ...dive, path: '/dive/plan', name: 'divePlan', scopes: ['diveplan.read'], icon: 'IconMap' },
  { ...dive, path: '/dive/site', name: 'diveSites', scopes: ['divesite.read'], icon: 'IconMapPin' },
  { ...dive, path: '/dive/type', name: 'diveTypes', scopes: ['divetype.read'], icon: 'IconCategory' },
  { ...dive, path: '/dive/boat', name: 'diveBoats', scopes: ['diveboat.read'], icon: 'IconSailboat' },
  // Day guests and day events have calls (/api/dayguest, /api/dayevent) but no route in the spec; these paths
  // are ours (not in routes.json), read with the plan's scope as their calls are.
  { ...dive, path: '/dive/dayguest', name: 'diveDayGuests', scopes: ['diveplan.read'], icon: 'IconUserPlus' },
  {
    ...dive,
    path: '/dive/dayevent',
    name: 'diveDayEvents',
    scopes: ['diveplan.read'],
    icon: 'IconCalendarEvent',
  },
];

const MASTER: TRouteInput[] = [
  {
    ...master,
    path: '/master/booking',
    name: 'masterBookings',
    scopes: ['bookings.read'],
    icon: 'IconBuildingCommunity',
  },
  { ...master, path: '/master/booking/:system/:id', name: 'masterBookingDetail', scopes: ['bookings.read'] },
];

const MEDIA_AND_GEO: TRouteInput[] = [
  // The spec states no scope; the list shows what the media calls return, so it needs their scope.
  {
    ...media,
    path: '/media/list',
    name: 'media',
    scopes: MEDIA_READ_SCOPES,
    group: 'masterData',
    icon: 'IconPhoto',
  },
  { ...media, path: '/media/create', name: 'mediaCreate', scopes: ['media.create'], icon: 'IconUpload' },
  { ...media, path: '/media/:id', name: 'mediaEdit', scopes: ['media.update'] },
  { ...geo, path: '/geo/destination', name: 'destinations', icon: 'IconWorld' },
  { ...geo, path: '/geo/port', name: 'ports', icon: 'IconAnchor' },
  { ...geo, path: '/geo/airport', name: 'airports', icon: 'IconPlaneDeparture' },
  { ...geo, path: '/geo/airline', name: 'airlines', icon: 'IconPlane' },
  { ...geo, path: '/geo/country', name: 'countries', icon: 'IconFlag' },
];

// Configuration: scope admin unless noted.
const CONFIG: TRouteInput[] = [
  { ...config, path: '/config', name: 'config', scopes: ADMIN, icon: 'IconSettings' },
  { ...config, path: '/config/company', name: 'configCompany', scopes: ADMIN, icon: 'IconBuilding' },
  { ...config, path: '/config/settings/:type', name: 'configSettings', scopes: ADMIN },
  {
    ...config,
    path: '/config/translations',
    name: 'configTranslations',
    scopes: ADMIN,
    icon: 'IconLanguage',
  },
  // Also limited to two named accounts; that check needs the account and is not a route rule.
  { ...config, path: '/config/modules', name: 'configModules', scopes: ADMIN, icon: 'IconPuzzle' },
  // Not in routes.json: the local and Dropbox backups (spec platform §7 Settings backup calls).
  { ...config, path: '/config/backups', name: 'configBackups', scopes: ADMIN, icon: 'IconDatabaseExport' },
  {
    ...config,
    path: '/config/booking',
    name: 'configBooking',
    scopes: ['admin', 'bookings.update'],
    icon: 'IconCalendarCog',
  },
  {
    ...config,
    path: '/config/mailtemplates',
    name: 'mailTemplates',
    scopes: ['admin', 'mailtemplates.update'],
    icon: 'IconTemplate',
  },
  {
    ...config,
    path: '/config/mailtemplates/:id',
    name: 'mailTemplateEdit',
    scopes: ['admin', 'mailtemplates.update'],
  },
  {
    ...config,
    path: '/config/paymentprovider',
    name: 'paymentProviders',
    scopes: ['payprovider.read'],
    icon: 'IconCreditCard',
  },
  { ...config, path: '/config/mail', name: 'configMail', scopes: ['mail.update'], icon: 'IconMailCog' },
  {
    ...config,
    path: '/config/mailqueue',
    name: 'mailQueue',
    scopes: ['mailqueue.read'],
    icon: 'IconMailForward',
  },
  {
    ...config,
    path: '/config/mailschedule',
    name: 'mailSchedule',
    scopes: ['mailschedule.read'],
    feature: 'mailScheduler',
    icon: 'IconCalendarTime',
  },
  {
    ...config,
    path: '/config/mailscheduled',
    name: 'mailScheduled',
    scopes: ['mailschedule.read'],
    feature: 'mailScheduler',
    icon: 'IconMailFast',
  },
  {
    ...config,
    path: '/config/ota',
    name: 'configOta',
    scopes: ['suapi.read', 'suapi.all'],
    feature: 'ota',
    icon: 'IconApi',
  },
  // The spec names "channel-manager export" without a path; this path is ours (not in routes.json).
  {
    ...config,
    path: '/config/channel-manager',
    name: 'channelManagerExport',
    scopes: ['admin', 'vessel.update'],
    feature: 'vessel',
    icon: 'IconFileExport',
  },
  { ...config, path: '/users', name: 'users', scopes: ['users.read'], icon: 'IconUsers' },
  {
    ...config,
    path: '/users/profile',
    name: 'userProfile',
    scopes: ['users.self', 'agencies.self'],
    icon: 'IconUserCircle',
  },
  {
    ...config,
    path: '/users/create',
    name: 'userCreate',
    scopes: ['admin', 'users.create'],
    icon: 'IconUserPlus',
  },
  { ...config, path: '/users/:id', name: 'userEdit', scopes: ['admin', 'users.update'] },
  {
    ...config,
    path: '/userroles',
    name: 'userRoles',
    scopes: ['admin', 'users.update'],
    icon: 'IconUserShield',
  },
  { ...config, path: '/tax', name: 'tax', scopes: ADMIN, icon: 'IconReceiptTax' },
  { ...config, path: '/plugins', name: 'plugins', scopes: ADMIN, icon: 'IconPlug' },
  {
    ...config,
    path: '/todo',
    name: 'todo',
    scopes: ['admin', 'todo.update'],
    feature: 'todo',
    icon: 'IconChecklist',
  },
  {
    ...config,
    path: '/contest/list',
    name: 'contests',
    scopes: ['contest.read'],
    feature: 'contest',
    icon: 'IconTrophy',
  },
];

const PUBLIC: TRouteInput[] = [
  { ...open, path: '/login', name: 'login', guestOnly: true },
  { ...open, path: '/club/login', name: 'clubLogin', guestOnly: true },
  { ...open, path: '/register/:userType', name: 'register' },
  { ...open, path: '/password/reset', name: 'passwordReset' },
  { ...open, path: '/club/password/reset', name: 'clubPasswordReset' },
  { ...open, path: '/user/:id/verify', name: 'userVerify', scopes: ['guest', 'user'] },
  { ...open, path: '/club/user/:id/verify', name: 'clubUserVerify', scopes: ['guest', 'user'] },
  { ...open, path: '/invoice/:id', name: 'invoicePublic' },
  { ...open, path: '/club/invoice/:id', name: 'clubInvoicePublic' },
  { ...open, path: '/payment/success', name: 'paymentSuccess', scopes: ['guest', 'user', 'admin'] },
  { ...open, path: '/payment/aborted', name: 'paymentAborted' },
  // One path for both guest-form versions; a global flag picks the component.
  { ...open, path: '/guestform/:id/:token', name: 'guestform' },
  { ...open, path: '/guestform-m/:id/:token', name: 'guestformMulti' },
  { ...open, path: '/forms/:id/:token', name: 'formPublic' },
  { ...open, path: '/book', name: 'book', feature: RV, hidden: true },
  { ...open, path: '/book/preview', name: 'bookPreview', feature: RV, hidden: true },
  { ...open, path: '/book/online', name: 'bookOnline' },
  { ...open, path: '/book/online-v2', name: 'bookOnlineV2' },
  { ...open, path: '/book/resort', name: 'bookResort' },
  { ...open, path: '/book/resort-v2', name: 'bookResortV2' },
  { ...open, path: '/widget/:slug', name: 'widget' },
];

// Open to guests and users alike: no scope. Never listed, so its section only keeps the menu tidy.
const CATCH_ALL: TRouteInput = { section: 'public', path: '*', name: 'notFound', scopes: [] };

/** Every route of the web app, in menu order (sections appear in the order of their first route). */
export const ROUTES: readonly TRouteDef[] = [
  ...BASE,
  ...BOOKING,
  ...CUSTOMERS,
  ...AGENCIES,
  ...CLUB,
  ...TOUR,
  ...VESSEL,
  ...RESORT,
  ...ROOMS,
  ...PRICE,
  ...PRODUCTS,
  ...EMPLOYEES_AND_WIDGETS,
  ...FINANCE,
  ...BANK,
  ...STATS,
  ...DIVE,
  ...MASTER,
  ...MEDIA_AND_GEO,
  ...CONFIG,
  ...PUBLIC,
  CATCH_ALL,
].map(route);

// --- Matching -----------------------------------------------------------------------------------

const SPLAT = '*';
// Higher is more specific; compared segment by segment from the left. A pattern without splat ends
// with END_RANK, so `/` beats `*` and `/foo` beats `/foo/*` on the same path.
const SPLAT_RANK = 1;
const PARAM_RANK = 2;
const STATIC_RANK = 3;
const END_RANK = 4;

type TCompiled = { readonly route: TRouteDef; readonly segments: readonly string[] };

const compiledCache = new WeakMap<readonly TRouteDef[], readonly TCompiled[]>();

function compile(routes: readonly TRouteDef[]): readonly TCompiled[] {
  const cached = compiledCache.get(routes);
  if (cached) return cached;
  const compiled = routes.map((r) => ({ route: r, segments: splitPath(r.path).map((s) => s.toLowerCase()) }));
  compiledCache.set(routes, compiled);
  return compiled;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// Query and hash are not part of the path; empty segments (`//`, trailing `/`) are dropped.
function splitPath(path: string): string[] {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.split('/').filter((segment) => segment !== '');
}

/** Segment ranks of a match, or null when the pattern does not match. */
function rankMatch(pattern: readonly string[], segments: readonly string[]): number[] | null {
  const ranks: number[] = [];
  for (const [index, part] of pattern.entries()) {
    if (part === SPLAT) return index === pattern.length - 1 ? [...ranks, SPLAT_RANK] : null;
    const segment = segments[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) ranks.push(PARAM_RANK);
    else if (part === segment) ranks.push(STATIC_RANK);
    else return null;
  }
  return pattern.length === segments.length ? [...ranks, END_RANK] : null;
}

function moreSpecific(a: readonly number[], b: readonly number[]): boolean {
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const diff = (a[index] ?? 0) - (b[index] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return false;
}

/**
 * The route a pathname opens, React Router style: static segments match case-insensitively and
 * percent-decoded (as the router does, so `/CONFIG` cannot slip past the guard as "not found"),
 * `:param` matches one segment, `*` the rest. The most specific match wins: static over parameter
 * over splat, from the left. Undefined only when the table has no catch-all.
 */
export function findRoute(pathname: string, routes: readonly TRouteDef[] = ROUTES): TRouteDef | undefined {
  const segments = splitPath(pathname).map((segment) => decodeSegment(segment).toLowerCase());
  let best: { route: TRouteDef; ranks: number[] } | undefined;
  for (const candidate of compile(routes)) {
    const ranks = rankMatch(candidate.segments, segments);
    if (ranks && (!best || moreSpecific(ranks, best.ranks))) best = { route: candidate.route, ranks };
  }
  return best?.route;
}
