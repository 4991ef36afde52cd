import type { Db } from '../../db/client.ts';
import type { TAvailabilityService } from '../availability/availability.service.ts';
import type { TCreateBookingFlow } from '../bookings/write/create-booking.flow.ts';
import { createOnlineRepository } from './online.repository.ts';
import { createOnlineBookService } from './online-book.service.ts';
import { ONLINE_CHANNEL, type TOnlineConfirmFlow } from './online-confirm.flow.ts';
import { createOnlineOffer } from './online-offer.ts';
import { createOnlineSearchService } from './online-search.service.ts';
import { createOnlineStatusService } from './online-status.service.ts';

// The guest's online booking (spec booking §7 "Online booking (/api/book)"), by use case: the search
// (online-search.service.ts), the price and the create (online-book.service.ts), the guest's own booking
// afterwards (online-status.service.ts).

export function createOnlineService(deps: {
  db: Db;
  availability: TAvailabilityService;
  create: TCreateBookingFlow;
  confirm: TOnlineConfirmFlow;
}) {
  const repository = createOnlineRepository();
  const offer = createOnlineOffer({ db: deps.db, repository });
  const book = createOnlineBookService({ db: deps.db, create: deps.create, repository, offer });
  return {
    ...createOnlineSearchService({
      db: deps.db,
      availability: deps.availability,
      repository,
      offer,
      price: book.price,
    }),
    ...book,
    ...createOnlineStatusService({ db: deps.db, repository, confirm: deps.confirm }),
  };
}

export { ONLINE_CHANNEL };
export type TOnlineService = ReturnType<typeof createOnlineService>;
