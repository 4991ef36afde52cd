import { z } from 'zod';
import { BOOKING_STATES, GENDERS, ZIsoDate } from '../inventory/availability.ts';
import { ZListQuery } from '../list/list.ts';
import { NOT_RESOLVED, ZBookingVersion } from './bookings.ts';

// The query calls of the bookings (spec booking §7 "Bookings … GET"): their query strings and the
// answers that are not a booking or a list of summaries.

const ZQueryId = z.coerce.number().int().positive().max(2_147_483_647);

/** `states`: a comma list of booking states and `notResolved` (not resolved, planned or confirmed). */
export const BOOKING_LIST_STATES = [...BOOKING_STATES, NOT_RESOLVED] as const;
export type TBookingListState = (typeof BOOKING_LIST_STATES)[number];

const ZStates = z
  .string()
  .max(500)
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.enum(BOOKING_LIST_STATES)).max(BOOKING_LIST_STATES.length));

/**
 * `GET /api/bookings` and `csvExport`: the generic list (page, size, sort, order, search, filter), by
 * default newest travel date first, with the booking list's own filters. `from`/`to`: bookings that
 * overlap the range (a stay that departs on `from` or arrives on `to` counts).
 */
export const ZBookingListQuery = ZListQuery.extend({
  sort: z.string().max(64).default('from'),
  order: z
    .union([z.literal('1'), z.literal('-1'), z.literal(1), z.literal(-1)])
    .default(-1)
    .transform(Number),
  states: ZStates.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  resortId: ZQueryId.optional(),
  vesselId: ZQueryId.optional(),
  scheduleId: ZQueryId.optional(),
  agencyId: ZQueryId.optional(),
  customerId: ZQueryId.optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type TBookingListQuery = z.infer<typeof ZBookingListQuery>;

const ZFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** `GET find`: a quick lookup by any number or the customer's name (20 rows). */
export const ZBookingFindQuery = z.object({
  query: z.string().trim().min(1).max(200),
  /** Only bookings still in play: draft, planned, confirmed, waiting. */
  onlyActive: ZFlag.default(false),
});
export type TBookingFindQuery = z.infer<typeof ZBookingFindQuery>;
export const BOOKING_FIND_LIMIT = 20;

/** `GET {id}/log`: the versions newest first, paged. */
export const ZBookingLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(25),
});
export const ZBookingLog = z.object({
  data: z.array(ZBookingVersion),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** `GET {id}/history/{version}`: the path's version number. */
export const ZVersionParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});

export const ZBookingEtag = z.object({ etag: z.number().int() });

/** The calls that lead out of a state (domain-rules §6.2). */
export const STATE_CALLS = ['change', 'cancell', 'release', 'rebook', 'revert', 'delete'] as const;
export const ZActionState = z.object({
  state: z.enum(BOOKING_STATES),
  /** Holds its rooms (domain-rules §1.4; a planned option until it lapses or is resolved). */
  holdsInventory: z.boolean(),
  /** Rooms, guests and lines may still be changed. */
  editable: z.boolean(),
  /** The calls that lead out of it, each with the state it leads to. */
  actions: z.array(z.object({ call: z.enum(STATE_CALLS), to: z.enum(BOOKING_STATES) })),
});
export type TActionState = z.infer<typeof ZActionState>;

/** `GET {id}/customers`: the guests of the booking with their customer records' names. */
export const ZBookingCustomer = z.object({
  guestId: z.number().int(),
  bookingRoomId: z.number().int(),
  roomName: z.string(),
  customerId: z.number().int().nullable(),
  /** The customer's full name, else the placeholder's name. */
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: z.enum(GENDERS),
  age: z.number().int().nullable(),
  isLead: z.boolean(),
});
export type TBookingCustomer = z.infer<typeof ZBookingCustomer>;

/** `GET {id}/cabins`: the room entries with the room's and the room type's names. */
export const ZBookingCabin = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  roomName: z.string(),
  roomTypeId: z.number().int().nullable(),
  roomTypeName: z.string().nullable(),
  scheduleId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  whole: z.boolean(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  locked: z.boolean(),
  noOfGuests: z.number().int(),
});
export type TBookingCabin = z.infer<typeof ZBookingCabin>;
