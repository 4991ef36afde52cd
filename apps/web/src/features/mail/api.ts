import type {
  TMailQueueItem,
  TMailStatistics,
  TMailTemplate,
  TMailTemplateState,
  TSendMailAnswer,
} from '@atoll/domain/mail';
import type {
  TMailSchedule,
  TScheduledMail,
  TTestMailAnswer,
  TTestMailSchedule,
} from '@atoll/domain/mail/schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

// The mail calls (spec booking §7 "Mail"): templates, the queue with its statistics and plan, and sending a
// booking's mail. Lists and the account drawer use the generic resource hooks.

export const mailKeys = {
  queue: resourceKeys('mailqueue'),
  templates: resourceKeys('mailtemplate'),
  statistics: () => ['mailqueue', 'statistics'] as const,
  allTemplates: () => ['mailtemplate', 'all'] as const,
  body: (id: number) => ['mailqueue', 'body', id] as const,
};

export function useMailStatistics() {
  return useQuery({
    queryKey: mailKeys.statistics(),
    queryFn: ({ signal }) => api<TMailStatistics>('/mailqueue/statistics', { query: { days: 14 }, signal }),
  });
}

export function useMailTemplate(id: number | null) {
  return useQuery({
    queryKey: mailKeys.templates.detail(id ?? 0),
    queryFn: ({ signal }) => api<TMailTemplate>(`/mail/template/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** Every active template, by name (the send dialog). */
export function useActiveMailTemplates(enabled = true) {
  return useQuery({
    queryKey: mailKeys.allTemplates(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TMailTemplate>>('/mail/template', {
        query: { size: 0, sort: 'name', filter: JSON.stringify({ isActive: true }) },
        signal,
      }),
    select: (answer) => answer.data,
    enabled,
  });
}

export function useSaveMailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      api<TMailTemplate>(id ? `/mail/template/${id}` : '/mail/template', { method: 'POST', body }),
    onSuccess: (row) => {
      client.setQueryData(mailKeys.templates.detail(row.id), row);
      void client.invalidateQueries({ queryKey: ['mailtemplate'] });
    },
  });
}

export function useDeleteMailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/mail/template/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mailtemplate'] }),
  });
}

const refreshQueue = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ['mailqueue'] });

/** `POST /api/mailqueue/{id}/plan` without a time: send (again) now. */
export function usePlanMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TMailQueueItem>(`/mailqueue/${id}/plan`, { method: 'POST', body: {} }),
    onSuccess: () => refreshQueue(client),
  });
}

export function useCancelMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<TMailQueueItem>(`/mailqueue/${id}`, { method: 'POST', body: { status: 'cancelled' } }),
    onSuccess: () => refreshQueue(client),
  });
}

export type TSendBookingMailBody = {
  bookingId: number;
  templateId?: number;
  state?: TMailTemplateState;
  to?: string;
  force?: boolean;
};

export function useSendBookingMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendBookingMailBody) =>
      api<TSendMailAnswer>('/bookings/sendMail', { method: 'POST', body }),
    onSuccess: () => refreshQueue(client),
  });
}

/** The mail scheduler's planned mails (`GET /api/mailschedule/scheduled`). */
export const scheduledKeys = {
  all: () => ['mailschedule', 'scheduled'] as const,
  list: (query: TScheduledQuery) => ['mailschedule', 'scheduled', query] as const,
};
export type TScheduledQuery = { from: string; to: string; scheduleId?: number | undefined };

export function useScheduledMails(query: TScheduledQuery) {
  return useQuery({
    queryKey: scheduledKeys.list(query),
    queryFn: ({ signal }) =>
      api<{ data: TScheduledMail[]; total: number }>('/mailschedule/scheduled', { query, signal }),
    select: (answer) => answer.data,
    enabled: query.from !== '' && query.to !== '' && query.from <= query.to,
  });
}

export function useSkipScheduledMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ id: string }>(`/mailschedule/scheduled/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduledKeys.all() }),
  });
}

export function useTestMailSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TTestMailSchedule }) =>
      api<TTestMailAnswer>(`/mailschedule/${id}/test`, { method: 'POST', body }),
    onSuccess: () => refreshQueue(client),
  });
}

/** Every rule of the scheduler by name (the planned mails' filter). */
export function useMailScheduleRules() {
  return useQuery({
    queryKey: ['mailschedule', 'options'] as const,
    queryFn: ({ signal }) =>
      api<TListAnswer<TMailSchedule>>('/mailschedule', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data,
  });
}
