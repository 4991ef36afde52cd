import { z } from 'zod';
import { ZAmount, ZPercent } from '../agencies/agencies.ts';
import { ZCountryCode, ZCurrencyCode, ZLocalizedText } from '../geo/geo.ts';
import { ZIsoDate } from '../inventory/availability.ts';

// The stored price model (docs/domain/prices.md, specials.md and payments.md; spec booking §3 Price, Special): seasons with
// their entries, variants, supplements, terms of payment, agency commissions, specials and their groups.
// The engine (calculate.ts) reads these shapes; the API answers them; the screens edit them.

const ZTimestamps = { createdAt: z.string(), updatedAt: z.string() };
const ZId = z.number().int().positive().max(2_147_483_647);
const ZSort = z.number().int().min(-1_000_000).max(1_000_000);
const optionalText = (max: number) => z.string().trim().max(max).nullish();
/** A signed amount with up to two decimals ("-50", "120.50"). */
export const ZSignedAmount = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'an amount with up to two decimals');
const ZIds = z.array(ZId).max(500);
const ZCountries = z.array(ZCountryCode).max(300);

// ─── Enumerations ─────────────────────────────────────────────────────────────────────────────

/** New prices start as draft (spec booking §4); only confirmed ones are used. */
export const PRICE_STATUSES = ['draft', 'confirmed', 'aborted'] as const;
export type TPriceStatus = (typeof PRICE_STATUSES)[number];
/** `GET /api/price/calculationTypes` (docs/domain/prices.md). */
export const CALCULATION_TYPES = ['unit', 'complete'] as const;
export type TCalculationType = (typeof CALCULATION_TYPES)[number];
/** `GET /api/price/types`: what a price table is for. */
export const PRICE_TYPES = ['Season', 'Package', 'FullCharter', 'Net'] as const;
export type TPriceType = (typeof PRICE_TYPES)[number];
/** Price-level surcharge and discount modes; `ByEntry` takes each entry's own value (docs/domain/prices.md). */
export const ADJUSTMENT_TYPES = ['percent', 'fixed', 'ByEntry'] as const;
export type TAdjustmentType = (typeof ADJUSTMENT_TYPES)[number];
/** An entry's own surcharge or discount, and a room type's surcharge. */
export const ENTRY_ADJUSTMENT_TYPES = ['percent', 'fixed'] as const;
export type TEntryAdjustmentType = (typeof ENTRY_ADJUSTMENT_TYPES)[number];
/** Tax on a price: aborted = disabled, the default for new taxes (docs/domain/tax-and-commission.md). */
export const TAX_STATUSES = ['confirmed', 'aborted'] as const;

/** Product and supplement charging bases (docs/domain/products.md). */
export const CHARGING_BASES = [
  'PerBooking',
  'PerBookingAndCustomer',
  'PerPerson',
  'PerNight',
  'PerDay',
  'PerDiveDay',
  'PerDive',
  'PerWeekFloor',
  'PerWeekCeil',
] as const;
export type TChargingBase = (typeof CHARGING_BASES)[number];

/** Calculation line types (spec booking §3 Calculation line, docs/domain/calculation-lines.md). */
export const LINE_TYPES = [
  'cost',
  'room_cost',
  'text',
  'tour',
  'addon',
  'deposit',
  'rest',
  'special',
  'product',
  'discount',
  'payment',
  'external',
  'option',
] as const;
export type TLineType = (typeof LINE_TYPES)[number];
/** Lines that make up the operator's revenue (spec booking §3). */
export const BILLABLE_LINE_TYPES: readonly TLineType[] = [
  'cost',
  'product',
  'special',
  'room_cost',
  'addon',
  'discount',
];
/** Who pays a line and whether it counts (docs/domain/calculation-lines.md). */
export const LINE_CUSTOMER_TYPES = ['None', 'Direct', 'OnSite', 'ForFree', 'Info'] as const;
export type TLineCustomerType = (typeof LINE_CUSTOMER_TYPES)[number];

export const SPECIAL_TYPES = ['special', 'AgencyCommission'] as const;
export type TSpecialType = (typeof SPECIAL_TYPES)[number];
export const DISCOUNT_KINDS = [
  'PerCent',
  'Absolute',
  'AbsoluteNights',
  'FOC',
  'FOCUnit',
  'Lowest',
  'FixUnit',
  'Fix',
] as const;
export type TDiscountKind = (typeof DISCOUNT_KINDS)[number];
export const RULE_OPERATORS = [
  'GreaterThan',
  'LessThan',
  'GreaterThanEquals',
  'LessThanEquals',
  'IsIn',
  'IsNotIn',
  'Equals',
] as const;
export type TRuleOperator = (typeof RULE_OPERATORS)[number];
/** The base a special acts on (docs/domain/specials.md). */
export const SPECIAL_TARGETS = [
  'FullBooking',
  'RoomPrice',
  'Commissionable',
  'Product',
  'External',
  'Addon',
  'ProductCategory',
] as const;
export type TSpecialTarget = (typeof SPECIAL_TARGETS)[number];
export const SCOPE_UNITS = ['Booking', 'Person', 'Bed'] as const;
export type TScopeUnit = (typeof SCOPE_UNITS)[number];
/** Where a booking comes from; a special's `includeIn` lists those it is offered in (docs/domain/specials.md). */
export const BOOKING_CHANNELS = [
  'Booking',
  'AgentDirectBooking',
  'CustomerDirectBooking',
  'OTABooking',
] as const;
export type TBookingChannel = (typeof BOOKING_CHANNELS)[number];

/**
 * The 26 rule fields (spec booking §3 Special) with their level and the kind of value they compare
 * (docs/domain/specials.md). The kind decides the operators a rule may use and the picker the screen shows.
 */
export const RULE_FIELDS = {
  NoOfPax: { level: 'booking', kind: 'number' },
  NoOfPaxOnTrip: { level: 'booking', kind: 'number' },
  NoOfPaxInDoubleRoom: { level: 'room', kind: 'number' },
  Date: { level: 'night', kind: 'date' },
  DepartureDay: { level: 'booking', kind: 'weekday' },
  DaysBeforeTravelDate: { level: 'booking', kind: 'number' },
  BookingDate: { level: 'booking', kind: 'date' },
  Bookings: { level: 'booking', kind: 'booking' },
  Resort: { level: 'booking', kind: 'resort' },
  Vessel: { level: 'booking', kind: 'vessel' },
  CustomerType: { level: 'person', kind: 'customerType' },
  Itineraries: { level: 'booking', kind: 'tour' },
  Agencies: { level: 'booking', kind: 'agency' },
  BookingSource: { level: 'booking', kind: 'bookingSource' },
  Nights: { level: 'booking', kind: 'number' },
  Customers: { level: 'person', kind: 'customer' },
  Schedules: { level: 'booking', kind: 'schedule' },
  SpecialsGroup: { level: 'booking', kind: 'specialsGroup' },
  Age: { level: 'person', kind: 'number' },
  PassportCountry: { level: 'person', kind: 'country' },
  AddressCountry: { level: 'person', kind: 'country' },
  DayInWeek: { level: 'night', kind: 'weekday' },
  RoomType: { level: 'room', kind: 'roomType' },
  LastStay: { level: 'person', kind: 'number' },
  NoOfStays: { level: 'person', kind: 'number' },
  StayRevenue: { level: 'person', kind: 'money' },
} as const satisfies Record<string, { level: 'booking' | 'room' | 'night' | 'person'; kind: string }>;
export type TRuleField = keyof typeof RULE_FIELDS;
export const RULE_FIELD_NAMES = Object.keys(RULE_FIELDS) as TRuleField[];
export type TRuleValueKind = (typeof RULE_FIELDS)[TRuleField]['kind'];

const ORDERED: readonly TRuleOperator[] = [
  'GreaterThan',
  'LessThan',
  'GreaterThanEquals',
  'LessThanEquals',
  'Equals',
];
const LISTED: readonly TRuleOperator[] = ['IsIn', 'IsNotIn', 'Equals'];
/** Operators that make sense for a field: numbers and dates are ordered, everything else is a list. */
export function operatorsFor(field: TRuleField): readonly TRuleOperator[] {
  const { kind } = RULE_FIELDS[field];
  if (kind === 'number' || kind === 'money' || kind === 'date') return [...ORDERED, 'IsIn', 'IsNotIn'];
  return LISTED;
}

// ─── Price variants (/api/pricevariant) ───────────────────────────────────────────────────────

export const ZPriceVariant = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string().nullable(),
  /** Display names per language. */
  translations: ZLocalizedText,
  /** The occupancy it prices (1 = single use, 2 = double use); null: any. */
  noOfPax: z.number().int().nullable(),
  /** A child variant: persons up to this age on the first night. */
  maxAge: z.number().int().nullable(),
  /** Entry values are per person (true) or per room or cabin (false). */
  perPerson: z.boolean(),
  /** Used when no variant matches the occupancy (docs/domain/prices.md). */
  isDefault: z.boolean(),
  /** The whole vessel (full charter). */
  fullCharter: z.boolean(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TPriceVariant = z.infer<typeof ZPriceVariant>;

export const ZCreatePriceVariant = z.object({
  name: z.string().trim().min(1).max(200),
  key: optionalText(50),
  translations: ZLocalizedText.default({}),
  noOfPax: z.number().int().min(1).max(500).nullish(),
  maxAge: z.number().int().min(0).max(120).nullish(),
  perPerson: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  fullCharter: z.boolean().default(false),
  sort: ZSort.default(0),
});
export const ZUpdatePriceVariant = ZCreatePriceVariant.partial();

// ─── Prices (/api/price) and their entries (/api/roomprices) ──────────────────────────────────

export const ZPeriod = z.object({ from: ZIsoDate, to: ZIsoDate });
export type TPeriod = z.infer<typeof ZPeriod>;

export const ZPriceTax = z.object({
  status: z.enum(TAX_STATUSES),
  /** Percent 0..100. */
  value: z.string(),
  inclusive: z.boolean(),
});
export type TPriceTax = z.infer<typeof ZPriceTax>;
export const PRICE_TAX_DEFAULT: TPriceTax = { status: 'aborted', value: '0', inclusive: true };

/** One value per room type and variant, optionally per schedule, in one currency (docs/domain/prices.md). */
export const ZPriceEntry = z.object({
  id: z.number().int(),
  priceId: z.number().int(),
  roomTypeId: z.number().int(),
  variantId: z.number().int(),
  /** Vessel prices: a value for one departure only; null = every departure of the price. */
  scheduleId: z.number().int().nullable(),
  currency: z.string(),
  value: z.string(),
  /** Used when the price's surcharge or discount type is ByEntry. */
  surcharge: z.string().nullable(),
  surchargeType: z.enum(ENTRY_ADJUSTMENT_TYPES).nullable(),
  discount: z.string().nullable(),
  discountType: z.enum(ENTRY_ADJUSTMENT_TYPES).nullable(),
});
export type TPriceEntry = z.infer<typeof ZPriceEntry>;

/** An entry as the grid sends it with its price (no ids: the set replaces the stored one). */
export const ZPriceEntryInput = z.object({
  roomTypeId: ZId,
  variantId: ZId,
  scheduleId: ZId.nullish(),
  currency: ZCurrencyCode,
  value: ZAmount,
  surcharge: ZSignedAmount.nullish(),
  surchargeType: z.enum(ENTRY_ADJUSTMENT_TYPES).nullish(),
  discount: ZAmount.nullish(),
  discountType: z.enum(ENTRY_ADJUSTMENT_TYPES).nullish(),
});
export type TPriceEntryInput = z.infer<typeof ZPriceEntryInput>;
/** `/api/roomprices`: one entry on its own. */
export const ZCreatePriceEntry = ZPriceEntryInput.extend({ priceId: ZId });
export const ZUpdatePriceEntry = ZCreatePriceEntry.partial();

export const ZPrice = z
  .object({
    id: z.number().int(),
    name: z.string(),
    internalId: z.string().nullable(),
    resortId: z.number().int().nullable(),
    vesselId: z.number().int().nullable(),
    validFrom: z.string(),
    validTo: z.string(),
    /** Optional sub-periods within `valid`; a night must lie in one of them (docs/domain/prices.md). */
    periods: z.array(ZPeriod),
    status: z.enum(PRICE_STATUSES),
    calculationType: z.enum(CALCULATION_TYPES),
    type: z.enum(PRICE_TYPES),
    /** The variant ids this price has columns for, in order. */
    variants: z.array(z.number().int()),
    /** Used as the value of a missing entry, if set. */
    basePrice: z.string().nullable(),
    surcharge: z.string(),
    surchargeType: z.enum(ADJUSTMENT_TYPES),
    discount: z.string(),
    discountType: z.enum(ADJUSTMENT_TYPES),
    /** Price currencies; the first is the price currency, the others may carry explicit entries. */
    currencies: z.array(z.string()),
    useOnsiteCurrency: z.boolean(),
    tax: ZPriceTax,
    /** Default commission percent for agency bookings (priority 3, docs/domain/tax-and-commission.md). */
    commission: z.string(),
    termsOfPaymentId: z.number().int().nullable(),
    /** Use the installation's default terms instead of `termsOfPaymentId`. */
    defaultTermsOfPayment: z.boolean(),
    /** Only for guests from these countries; empty = everybody. */
    countries: z.array(z.string()),
    includedServices: ZLocalizedText,
    excludedServices: ZLocalizedText,
    isAvailableToOTA: z.boolean(),
    /** Minimum nights of a stay priced by this season (unit prices only). */
    minNights: z.number().int().nullable(),
    /** Vessel prices: the tours this price is for; empty = every tour of the vessel. */
    tourIds: z.array(z.number().int()),
    ...ZTimestamps,
  })
  .meta({ id: 'Price' });
export type TPrice = z.infer<typeof ZPrice>;
/** A price read with its entries (`GET /api/price/{id}`, the engine's input). */
export const ZPriceWithEntries = ZPrice.extend({ entries: z.array(ZPriceEntry) });
export type TPriceWithEntries = z.infer<typeof ZPriceWithEntries>;

const ZAdjustment = ZSignedAmount;
export const ZCreatePrice = z.object({
  name: z.string().trim().min(1).max(200),
  internalId: optionalText(50),
  resortId: ZId.nullish(),
  vesselId: ZId.nullish(),
  validFrom: ZIsoDate,
  validTo: ZIsoDate,
  periods: z.array(ZPeriod).max(100).default([]),
  /** Ignored on create: a new price is a draft (spec booking §4). */
  status: z.enum(PRICE_STATUSES).optional(),
  calculationType: z.enum(CALCULATION_TYPES).default('unit'),
  type: z.enum(PRICE_TYPES).default('Season'),
  variants: ZIds.default([]),
  basePrice: ZAmount.nullish(),
  surcharge: ZAdjustment.default('0'),
  surchargeType: z.enum(ADJUSTMENT_TYPES).default('percent'),
  discount: ZAdjustment.default('0'),
  discountType: z.enum(ADJUSTMENT_TYPES).default('percent'),
  currencies: z.array(ZCurrencyCode).max(20).default(['EUR']),
  useOnsiteCurrency: z.boolean().default(false),
  /** Ignored on create for `status`: a new tax is aborted (spec booking §4). */
  tax: z
    .object({
      status: z.enum(TAX_STATUSES).optional(),
      value: ZPercent.default('0'),
      inclusive: z.boolean().default(true),
    })
    .optional(),
  commission: ZPercent.default('0'),
  termsOfPaymentId: ZId.nullish(),
  defaultTermsOfPayment: z.boolean().default(true),
  countries: ZCountries.default([]),
  includedServices: ZLocalizedText.default({}),
  excludedServices: ZLocalizedText.default({}),
  isAvailableToOTA: z.boolean().default(false),
  minNights: z.number().int().min(1).max(365).nullish(),
  tourIds: ZIds.default([]),
  /** When sent, replaces all entries of the price in the same transaction (the entries grid). */
  entries: z.array(ZPriceEntryInput).max(5000).optional(),
});
export type TCreatePrice = z.infer<typeof ZCreatePrice>;
export const ZUpdatePrice = ZCreatePrice.partial();
export type TUpdatePrice = z.infer<typeof ZUpdatePrice>;

// ─── Supplements (/api/supplements) ───────────────────────────────────────────────────────────

export const SUPPLEMENT_VALUE_TYPES = ['fixed', 'percent'] as const;

/** A priced extra attached to a price (docs/domain/prices.md): park fee, nitrox, single supplement. */
export const ZSupplement = z.object({
  id: z.number().int(),
  priceId: z.number().int(),
  name: z.string(),
  translations: ZLocalizedText,
  /** Amount in the price currency (fixed) or percent of the room line (percent). */
  value: z.string(),
  valueType: z.enum(SUPPLEMENT_VALUE_TYPES),
  chargingBase: z.enum(CHARGING_BASES),
  qtyPerUnit: z.string(),
  /** "Per unit, not per person": personFactor 1 for every time base (docs/domain/products.md). */
  perUnit: z.boolean(),
  /** Added automatically as a cost line; otherwise offered as an option line. */
  mandatory: z.boolean(),
  /** Counts in the commission base (docs/domain/tax-and-commission.md). */
  commissionable: z.boolean(),
  customerType: z.enum(LINE_CUSTOMER_TYPES),
  /** A single-use supplement: only for rooms with one person, skipped where a single-use variant is priced. */
  singleUse: z.boolean(),
  /** Conditions; empty = all. */
  roomTypeIds: z.array(z.number().int()),
  variantIds: z.array(z.number().int()),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TSupplement = z.infer<typeof ZSupplement>;

export const ZCreateSupplement = z.object({
  priceId: ZId,
  name: z.string().trim().min(1).max(200),
  translations: ZLocalizedText.default({}),
  value: ZAmount,
  valueType: z.enum(SUPPLEMENT_VALUE_TYPES).default('fixed'),
  chargingBase: z.enum(CHARGING_BASES).default('PerBooking'),
  qtyPerUnit: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'a quantity')
    .default('1'),
  perUnit: z.boolean().default(false),
  mandatory: z.boolean().default(true),
  commissionable: z.boolean().default(false),
  customerType: z.enum(LINE_CUSTOMER_TYPES).default('None'),
  singleUse: z.boolean().default(false),
  roomTypeIds: ZIds.default([]),
  variantIds: ZIds.default([]),
  validFrom: ZIsoDate.nullish(),
  validTo: ZIsoDate.nullish(),
  sort: ZSort.default(0),
});
export const ZUpdateSupplement = ZCreateSupplement.partial();

// ─── Terms of payment (/api/terms) ────────────────────────────────────────────────────────────

export const ZCancellationTier = z.object({
  daysBefore: z.number().int().min(-365).max(3650),
  percent: ZPercent,
});
export type TCancellationTier = z.infer<typeof ZCancellationTier>;

/** Deposit, rest and cancellation tiers (docs/domain/cancellation.md and payments.md). */
export const ZTerms = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: ZLocalizedText,
    depositPercent: z.string(),
    /** Deposit per person instead of a percentage, if set. */
    depositAbsolute: z.string().nullable(),
    depositDueDays: z.number().int(),
    /** The deposit falls due counting from the reservation instead of the confirmation. */
    onReservation: z.boolean(),
    restDueDaysBeforeArrival: z.number().int(),
    /** How long a reservation (option) holds. */
    optionDays: z.number().int(),
    cancellationTiers: z.array(ZCancellationTier),
    depositNonRefundable: z.boolean(),
    /** The installation's default terms (at most one). */
    isDefault: z.boolean(),
    ...ZTimestamps,
  })
  .meta({ id: 'TermsOfPayment' });
export type TTerms = z.infer<typeof ZTerms>;

export const ZCreateTerms = z.object({
  name: z.string().trim().min(1).max(200),
  description: ZLocalizedText.default({}),
  depositPercent: ZPercent.default('0'),
  depositAbsolute: ZAmount.nullish(),
  depositDueDays: z.number().int().min(0).max(365).default(7),
  onReservation: z.boolean().default(false),
  restDueDaysBeforeArrival: z.number().int().min(0).max(730).default(60),
  optionDays: z.number().int().min(0).max(365).default(7),
  cancellationTiers: z.array(ZCancellationTier).max(20).default([]),
  depositNonRefundable: z.boolean().default(false),
  isDefault: z.boolean().default(false),
});
export const ZUpdateTerms = ZCreateTerms.partial();

// ─── Agency commission (/api/commission) ──────────────────────────────────────────────────────

/** An agency's commission for an asset and an optional date range (priority 2, docs/domain/tax-and-commission.md). */
export const ZCommission = z.object({
  id: z.number().int(),
  agencyId: z.number().int(),
  /** Both null: every asset. */
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  /** Travel dates (the stay's first night) it applies to; null = open. */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  percent: z.string(),
  note: z.string().nullable(),
  ...ZTimestamps,
});
export type TCommission = z.infer<typeof ZCommission>;

export const ZCreateCommission = z.object({
  agencyId: ZId,
  resortId: ZId.nullish(),
  vesselId: ZId.nullish(),
  validFrom: ZIsoDate.nullish(),
  validTo: ZIsoDate.nullish(),
  percent: ZPercent,
  note: optionalText(500),
});
export const ZUpdateCommission = ZCreateCommission.partial();

// ─── Specials (/api/specials) and their groups (/api/specialsgroup) ───────────────────────────

export const ZSpecialsGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TSpecialsGroup = z.infer<typeof ZSpecialsGroup>;
export const ZCreateSpecialsGroup = z.object({
  name: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  sort: ZSort.default(0),
});
export const ZUpdateSpecialsGroup = ZCreateSpecialsGroup.partial();

const ZRuleScalar = z.union([z.number().finite(), z.string().trim().max(100)]);
/** A scalar, or a list for IsIn / IsNotIn / Equals on lists (a scalar counts as a one-element list). */
export const ZRuleValue = z.union([ZRuleScalar, z.array(ZRuleScalar).max(500)]);
export type TRuleValue = z.infer<typeof ZRuleValue>;

export const ZSpecialRule = z.object({
  field: z.enum(RULE_FIELD_NAMES as [TRuleField, ...TRuleField[]]),
  operator: z.enum(RULE_OPERATORS),
  value: ZRuleValue,
});
export type TSpecialRule = z.infer<typeof ZSpecialRule>;

export const ZSpecial = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: ZLocalizedText,
    type: z.enum(SPECIAL_TYPES),
    status: z.enum(PRICE_STATUSES),
    /** The booking window: the evaluation date must lie in it (docs/domain/specials.md); null = open. */
    dateFrom: z.string().nullable(),
    dateTo: z.string().nullable(),
    /** All rules must hold (AND). */
    rules: z.array(ZSpecialRule),
    discount: z.enum(DISCOUNT_KINDS),
    discountValue: z.string(),
    /** true: a reduction (negative line); false: a surcharge. */
    reduce: z.boolean(),
    target: z.enum(SPECIAL_TARGETS),
    /** Products (target Product) or product categories (target ProductCategory) it is limited to. */
    targetIds: z.array(z.number().int()),
    scopeUnit: z.enum(SCOPE_UNITS),
    autoAdd: z.boolean(),
    unique: z.boolean(),
    replaceMatchingRoomPrice: z.boolean(),
    includeSpecialsWithSameRule: z.boolean(),
    excludeFromCommission: z.boolean(),
    excludeFromTax: z.boolean(),
    /** Channels it is offered in; empty = Booking only. */
    includeIn: z.array(z.enum(BOOKING_CHANNELS)),
    editable: z.boolean(),
    deletable: z.boolean(),
    groupId: z.number().int().nullable(),
    sort: z.number().int(),
    ...ZTimestamps,
  })
  .meta({ id: 'Special' });
export type TSpecial = z.infer<typeof ZSpecial>;

export const ZCreateSpecial = z.object({
  name: z.string().trim().min(1).max(200),
  description: ZLocalizedText.default({}),
  type: z.enum(SPECIAL_TYPES).default('special'),
  /** Ignored on create: a new special is a draft. */
  status: z.enum(PRICE_STATUSES).optional(),
  dateFrom: ZIsoDate.nullish(),
  dateTo: ZIsoDate.nullish(),
  rules: z.array(ZSpecialRule).max(50).default([]),
  discount: z.enum(DISCOUNT_KINDS).default('PerCent'),
  discountValue: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a non-negative value with up to two decimals')
    .default('0'),
  reduce: z.boolean().default(true),
  target: z.enum(SPECIAL_TARGETS).default('RoomPrice'),
  targetIds: ZIds.default([]),
  scopeUnit: z.enum(SCOPE_UNITS).default('Booking'),
  autoAdd: z.boolean().default(true),
  unique: z.boolean().default(true),
  replaceMatchingRoomPrice: z.boolean().default(false),
  includeSpecialsWithSameRule: z.boolean().default(false),
  excludeFromCommission: z.boolean().default(false),
  excludeFromTax: z.boolean().default(false),
  includeIn: z.array(z.enum(BOOKING_CHANNELS)).max(4).default(['Booking']),
  editable: z.boolean().default(true),
  deletable: z.boolean().default(true),
  groupId: ZId.nullish(),
  sort: ZSort.default(0),
});
export type TCreateSpecial = z.infer<typeof ZCreateSpecial>;
export const ZUpdateSpecial = ZCreateSpecial.partial();
