import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';

export function registerVesselsRoutes(_app: FastifyInstance, _deps: TInventoryDeps) {}
