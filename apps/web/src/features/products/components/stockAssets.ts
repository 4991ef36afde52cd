import type { TAssetStock } from '@atoll/domain/products';
import type { TFunction } from 'i18next';
import { useAssets } from '../../rooms/api.ts';

// The places stock is kept at (docs/domain/onsite.md "Stock per asset"): resorts and vessels, as the stock
// screen's columns, the update form's choice and the log's "where".

export type TStockPlace = { key: string; resortId: number | null; vesselId: number | null; name: string };

export const placeKey = (at: Pick<TAssetStock, 'resortId' | 'vesselId'>) =>
  at.resortId !== null ? `resort:${at.resortId}` : at.vesselId !== null ? `vessel:${at.vesselId}` : '';

/** Every resort and vessel the user may see, resorts first, by name. */
export function useStockPlaces(): TStockPlace[] {
  const resorts = useAssets('resort').data ?? [];
  const vessels = useAssets('vessel').data ?? [];
  return [
    ...resorts.map((r) => ({ key: `resort:${r.id}`, resortId: r.id, vesselId: null, name: r.name })),
    ...vessels.map((v) => ({ key: `vessel:${v.id}`, resortId: null, vesselId: v.id, name: v.name })),
  ];
}

/** The name of a place; one the user cannot see by its kind and number. */
export function placeName(
  t: TFunction,
  places: readonly TStockPlace[],
  at: Pick<TAssetStock, 'resortId' | 'vesselId'>,
) {
  const key = placeKey(at);
  if (key === '') return t('products.stock.everywhere');
  const found = places.find((p) => p.key === key);
  if (found) return found.name;
  return at.resortId !== null
    ? t('products.stock.resortNo', { id: at.resortId })
    : t('products.stock.vesselNo', { id: at.vesselId });
}
