import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './schema/columns.ts';

export const agencyGroups = pgTable('agency_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color'),
  ...timestamps,
});

/** Travel agencies, resellers and employee accounts that book for their clients (spec platform §7 Agencies). */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** travel, resell or employee */
    type: text('type').notNull().default('travel'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    groupId: integer('group_id').references(() => agencyGroups.id, { onDelete: 'set null' }),
    /** street, zip, city, state, country */
    address: jsonb('address').notNull().default({}),
    taxId: text('tax_id'),
    language: text('language').notNull().default('de'),
    currency: text('currency').notNull().default('EUR'),
    /** Default commission in percent (0..100) and mode (`included` or `subtract`, docs/domain/tax-and-commission.md). */
    commission: numeric('commission', { precision: 5, scale: 2 }).notNull().default('0'),
    commissionMode: text('commission_mode').notNull().default('included'),
    creditLimit: numeric('credit_limit', { precision: 14, scale: 2 }),
    /** bank name, IBAN, BIC, account holder */
    bank: jsonb('bank').notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    /** Internal note of the operator: never shown to agents or customers. */
    internalNote: text('internal_note'),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [index('agencies_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

/** People to talk to at an agency (`GET /api/agencies/contacts`). */
export const agencyContacts = pgTable(
  'agency_contacts',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: text('position'),
    email: text('email'),
    phone: text('phone'),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('agency_contacts_agency_idx').on(t.agencyId)],
);

/** An agency's identity in a connected system (`{agency}/link/{system}`). */
export const agencyLinks = pgTable(
  'agency_links',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    system: text('system').notNull(),
    external: text('external').notNull(),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.system] })],
);

export const customerGroups = pgTable('customer_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color'),
  ...timestamps,
});

/**
 * Guests and clients (spec platform §3). The nested objects of the API (masterData, contact, address,
 * passport) are stored as jsonb; the values lists search, sort and filter by are copied into typed
 * columns on every write.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    customerType: text('customer_type').notNull().default('Default'),
    masterData: jsonb('master_data').notNull().default({}),
    contact: jsonb('contact').notNull().default({}),
    address: jsonb('address').notNull().default({}),
    passport: jsonb('passport').notNull().default({}),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Lower-cased contact e-mail. */
    email: text('email'),
    phone: text('phone'),
    birthday: date('birthday'),
    permanentAge: integer('permanent_age'),
    gender: text('gender').notNull().default('u'),
    nationality: text('nationality'),
    country: text('country'),
    language: text('language'),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => customerGroups.id, { onDelete: 'set null' }),
    /** Custom data by customer data group: `{ [groupId]: { [field]: value } }`. */
    data: jsonb('data').notNull().default({}),
    /** Internal note of the operator: never shown to agents or customers. */
    internalNote: text('internal_note'),
    /** Loyalty rule inputs (docs/domain/specials.md), set by `{id}/stats/recalculate`. */
    stays: integer('stays').notNull().default(0),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull().default('0'),
    lastStay: date('last_stay'),
    statsAt: timestamp('stats_at', { withTimezone: true }),
    /**
     * What the list search looks in (name, e-mail, phone), lower-cased, kept by the database itself: one
     * trigram index answers "contains" in about a millisecond where three ILIKEs read every row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`,
    ),
    /** Bumped on every change; `customer_versions` keeps each version for `{id}/diff/{from}`. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('customers_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('customers_email_idx').on(t.email),
    index('customers_birthday_idx').on(t.birthday),
    index('customers_last_name_idx').on(t.lastName, t.firstName),
    index('customers_agency_idx').on(t.agencyId),
  ],
);

/** A snapshot of a customer as it was saved in each version. */
export const customerVersions = pgTable(
  'customer_versions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_versions_unique').on(t.customerId, t.version)],
);

/** A customer's identity in an external system (`{id}/reference/{system}/{external}`). */
export const customerReferences = pgTable(
  'customer_references',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    system: text('system').notNull(),
    external: text('external').notNull(),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customer_references_unique').on(t.system, t.external),
    index('customer_references_customer_idx').on(t.customerId, t.system),
  ],
);

/** Free key/value data of a customer (`{id}/meta/{key}`). */
export const customerMeta = pgTable(
  'customer_meta',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

/** Groups of custom customer fields (diving experience, medical, ...): `fields` [{key, type, label{de,en}, options}]. */
export const customerDataGroups = pgTable('customer_data_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  label: jsonb('label').notNull().default({}),
  sort: integer('sort').notNull().default(0),
  fields: jsonb('fields').notNull().default([]),
  ...timestamps,
});

/** Credit ledgers of customers and agencies (docs/domain/payments.md): the balance is the sum, never negative. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull().default('EUR'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    bookingId: integer('booking_id'),
    /** The bank entry it was assigned from (a part of an entry kept as credit, docs/domain/payments.md). */
    bankEntryId: integer('bank_entry_id'),
    note: text('note'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_entries_one_owner', sql`(${t.customerId} is null) <> (${t.agencyId} is null)`),
    index('credit_entries_customer_idx').on(t.customerId),
    index('credit_entries_agency_idx').on(t.agencyId),
  ],
);

export const userRoles = pgTable('user_roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone'),
    userType: text('user_type').notNull().default('Default'),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** permissions.scope of the spec: the user's own scopes; roles add theirs. */
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    roleIds: integer('role_ids').array().notNull().default(sql`'{}'::integer[]`),
    settings: jsonb('settings').notNull().default({}),
    notifications: jsonb('notifications').notNull().default({}),
    activeAsset: jsonb('active_asset'),
    resorts: integer('resorts').array().notNull().default(sql`'{}'::integer[]`),
    vessels: integer('vessels').array().notNull().default(sql`'{}'::integer[]`),
    passwordHash: text('password_hash'),
    isCrmUser: boolean('is_crm_user').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

/** Bearer sessions. Only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Single-use tokens: password reset, e-mail verification, jump login. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.kind)],
);

/** Every login attempt, for `GET /api/users/logins`. */
export const userLogins = pgTable(
  'user_logins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_logins_user_idx').on(t.userId, t.createdAt),
    // The per-account login limit reads an address's recent attempts.
    index('user_logins_email_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    group: text('group').notNull(),
    key: text('key').notNull(),
    value: jsonb('value'),
    ...timestamps,
  },
  (t) => [uniqueIndex('settings_group_key_unique').on(t.group, t.key)],
);

/** Notifications shown on the home page; `user_id` null means everyone with events.read. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    text: text('text').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('events_user_idx').on(t.userId, t.createdAt)],
);

/** Uploaded files kept in the database (company logo, imports); media of the inventory issue have their own table. */
export const storedFiles = pgTable('stored_files', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  userId: integer('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Operator overrides of UI and document texts per language (`/api/translation`). */
export const translations = pgTable(
  'translations',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('translations_key_lang_unique').on(t.key, t.lang)],
);

/** Tax rates (`/tax`); new taxes start aborted (spec booking §3). */
export const taxes = pgTable('taxes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  value: numeric('value', { precision: 7, scale: 4 }).notNull().default('0'),
  inclusive: boolean('inclusive').notNull().default(true),
  status: text('status').notNull().default('aborted'),
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull().default(2),
  isBase: boolean('is_base').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** 1 `from` = `rate` `to`, valid from a day until the next rate of the pair. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    validFrom: date('valid_from').notNull(),
    source: text('source').notNull().default('manual'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('exchange_rates_pair_day_unique').on(t.fromCurrency, t.toCurrency, t.validFrom),
    check('exchange_rates_positive', sql`${t.rate} > 0`),
  ],
);

/** ISO 3166-1 countries with names per language, calling codes and ISO 3166-2 states. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  code3: text('code3'),
  name: text('name').notNull(),
  translations: jsonb('translations').notNull().default({}),
  callingCodes: text('calling_codes').array().notNull().default(sql`'{}'::text[]`),
  /** [{ name, state_code }] */
  states: jsonb('states').notNull().default([]),
  currency: text('currency'),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const destinations = pgTable('destinations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country'),
  description: jsonb('description').notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const ports = pgTable('ports', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  country: text('country'),
  destinationId: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
  latitude: numeric('latitude', { precision: 9, scale: 6 }),
  longitude: numeric('longitude', { precision: 9, scale: 6 }),
  description: jsonb('description').notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const airports = pgTable(
  'airports',
  {
    id: serial('id').primaryKey(),
    iata: text('iata').notNull().unique(),
    icao: text('icao'),
    name: text('name').notNull(),
    city: text('city'),
    country: text('country'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('airports_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

export const airlines = pgTable(
  'airlines',
  {
    id: serial('id').primaryKey(),
    iata: text('iata'),
    icao: text('icao'),
    name: text('name').notNull(),
    country: text('country'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('airlines_iata_idx').on(t.iata)],
);

export const textblockGroups = pgTable('textblock_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Reusable texts for mails and documents, per language (`text`: { de, en }). */
export const textblocks = pgTable('textblocks', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').references(() => textblockGroups.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  text: jsonb('text').notNull().default({}),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const bookingSources = pgTable('booking_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const bookingCategories = pgTable('booking_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  color: text('color'),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

// ─── Inventory: media, resorts, vessels, room types, rooms, tours, schedules, occupancy ───

export const mediaFolders = pgTable(
  'media_folders',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => mediaFolders.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('media_folders_parent_idx').on(t.parentId)],
);

/** Images and documents of the media library; the bytes live in `media_data` so lists never load them. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    folderId: integer('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    /** image or document */
    type: text('type').notNull().default('image'),
    mime: text('mime'),
    size: integer('size').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    /** Alternative text / caption per language: { de, en }. */
    caption: jsonb('caption').notNull().default({}),
    /** Public files are served without a login (room photos on the booking pages). */
    isPublic: boolean('is_public').notNull().default(true),
    /** SHA-256 of the stored bytes: the ETag of `/api/media/{id}/data`. */
    checksum: text('checksum'),
    ...timestamps,
  },
  (t) => [index('media_folder_idx').on(t.folderId)],
);

export const mediaData = pgTable('media_data', {
  mediaId: integer('media_id')
    .primaryKey()
    .references(() => media.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  /** A small webp preview for lists (images only). */
  thumbnail: bytea('thumbnail'),
});

export const resorts = pgTable('resorts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  description: jsonb('description').notNull().default({}),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  /** Local currency (ISO 4217) of the resort: prices on site, onsite payments. */
  currency: text('currency').notNull().default('EUR'),
  country: text('country'),
  destinationId: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
  address: jsonb('address').notNull().default({}),
  email: text('email'),
  phone: text('phone'),
  website: text('website'),
  checkInTime: text('check_in_time').notNull().default('14:00'),
  checkOutTime: text('check_out_time').notNull().default('11:00'),
  images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
  isActive: boolean('is_active').notNull().default(true),
  /** Bookable online (booking pages and widget). */
  isVisible: boolean('is_visible').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/**
 * Allowed arrival and departure days of a resort (`/api/arrivaldeparture`, docs/domain/availability.md): weekdays
 * (0 = Sunday … 6 = Saturday) within an optional validity range. No rule of a kind: every day allowed.
 */
export const arrivalDepartureRules = pgTable(
  'arrival_departure_rules',
  {
    id: serial('id').primaryKey(),
    resortId: integer('resort_id')
      .notNull()
      .references(() => resorts.id, { onDelete: 'cascade' }),
    /** arrival, departure or both */
    kind: text('kind').notNull().default('both'),
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::integer[]`),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('arrival_departure_resort_idx').on(t.resortId)],
);

export const vessels = pgTable('vessels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  description: jsonb('description').notNull().default({}),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  currency: text('currency').notNull().default('EUR'),
  homePortId: integer('home_port_id').references(() => ports.id, { onDelete: 'set null' }),
  /** Technical data shown on documents: length, beam, built, flag, crew … */
  details: jsonb('details').notNull().default({}),
  images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
  isActive: boolean('is_active').notNull().default(true),
  isVisible: boolean('is_visible').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const vesselDecks = pgTable(
  'vessel_decks',
  {
    id: serial('id').primaryKey(),
    vesselId: integer('vessel_id')
      .notNull()
      .references(() => vessels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: jsonb('description').notNull().default({}),
    /** Deck plan image (media id); cabins carry their position on it. */
    planImage: integer('plan_image').references(() => media.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('vessel_decks_vessel_idx').on(t.vesselId)],
);

/** Printable lists of a vessel (manifest, cabin list, dive list): columns chosen by the operator. */
export const vesselLists = pgTable('vessel_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
  /** manifest, cabins or custom */
  kind: text('kind').notNull().default('manifest'),
  columns: text('columns').array().notNull().default(sql`'{}'::text[]`),
  /** Language of the printout; empty = the reader's. */
  language: text('language'),
  landscape: boolean('landscape').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

export const bedTypes = pgTable('bed_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key'),
  /** Display names per language: { de, en }. */
  translations: jsonb('translations').notNull().default({}),
  /** How many persons the bed sleeps. */
  persons: integer('persons').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Room and cabin categories (spec booking §3 Room type), of one resort or one vessel. */
export const roomTypes = pgTable(
  'room_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    defaultNoOfPax: integer('default_no_of_pax').notNull().default(2),
    minNoOfPax: integer('min_no_of_pax').notNull().default(1),
    maxNoOfPax: integer('max_no_of_pax').notNull().default(2),
    maxNoOfOTAPax: integer('max_no_of_ota_pax').notNull().default(2),
    availableToOTA: integer('available_to_ota').notNull().default(-1),
    roomTypeOTA: text('room_type_ota').notNull().default('Double'),
    sizeInSqm: numeric('size_in_sqm', { precision: 8, scale: 2 }).notNull().default('-1'),
    surcharge: numeric('surcharge', { precision: 14, scale: 2 }).notNull().default('0'),
    /** percent or fixed */
    surchargeType: text('surcharge_type').notNull().default('percent'),
    hide: boolean('hide').notNull().default(false),
    collapse: boolean('collapse').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    description: jsonb('description').notNull().default({}),
    images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
    sort: integer('sort').notNull().default(9999),
    ...timestamps,
  },
  (t) => [
    index('room_types_resort_idx').on(t.resortId),
    index('room_types_vessel_idx').on(t.vesselId),
    check('room_types_one_asset', sql`(${t.resortId} is null) <> (${t.vesselId} is null)`),
  ],
);

/** Rooms of a resort and cabins of a vessel (spec booking §3 Room / cabin). */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    internalId: text('internal_id'),
    /** Room or Cabin */
    type: text('type').notNull().default('Room'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id').references(() => roomTypes.id, { onDelete: 'set null' }),
    deckId: integer('deck_id').references(() => vesselDecks.id, { onDelete: 'set null' }),
    /** Place on the deck plan, percent of its width and height: { x, y }. */
    deckPosition: jsonb('deck_position'),
    isActive: boolean('is_active').notNull().default(true),
    isVisible: boolean('is_visible').notNull().default(true),
    hide: boolean('hide').notNull().default(false),
    /** Number of active beds; recomputed from `configuration.beds` on every save. */
    availableBeds: integer('available_beds').notNull().default(0),
    allowSharedRoom: boolean('allow_shared_room').notNull().default(false),
    allowMixedGender: boolean('allow_mixed_gender').notNull().default(false),
    bedTypeId: integer('bed_type_id').references(() => bedTypes.id, { onDelete: 'set null' }),
    additionalBedTypes: integer('additional_bed_types').array().notNull().default(sql`'{}'::integer[]`),
    housekeeping: text('housekeeping').notNull().default('clean'),
    usageState: text('usage_state').notNull().default('free'),
    images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
    description: jsonb('description').notNull().default({}),
    /** { maxNoOfPax, minNoOfPax, defaultNoOfPax, single, double, fan, acc, seaview, warmwater, beds: [...] } */
    configuration: jsonb('configuration').notNull().default({}),
    sort: integer('sort').notNull().default(9999),
    ...timestamps,
  },
  (t) => [
    index('rooms_resort_idx').on(t.resortId),
    index('rooms_vessel_idx').on(t.vesselId),
    index('rooms_room_type_idx').on(t.roomTypeId),
    check('rooms_one_asset', sql`(${t.resortId} is null) <> (${t.vesselId} is null)`),
  ],
);

/** Blocks of a room over `[from, to)`: Maintanance (spec spelling), OutOfOrder, Event. */
export const roomBlocks = pgTable(
  'room_blocks',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('room_blocks_room_idx').on(t.roomId, t.from),
    check('room_blocks_range', sql`${t.to} > ${t.from}`),
  ],
);

/** Itineraries: a named route without dates (docs/domain/departures-and-charters.md). */
export const tours = pgTable('tours', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code'),
  vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'set null' }),
  destinationId: integer('destination_id').references(() => destinations.id, { onDelete: 'set null' }),
  embarkPortId: integer('embark_port_id').references(() => ports.id, { onDelete: 'set null' }),
  disembarkPortId: integer('disembark_port_id').references(() => ports.id, { onDelete: 'set null' }),
  /** Default length of a departure. */
  nights: integer('nights').notNull().default(7),
  description: jsonb('description').notNull().default({}),
  /** [{ day, title: { de, en }, text: { de, en }, portId? }] */
  itinerary: jsonb('itinerary').notNull().default([]),
  included: jsonb('included').notNull().default({}),
  excluded: jsonb('excluded').notNull().default({}),
  color: text('color'),
  images: integer('images').array().notNull().default(sql`'{}'::integer[]`),
  isActive: boolean('is_active').notNull().default(true),
  isVisible: boolean('is_visible').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/**
 * Departures of a tour on a vessel over `[from, to)`. Two live schedules of one vessel never overlap:
 * the exclusion constraint `schedules_no_overlap` (migration 0004) guards it under concurrency.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'restrict' }),
    vesselId: integer('vessel_id')
      .notNull()
      .references(() => vessels.id, { onDelete: 'restrict' }),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    /** open, closed (no more sales) or cancelled (holds nothing, cannot be booked) */
    status: text('status').notNull().default('open'),
    embarkPortId: integer('embark_port_id').references(() => ports.id, { onDelete: 'set null' }),
    disembarkPortId: integer('disembark_port_id').references(() => ports.id, { onDelete: 'set null' }),
    /** The price of this departure (docs/domain/prices.md); else the vessel's season containing `from`. */
    priceId: integer('price_id').references((): AnyPgColumn => prices.id, { onDelete: 'set null' }),
    /** Explicit full-charter price per currency: { EUR: "48000.00" }. */
    fullCharterPrice: jsonb('full_charter_price').notNull().default({}),
    isVisible: boolean('is_visible').notNull().default(true),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('schedules_vessel_idx').on(t.vesselId, t.from),
    index('schedules_tour_idx').on(t.tourId, t.from),
    check('schedules_range', sql`${t.to} > ${t.from}`),
  ],
);

/**
 * What holds a room or a bed over `[from, to)` (docs/domain/availability.md). One row per unit: `unit` is '' for a
 * whole room that is not shared, else the bed's internalId (a whole-room booking of a shared room writes
 * one row per active bed). `holds` follows the booking state; the exclusion constraint
 * `occupancy_no_overlap` (migration 0004) makes two holding rows of one unit on overlapping nights
 * impossible, also under concurrency.
 */
export const occupancy = pgTable(
  'occupancy',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    unit: text('unit').notNull().default(''),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'restrict' }),
    /** The booking (no foreign key: the availability tests and the bench hold for bookings they never write). */
    bookingId: integer('booking_id'),
    /** The booking's room entry, `booking_rooms.id` (several per booking when split by hand). */
    entryId: integer('entry_id'),
    /** Booking state when last written (draft, planned, confirmed …). */
    state: text('state').notNull(),
    holds: boolean('holds').notNull(),
    /** A planned option holds until then; null: no expiry. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** false: the bed was picked by the system and may be moved; true: chosen by staff or guest. */
    bedAssigned: boolean('bed_assigned').notNull().default(false),
    /** Whole-room hold (all beds of a shared room) rather than one berth. */
    wholeRoom: boolean('whole_room').notNull().default(true),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** m, f or u: the person in this bed, for the same-gender rule of shared rooms. */
    gender: text('gender').notNull().default('u'),
    ...timestamps,
  },
  (t) => [
    index('occupancy_booking_idx').on(t.bookingId),
    index('occupancy_schedule_idx').on(t.scheduleId),
    check('occupancy_range', sql`${t.to} > ${t.from}`),
  ],
);

// ─── Prices, specials, terms, commission (docs/domain/prices.md, specials.md and payments.md) ──────────────

/** Occupancy and person variants of prices (`/api/pricevariant`): double use, single use, child ≤ 11. */
export const priceVariants = pgTable('price_variants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  key: text('key'),
  translations: jsonb('translations').notNull().default({}),
  noOfPax: integer('no_of_pax'),
  maxAge: integer('max_age'),
  perPerson: boolean('per_person').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  fullCharter: boolean('full_charter').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Terms of payment (`/api/terms`): deposit, rest and cancellation tiers. */
export const paymentTerms = pgTable('payment_terms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: jsonb('description').notNull().default({}),
  depositPercent: numeric('deposit_percent', { precision: 5, scale: 2 }).notNull().default('0'),
  depositAbsolute: numeric('deposit_absolute', { precision: 14, scale: 2 }),
  depositDueDays: integer('deposit_due_days').notNull().default(7),
  onReservation: boolean('on_reservation').notNull().default(false),
  restDueDaysBeforeArrival: integer('rest_due_days_before_arrival').notNull().default(60),
  optionDays: integer('option_days').notNull().default(7),
  /** [{ daysBefore, percent }] */
  cancellationTiers: jsonb('cancellation_tiers').notNull().default([]),
  depositNonRefundable: boolean('deposit_non_refundable').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  ...timestamps,
});

/** Seasons and rate plans of one resort or one vessel (`/api/price`, docs/domain/prices.md). */
export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    internalId: text('internal_id'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** [{ from, to }] inside valid */
    periods: jsonb('periods').notNull().default([]),
    status: text('status').notNull().default('draft'),
    calculationType: text('calculation_type').notNull().default('unit'),
    type: text('type').notNull().default('Season'),
    variants: integer('variants').array().notNull().default(sql`'{}'::integer[]`),
    basePrice: numeric('base_price', { precision: 14, scale: 2 }),
    surcharge: numeric('surcharge', { precision: 14, scale: 2 }).notNull().default('0'),
    surchargeType: text('surcharge_type').notNull().default('percent'),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull().default('0'),
    discountType: text('discount_type').notNull().default('percent'),
    currencies: text('currencies').array().notNull().default(sql`'{EUR}'::text[]`),
    useOnsiteCurrency: boolean('use_onsite_currency').notNull().default(false),
    /** { status, value, inclusive }; new taxes are aborted */
    tax: jsonb('tax').notNull().default({ status: 'aborted', value: '0', inclusive: true }),
    commission: numeric('commission', { precision: 5, scale: 2 }).notNull().default('0'),
    termsOfPaymentId: integer('terms_of_payment_id').references(() => paymentTerms.id, {
      onDelete: 'set null',
    }),
    defaultTermsOfPayment: boolean('default_terms_of_payment').notNull().default(true),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    includedServices: jsonb('included_services').notNull().default({}),
    excludedServices: jsonb('excluded_services').notNull().default({}),
    isAvailableToOTA: boolean('is_available_to_ota').notNull().default(false),
    minNights: integer('min_nights'),
    tourIds: integer('tour_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    index('prices_resort_idx').on(t.resortId, t.validFrom),
    index('prices_vessel_idx').on(t.vesselId, t.validFrom),
    check('prices_one_asset', sql`(${t.resortId} is null) <> (${t.vesselId} is null)`),
    check('prices_valid_range', sql`${t.validTo} >= ${t.validFrom}`),
  ],
);

/** One value per room type × variant (× schedule) × currency (`/api/roomprices`). */
export const priceEntries = pgTable(
  'price_entries',
  {
    id: serial('id').primaryKey(),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => priceVariants.id, { onDelete: 'restrict' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    surcharge: numeric('surcharge', { precision: 14, scale: 2 }),
    surchargeType: text('surcharge_type'),
    discount: numeric('discount', { precision: 14, scale: 2 }),
    discountType: text('discount_type'),
  },
  (t) => [
    uniqueIndex('price_entries_cell_unique').on(
      t.priceId,
      t.roomTypeId,
      t.variantId,
      t.currency,
      sql`coalesce(${t.scheduleId}, 0)`,
    ),
    index('price_entries_room_type_idx').on(t.roomTypeId),
  ],
);

/** Priced extras of a price (`/api/supplements`, docs/domain/prices.md). */
export const supplements = pgTable(
  'supplements',
  {
    id: serial('id').primaryKey(),
    priceId: integer('price_id')
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    translations: jsonb('translations').notNull().default({}),
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    valueType: text('value_type').notNull().default('fixed'),
    chargingBase: text('charging_base').notNull().default('PerBooking'),
    qtyPerUnit: numeric('qty_per_unit', { precision: 9, scale: 3 }).notNull().default('1'),
    perUnit: boolean('per_unit').notNull().default(false),
    mandatory: boolean('mandatory').notNull().default(true),
    commissionable: boolean('commissionable').notNull().default(false),
    customerType: text('customer_type').notNull().default('None'),
    singleUse: boolean('single_use').notNull().default(false),
    roomTypeIds: integer('room_type_ids').array().notNull().default(sql`'{}'::integer[]`),
    variantIds: integer('variant_ids').array().notNull().default(sql`'{}'::integer[]`),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('supplements_price_idx').on(t.priceId)],
);

/** An agency's commission per asset and travel dates (`/api/commission`, docs/domain/tax-and-commission.md). */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    index('commissions_agency_idx').on(t.agencyId),
    check('commissions_at_most_one_asset', sql`${t.resortId} is null or ${t.vesselId} is null`),
  ],
);

export const specialsGroups = pgTable('specials_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Rule-based discounts and surcharges, and agency commission specials (`/api/specials`, docs/domain/specials.md). */
export const specials = pgTable(
  'specials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: jsonb('description').notNull().default({}),
    type: text('type').notNull().default('special'),
    status: text('status').notNull().default('draft'),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    /** [{ field, operator, value }], AND-ed */
    rules: jsonb('rules').notNull().default([]),
    discount: text('discount').notNull().default('PerCent'),
    discountValue: numeric('discount_value', { precision: 14, scale: 2 }).notNull().default('0'),
    reduce: boolean('reduce').notNull().default(true),
    target: text('target').notNull().default('RoomPrice'),
    targetIds: integer('target_ids').array().notNull().default(sql`'{}'::integer[]`),
    scopeUnit: text('scope_unit').notNull().default('Booking'),
    autoAdd: boolean('auto_add').notNull().default(true),
    unique: boolean('unique').notNull().default(true),
    replaceMatchingRoomPrice: boolean('replace_matching_room_price').notNull().default(false),
    includeSpecialsWithSameRule: boolean('include_specials_with_same_rule').notNull().default(false),
    excludeFromCommission: boolean('exclude_from_commission').notNull().default(false),
    excludeFromTax: boolean('exclude_from_tax').notNull().default(false),
    includeIn: text('include_in').array().notNull().default(sql`'{Booking}'::text[]`),
    editable: boolean('editable').notNull().default(true),
    deletable: boolean('deletable').notNull().default(true),
    groupId: integer('group_id').references(() => specialsGroups.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('specials_status_idx').on(t.status)],
);

// ─── Bookings (docs/domain/calculation-lines.md and lifecycle.md) ──────────────────────────────────────────

/**
 * A booking: an offer (draft), reservation (planned), booking (confirmed) and the states after them
 * (spec booking §3 Booking). Numbers are kept forever once given; `version` is the ETag of the record
 * and grows with every successful write, each of which adds a row to `booking_versions`.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull().default('draft'),
    resolved: boolean('resolved').notNull().default(false),
    offerNo: text('offer_no'),
    reservationNo: text('reservation_no'),
    bookingNo: text('booking_no'),
    /** resort, vessel, charter or mixed */
    type: text('type').notNull().default('resort'),
    /** Booking, AgentDirectBooking, CustomerDirectBooking or OTABooking */
    channel: text('channel').notNull().default('Booking'),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'restrict' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'restrict' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'restrict' }),
    tourId: integer('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    /** First night and departure over all room entries. */
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    noOfPax: integer('no_of_pax').notNull().default(0),
    /** The payer and lead guest (first guest of the first room unless chosen). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
    /** The staff member or agent who owns it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sourceId: integer('source_id').references(() => bookingSources.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => bookingCategories.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('de'),
    currency: text('currency').notNull().default('EUR'),
    /** The terms of payment copied onto the booking (docs/domain/payments.md). */
    termsOfPayment: jsonb('terms_of_payment'),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull().default('0'),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** The engine's totals of the last calculation (docs/domain/calculation-lines.md). */
    totals: jsonb('totals').notNull().default({}),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The engine's `why` and problems of the last calculation: { why, problems }. */
    explanation: jsonb('explanation').notNull().default({}),
    /** The special evaluation date `t` (docs/domain/specials.md): kept across recalculations. */
    evaluationDate: date('evaluation_date'),
    optionExpiry: timestamp('option_expiry', { withTimezone: true }),
    /** The option expiry the office was last warned of (a new expiry is warned of again). */
    optionWarnedExpiry: timestamp('option_warned_expiry', { withTimezone: true }),
    reservationDate: timestamp('reservation_date', { withTimezone: true }),
    bookingDate: timestamp('booking_date', { withTimezone: true }),
    cancelationDate: timestamp('cancelation_date', { withTimezone: true }),
    resolvedDate: timestamp('resolved_date', { withTimezone: true }),
    freedDate: timestamp('freed_date', { withTimezone: true }),
    deletedDate: timestamp('deleted_date', { withTimezone: true }),
    /** Cancellation request and fee, release reason. */
    cancellation: jsonb('cancellation'),
    releaseReason: text('release_reason'),
    /** Specials added by hand: [{ specialId, ignoreRules }]. */
    chosenSpecials: jsonb('chosen_specials').notNull().default([]),
    /**
     * Products and add-ons added to the booking (`product/{product}`, `addon/{addon}`): [{ key, productId, type,
     * roomBookingId?, guestIds?, qtyPerUnit?, price? }]; the engine makes their lines (docs/domain/products.md).
     */
    chosenProducts: jsonb('chosen_products').notNull().default([]),
    /** Links to other bookings: [{ kind: rebookedFrom | rebookedTo | splitFrom | splitTo, bookingId }]. */
    references: jsonb('references').notNull().default([]),
    /** A price chosen by hand (`changePrice/{price}`); null lets the engine choose (docs/domain/prices.md). */
    priceId: integer('price_id').references(() => prices.id, { onDelete: 'set null' }),
    /** A commission chosen by hand (`commission/{commission}`); null takes the agency's. */
    commissionId: integer('commission_id').references(() => commissions.id, { onDelete: 'set null' }),
    hasOpenTodos: boolean('has_open_todos').notNull().default(false),
    hasExceededDueDate: boolean('has_exceeded_due_date').notNull().default(false),
    /** Σ payments × rate in the booking currency, and what is left of `dueBeforeTravel` (docs/domain/calculation-lines.md and payments.md). */
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
    openAmount: numeric('open_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** nothing_to_pay, not_paid, partial, paid or overpayment (docs/domain/payments.md). */
    paymentStatus: text('payment_status').notNull().default('nothing_to_pay'),
    /** The earliest due date (deposit or rest) not yet covered by payments; null when nothing is due. */
    nextDueDate: date('next_due_date'),
    systemReference: text('system_reference'),
    note: text('note'),
    /** Internal note of the operator: never shown to agents or customers. */
    internalNote: text('internal_note'),
    version: integer('version').notNull().default(1),
    /** The numbers, lower-cased, for the list search: one trigram index answers "contains" (customers: their own). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(offer_no, '') || ' ' || coalesce(reservation_no, '') || ' ' || coalesce(booking_no, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    index('bookings_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('bookings_offer_no_unique').on(t.offerNo),
    uniqueIndex('bookings_reservation_no_unique').on(t.reservationNo),
    uniqueIndex('bookings_booking_no_unique').on(t.bookingNo),
    index('bookings_from_idx').on(t.from, t.id),
    index('bookings_state_idx').on(t.state, t.from),
    index('bookings_agency_idx').on(t.agencyId, t.from),
    index('bookings_customer_idx').on(t.customerId),
    index('bookings_schedule_idx').on(t.scheduleId),
    index('bookings_resort_idx').on(t.resortId, t.from),
    index('bookings_vessel_idx').on(t.vesselId, t.from),
    check('bookings_range', sql`${t.to} > ${t.from}`),
  ],
);

/** Room booking entries: a room or cabin (or berths in it) over `[from, to)` or on a departure. */
export const bookingRooms = pgTable(
  'booking_rooms',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    roomTypeId: integer('room_type_id').references(() => roomTypes.id, { onDelete: 'set null' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'restrict' }),
    from: date('from_date').notNull(),
    to: date('to_date').notNull(),
    /** The whole room or cabin; false: berths for the guests in a shared cabin. */
    whole: boolean('whole').notNull().default(true),
    checkIn: timestamp('check_in', { withTimezone: true }),
    checkOut: timestamp('check_out', { withTimezone: true }),
    /** Locked to this room: the occupancy grid may not move it. */
    locked: boolean('locked').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('booking_rooms_booking_idx').on(t.bookingId),
    index('booking_rooms_room_idx').on(t.roomId, t.from),
    check('booking_rooms_range', sql`${t.to} > ${t.from}`),
  ],
);

/** The guests of a room entry; a guest without a customer record is a placeholder ("Guest 2"). */
export const bookingGuests = pgTable(
  'booking_guests',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingRoomId: integer('booking_room_id')
      .notNull()
      .references(() => bookingRooms.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name'),
    gender: text('gender').notNull().default('u'),
    age: integer('age'),
    variantId: integer('variant_id').references(() => priceVariants.id, { onDelete: 'set null' }),
    /** The bed (internalId) in a shared cabin. */
    bed: text('bed'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('booking_guests_booking_idx').on(t.bookingId),
    index('booking_guests_customer_idx').on(t.customerId),
  ],
);

/** Calculation lines of a booking (docs/domain/calculation-lines.md): generated by the engine or manual. */
export const calculationLines = pgTable(
  'calculation_lines',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The engine's key ("room:r12", "special:7"); manual lines "manual:<n>". */
    key: text('key').notNull(),
    type: text('type').notNull(),
    text: text('text').notNull(),
    sort: integer('sort').notNull().default(9999),
    amount: numeric('amount', { precision: 14, scale: 3 }).notNull().default('1'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    customerType: text('customer_type').notNull().default('None'),
    /** The guest the line belongs to. */
    guestId: integer('guest_id').references(() => bookingGuests.id, { onDelete: 'set null' }),
    editable: boolean('editable').notNull().default(true),
    deletable: boolean('deletable').notNull().default(true),
    unique: boolean('unique').notNull().default(false),
    manual: boolean('manual').notNull().default(false),
    customData: jsonb('custom_data').notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('calculation_lines_booking_idx').on(t.bookingId, t.position)],
);

/** Every successful write of a booking: who, when, what, and the booking as it was afterwards. */
export const bookingVersions = pgTable(
  'booking_versions',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** create, change, cancel, release, confirm, … */
    action: text('action').notNull(),
    /** What changed: [{ path, from, to }]. */
    changes: jsonb('changes').notNull().default([]),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_versions_booking_version_unique').on(t.bookingId, t.version)],
);

/** Number sequences per kind (offer, reservation, booking) and year: numbers are never reused. */
export const bookingCounters = pgTable(
  'booking_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * Todo definitions (`/api/todo`, the /todo screen): what staff must do for a booking and when it is due.
 * `code` names the ones the bookings raise themselves (overbooking, gender, due dates, options, no-show).
 */
export const todos = pgTable('todos', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  group: text('group').notNull().default(''),
  text: text('text').notNull().default(''),
  /** The system todo this is (overbooking, genderUnknown, …); null for one the operator defined. */
  code: text('code').unique(),
  predefined: boolean('predefined').notNull().default(false),
  /** The due rule: `value` days counted as `calcType` says (after booking, before arrival, …). */
  calcType: text('calc_type').notNull().default('afterBooking'),
  value: integer('value').notNull().default(0),
  closeOnAbort: boolean('close_on_abort').notNull().default(true),
  /** Added to every new booking of these types (resort, vessel, …); empty: only when raised or added by hand. */
  autoAdd: jsonb('auto_add').notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** The todos of one booking (`/api/todoitem`): open until solved; `hasOpenTodos` on the booking follows them. */
export const bookingTodos = pgTable(
  'booking_todos',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The definition ("definition" in the spec). */
    todoId: integer('todo_id').references(() => todos.id, { onDelete: 'set null' }),
    code: text('code'),
    group: text('group').notNull().default(''),
    text: text('text').notNull(),
    /** The room entry or room it is about (a forced overbooking, a guest of unknown gender). */
    roomId: integer('room_id'),
    due: date('due'),
    open: boolean('open').notNull().default(true),
    predefined: boolean('predefined').notNull().default(false),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('booking_todos_booking_idx').on(t.bookingId),
    index('booking_todos_open_idx').on(t.open, t.due),
  ],
);

/** Product categories (`/api/productcategory`): a target of specials (docs/domain/specials.md) and a list grouping. */
export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Products and add-ons sold with a booking or on site (`/api/product`, spec booking §3 Product). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    /** ConsumptionGood (stock goes down when sold) or ReusableGood (rental gear, counted per day). */
    type: text('type').notNull().default('ConsumptionGood'),
    unit: text('unit').notNull().default('None'),
    /** PerPerson, PerBooking, PerBookingAndCustomer, PerDay, PerDiveDay, PerDive, PerNight, PerWeekFloor, PerWeekCeil. */
    chargingBase: text('charging_base').notNull().default('PerBooking'),
    /** Per unit, not per person: personFactor 1 for every time base (docs/domain/products.md). */
    perUnit: boolean('per_unit').notNull().default(false),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('EUR'),
    taxId: integer('tax_id').references(() => taxes.id, { onDelete: 'set null' }),
    /** The asset it is sold at; both null: everywhere. */
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    /** Offered as an add-on (booking wizard, online booking). */
    isAddon: boolean('is_addon').notNull().default(false),
    isOnlineBookable: boolean('is_online_bookable').notNull().default(false),
    /** Stock is kept (ConsumptionGood): `stock` is the current quantity, `product_stock_log` its changes. */
    trackStock: boolean('track_stock').notNull().default(false),
    stock: numeric('stock', { precision: 14, scale: 3 }).notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    data: jsonb('data').notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Every change of a product's stock (`{id}/stock/update`, sales, returns): `{id}/stock/log`. */
export const productStockLog = pgTable(
  'product_stock_log',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    change: numeric('change', { precision: 14, scale: 3 }).notNull(),
    stockAfter: numeric('stock_after', { precision: 14, scale: 3 }).notNull(),
    /** manual, sale, return, correction */
    reason: text('reason').notNull().default('manual'),
    note: text('note'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_stock_log_product_idx').on(t.productId, t.createdAt),
    // Every booking write settles the booking's stock (booking-stock.ts) by this column.
    index('product_stock_log_booking_idx').on(t.bookingId),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Payments, banks, invoices, documents and mail (docs/domain/payments.md).

/** Bank accounts (`/api/banks`); `csvMapping` is the stored column mapping of the statement import. */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  bankName: text('bank_name'),
  accountHolder: text('account_holder'),
  iban: text('iban'),
  bic: text('bic'),
  currency: text('currency').notNull().default('EUR'),
  openingBalance: numeric('opening_balance', { precision: 14, scale: 2 }).notNull().default('0'),
  openingDate: date('opening_date'),
  /** { delimiter, dateFormat, decimal, columns: { date, amount, currency, counterparty, reference, externalId } } */
  csvMapping: jsonb('csv_mapping').notNull().default({}),
  /** A unique strong match becomes a payment on import (docs/domain/payments.md). */
  autoAssign: boolean('auto_assign').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  note: text('note'),
  ...timestamps,
});

/** Lines of bank statements (`/api/bankentries`, `banks/{id}/entries`). */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    counterparty: text('counterparty'),
    reference: text('reference'),
    externalId: text('external_id'),
    /** Σ of the payments assigned from this entry, in the entry currency (kept with them). */
    assigned: numeric('assigned', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Suggested bookings: [{ bookingId, number, strength: strong | weak, amount }]. */
    suggestions: jsonb('suggestions').notNull().default([]),
    /** The import it came from (null for entries typed in). */
    importId: text('import_id'),
    raw: jsonb('raw'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_entries_external_unique')
      .on(t.bankId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('bank_entries_bank_date_idx').on(t.bankId, t.date),
  ],
);

/** Payment providers (`/api/payprovider`): bank transfer (EPC QR) and Stripe Checkout. Secrets never leave the server. */
export const paymentProviders = pgTable('payment_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** bank_transfer or stripe */
  type: text('type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Public settings (bank account for transfers, currencies, success text). */
  config: jsonb('config').notNull().default({}),
  /** Secret settings (API key, webhook secret): write-only through the API. */
  secrets: jsonb('secrets').notNull().default({}),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/**
 * Payments of bookings (docs/domain/payments.md): stored in their own currency with the `rate` to the booking
 * currency, fixed at entry. A refund is negative. `temporary` ones are expected (checkout, QR) until a bank
 * entry confirms them. A provider's event id is unique, so a replayed webhook makes no second payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    date: date('date').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull().default('1'),
    /** bank, cash, card, provider, credit */
    method: text('method').notNull().default('bank'),
    /** final or temporary */
    status: text('status').notNull().default('final'),
    reference: text('reference'),
    note: text('note'),
    bankEntryId: integer('bank_entry_id').references(() => bankEntries.id, { onDelete: 'set null' }),
    providerId: integer('provider_id').references(() => paymentProviders.id, { onDelete: 'set null' }),
    /** The provider's id of the event or session: unique (idempotent webhooks). */
    providerRef: text('provider_ref'),
    creditEntryId: integer('credit_entry_id').references(() => creditEntries.id, { onDelete: 'set null' }),
    /** Paid on site (resort or vessel), by room booking entry. */
    onsite: boolean('onsite').notNull().default(false),
    roomBookingId: integer('room_booking_id'),
    payerCustomerId: integer('payer_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    payerAgencyId: integer('payer_agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    index('payments_bank_entry_idx').on(t.bankEntryId),
    index('payments_date_idx').on(t.date),
    // Provider ids (Stripe session and event ids) are unique across providers.
    uniqueIndex('payments_provider_ref_unique').on(t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);

/** The last invoice number per year and series: taken under a row lock, so numbers have no gaps. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer('year').notNull(),
    /** invoice (invoices and cancellation invoices share one series, as §14 UStG asks one unique sequence) */
    series: text('series').notNull().default('invoice'),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.series] })],
);

/**
 * Issued invoices (`/finance/invoices`): a frozen copy of what was billed. Never changed after issue; a
 * cancellation invoice (`kind` cancellation) reverses one. `publicToken` makes the unguessable public link.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** invoice, cancellation or split */
    kind: text('kind').notNull().default('invoice'),
    date: date('date').notNull(),
    /** The invoice this one cancels (kind cancellation). */
    cancelsId: integer('cancels_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull().default('EUR'),
    language: text('language').notNull().default('de'),
    /** Who is billed: { customerId?, agencyId?, name, address, vatId? } */
    recipient: jsonb('recipient').notNull().default({}),
    /** The billed lines, frozen: [{ text, amount, price, total, taxRate }] */
    lines: jsonb('lines').notNull().default([]),
    net: numeric('net', { precision: 14, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 14, scale: 2 }).notNull().default('0'),
    gross: numeric('gross', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Per rate: [{ rate, net, tax, gross }] (§14 UStG). */
    taxBreakdown: jsonb('tax_breakdown').notNull().default([]),
    publicToken: text('public_token').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_year_seq_unique').on(t.year, t.seq),
    uniqueIndex('invoices_public_token_unique').on(t.publicToken),
    index('invoices_booking_idx').on(t.bookingId),
  ],
);

/** Document templates (`bookings/{id}/templates`): kind, language texts and the text blocks around the body. */
export const documentTemplates = pgTable('document_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** offer, reservation, confirmation, invoice, voucher, guestlist, manifest */
  kind: text('kind').notNull(),
  /** { de, en }: title, intro and closing texts */
  texts: jsonb('texts').notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** Documents kept with a booking (`{id}/store`): the PDF as a stored file. */
export const bookingDocuments = pgTable(
  'booking_documents',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    templateId: integer('template_id').references(() => documentTemplates.id, { onDelete: 'set null' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_documents_booking_idx').on(t.bookingId)],
);

/** SMTP accounts (`/api/mailaccount`): the password is write-only. */
export const mailAccounts = pgTable('mail_accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(587),
  /** none, starttls or tls */
  security: text('security').notNull().default('starttls'),
  username: text('username'),
  password: text('password'),
  fromAddress: text('from_address').notNull(),
  fromName: text('from_name'),
  replyTo: text('reply_to'),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Mail templates per booking state or event and language (`/api/mail/template`, `byState/{state}`). */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** A booking state (planned, confirmed, aborted, …) or an event (invoice, guestform, payment, custom). */
    state: text('state').notNull(),
    language: text('language').notNull().default('de'),
    subject: text('subject').notNull(),
    /** Text with {{placeholders}} (booking number, guest name, dates, totals, links). */
    body: text('body').notNull(),
    /** Documents attached: kinds of document templates (confirmation, invoice, voucher, …). */
    attachments: jsonb('attachments').notNull().default([]),
    accountId: integer('account_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('mail_templates_state_idx').on(t.state, t.language)],
);

/**
 * The durable mail queue (`/api/mailqueue`): at least once, with `dedupKey` unique so one event queues one
 * mail. Workers claim rows with `locked_until` (safe with several instances); failures retry with backoff.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    dedupKey: text('dedup_key'),
    accountId: integer('account_id').references(() => mailAccounts.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => mailTemplates.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    cc: text('cc'),
    bcc: text('bcc'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What to attach, rendered when sent: [{ kind, bookingId?, invoiceId?, templateId?, name }] */
    attachments: jsonb('attachments').notNull().default([]),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    /** queued, sending, sent, failed (gave up) or cancelled */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before (planned mails, backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('mail_queue_dedup_unique').on(t.dedupKey).where(sql`${t.dedupKey} is not null`),
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_queue_booking_idx').on(t.bookingId),
  ],
);

/** Online booking creates by `Idempotency-Key`: a replay with the same body answers the same booking. */
export const onlineRequests = pgTable('online_requests', {
  key: text('key').primaryKey(),
  /** SHA-256 of the request body: the same key with another body is refused. */
  bodyHash: text('body_hash').notNull(),
  bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Booking widgets (`/api/widget`, /widget-admin/*): one asset, a look and the origins allowed to embed it. */
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** resort or vessel */
    assetType: text('asset_type').notNull(),
    resortId: integer('resort_id').references(() => resorts.id, { onDelete: 'cascade' }),
    vesselId: integer('vessel_id').references(() => vessels.id, { onDelete: 'cascade' }),
    /** de or en; the visitor's browser language wins when it is one of them. */
    language: text('language').notNull().default('en'),
    /** { primaryColor, radius } */
    look: jsonb('look').notNull().default({}),
    /** Origins allowed to embed the widget (frame-ancestors); empty: any. */
    allowedOrigins: jsonb('allowed_origins').notNull().default([]),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('widgets_slug_unique').on(t.slug)],
);

/** Widget tracking (`t/{widget}/{id}/{action}`): one row per visitor and action (view, search, booking). */
export const widgetEvents = pgTable(
  'widget_events',
  {
    id: serial('id').primaryKey(),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    /** The visitor's random id (no cookie, no personal data). */
    visitorId: text('visitor_id').notNull(),
    action: text('action').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('widget_events_widget_idx').on(t.widgetId, t.createdAt),
    uniqueIndex('widget_events_once').on(t.widgetId, t.visitorId, t.action),
  ],
);

/** Guest forms (spec platform §7 Guest forms): one per guest of a booking, filled through a token link. */
export const guestForms = pgTable(
  'guest_forms',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    bookingGuestId: integer('booking_guest_id').references(() => bookingGuests.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** 192-bit random token of the link /guestform/:id/:token. */
    token: text('token').notNull(),
    /** The sections asked for: passport, diving, insurance, flights, ... (`GET types`). */
    types: jsonb('types').notNull().default([]),
    language: text('language').notNull().default('en'),
    /** open, submitted or added (taken over into the booking and customer) */
    status: text('status').notNull().default('open'),
    /** The answers: { field: value }; uploads as stored_files ids. */
    data: jsonb('data').notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('guest_forms_token_unique').on(t.token),
    uniqueIndex('guest_forms_guest_unique').on(t.bookingGuestId),
    index('guest_forms_booking_idx').on(t.bookingId),
    index('guest_forms_customer_idx').on(t.customerId),
  ],
);

/** Custom form definitions (`/api/formdef`, /formdef): the fields of spec booking §3 "Form field types". */
export const formDefs = pgTable('form_defs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** { de, en } */
  title: jsonb('title').notNull().default({}),
  /** [{ key, type, label: { de, en }, options?, rules? }] */
  fields: jsonb('fields').notNull().default([]),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** Custom forms sent to someone (`/api/form`, /forms/:id/:token): a definition, a token and the answers. */
export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    formDefId: integer('form_def_id')
      .notNull()
      .references(() => formDefs.id, { onDelete: 'restrict' }),
    token: text('token').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    /** open or submitted */
    status: text('status').notNull().default('open'),
    data: jsonb('data').notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('forms_token_unique').on(t.token),
    index('forms_def_idx').on(t.formDefId),
    index('forms_booking_idx').on(t.bookingId),
  ],
);
