import type { TCalendarEvents, TCalendarQuery } from '@atoll/domain/bookings/calendar';
import { hasScope } from '@atoll/domain/scopes';
import { bookingVisibility, canReadAllBookings } from '../../../db/booking-conditions.ts';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { createBookingCalendarRepository, type TCalendarAsset } from './bookings-calendar.repository.ts';

// The booking calendars' data (spec booking §2 /booking/occupancy, /booking/calendar): the rooms or cabins
// of one asset, the room entries and blocks in a range and, for a vessel, its departures. Only the office
// (bookings.read) reads them: the grid shows every agency's guests, so agents are refused by the route
// and would see nothing here either.

/** Spec platform §6 asset visibility: an empty list means every asset of that kind. */
function mayOpen(user: TSessionUser, asset: TCalendarAsset): boolean {
  if (hasScope(user.scopes, ['admin'])) return true;
  const list = asset.kind === 'resort' ? user.resorts : user.vessels;
  return list.length === 0 || list.includes(asset.id);
}

export function createBookingCalendar(deps: { db: Db }) {
  const { db } = deps;
  const repo = createBookingCalendarRepository();

  async function events(user: TSessionUser, query: TCalendarQuery): Promise<TCalendarEvents> {
    const asset: TCalendarAsset = query.resortId
      ? { kind: 'resort', id: query.resortId }
      : { kind: 'vessel', id: query.vesselId ?? 0 };
    const what = asset.kind === 'resort' ? 'Resort' : 'Vessel';
    if (!canReadAllBookings(user) || !mayOpen(user, asset)) throw notFound(what);
    if (!(await repo.assetExists(db, asset))) throw notFound(what);
    const range = { from: query.from, to: query.to, scheduleId: query.scheduleId };
    const [rooms, entries, blocks, schedules] = await Promise.all([
      repo.calendarRooms(db, asset),
      repo.calendarEntries(db, asset, range, bookingVisibility(user)),
      repo.calendarBlocks(db, asset, range),
      asset.kind === 'vessel' ? repo.calendarSchedules(db, asset.id, range) : Promise.resolve([]),
    ]);
    return { from: query.from, to: query.to, rooms, entries, blocks, schedules };
  }

  return { events };
}
