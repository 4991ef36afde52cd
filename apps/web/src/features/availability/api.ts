import type {
  TChannel,
  TResortAvailability,
  TScheduleAvailability,
} from '@atoll/domain/inventory/availability';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export const availabilityKeys = {
  all: ['availability'] as const,
  resort: (id: number, query: { from: string; to: string; channel: TChannel }) =>
    [...availabilityKeys.all, 'resort', id, query] as const,
  schedule: (id: number, channel: TChannel) => [...availabilityKeys.all, 'schedule', id, channel] as const,
};

/** `GET /api/rooms/available/{resort}?from&to&channel`: free rooms per night. */
export function useResortAvailability(
  resortId: number,
  query: { from: string; to: string; channel: TChannel },
) {
  return useQuery({
    queryKey: availabilityKeys.resort(resortId, query),
    queryFn: ({ signal }) =>
      api<TResortAvailability>(`/rooms/available/${resortId}`, { query, signal, silent: true }),
    enabled: query.from < query.to,
    placeholderData: keepPreviousData,
  });
}

/** The departure's cabins and berths; `{id}` of the call is the vessel, the schedule goes in the query. */
export function useScheduleAvailability(vesselId: number | undefined, scheduleId: number, channel: TChannel) {
  return useQuery({
    queryKey: availabilityKeys.schedule(scheduleId, channel),
    queryFn: ({ signal }) =>
      api<TScheduleAvailability>(`/rooms/available/${vesselId}`, {
        query: { schedule: scheduleId, channel },
        signal,
        silent: true,
      }),
    enabled: vesselId !== undefined,
  });
}
