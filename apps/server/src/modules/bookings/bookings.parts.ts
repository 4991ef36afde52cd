import type { TReferenceCache } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { createBookingLookups } from './booking-lookups.ts';
import { createBookingCalendar } from './calendar/bookings-calendar.service.ts';
import { createBookingChoicesFlow } from './edit/booking-choices.flow.ts';
import { createBookingProductsFlow } from './edit/booking-products.flow.ts';
import { createBookingRoomsFlow } from './edit/booking-rooms.flow.ts';
import { createCalculationFlow } from './edit/calculation.flow.ts';
import { createChangeBookingFlow } from './edit/change-booking.flow.ts';
import { createChangeRoomFlow } from './edit/change-room.flow.ts';
import { createReindexBookingFlow } from './edit/reindex-booking.flow.ts';
import { createCancelBookingFlow } from './lifecycle/cancel-booking.flow.ts';
import { createExpireOptionsFlow } from './lifecycle/expire-options.flow.ts';
import { createRebookBookingFlow } from './lifecycle/rebook-booking.flow.ts';
import { createReleaseBookingFlow } from './lifecycle/release-booking.flow.ts';
import { createResolveBookingsFlow } from './lifecycle/resolve-bookings.flow.ts';
import { createRevertBookingFlow } from './lifecycle/revert-booking.flow.ts';
import { createSplitBookingFlow } from './lifecycle/split-booking.flow.ts';
import { createBookingQueries } from './read/bookings-queries.service.ts';
import { createBookingReports } from './reports/bookings-reports.service.ts';
import { createCreateBookingFlow } from './write/create-booking.flow.ts';
import { createImportBookingsFlow } from './write/import-bookings.flow.ts';

/**
 * Every read, flow and job of the bookings, built once by the composition root (container.ts) and handed to
 * the booking routes, the online booking and the periodic jobs.
 */
export function createBookingParts(deps: {
  db: Db;
  settings: TSettingsService;
  availability: TAvailabilityService;
  reference: TReferenceCache;
}) {
  const { db, settings, availability, reference } = deps;
  const flowDeps = { db, availability, reference };
  const rooms = createBookingRoomsFlow(flowDeps);
  const create = createCreateBookingFlow(flowDeps);
  return {
    queries: createBookingQueries({ db, settings }),
    reports: createBookingReports({ db, settings }),
    calendar: createBookingCalendar({ db }),
    lookups: createBookingLookups({ db, reference }),
    create,
    importer: createImportBookingsFlow({ db, create }),
    change: createChangeBookingFlow(flowDeps),
    cancel: createCancelBookingFlow(flowDeps),
    release: createReleaseBookingFlow(flowDeps),
    rooms,
    choices: createBookingChoicesFlow({ rooms }),
    products: createBookingProductsFlow({ rooms }),
    calculation: createCalculationFlow({ db, reference }),
    changeRoom: createChangeRoomFlow(flowDeps),
    rebook: createRebookBookingFlow(flowDeps),
    revert: createRevertBookingFlow(flowDeps),
    split: createSplitBookingFlow(flowDeps),
    reindex: createReindexBookingFlow(flowDeps),
    expireOptions: createExpireOptionsFlow(flowDeps),
    resolve: createResolveBookingsFlow({ db }),
  };
}

export type TBookingParts = ReturnType<typeof createBookingParts>;
