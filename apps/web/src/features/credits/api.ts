import type { TCreateCreditEntry, TCreditEntry, TCreditLedger } from '@atoll/domain/customer-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TListQuery } from '../../components/useListState.ts';

export type TOwnerKind = 'customer' | 'agency';
export type TOwner = { kind: TOwnerKind; id: number };

/** Balance lists of each kind (`GET /api/customers/credits`, `GET /api/agencies/credits`). */
export const BALANCES_PATH: Record<TOwnerKind, string> = {
  customer: '/customers/credits',
  agency: '/agencies/credits',
};

/** Query keys (TanStack Query key factory); invalidate `all` after a new entry. */
export const creditKeys = {
  all: ['credits'] as const,
  list: (kind: TOwnerKind) => (query: TListQuery) => [...creditKeys.all, kind, 'list', query] as const,
  ledger: (owner: TOwner) => [...creditKeys.all, owner.kind, 'ledger', owner.id] as const,
  owners: (kind: TOwnerKind, search: string) => [...creditKeys.all, kind, 'owners', search] as const,
};

const ownerQuery = (owner: TOwner) =>
  owner.kind === 'customer' ? { customerId: owner.id } : { agencyId: owner.id };

/** One owner's ledgers: entries with the running balance and the balance per currency. */
export function useLedger(owner: TOwner | null) {
  return useQuery({
    queryKey: creditKeys.ledger(owner ?? { kind: 'customer', id: 0 }),
    queryFn: ({ signal }) =>
      api<TCreditLedger>('/credits/entries', { query: owner ? ownerQuery(owner) : {}, signal, silent: true }),
    enabled: owner !== null,
  });
}

/** Customers or agencies whose name matches, to open a ledger that has no entry yet. */
export function useOwnerSearch(kind: TOwnerKind, search: string) {
  return useQuery({
    queryKey: creditKeys.owners(kind, search),
    queryFn: async ({ signal }) => {
      const path = kind === 'customer' ? '/customers' : '/agencies';
      const sort = kind === 'customer' ? 'fullName' : 'name';
      const answer = await api<TListAnswer<{ id: number; fullName?: string; name?: string }>>(path, {
        query: { search, sort, size: 20 },
        signal,
      });
      return answer.data.map((row) => ({
        value: String(row.id),
        label: row.fullName ?? row.name ?? `#${row.id}`,
      }));
    },
  });
}

export function useAddCreditEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCreditEntry) =>
      api<TCreditEntry>('/credits/entries', { method: 'POST', body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: creditKeys.all }),
  });
}
