import { z } from 'zod';

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

/** Spec: `availableBeds` equals the number of active beds; the server recomputes it on save (domain-rules §1.1). */
export const activeBeds = (configuration: Pick<TRoomConfiguration, 'beds'>): TBed[] =>
  configuration.beds.filter((b) => b.active);
