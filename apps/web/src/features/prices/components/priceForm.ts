import type { TLocalizedText } from '@atoll/domain/geo';
import type {
  TAdjustmentType,
  TCalculationType,
  TEntryAdjustmentType,
  TPeriod,
  TPriceEntryInput,
  TPriceStatus,
  TPriceTax,
  TPriceType,
  TPriceWithEntries,
  TUpdatePrice,
} from '@atoll/domain/pricing/entities';
import { PRICE_TAX_DEFAULT } from '@atoll/domain/pricing/entities';

/** One cell of the entries grid as typed: amounts as text ('' = no entry), comma or point. */
export type TCell = {
  value: string;
  surcharge: string;
  surchargeType: TEntryAdjustmentType;
  discount: string;
  discountType: TEntryAdjustmentType;
};

/** The season form's state: ids of pickers as strings, the asset as `resort:<id>` or `vessel:<id>`. */
export type TPriceForm = {
  name: string;
  internalId: string;
  asset: string;
  validFrom: string;
  validTo: string;
  periods: TPeriod[];
  status: TPriceStatus;
  calculationType: TCalculationType;
  type: TPriceType;
  variants: string[];
  basePrice: string;
  surcharge: string;
  surchargeType: TAdjustmentType;
  discount: string;
  discountType: TAdjustmentType;
  currencies: string[];
  useOnsiteCurrency: boolean;
  tax: TPriceTax;
  commission: string;
  defaultTermsOfPayment: boolean;
  termsOfPaymentId: string;
  countries: string[];
  includedServices: TLocalizedText;
  excludedServices: TLocalizedText;
  isAvailableToOTA: boolean;
  minNights: number | '';
  tourIds: string[];
  /** Departures with rows of their own (vessel prices); the rows for every departure always show. */
  scheduleIds: number[];
  cells: Record<string, TCell>;
};

/** Form fields the server's validation details may name. */
export const PRICE_FIELDS = [
  'name',
  'internalId',
  'resortId',
  'vesselId',
  'validFrom',
  'validTo',
  'periods',
  'status',
  'calculationType',
  'type',
  'variants',
  'basePrice',
  'surcharge',
  'surchargeType',
  'discount',
  'discountType',
  'currencies',
  'tax.value',
  'tax',
  'commission',
  'termsOfPaymentId',
  'countries',
  'includedServices',
  'excludedServices',
  'minNights',
  'tourIds',
  'entries',
] as const;

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const SIGNED = /^-?\d{1,12}(\.\d{1,2})?$/;

/** "12,50" → "12.50": German users type a decimal comma. */
export const normaliseDecimal = (text: string) => text.trim().replace(',', '.');
export const isAmount = (text: string) => AMOUNT.test(normaliseDecimal(text));
export const isSignedAmount = (text: string) => SIGNED.test(normaliseDecimal(text));

export const EMPTY_CELL: TCell = {
  value: '',
  surcharge: '',
  surchargeType: 'percent',
  discount: '',
  discountType: 'percent',
};

/** The key of a cell: currency, departure (0 = every departure), room type, variant. */
export const cellKey = (currency: string, scheduleId: number | null, roomTypeId: number, variantId: number) =>
  `${currency}:${scheduleId ?? 0}:${roomTypeId}:${variantId}`;

function parseKey(key: string) {
  const [currency = '', schedule, roomType, variant] = key.split(':');
  const scheduleId = Number(schedule);
  return {
    currency,
    scheduleId: scheduleId || null,
    roomTypeId: Number(roomType),
    variantId: Number(variant),
  };
}

const assetOf = (price?: TPriceWithEntries) =>
  price?.resortId ? `resort:${price.resortId}` : price?.vesselId ? `vessel:${price.vesselId}` : '';

/** `resort:3` → { resortId: 3, vesselId: null }. */
export function assetIds(asset: string) {
  const [kind, id] = asset.split(':');
  const n = Number(id) || null;
  return { resortId: kind === 'resort' ? n : null, vesselId: kind === 'vessel' ? n : null };
}

function cellsOf(price?: TPriceWithEntries): Record<string, TCell> {
  const cells: Record<string, TCell> = {};
  for (const e of price?.entries ?? [])
    cells[cellKey(e.currency, e.scheduleId, e.roomTypeId, e.variantId)] = {
      value: e.value,
      surcharge: e.surcharge ?? '',
      surchargeType: e.surchargeType ?? 'percent',
      discount: e.discount ?? '',
      discountType: e.discountType ?? 'percent',
    };
  return cells;
}

export function toPriceForm(price?: TPriceWithEntries, defaultAsset = ''): TPriceForm {
  const scheduleIds = [
    ...new Set((price?.entries ?? []).flatMap((e) => (e.scheduleId ? [e.scheduleId] : []))),
  ];
  return {
    name: price?.name ?? '',
    internalId: price?.internalId ?? '',
    asset: price ? assetOf(price) : defaultAsset,
    validFrom: price?.validFrom ?? '',
    validTo: price?.validTo ?? '',
    periods: price?.periods ?? [],
    status: price?.status ?? 'draft',
    calculationType: price?.calculationType ?? 'unit',
    type: price?.type ?? 'Season',
    variants: (price?.variants ?? []).map(String),
    basePrice: price?.basePrice ?? '',
    surcharge: price?.surcharge ?? '0',
    surchargeType: price?.surchargeType ?? 'percent',
    discount: price?.discount ?? '0',
    discountType: price?.discountType ?? 'percent',
    currencies: price?.currencies ?? ['EUR'],
    useOnsiteCurrency: price?.useOnsiteCurrency ?? false,
    tax: price?.tax ?? PRICE_TAX_DEFAULT,
    commission: price?.commission ?? '0',
    defaultTermsOfPayment: price?.defaultTermsOfPayment ?? true,
    termsOfPaymentId: price?.termsOfPaymentId ? String(price.termsOfPaymentId) : '',
    countries: price?.countries ?? [],
    includedServices: price?.includedServices ?? {},
    excludedServices: price?.excludedServices ?? {},
    isAvailableToOTA: price?.isAvailableToOTA ?? false,
    minNights: price?.minNights ?? '',
    tourIds: (price?.tourIds ?? []).map(String),
    scheduleIds,
    cells: cellsOf(price),
  };
}

const usesByEntry = (form: TPriceForm) => ({
  surcharge: form.surchargeType === 'ByEntry',
  discount: form.discountType === 'ByEntry',
});

/** Cells that would be sent: a value typed, variant and currency still on the price, a known row. */
function liveCells(form: TPriceForm, roomTypeIds: ReadonlySet<number> | null) {
  const variants = new Set(form.variants.map(Number));
  const currencies = new Set(form.currencies);
  const schedules = new Set(form.scheduleIds);
  return Object.entries(form.cells).flatMap(([key, cell]) => {
    const at = parseKey(key);
    const isLive =
      cell.value.trim() !== '' &&
      variants.has(at.variantId) &&
      currencies.has(at.currency) &&
      (at.scheduleId === null || schedules.has(at.scheduleId)) &&
      (roomTypeIds === null || roomTypeIds.has(at.roomTypeId));
    return isLive ? [{ key, at, cell }] : [];
  });
}

/** Keys of cells whose value, surcharge or discount is not an amount the server takes. */
export function invalidCells(form: TPriceForm): Set<string> {
  const byEntry = usesByEntry(form);
  const bad = new Set<string>();
  for (const [key, cell] of Object.entries(form.cells)) {
    const wrong =
      (cell.value.trim() !== '' && !isAmount(cell.value)) ||
      (byEntry.surcharge && cell.surcharge.trim() !== '' && !isSignedAmount(cell.surcharge)) ||
      (byEntry.discount && cell.discount.trim() !== '' && !isAmount(cell.discount));
    if (wrong) bad.add(key);
  }
  return bad;
}

/** The entries the grid sends: they replace the price's stored set. */
export function toEntries(form: TPriceForm, roomTypeIds: ReadonlySet<number> | null): TPriceEntryInput[] {
  const byEntry = usesByEntry(form);
  return liveCells(form, roomTypeIds).map(({ at, cell }) => {
    const surcharge = byEntry.surcharge && cell.surcharge.trim() !== '';
    const discount = byEntry.discount && cell.discount.trim() !== '';
    return {
      roomTypeId: at.roomTypeId,
      variantId: at.variantId,
      scheduleId: at.scheduleId,
      currency: at.currency,
      value: normaliseDecimal(cell.value),
      surcharge: surcharge ? normaliseDecimal(cell.surcharge) : null,
      surchargeType: surcharge ? cell.surchargeType : null,
      discount: discount ? normaliseDecimal(cell.discount) : null,
      discountType: discount ? cell.discountType : null,
    };
  });
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The request body; `roomTypeIds` are the asset's room types (null while they load: keep every row). */
export function toPriceBody(
  form: TPriceForm,
  roomTypeIds: ReadonlySet<number> | null,
  isCreate: boolean,
): TUpdatePrice {
  const { resortId, vesselId } = assetIds(form.asset);
  const { scheduleIds: _, cells: __, status, tax, ...rest } = form;
  return {
    ...rest,
    // A new price is a draft and a new tax disabled (spec booking §4): the server decides.
    ...(isCreate ? {} : { status }),
    tax: {
      ...(isCreate ? {} : { status: tax.status }),
      value: normaliseDecimal(tax.value) || '0',
      inclusive: tax.inclusive,
    },
    internalId: textOrNull(form.internalId),
    resortId,
    vesselId,
    variants: form.variants.map(Number),
    basePrice: form.basePrice.trim() === '' ? null : normaliseDecimal(form.basePrice),
    surcharge: normaliseDecimal(form.surcharge) || '0',
    discount: normaliseDecimal(form.discount) || '0',
    commission: normaliseDecimal(form.commission) || '0',
    termsOfPaymentId:
      form.defaultTermsOfPayment || !form.termsOfPaymentId ? null : Number(form.termsOfPaymentId),
    minNights: form.minNights === '' ? null : form.minNights,
    // Tours only mean something for a vessel's price.
    tourIds: vesselId ? form.tourIds.map(Number) : [],
    entries: toEntries(form, roomTypeIds),
  };
}

/** Orders two non-negative decimal strings exactly ("9.5" < "10"), no float on the way. */
export function compareAmounts(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const aInt = ai.replace(/^0+(?=\d)/, '');
  const bInt = bi.replace(/^0+(?=\d)/, '');
  if (aInt.length !== bInt.length) return aInt.length - bInt.length;
  const left = `${aInt}.${af.padEnd(2, '0')}`;
  const right = `${bInt}.${bf.padEnd(2, '0')}`;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The values of one currency typed so far: how many, and the lowest and highest. */
export function amountsOf(form: TPriceForm, currency: string): string[] {
  const variants = new Set(form.variants);
  return Object.entries(form.cells)
    .filter(([key, cell]) => {
      const [c, , , variant = ''] = key.split(':');
      return c === currency && variants.has(variant) && isAmount(cell.value);
    })
    .map(([, cell]) => normaliseDecimal(cell.value))
    .sort(compareAmounts);
}
