import type { TRateEntry } from '../currencies/currencies.ts';
import type { TCalcLine, TPricingInput, TPricingPerson, TPricingRoom } from './engine-types.ts';
import type {
  TCommission,
  TPriceEntry,
  TPriceVariant,
  TPriceWithEntries,
  TSupplement,
  TTerms,
} from './entities.ts';

// Builders for the pricing tests: complete entities with neutral defaults, overridden per test.

const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

export function variant(over: Partial<TPriceVariant> & { id: number; name: string }): TPriceVariant {
  return {
    key: null,
    translations: {},
    noOfPax: null,
    maxAge: null,
    perPerson: false,
    isDefault: false,
    fullCharter: false,
    sort: over.id,
    ...stamps,
    ...over,
  };
}

export const DOUBLE = variant({
  id: 1,
  name: 'double use',
  translations: { de: 'Doppelbelegung' },
  noOfPax: 2,
  isDefault: true,
});
export const SINGLE = variant({
  id: 2,
  name: 'single use',
  translations: { de: 'Einzelbelegung' },
  noOfPax: 1,
});
export const CHILD = variant({ id: 3, name: 'child ≤ 11', maxAge: 11, perPerson: true });
/** Per-person variants of a liveaboard. */
export const DOUBLE_PP = variant({
  id: 11,
  name: 'double use',
  noOfPax: 2,
  perPerson: true,
  isDefault: true,
});
export const SINGLE_PP = variant({ id: 12, name: 'single use', noOfPax: 1, perPerson: true });
export const CHILD_PP = variant({ id: 13, name: 'child ≤ 11', maxAge: 11, perPerson: true });

let nextEntryId = 1000;
export function entry(
  over: Partial<TPriceEntry> & { roomTypeId: number; variantId: number; value: string },
): TPriceEntry {
  return {
    id: nextEntryId++,
    priceId: 0,
    scheduleId: null,
    currency: 'EUR',
    surcharge: null,
    surchargeType: null,
    discount: null,
    discountType: null,
    ...over,
  };
}

export function price(
  over: Partial<TPriceWithEntries> & { id: number; validFrom: string; validTo: string },
): TPriceWithEntries {
  const p: TPriceWithEntries = {
    name: `Season ${over.id}`,
    internalId: null,
    resortId: 1,
    vesselId: null,
    periods: [],
    status: 'confirmed',
    calculationType: 'unit',
    type: 'Season',
    variants: [],
    basePrice: null,
    surcharge: '0',
    surchargeType: 'percent',
    discount: '0',
    discountType: 'percent',
    currencies: ['EUR'],
    useOnsiteCurrency: false,
    tax: { status: 'aborted', value: '0', inclusive: true },
    commission: '0',
    termsOfPaymentId: null,
    defaultTermsOfPayment: true,
    countries: [],
    includedServices: {},
    excludedServices: {},
    isAvailableToOTA: false,
    minNights: null,
    tourIds: [],
    entries: [],
    ...stamps,
    ...over,
  };
  p.entries = p.entries.map((e) => ({ ...e, priceId: p.id }));
  return p;
}

export const person = (key: string, over: Partial<TPricingPerson> = {}): TPricingPerson => ({ key, ...over });

export const room = (over: Partial<TPricingRoom> & { from: string; to: string }): TPricingRoom => ({
  key: 'r1',
  roomTypeId: 10,
  persons: [person('p1'), person('p2')],
  ...over,
});

export const DELUXE = { id: 10, name: 'Deluxe', surcharge: '0', surchargeType: 'percent' as const };
export const STANDARD = { id: 20, name: 'Standard', surcharge: '0', surchargeType: 'percent' as const };

export function input(over: Partial<TPricingInput> = {}): TPricingInput {
  return {
    resortId: 1,
    vesselId: null,
    channel: 'Booking',
    evaluationDate: '2026-01-05',
    rateDate: '2026-01-05',
    currency: 'EUR',
    baseCurrency: 'EUR',
    rates: [],
    rooms: [],
    prices: [],
    variants: [DOUBLE, SINGLE, CHILD, DOUBLE_PP, SINGLE_PP, CHILD_PP],
    supplements: [],
    roomTypes: [DELUXE, STANDARD],
    specials: [],
    commissions: [],
    termsList: [],
    language: 'en',
    ...over,
  };
}

export const rate = (from: string, to: string, value: string, validFrom = '2026-01-01'): TRateEntry => ({
  from,
  to,
  rate: value,
  validFrom,
});

export function supplement(
  over: Partial<TSupplement> & { id: number; priceId: number; value: string },
): TSupplement {
  return {
    name: `Supplement ${over.id}`,
    translations: {},
    valueType: 'fixed',
    chargingBase: 'PerBooking',
    qtyPerUnit: '1',
    perUnit: false,
    mandatory: true,
    commissionable: false,
    customerType: 'None',
    singleUse: false,
    roomTypeIds: [],
    variantIds: [],
    validFrom: null,
    validTo: null,
    sort: 0,
    ...stamps,
    ...over,
  };
}

export function terms(over: Partial<TTerms> & { id: number }): TTerms {
  return {
    name: `Terms ${over.id}`,
    description: {},
    depositPercent: '30',
    depositAbsolute: null,
    depositDueDays: 7,
    onReservation: false,
    restDueDaysBeforeArrival: 60,
    optionDays: 7,
    cancellationTiers: [],
    depositNonRefundable: false,
    isDefault: false,
    ...stamps,
    ...over,
  };
}

export function commission(over: Partial<TCommission> & { id: number; percent: string }): TCommission {
  return {
    agencyId: 5,
    resortId: null,
    vesselId: null,
    validFrom: null,
    validTo: null,
    note: null,
    ...stamps,
    ...over,
  };
}

/** A hand-made line (manual lines, or what the specials engine would add). */
export function line(over: Partial<TCalcLine> & { key: string; total: string }): TCalcLine {
  return {
    type: 'cost',
    text: over.key,
    sort: 9999,
    amount: '1',
    price: over.total,
    customerType: 'None',
    customer: null,
    editable: true,
    deletable: true,
    unique: true,
    customData: { generator: 'manual', manual: true },
    ...over,
  };
}

export const byKey = (lines: readonly TCalcLine[], key: string): TCalcLine => {
  const found = lines.find((l) => l.key === key);
  if (!found) throw new Error(`no line ${key} in ${lines.map((l) => l.key).join(', ')}`);
  return found;
};
