import {
  customerAge,
  fullNameOf,
  isChild,
  type TCreateCustomer,
  type TCustomer,
  type TCustomerType,
  type TUpdateCustomer,
} from '@atoll/domain/customers';
import type { TCustomerRow, TNewCustomerRow } from './customers.repository.ts';

/**
 * A customer as it is saved: the API's nested objects plus the fields a version snapshot keeps. The
 * typed columns (names, e-mail, birthday, …) are derived from it on every write.
 */
export type TCustomerState = {
  fullName: string;
  customerType: TCustomerType;
  masterData: TCustomer['masterData'];
  contact: TCustomer['contact'];
  address: TCustomer['address'];
  passport: TCustomer['passport'];
  agencyId: number | null;
  groupId: number | null;
  language: string | null;
  data: Record<string, unknown>;
  internalNote: string | null;
};

/** Blank text means "no value": forms send '' for an emptied field. */
const clean = <T>(value: T | '' | undefined): T | null =>
  value === '' || value === undefined ? null : value;

/** Stored value, overwritten by the patch where it names a key (null clears). */
function merged<T extends Record<string, unknown>>(
  stored: T,
  patch: Partial<Record<keyof T, unknown>> | undefined,
) {
  const out: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch ?? {})) if (value !== undefined) out[key] = clean(value);
  return out;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The saved state of a row; jsonb written by older code or by hand may lack keys. */
export function stateOf(row: TCustomerRow): TCustomerState {
  const md = record(row.masterData);
  const contact = record(row.contact);
  const address = record(row.address);
  const passport = record(row.passport);
  const gender: 'f' | 'm' | 'u' = md.gender === 'm' || md.gender === 'f' ? md.gender : 'u';
  return {
    fullName: row.fullName,
    customerType: row.customerType as TCustomerType,
    masterData: {
      ...(typeof md.name === 'string' && md.name !== '' ? { name: md.name } : {}),
      firstName: str(md.firstName) ?? '',
      lastName: str(md.lastName) ?? '',
      middleName: str(md.middleName),
      title: str(md.title),
      gender,
      birthday: str(md.birthday),
      permanentAge: typeof md.permanentAge === 'number' ? md.permanentAge : null,
      nationality: str(md.nationality),
    },
    contact: { email: str(contact.email), phone: str(contact.phone), mobile: str(contact.mobile) },
    address: {
      street: str(address.street),
      zip: str(address.zip),
      city: str(address.city),
      state: str(address.state),
      country: str(address.country),
    },
    passport: {
      number: str(passport.number),
      nationality: str(passport.nationality),
      issueDate: str(passport.issueDate),
      expiryDate: str(passport.expiryDate),
    },
    agencyId: row.agencyId,
    groupId: row.groupId,
    language: row.language,
    data: record(row.data),
    internalNote: row.internalNote,
  };
}

const EMPTY: TCustomerState = stateOf({
  fullName: '',
  customerType: 'Default',
  masterData: {},
  contact: {},
  address: {},
  passport: {},
  agencyId: null,
  groupId: null,
  language: null,
  data: {},
  internalNote: null,
} as unknown as TCustomerRow);

/** The state after applying a create or update body to the stored one (or to an empty customer). */
export function applyInput(
  input: TCreateCustomer | TUpdateCustomer,
  stored: TCustomerState = EMPTY,
): TCustomerState {
  const masterData = merged(stored.masterData, input.masterData) as TCustomerState['masterData'];
  masterData.firstName ??= '';
  masterData.lastName ??= '';
  masterData.gender ??= 'u';
  if (masterData.name === null) delete masterData.name;
  const pick = <K extends keyof TCustomerState>(key: K): TCustomerState[K] =>
    key in input && (input as Record<string, unknown>)[key] !== undefined
      ? ((clean((input as Record<string, unknown>)[key]) ?? null) as TCustomerState[K])
      : stored[key];
  return {
    masterData,
    fullName: fullNameOf(masterData),
    customerType: pick('customerType') ?? 'Default',
    contact: merged(stored.contact, input.contact) as TCustomerState['contact'],
    address: merged(stored.address, input.address) as TCustomerState['address'],
    passport: merged(stored.passport, input.passport) as TCustomerState['passport'],
    agencyId: pick('agencyId'),
    groupId: pick('groupId'),
    language: pick('language'),
    data: input.data ?? stored.data,
    internalNote: pick('internalNote'),
  };
}

/** Row values of a state: the jsonb objects and the typed columns lists search, sort and filter by. */
export function columnsOf(state: TCustomerState): Omit<TNewCustomerRow, 'id' | 'version'> {
  const md = state.masterData;
  return {
    ...state,
    firstName: md.firstName || null,
    lastName: md.lastName || null,
    email: state.contact.email?.toLowerCase() ?? null,
    phone: state.contact.phone ?? state.contact.mobile ?? null,
    birthday: md.birthday,
    permanentAge: md.permanentAge,
    gender: md.gender,
    nationality: md.nationality,
    country: state.address.country,
  };
}

/** What `toOutput` gets: a row plus the values `expand` loads for a page of rows. */
export type TExpandedRow = TCustomerRow & { isAssigned: boolean; childMaxAge: number; today: string };

export function toCustomer(row: TExpandedRow): TCustomer {
  const state = stateOf(row);
  const age = customerAge(state.masterData, row.today);
  return {
    id: row.id,
    ...state,
    stays: row.stays,
    revenue: row.revenue,
    lastStay: row.lastStay,
    version: row.version,
    age,
    isChild: isChild(age, row.childMaxAge),
    isAssigned: row.isAssigned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
