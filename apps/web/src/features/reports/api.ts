import type { TOccupancyReport } from '@atoll/domain/bookings/queries';
import type { TReportAnswer } from '@atoll/domain/reports';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api.ts';

// The report calls (spec booking §7 "Reports"): one hook for the column-and-row reports, two for the year
// reports of the bookings module; the filters live in the address (from, to, groupBy).

export type TReportFilters = { from: string; to: string; groupBy?: string };

const year = new Date().getFullYear();
/** The filters of a /stats screen from the address: the calendar year by default. */
export function useReportFilters(): [TReportFilters, (next: Partial<TReportFilters>) => void] {
  const [search, setSearch] = useSearchParams();
  const filters = {
    from: search.get('from') ?? `${year}-01-01`,
    to: search.get('to') ?? `${year + 1}-01-01`,
    groupBy: search.get('groupBy') ?? undefined,
  };
  const update = (next: Partial<TReportFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) if (v) params.set(k, v);
    setSearch(params, { replace: true });
  };
  return [filters, update];
}

const valid = (f: TReportFilters) => f.from !== '' && f.to !== '' && f.from < f.to;

export function useReport(name: string, filters: TReportFilters, extra: Record<string, string> = {}) {
  const query = { ...filters, ...extra };
  return useQuery({
    queryKey: ['reports', name, query],
    queryFn: ({ signal }) => api<TReportAnswer>(`/api/bookings/${name}`, { query, signal }),
    enabled: valid(filters),
  });
}

export function useOccupancy(filters: TReportFilters) {
  const query = { from: filters.from, to: filters.to, groupBy: 'month' };
  return useQuery({
    queryKey: ['reports', 'occupancyPerYear', query],
    queryFn: ({ signal }) => api<TOccupancyReport>('/api/bookings/occupancyPerYear', { query, signal }),
    enabled: valid(filters),
  });
}
