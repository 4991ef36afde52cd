import type { TXeroInvoice, TXeroInvoiceStates } from '@atoll/domain/plugins/xero';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api } from '../../app/api.ts';

// The invoices screens' Xero calls (docs/domain/xero.md): whether Xero is connected and which invoices are in
// it (stored state, no call to Xero), and the push (POST), send again (PUT) and status (GET) of one invoice.

const key = ['xero-invoices'] as const;

/** The Xero state of the listed invoices; asked only by staff who read bookings and while there are some. */
export function useXeroInvoices(invoiceIds: number[], enabled: boolean) {
  const ids = [...new Set(invoiceIds)].sort((a, b) => a - b).join(',');
  const query = useQuery({
    queryKey: [...key, ids],
    queryFn: ({ signal }) =>
      api<TXeroInvoiceStates>('/api/plugins/xero/invoices', { query: { ids }, signal, silent: true }),
    enabled: enabled && ids !== '',
    staleTime: 30_000,
  });
  const byInvoice = new Map((query.data?.invoices ?? []).map((i) => [i.invoiceId, i]));
  return { connected: query.data?.connected === true, byInvoice };
}

export type TXeroAction = 'push' | 'again' | 'status';
const CALLS: Record<TXeroAction, 'POST' | 'PUT' | 'GET'> = { push: 'POST', again: 'PUT', status: 'GET' };

/** One call on an invoice in Xero; the caller shows Xero's reason when it fails (no message bar). */
export function useXeroInvoiceCall(invoiceId: number) {
  const client = useQueryClient();
  return useMutation<TXeroInvoice, ApiError, TXeroAction>({
    mutationFn: (action) =>
      api<TXeroInvoice>(`/api/plugins/xero/invoice/${invoiceId}`, { method: CALLS[action], silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
