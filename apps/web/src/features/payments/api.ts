import type { TPaymentCreate } from '@atoll/domain/payments';
import type {
  TCheckoutAnswer,
  TDeparturePayments,
  TKeepCredit,
  TPaymentListItem,
  TPaymentProvider,
  TPaymentProviderCreate,
  TPaymentResult,
  TPaymentWriteAnswer,
  TPayOptions,
  TUseCredit,
} from '@atoll/domain/payments/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { bookingKeys } from '../bookings/api.ts';

// The payments calls (spec booking §7 Payments, Bookings, Online booking): a booking's payments and the
// writes on them (each refreshes the booking, whose balance and lines follow), the providers, the
// agency's payments and the guest's payment result.

export const paymentKeys = {
  all: ['payments'] as const,
  ofBooking: (bookingId: number) => ['payments', 'booking', bookingId] as const,
  agency: (agencyId: number, from: string, to: string) => ['payments', 'agency', agencyId, from, to] as const,
  providers: () => ['payprovider', 'all'] as const,
  departure: (scheduleId: number) => ['payments', 'departure', scheduleId] as const,
  payOptions: (bookingId: number) => ['payments', 'payOptions', bookingId] as const,
  result: (kind: string, bookingId: number, proof: string) =>
    ['paymentResult', kind, bookingId, proof] as const,
};

export function useBookingPayments(bookingId: number) {
  return useQuery({
    queryKey: paymentKeys.ofBooking(bookingId),
    queryFn: ({ signal }) =>
      api<TListAnswer<TPaymentListItem>>('/payments', {
        query: { size: 0, sort: 'date', order: 1, filter: JSON.stringify({ bookingId }) },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

/** A departure's bookings with their payments and the sums per currency. */
export function useDeparturePayments(tourId: number, scheduleId: number) {
  return useQuery({
    queryKey: paymentKeys.departure(scheduleId),
    queryFn: ({ signal }) =>
      api<TDeparturePayments>(`/tours/${tourId}/${scheduleId}/payments`, { signal, silent: true }),
  });
}

/** After a payment write: the booking (balance, lines, version) and its payments are read again. */
function useRefresh(bookingId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: paymentKeys.all }),
      client.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) }),
    ]);
}

export function useAddPayment(bookingId: number) {
  const refresh = useRefresh(bookingId);
  return useMutation({
    mutationFn: (body: Partial<TPaymentCreate>) =>
      api<TPaymentWriteAnswer>(`/bookings/${bookingId}/payment`, { method: 'POST', body, silent: true }),
    onSuccess: refresh,
  });
}

export function useDeletePayment(bookingId: number) {
  const refresh = useRefresh(bookingId);
  return useMutation({
    mutationFn: (paymentId: number) =>
      api<TPaymentWriteAnswer>(`/bookings/payment/${paymentId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useUseCredit(bookingId: number) {
  const refresh = useRefresh(bookingId);
  return useMutation({
    mutationFn: (body: TUseCredit) =>
      api<TPaymentWriteAnswer>(`/bookings/${bookingId}/payment/credit`, {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: refresh,
  });
}

export function useKeepCredit(bookingId: number) {
  const refresh = useRefresh(bookingId);
  return useMutation({
    mutationFn: (body: TKeepCredit) =>
      api<TPaymentWriteAnswer>(`/bookings/${bookingId}/payment/keepCredit`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useProviders(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.providers(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TPaymentProvider>>('/payprovider', { query: { size: 0, sort: 'sort' }, signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

export type TProviderBody = Partial<Omit<TPaymentProviderCreate, 'secrets'>> & {
  secrets?: { apiKey?: string | null; webhookSecret?: string | null };
};

export function useSaveProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TProviderBody }) =>
      api<TPaymentProvider>(id === null ? '/payprovider' : `/payprovider/${id}`, {
        method: 'POST',
        body,
        silent: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payprovider'] }),
  });
}

export function useDeleteProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/payprovider/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payprovider'] }),
  });
}

export function useAgencyPayments(agencyId: number | null, from: string, to: string) {
  return useQuery({
    queryKey: paymentKeys.agency(agencyId ?? 0, from, to),
    queryFn: ({ signal }) =>
      api<TPaymentListItem[]>(`/bookings/agency/payments/${agencyId}`, { query: { from, to }, signal }),
    enabled: agencyId !== null && from !== '' && to !== '' && from <= to,
  });
}

/** What the customer or agent may pay the booking's open amount with (GET /api/book/{id}/payOptions). */
export function usePayOptions(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.payOptions(bookingId),
    queryFn: ({ signal }) => api<TPayOptions>(`/book/${bookingId}/payOptions`, { signal }),
    enabled,
  });
}

/**
 * Starts paying a booking's open amount with a provider (`POST /api/book/{id}/checkout`): as the logged-in
 * user, or with the guest token a public invoice or the online booking carries.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: ({
      bookingId,
      ...body
    }: {
      bookingId: number;
      providerId: number;
      token?: string;
      language?: 'de' | 'en';
    }) => api<TCheckoutAnswer>(`/book/${bookingId}/checkout`, { method: 'POST', body }),
  });
}

export function usePaymentResult(
  kind: 'success' | 'aborted',
  bookingId: number | null,
  proof: { token?: string; sessionId?: string },
) {
  return useQuery({
    queryKey: paymentKeys.result(kind, bookingId ?? 0, JSON.stringify(proof)),
    queryFn: () =>
      api<TPaymentResult>(`/book/${bookingId}/payment/${kind}`, {
        method: 'POST',
        body: proof,
        silent: true,
      }),
    enabled: bookingId !== null && (proof.token !== undefined || proof.sessionId !== undefined),
    // The provider's notification may come a moment after the guest: ask again until it has.
    refetchInterval: (query) => (kind === 'success' && query.state.data?.received === false ? 3000 : false),
    retry: false,
  });
}
