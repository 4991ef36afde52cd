import { z } from 'zod';
import { ZIsoDate } from '../inventory/availability.ts';

// The guest's online booking calls (spec booking §7 "Online booking (/api/book)"): what a phone may ask
// and what it is answered. Only sellable inventory (docs/domain/availability.md) and online prices (docs/domain/prices.md) appear.
// Public pages import these as types only (no zod in the phone bundle).

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().trim().max(max);

export const ZOnlineAssetQuery = z.object({
  vesselId: ZId.optional(),
  resortId: ZId.optional(),
});

export const ZOnlineSchedulesQuery = ZOnlineAssetQuery.extend({
  /** YYYY-MM: the departures starting in that month; default from today on. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
    .optional(),
});

export const ZOnlineSchedule = z.object({
  id: z.number().int(),
  vesselId: z.number().int(),
  vesselName: z.string(),
  tourId: z.number().int(),
  tourName: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  freeCabins: z.number().int(),
  freeBerths: z.number().int(),
  /** The lowest online price per person, when one is known. */
  priceFrom: z.string().nullable(),
  currency: z.string().nullable(),
});
export type TOnlineSchedule = z.infer<typeof ZOnlineSchedule>;

export const ZOnlineRoomsQuery = z.object({
  scheduleId: ZId.optional(),
  resortId: ZId.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});

export const ZOnlineBed = z.object({ id: z.string(), free: z.boolean() });
export const ZOnlineRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  roomTypeId: z.number().int().nullable(),
  deckId: z.number().int().nullable(),
  shared: z.boolean(),
  maxPax: z.number().int(),
  /** Free as a whole (every night / the departure). */
  free: z.boolean(),
  freeBeds: z.number().int(),
  beds: z.array(ZOnlineBed),
});
export type TOnlineRoom = z.infer<typeof ZOnlineRoom>;
export const ZOnlineRooms = z.object({
  from: ZIsoDate,
  to: ZIsoDate,
  bookable: z.boolean(),
  rooms: z.array(ZOnlineRoom),
});
export type TOnlineRooms = z.infer<typeof ZOnlineRooms>;

/** The online price of one room (or cabin) of a type for the asked guests: what POST booking/price answers. */
export const ZOnlineQuote = z.object({
  /** The room priced: a free one of the type, to book as is. */
  roomId: z.number().int(),
  /** false: berths in a shared cabin. */
  whole: z.boolean(),
  guests: z.number().int(),
  currency: z.string(),
  total: z.string(),
  /** The total shared by the guests, rounded to cents. */
  perPerson: z.string(),
  specials: z.array(z.object({ name: z.string(), total: z.string() })),
});
export type TOnlineQuote = z.infer<typeof ZOnlineQuote>;

export const ZOnlineRoomType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  /** The resort's or vessel's name. */
  assetName: z.string(),
  maxPax: z.number().int(),
  mediaIds: z.array(z.number().int()),
  /** With from/to: rooms of the type free over the whole stay. */
  free: z.number().int().nullable(),
  /** With `guests` and a stay or departure: the price of a free room of the type; null when none fits. */
  price: ZOnlineQuote.nullable().optional(),
});
export type TOnlineRoomType = z.infer<typeof ZOnlineRoomType>;

export const ZOnlineAddon = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
  chargingBase: z.string(),
  /** null: not counted (no stock kept). */
  available: z.number().nullable(),
});
export type TOnlineAddon = z.infer<typeof ZOnlineAddon>;

export const ZOnlineDeck = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** The deck plan image (media id, public at /api/media/{id}/data). */
  planImage: z.number().int().nullable(),
});
export const ZOnlineVessel = z.object({
  id: z.number().int(),
  name: z.string(),
  decks: z.array(ZOnlineDeck),
});
export type TOnlineVessel = z.infer<typeof ZOnlineVessel>;

export const ZOnlineTripQuery = z.object({
  /** Guests per cabin the cabin types are priced for (default 2, at most the type's places). */
  guests: z.coerce.number().int().min(1).max(20).optional(),
});
export const ZOnlineTrip = ZOnlineSchedule.extend({
  rooms: z.array(ZOnlineRoom),
  bookable: z.boolean(),
  /** The cabin types of the departure's cabins with their free cabins and price (one answer for the search). */
  roomTypes: z.array(ZOnlineRoomType).optional(),
  decks: z.array(ZOnlineDeck).optional(),
});
export type TOnlineTrip = z.infer<typeof ZOnlineTrip>;

export const ZOnlineGuest = z.object({
  name: text(200).optional(),
  gender: z.enum(['m', 'f', 'u']).optional(),
  age: z.number().int().min(0).max(120).optional(),
  /** A chosen berth (bed id) in a shared cabin. */
  bed: text(50).optional(),
});

export const ZOnlineRoomChoice = z.object({
  roomId: ZId,
  /** false: berths in a shared cabin for the guests. */
  whole: z.boolean().default(true),
  guests: z.array(ZOnlineGuest).min(1).max(20),
});

export const ZOnlineLead = z.object({
  firstName: text(100).min(1),
  lastName: text(100).min(1),
  email: z.email().max(200),
  phone: text(50).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});

/** An add-on for the whole booking (every guest), `quantity` per charging unit. */
export const ZOnlineAddonChoice = z.object({
  productId: ZId,
  quantity: z.number().int().min(1).max(100).optional(),
});

/** What a guest asks for: a departure or a resort stay, and the rooms with their guests. */
const ZOnlineRequest = z.object({
  scheduleId: ZId.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  rooms: z.array(ZOnlineRoomChoice).min(1).max(10),
  addons: z.array(ZOnlineAddonChoice).max(20).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
const isDepartureOrStay = (b: {
  scheduleId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}) => b.scheduleId !== undefined || (b.from !== undefined && b.to !== undefined);
const DEPARTURE_OR_STAY = { message: 'A departure (scheduleId) or a stay (from, to)', path: ['scheduleId'] };

/** A price request. */
export const ZOnlinePriceRequest = ZOnlineRequest.refine(isDepartureOrStay, DEPARTURE_OR_STAY);
export type TOnlinePriceRequest = z.infer<typeof ZOnlinePriceRequest>;

/** A booking request: the price request with the lead guest's details. */
export const ZOnlineCreateRequest = ZOnlineRequest.extend({
  lead: ZOnlineLead,
  note: text(2000).optional(),
  language: z.enum(['de', 'en']).optional(),
}).refine(isDepartureOrStay, DEPARTURE_OR_STAY);
export type TOnlineCreateRequest = z.infer<typeof ZOnlineCreateRequest>;

export const ZOnlineLine = z.object({
  type: z.string(),
  name: z.string(),
  quantity: z.string(),
  total: z.string(),
});
export const ZOnlinePrice = z.object({
  currency: z.string(),
  total: z.string(),
  lines: z.array(ZOnlineLine),
  /** The specials applied (channel CustomerDirectBooking). */
  specials: z.array(z.object({ name: z.string(), total: z.string() })),
  /** When what is paid: the deposit and the rest, as the booking's terms set them. */
  schedule: z
    .array(z.object({ type: z.enum(['deposit', 'rest']), name: z.string(), total: z.string() }))
    .optional(),
  /** The booking's terms: cancellation fees by days before arrival, and whether the deposit is kept. */
  terms: z
    .object({
      name: z.string(),
      cancellation: z.array(z.object({ daysBefore: z.number(), percent: z.number() })),
      depositNonRefundable: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type TOnlinePrice = z.infer<typeof ZOnlinePrice>;

/** How to pay by bank transfer right away (no card provider): account, reference, amount, EPC QR code. */
export const ZOnlineBankTransfer = z.object({
  accountHolder: z.string().nullable(),
  iban: z.string(),
  bic: z.string().nullable(),
  reference: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** The EPC (SEPA) QR code as a PNG data URL; null where none is possible (not EUR). */
  qrCode: z.string().nullable(),
});
export type TOnlineBankTransfer = z.infer<typeof ZOnlineBankTransfer>;

export const ZOnlineProvider = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
});
export const ZOnlineCreated = ZOnlinePrice.extend({
  bookingId: z.number().int(),
  state: z.string(),
  /** The hold lapses then unless paid (ONLINE_HOLD_MINUTES). */
  holdUntil: z.string().nullable(),
  /** The guest's proof for checkout, lookup and abandoning the hold. */
  token: z.string().nullable(),
  providers: z.array(ZOnlineProvider),
  replayed: z.boolean(),
  /** The number the guest quotes (the reservation number while planned). */
  bookingNo: z.string().nullable().optional(),
  /** Bank transfer details when the operator takes no card payments online. */
  bankTransfer: ZOnlineBankTransfer.nullable().optional(),
  /** Whether the booking's mail to the guest is queued (the operator's state mails are switched on). */
  mailed: z.boolean().optional(),
});
export type TOnlineCreated = z.infer<typeof ZOnlineCreated>;

export const ZOnlineLookupQuery = z.object({
  email: z.email().max(200).optional(),
  token: z
    .string()
    .max(200)
    .regex(/^[\w.-]+$/)
    .optional(),
});
export const ZOnlineLookup = z.object({
  bookingNo: z.string(),
  state: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  noOfPax: z.number().int(),
  currency: z.string(),
  total: z.string(),
  paid: z.string(),
  open: z.string(),
});
export type TOnlineLookup = z.infer<typeof ZOnlineLookup>;

export const ZOnlineRoomTypesQuery = z.object({
  resortId: ZId.optional(),
  vesselId: ZId.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** A departure: its vessel's cabin types with the cabins free on it. */
  scheduleId: ZId.optional(),
  /** Guests in one room: with a stay or a departure each type is priced for them (`price`). */
  guests: z.coerce.number().int().min(1).max(20).optional(),
});
/** Room types of one asset; with a resort and from/to also the free rooms per type and the allowed days. */
export const ZOnlineRoomTypes = z.object({
  days: z.array(z.object({ date: z.string(), arrival: z.boolean(), departure: z.boolean() })),
  roomTypes: z.array(ZOnlineRoomType),
});
export type TOnlineRoomTypes = z.infer<typeof ZOnlineRoomTypes>;

export const ZOnlineProductsQuery = z.object({
  /** `resort:<id>` or `vessel:<id>`. */
  asset: z.string().regex(/^(resort|vessel):[1-9]\d{0,9}$/, 'resort:<id> or vessel:<id>'),
});

export const ZOnlineTokenBody = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[\w.-]+$/),
});
