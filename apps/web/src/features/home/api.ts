import type { TBookingSummary } from '@atoll/domain/bookings';
import type { TOccupancyReport } from '@atoll/domain/bookings/queries';
import type { TAgencyDashboard, TOfficeDashboard } from '@atoll/domain/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';

export type TNotification = {
  id: number;
  type: string;
  text: string;
  data: Record<string, unknown>;
  createdAt: string;
  read: boolean;
};
type TNotifications = { data: TNotification[]; total: number; unread: number };

export const homeKeys = {
  all: ['home'] as const,
  notifications: (userId: number) => [...homeKeys.all, 'notifications', userId] as const,
};

/** The last 30 days of events for the user (GET /api/events/notifications), when they may read them. */
export const useNotifications = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.notifications(userId),
    queryFn: () => api<TNotifications>('/events/notifications', { silent: true }),
    enabled,
  });

/** The agent's agency at a glance (GET /api/dashboard/agency). */
export const useAgencyDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: [...homeKeys.all, 'agency'] as const,
    queryFn: ({ signal }) => api<TAgencyDashboard>('/dashboard/agency', { signal }),
    enabled,
  });

/** The customer's own bookings, latest travel first (the server lists a customer only theirs). */
export const useOwnBookings = (enabled: boolean) =>
  useQuery({
    queryKey: [...homeKeys.all, 'ownBookings'] as const,
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingSummary>>('/bookings', {
        query: { size: 20, sort: 'from', order: -1 },
        signal,
      }),
    enabled,
  });

/** The office's day: arrivals, departures, options, overdue, guest forms, todos, departures ahead. */
export const useOfficeDashboard = () =>
  useQuery({
    queryKey: [...homeKeys.all, 'office'] as const,
    queryFn: ({ signal }) => api<TOfficeDashboard>('/dashboard/office', { signal }),
  });

/** Resort occupancy per day over [from, to) (GET /api/bookings/occupancyPerYear). */
export const useOccupancyAhead = (range: { from: string; to: string } | undefined) =>
  useQuery({
    queryKey: [...homeKeys.all, 'occupancy', range] as const,
    queryFn: ({ signal }) =>
      api<TOccupancyReport>('/bookings/occupancyPerYear', {
        query: { ...range, groupBy: 'day' },
        signal,
      }),
    enabled: range !== undefined,
  });
