import { ZAgencyDashboard } from '@atoll/domain/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actor } from '../../http/access.ts';
import { AGENCY_DASHBOARD_SCOPES, type TDashboardService } from './dashboard.service.ts';

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
}
