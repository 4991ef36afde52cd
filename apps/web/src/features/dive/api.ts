import type { TDayGuest } from '@atoll/domain/dive';
import type { TDiveOverview, TDivePlan, TDiveStatistics, TPlannedDiver } from '@atoll/domain/dive/plan';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';

// The dive day's calls beyond the generic lists (spec platform §2 "Dive"): the trips of a day, who may
// join them, logging a trip, the overview and the statistics.

export const diveKeys = {
  options: (resource: string) => [resource, 'options'] as const,
  day: (date: string) => ['diveplan', 'day', date] as const,
  divers: (date: string) => ['diveplan', 'divers', date] as const,
  overview: (date: string) => ['divelog', 'overview', date] as const,
  stats: (from: string, to: string) => ['divelog', 'stats', from, to] as const,
};

export type TOption = { value: string; label: string };

/** Active records of a dive resource as picker options (sites, boats, types, employees, the dive products). */
export function useDiveOptions(
  resource: 'divesite' | 'diveboat' | 'divetype' | 'employee' | 'product',
  filter = {},
) {
  return useQuery({
    queryKey: [...diveKeys.options(resource), filter],
    queryFn: ({ signal }) =>
      api<TListAnswer<{ id: number; name: string }>>(`/${resource}`, {
        query: { size: 0, sort: 'name', filter: JSON.stringify({ isActive: true, ...filter }) },
        signal,
      }),
    select: (answer): TOption[] => answer.data.map((r) => ({ value: String(r.id), label: r.name })),
  });
}

export function useDayPlans(date: string) {
  return useQuery({
    queryKey: diveKeys.day(date),
    queryFn: ({ signal }) =>
      api<TListAnswer<TDivePlan>>('/diveplan', {
        query: { size: 0, sort: 'time', filter: JSON.stringify({ date }) },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

export function useDayDivers(date: string) {
  return useQuery({
    queryKey: diveKeys.divers(date),
    queryFn: ({ signal }) => api<{ data: TPlannedDiver[] }>('/diveplan/divers', { query: { date }, signal }),
    select: (answer) => answer.data,
  });
}

/** Writes of the plan screen; each refreshes the day's trips and divers. */
export function usePlanWrites(date: string) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: diveKeys.day(date) });
    void client.invalidateQueries({ queryKey: diveKeys.divers(date) });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
        api<TDivePlan>(id ? `/diveplan/${id}` : '/diveplan', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/diveplan/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    log: useMutation({
      mutationFn: (id: number) =>
        api<{ logged: number; charged: number; unchargedBookings: number[] }>(`/diveplan/${id}/log`, {
          method: 'POST',
        }),
      onSuccess: refresh,
    }),
    addGuest: useMutation({
      mutationFn: (body: Record<string, unknown>) => api<TDayGuest>('/dayguest', { method: 'POST', body }),
      onSuccess: refresh,
    }),
  };
}

export function useDiveOverview(date: string) {
  return useQuery({
    queryKey: diveKeys.overview(date),
    queryFn: ({ signal }) => api<TDiveOverview>('/divelog/overview', { query: { date }, signal }),
  });
}

export function useDiveStatistics(from: string, to: string) {
  return useQuery({
    queryKey: diveKeys.stats(from, to),
    queryFn: ({ signal }) => api<TDiveStatistics>('/divelog/statistics', { query: { from, to }, signal }),
    enabled: from <= to,
  });
}

export const importUddf = (customerId: number, uddf: string) =>
  api<{ imported: number; skipped: number }>(`/divelog/uddf/${customerId}`, {
    method: 'POST',
    body: { uddf },
  });
