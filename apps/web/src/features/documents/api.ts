import type { TBookingDocument, TInvoice, TInvoiceListQuery, TPublicInvoice } from '@atoll/domain/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';

// The documents' and invoices' calls (spec booking §7 Bookings GET/POSTs; /api/invoices, an addition to the spec).

export const documentKeys = {
  invoices: (query: Partial<TInvoiceListQuery>) => ['invoices', 'list', query] as const,
  bookingDocuments: (bookingId: number) => ['invoices', 'documents', bookingId] as const,
  publicInvoice: (token: string) => ['invoices', 'public', token] as const,
};

export function useInvoices(query: Partial<TInvoiceListQuery>, enabled = true) {
  return useQuery({
    queryKey: documentKeys.invoices(query),
    queryFn: ({ signal }) => api<TListAnswer<TInvoice>>('/api/invoices', { query, signal }),
    enabled,
  });
}

export function useBookingDocuments(bookingId: number) {
  return useQuery({
    queryKey: documentKeys.bookingDocuments(bookingId),
    queryFn: ({ signal }) => api<TBookingDocument[]>(`/api/bookings/${bookingId}/documents`, { signal }),
  });
}

/** `POST /api/bookings/{id}/store` with template invoice: issues the invoice and keeps its PDF. */
export function useIssueInvoice(bookingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ document: TBookingDocument; invoiceId: number | null }>(`/api/bookings/${bookingId}/store`, {
        method: 'POST',
        body: { template: 'invoice', store: true },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['invoices'] }),
  });
}

/** `POST /api/invoices/{id}/cancel`: the cancellation invoice. */
export function useCancelInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: number) => api<TInvoice>(`/api/invoices/${invoiceId}/cancel`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['invoices'] }),
  });
}

/** `POST /api/bookings/{id}/invoice/public`: the signed public link of the latest invoice. */
export function usePublicLink(bookingId: number) {
  return useMutation({
    mutationFn: () =>
      api<{ url: string; number: string }>(`/api/bookings/${bookingId}/invoice/public`, {
        method: 'POST',
        body: { level: 'public' },
      }),
  });
}

export function usePublicInvoice(token: string) {
  return useQuery({
    queryKey: documentKeys.publicInvoice(token),
    queryFn: ({ signal }) =>
      api<TPublicInvoice>(`/api/invoices/public/${encodeURIComponent(token)}`, { signal, silent: true }),
    retry: false,
  });
}

/** `POST /api/bookings/{id}/upload`: keeps a file (image or PDF) with the booking; `optimize` re-encodes images. */
export function useUploadBookingFile(bookingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, optimize }: { file: File; optimize: boolean }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api<TBookingDocument>(`/api/bookings/${bookingId}/upload`, {
        method: 'POST',
        query: { optimize: optimize ? '1' : '0' },
        body,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.bookingDocuments(bookingId) }),
  });
}

/** Deletes an uploaded file (kept documents stay). */
export function useDeleteBookingFile(bookingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) =>
      api<{ id: number }>(`/api/bookings/${bookingId}/documents/${documentId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.bookingDocuments(bookingId) }),
  });
}
