import {
  AGENCY_SELF_FIELDS,
  type TAgency,
  type TAgencyContact,
  type TAgencyType,
  type TCommissionMode,
  type TUpdateAgency,
} from '@atoll/domain/agencies';
import { DEFAULT_CURRENCY, DEFAULT_LANGUAGE, type TLanguage } from '@atoll/domain/constants';

export type TContactForm = {
  /** Row key in the form only; the server replaces all contacts on save. */
  key: string;
  name: string;
  position: string;
  email: string;
  phone: string;
  isPrimary: boolean;
};

/** What the agency form edits; empty text stays '' until the body is built. */
export type TAgencyForm = {
  name: string;
  type: TAgencyType;
  groupId: string;
  taxId: string;
  leitwegId: string;
  language: TLanguage;
  currency: string;
  isActive: boolean;
  email: string;
  phone: string;
  website: string;
  address: { street: string; zip: string; city: string; state: string; country: string };
  bank: { bankName: string; accountHolder: string; iban: string; bic: string };
  commission: string;
  commissionMode: TCommissionMode;
  creditLimit: string;
  internalNote: string;
  contacts: TContactForm[];
};

export type TAgencyField = keyof TAgencyForm;

/** Form fields by the API path their server errors name (see fieldErrorsOf). */
export const AGENCY_FIELDS = [
  'name',
  'type',
  'groupId',
  'taxId',
  'leitwegId',
  'language',
  'currency',
  'email',
  'phone',
  'website',
  'address.street',
  'address.zip',
  'address.city',
  'address.state',
  'address.country',
  'address',
  'bank.bankName',
  'bank.accountHolder',
  'bank.iban',
  'bank.bic',
  'bank',
  'commission',
  'commissionMode',
  'creditLimit',
  'internalNote',
  'contacts',
] as const;

/** Whether an agent (agencies.self) may change this field of its own agency; the server checks it again. */
export const isSelfEditable = (field: TAgencyField) =>
  (AGENCY_SELF_FIELDS as readonly string[]).includes(field);

let nextKey = 0;
export const newContact = (contact?: Partial<TAgencyContact>): TContactForm => ({
  key: `c${++nextKey}`,
  name: contact?.name ?? '',
  position: contact?.position ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  isPrimary: contact?.isPrimary ?? false,
});

export function toAgencyForm(agency?: TAgency, contacts: TAgencyContact[] = []): TAgencyForm {
  const a = agency?.address ?? {};
  const b = agency?.bank ?? {};
  return {
    name: agency?.name ?? '',
    type: agency?.type ?? 'travel',
    groupId: agency?.groupId ? String(agency.groupId) : '',
    taxId: agency?.taxId ?? '',
    leitwegId: agency?.leitwegId ?? '',
    language: agency?.language ?? DEFAULT_LANGUAGE,
    currency: agency?.currency ?? DEFAULT_CURRENCY,
    isActive: agency?.isActive ?? true,
    email: agency?.email ?? '',
    phone: agency?.phone ?? '',
    website: agency?.website ?? '',
    address: {
      street: a.street ?? '',
      zip: a.zip ?? '',
      city: a.city ?? '',
      state: a.state ?? '',
      country: a.country ?? '',
    },
    bank: {
      bankName: b.bankName ?? '',
      accountHolder: b.accountHolder ?? '',
      iban: b.iban ?? '',
      bic: b.bic ?? '',
    },
    commission: agency?.commission ?? '0',
    commissionMode: agency?.commissionMode ?? 'included',
    creditLimit: agency?.creditLimit ?? '',
    internalNote: agency?.internalNote ?? '',
    contacts: contacts.map(newContact),
  };
}

const trimmed = <T extends Record<string, string>>(values: T) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as T;
const orNull = (text: string) => text.trim() || null;

/** The body of a create or update; an agent sends only the fields it may change. */
export function toAgencyBody(form: TAgencyForm, selfOnly: boolean): TUpdateAgency {
  const contacts = form.contacts
    .filter((c) => c.name.trim() || c.email.trim() || c.phone.trim())
    .map((c) => ({
      name: c.name.trim(),
      position: orNull(c.position),
      email: orNull(c.email),
      phone: orNull(c.phone),
      isPrimary: c.isPrimary,
    }));
  const own = {
    email: orNull(form.email),
    phone: orNull(form.phone),
    website: orNull(form.website),
    address: trimmed(form.address),
    bank: trimmed(form.bank),
    language: form.language,
    contacts,
  } satisfies Record<(typeof AGENCY_SELF_FIELDS)[number], unknown>;
  if (selfOnly) return own;
  return {
    ...own,
    name: form.name.trim(),
    type: form.type,
    groupId: form.groupId ? Number(form.groupId) : null,
    taxId: orNull(form.taxId),
    leitwegId: orNull(form.leitwegId),
    currency: form.currency,
    isActive: form.isActive,
    commission: form.commission.trim() || '0',
    commissionMode: form.commissionMode,
    creditLimit: orNull(form.creditLimit),
    internalNote: orNull(form.internalNote),
  };
}
