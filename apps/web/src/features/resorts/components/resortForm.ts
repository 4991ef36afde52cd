import type { TLocalizedText } from '@atoll/domain/geo';
import type { TResort, TUpdateResort } from '@atoll/domain/inventory/resorts';

/** The resort form's values: texts as typed ('' = empty), the rest as the API has them. */
export type TResortForm = {
  name: string;
  code: string;
  email: string;
  phone: string;
  website: string;
  address: { street: string; zip: string; city: string; state: string; country: string };
  checkInTime: string;
  checkOutTime: string;
  timeZone: string;
  currency: string;
  description: TLocalizedText;
  images: number[];
  isActive: boolean;
  isVisible: boolean;
  sort: number;
};

export type TResortTextField = 'name' | 'code' | 'email' | 'phone' | 'website';

/** Every path the server may name in a validation error, to show it on its field. */
export const RESORT_FIELDS = [
  'name',
  'code',
  'email',
  'phone',
  'website',
  'address.street',
  'address.zip',
  'address.city',
  'address.state',
  'address.country',
  'checkInTime',
  'checkOutTime',
  'timeZone',
  'currency',
  'description',
  'images',
  'sort',
] as const;

export function toResortForm(resort?: TResort): TResortForm {
  const a = resort?.address ?? {};
  return {
    name: resort?.name ?? '',
    code: resort?.code ?? '',
    email: resort?.email ?? '',
    phone: resort?.phone ?? '',
    website: resort?.website ?? '',
    address: {
      street: a.street ?? '',
      zip: a.zip ?? '',
      city: a.city ?? '',
      state: a.state ?? '',
      country: a.country ?? '',
    },
    checkInTime: resort?.checkInTime ?? '14:00',
    checkOutTime: resort?.checkOutTime ?? '11:00',
    timeZone: resort?.timeZone ?? 'Europe/Berlin',
    currency: resort?.currency ?? 'EUR',
    description: resort?.description ?? {},
    images: resort?.images ?? [],
    isActive: resort?.isActive ?? true,
    isVisible: resort?.isVisible ?? true,
    sort: resort?.sort ?? 0,
  };
}

const orNull = (text: string) => text.trim() || null;

export function toResortBody(form: TResortForm): TUpdateResort {
  const a = form.address;
  return {
    name: form.name.trim(),
    code: orNull(form.code),
    email: orNull(form.email),
    phone: orNull(form.phone),
    website: orNull(form.website),
    address: {
      street: orNull(a.street),
      zip: orNull(a.zip),
      city: orNull(a.city),
      state: orNull(a.state),
      country: orNull(a.country),
    },
    // The resort's country is where its address is: lists filter by it.
    country: orNull(a.country),
    checkInTime: form.checkInTime,
    checkOutTime: form.checkOutTime,
    timeZone: form.timeZone,
    currency: form.currency,
    description: form.description,
    images: form.images,
    isActive: form.isActive,
    isVisible: form.isVisible,
    sort: form.sort,
  };
}
