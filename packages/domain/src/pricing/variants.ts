import type { TCalcContext } from './context.ts';
import type { TPricingPerson } from './engine-types.ts';
import type { TPriceVariant, TPriceWithEntries } from './entities.ts';

// Which variant prices a room entry (occupancy, docs/domain/prices.md) and which prices a person (child).

/** The variants a price has columns for, in its order; every known variant if it lists none. */
export function variantsOf(ctx: TCalcContext, price: TPriceWithEntries): TPriceVariant[] {
  let list = ctx.memo.variantsOf.get(price.id);
  if (list) return list;
  list =
    price.variants.length > 0
      ? price.variants.flatMap((id) => ctx.variants.get(id) ?? [])
      : [...ctx.variants.values()].sort((a, b) => a.sort - b.sort || a.id - b.id);
  ctx.memo.variantsOf.set(price.id, list);
  return list;
}

const isOccupancy = (v: TPriceVariant) => v.maxAge === null && !v.fullCharter;

/**
 * The occupancy variant `v` for `pax` persons: the one for exactly that occupancy, else one for any
 * occupancy, else the price's default, else the installation's default variant. Berths in a shared
 * cabin take the per-person variant for any occupancy first (the berth rate): a guest alone on a berth
 * shares the cabin with strangers and does not pay for single use.
 */
export function occupancyVariant(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  pax: number,
  berths = false,
): TPriceVariant | undefined {
  const key = `${price.id}:${pax}:${berths}`;
  const cached = ctx.memo.occupancy.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const list = variantsOf(ctx, price).filter(isOccupancy);
  const found =
    (berths ? list.find((v) => v.noOfPax === null && v.perPerson) : undefined) ??
    list.find((v) => v.noOfPax === pax) ??
    list.find((v) => v.noOfPax === null) ??
    list.find((v) => v.isDefault) ??
    [...ctx.variants.values()].find((v) => v.isDefault && isOccupancy(v));
  ctx.memo.occupancy.set(key, found ?? null);
  return found;
}

/**
 * The person variant `v_p`: a variant chosen by hand, else the narrowest child variant whose `maxAge`
 * the person's age on the first night does not exceed, else the occupancy variant.
 */
export function personVariant(
  ctx: TCalcContext,
  price: TPriceWithEntries,
  occupancy: TPriceVariant,
  person: TPricingPerson,
): TPriceVariant {
  if (person.variantId != null) {
    const chosen = ctx.variants.get(person.variantId);
    if (chosen) return chosen;
  }
  const age = person.age;
  if (age === null || age === undefined) return occupancy;
  let child: TPriceVariant | undefined;
  for (const v of variantsOf(ctx, price)) {
    if (v.maxAge === null || age > v.maxAge) continue;
    if (!child || v.maxAge < (child.maxAge ?? 0)) child = v;
  }
  return child ?? occupancy;
}
