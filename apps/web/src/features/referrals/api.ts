import type { TBookingSummary } from '@atoll/domain/bookings';
import type { TReferral } from '@atoll/domain/referrals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

const keys = resourceKeys('referral');

/** `GET /api/bookings?customerId=`: the bookings of the referred customer, newest travel first. */
export function useBookingsOf(customerId: number | null) {
  return useQuery({
    queryKey: ['bookings', 'ofCustomer', customerId],
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingSummary>>('/bookings', {
        query: { customerId: customerId ?? 0, size: 50 },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
    enabled: customerId !== null,
  });
}

/** The name of a referral's customer (`GET /api/customers/{id}`), for the picker of a stored referral. */
export function useCustomerName(id: number | null) {
  return useQuery({
    queryKey: ['customers', 'detail', id, 'name'],
    queryFn: ({ signal }) => api<{ fullName: string }>(`/customers/${id}`, { signal, silent: true }),
    select: (customer) => customer.fullName,
    enabled: id !== null,
    staleTime: 60_000,
  });
}

/** `POST /api/referral/{id}` to rewarded: the server writes the referrer's credit entry with it. */
export function useReward(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { rewardAmount: string; rewardCurrency: string }) =>
      api<TReferral>(`/referral/${id}`, {
        method: 'POST',
        body: { ...body, status: 'rewarded' },
        silent: true,
      }),
    onSuccess: (saved) => {
      client.setQueryData(keys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: keys.lists() });
      void client.invalidateQueries({ queryKey: ['credits'] });
    },
  });
}
