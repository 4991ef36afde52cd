import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';

export function registerRoomTypesRoutes(_app: FastifyInstance, _deps: TInventoryDeps) {}
