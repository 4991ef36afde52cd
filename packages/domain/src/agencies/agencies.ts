import Decimal from 'decimal.js';
import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { ZLeitwegId } from '../documents/documents.ts';
import { withoutDefaults } from '../schema.ts';

/** Agency types of spec platform §3. */
export const AGENCY_TYPES = ['travel', 'resell', 'employee'] as const;
export type TAgencyType = (typeof AGENCY_TYPES)[number];

/** How the commission is applied (docs/domain/tax-and-commission.md): inside the price, or taken off the agency's invoice. */
export const COMMISSION_MODES = ['included', 'subtract'] as const;
export type TCommissionMode = (typeof COMMISSION_MODES)[number];

/**
 * What an agent (`agencies.self`) may change of its own agency: how to reach it, where it is, where to pay
 * it, its language and its people. Name, tax id, type, group, commission, currency, credit limit, the
 * active switch and the internal note are terms the operator sets; a change of those answers 403.
 */
export const AGENCY_SELF_FIELDS = [
  'email',
  'phone',
  'website',
  'address',
  'bank',
  'language',
  'contacts',
] as const;

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
/** A percentage 0..100 with up to two decimals, as a string ("12.5"): never float maths on money terms. */
export const ZPercent = z
  .string()
  .trim()
  .regex(PERCENT, 'a percentage with up to two decimals')
  // zod runs every check, so this one must not choke on text the pattern refused.
  .refine((v) => !PERCENT.test(v) || new Decimal(v).lte(100), 'at most 100');

/** A non-negative amount with up to two decimals, as a string. */
export const ZAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount with up to two decimals');

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullish();

/** Address and bank as the API answers them (plain: output schemas may not transform). */
export const ZAgencyAddress = z.object({
  street: z.string().optional(),
  zip: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().optional(),
});
export type TAgencyAddress = z.infer<typeof ZAgencyAddress>;

export const ZAgencyBank = z.object({
  bankName: z.string().optional(),
  accountHolder: z.string().optional(),
  iban: z.string().optional(),
  bic: z.string().optional(),
});
export type TAgencyBank = z.infer<typeof ZAgencyBank>;

/** Address as written: codes normalised to upper case. */
export const ZAgencyAddressInput = z.object({
  street: text(200).optional(),
  zip: text(20).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'an ISO 3166-1 alpha-2 code')
    .optional(),
});

/** Bank data as written: IBAN without spaces, codes in upper case; the format is checked, not the bank. */
export const ZAgencyBankInput = z.object({
  bankName: text(200).optional(),
  accountHolder: text(200).optional(),
  iban: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2}[0-9]{2}[A-Z0-9]{10,30})?$/, 'an IBAN'))
    .optional(),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, 'a BIC')
    .optional(),
});

export const ZAgencyContact = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type TAgencyContact = z.infer<typeof ZAgencyContact>;

/** One row of `GET /api/agencies/contacts`: a contact with its agency's name. */
export const ZAgencyContactRow = ZAgencyContact.extend({ agencyName: z.string() });
export type TAgencyContactRow = z.infer<typeof ZAgencyContactRow>;

/** A contact as the agency form sends it; the list replaces the agency's contacts as a whole. */
export const ZAgencyContactInput = z.object({
  name: text(200).min(1),
  position: optionalText(100),
  email: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(50),
  isPrimary: z.boolean().default(false),
});
export type TAgencyContactInput = z.input<typeof ZAgencyContactInput>;

/**
 * An agency as the API answers it. `internalNote` is absent for agents (`agencies.self`): it is the
 * operator's note about them. An agent sees its own commission terms and credit limit.
 */
export const ZAgency = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(AGENCY_TYPES),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    groupId: z.number().int().nullable(),
    address: ZAgencyAddress,
    taxId: z.string().nullable(),
    /** The buyer reference of its XRechnung (BT-10), for a public-sector buyer. */
    leitwegId: z.string().nullable(),
    language: z.enum(LANGUAGES),
    currency: z.string(),
    commission: z.string(),
    commissionMode: z.enum(COMMISSION_MODES),
    creditLimit: z.string().nullable(),
    bank: ZAgencyBank,
    isActive: z.boolean(),
    internalNote: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Agency' });
export type TAgency = z.infer<typeof ZAgency>;

export const ZCreateAgency = z.object({
  name: text(200).min(1),
  type: z.enum(AGENCY_TYPES).default('travel'),
  email: z
    .email()
    .max(254)
    .nullish()
    .or(z.literal('').transform(() => null)),
  phone: optionalText(50),
  website: optionalText(300),
  groupId: z.number().int().positive().nullish(),
  address: ZAgencyAddressInput.optional(),
  taxId: optionalText(50),
  leitwegId: ZLeitwegId,
  language: z.enum(LANGUAGES).optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
    .optional(),
  commission: ZPercent.optional(),
  commissionMode: z.enum(COMMISSION_MODES).optional(),
  creditLimit: ZAmount.nullish(),
  bank: ZAgencyBankInput.optional(),
  isActive: z.boolean().optional(),
  internalNote: optionalText(5000),
  contacts: z
    .array(ZAgencyContactInput)
    .max(50)
    .refine((list) => list.filter((c) => c.isPrimary).length <= 1, 'at most one primary contact')
    .optional(),
});
export type TCreateAgency = z.input<typeof ZCreateAgency>;
/** A change of some fields: what is not named stays as it is. `contacts`, when named, replaces all. */
export const ZUpdateAgency = withoutDefaults(ZCreateAgency.partial());
export type TUpdateAgency = z.input<typeof ZUpdateAgency>;

/** Fields of an update that an agent may not change of its own agency. */
export function fieldsDeniedToSelf(update: Record<string, unknown>): string[] {
  const allowed: readonly string[] = AGENCY_SELF_FIELDS;
  return Object.keys(update).filter((key) => update[key] !== undefined && !allowed.includes(key));
}

export const ZAgencyGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAgencyGroup = z.infer<typeof ZAgencyGroup>;
export const ZCreateAgencyGroup = z.object({
  name: text(100).min(1),
  description: optionalText(1000),
  color: optionalText(30),
});
export type TCreateAgencyGroup = z.input<typeof ZCreateAgencyGroup>;

/** Printable documents of an agency (`GET /api/agencies/templates`). */
export const AGENCY_TEMPLATES = ['sheet', 'contract'] as const;
export type TAgencyTemplate = (typeof AGENCY_TEMPLATES)[number];
export const ZAgencyTemplateInfo = z.object({
  key: z.enum(AGENCY_TEMPLATES),
  name: z.object({ de: z.string(), en: z.string() }),
});
export const AGENCY_TEMPLATE_NAMES: Record<TAgencyTemplate, { de: string; en: string }> = {
  sheet: { de: 'Agenturdatenblatt', en: 'Agency data sheet' },
  contract: { de: 'Provisionsvereinbarung', en: 'Commission agreement' },
};

/** An agency's identity in a connected system (`{agency}/link/{system}`). */
export const ZAgencyLink = z.object({
  agencyId: z.number().int(),
  system: z.string(),
  external: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAgencyLink = z.infer<typeof ZAgencyLink>;
export const ZSaveAgencyLink = z.object({
  external: text(200).min(1),
  data: z.record(z.string(), z.unknown()).default({}),
});
/** A connected system's name in a path: letters, digits, dot, dash, underscore. */
export const ZLinkSystem = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,50}$/, 'a system name (letters, digits, . _ -)');

/** A user of an agency (`GET /api/agencies/{id}/users`). */
export const ZAgencyUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  userType: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TAgencyUser = z.infer<typeof ZAgencyUser>;
