import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';

export function registerCommissionsRoutes(app: FastifyInstance, deps: TInventoryDeps) {
  void app;
  void deps;
}
