import { z } from 'zod';
import type { TRateEntry } from '../currencies/currencies.ts';
import { ZCountryCode, ZCurrencyCode } from '../geo/geo.ts';
import { ZIsoDate } from '../inventory/availability.ts';
import type { TDecimal } from '../money/money.ts';
import {
  BOOKING_CHANNELS,
  LINE_CUSTOMER_TYPES,
  LINE_TYPES,
  RULE_OPERATORS,
  type TBookingChannel,
  type TChargingBase,
  type TCommission,
  type TEntryAdjustmentType,
  type TLineCustomerType,
  type TLineType,
  type TPriceTax,
  type TPriceVariant,
  type TPriceWithEntries,
  type TRuleField,
  type TRuleOperator,
  type TRuleValue,
  type TSpecial,
  type TSpecialTarget,
  type TSupplement,
  type TTerms,
} from './entities.ts';

// The pricing engine's input (a booking draft plus the price data it needs) and output (calculation
// lines, totals and the explanation of every special). Pure data: the server loads it, the engine in
// calculate.ts turns it into lines, the booking stores them.

// ─── Input ────────────────────────────────────────────────────────────────────────────────────

/** A person in a room entry, with what rules and variants look at (docs/domain/prices.md and specials.md). */
export type TPricingPerson = {
  /** Stable key within the draft ("p1"); lines name the person by it (`line.customer`). */
  key: string;
  customerId?: number | null;
  /** Age on the first night; unknown = adult. */
  age?: number | null;
  /** m, f or u */
  gender?: string | null;
  /** Passport nationality, ISO 3166-1 alpha-2. */
  nationality?: string | null;
  addressCountry?: string | null;
  customerType?: string | null;
  /** A variant chosen by hand for this guest (`{booking}/variant/{room}/{customer}`). */
  variantId?: number | null;
  /** Loyalty inputs: end of the latest earlier confirmed stay, count and revenue (base currency). */
  lastStayEnd?: string | null;
  noOfStays?: number;
  stayRevenue?: TDecimal;
};

/** A room or cabin entry of the draft: a resort stay `[from, to)` or a berth/cabin on a schedule. */
export type TPricingRoom = {
  key: string;
  roomId?: number | null;
  roomTypeId: number;
  from: string;
  to: string;
  scheduleId?: number | null;
  tourId?: number | null;
  /** Vessel bookings: the schedule's price reference (docs/domain/prices.md), and the tour's name for the header line. */
  priceId?: number | null;
  tourName?: string | null;
  /** Occupied beds (Bed scope); default: the number of persons. */
  beds?: number;
  /**
   * Berths in a shared cabin, not the whole cabin: each person pays the price's berth variant (per person,
   * any occupancy), never a single-use rate or supplement (docs/domain/prices.md).
   */
  berths?: boolean;
  persons: TPricingPerson[];
};

/** A product or add-on on the draft; its quantity follows its charging base (docs/domain/products.md). */
export type TPricingProduct = {
  key: string;
  productId?: number | null;
  categoryId?: number | null;
  name: string;
  type: 'product' | 'addon' | 'external';
  /** Unit price in `currency`. */
  price: TDecimal;
  currency: string;
  chargingBase: TChargingBase;
  qtyPerUnit?: TDecimal;
  perUnit?: boolean;
  /** Attached to one room entry (its nights and persons), else to the booking. */
  roomKey?: string | null;
  /** The persons it is for; default all persons of the room entry or booking. */
  personKeys?: string[];
  customerType?: TLineCustomerType;
  /** external lines: collected by the operator for the third party (docs/domain/calculation-lines.md). */
  collect?: boolean;
  /** The product's own tax (its `taxId`); without one the line takes the booking's (docs/domain/tax-and-commission.md). */
  tax?: TPriceTax | null;
  /** From a dive plan or log, if there is one. */
  diveDays?: number;
  dives?: number;
};

/** A special added by hand (`{bookingId}/special/{special}`), rules checked unless ignoreRules. */
export type TChosenSpecial = { specialId: number; ignoreRules?: boolean };

export type TPricingInput = {
  resortId: number | null;
  vesselId: number | null;
  channel: TBookingChannel;
  /** The evaluation date `t` of specials (docs/domain/specials.md). */
  evaluationDate: string;
  /** Day whose exchange rates convert price currencies (calculation time). */
  rateDate: string;
  /** Booking currency and the installation's base currency. */
  currency: string;
  baseCurrency: string;
  rates: readonly TRateEntry[];
  bookingId?: number | null;
  sourceId?: number | null;
  agency?: { id: number; commission: TDecimal; commissionMode: 'included' | 'subtract' } | null;
  rooms: TPricingRoom[];
  products?: TPricingProduct[];
  /** Persons on the same schedule over all holding bookings, this one included (NoOfPaxOnTrip). */
  paxOnTrip?: number;
  /**
   * A full charter (docs/domain/departures-and-charters.md): the rooms are every cabin of the departure, priced as one line.
   * `explicit` is the departure's own charter amount per currency; `defaultPax` each room's default
   * occupancy (by room key) for the fallback sum when there is no charter price.
   */
  fullCharter?: { explicit: Readonly<Record<string, string>>; defaultPax?: Readonly<Record<string, number>> };
  /** Lines kept as they are (manual, or edited by a user), in the booking currency. */
  manualLines?: TCalcLine[];
  chosenSpecials?: TChosenSpecial[];
  /** Date the booking was (or would be) confirmed: deposit due dates count from it. Default evaluationDate. */
  confirmDate?: string | null;
  /** Terms stored on the booking; else the price's terms, else the default terms. */
  terms?: TTerms | null;
  /**
   * A price staff chose by hand (docs/domain/prices.md "Staff may enter a manual price"): it prices every
   * night and the schedule instead of the chosen one. Ignored when it is not among `prices` for the asset.
   */
  priceId?: number | null;
  /** A commission-table row staff chose by hand (docs/domain/tax-and-commission.md): beats the priority list; ignored if not the agency's. */
  commissionId?: number | null;
  /** Price data. */
  prices: readonly TPriceWithEntries[];
  variants: readonly TPriceVariant[];
  supplements: readonly TSupplement[];
  roomTypes: readonly {
    id: number;
    name: string;
    surcharge: TDecimal;
    surchargeType: TEntryAdjustmentType;
  }[];
  specials: readonly TSpecial[];
  /** The agency's rows of the commission table. */
  commissions: readonly TCommission[];
  termsList: readonly TTerms[];
  /** Dive-day estimate (docs/domain/products.md): days + dayAdjustment, divesPerDay per dive day. */
  dayAdjustment?: number;
  divesPerDay?: number;
  /** UI language for generated line texts. */
  language?: 'de' | 'en';
};

// ─── Output ───────────────────────────────────────────────────────────────────────────────────

/** Where a generated line came from (explain every number). */
export type TLineSource = {
  generator: 'tour' | 'room' | 'supplement' | 'product' | 'special' | 'commission' | 'terms' | 'manual';
  roomKey?: string;
  priceId?: number;
  priceName?: string;
  entryId?: number | null;
  variantId?: number | null;
  supplementId?: number;
  productId?: number | null;
  specialId?: number;
  /** Special lines: the base they acted on (commission counts RoomPrice and Commissionable ones). */
  target?: TSpecialTarget;
  /** The rules that matched, as read ("DaysBeforeTravelDate 120 ≥ 90"). */
  rules?: string[];
  /**
   * Room lines: each night's share of the line after the adjustments of docs/domain/prices.md, in the
   * booking currency, unrounded (their sum rounds to the line total), with the season that priced it.
   * Night-level rules and FOC read them.
   */
  nights?: { date: string; value: TDecimal; priceId: number }[];
  /** Person keys the line covers. */
  persons?: string[];
  /** Price currency, and the rate to the booking currency stored on the line (docs/domain/currencies.md). */
  currency?: string;
  rate?: TDecimal;
  /** A room line rewritten by a special (replaceMatchingRoomPrice): its value before. */
  replacedBy?: number;
  originalPrice?: TDecimal;
  /** Steps taken on the value, as read ("room type surcharge 10 %"). */
  steps?: string[];
  dueDate?: string;
  manual?: boolean;
  collect?: boolean;
  excludeFromTax?: boolean;
  /** A product line's own tax, kept on the line so that every reader taxes it alike. */
  tax?: TPriceTax;
  excludeFromCommission?: boolean;
  commissionable?: boolean;
  cancellationFee?: boolean;
};

export type TCalcLine = {
  /** Stable within one result ("room:r1", "special:7:p2"). */
  key: string;
  type: TLineType;
  text: string;
  sort: number;
  amount: TDecimal;
  /** Unit price in the booking currency. */
  price: TDecimal;
  /** round2(amount × price). */
  total: TDecimal;
  customerType: TLineCustomerType;
  /** Person key the line belongs to. */
  customer: string | null;
  editable: boolean;
  deletable: boolean;
  unique: boolean;
  customData: TLineSource;
};

export type TTotals = {
  /** Σ billable lines of None, Direct and OnSite, plus collected external lines. */
  total: TDecimal;
  dueBeforeTravel: TDecimal;
  /** Agency bookings: Σ None billable lines − commission (mode included); else 0. */
  agencyDue: TDecimal;
  customerDue: TDecimal;
  onSite: TDecimal;
  tax: TDecimal;
  /** total − tax for inclusive taxes; the net before tax for exclusive ones. */
  net: TDecimal;
  commissionBase: TDecimal;
  commission: TDecimal;
  commissionPercent: TDecimal;
  commissionSource: 'special' | 'agency' | 'price' | null;
};

/** Why a special was or was not applied (`why`). */
export type TSpecialWhy = {
  specialId: number;
  name: string;
  applied: boolean;
  /** applied, or the first reason it was not. */
  reason:
    | 'applied'
    | 'status'
    | 'dateRange'
    | 'channel'
    | 'rule'
    | 'notAutoAdd'
    | 'lostToBetter'
    | 'zero'
    | 'commission';
  /** The first rule that failed, with the value it saw ("DaysBeforeTravelDate 58 < 60"). */
  failedRule?: {
    field: TRuleField;
    operator: TRuleOperator;
    value: TRuleValue;
    actual: unknown;
    text: string;
  };
  matchedRules?: string[];
  /** The line amount when applied (signed, booking currency). */
  amount?: TDecimal;
  /** The special that beat it (same rule set or group). */
  beatenBy?: number;
  /** An AgencyCommission special, applied or not: staff's business only (docs/domain/tax-and-commission.md). */
  commission?: true;
};

export type TPricingProblem = {
  code: 'NO_PRICE' | 'NO_RATE' | 'MIN_NIGHTS';
  roomKey?: string;
  date?: string;
  roomTypeId?: number;
  currency?: string;
  detail?: string;
};

export type TPricingResult = {
  currency: string;
  lines: TCalcLine[];
  totals: TTotals;
  why: TSpecialWhy[];
  problems: TPricingProblem[];
};

// ─── The simulator call (POST /api/price/simulate) ─────────────────────────────────────────────

const ZId = z.number().int().positive().max(2_147_483_647);

export const ZSimulatePerson = z.object({
  customerId: ZId.nullish(),
  age: z.number().int().min(0).max(120).nullish(),
  gender: z.enum(['m', 'f', 'u']).default('u'),
  nationality: ZCountryCode.nullish(),
  addressCountry: ZCountryCode.nullish(),
  variantId: ZId.nullish(),
});

/**
 * A booking draft the server prices with the stored prices, specials and commissions: a resort stay
 * (resortId, from, to) or a departure (vesselId, scheduleId). Nothing is written.
 */
export const ZSimulateRequest = z.object({
  resortId: ZId.nullish(),
  vesselId: ZId.nullish(),
  from: ZIsoDate.nullish(),
  to: ZIsoDate.nullish(),
  scheduleId: ZId.nullish(),
  rooms: z
    .array(
      z.object({ roomTypeId: ZId, roomId: ZId.nullish(), persons: z.array(ZSimulatePerson).min(1).max(50) }),
    )
    .min(1)
    .max(50),
  agencyId: ZId.nullish(),
  channel: z.enum(BOOKING_CHANNELS).default('Booking'),
  /** The evaluation date of specials; default today. */
  bookingDate: ZIsoDate.nullish(),
  currency: ZCurrencyCode.default('EUR'),
  sourceId: ZId.nullish(),
  language: z.enum(['de', 'en']).default('en'),
});
export type TSimulateRequest = z.infer<typeof ZSimulateRequest>;

const ZLineSource = z.object({ generator: z.string() }).catchall(z.unknown());
export const ZCalcLine = z.object({
  key: z.string(),
  type: z.enum(LINE_TYPES),
  text: z.string(),
  sort: z.number(),
  amount: z.string(),
  price: z.string(),
  total: z.string(),
  customerType: z.enum(LINE_CUSTOMER_TYPES),
  customer: z.string().nullable(),
  editable: z.boolean(),
  deletable: z.boolean(),
  unique: z.boolean(),
  customData: ZLineSource,
});

export const ZPricingResult = z.object({
  currency: z.string(),
  lines: z.array(ZCalcLine),
  totals: z.object({
    total: z.string(),
    dueBeforeTravel: z.string(),
    agencyDue: z.string(),
    customerDue: z.string(),
    onSite: z.string(),
    tax: z.string(),
    net: z.string(),
    commissionBase: z.string(),
    commission: z.string(),
    commissionPercent: z.string(),
    commissionSource: z.enum(['special', 'agency', 'price']).nullable(),
  }),
  why: z.array(
    z.object({
      specialId: z.number(),
      name: z.string(),
      applied: z.boolean(),
      reason: z.string(),
      failedRule: z
        .object({
          field: z.string(),
          operator: z.enum(RULE_OPERATORS),
          value: z.unknown(),
          actual: z.unknown(),
          text: z.string(),
        })
        .optional(),
      matchedRules: z.array(z.string()).optional(),
      amount: z.string().optional(),
      beatenBy: z.number().optional(),
      commission: z.literal(true).optional(),
    }),
  ),
  problems: z.array(
    z.object({
      code: z.enum(['NO_PRICE', 'NO_RATE', 'MIN_NIGHTS']),
      roomKey: z.string().optional(),
      date: z.string().optional(),
      roomTypeId: z.number().optional(),
      currency: z.string().optional(),
      detail: z.string().optional(),
    }),
  ),
});

/** The commission totals: staff and the agent of the booking's agency get them, customers never. */
export const COMMISSION_TOTALS = [
  'commission',
  'commissionPercent',
  'commissionSource',
  'commissionBase',
] as const;
type TCommissionTotal = (typeof COMMISSION_TOTALS)[number];
/** Totals as a user may see them: without the commission figures for customers. */
export type TVisibleTotals = Omit<TTotals, TCommissionTotal> & Partial<Pick<TTotals, TCommissionTotal>>;

/** `POST /api/price/simulate`'s answer (an agent's lacks the why of commission specials). */
export const ZSimulateResult = ZPricingResult.extend({
  totals: ZPricingResult.shape.totals.partial({
    commission: true,
    commissionPercent: true,
    commissionSource: true,
    commissionBase: true,
  }),
});
export type TSimulateResult = Omit<TPricingResult, 'totals'> & { totals: TVisibleTotals };
