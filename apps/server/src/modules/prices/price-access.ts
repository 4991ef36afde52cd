import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { and, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { priceEntries, prices, supplements } from '../../db/schema.ts';
import type { TAsset } from './prices.repository.ts';

// Asset visibility of prices (spec platform §6): a user whose resort or vessel list is not empty sees
// only the prices of those assets, and the entries and supplements of those prices.

/** Booking staff price bookings, so they read prices too. */
export const PRICE_READ = ['price.read', 'bookings.read'];

const isAdmin = (user: TSessionUser) => hasScope(user.scopes, ['admin']);
/** An empty list means every asset of that kind. */
const listAllows = (list: readonly number[], id: number) => list.length === 0 || list.includes(id);

/** The row filter of the prices a user may see; undefined: all. */
export function visiblePrices(user: TSessionUser): SQL | undefined {
  if (isAdmin(user)) return undefined;
  const resortOk = user.resorts.length
    ? or(isNull(prices.resortId), inArray(prices.resortId, user.resorts))
    : undefined;
  const vesselOk = user.vessels.length
    ? or(isNull(prices.vesselId), inArray(prices.vesselId, user.vessels))
    : undefined;
  return and(resortOk, vesselOk);
}

/** Whether the user may see this asset's prices (and price things for it). */
export function seesAsset(user: TSessionUser, asset: TAsset): boolean {
  if (isAdmin(user)) return true;
  return asset.resortId !== null
    ? listAllows(user.resorts, asset.resortId)
    : listAllows(user.vessels, asset.vesselId);
}

/** Rows that hang on a price (entries, supplements) are visible through it. */
function throughPrice(ex: Executor, column: typeof priceEntries.priceId | typeof supplements.priceId) {
  return (user: TSessionUser): SQL | undefined => {
    const visible = visiblePrices(user);
    if (!visible) return undefined;
    return inArray(column, ex.select({ id: prices.id }).from(prices).where(visible));
  };
}

export const visibleEntries = (ex: Executor) => throughPrice(ex, priceEntries.priceId);
export const visibleSupplements = (ex: Executor) => throughPrice(ex, supplements.priceId);
