import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

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
