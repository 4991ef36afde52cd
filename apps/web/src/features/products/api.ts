import type {
  TProduct,
  TProductAssetStock,
  TProductCategory,
  TStockLogEntry,
  TStockUpdate,
} from '@atoll/domain/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

// The product catalogue's calls (spec booking §7 "Products"). The lists and the edit drawer use the generic
// resource hooks (resourceKeys('product')); these are the lookups and the stock calls beside them.

export const productKeys = {
  ...resourceKeys('product'),
  categories: () => ['productcategory', 'all'] as const,
  active: () => ['product', 'active'] as const,
  stockLog: (id: number, page: number) => ['product', 'stockLog', id, page] as const,
  assetStocks: () => ['product', 'assetStocks'] as const,
};

/** The stock kept at each resort and vessel, of every product that keeps stock there (the stock screen). */
export function useAssetStocks(enabled = true) {
  return useQuery({
    queryKey: productKeys.assetStocks(),
    queryFn: ({ signal }) => api<{ data: TProductAssetStock[] }>('/product/stock/assets', { signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

/** Every category, by name (pickers and the list filter). */
export function useProductCategories() {
  return useQuery({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TProductCategory>>('/productcategory', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data,
  });
}

/** Active products, by name (the booking's product picker, the stock screen). */
export function useActiveProducts(enabled = true) {
  return useQuery({
    queryKey: productKeys.active(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TProduct>>('/product', {
        query: { size: 0, sort: 'name', filter: JSON.stringify({ isActive: true }) },
        signal,
      }),
    select: (answer) => answer.data,
    enabled,
  });
}

export function useStockLog(id: number | null, page: number) {
  return useQuery({
    queryKey: productKeys.stockLog(id ?? 0, page),
    queryFn: ({ signal }) =>
      api<TListAnswer<TStockLogEntry>>(`/product/${id}/stock/log`, { query: { page, size: 20 }, signal }),
    enabled: id !== null,
  });
}

/** `POST /api/product/{id}/stock/update`: refreshes the product lists and the log. */
export function useStockUpdate(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TStockUpdate>) =>
      api<{ product: TProduct; entry: TStockLogEntry }>(`/product/${id}/stock/update`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['product'] }),
  });
}
