import { nextDay, nightsOf } from '@atoll/domain/inventory/availability';
import { daysBetween } from '@atoll/domain/inventory/resorts';
import { fullCharterEntry } from '@atoll/domain/pricing/charter';
import { matchLength, planRoom, schedulePrice } from '@atoll/domain/pricing/choose-price';
import { createContext } from '@atoll/domain/pricing/context';
import type { TPricingInput, TPricingRoom } from '@atoll/domain/pricing/engine-types';
import type { TPrice, TPriceEntry, TPriceWithEntries } from '@atoll/domain/pricing/entities';
import { findEntry } from '@atoll/domain/pricing/unit-value';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { ownSchedules } from '../tours/tours.repository.ts';
import { seesAsset } from './price-access.ts';
import { priceOfAsset, priceWhere, type TPriceLookupsRepository } from './price-lookups.repository.ts';
import { MAX_LOOKUP_NIGHTS, type TFindPriceAnswer, type TPriceEntryDetail } from './price-lookups.schemas.ts';
import {
  type TAsset,
  type TPricesRepository,
  toPrice,
  toPriceEntry,
  visiblePrices,
} from './prices.repository.ts';

// The lookups booking screens ask before a booking exists: which season prices a night or a departure,
// and which entry. The choice itself is the engine's (choose-price.ts); this file only loads its input.

const noPrice = (what: string) => new AppError(404, 'NO_PRICE', `No confirmed price for ${what}`);
const withoutEntries = ({ entries: _e, ...price }: TPriceWithEntries): TPrice => price;

/** The engine's input for choosing a season: the prices and one room entry, nothing to calculate. */
function choiceInput(
  asset: TAsset,
  prices: TPriceWithEntries[],
  room: Omit<TPricingRoom, 'key' | 'roomTypeId' | 'persons'>,
): TPricingInput {
  const day = today();
  return {
    ...asset,
    channel: 'Booking',
    evaluationDate: day,
    rateDate: day,
    currency: prices[0]?.currencies[0] ?? 'EUR',
    baseCurrency: prices[0]?.currencies[0] ?? 'EUR',
    rates: [],
    rooms: [{ key: 'lookup', roomTypeId: 0, persons: [], ...room }],
    prices,
    variants: [],
    supplements: [],
    roomTypes: [],
    specials: [],
    commissions: [],
    termsList: [],
  };
}

/** The season chosen for each night of `[from, to)` (docs/domain/prices.md); undefined where none. */
function chooseNights(asset: TAsset, prices: TPriceWithEntries[], from: string, to: string) {
  const input = choiceInput(asset, prices, { from, to });
  const nights = nightsOf(from, to);
  const plan = planRoom(createContext(input), input.rooms[0] as TPricingRoom, nights);
  const perNight = plan?.kind === 'complete' ? nights.map(() => plan.price) : (plan?.perNight ?? []);
  return nights.map((date, i) => ({ date, price: perNight[i] }));
}

type TCell = { roomTypeId: number; variantId: number; scheduleId?: number | null };

/**
 * The entry the engine prices a cell with (its `findEntry`): a departure's own before the general one,
 * the asked currency (default: the price's own) before the others.
 */
function entryOf(asset: TAsset, price: TPriceWithEntries, cell: TCell, currency?: string) {
  const ctx = currencyContext(asset, price, currency);
  return findEntry(ctx, price, cell.roomTypeId, cell.variantId, cell.scheduleId);
}

/** An engine context for reading the price's entries in the asked currency (default: the price's own). */
function currencyContext(asset: TAsset, price: TPriceWithEntries, currency?: string) {
  const input = choiceInput(asset, [price], { from: price.validFrom, to: price.validFrom });
  return createContext({ ...input, currency: currency ?? price.currencies[0] ?? input.currency });
}

export function createPriceLookupsService(deps: {
  db: Db;
  prices: TPricesRepository;
  lookups: TPriceLookupsRepository;
}) {
  const { db, prices, lookups } = deps;

  async function resortOf(user: TSessionUser, resortId: number): Promise<TAsset> {
    const asset: TAsset = { resortId, vesselId: null };
    if (!seesAsset(user, asset) || !(await prices.assetExists(db, asset))) throw notFound('resort');
    return asset;
  }

  async function entryDetail(user: TSessionUser, id: number): Promise<TPriceEntryDetail> {
    const row = await lookups.entryDetail(db, id, visiblePrices(user));
    if (!row) throw notFound('price entry');
    return {
      ...toPriceEntry(row.entry),
      price: toPrice(row.price),
      roomTypeName: row.roomTypeName,
      variantName: row.variantName,
    };
  }

  /** The departure, the seasons its price is chosen from, and the chosen one. */
  async function scheduleChoice(user: TSessionUser, id: number) {
    const row = await lookups.scheduleWithTour(db, id, ownSchedules(user));
    if (!row || !seesAsset(user, { resortId: null, vesselId: row.schedule.vesselId }))
      throw notFound('schedule');
    const { schedule } = row;
    const asset: TAsset = { resortId: null, vesselId: schedule.vesselId };
    const referenced = schedule.priceId;
    const candidates = await prices.pricesWithEntries(
      db,
      priceWhere.candidates(schedule.vesselId, schedule.from, referenced),
    );
    const room = {
      from: schedule.from,
      to: schedule.to,
      scheduleId: schedule.id,
      tourId: schedule.tourId,
      priceId: referenced,
    };
    const input = choiceInput(asset, candidates, room);
    const chosen = schedulePrice(createContext(input), input.rooms[0] as TPricingRoom);
    return { schedule, asset, candidates, chosen };
  }

  return {
    entryDetail,

    async findPrice(
      user: TSessionUser,
      resortId: number,
      from: string,
      to: string,
    ): Promise<TFindPriceAnswer> {
      if (from >= to) throw badRequest('to must come after from', 'to');
      if (daysBetween(from, to) > MAX_LOOKUP_NIGHTS)
        throw badRequest(`At most ${MAX_LOOKUP_NIGHTS} nights`, 'to');
      const asset = await resortOf(user, resortId);
      const seasons = await prices.pricesWithEntries(db, priceWhere.confirmedTouching(asset, from, to));
      const nights = chooseNights(asset, seasons, from, to);
      const chosen = [...new Map(nights.flatMap((n) => (n.price ? [[n.price.id, n.price]] : []))).values()];
      return {
        resortId,
        from,
        to,
        nights: nights.map((n) => ({ date: n.date, priceId: n.price?.id ?? null })),
        prices: chosen.map(withoutEntries),
      };
    },

    async resortPrices(user: TSessionUser, resortId: number): Promise<TPrice[]> {
      const asset = await resortOf(user, resortId);
      return (await prices.pricesWithEntries(db, priceOfAsset(asset))).map(withoutEntries);
    },

    async resortEntry(
      user: TSessionUser,
      resortId: number,
      query: { roomType: number; variant: number; date: string; currency?: string | undefined },
    ): Promise<TPriceEntryDetail> {
      const asset = await resortOf(user, resortId);
      const seasons = await prices.pricesWithEntries(
        db,
        priceWhere.confirmedTouching(asset, query.date, query.date),
      );
      const price = chooseNights(asset, seasons, query.date, nextDay(query.date))[0]?.price;
      const cell = { roomTypeId: query.roomType, variantId: query.variant };
      const entry = price && entryOf(asset, price, cell, query.currency);
      if (!entry) throw noPrice(`room type ${query.roomType} on ${query.date}`);
      return entryDetail(user, entry.id);
    },

    /** The entries of a season of the resort, or of the season that prices tonight. */
    async resortEntries(user: TSessionUser, resortId: number, saison?: number): Promise<TPriceEntry[]> {
      const asset = await resortOf(user, resortId);
      if (saison !== undefined) {
        const [price] = await prices.pricesWithEntries(db, priceWhere.ofAsset(asset, saison));
        if (!price) throw notFound('price');
        return price.entries;
      }
      const day = today();
      const seasons = await prices.pricesWithEntries(db, priceWhere.confirmedTouching(asset, day, day));
      return chooseNights(asset, seasons, day, nextDay(day))[0]?.price?.entries ?? [];
    },

    async schedulePrice(user: TSessionUser, id: number): Promise<TPriceWithEntries> {
      const { schedule, chosen } = await scheduleChoice(user, id);
      if (!chosen) throw noPrice(`schedule ${schedule.id}`);
      return chosen;
    },

    /** Seasons staff may name as the departure's price: valid on its first day, for its tour, most specific first. */
    async schedulePrices(user: TSessionUser, id: number): Promise<TPrice[]> {
      const { schedule, candidates } = await scheduleChoice(user, id);
      const fits = (p: TPriceWithEntries) => p.tourIds.length === 0 || p.tourIds.includes(schedule.tourId);
      const specificity = (p: TPriceWithEntries) => matchLength(p, schedule.from) ?? Number.MAX_SAFE_INTEGER;
      return candidates
        .filter((p) => p.id === schedule.priceId || fits(p))
        .sort(
          (a, b) =>
            specificity(a) - specificity(b) ||
            daysBetween(a.validFrom, a.validTo) - daysBetween(b.validFrom, b.validTo) ||
            b.id - a.id,
        )
        .map(withoutEntries);
    },

    async scheduleEntry(
      user: TSessionUser,
      id: number,
      query: { roomType: number; variant: number; currency?: string | undefined },
    ): Promise<TPriceEntryDetail> {
      const { schedule, asset, chosen } = await scheduleChoice(user, id);
      const cell = { roomTypeId: query.roomType, variantId: query.variant, scheduleId: schedule.id };
      const entry = chosen && entryOf(asset, chosen, cell, query.currency);
      if (!entry) throw noPrice(`room type ${query.roomType} on schedule ${schedule.id}`);
      return entryDetail(user, entry.id);
    },

    /** The departure's explicit amount in the currency, else the entry of a full-charter variant. */
    async fullCharterPrice(user: TSessionUser, id: number, currency: string | undefined) {
      const { schedule, asset, chosen } = await scheduleChoice(user, id);
      const explicit = schedule.fullCharterPrice as Record<string, unknown>;
      const wanted = currency ?? chosen?.currencies[0] ?? Object.keys(explicit)[0] ?? 'EUR';
      const own = explicit[wanted];
      const answer = { scheduleId: schedule.id, currency: wanted };
      if (typeof own === 'string') {
        return {
          ...answer,
          value: own,
          source: 'schedule' as const,
          priceId: null,
          entryId: null,
        };
      }
      const charters = new Set(await lookups.fullCharterVariantIds(db));
      // The asked currency if an entry has it, else the one the engine would convert (as a booking does).
      const entry =
        chosen && fullCharterEntry(currencyContext(asset, chosen, wanted), chosen, schedule.id, charters);
      if (!chosen || !entry) throw noPrice(`a full charter of schedule ${schedule.id}`);
      const value = { value: entry.value, source: 'entry' as const, priceId: chosen.id, entryId: entry.id };
      return { ...answer, currency: entry.currency, ...value };
    },
  };
}
export type TPriceLookupsService = ReturnType<typeof createPriceLookupsService>;
