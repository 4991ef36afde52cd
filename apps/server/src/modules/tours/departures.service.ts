import type { TLanguage } from '@atoll/domain/constants';
import type { TChannel, TScheduleCapacity } from '@atoll/domain/inventory/availability';
import {
  addDays,
  type TDeparture,
  type TTourBookingQuery,
  withDerivedStatus,
} from '@atoll/domain/inventory/tours';
import type { TSessionUser } from '@atoll/domain/users';
import { and, type SQL } from 'drizzle-orm';
import ical from 'ical-generator';
import { createElement } from 'react';
import type { Db } from '../../db/client.ts';
import { loadLetterhead, renderPdf } from '../../documents/pdf.tsx';
import { badRequest, notFound } from '../../http/errors.ts';
import { compileFilter } from '../../http/filter.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { DEPARTURES_PRINT_TEXTS } from './departures-print.texts.ts';
import { DeparturesDocument } from './departures-print.tsx';
import {
  ownSchedules,
  SCHEDULE_FIELDS,
  scheduleWhere,
  startsFromToday,
  type TToursRepository,
  touchingDays,
} from './tours.repository.ts';

type TAssetQuery = { vessel?: number | undefined; tour?: number | undefined };
type TRange = { from: string; to: string };

/** Departures of one vessel and/or tour. */
const ofAsset = (q: TAssetQuery) =>
  and(q.vessel ? scheduleWhere.vessel(q.vessel) : undefined, q.tour ? scheduleWhere.tour(q.tour) : undefined);

const checkRange = (range: TRange) => {
  if (range.to < range.from) throw badRequest('The range ends before it starts', 'to');
};

const withCapacity = (d: TDeparture, c: TScheduleCapacity): TDeparture => ({
  ...d,
  cabins: c.cabins,
  berths: c.berths,
  freeCabins: c.freeCabins,
  freeBerths: c.freeBerths,
});

/** The read side of departures: booking lists, pickers, the calendar feed and the printed list. */
export function createDeparturesService(deps: {
  db: Db;
  repository: TToursRepository;
  availability: TAvailabilityService;
  settings: TSettingsService;
}) {
  const { db, repository } = deps;
  const all = (user: TSessionUser, where: SQL | undefined) =>
    repository.departures(db, and(ownSchedules(user), where), { limit: MAX_LIST_ROWS, offset: 0 });

  /** Free cabins and berths from the engine, for the live departures among these. */
  async function capacities(
    departures: TDeparture[],
    channel: TChannel = 'staff',
  ): Promise<Map<number, TScheduleCapacity>> {
    const ids = departures.filter((d) => d.status !== 'cancelled').map((d) => d.id);
    const answer = ids.length ? await deps.availability.capacities(ids, channel) : [];
    return new Map(answer.map((c) => [c.scheduleId, c]));
  }

  return {
    /**
     * `tours/booking`: a page of departures; `new` from today on; `available` with free cabins and berths,
     * without full or cancelled ones (they drop out before paging, so every page is full).
     * An agent (`agent`: agencies.self without a departure read scope) sees only what it may sell, from
     * today on, with the agency channel's free places.
     */
    async booking(user: TSessionUser, query: TTourBookingQuery, agent = false) {
      const where = and(
        ownSchedules(user),
        compileFilter(withDerivedStatus(query.filter), SCHEDULE_FIELDS),
        query.new || agent ? startsFromToday() : undefined,
        agent ? scheduleWhere.sellable() : undefined,
      );
      const size = query.size === 0 ? MAX_LIST_ROWS : query.size;
      const offset = (query.page - 1) * size;
      if (!query.available) {
        const { total, rows } = await repository.departures(db, where, { limit: size, offset });
        return { data: rows, total, page: query.page, size };
      }
      const { rows } = await all(user, and(where, scheduleWhere.live()));
      const caps = await capacities(rows, agent ? 'agency' : 'staff');
      const free = rows.flatMap((d) => {
        const c = caps.get(d.id);
        return c && (c.freeCabins > 0 || c.freeBerths > 0) ? [withCapacity(d, c)] : [];
      });
      return { data: free.slice(offset, offset + size), total: free.length, page: query.page, size };
    },

    /** `tours/date/{from}/{to}`: departures sharing a day with the range. */
    async byDate(user: TSessionUser, range: TRange, q: TAssetQuery) {
      checkRange(range);
      return (await all(user, and(touchingDays(range.from, range.to), ofAsset(q)))).rows;
    },

    /** `schedules/booking`: open departures from today on, for booking pickers. */
    async forBooking(user: TSessionUser, q: TAssetQuery) {
      return (await all(user, and(startsFromToday(), scheduleWhere.open(), ofAsset(q)))).rows;
    },

    /**
     * `tours/ics`: an iCalendar feed of the live departures. All-day events from embarkation through
     * disembarkation day (DTEND is exclusive, so `to + 1`): the guests are on board on both days.
     * The UID is the schedule's, so calendars update an event instead of duplicating it.
     */
    async ics(user: TSessionUser, q: TAssetQuery) {
      const { rows } = await all(user, and(scheduleWhere.live(), ofAsset(q)));
      const calendar = ical({ name: 'Atoll', prodId: { company: 'Atoll', product: 'departures' } });
      for (const d of rows) {
        calendar.createEvent({
          id: `schedule-${d.id}@atoll`,
          start: new Date(`${d.from}T00:00:00Z`),
          end: new Date(`${addDays(d.to, 1)}T00:00:00Z`),
          allDay: true,
          summary: `${d.tourName} – ${d.vesselName}`,
        });
      }
      return calendar.toString();
    },

    /** `schedules/printList/departures`: the departures of a period with their free cabins and berths. */
    async printDepartures(user: TSessionUser, range: TRange, vesselId: number | undefined, lang: TLanguage) {
      checkRange(range);
      const vessel = vesselId ? await repository.vessel(db, vesselId) : null;
      if (vesselId && !vessel) throw notFound('vessel');
      const [{ rows }, company] = await Promise.all([
        all(user, and(touchingDays(range.from, range.to), ofAsset({ vessel: vesselId }))),
        loadLetterhead(db, deps.settings),
      ]);
      const caps = await capacities(rows);
      const departures = rows.map((d) => {
        const c = caps.get(d.id);
        return c ? withCapacity(d, c) : d;
      });
      const pdf = await renderPdf(
        createElement(DeparturesDocument, {
          departures,
          range,
          vesselName: vessel?.name ?? null,
          company,
          lang,
        }),
      );
      const title = DEPARTURES_PRINT_TEXTS[lang].title;
      return { pdf, filename: `${title} ${range.from} ${range.to}.pdf` };
    },
  };
}
export type TDeparturesService = ReturnType<typeof createDeparturesService>;
