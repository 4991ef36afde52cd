import type { TContest, TContestStanding, TContestSubscribe } from '@atoll/domain/contests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

// The contest calls (spec booking "Contest"): the list and drawer use the generic resource hooks; these are
// the contests on offer for an agent, the standing and subscribing.

export const contestKeys = {
  ...resourceKeys('contest'),
  offered: () => ['contest', 'offered'] as const,
  standing: (id: number) => ['contest', 'standing', id] as const,
};

/** The contests an agent sees (the active ones), newest period first. */
export function useOfferedContests() {
  return useQuery({
    queryKey: contestKeys.offered(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TContest>>('/contest', { query: { size: 0, sort: 'from', order: -1 }, signal }),
    select: (answer) => answer.data,
  });
}

/** `GET /api/contest/{id}/subscription`: the whole standing for the office, the own line for an agent. */
export function useContestStanding(id: number) {
  return useQuery({
    queryKey: contestKeys.standing(id),
    queryFn: ({ signal }) => api<TContestStanding>(`/contest/${id}/subscription`, { signal }),
  });
}

/** Subscribes or unsubscribes an agency, then reads the standing again. */
export function useContestSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'subscribe' | 'unsubscribe'; body: TContestSubscribe }) =>
      api(`/contest/${action}`, { method: 'POST', body }),
    onSuccess: (_answer, { body }) =>
      client.invalidateQueries({ queryKey: contestKeys.standing(body.contestId) }),
  });
}
