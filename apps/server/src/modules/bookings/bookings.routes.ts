import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';

export function registerBookingsRoutes(app: FastifyInstance, deps: TInventoryDeps) {
  void app;
  void deps;
}
