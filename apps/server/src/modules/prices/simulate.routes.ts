import { ZSimulateRequest, ZSimulateResult } from '@atoll/domain/pricing/engine-types';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actor } from '../../http/access.ts';
import { PRICE_READ } from './price-access.ts';
import type { TSimulateService } from './simulate.service.ts';

export function registerSimulateRoute(app: FastifyInstance, deps: { simulate: TSimulateService }) {
  const service = deps.simulate;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/price/simulate',
    {
      // Agents price their own agency's drafts in the booking wizard (the service forces and redacts).
      config: { access: { scopes: [...PRICE_READ, 'agencies.self'] } },
      schema: { tags: ['prices'], body: ZSimulateRequest, response: { 200: ZSimulateResult } },
    },
    async (request) => service.simulate(actor(request), request.body),
  );
}
