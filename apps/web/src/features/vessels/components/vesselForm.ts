import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@atoll/domain/constants';
import type { TCreateVessel, TVessel, TVesselDetails } from '@atoll/domain/inventory/vessels';

/** Technical data entered as numbers (metres, years, persons, knots). */
export const NUMBER_DETAILS = [
  'length',
  'beam',
  'built',
  'refit',
  'crew',
  'guests',
  'cabins',
  'speed',
] as const;
export const TEXT_DETAILS = ['engines', 'tenders', 'registration'] as const;
type TNumberDetail = (typeof NUMBER_DETAILS)[number];
type TTextDetail = (typeof TEXT_DETAILS)[number];

/** What the vessel form edits; empty inputs stay '' until the body is built. */
export type TVesselForm = {
  name: string;
  code: string;
  currency: string;
  timeZone: string;
  homePortId: string | null;
  description: { de: string; en: string };
  numbers: Record<TNumberDetail, number | ''>;
  texts: Record<TTextDetail, string>;
  flag: string | null;
  images: number[];
  isActive: boolean;
  isVisible: boolean;
  sort: number;
};

/** Form fields by the API path their server errors name (see fieldErrorsOf). */
export const VESSEL_FIELDS = [
  'name',
  'code',
  'currency',
  'timeZone',
  'homePortId',
  'description',
  'images',
  'sort',
  ...NUMBER_DETAILS.map((k) => `details.${k}`),
  ...TEXT_DETAILS.map((k) => `details.${k}`),
  'details.flag',
];

const record = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, V>;

export function toVesselForm(vessel?: TVessel): TVesselForm {
  const details: TVesselDetails = vessel?.details ?? {};
  return {
    name: vessel?.name ?? '',
    code: vessel?.code ?? '',
    currency: vessel?.currency ?? DEFAULT_CURRENCY,
    timeZone: vessel?.timeZone ?? DEFAULT_TIMEZONE,
    homePortId: vessel?.homePortId ? String(vessel.homePortId) : null,
    description: { de: vessel?.description.de ?? '', en: vessel?.description.en ?? '' },
    numbers: record(NUMBER_DETAILS, (k) => details[k] ?? ''),
    texts: record(TEXT_DETAILS, (k) => details[k] ?? ''),
    flag: details.flag ?? null,
    images: vessel?.images ?? [],
    isActive: vessel?.isActive ?? true,
    isVisible: vessel?.isVisible ?? true,
    sort: vessel?.sort ?? 0,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function toVesselBody(form: TVesselForm): TCreateVessel {
  const details: TVesselDetails = {
    ...record(NUMBER_DETAILS, (k) => (form.numbers[k] === '' ? null : form.numbers[k])),
    ...record(TEXT_DETAILS, (k) => orNull(form.texts[k])),
    flag: form.flag,
  };
  return {
    name: form.name.trim(),
    code: orNull(form.code),
    currency: form.currency,
    timeZone: form.timeZone,
    homePortId: form.homePortId ? Number(form.homePortId) : null,
    description: { de: form.description.de, en: form.description.en },
    details,
    images: form.images,
    isActive: form.isActive,
    isVisible: form.isVisible,
    sort: form.sort,
  };
}
