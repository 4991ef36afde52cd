import type { TChangeFeed, TReferenceCache } from '../db/change-feed.ts';
import type { Db } from '../db/client.ts';
import type { TAvailabilityService } from './availability/availability.service.ts';
import type { TSettingsService } from './settings/settings.service.ts';

/** What the inventory modules (media, resorts, vessels, rooms, tours, availability) get from the container. */
export type TInventoryDeps = {
  db: Db;
  settings: TSettingsService;
  availability: TAvailabilityService;
  changes: TChangeFeed;
  reference: TReferenceCache;
};
