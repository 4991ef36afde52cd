import { z } from 'zod';
import { DEFAULT_DASHBOARD_DAYS, LANGUAGES } from '../constants.ts';
import { withoutDefaults } from '../schema.ts';

/** User types of spec platform §3. */
export const USER_TYPES = [
  'guest',
  'System',
  'API',
  'customer',
  'agency',
  'employee',
  'Default',
  'Inactive',
] as const;
export type TUserType = (typeof USER_TYPES)[number];

/** A booking list filter saved under a name: the list's query string (filters, search, order; no page). */
export const ZSavedListFilter = z.object({
  name: z.string().trim().min(1).max(60),
  query: z.string().max(2000),
});
export type TSavedListFilter = z.infer<typeof ZSavedListFilter>;

export const ZUserSettings = z.object({
  language: z.enum(LANGUAGES).optional(),
  showCustomersInBookingList: z.boolean().default(true),
  showInvertedCurrencyExchange: z.boolean().default(false),
  defaultDashboardDays: z.number().int().min(1).max(366).default(DEFAULT_DASHBOARD_DAYS),
  /** The user's saved booking list filters (/booking/list). */
  bookingListFilters: z.array(ZSavedListFilter).max(30).default([]),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;
/** A change of some settings: what is not named stays as it is (no defaults filled in). */
export const ZUserSettingsPatch = withoutDefaults(ZUserSettings.partial());

export const ZAssetRef = z.object({ ref: z.number().int().positive(), type: z.enum(['resort', 'vessel']) });

const ZEmail = z.email().max(254);
/** Length is checked on the server against the installation's minimum. */
export const ZPassword = z.string().min(1).max(200);

/** A user as the API answers it: never a password hash. */
export const ZUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    userType: z.enum(USER_TYPES),
    agencyId: z.number().int().nullable(),
    customerId: z.number().int().nullable(),
    permissions: z.object({ scope: z.array(z.string()) }),
    roleIds: z.array(z.number().int()),
    settings: ZUserSettings,
    notifications: z.record(z.string(), z.unknown()),
    activeAsset: ZAssetRef.nullable(),
    resorts: z.array(z.number().int()),
    vessels: z.array(z.number().int()),
    isCRMUser: z.boolean(),
    verified: z.boolean(),
    lastLoginAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'User' });
export type TUser = z.infer<typeof ZUser>;

/** The logged-in user with the scopes in force (own ∪ roles). */
export const ZSessionUser = ZUser.extend({ scopes: z.array(z.string()) });
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZCreateUser = z.object({
  email: ZEmail,
  name: z.string().max(200).default(''),
  phone: z.string().max(50).nullish(),
  userType: z.enum(USER_TYPES).default('Default'),
  agencyId: z.number().int().positive().nullish(),
  customerId: z.number().int().positive().nullish(),
  permissions: z.object({ scope: z.array(z.string().min(1).max(100)).max(500) }).optional(),
  roleIds: z.array(z.number().int().positive()).max(100).optional(),
  settings: ZUserSettingsPatch.optional(),
  notifications: z.record(z.string(), z.unknown()).optional(),
  activeAsset: ZAssetRef.nullish(),
  resorts: z.array(z.number().int().positive()).max(1000).optional(),
  vessels: z.array(z.number().int().positive()).max(1000).optional(),
  isCRMUser: z.boolean().optional(),
  password: ZPassword.optional(),
});
export type TCreateUser = z.infer<typeof ZCreateUser>;
/** A change of some fields: what is not named stays as it is (no defaults filled in). */
export const ZUpdateUser = withoutDefaults(ZCreateUser.partial());
export type TUpdateUser = z.infer<typeof ZUpdateUser>;

/** What a user may change of their own record. */
export const ZUpdateSelf = z.object({
  name: z.string().max(200).optional(),
  phone: z.string().max(50).nullish(),
  settings: ZUserSettingsPatch.optional(),
  notifications: z.record(z.string(), z.unknown()).optional(),
  activeAsset: ZAssetRef.nullish(),
});

export const ZLogin = z.object({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
  ts: z.string().max(500).optional(),
  isCRMUser: z.boolean().optional(),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZLoginAnswer = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  user: ZSessionUser,
  version: z.string(),
});

export const ZRequestReset = z.object({
  email: z.string().min(1).max(254),
  isCRMUser: z.boolean().optional(),
});
export const ZSaveReset = z.object({
  email: z.string().min(1).max(254),
  password: ZPassword,
  passwordRepeat: z.string().max(200).optional(),
  token: z.string().min(1).max(200),
  isCRMUser: z.boolean().optional(),
  ts: z.string().max(500).optional(),
});

export const REGISTER_USER_TYPES = ['customer', 'agency'] as const;
export const ZRegister = z.object({
  userType: z.enum(REGISTER_USER_TYPES).default('customer'),
  email: ZEmail,
  password: ZPassword,
  name: z.string().min(1).max(200),
  phone: z.string().max(50).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** For agency registrations: the agency's name. */
  company: z.string().max(200).optional(),
  isCRMUser: z.boolean().optional(),
});

export const ZSetPassword = z.object({
  email: z.string().max(254).optional(),
  password: ZPassword,
  keepStatus: z.boolean().optional(),
  ts: z.string().max(500).optional(),
});
export const ZChangeOwnPassword = z.object({
  currentPassword: z.string().min(1).max(200),
  password: ZPassword,
});

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const ZCreateRole = z.object({
  name: z.string().min(1).max(100),
  description: z.string().max(1000).nullish(),
  scopes: z.array(z.string().min(1).max(100)).max(500).default([]),
});
