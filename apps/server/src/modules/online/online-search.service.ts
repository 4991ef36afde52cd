import { isSellable, type TRoomAvailability } from '@atoll/domain/inventory/availability';
import { allowedDays } from '@atoll/domain/inventory/resorts';
import type {
  TOnlineAddon,
  TOnlineRoom,
  TOnlineRoomType,
  TOnlineSchedule,
  TOnlineTrip,
  TOnlineVessel,
} from '@atoll/domain/online/api';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import type { TOnlineRepository, TProductRow } from './online.repository.ts';
import { addDays, CHANNEL, type TOnlineOffer } from './online-offer.ts';

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

export function createOnlineSearchService(deps: {
  db: Db;
  availability: TAvailabilityService;
  repository: TOnlineRepository;
  offer: TOnlineOffer;
}) {
  const { db, availability, repository, offer } = deps;

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
      return rows.map(
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
    },

    async trip(id: number): Promise<TOnlineTrip> {
      const { schedule, answer, rooms } = await tripRooms(id);
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
        priceFrom: null,
        currency: schedule.currency,
        bookable: answer.bookable,
        rooms,
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
    }) {
      if (query.resortId !== undefined && query.vesselId !== undefined)
        throw badRequest('Ask for one resort (resortId) or one vessel (vesselId)', 'resortId');
      if (query.resortId !== undefined) await offer.visibleResort(query.resortId);
      else if (query.vesselId !== undefined) {
        const vessel = await repository.visibleVessel(db, query.vesselId);
        if (!vessel) throw notFound('Vessel');
      }
      // Neither: the room types of every visible resort (a booking page without a resort picks from them).
      const types = await repository.roomTypes(db, { resortId: query.resortId, vesselId: query.vesselId });
      let freeByType = new Map<number | null, number>();
      let days: { date: string; arrival: boolean; departure: boolean }[] = [];
      if (query.resortId !== undefined && query.from && query.to) {
        if (query.to <= query.from) throw badRequest('to must come after from', 'to');
        const answer = await availability.resort(query.resortId, {
          from: query.from,
          to: query.to,
          channel: CHANNEL,
        });
        freeByType = new Map(answer.roomTypes.map((t) => [t.roomTypeId, t.freeForStay]));
        const last = addDays(query.from, MAX_DAY_RANGE);
        const rules = await repository.arrivalDepartureRules(db, query.resortId);
        days = allowedDays(rules, query.from, query.to < last ? query.to : last);
      }
      const description = (d: unknown) => {
        const text = d && typeof d === 'object' ? Object.values(d as Record<string, unknown>)[0] : undefined;
        return typeof text === 'string' ? text : null;
      };
      return {
        days,
        roomTypes: types.map(
          ({ type: t, resortName, vesselName }): TOnlineRoomType => ({
            id: t.id,
            assetName: resortName ?? vesselName ?? '',
            name: t.name,
            description: description(t.description),
            resortId: t.resortId,
            vesselId: t.vesselId,
            maxPax: t.maxNoOfPax,
            mediaIds: t.images,
            free: query.from && query.to && query.resortId !== undefined ? (freeByType.get(t.id) ?? 0) : null,
          }),
        ),
      };
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
