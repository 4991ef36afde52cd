// Business constants of spec platform §9 and booking §9, exact.

export const API_BASE_PATH = '/api';
/** A token counts as valid only when longer than this. */
export const MIN_TOKEN_LENGTH = 50;
export const REFRESH_LEAD_SECONDS = 120;
export const REFRESH_MIN_LIFETIME_SECONDS = 240;
export const LIST_CACHE_ENTRIES = 10;
export const SETTINGS_GROUP_CACHE_MS = 3 * 60 * 60 * 1000;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_PAGE = 1;
export const DEFAULT_SORT = 'id';
export const DEFAULT_ORDER = 1;
export const GUEST_FORM_FILE_MAX_KB = 256;
/** The password screen's own rule: more than 4 characters. The server's minimum is a setting. */
export const PASSWORD_SCREEN_MIN_LENGTH = 4;
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;
export const LANGUAGE_COOKIE_DAYS = 14;
export const LANGUAGES = ['de', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'de';
export const DEFAULT_CURRENCY = 'EUR';
export const CURRENCY_SYMBOLS = { EUR: '€', USD: '$', GBP: '£', PHP: '₱' } as const;
export const DEFAULT_TIMEZONE = 'Europe/Berlin';
export const DEFAULT_DASHBOARD_DAYS = 30;
export const ROUTE_HISTORY_ENTRIES = 10;
export const PAGE_RELOAD_DELAY_MS = 250;
export const MESSAGE_TIMEOUT_MS = 6000;
export const SUCCESS_MESSAGE_TIMEOUT_MS = 3000;
export const TOP_N_DEFAULT = 10;
export const CALENDAR_ROW_HEIGHT_PX = 47;
export const CALENDAR_COLUMN_WIDTH_PX = 78;
export const DEFAULT_PAX = 2;
export const UNKNOWN_SORT = 9999;
/** Server time values below this are seconds, not milliseconds. */
export const SECONDS_TIMESTAMP_LIMIT = 1080765174;

/** Feature switches of spec platform §1. */
export const FEATURES = [
  'resort',
  'vessel',
  'stock',
  'forms',
  'bookingWidget',
  'customerRelation',
  'diveLog',
  'todo',
  'ota',
  'mailScheduler',
  'crmMaster',
  'crmClient',
  'loyalityProgram',
  'assetMaster',
  'contest',
  'bank',
  'connect',
  'pos',
] as const;
export type TFeature = (typeof FEATURES)[number];

/** Views that can switch screens off (route `not`). */
export const VIEWS = [
  'homeNotifications',
  'customerDetails',
  'guestforms',
  'financeReports',
  'bookingReports',
  'diveReports',
] as const;
export type TView = (typeof VIEWS)[number];

/** Brand colours an installation may choose (settings group 'theme', key 'primaryColor'). */
export const THEME_COLORS = [
  'blue',
  'cyan',
  'teal',
  'indigo',
  'violet',
  'grape',
  'pink',
  'red',
  'orange',
  'green',
  'dark',
] as const;
export type TThemeColor = (typeof THEME_COLORS)[number];
export const isThemeColor = (value: unknown): value is TThemeColor =>
  typeof value === 'string' && (THEME_COLORS as readonly string[]).includes(value);

/**
 * Minutes an unpaid online booking (/api/book, widget) holds its rooms before it lapses: long enough for
 * a card checkout, short enough that an abandoned one frees the last berth soon. [Judgment]
 */
export const ONLINE_HOLD_MINUTES = 30;
