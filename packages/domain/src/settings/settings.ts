import Decimal from 'decimal.js';
import { z } from 'zod';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_MIN_PASSWORD_LENGTH,
  DEFAULT_TIMEZONE,
  FEATURES,
  GUEST_FORM_FILE_MAX_KB,
  LANGUAGES,
  PASSWORD_SCREEN_MIN_LENGTH,
  type TFeature,
  THEME_COLORS,
  type TView,
  VIEWS,
} from '../constants.ts';
import { DEFAULT_CHILD_MAX_AGE, ZIsoDate } from '../customers/customers.ts';

// Settings groups the API accepts (`POST /api/settings/group/{group}`). Each group is a set of keys;
// a change names some keys and replaces their whole values (an address is sent whole).

const text = (max: number) => z.string().trim().max(max);
/** Optional text that may be emptied: '' clears it. */
const field = (max: number) => text(max).optional();
const upper = (pattern: RegExp, message: string) => z.string().trim().toUpperCase().regex(pattern, message);

const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/;

/** ISO 13616 check digits: the rearranged IBAN, letters as 10..35, is 1 modulo 97. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!IBAN.test(iban)) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

export const ZCompanyAddress = z.object({
  street: field(200),
  zip: field(20),
  city: field(100),
  /** ISO 3166-1 alpha-2, upper case; '' when unknown. */
  country: upper(/^([A-Z]{2})?$/, 'a two-letter country code').optional(),
});
export const ZCompanyBank = z.object({
  name: field(200),
  iban: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || isValidIban(v), 'an IBAN with valid check digits')
    .optional(),
  bic: upper(/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, 'a BIC of 8 or 11 characters').optional(),
  holder: field(200),
});
export const ZCompanyTaxIds = z.object({
  vatId: field(30),
  taxNumber: field(30),
  registry: field(200),
});

/** What the law asks a company's documents to name (§35a GmbHG, §80 AktG): its full name with the legal form, its directors. */
export const ZCompanyLegal = z.object({
  /** The full legal name with the form ("Atoll Demo Divers GmbH"); the name above when empty. */
  name: field(200),
  /** The managing directors (Geschäftsführer, Vorstand), as printed. */
  directors: field(300),
});
/** Why an invoice charges no VAT (§14 (4) no. 8 UStG), in each language; printed on invoices with 0 % lines. */
export const ZCompanyVatExemption = z.object({ de: field(500), en: field(500) });

/** Group `company`. The logo is not written here: `POST /api/settings/logo` sets it. */
export const ZCompanySettings = z.object({
  name: text(200).min(1),
  address: ZCompanyAddress,
  phone: field(50),
  email: z.union([z.literal(''), z.email().max(254)]).optional(),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
  bank: ZCompanyBank,
  taxIds: ZCompanyTaxIds,
  legal: ZCompanyLegal,
  vatExemption: ZCompanyVatExemption,
});
export type TCompanySettings = z.infer<typeof ZCompanySettings> & { logo: string | null };

export const ZCustomersSettings = z.object({ childMaxAge: z.number().int().min(0).max(25) });

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
/** Default hours before an option lapses that the office hears of it. */
export const OPTION_WARNING_HOURS = 24;

const ZNumberPrefix = z
  .string()
  .trim()
  .max(12)
  .regex(/^[A-Za-z0-9_/-]*$/, 'letters, digits, - _ /');

export const ZBookingSettings = z.object({
  /** Whether an offer blocks rooms and cabins like a booking does. */
  offersHoldInventory: z.boolean(),
  defaultCurrency: upper(/^[A-Z]{3}$/, 'an ISO 4217 code'),
  defaultLanguage: z.enum(LANGUAGES),
  /** Days an option (reservation) is held before it lapses. */
  optionDays: z.number().int().min(0).max(365),
  bookingNoPrefix: ZNumberPrefix,
  reservationNoPrefix: ZNumberPrefix,
  offerNoPrefix: ZNumberPrefix,
  timezone: z.string().max(64).refine(isTimeZone, 'an IANA time zone'),
  /** Queue the template mail when a booking becomes planned, confirmed or aborted (mail module); default off. A booking the guest made itself is always mailed. */
  stateMails: z.boolean().optional(),
  /** Hours before an option lapses when the office gets a todo and a mail (0: only when it lapses). */
  optionWarningHours: z.number().int().min(0).max(720).optional(),
  /** The guest also gets the mails before and when the option lapses; default off. */
  optionMailsToGuest: z.boolean().optional(),
});

export const ZThemeSettings = z.object({ primaryColor: z.enum(THEME_COLORS) });

const switches = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);
export const ZViewsSettings = switches<TView>(VIEWS);
export const ZFeaturesSettings = switches<TFeature>(FEATURES);

export const ZGuestformSettings = z.object({
  maxGuestFormFileSizeinKb: z.number().int().min(1).max(10_240),
  /** The global flag of spec platform §2: /guestform/:id/:token shows all guests of the booking on one page. */
  multiGuestForm: z.boolean(),
});

export const ZAuthSettings = z.object({
  /** The password screen asks for more than 4 characters; the installation may ask for more. */
  minPasswordLength: z
    .number()
    .int()
    .min(PASSWORD_SCREEN_MIN_LENGTH + 1)
    .max(128),
  'registration.customer': z.boolean(),
  'registration.agency': z.boolean(),
});

/** At most two named accounts may switch modules (docs/adr/0006-config-modules-accounts.md). */
export const MAX_MODULE_ACCOUNTS = 2;
export const ZSystemSettings = z.object({
  moduleAccounts: z
    .array(z.email().max(254).toLowerCase())
    .max(MAX_MODULE_ACCOUNTS)
    .refine((list) => new Set(list).size === list.length, 'no account twice'),
});

/**
 * Group `scuba` (`GET /api/settings/scubaDatesDiveSites`): the dates dives are offered on
 * (YYYY-MM-DD) and the names of the dive sites guests may pick.
 */
export const ZScubaSettings = z.object({
  diveDates: z.array(ZIsoDate).max(1000),
  diveSites: z.array(text(200).min(1)).max(1000),
});
export type TScubaDatesDiveSites = z.infer<typeof ZScubaSettings>;

/**
 * Group `accounting`: the syntax of the XRechnung download (docs/domain/e-invoices.md) and the DATEV export's
 * chart of accounts (docs/domain/datev-export.md).
 */
const ZLedgerAccount = z.string().regex(/^\d{4,8}$/, 'an account number of 4 to 8 digits');
export const ZAccountingSettings = z.object({
  einvoiceSyntax: z.enum(['cii', 'ubl']),
  /** The invoice mail attaches the ZUGFeRD PDF (PDF/A-3 with factur-x.xml) instead of the plain PDF. */
  zugferdMail: z.boolean(),
  datevChart: z.enum(['SKR03', 'SKR04']),
  /** DATEV's Beraternummer and Mandantennummer, written into the export's header. */
  datevConsultant: z.number().int().min(1001).max(9_999_999),
  datevClient: z.number().int().min(1).max(99_999),
  /** Accounts that differ from the chart's defaults; revenue by tax rate ("19", "7", "0"). */
  datevAccounts: z
    .object({
      receivables: ZLedgerAccount,
      bank: ZLedgerAccount,
      revenue: z.record(z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'a tax rate'), ZLedgerAccount),
      revenueOther: ZLedgerAccount,
    })
    .partial(),
});
export type TAccountingSettings = z.infer<typeof ZAccountingSettings>;

export const SETTINGS_GROUP_SCHEMAS = {
  company: ZCompanySettings,
  customers: ZCustomersSettings,
  booking: ZBookingSettings,
  theme: ZThemeSettings,
  views: ZViewsSettings,
  features: ZFeaturesSettings,
  guestform: ZGuestformSettings,
  auth: ZAuthSettings,
  system: ZSystemSettings,
  scuba: ZScubaSettings,
  accounting: ZAccountingSettings,
} as const;
export type TSettingsGroup = keyof typeof SETTINGS_GROUP_SCHEMAS;
export const SETTINGS_GROUPS = Object.keys(SETTINGS_GROUP_SCHEMAS) as TSettingsGroup[];
export const isSettingsGroup = (name: string): name is TSettingsGroup =>
  Object.hasOwn(SETTINGS_GROUP_SCHEMAS, name);

/** A change of one group: some of its keys, nothing else (an unknown key is refused). */
export const settingsPatch = <G extends TSettingsGroup>(group: G) =>
  SETTINGS_GROUP_SCHEMAS[group].partial().strict() as unknown as z.ZodType<
    Partial<z.infer<(typeof SETTINGS_GROUP_SCHEMAS)[G]>>
  >;

export type TSettingsValues = { [G in TSettingsGroup]: z.infer<(typeof SETTINGS_GROUP_SCHEMAS)[G]> } & {
  company: TCompanySettings;
};

/**
 * What a group answers for keys never stored. `features` and `views` are not here: the server
 * knows their defaults (features on a new installation, every view on).
 */
export const SETTINGS_DEFAULTS: { [G in Exclude<TSettingsGroup, 'features' | 'views'>]: TSettingsValues[G] } =
  {
    company: {
      name: '',
      address: {},
      phone: '',
      email: '',
      website: '',
      bank: {},
      taxIds: {},
      legal: {},
      vatExemption: {},
      logo: null,
    },
    customers: { childMaxAge: DEFAULT_CHILD_MAX_AGE },
    booking: {
      offersHoldInventory: false,
      defaultCurrency: DEFAULT_CURRENCY,
      defaultLanguage: DEFAULT_LANGUAGE,
      optionDays: 7,
      bookingNoPrefix: 'B',
      reservationNoPrefix: 'R',
      offerNoPrefix: 'O',
      timezone: DEFAULT_TIMEZONE,
      optionWarningHours: OPTION_WARNING_HOURS,
      optionMailsToGuest: false,
    },
    theme: { primaryColor: 'blue' },
    guestform: { maxGuestFormFileSizeinKb: GUEST_FORM_FILE_MAX_KB, multiGuestForm: true },
    auth: {
      minPasswordLength: DEFAULT_MIN_PASSWORD_LENGTH,
      'registration.customer': true,
      'registration.agency': true,
    },
    system: { moduleAccounts: [] },
    scuba: { diveDates: [], diveSites: [] },
    accounting: {
      einvoiceSyntax: 'cii',
      zugferdMail: false,
      datevChart: 'SKR03',
      datevConsultant: 1001,
      datevClient: 1,
      datevAccounts: {},
    },
  };

/**
 * Who reads a group through `GET /api/settings/group/{group}`: `public` groups are what bootstrap
 * shows anyone anyway; `authorized` groups every logged-in user needs (the letterhead, the child
 * age, booking defaults); the rest need settings.read (docs/adr/0006-config-modules-accounts.md).
 */
export const SETTINGS_READ_ACCESS: Record<TSettingsGroup, 'public' | 'authorized' | 'settings.read'> = {
  theme: 'public',
  features: 'public',
  views: 'public',
  guestform: 'public',
  company: 'authorized',
  customers: 'authorized',
  booking: 'authorized',
  scuba: 'authorized',
  accounting: 'settings.read',
  auth: 'settings.read',
  system: 'settings.read',
};

/** Message kinds of spec platform §3. */
export const MESSAGE_KINDS = ['Text', 'Payment', 'Cancellation', 'Information', 'Price', 'Custom'] as const;

/** Logo uploads: PNG or JPEG up to 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

// ---- Generic resources of the configuration area ----

const ZStamps = { createdAt: z.string(), updatedAt: z.string() };

/** Operator override of one UI or document text (`/api/translation`). */
export const ZTranslation = z.object({
  id: z.number().int(),
  key: z.string(),
  lang: z.enum(LANGUAGES),
  value: z.string(),
  ...ZStamps,
});
export type TTranslation = z.infer<typeof ZTranslation>;
export const ZTranslationKey = text(300).regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, 'a dotted key');
export const ZCreateTranslation = z.object({
  key: ZTranslationKey,
  lang: z.enum(LANGUAGES),
  value: z.string().max(5000),
});
/** A translatable key with its built-in texts and the overrides in force. */
export const ZTranslationKeyInfo = z.object({
  key: z.string(),
  builtIn: z.object({ de: z.string().nullable(), en: z.string().nullable() }),
  overrides: z.object({
    de: z.object({ id: z.number().int(), value: z.string() }).nullable(),
    en: z.object({ id: z.number().int(), value: z.string() }).nullable(),
  }),
});
export type TTranslationKeyInfo = z.infer<typeof ZTranslationKeyInfo>;

/** New taxes start aborted (spec booking §3); confirming one puts it in force. */
export const TAX_STATES = ['confirmed', 'aborted'] as const;
const TAX_VALUE = /^\d{1,3}(\.\d{1,4})?$/;
/** A tax rate in percent, 0..100 with up to four decimals, as a decimal string. */
export const ZTaxValue = z
  .string()
  .trim()
  .regex(TAX_VALUE, 'a percentage with up to four decimals')
  .refine((v) => !TAX_VALUE.test(v) || new Decimal(v).lte(100), 'at most 100');
/** '19.0000' as the database keeps it → '19'. */
export const normalizePercent = (value: string) => new Decimal(value).toString();
export const ZTax = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.string(),
  inclusive: z.boolean(),
  status: z.enum(TAX_STATES),
  countries: z.array(z.string()),
  ...ZStamps,
});
export type TTax = z.infer<typeof ZTax>;
const ZTaxCountries = z
  .array(upper(/^[A-Z]{2}$/, 'a two-letter country code'))
  .max(300)
  .default([]);
/** A new tax has no status: it starts aborted. */
export const ZCreateTax = z.object({
  name: text(100).min(1),
  value: ZTaxValue,
  inclusive: z.boolean().default(true),
  countries: ZTaxCountries,
});
export const ZUpdateTax = ZCreateTax.partial().extend({ status: z.enum(TAX_STATES).optional() });

const ZSort = z.number().int().min(-1_000_000).max(1_000_000);

export const ZTextblockGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  ...ZStamps,
});
export const ZCreateTextblockGroup = z.object({ name: text(100).min(1), sort: ZSort.default(0) });

/** Only the languages the product speaks: a text in another one would never be shown. */
export const ZTextblockText = z.strictObject({ de: text(20_000).optional(), en: text(20_000).optional() });
export const ZTextblock = z.object({
  id: z.number().int(),
  groupId: z.number().int().nullable(),
  name: z.string(),
  text: z.object({ de: z.string().optional(), en: z.string().optional() }),
  sort: z.number().int(),
  ...ZStamps,
});
export type TTextblock = z.infer<typeof ZTextblock>;
export const ZCreateTextblock = z.object({
  groupId: z.number().int().positive().nullable().default(null),
  name: text(100).min(1),
  text: ZTextblockText.default({}),
  sort: ZSort.default(0),
});

export const ZBookingSource = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  sort: z.number().int(),
  ...ZStamps,
});
export const ZCreateBookingSource = z.object({
  name: text(100).min(1),
  description: text(1000).nullable().default(null),
  isActive: z.boolean().default(true),
  sort: ZSort.default(0),
});

export const ZBookingCategory = ZBookingSource.extend({ color: z.string().nullable() });
export const ZCreateBookingCategory = ZCreateBookingSource.extend({
  /** A Mantine palette name or a #rrggbb colour. */
  color: z
    .string()
    .trim()
    .regex(/^([a-z]{3,10}|#[0-9a-fA-F]{6})$/, 'a colour name or #rrggbb')
    .nullable()
    .default(null),
});
