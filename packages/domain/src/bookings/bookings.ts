import { z } from 'zod';
import { ZCurrencyCode } from '../geo/geo.ts';
import { BOOKING_STATES, GENDERS, type TBookingState, ZIsoDate } from '../inventory/availability.ts';
import { PAYMENT_STATUSES } from '../payments/payments.ts';
import { ZCalcLine, ZPricingResult } from '../pricing/engine-types.ts';
import { BOOKING_CHANNELS, ZCancellationTier, ZTerms } from '../pricing/entities.ts';

// Bookings (spec booking §3 Booking, docs/domain/calculation-lines.md and lifecycle.md): the record, its room entries and guests,
// the calls that create and change it, and the lifecycle rules every call obeys.

const ZId = z.number().int().positive().max(2_147_483_647);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

export { BOOKING_STATES, type TBookingState };
export const BOOKING_TYPES = ['resort', 'vessel', 'charter', 'mixed'] as const;
export type TBookingType = (typeof BOOKING_TYPES)[number];
/** The states a create or change may ask for; the others follow from calls (cancell, release, rebook …). */
export const WRITABLE_STATES = ['draft', 'planned', 'confirmed', 'waiting'] as const;
export type TWritableState = (typeof WRITABLE_STATES)[number];
/** The list filter's extra choice (spec booking §4). */
export const NOT_RESOLVED = 'notResolved';

// ─── Lifecycle (docs/domain/lifecycle.md) ──────────────────────────────────────────────────────────────────

/** Which state may follow which through create/change (the other transitions have their own calls). */
const CHANGE_TRANSITIONS: Record<TBookingState, readonly TBookingState[]> = {
  draft: ['draft', 'planned', 'confirmed', 'waiting'],
  planned: ['planned', 'confirmed', 'waiting'],
  confirmed: ['confirmed', 'waiting'],
  waiting: ['waiting', 'planned', 'confirmed'],
  resolved: ['resolved'],
  aborted: [],
  freed: [],
  rebooked: [],
  splitted: [],
  deleted: [],
};
export const canChangeState = (from: TBookingState, to: TBookingState) =>
  CHANGE_TRANSITIONS[from].includes(to);
/** States in which a booking may still be edited at all (rooms, guests, lines). */
export const isEditable = (state: TBookingState) => CHANGE_TRANSITIONS[state].length > 0;
/** cancell: from draft, planned, confirmed or waiting (docs/domain/lifecycle.md). */
export const canCancel = (state: TBookingState) =>
  ['draft', 'planned', 'confirmed', 'waiting'].includes(state);
/** release: a planned option, with a reason. */
export const canRelease = (state: TBookingState) => state === 'planned';

/** Number kinds and the state that gives each (docs/domain/lifecycle.md). */
export const NUMBER_KINDS = { draft: 'O', planned: 'R', confirmed: 'B' } as const;
export type TNumberKind = keyof typeof NUMBER_KINDS;
/** `O26-00012`: prefix, two-digit year, five-digit sequence. */
export const formatBookingNumber = (kind: TNumberKind, year: number, seq: number) =>
  `${NUMBER_KINDS[kind]}${String(year % 100).padStart(2, '0')}-${String(seq).padStart(5, '0')}`;

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────

/** A guest of a room entry: a customer, or a placeholder with what pricing and the cabin rules need. */
export const ZBookingGuestInput = z.object({
  customerId: ZId.nullish(),
  /** For a placeholder without a customer record ("Guest 2"). */
  name: optionalText(200),
  gender: z.enum(GENDERS).optional(),
  /** Age on the first night; taken from the customer when known. */
  age: z.number().int().min(0).max(120).nullish(),
  variantId: ZId.nullish(),
  /** A chosen bed (internalId) in a shared cabin. */
  bed: optionalText(50),
});
export type TBookingGuestInput = z.infer<typeof ZBookingGuestInput>;

/** A room entry: a resort room over `[from, to)`, or a cabin (whole or berths) on a departure. */
export const ZBookingRoomInput = z.object({
  roomId: ZId,
  from: ZIsoDate.nullish(),
  to: ZIsoDate.nullish(),
  scheduleId: ZId.nullish(),
  /** false: berths for the guests in a shared cabin. */
  whole: z.boolean().default(true),
  guests: z.array(ZBookingGuestInput).min(1).max(50),
});
export type TBookingRoomInput = z.infer<typeof ZBookingRoomInput>;

/**
 * A full charter (docs/domain/departures-and-charters.md): the whole vessel for one departure. The server books every active
 * cabin of the departure's vessel and seats the guests in cabin order, each cabin up to its maxNoOfPax.
 */
export const ZFullCharterInput = z.object({
  scheduleId: ZId,
  guests: z.array(ZBookingGuestInput).min(1).max(500),
});
export type TFullCharterInput = z.infer<typeof ZFullCharterInput>;

export const ZCreateBooking = z.object({
  state: z.enum(WRITABLE_STATES).default('draft'),
  /** At least one, unless `fullCharter` is given (then none: the charter names its cabins). */
  rooms: z.array(ZBookingRoomInput).max(50).default([]),
  fullCharter: ZFullCharterInput.nullish(),
  /** The payer and lead guest; default the first guest with a customer. */
  customerId: ZId.nullish(),
  /** Staff may book for an agency; an agent always books for its own. */
  agencyId: ZId.nullish(),
  sourceId: ZId.nullish(),
  categoryId: ZId.nullish(),
  language: z.enum(['de', 'en']).default('de'),
  currency: ZCurrencyCode.default('EUR'),
  /** Terms of payment; default the price's, else the default terms. */
  termsId: ZId.nullish(),
  /** Planned: when the option lapses; default now + the terms' optionDays. */
  optionExpiry: z.iso.datetime({ offset: true }).nullish(),
  note: optionalText(5000),
  internalNote: optionalText(5000),
  systemReference: optionalText(200),
  /** Staff with bookings.update: override blocks and visibility (never another hold); raises a todo. */
  force: z.boolean().default(false),
});
export type TCreateBooking = z.infer<typeof ZCreateBooking>;

/**
 * `POST {id}/change`: what is sent replaces what is stored (rooms replace all room entries). `version`
 * (or the If-Match header) must be the version read: a stale one answers 409 CONFLICT.
 */
export const ZChangeBooking = ZCreateBooking.omit({
  state: true,
  rooms: true,
  fullCharter: true,
  language: true,
  currency: true,
  force: true,
})
  .extend({
    state: z.enum(WRITABLE_STATES).optional(),
    rooms: z.array(ZBookingRoomInput).min(1).max(50).optional(),
    language: z.enum(['de', 'en']).optional(),
    currency: ZCurrencyCode.optional(),
    force: z.boolean().default(false),
    /**
     * Staff only. true: a planned option is closed (shown as released, its rooms freed), a confirmed booking
     * is done (confirmed-resolved; the nightly job does this once the stay is over and nothing is open).
     * false undoes it (a planned booking takes its rooms again if they are free).
     */
    resolved: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
  })
  .partial();
export type TChangeBooking = z.infer<typeof ZChangeBooking>;

/** `POST {id}/cancell` with the spec's cancellation defaults (spec booking §3, docs/domain/cancellation.md). */
export const ZCancelBooking = z.object({
  reason: z.string().trim().max(100).default('customer'),
  message: optionalText(5000),
  percent: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/)
    .default('0'),
  useTerms: z.boolean().default(true),
  /** The cancellation date; default today. */
  date: ZIsoDate.nullish(),
  value: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/)
    .default('0'),
  includeCommission: z.boolean().default(true),
  version: z.number().int().min(1).optional(),
});
export type TCancelBooking = z.infer<typeof ZCancelBooking>;

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────

export const ZBookingGuest = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  name: z.string().nullable(),
  gender: z.enum(GENDERS),
  age: z.number().int().nullable(),
  variantId: z.number().int().nullable(),
  bed: z.string().nullable(),
});
export type TBookingGuest = z.infer<typeof ZBookingGuest>;

export const ZBookingRoom = z
  .object({
    id: z.number().int(),
    roomId: z.number().int(),
    roomName: z.string(),
    roomTypeId: z.number().int().nullable(),
    scheduleId: z.number().int().nullable(),
    from: z.string(),
    to: z.string(),
    whole: z.boolean(),
    checkIn: z.string().nullable(),
    checkOut: z.string().nullable(),
    locked: z.boolean(),
    guests: z.array(ZBookingGuest),
  })
  .meta({ id: 'BookingRoom' });
export type TBookingRoom = z.infer<typeof ZBookingRoom>;

/** A stored calculation line: the engine's line with its id, the guest it belongs to and the manual flag. */
export const ZBookingLine = ZCalcLine.extend({
  id: z.number().int(),
  guestId: z.number().int().nullable(),
  manual: z.boolean(),
}).meta({ id: 'BookingLine' });
export type TBookingLine = z.infer<typeof ZBookingLine>;

export const ZBookingTotals = ZPricingResult.shape.totals;

/** A booking as the list shows it. */
export const ZBookingSummary = z
  .object({
    id: z.number().int(),
    state: z.enum(BOOKING_STATES),
    resolved: z.boolean(),
    offerNo: z.string().nullable(),
    reservationNo: z.string().nullable(),
    bookingNo: z.string().nullable(),
    type: z.enum(BOOKING_TYPES),
    channel: z.enum(BOOKING_CHANNELS),
    resortId: z.number().int().nullable(),
    vesselId: z.number().int().nullable(),
    /** The resort's or vessel's name; both for a mixed booking ("Coral Garden Resort + MV Atoll Explorer"). */
    assetName: z.string().nullable(),
    scheduleId: z.number().int().nullable(),
    tourId: z.number().int().nullable(),
    from: z.string(),
    to: z.string(),
    noOfPax: z.number().int(),
    customerId: z.number().int().nullable(),
    customerName: z.string().nullable(),
    /** The travellers' names (named guests or their customers), in room and guest order; null: none named. */
    guestNames: z.string().nullable().optional(),
    agencyId: z.number().int().nullable(),
    agencyName: z.string().nullable(),
    userId: z.number().int().nullable(),
    language: z.string(),
    currency: z.string(),
    total: z.string(),
    optionExpiry: z.string().nullable(),
    hasOpenTodos: z.boolean(),
    hasExceededDueDate: z.boolean(),
    /** Σ payments in the booking currency, what is left to pay and the payment status (docs/domain/payments.md). */
    paid: z.string(),
    openAmount: z.string(),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    /** The earliest due date not yet covered by payments. */
    nextDueDate: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BookingSummary' });
export type TBookingSummary = z.infer<typeof ZBookingSummary>;

/** Links between bookings made by rebook and split (docs/domain/moving-and-rebooking.md and lifecycle.md). */
export const BOOKING_REFERENCE_KINDS = ['rebookedFrom', 'rebookedTo', 'splitFrom', 'splitTo'] as const;
export const ZBookingReference = z.object({
  kind: z.enum(BOOKING_REFERENCE_KINDS),
  bookingId: z.number().int(),
  /** The other booking's latest number (booking, reservation or offer number); read, not stored. */
  number: z.string().nullable().optional(),
});
export type TBookingReference = z.infer<typeof ZBookingReference>;

/** The whole booking (`GET /api/bookings/{id}`). Commission and the internal note are left out for agents and customers. */
export const ZBooking = ZBookingSummary.extend({
  sourceId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  termsOfPayment: ZTerms.nullable(),
  commission: z.string().optional(),
  commissionPercent: z.string().optional(),
  totals: ZBookingTotals.partial(),
  evaluationDate: z.string().nullable(),
  reservationDate: z.string().nullable(),
  bookingDate: z.string().nullable(),
  cancelationDate: z.string().nullable(),
  resolvedDate: z.string().nullable(),
  freedDate: z.string().nullable(),
  deletedDate: z.string().nullable(),
  cancellation: z
    .object({
      reason: z.string(),
      message: z.string().nullish(),
      date: z.string(),
      percent: z.string(),
      fee: z.string(),
      tiers: z.array(ZCancellationTier).optional(),
    })
    .nullable(),
  releaseReason: z.string().nullable(),
  chosenSpecials: z.array(z.object({ specialId: z.number().int(), ignoreRules: z.boolean().optional() })),
  /** The price chosen by hand (changePrice); null: the engine chooses (docs/domain/prices.md). */
  priceId: z.number().int().nullable().optional(),
  /** The commission-table row chosen by hand (staff only; never sent to agents and customers). */
  commissionId: z.number().int().nullable().optional(),
  /** Links to the bookings this one was rebooked or split from or to. */
  references: z.array(ZBookingReference).optional(),
  systemReference: z.string().nullable(),
  note: z.string().nullable(),
  internalNote: z.string().nullable().optional(),
  rooms: z.array(ZBookingRoom),
  calculation: z.array(ZBookingLine),
  /** The specials engine's explanation of the last calculation. */
  why: ZPricingResult.shape.why,
  problems: ZPricingResult.shape.problems,
}).meta({ id: 'Booking' });
export type TBooking = z.infer<typeof ZBooking>;

/** A version in the history (`{id}/history`). */
export const ZBookingVersion = z.object({
  version: z.number().int(),
  action: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(z.object({ path: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type TBookingVersion = z.infer<typeof ZBookingVersion>;
