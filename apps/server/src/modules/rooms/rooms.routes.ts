import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';

export function registerRoomsRoutes(_app: FastifyInstance, _deps: TInventoryDeps) {}
