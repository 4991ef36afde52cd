import type { FastifyInstance } from 'fastify';
import type { TChangeFeed } from '../../db/change-feed.ts';
import type { TBookingParts } from './bookings.parts.ts';
import { registerBookingCalendarRoutes } from './calendar/bookings-calendar.routes.ts';
import { registerBookingChoicesRoutes } from './edit/booking-choices.routes.ts';
import { registerBookingProductsRoutes } from './edit/booking-products.routes.ts';
import { registerBookingRoomsRoutes } from './edit/booking-rooms.routes.ts';
import { registerCalculationRoutes } from './edit/calculation.routes.ts';
import { registerBookingLifecycleRoutes } from './lifecycle/bookings-lifecycle.routes.ts';
import { registerBookingQueryRoutes } from './read/bookings-queries.routes.ts';
import { registerBookingReportRoutes } from './reports/bookings-reports.routes.ts';
import { registerBookingImportRoutes } from './write/bookings-import.routes.ts';
import { registerBookingWritesRoutes } from './write/bookings-writes.routes.ts';

/** Every booking call, one registration per file of routes. */
export function registerBookingsRoutes(app: FastifyInstance, deps: TBookingParts & { changes: TChangeFeed }) {
  registerBookingQueryRoutes(app, deps);
  registerBookingReportRoutes(app, deps);
  registerBookingWritesRoutes(app, deps);
  registerBookingImportRoutes(app, deps);
  registerBookingRoomsRoutes(app, deps);
  registerBookingChoicesRoutes(app, deps);
  registerBookingProductsRoutes(app, deps);
  registerCalculationRoutes(app, deps);
  registerBookingLifecycleRoutes(app, deps);
  registerBookingCalendarRoutes(app, deps);
}
