import { ZAgencyDashboard, ZOfficeDashboard } from '@atoll/domain/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actor } from '../../http/access.ts';
import {
  AGENCY_DASHBOARD_SCOPES,
  OFFICE_DASHBOARD_SCOPES,
  type TDashboardService,
} from './dashboard.service.ts';

const tags = ['dashboard'];

/** The home dashboards (not in the spec): the figures the start page shows per kind of user. */
export function registerDashboardRoutes(app: FastifyInstance, deps: { dashboard: TDashboardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { dashboard: service } = deps;

  r.get(
    '/api/dashboard/agency',
    {
      config: { access: { scopes: AGENCY_DASHBOARD_SCOPES } },
      schema: {
        tags,
        summary: 'The agent’s home: its agency, bookings, open payments, earned commission, credit',
        description:
          'Not in the spec. agencies.self only, and always the agent’s own agency (an account without one, ' +
          'an administrator say, answers 404). Active bookings: planned, confirmed, waiting or travelled; commission counts ' +
          'confirmed and travelled bookings. Amounts per currency.',
        response: { 200: ZAgencyDashboard },
      },
    },
    async (request) => service.agency(actor(request)),
  );

  r.get(
    '/api/dashboard/office',
    {
      config: { access: { scopes: OFFICE_DASHBOARD_SCOPES } },
      schema: {
        tags,
        summary:
          'The office’s home: arrivals, departures, options expiring, overdue, missing guest forms, todos',
        description:
          'Not in the spec. bookings.read; the bookings the user may see (its resorts and vessels). Each count is ' +
          'the number of bookings the booking list shows with the same filter (`GET /api/bookings` with `dates`, ' +
          '`states`, `from`, `to`, `overdue`, `optionExpiring`, `missingGuestforms`, `openTodos`), up to 10,000. ' +
          'Arrivals and departures: planned or confirmed bookings arriving (leaving) today and within 7 days; ' +
          'options expiring: planned with an option lapsing within 7 days or lapsed; missing guest forms: ' +
          'arriving within 30 days. Departures ahead: the vessels’ departures within 30 days, not cancelled, ' +
          'with berths and free berths.',
        response: { 200: ZOfficeDashboard },
      },
    },
    async (request) => service.office(actor(request)),
  );
}
