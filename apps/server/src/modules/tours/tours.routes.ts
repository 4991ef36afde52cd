import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';

export function registerToursRoutes(_app: FastifyInstance, _deps: TInventoryDeps) {}
