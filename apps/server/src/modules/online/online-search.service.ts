import { isSellable, type TRoomAvailability } from '@atoll/domain/inventory/availability';
import { allowedDays } from '@atoll/domain/inventory/resorts';
import { D, round2 } from '@atoll/domain/money';
import type {
  TOnlineAddon,
  TOnlinePrice,
  TOnlinePriceRequest,
  TOnlineQuote,
  TOnlineRoom,
  TOnlineRoomType,
  TOnlineSchedule,
  TOnlineTrip,
  TOnlineVessel,
} from '@atoll/domain/online/api';
import { addDays } from '@atoll/domain/pricing/dates';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import type { TOnlineRepository, TProductRow } from './online.repository.ts';
import { CHANNEL, type TOnlineOffer } from './online-offer.ts';

// What the guest may book online (spec booking §7): departures, rooms, room types, add-ons and the vessel as
// the online channel may sell them (docs/domain/availability.md).

/** Longest range of allowed arrival/departure days one roomTypes call answers (a month view and a bit). */
const MAX_DAY_RANGE = 62;

const sellableRoom = (r: TRoomAvailability, maxPax: number): TOnlineRoom => {
  const beds = r.beds.map((b) => ({ id: b.internalId, free: b.free }));
  return {
    id: r.id,
    name: r.name,
    roomTypeId: r.roomTypeId,
    deckId: r.deckId,
    shared: r.allowSharedRoom,
    maxPax: r.allowSharedRoom && beds.length > 0 ? beds.length : maxPax,
    free: r.free,
    freeBeds: r.freeBeds,
    beds,
  };
};

/** Guests per cabin a departure's cabin types are priced for when the guest has not said. */
const DEFAULT_GUESTS = 2;

type TStayOrDeparture = { scheduleId: number } | { from: string; to: string };

export function createOnlineSearchService(deps: {
  db: Db;
  availability: TAvailabilityService;
  repository: TOnlineRepository;
  offer: TOnlineOffer;
  /** The online price (POST booking/price): the search answers the same numbers. */
  price: (req: TOnlinePriceRequest) => Promise<TOnlinePrice>;
}) {
  const { db, availability, repository, offer } = deps;

  /**
   * The price of the first free room of the type that takes the guests (`cap`: as many of them as the room
   * takes); null when none does, or the price call refuses the room (not sellable, no price).
   */
  async function quoteOf(
    where: TStayOrDeparture,
    candidates: TOnlineRoom[],
    guests: number,
    cap: boolean,
  ): Promise<TOnlineQuote | null> {
    const places = (r: TOnlineRoom) => (r.shared ? r.freeBeds : r.free ? r.maxPax : 0);
    const room = candidates.find((r) => places(r) >= (cap ? 1 : guests));
    if (!room) return null;
    const n = Math.min(guests, places(room));
    try {
      const answer = await deps.price({
        ...where,
        rooms: [{ roomId: room.id, whole: !room.shared, guests: Array.from({ length: n }, () => ({})) }],
      });
      return {
        roomId: room.id,
        whole: !room.shared,
        guests: n,
        currency: answer.currency,
        total: answer.total,
        perPerson: round2(new D(answer.total).div(n).toFixed()),
        specials: answer.specials,
      };
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return null;
      throw error;
    }
  }

  /** Each type's free rooms and price, the types of the rooms given (in the order of `types`). */
  async function pricedTypes(
    where: TStayOrDeparture,
    types: TOnlineRoomType[],
    list: TOnlineRoom[],
    guests: number,
    cap: boolean,
  ): Promise<TOnlineRoomType[]> {
    return Promise.all(
      types.map(async (t) => {
        const ofType = list.filter((r) => r.roomTypeId === t.id);
        return { ...t, price: await quoteOf(where, ofType, guests, cap) };
      }),
    );
  }

  async function maxPaxOf(typeIds: (number | null)[]) {
    const ids = [...new Set(typeIds.filter((i): i is number => i !== null))];
    const rows = await repository.maxPax(db, ids);
    return new Map(rows.map((r) => [r.id, r.max]));
  }

  async function onlineRooms(list: TRoomAvailability[]) {
    const sellable = list.filter((r) =>
      isSellable({ isActive: r.sellable, isVisible: true, hide: false }, CHANNEL),
    );
    const max = await maxPaxOf(sellable.map((r) => r.roomTypeId));
    return sellable.map((r) => sellableRoom(r, (r.roomTypeId !== null && max.get(r.roomTypeId)) || 2));
  }

  async function tripRooms(scheduleId: number) {
    const [schedule] = await offer.scheduleRows({ id: scheduleId });
    if (!schedule) throw notFound('Schedule');
    const answer = await availability.schedule(scheduleId, CHANNEL);
    return { schedule, answer, rooms: await onlineRooms(answer.rooms) };
  }

  /**
   * The visible room types of the asset, with `free` when the rooms are given: those of the type with a
   * free place (a free cabin or a free berth).
   */
  async function typesOf(
    asset: { resortId?: number | undefined; vesselId?: number | undefined },
    rooms: TOnlineRoom[] | null,
  ): Promise<TOnlineRoomType[]> {
    const types = await repository.roomTypes(db, { resortId: asset.resortId, vesselId: asset.vesselId });
    return types
      .filter(({ type: t }) => rooms === null || rooms.some((r) => r.roomTypeId === t.id))
      .map(
        ({ type: t, resortName, vesselName }): TOnlineRoomType => ({
          id: t.id,
          assetName: resortName ?? vesselName ?? '',
          name: t.name,
          description: description(t.description),
          resortId: t.resortId,
          vesselId: t.vesselId,
          maxPax: t.maxNoOfPax,
          mediaIds: t.images,
          free:
            rooms === null
              ? null
              : rooms.filter((r) => r.roomTypeId === t.id && (r.free || r.freeBeds > 0)).length,
        }),
      );
  }

  /** A departure's cabin types, each priced for the guests (as many as a cabin of it takes). */
  async function departureTypes(scheduleId: number, guests: number) {
    const { schedule, rooms } = await tripRooms(scheduleId);
    const types = await typesOf({ vesselId: schedule.vesselId }, rooms);
    return pricedTypes({ scheduleId }, types, rooms, guests, true);
  }

  return {
    async schedules(query: { vesselId?: number | undefined; month?: string | undefined }) {
      const start = query.month ? `${query.month}-01` : today();
      const from = start < today() ? today() : start;
      const end = query.month ? `${addDays(`${query.month}-01`, 31).slice(0, 8)}01` : undefined;
      const rows = await offer.scheduleRows({ from, before: end, vesselId: query.vesselId });
      const caps = new Map(
        (
          await availability.capacities(
            rows.map((r) => r.id),
            CHANNEL,
          )
        ).map((c) => [c.scheduleId, c]),
      );
      const list = rows.map(
        (r): TOnlineSchedule => ({
          id: r.id,
          vesselId: r.vesselId,
          vesselName: r.vesselName,
          tourId: r.tourId,
          tourName: r.tourName,
          from: r.from,
          to: r.to,
          freeCabins: caps.get(r.id)?.freeCabins ?? 0,
          freeBerths: caps.get(r.id)?.freeBerths ?? 0,
          priceFrom: null,
          currency: r.currency,
        }),
      );
      // The lowest price per person of each departure with free places (its cabin types priced for two).
      return Promise.all(
        list.map(async (s) => {
          if (s.freeBerths === 0 && s.freeCabins === 0) return s;
          return { ...s, priceFrom: lowest(await departureTypes(s.id, DEFAULT_GUESTS)) };
        }),
      );
    },

    async trip(id: number, guests = DEFAULT_GUESTS): Promise<TOnlineTrip> {
      const { schedule, answer, rooms } = await tripRooms(id);
      const [types, vessels] = await Promise.all([
        typesOf({ vesselId: schedule.vesselId }, rooms),
        repository.decks(db, [schedule.vesselId]),
      ]);
      const roomTypes = await pricedTypes({ scheduleId: schedule.id }, types, rooms, guests, true);
      return {
        id: schedule.id,
        vesselId: schedule.vesselId,
        vesselName: schedule.vesselName,
        tourId: schedule.tourId,
        tourName: schedule.tourName,
        from: schedule.from,
        to: schedule.to,
        freeCabins: rooms.filter((r) => r.free).length,
        freeBerths: rooms.reduce((n, r) => n + r.freeBeds, 0),
        priceFrom: lowest(roomTypes),
        currency: schedule.currency,
        bookable: answer.bookable,
        rooms,
        roomTypes,
        decks: vessels.map(({ vesselId: _v, ...d }) => d),
      };
    },

    async rooms(query: {
      scheduleId?: number | undefined;
      resortId?: number | undefined;
      from?: string | undefined;
      to?: string | undefined;
    }) {
      if (query.scheduleId !== undefined) {
        const { schedule, answer, rooms } = await tripRooms(query.scheduleId);
        return { from: schedule.from, to: schedule.to, bookable: answer.bookable, rooms };
      }
      if (query.resortId === undefined || !query.from || !query.to)
        throw badRequest(
          'Ask for a departure (scheduleId) or a resort stay (resortId, from, to)',
          'scheduleId',
        );
      await offer.visibleResort(query.resortId);
      const answer = await availability.resort(query.resortId, {
        from: query.from,
        to: query.to,
        channel: CHANNEL,
      });
      return { from: query.from, to: query.to, bookable: true, rooms: await onlineRooms(answer.rooms) };
    },

    async roomTypes(query: {
      resortId?: number | undefined;
      vesselId?: number | undefined;
      from?: string | undefined;
      to?: string | undefined;
      scheduleId?: number | undefined;
      guests?: number | undefined;
    }) {
      const asked = [query.resortId, query.vesselId, query.scheduleId].filter((x) => x !== undefined);
      if (asked.length > 1)
        throw badRequest(
          'Ask for one resort (resortId), one vessel (vesselId) or one departure (scheduleId)',
          'resortId',
        );
      if (query.scheduleId !== undefined) {
        const { schedule, rooms } = await tripRooms(query.scheduleId);
        const types = await typesOf({ vesselId: schedule.vesselId }, rooms);
        const where = { scheduleId: schedule.id };
        return {
          days: [],
          roomTypes:
            query.guests === undefined ? types : await pricedTypes(where, types, rooms, query.guests, false),
        };
      }
      if (query.resortId !== undefined) await offer.visibleResort(query.resortId);
      else if (query.vesselId !== undefined) {
        const vessel = await repository.visibleVessel(db, query.vesselId);
        if (!vessel) throw notFound('Vessel');
      }
      // Neither: the room types of every visible resort (a booking page without a resort picks from them).
      if (query.resortId === undefined || !query.from || !query.to)
        return { days: [], roomTypes: await typesOf(query, null) };
      if (query.to <= query.from) throw badRequest('to must come after from', 'to');
      const [answer, rules] = await Promise.all([
        availability.resort(query.resortId, { from: query.from, to: query.to, channel: CHANNEL }),
        repository.arrivalDepartureRules(db, query.resortId),
      ]);
      const last = addDays(query.from, MAX_DAY_RANGE);
      const days = allowedDays(rules, query.from, query.to < last ? query.to : last);
      const freeByType = new Map(answer.roomTypes.map((t) => [t.roomTypeId, t.freeForStay]));
      const types = (await typesOf(query, null)).map((t) => ({ ...t, free: freeByType.get(t.id) ?? 0 }));
      if (query.guests === undefined) return { days, roomTypes: types };
      const rooms = await onlineRooms(answer.rooms);
      const where = { from: query.from, to: query.to };
      return { days, roomTypes: await pricedTypes(where, types, rooms, query.guests, false) };
    },

    async addons(query: { resortId?: number | undefined; vesselId?: number | undefined }) {
      const rows = await repository.addons(db, query);
      return rows.map(toAddon);
    },

    async addonAvailability(id: number) {
      const row = await repository.onlineProduct(db, id);
      if (!row) throw notFound('Product');
      return { id: row.id, available: row.trackStock ? Number(row.stock) : null };
    },

    async products(asset: { kind: 'resort' | 'vessel'; id: number }) {
      const rows = await repository.assetProducts(db, asset);
      return rows.map(toAddon);
    },

    async vessel(query: { vesselId?: number | undefined }): Promise<TOnlineVessel[]> {
      const list = await repository.vessels(db, query.vesselId);
      if (query.vesselId && list.length === 0) throw notFound('Vessel');
      const decks = await repository.decks(
        db,
        list.map((v) => v.id),
      );
      return list.map((v) => ({
        id: v.id,
        name: v.name,
        decks: decks.filter((d) => d.vesselId === v.id).map(({ vesselId: _v, ...d }) => d),
      }));
    },
  };
}

/** The lowest price per person of the types priced; null when none is. */
function lowest(types: TOnlineRoomType[]): string | null {
  const prices = types.flatMap((t) => (t.price ? [t.price.perPerson] : []));
  return prices.length === 0 ? null : prices.reduce((a, b) => (new D(b).lt(a) ? b : a));
}

/** The first language's text of a translated description. */
function description(d: unknown): string | null {
  const text = d && typeof d === 'object' ? Object.values(d as Record<string, unknown>)[0] : undefined;
  return typeof text === 'string' ? text : null;
}

function toAddon(row: TProductRow): TOnlineAddon {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    chargingBase: row.chargingBase,
    available: row.trackStock ? Number(row.stock) : null,
  };
}
