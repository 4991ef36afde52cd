import { MAX_CALENDAR_DAYS, ZCalendarEvents, ZCalendarQuery } from '@atoll/domain/bookings/calendar';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actor } from '../../../http/access.ts';
import type { TBookingParts } from '../bookings.parts.ts';

/** The data of the occupancy grid and the vessel calendar (spec booking §2, §7 "Bookings GET"). */
export function registerBookingCalendarRoutes(app: FastifyInstance, deps: Pick<TBookingParts, 'calendar'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { calendar } = deps;

  r.get(
    '/api/bookings/events',
    {
      // Office only: the calendars show every agency's guests (agents: 403, default deny).
      config: { access: { scopes: ['bookings.read'] } },
      schema: {
        tags: ['bookings'],
        summary: 'The room entries and room blocks of a resort or vessel in a date range',
        description:
          `from/to (at most ${MAX_CALENDAR_DAYS} days, overlapping stays), resortId or vesselId, optionally ` +
          'scheduleId. Answers the rooms or cabins (grid rows), the room entries of visible bookings ' +
          '(rebooked and split hidden) with the booking’s numbers, state, version, lead guest, agency and ' +
          'category colour, the room blocks and, for a vessel, its departures in the range. A resort or ' +
          'vessel outside the user’s assets answers 404.',
        querystring: ZCalendarQuery,
        response: { 200: ZCalendarEvents },
      },
    },
    async (request) => calendar.events(actor(request), request.query),
  );
}
