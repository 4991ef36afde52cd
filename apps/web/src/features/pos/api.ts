import type { TBookingSummary } from '@atoll/domain/bookings';
import type { TOnsiteAccount } from '@atoll/domain/onsite';
import type {
  TPosAssets,
  TPosPaymentAnswer,
  TPosSaleAnswer,
  TPosStats,
  TPosTab,
} from '@atoll/domain/onsite/pos';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

// The counter's calls (spec booking §7 Point of sale). Sales and payments do not call the server directly:
// they go through the offline queue (offline-queue.ts, sync.ts).

export type TPosAnswer = { tab: TPosTab; account: TOnsiteAccount };

export const posKeys = {
  ...resourceKeys('pos'),
  open: () => ['pos', 'open'] as const,
  account: (id: number) => ['pos', 'account', id] as const,
  stats: (from: string, to: string) => ['pos', 'stats', from, to] as const,
};

/** What the sync stored: the server answers a sale or payment with it and the tab's totals only. */
export type TStored =
  | { kind: 'sale'; answer: TPosSaleAnswer }
  | { kind: 'payment'; answer: TPosPaymentAnswer };

/**
 * Puts a stored sale or payment into the cached tab (when the counter has read it): the tab is not read
 * again after every sale of an offline queue. A sale sent again answers the one stored: it is not added twice.
 */
export function mergeStored(client: QueryClient, stored: TStored) {
  const { tab, totals } = stored.answer;
  client.setQueryData<TPosAnswer>(posKeys.account(tab.id), (old) => {
    if (!old) return old;
    const account = { ...old.account, ...totals };
    if (stored.kind === 'sale') {
      const { item } = stored.answer;
      const known = account.items.some((i) => i.id === item.id);
      return { tab, account: { ...account, items: known ? account.items : [...account.items, item] } };
    }
    const { payment } = stored.answer;
    const known = account.payments.some((p) => p.id === payment.id);
    return {
      tab,
      account: { ...account, payments: known ? account.payments : [...account.payments, payment] },
    };
  });
}

/** The open tabs, newest first (kept while offline: the counter still shows them). */
export function useOpenTabs() {
  return useQuery({
    queryKey: posKeys.open(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TPosTab>>('/pos', {
        query: { size: 0, sort: 'id', order: -1, filter: JSON.stringify({ state: 'open' }) },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
    networkMode: 'always',
  });
}

/** The resorts and vessels the cashier works at (a walk-in tab's asset); kept while offline. */
export function usePosAssets() {
  return useQuery({
    queryKey: ['pos', 'assets'],
    queryFn: ({ signal }) => api<TPosAssets>('/pos/assets', { signal, silent: true }),
    staleTime: 10 * 60_000,
    networkMode: 'always',
  });
}

export function useTabAccount(id: number | null) {
  return useQuery({
    queryKey: posKeys.account(id ?? 0),
    queryFn: ({ signal }) => api<TPosAnswer>(`/pos/${id}/account`, { signal, silent: true }),
    enabled: id !== null,
    networkMode: 'always',
  });
}

/** The day's figures; `counted`: the cash counted in the drawer (the answer has the difference to expected). */
export function usePosStats(from: string, to: string, counted?: string) {
  const query = counted ? { from, to, counted } : { from, to };
  return useQuery({
    queryKey: [...posKeys.stats(from, to), counted ?? ''],
    queryFn: ({ signal }) => api<TPosStats>('/pos/stats', { query, signal }),
    placeholderData: (previous) => previous,
  });
}

/** Bookings by number or name, for a room tab. */
export function useBookingSearch(search: string) {
  return useQuery({
    queryKey: ['pos', 'bookingSearch', search],
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingSummary>>('/bookings', { query: { search, size: 8 }, signal }),
    enabled: search.trim().length >= 2,
    select: (answer) => answer.data.filter((b) => b.state === 'confirmed' || b.state === 'planned'),
  });
}

/** Opens a room tab for a booking (online only: the booking is the server's). */
export function useOpenRoomTab() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (booking: TBookingSummary) =>
      api<TPosTab>('/pos', {
        method: 'POST',
        body: { name: booking.customerName ?? booking.bookingNo ?? `#${booking.id}`, bookingId: booking.id },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: posKeys.open() }),
  });
}

export function useResolveTab() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TPosTab[]>('/pos/resolve', { method: 'POST', body: { ids: [id] } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['pos'] }),
  });
}
