import type { TPort } from '@atoll/domain/geo';
import type {
  TCopySeasonAnswer,
  TCreateSchedule,
  TCreateTour,
  TDeparture,
  TSchedule,
  TScheduleCustomer,
  TScheduleInfo,
  TTour,
  TUpdateSchedule,
} from '@atoll/domain/inventory/tours';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';

export type TNamedOption = { id: number; name: string };
/** What the departure list asks `tours/booking` for. */
export type TDepartureQuery = { page: number; size: number; filter: string };

/** Query keys of tours and departures (TanStack Query key factory). */
export const tourKeys = {
  all: ['tours'] as const,
  lists: () => [...tourKeys.all, 'list'] as const,
  list: (query: object) => [...tourKeys.lists(), query] as const,
  options: () => [...tourKeys.all, 'options'] as const,
  detail: (id: number) => [...tourKeys.all, 'detail', id] as const,
};
export const scheduleKeys = {
  all: ['schedules'] as const,
  departures: (query: TDepartureQuery) => [...scheduleKeys.all, 'departures', query] as const,
  capacities: (ids: number[]) => [...scheduleKeys.all, 'capacities', ids] as const,
  detail: (id: number) => [...scheduleKeys.all, 'detail', id] as const,
  info: (id: number) => [...scheduleKeys.all, 'info', id] as const,
  customers: (id: number) => [...scheduleKeys.all, 'customers', id] as const,
};

const OPTIONS_STALE_MS = 60_000;
const named = (path: string, enabled = true) => ({
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<TListAnswer<TNamedOption>>(path, { query: { size: 0, sort: 'name' }, signal, silent: true }),
  select: (answer: TListAnswer<TNamedOption>) => answer.data,
  staleTime: OPTIONS_STALE_MS,
  enabled,
});

/**
 * Vessels, destinations and ports for the pickers (master data of other screens). Silent: a user who
 * may not read them (geography is `settings.read`) gets empty pickers, not an error on every visit.
 */
export const useVesselOptions = (enabled = true) =>
  useQuery({ queryKey: ['vessel', 'options'], ...named('/vessel', enabled) });
export const useDestinationOptions = () =>
  useQuery({ queryKey: ['destination', 'options'], ...named('/destination') });
export const usePortOptions = () =>
  useQuery({
    queryKey: ['port', 'options'],
    queryFn: ({ signal }) =>
      api<TListAnswer<TPort>>('/port', { query: { size: 0, sort: 'name' }, signal, silent: true }),
    select: (answer) => answer.data,
    staleTime: OPTIONS_STALE_MS,
  });

export function useTourOptions() {
  return useQuery({
    queryKey: tourKeys.options(),
    queryFn: ({ signal }) => api<TListAnswer<TTour>>('/tours', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data,
  });
}

export function useTour(id: number | null) {
  return useQuery({
    queryKey: tourKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TTour>(`/tours/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useSaveTour() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Partial<TCreateTour> }) =>
      api<TTour>(id ? `/tours/${id}` : '/tours', { method: 'POST', body, silent: true }),
    onSuccess: (tour) => {
      client.setQueryData(tourKeys.detail(tour.id), tour);
      void client.invalidateQueries({ queryKey: tourKeys.lists() });
      void client.invalidateQueries({ queryKey: tourKeys.options() });
    },
  });
}

export function useDeleteTour() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/tours/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tourKeys.all }),
  });
}

/** A page of departures with names (`GET /api/tours/booking`). */
export function useDepartures(query: TDepartureQuery) {
  return useQuery({
    queryKey: scheduleKeys.departures(query),
    queryFn: ({ signal }) =>
      api<TListAnswer<TDeparture>>('/tours/booking', { query: { ...query }, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Free cabins and berths of these departures: `tours/booking?available=1` answers the ones with room
 * left, so a departure missing from the answer is full (or cancelled).
 */
export function useCapacities(ids: number[]) {
  return useQuery({
    queryKey: scheduleKeys.capacities(ids),
    queryFn: ({ signal }) =>
      api<TListAnswer<TDeparture>>('/tours/booking', {
        query: { available: 1, size: 0, filter: JSON.stringify({ id: { $in: ids } }) },
        signal,
        silent: true,
      }),
    select: (answer) => new Map(answer.data.map((d) => [d.id, d])),
    enabled: ids.length > 0,
  });
}

export function useSchedule(id: number | null) {
  return useQuery({
    queryKey: scheduleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TSchedule>(`/schedules/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useScheduleInfo(id: number | null) {
  return useQuery({
    queryKey: scheduleKeys.info(id ?? 0),
    queryFn: ({ signal }) => api<TScheduleInfo>(`/schedules/${id}/info`, { signal, silent: true }),
    enabled: id !== null,
  });
}

export function useScheduleCustomers(id: number) {
  return useQuery({
    queryKey: scheduleKeys.customers(id),
    queryFn: ({ signal }) => api<TScheduleCustomer[]>(`/schedules/${id}/customers`, { signal, silent: true }),
  });
}

/** Creates or updates one departure; every schedule view refreshes. */
export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TCreateSchedule | TUpdateSchedule }) =>
      api<TSchedule>(id ? `/schedules/${id}` : '/schedules', { method: 'POST', body, silent: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/schedules/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export type TCopySeason = { vesselId: number; from: string; to: string; years: number };

export function useCopySeason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vesselId, from, to, years }: TCopySeason) =>
      api<TCopySeasonAnswer>(`/schedules/copy/${from}/${to}`, {
        method: 'POST',
        query: { asset: vesselId, addyear: years },
        silent: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
