import type { FastifyInstance } from 'fastify';
import type { TInventoryDeps } from '../inventory.ts';
import { registerBookingChoicesRoutes } from './booking-choices.routes.ts';
import { registerBookingProductsRoutes } from './booking-products.routes.ts';
import { registerBookingRoomsRoutes } from './booking-rooms.routes.ts';
import { registerBookingCalendarRoutes } from './bookings-calendar.routes.ts';
import { registerBookingLifecycleRoutes } from './bookings-lifecycle.routes.ts';
import { registerBookingQueryRoutes } from './bookings-queries.routes.ts';
import { registerBookingReportRoutes } from './bookings-reports.routes.ts';
import { registerBookingWritesRoutes } from './bookings-writes.routes.ts';
import { registerCalculationRoutes } from './calculation.routes.ts';

/** Every booking call, one registration per file of routes. */
export function registerBookingsRoutes(app: FastifyInstance, deps: TInventoryDeps) {
  registerBookingQueryRoutes(app, deps);
  registerBookingReportRoutes(app, deps);
  registerBookingWritesRoutes(app, deps);
  registerBookingRoomsRoutes(app, deps);
  registerBookingChoicesRoutes(app, deps);
  registerBookingProductsRoutes(app, deps);
  registerCalculationRoutes(app, deps);
  registerBookingLifecycleRoutes(app, deps);
  registerBookingCalendarRoutes(app, deps);
}
