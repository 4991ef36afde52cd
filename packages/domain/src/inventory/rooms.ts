import { z } from 'zod';
import { ZLocalizedText } from '../geo/geo.ts';

/** Block kinds of a room (spec booking §3; "Maintanance" is the spec's spelling and stays). */
export const BLOCK_KINDS = ['Maintanance', 'OutOfOrder', 'Event'] as const;
export type TBlockKind = (typeof BLOCK_KINDS)[number];

export const ROOM_KINDS = ['Room', 'Cabin'] as const;
export type TRoomKind = (typeof ROOM_KINDS)[number];

/** Spec booking §5: a missing or negative sort value is treated as 9999. */
export const UNKNOWN_SORT = 9999;
export const sortValue = (sort: number | null | undefined): number =>
  sort === null || sort === undefined || sort < 0 ? UNKNOWN_SORT : sort;

/** One bed (berth) of a room: `internalId` names it within the room; `maxAge` 0 or empty = no limit. */
export const ZBed = z.object({
  internalId: z.string().trim().min(1).max(40),
  active: z.boolean().default(true),
  visible: z.boolean().default(true),
  /** Bed type key or name (single, double, bunk upper …). */
  type: z.string().max(60).default(''),
  maxAge: z.number().int().min(0).max(120).nullish(),
});
export type TBed = z.infer<typeof ZBed>;

/** Spec booking §3 configuration; default 2 pax (spec booking §5). */
export const ZRoomConfiguration = z.object({
  maxNoOfPax: z.number().int().min(1).max(100).default(2),
  minNoOfPax: z.number().int().min(1).max(100).default(1),
  defaultNoOfPax: z.number().int().min(1).max(100).default(2),
  single: z.boolean().default(false),
  double: z.boolean().default(false),
  fan: z.boolean().default(false),
  acc: z.boolean().default(false),
  seaview: z.boolean().default(false),
  warmwater: z.boolean().default(false),
  beds: z.array(ZBed).max(100).default([]),
});
export type TRoomConfiguration = z.infer<typeof ZRoomConfiguration>;

/** Spec: `availableBeds` equals the number of active beds; the server recomputes it on save (docs/domain/availability.md). */
export const activeBeds = (configuration: Pick<TRoomConfiguration, 'beds'>): TBed[] =>
  configuration.beds.filter((b) => b.active);

/** Current housekeeping state of a room (docs/domain/availability.md: it never blocks future dates). */
export const HOUSEKEEPING_STATES = ['clean', 'dirty', 'inspected', 'cleaning', 'outOfService'] as const;
export type THousekeepingState = (typeof HOUSEKEEPING_STATES)[number];

/** Current usage of a room today, as the front desk sees it. */
export const USAGE_STATES = ['free', 'occupied', 'arriving', 'departing'] as const;
export type TUsageState = (typeof USAGE_STATES)[number];

/** Every value of `{id}/state/{state}`: each belongs to exactly one of the two lists above. */
export const ROOM_STATES = [...HOUSEKEEPING_STATES, ...USAGE_STATES] as const;
export type TRoomState = (typeof ROOM_STATES)[number];

/** The room field a state value sets. */
export const stateField = (state: TRoomState): 'housekeeping' | 'usageState' =>
  (HOUSEKEEPING_STATES as readonly string[]).includes(state) ? 'housekeeping' : 'usageState';

const ZId = z.number().int().positive().max(2_147_483_647);
const ZDate = z.iso.date();

/** Place of a cabin on its deck plan, in percent of the plan's width and height. */
export const ZDeckPosition = z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) });
export type TDeckPosition = z.infer<typeof ZDeckPosition>;

/**
 * A configuration as a client sends it: pax numbers in order (min ≤ default ≤ max) and bed internalIds
 * unique within the room, because bookings name a bed by it.
 */
export const ZRoomConfigurationInput = ZRoomConfiguration.superRefine((c, ctx) => {
  if (c.minNoOfPax > c.defaultNoOfPax || c.defaultNoOfPax > c.maxNoOfPax) {
    ctx.addIssue({
      code: 'custom',
      path: ['defaultNoOfPax'],
      message: 'minNoOfPax ≤ defaultNoOfPax ≤ maxNoOfPax',
    });
  }
  const seen = new Set<string>();
  c.beds.forEach((bed, i) => {
    if (seen.has(bed.internalId)) {
      ctx.addIssue({ code: 'custom', path: ['beds', i, 'internalId'], message: 'bed internalId used twice' });
    }
    seen.add(bed.internalId);
  });
});

/** A block of a room over `[from, to)` (docs/domain/availability.md). */
export const ZRoomBlock = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  kind: z.enum(BLOCK_KINDS),
  from: ZDate,
  to: ZDate,
  reason: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TRoomBlock = z.infer<typeof ZRoomBlock>;

export const ZRoom = z
  .object({
    id: z.number().int(),
    name: z.string(),
    internalId: z.string().nullable(),
    type: z.enum(ROOM_KINDS),
    resortId: z.number().int().nullable(),
    vesselId: z.number().int().nullable(),
    roomTypeId: z.number().int().nullable(),
    deckId: z.number().int().nullable(),
    deckPosition: ZDeckPosition.nullable(),
    isActive: z.boolean(),
    isVisible: z.boolean(),
    hide: z.boolean(),
    /** Number of active beds, kept by the server. */
    availableBeds: z.number().int(),
    allowSharedRoom: z.boolean(),
    allowMixedGender: z.boolean(),
    bedTypeId: z.number().int().nullable(),
    additionalBedTypes: z.array(z.number().int()),
    housekeeping: z.enum(HOUSEKEEPING_STATES),
    usageState: z.enum(USAGE_STATES),
    images: z.array(z.number().int()),
    description: ZLocalizedText,
    configuration: ZRoomConfiguration,
    sort: z.number().int(),
    /** Current and future blocks (those that end after today). */
    blocked: z.array(ZRoomBlock),
    roomTypeName: z.string().nullable(),
    /** Name of the resort or vessel. */
    assetName: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Room' });
export type TRoom = z.infer<typeof ZRoom>;

/**
 * Create body. Exactly one of resortId and vesselId; `type` defaults to Room for a resort and Cabin for a
 * vessel; a missing or negative sort is stored as 9999. `availableBeds` is not taken: the server counts
 * the active beds. `configuration`, when given, replaces the whole stored configuration (also on update).
 */
export const ZCreateRoom = z.object({
  name: z.string().trim().min(1).max(200),
  internalId: z.string().trim().max(60).nullish(),
  type: z.enum(ROOM_KINDS).optional(),
  resortId: ZId.nullish(),
  vesselId: ZId.nullish(),
  roomTypeId: ZId.nullish(),
  deckId: ZId.nullish(),
  deckPosition: ZDeckPosition.nullish(),
  isActive: z.boolean().default(true),
  isVisible: z.boolean().default(true),
  hide: z.boolean().default(false),
  allowSharedRoom: z.boolean().default(false),
  allowMixedGender: z.boolean().default(false),
  bedTypeId: ZId.nullish(),
  additionalBedTypes: z.array(ZId).max(50).default([]),
  housekeeping: z.enum(HOUSEKEEPING_STATES).default('clean'),
  usageState: z.enum(USAGE_STATES).default('free'),
  images: z.array(ZId).max(100).default([]),
  description: ZLocalizedText.default({}),
  configuration: ZRoomConfigurationInput.optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).nullish(),
});
export type TCreateRoom = z.infer<typeof ZCreateRoom>;
export const ZUpdateRoom = ZCreateRoom.partial();
export type TUpdateRoom = z.infer<typeof ZUpdateRoom>;

/** `POST /api/rooms/addBlocker`: one block per room, `from` before `to`. */
export const ZAddBlocker = z
  .object({
    roomIds: z.array(ZId).min(1).max(1000).optional(),
    roomId: ZId.optional(),
    kind: z.enum(BLOCK_KINDS),
    from: ZDate,
    to: ZDate,
    reason: z.string().trim().max(500).nullish(),
  })
  .refine((b) => b.roomIds || b.roomId, { message: 'roomIds or roomId', path: ['roomIds'] })
  .refine((b) => b.from < b.to, { message: 'from must be before to', path: ['to'] });
export type TAddBlocker = z.infer<typeof ZAddBlocker>;

/** `POST /api/rooms/removeBlocker`: one id or several. */
export const ZRemoveBlocker = z
  .object({ id: ZId.optional(), ids: z.array(ZId).min(1).max(1000).optional() })
  .refine((b) => b.id || b.ids, { message: 'id or ids', path: ['id'] });
export type TRemoveBlocker = z.infer<typeof ZRemoveBlocker>;

/** `GET /api/rooms/resort`: the resorts a user sees with their rooms, for pickers. */
export const ZResortRooms = z.object({
  resortId: z.number().int(),
  name: z.string(),
  rooms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      roomTypeId: z.number().int().nullable(),
      sort: z.number().int(),
      isActive: z.boolean(),
    }),
  ),
});
export type TResortRooms = z.infer<typeof ZResortRooms>;
