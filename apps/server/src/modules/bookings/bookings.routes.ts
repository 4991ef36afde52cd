import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';
import { registerBookingRoomsRoutes } from './booking-rooms.routes.ts';
import { registerBookingQueryRoutes } from './bookings-queries.routes.ts';
import { registerBookingWritesRoutes } from './bookings-writes.routes.ts';
import { registerCalculationRoutes } from './calculation.routes.ts';

export function registerBookingsRoutes(app: FastifyInstance, deps: TInventoryDeps) {
  void app;
  void deps;
  registerBookingQueryRoutes(app, deps);
  registerBookingWritesRoutes(app, deps);
  registerBookingRoomsRoutes(app, deps);
  registerCalculationRoutes(app, deps);
}
