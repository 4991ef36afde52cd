import { DEFAULT_CURRENCY } from '@atoll/domain/constants';
import { customerAge } from '@atoll/domain/customers';
import { daysBetween } from '@atoll/domain/inventory/resorts';
import { addDays } from '@atoll/domain/inventory/tours';
import type { TPricingInput, TPricingPerson, TPricingRoom } from '@atoll/domain/pricing/engine-types';
import type { TBookingChannel } from '@atoll/domain/pricing/entities';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import { DIRECT_READS, type TReads } from '../../db/change-feed.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { createCurrenciesRepository } from '../currencies/currencies.repository.ts';
import { ownSchedules } from '../tours/tours.repository.ts';
import { seesAsset } from './price-access.ts';
import { createPriceLookupsRepository, priceWhere } from './price-lookups.repository.ts';
import { createPricesRepository, type TAsset } from './prices.repository.ts';
import { createPricingInputRepository, type TCustomerFacts } from './pricing-input.repository.ts';

// Everything `calculate` needs for a booking draft, read in a handful of queries: the simulator uses it
// now, the booking flows later. It knows nothing of HTTP; a bad draft is a 400 with the field's path.

export type TDraftPerson = {
  key?: string;
  customerId?: number | null;
  age?: number | null;
  gender?: string | null;
  nationality?: string | null;
  addressCountry?: string | null;
  variantId?: number | null;
};

export type TDraftRoom = {
  key?: string;
  roomTypeId: number;
  roomId?: number | null;
  /** A booking's room entry may cover part of the stay (resorts); default the draft's dates. */
  from?: string | null;
  to?: string | null;
  /** Berths for its persons in a shared cabin, not the whole cabin: each pays the berth rate. */
  berths?: boolean;
  persons: TDraftPerson[];
};

/** A booking as far as pricing cares: a resort stay (resortId, from, to) or a departure (vesselId, scheduleId). */
export type TPricingDraft = {
  resortId?: number | null;
  vesselId?: number | null;
  from?: string | null;
  to?: string | null;
  scheduleId?: number | null;
  rooms: TDraftRoom[];
  agencyId?: number | null;
  channel: TBookingChannel;
  /** The evaluation date of specials; default today. */
  bookingDate?: string | null;
  currency: string;
  sourceId?: number | null;
  language?: 'de' | 'en';
  /** A full charter of the departure (docs/domain/departures-and-charters.md): priced as one line. */
  fullCharter?: boolean;
} & Partial<
  Pick<
    TPricingInput,
    | 'bookingId'
    | 'products'
    | 'manualLines'
    | 'chosenSpecials'
    | 'confirmDate'
    | 'terms'
    | 'priceId'
    | 'commissionId'
  >
>;

/** The longest resort stay priced at once. */
const MAX_NIGHTS = 731;

const prices = createPricesRepository();
const lookups = createPriceLookupsRepository();
const repository = createPricingInputRepository();
const currencies = createCurrenciesRepository();

function assetOf(draft: TPricingDraft): TAsset {
  if (draft.resortId != null && draft.vesselId == null) return { resortId: draft.resortId, vesselId: null };
  if (draft.vesselId != null && draft.resortId == null) return { resortId: null, vesselId: draft.vesselId };
  throw badRequest('Price either a resort stay or a departure of a vessel', 'resortId');
}

/** The dates of the stay: the draft's for a resort, the departure's for a vessel. */
async function stayOf(ex: Executor, user: TSessionUser, draft: TPricingDraft, asset: TAsset) {
  if (asset.resortId !== null) {
    if (!draft.from) throw badRequest('A resort stay needs its first night', 'from');
    if (!draft.to || draft.to <= draft.from) throw badRequest('to must come after from', 'to');
    if (daysBetween(draft.from, draft.to) > MAX_NIGHTS)
      throw badRequest(`At most ${MAX_NIGHTS} nights`, 'to');
    return { from: draft.from, to: draft.to, schedule: null };
  }
  const found =
    draft.scheduleId == null
      ? undefined
      : await lookups.scheduleWithTour(ex, draft.scheduleId, ownSchedules(user));
  if (!found || found.schedule.vesselId !== asset.vesselId) {
    throw badRequest('Name a departure of the vessel', 'scheduleId');
  }
  const { schedule, tourName } = found;
  return { from: schedule.from, to: schedule.to, schedule: { ...schedule, tourName } };
}

/**
 * What the caller has checked itself, set by server code only (never from a request body): `roomsLocked`, the
 * caller read and locked the draft's rooms in this transaction and took the asset from them (the create flow),
 * so the asset exists (the rooms' foreign key) and owns the rooms, and neither is read again.
 */
export type TTrusted = { roomsLocked?: boolean };

/** Checks every room entry against the asset's room types and rooms and the known variants. */
async function assertRooms(
  ex: Executor,
  draft: TPricingDraft,
  asset: TAsset,
  roomTypeIds: Set<number>,
  variantIds: Set<number>,
  trusted: TTrusted,
) {
  const roomIds = draft.rooms.flatMap((r) => (r.roomId == null ? [] : [r.roomId]));
  const ownRooms = trusted.roomsLocked ? new Set(roomIds) : await repository.roomsOf(ex, asset, roomIds);
  draft.rooms.forEach((room, i) => {
    if (!roomTypeIds.has(room.roomTypeId))
      throw badRequest('Not a room type of the asset', `rooms.${i}.roomTypeId`);
    if (room.roomId != null && !ownRooms.has(room.roomId))
      throw badRequest('Not a room of the asset', `rooms.${i}.roomId`);
    room.persons.forEach((p, j) => {
      if (p.variantId != null && !variantIds.has(p.variantId)) {
        throw badRequest(`Unknown variant ${p.variantId}`, `rooms.${i}.persons.${j}.variantId`);
      }
    });
  });
}

async function customersOf(ex: Executor, draft: TPricingDraft) {
  const ids = draft.rooms.flatMap((r) =>
    r.persons.flatMap((p) => (p.customerId == null ? [] : [p.customerId])),
  );
  const facts = await repository.customerFacts(ex, ids);
  for (const [i, room] of draft.rooms.entries()) {
    for (const [j, p] of room.persons.entries()) {
      if (p.customerId != null && !facts.has(p.customerId)) {
        throw badRequest('The customer does not exist', `rooms.${i}.persons.${j}.customerId`);
      }
    }
  }
  return facts;
}

/** A person as the engine sees them: what the draft says, completed from the customer record. */
function toPerson(
  p: TDraftPerson,
  key: string,
  customer: TCustomerFacts | undefined,
  firstNight: string,
): TPricingPerson {
  const gender = p.gender && p.gender !== 'u' ? p.gender : (customer?.gender ?? p.gender ?? 'u');
  return {
    key: p.key ?? key,
    customerId: p.customerId ?? null,
    age: p.age ?? (customer ? customerAge(customer, firstNight) : null),
    gender,
    nationality: p.nationality ?? customer?.nationality ?? null,
    addressCountry: p.addressCountry ?? customer?.country ?? null,
    customerType: customer?.customerType ?? null,
    variantId: p.variantId ?? null,
    lastStayEnd: customer?.lastStay ?? null,
    noOfStays: customer?.stays ?? 0,
    stayRevenue: customer?.revenue ?? '0',
  };
}

/** The asset's key in the reference reads. */
const assetKey = (asset: TAsset) => `${asset.resortId ?? ''}/${asset.vesselId ?? ''}`;

/** The draft checked against the stored data: its asset, stay, room types, variants, agency, customers. */
async function checkedDraft(
  ex: Executor,
  user: TSessionUser,
  draft: TPricingDraft,
  trusted: TTrusted,
  reads: TReads,
) {
  const asset = assetOf(draft);
  if (!seesAsset(user, asset) || !(trusted.roomsLocked || (await prices.assetExists(ex, asset)))) {
    const isResort = asset.resortId !== null;
    throw badRequest(
      `The ${isResort ? 'resort' : 'vessel'} does not exist`,
      isResort ? 'resortId' : 'vesselId',
    );
  }
  const stay = await stayOf(ex, user, draft, asset);
  // One after another here and below: `ex` is often a transaction, whose one connection takes one query at a time.
  const roomTypes = await reads.get(`roomTypes ${assetKey(asset)}`, () => repository.roomTypesOf(ex, asset));
  const variants = await reads.get('variants', () => repository.variants(ex));
  const agency = draft.agencyId == null ? undefined : await repository.agency(ex, draft.agencyId);
  if (draft.agencyId != null && !agency) throw badRequest('The agency does not exist', 'agencyId');
  const typeIds = new Set(roomTypes.map((r) => r.id));
  await assertRooms(ex, draft, asset, typeIds, new Set(variants.map((v) => v.id)), trusted);
  const currency = await reads.get(`currency ${draft.currency}`, () =>
    repository.currencyAndBase(ex, draft.currency),
  );
  if (!currency.isKnown) throw badRequest(`Unknown currency ${draft.currency}`, 'currency');
  const facts = await customersOf(ex, draft);
  return { asset, stay, roomTypes, variants, agency: agency ?? null, facts, base: currency.base };
}
type TChecked = Awaited<ReturnType<typeof checkedDraft>>;

/**
 * Seasons a stay may be priced with, with their entries: the asset's confirmed seasons touching its nights
 * (the asset's confirmed seasons are kept in memory), and those named by id (the one a departure names, the
 * one chosen by hand), read whatever their dates and status (the engine uses them only for their own asset).
 */
async function seasonsOf(
  ex: Executor,
  asset: TAsset,
  [first, last]: [string, string],
  named: (number | null | undefined)[],
  reads: TReads,
) {
  const confirmed = await reads.get(`seasons ${assetKey(asset)}`, () =>
    prices.pricesWithEntries(ex, priceWhere.confirmed(asset)),
  );
  const touching = confirmed.filter((p) => p.validFrom <= last && p.validTo >= first);
  const ids = [...new Set(named)].filter(
    (id): id is number => id != null && !touching.some((p) => p.id === id),
  );
  const others = ids.length === 0 ? [] : await prices.pricesWithEntries(ex, priceWhere.ids(ids));
  return [...touching, ...others].sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.id - b.id);
}

/** Seasons over the stay with what hangs on them, and what every calculation reads (specials, terms, rates). */
async function priceData(
  ex: Executor,
  draft: TPricingDraft,
  { asset, stay, agency, base }: TChecked,
  reads: TReads,
) {
  const lastNight = daysBetween(stay.from, stay.to) > 0 ? addDays(stay.to, -1) : stay.from;
  const seasons = await seasonsOf(
    ex,
    asset,
    [stay.from, lastNight],
    [stay.schedule?.priceId, draft.priceId],
    reads,
  );
  const day = today();
  const seasonIds = seasons.map((p) => p.id);
  const supplements = await reads.get(`supplements ${seasonIds.join(',')}`, () =>
    repository.supplementsOf(ex, seasonIds),
  );
  const specials = await reads.get('specials', () => repository.confirmedSpecials(ex));
  const commissions = agency
    ? await reads.get(`commissions ${agency.id}`, () => repository.commissionsOf(ex, agency.id))
    : [];
  const termsList = await reads.get('terms', () => repository.terms(ex));
  const rates = await reads.get(`rates ${day}`, () => currencies.ratesOn(ex, day));
  const held = stay.schedule
    ? await repository.heldOnSchedule(ex, stay.schedule.id, draft.bookingId ?? null)
    : 0;
  return { day, seasons, supplements, specials, commissions, termsList, rates, base, held };
}

/** The room entries with their persons; persons are keyed p1, p2 … over the whole draft. */
function roomsOf(draft: TPricingDraft, { stay, facts }: TChecked): TPricingRoom[] {
  let n = 0;
  return draft.rooms.map((room, i) => {
    const own = !stay.schedule && room.from && room.to ? { from: room.from, to: room.to } : stay;
    return {
      key: room.key ?? `r${i + 1}`,
      roomId: room.roomId ?? null,
      roomTypeId: room.roomTypeId,
      from: own.from,
      to: own.to,
      scheduleId: stay.schedule?.id ?? null,
      tourId: stay.schedule?.tourId ?? null,
      priceId: stay.schedule?.priceId ?? null,
      tourName: stay.schedule?.tourName ?? null,
      ...(room.berths ? { berths: true } : {}),
      persons: room.persons.map((p) => {
        n += 1;
        const customer = p.customerId == null ? undefined : facts.get(p.customerId);
        return toPerson(p, `p${n}`, customer, own.from);
      }),
    };
  });
}

/** A charter's engine input: the departure's own charter amounts and the cabins' default occupancy. */
async function charterOf(ex: Executor, draft: TPricingDraft, { stay }: TChecked, rooms: TPricingRoom[]) {
  const explicit = Object.fromEntries(
    Object.entries((stay.schedule?.fullCharterPrice ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const pax = await repository.defaultPaxOf(
    ex,
    draft.rooms.flatMap((r) => (r.roomId == null ? [] : [r.roomId])),
  );
  const defaultPax: Record<string, number> = {};
  draft.rooms.forEach((r, i) => {
    const found = r.roomId == null ? undefined : pax.get(r.roomId);
    const key = rooms[i]?.key;
    if (found !== undefined && key) defaultPax[key] = found;
  });
  return { explicit, defaultPax };
}

/**
 * Gathers the engine's input for a draft: the asset's confirmed seasons over the stay (with entries and
 * supplements), variants, room types, confirmed specials, the agency and its commission rows, terms,
 * today's exchange rates, the departure and its tour, and the persons' facts from the customer records.
 * `reads` serves the reference data (topic `reference` of the change feed); by default from the database.
 */
export async function loadPricingInput(
  ex: Executor,
  user: TSessionUser,
  draft: TPricingDraft,
  trusted: TTrusted = {},
  reads: TReads = DIRECT_READS,
): Promise<TPricingInput> {
  const checked = await checkedDraft(ex, user, draft, trusted, reads);
  const data = await priceData(ex, draft, checked, reads);
  const rooms = roomsOf(draft, checked);
  const persons = rooms.reduce((n, r) => n + r.persons.length, 0);
  const fullCharter = draft.fullCharter ? await charterOf(ex, draft, checked, rooms) : undefined;
  return {
    resortId: checked.asset.resortId,
    vesselId: checked.asset.vesselId,
    channel: draft.channel,
    evaluationDate: draft.bookingDate ?? data.day,
    rateDate: data.day,
    currency: draft.currency,
    baseCurrency: data.base ?? DEFAULT_CURRENCY,
    rates: data.rates,
    bookingId: draft.bookingId ?? null,
    sourceId: draft.sourceId ?? null,
    agency: checked.agency,
    rooms,
    ...(draft.products ? { products: draft.products } : {}),
    ...(checked.stay.schedule ? { paxOnTrip: data.held + persons } : {}),
    ...(fullCharter ? { fullCharter } : {}),
    ...(draft.manualLines ? { manualLines: draft.manualLines } : {}),
    ...(draft.chosenSpecials ? { chosenSpecials: draft.chosenSpecials } : {}),
    ...(draft.confirmDate !== undefined ? { confirmDate: draft.confirmDate } : {}),
    ...(draft.terms !== undefined ? { terms: draft.terms } : {}),
    ...(draft.priceId != null ? { priceId: draft.priceId } : {}),
    ...(draft.commissionId != null ? { commissionId: draft.commissionId } : {}),
    prices: data.seasons,
    variants: checked.variants,
    supplements: data.supplements,
    roomTypes: checked.roomTypes,
    specials: data.specials,
    commissions: data.commissions,
    termsList: data.termsList,
    language: draft.language ?? 'en',
  };
}
