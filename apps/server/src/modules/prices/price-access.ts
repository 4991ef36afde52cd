import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { TAsset } from './prices.repository.ts';

// Asset visibility of prices (spec platform §6): a user whose resort or vessel list is not empty sees
// only the prices of those assets, and the entries and supplements of those prices (their row filters:
// prices.repository.ts).

/** Booking staff price bookings, so they read prices too. */
export const PRICE_READ = ['price.read', 'bookings.read'];

const isAdmin = (user: TSessionUser) => hasScope(user.scopes, ['admin']);
/** An empty list means every asset of that kind. */
const listAllows = (list: readonly number[], id: number) => list.length === 0 || list.includes(id);

/** Whether the user may see this asset's prices (and price things for it). */
export function seesAsset(user: TSessionUser, asset: TAsset): boolean {
  if (isAdmin(user)) return true;
  return asset.resortId !== null
    ? listAllows(user.resorts, asset.resortId)
    : listAllows(user.vessels, asset.vesselId);
}
