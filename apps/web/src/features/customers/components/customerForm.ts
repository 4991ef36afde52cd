import type { TCreateCustomer, TCustomer, TCustomerType, TGender } from '@atoll/domain/customers';

/** What the customer form edits; empty text stays '' until the body is built. */
export type TCustomerForm = {
  masterData: {
    title: string;
    firstName: string;
    middleName: string;
    lastName: string;
    gender: TGender;
    birthday: string;
    permanentAge: number | '';
    nationality: string;
  };
  contact: { email: string; phone: string; mobile: string };
  address: { street: string; zip: string; city: string; state: string; country: string };
  passport: { number: string; nationality: string; issueDate: string; expiryDate: string };
  customerType: TCustomerType;
  language: string;
  agencyId: string;
  groupId: string;
  internalNote: string;
  /** Custom data by data group: `{ [groupId]: { [fieldKey]: value } }`. */
  data: Record<string, Record<string, unknown>>;
};

type TSection = 'contact' | 'address' | 'passport';

/** Form fields by the API path their server errors name (see fieldErrorsOf). */
export const CUSTOMER_FIELDS = [
  'masterData.title',
  'masterData.firstName',
  'masterData.middleName',
  'masterData.lastName',
  'masterData.gender',
  'masterData.birthday',
  'masterData.permanentAge',
  'masterData.nationality',
  'contact.email',
  'contact.phone',
  'contact.mobile',
  'address.street',
  'address.zip',
  'address.city',
  'address.state',
  'address.country',
  'passport.number',
  'passport.nationality',
  'passport.issueDate',
  'passport.expiryDate',
  'customerType',
  'language',
  'agencyId',
  'groupId',
  'internalNote',
  'data',
] as const;

const text = (v: string | null | undefined) => v ?? '';

export function toCustomerForm(c?: TCustomer): TCustomerForm {
  const md = c?.masterData;
  return {
    masterData: {
      title: text(md?.title),
      firstName: text(md?.firstName),
      middleName: text(md?.middleName),
      lastName: text(md?.lastName),
      gender: md?.gender ?? 'u',
      birthday: text(md?.birthday),
      permanentAge: md?.permanentAge ?? '',
      nationality: text(md?.nationality),
    },
    contact: {
      email: text(c?.contact.email),
      phone: text(c?.contact.phone),
      mobile: text(c?.contact.mobile),
    },
    address: {
      street: text(c?.address.street),
      zip: text(c?.address.zip),
      city: text(c?.address.city),
      state: text(c?.address.state),
      country: text(c?.address.country),
    },
    passport: {
      number: text(c?.passport.number),
      nationality: text(c?.passport.nationality),
      issueDate: text(c?.passport.issueDate),
      expiryDate: text(c?.passport.expiryDate),
    },
    customerType: c?.customerType ?? 'Default',
    language: text(c?.language),
    agencyId: c?.agencyId ? String(c.agencyId) : '',
    groupId: c?.groupId ? String(c.groupId) : '',
    internalNote: text(c?.internalNote),
    data: (c?.data ?? {}) as TCustomerForm['data'],
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const idOrNull = (v: string) => (v === '' ? null : Number(v));
const texts = <T extends Record<string, string>>(section: T) =>
  Object.fromEntries(Object.entries(section).map(([k, v]) => [k, orNull(v)]));

/**
 * The request body. Office fields (type, agency, group, note, custom data) only for the office: a
 * customer or agent sends none, so the server keeps what it has.
 */
export function toCustomerBody(form: TCustomerForm, isOffice: boolean): TCreateCustomer {
  const { permanentAge, gender, ...masterText } = form.masterData;
  const section = (key: TSection) => texts(form[key]);
  return {
    masterData: {
      ...(texts(masterText) as Record<string, string | null>),
      lastName: form.masterData.lastName.trim(),
      gender,
      permanentAge: permanentAge === '' ? null : permanentAge,
    },
    contact: section('contact'),
    address: section('address'),
    passport: section('passport'),
    language: (orNull(form.language) as TCreateCustomer['language']) ?? null,
    ...(isOffice
      ? {
          customerType: form.customerType,
          agencyId: idOrNull(form.agencyId),
          groupId: idOrNull(form.groupId),
          internalNote: orNull(form.internalNote),
          data: form.data,
        }
      : {}),
  } as TCreateCustomer;
}

/** Server issues of the custom data (`data.<groupId>.<key>`) by `<groupId>.<key>`, for CustomerDataSection. */
export function dataErrorsOf(error: unknown, text: (code: string) => string): Record<string, string> {
  const details = (error as { details?: { path: string; code: string }[] } | null)?.details ?? [];
  return Object.fromEntries(
    details
      .map((d) => [d.path.replace(/^body[/.]/, '').split(/[/.]/), d.code] as const)
      .filter(([parts]) => parts[0] === 'data' && parts.length === 3)
      .map(([parts, code]) => [`${parts[1]}.${parts[2]}`, text(code)]),
  );
}
