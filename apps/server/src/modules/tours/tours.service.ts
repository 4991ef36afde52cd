import {
  addDays,
  scheduleDays,
  scheduleNights,
  shiftToSameWeekday,
  type TCopySeasonAnswer,
  type TCreateSchedule,
  type TCreateTour,
  type TScheduleInfo,
  type TUpdateSchedule,
  type TUpdateTour,
} from '@atoll/domain/inventory/tours';
import type { TSessionUser } from '@atoll/domain/users';
import type { Db, Tx } from '../../db/client.ts';
import type { schedules, tours } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import {
  ownSchedules,
  type TScheduleRow,
  type TTourRow,
  type TToursRepository,
  toSchedule,
  toTour,
} from './tours.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };
type TRange = { from: string; to: string };

const inUse = (what: string, n: number, path: string) =>
  new AppError(409, 'IN_USE', `The ${what} is still in use: ${n} ${path}`, [
    { path, code: 'in_use', message: String(n) },
  ]);

const isOwnVessel = (user: TSessionUser, vesselId: number) =>
  user.vessels.length === 0 || user.vessels.includes(vesselId);

const overlapError = (clashes: ({ id: number } & TRange)[]) =>
  new AppError(
    409,
    'SCHEDULE_OVERLAP',
    'The vessel already has a departure on these dates',
    clashes.map((c) => ({ path: 'from', code: 'overlap', message: `#${c.id} ${c.from} – ${c.to}` })),
  );

/** Column values of a tour from a body: the body names the columns one to one. */
function tourColumns(input: TCreateTour | TUpdateTour): Partial<typeof tours.$inferInsert> {
  const { code, color, ...rest } = input;
  return {
    ...rest,
    ...(code !== undefined ? { code: code || null } : {}),
    ...(color !== undefined ? { color: color || null } : {}),
  };
}

export function createToursService(deps: {
  db: Db;
  repository: TToursRepository;
  availability: TAvailabilityService;
}) {
  const { db, repository } = deps;

  /**
   * Two live departures of one vessel never overlap (docs/domain/departures-and-charters.md). The vessel's row is locked
   * first, so this check and the write that follows are one step for concurrent writers; the
   * constraint `schedules_no_overlap` stays the last line of defence.
   */
  async function guardOverlap(tx: Tx, vesselId: number, range: TRange, exceptId?: number) {
    if (!(await repository.lockVessel(tx, vesselId)))
      throw badRequest('The vessel does not exist', 'vesselId');
    const clashes = await repository.overlapping(tx, vesselId, range.from, range.to, exceptId);
    if (clashes.length > 0) throw overlapError(clashes);
  }

  async function scheduleValues(
    ctx: TCtx,
    input: TCreateSchedule | TUpdateSchedule,
    existing?: TScheduleRow,
  ) {
    const { user, tx } = ctx;
    const tourId = input.tourId ?? existing?.tourId;
    const tour = tourId === undefined ? undefined : await repository.findTour(tx, tourId);
    if (!tour) throw badRequest('The tour does not exist', 'tourId');
    // A new departure sails on the tour's vessel from the tour's ports unless the body says otherwise.
    const vesselId = input.vesselId ?? existing?.vesselId ?? tour.vesselId;
    if (!vesselId) throw badRequest('Name a vessel: the tour has none', 'vesselId');
    if (!isOwnVessel(user, vesselId)) throw badRequest('The vessel does not exist', 'vesselId');
    const range = { from: input.from ?? existing?.from ?? '', to: input.to ?? existing?.to ?? '' };
    if (range.to <= range.from) throw badRequest('The last day must come after the first', 'to');
    const status = input.status ?? existing?.status ?? 'open';
    // A cancelled departure holds nothing and blocks nothing (the constraint skips it too).
    if (status !== 'cancelled') await guardOverlap(tx, vesselId, range, existing?.id);

    const values: Partial<typeof schedules.$inferInsert> = { tourId: tour.id, vesselId, ...range, status };
    if (!existing) {
      values.embarkPortId = tour.embarkPortId;
      values.disembarkPortId = tour.disembarkPortId;
    }
    if (input.embarkPortId !== undefined) values.embarkPortId = input.embarkPortId ?? null;
    if (input.disembarkPortId !== undefined) values.disembarkPortId = input.disembarkPortId ?? null;
    if (input.isVisible !== undefined) values.isVisible = input.isVisible;
    if (input.note !== undefined) values.note = input.note || null;
    return values;
  }

  return {
    tourValues: async (_ctx: TCtx, input: TCreateTour | TUpdateTour) => tourColumns(input),

    /** Departures keep their tour: a tour with departures is not deleted (cancel or hide it instead). */
    async tourBeforeDelete(ctx: TCtx, row: TTourRow) {
      const n = await repository.schedulesOfTour(ctx.tx, row.id);
      if (n > 0) throw inUse('tour', n, 'schedules');
    },

    scheduleValues,

    /** A departure that holds or held guests stays: cancel it instead (status cancelled). */
    async scheduleBeforeDelete(ctx: TCtx, row: TScheduleRow) {
      const n = await repository.occupancyOfSchedule(ctx.tx, row.id);
      if (n > 0) throw inUse('schedule', n, 'occupancy');
    },

    /** A copy is the next departure of the same rhythm: it starts on the day the original ends. */
    async scheduleCopyValues(ctx: TCtx, row: TScheduleRow) {
      const nights = scheduleNights(row.from, row.to);
      const range = { from: row.to, to: addDays(row.to, nights) };
      await guardOverlap(ctx.tx, row.vesselId, range);
      return {
        tourId: row.tourId,
        vesselId: row.vesselId,
        ...range,
        status: 'open',
        embarkPortId: row.embarkPortId,
        disembarkPortId: row.disembarkPortId,
        isVisible: row.isVisible,
        note: row.note,
      };
    },

    /** Tour and vessel names for a page of schedules. */
    async expandSchedules(rows: TScheduleRow[]) {
      const names = await repository.names(
        db,
        [...new Set(rows.map((r) => r.tourId))],
        [...new Set(rows.map((r) => r.vesselId))],
      );
      return rows.map((r) => ({
        ...r,
        tourName: names.tours.get(r.tourId) ?? '',
        vesselName: names.vessels.get(r.vesselId) ?? '',
      }));
    },

    /**
     * Copies a season: the live departures of a vessel starting within `[first, last]` move `years` on,
     * each to the same weekday nearest the calendar-shifted date, with its length, tour, ports and
     * visibility, open and without a price (prices are per season). What would overlap is skipped.
     */
    async copySeason(
      user: TSessionUser,
      vesselId: number,
      first: string,
      last: string,
      years: number,
    ): Promise<TCopySeasonAnswer> {
      if (last < first) throw badRequest('The range ends before it starts', 'to');
      return db.transaction(async (tx) => {
        if (!isOwnVessel(user, vesselId) || !(await repository.lockVessel(tx, vesselId))) {
          throw notFound('vessel');
        }
        const answer: TCopySeasonAnswer = { created: [], skipped: [] };
        for (const row of await repository.startingWithin(tx, vesselId, first, last)) {
          const from = shiftToSameWeekday(row.from, years);
          const to = addDays(from, scheduleNights(row.from, row.to));
          // Earlier copies of this run are visible here: the same transaction.
          if ((await repository.overlapping(tx, vesselId, from, to)).length > 0) {
            answer.skipped.push({ from, to, reason: 'SCHEDULE_OVERLAP' });
            continue;
          }
          const id = await repository.insertSchedule(tx, {
            tourId: row.tourId,
            vesselId,
            from,
            to,
            status: 'open',
            embarkPortId: row.embarkPortId,
            disembarkPortId: row.disembarkPortId,
            isVisible: row.isVisible,
          });
          answer.created.push(id);
        }
        return answer;
      });
    },

    async info(user: TSessionUser, id: number): Promise<TScheduleInfo> {
      const row = await repository.findSchedule(db, id, ownSchedules(user));
      if (!row) throw notFound('schedule');
      const tour = await repository.findTour(db, row.tourId);
      if (!tour) throw notFound('tour');
      const [vessel, embarkPort, disembarkPort, capacities] = await Promise.all([
        repository.vessel(db, row.vesselId),
        repository.port(db, row.embarkPortId),
        repository.port(db, row.disembarkPortId),
        deps.availability.capacities([row.id], 'staff'),
      ]);
      const capacity = capacities.find((c) => c.scheduleId === row.id);
      return {
        schedule: toSchedule({ ...row, tourName: tour.name, vesselName: vessel?.name ?? '' }),
        tour: toTour(tour),
        vessel,
        embarkPort,
        disembarkPort,
        nights: scheduleNights(row.from, row.to),
        days: scheduleDays(row.from, row.to),
        capacity: capacity
          ? {
              cabins: capacity.cabins,
              berths: capacity.berths,
              freeCabins: capacity.freeCabins,
              freeBerths: capacity.freeBerths,
            }
          : null,
      };
    },

    async customers(user: TSessionUser, id: number) {
      if (!(await repository.findSchedule(db, id, ownSchedules(user)))) throw notFound('schedule');
      return repository.customersOf(db, id);
    },
  };
}
export type TToursService = ReturnType<typeof createToursService>;
