import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { ZCountryCode, ZCurrencyCode, ZLocalizedText } from '../geo/geo.ts';
import { withoutDefaults } from '../schema.ts';
import { ageOn, type TGender } from './availability.ts';
import { ZImageIds, ZTimeZone } from './resorts.ts';
import { sortValue, ZDeckPosition } from './rooms.ts';

const ZTimestamps = { createdAt: z.string(), updatedAt: z.string() };
const ZSort = z.number().int().min(-1_000_000).max(1_000_000);
const ZId = z.number().int().positive().max(2_147_483_647);

const measure = (max: number) => z.number().min(0).max(max).nullish();
const count = (max: number) => z.number().int().min(0).max(max).nullish();
const text = (max: number) => z.string().trim().max(max).nullish();

/** Technical data of a vessel as documents and the booking pages show it; every value is optional. */
export const ZVesselDetails = z.object({
  /** Length overall and beam in metres. */
  length: measure(500),
  beam: measure(100),
  /** Year built and year of the last refit. */
  built: count(2200),
  refit: count(2200),
  /** Flag state, ISO 3166-1 alpha-2. */
  flag: ZCountryCode.nullish(),
  crew: count(1000),
  /** Guests the vessel sleeps. */
  guests: count(5000),
  cabins: count(1000),
  /** Cruising speed in knots. */
  speed: measure(100),
  engines: text(200),
  tenders: text(200),
  registration: text(100),
});
export type TVesselDetails = z.infer<typeof ZVesselDetails>;

export const ZVessel = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string().nullable(),
    description: ZLocalizedText,
    timeZone: z.string(),
    currency: z.string(),
    homePortId: z.number().int().nullable(),
    details: ZVesselDetails,
    images: z.array(z.number().int()),
    isActive: z.boolean(),
    isVisible: z.boolean(),
    sort: z.number().int(),
    ...ZTimestamps,
  })
  .meta({ id: 'Vessel' });
export type TVessel = z.infer<typeof ZVessel>;

export const ZCreateVessel = z.object({
  name: z.string().trim().min(1).max(200),
  code: z.string().trim().min(1).max(20).nullish(),
  description: ZLocalizedText.default({}),
  timeZone: ZTimeZone.default('Europe/Berlin'),
  currency: ZCurrencyCode.default('EUR'),
  homePortId: ZId.nullish(),
  details: ZVesselDetails.default({}),
  images: ZImageIds.default([]),
  isActive: z.boolean().default(true),
  /** Bookable online (booking pages and widget). */
  isVisible: z.boolean().default(true),
  sort: ZSort.default(0),
});
export type TCreateVessel = z.infer<typeof ZCreateVessel>;
/** A change of some fields: what is not named stays as it is. */
export const ZUpdateVessel = withoutDefaults(ZCreateVessel.partial());
export type TUpdateVessel = z.infer<typeof ZUpdateVessel>;

/** A cabin as its deck shows it. */
export const ZDeckCabin = z.object({
  id: z.number().int(),
  name: z.string(),
  deckPosition: ZDeckPosition.nullable(),
});
export type TDeckCabin = z.infer<typeof ZDeckCabin>;

export const ZVesselDeck = z.object({
  id: z.number().int(),
  vesselId: z.number().int(),
  name: z.string(),
  description: ZLocalizedText,
  /** Media id of the deck plan. */
  planImage: z.number().int().nullable(),
  sort: z.number().int(),
  /** The cabins on this deck, in cabin order. */
  cabins: z.array(ZDeckCabin),
  ...ZTimestamps,
});
export type TVesselDeck = z.infer<typeof ZVesselDeck>;

export const ZCreateVesselDeck = z.object({
  vesselId: ZId,
  name: z.string().trim().min(1).max(100),
  description: ZLocalizedText.default({}),
  planImage: ZId.nullish(),
  sort: ZSort.default(0),
});
export type TCreateVesselDeck = z.infer<typeof ZCreateVesselDeck>;
/** A deck stays on its vessel: its cabins belong there. */
export const ZUpdateVesselDeck = withoutDefaults(ZCreateVesselDeck.omit({ vesselId: true }).partial());
export type TUpdateVesselDeck = z.infer<typeof ZUpdateVesselDeck>;

/** What a vessel list prints: everyone on board, every cabin with its free berths, or a list of its own. */
export const VESSEL_LIST_KINDS = ['manifest', 'cabins', 'custom'] as const;
export type TVesselListKind = (typeof VESSEL_LIST_KINDS)[number];

/** The columns a vessel list can print, in the catalogue's order. */
export const VESSEL_LIST_COLUMNS = [
  'cabin',
  'bed',
  'name',
  'firstName',
  'lastName',
  'gender',
  'birthday',
  'age',
  'nationality',
  'passportNo',
  'passportNationality',
  'passportExpiry',
  'email',
  'phone',
  'bookingId',
  'state',
] as const;
export type TVesselListColumn = (typeof VESSEL_LIST_COLUMNS)[number];

export const ZVesselList = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null: a list for every vessel. */
  vesselId: z.number().int().nullable(),
  kind: z.enum(VESSEL_LIST_KINDS),
  columns: z.array(z.enum(VESSEL_LIST_COLUMNS)),
  /** null: the reader's language. */
  language: z.enum(LANGUAGES).nullable(),
  landscape: z.boolean(),
  sort: z.number().int(),
  ...ZTimestamps,
});
export type TVesselList = z.infer<typeof ZVesselList>;

export const ZVesselListColumns = z
  .array(z.enum(VESSEL_LIST_COLUMNS))
  .min(1)
  .max(VESSEL_LIST_COLUMNS.length)
  .refine((columns) => new Set(columns).size === columns.length, 'each column once');

export const ZCreateVesselList = z.object({
  name: z.string().trim().min(1).max(200),
  vesselId: ZId.nullish(),
  kind: z.enum(VESSEL_LIST_KINDS).default('manifest'),
  columns: ZVesselListColumns.default(['cabin', 'bed', 'lastName', 'firstName', 'nationality']),
  language: z.enum(LANGUAGES).nullish(),
  landscape: z.boolean().default(false),
  sort: ZSort.default(0),
});
export type TCreateVesselList = z.infer<typeof ZCreateVesselList>;
export const ZUpdateVesselList = withoutDefaults(ZCreateVesselList.partial());
export type TUpdateVesselList = z.infer<typeof ZUpdateVesselList>;

/** A cabin of the vessel as the manifest orders it; `beds` are its active berths' ids. */
export type TManifestCabin = { id: number; name: string; sort: number; isActive: boolean; beds: string[] };

export type TManifestPerson = {
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  gender: TGender | null;
  birthday: string | null;
  permanentAge: number | null;
  nationality: string | null;
  passportNo: string | null;
  passportNationality: string | null;
  passportExpiry: string | null;
  email: string | null;
  phone: string | null;
};

/** One holding occupancy row of the departure with the person in it (null: no customer linked yet). */
export type TManifestHold = {
  roomId: number;
  unit: string;
  bookingId: number | null;
  state: string;
  gender: TGender;
  person: TManifestPerson | null;
};

/** One printed line: a person on a berth, or (cabin lists) a free berth. Values are raw (ISO dates). */
export type TManifestRow = {
  isFree: boolean;
  values: Partial<Record<TVesselListColumn, string>>;
};

/** A guest of a booking's cabin entry on the departure; `person` null: no customer record yet. */
export type TManifestGuest = {
  id: number;
  bookingId: number;
  roomId: number;
  bed: string | null;
  gender: TGender;
  person: TManifestPerson | null;
};

/**
 * Every guest of every held cabin and berth. A holding row stands for its booking's guests in that cabin: a
 * whole-cabin hold (unit '') for all of them, a berth for the guest on it (by bed, else the next without one).
 * A guest without a customer record still counts, named by the caller (`person`). Holds whose booking has no
 * guests in the cabin stay as they are.
 */
export function manifestHoldsOfGuests(holds: TManifestHold[], guests: TManifestGuest[]): TManifestHold[] {
  const used = new Set<number>();
  const out: TManifestHold[] = [];
  for (const hold of holds) {
    const mine = guests.filter(
      (g) => g.bookingId === hold.bookingId && g.roomId === hold.roomId && !used.has(g.id),
    );
    const taken =
      hold.unit === ''
        ? mine
        : [mine.find((g) => g.bed === hold.unit) ?? mine.find((g) => !g.bed) ?? mine[0]].filter(
            (g): g is TManifestGuest => g !== undefined,
          );
    if (taken.length === 0) {
      out.push(hold);
      continue;
    }
    for (const guest of taken) {
      used.add(guest.id);
      out.push({
        ...hold,
        gender: guest.gender !== 'u' ? guest.gender : hold.gender,
        person: guest.person ?? hold.person,
      });
    }
  }
  return out;
}

const byCabinOrder = (a: TManifestCabin, b: TManifestCabin) =>
  sortValue(a.sort) - sortValue(b.sort) || a.name.localeCompare(b.name) || a.id - b.id;

function personValues(hold: TManifestHold, firstNight: string): Partial<Record<TVesselListColumn, string>> {
  const p = hold.person;
  const age = p ? (ageOn(p.birthday, firstNight) ?? p.permanentAge) : null;
  const out: Partial<Record<TVesselListColumn, string | null | undefined>> = {
    name: p?.fullName || [p?.firstName, p?.lastName].filter(Boolean).join(' '),
    firstName: p?.firstName,
    lastName: p?.lastName,
    gender: p?.gender && p.gender !== 'u' ? p.gender : hold.gender,
    birthday: p?.birthday,
    age: age === null || age === undefined ? null : String(age),
    nationality: p?.nationality,
    passportNo: p?.passportNo,
    passportNationality: p?.passportNationality,
    passportExpiry: p?.passportExpiry,
    email: p?.email,
    phone: p?.phone,
    bookingId: hold.bookingId === null ? null : String(hold.bookingId),
    state: hold.state,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

/** The berths nobody holds; a whole-cabin hold (unit '') takes them all, a cabin without berths is one unit. */
function freeUnits(cabin: TManifestCabin, held: TManifestHold[]): string[] {
  if (!cabin.isActive || held.some((h) => h.unit === '')) return [];
  if (cabin.beds.length === 0) return held.length ? [] : [''];
  const taken = new Set(held.map((h) => h.unit));
  return cabin.beds.filter((b) => !taken.has(b));
}

/**
 * The lines of a vessel list for one departure: one per holding row in cabin order (sort, then name),
 * berths in the cabin's order. A cabin list (`kind = cabins`) also shows each berth nobody holds as free.
 */
export function manifestRows(
  cabins: TManifestCabin[],
  holds: TManifestHold[],
  options: { kind: TVesselListKind; firstNight: string },
): TManifestRow[] {
  const rows: TManifestRow[] = [];
  for (const cabin of [...cabins].sort(byCabinOrder)) {
    const held = holds.filter((h) => h.roomId === cabin.id);
    const free = options.kind === 'cabins' ? freeUnits(cabin, held) : [];
    const lines = [
      ...held.map((hold) => ({ unit: hold.unit, hold })),
      ...free.map((unit) => ({ unit, hold: null })),
    ];
    // Berths in the cabin's order; units it does not know (removed berths) after them.
    const place = (unit: string) =>
      cabin.beds.includes(unit) ? cabin.beds.indexOf(unit) : cabin.beds.length;
    lines.sort((a, b) => place(a.unit) - place(b.unit) || a.unit.localeCompare(b.unit));
    for (const { unit, hold } of lines) {
      const base = { cabin: cabin.name, ...(unit ? { bed: unit } : {}) };
      rows.push(
        hold
          ? { isFree: false, values: { ...base, ...personValues(hold, options.firstNight) } }
          : { isFree: true, values: base },
      );
    }
  }
  return rows;
}
