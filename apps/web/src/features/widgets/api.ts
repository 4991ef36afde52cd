import type { TPublicWidget, TWidget, TWidgetAction, TWidgetStats } from '@atoll/domain/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

// The widget calls: the generic resource /api/widget, its stats, and for the public
// page the widget by slug and the tracking call. Only `import type` from the domain: the public entry
// must not pull zod.

export const widgetKeys = {
  ...resourceKeys('widget'),
  all: ['widget'] as const,
  everything: () => ['widget', 'all'] as const,
  stats: (id: number, from: string, to: string) => ['widget', 'stats', id, from, to] as const,
  bySlug: (slug: string) => ['widget', 'slug', slug] as const,
  assets: (type: 'resort' | 'vessel') => ['widget', 'assets', type] as const,
};

export function useWidgets() {
  return useQuery({
    queryKey: widgetKeys.everything(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TWidget>>('/widget', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data,
  });
}

export function useWidget(id: number | null) {
  return useQuery({
    queryKey: widgetKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TWidget>(`/widget/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The resorts or vessels a widget may show (id and name). */
export function useWidgetAssets(type: 'resort' | 'vessel') {
  return useQuery({
    queryKey: widgetKeys.assets(type),
    queryFn: ({ signal }) =>
      api<TListAnswer<{ id: number; name: string }>>(`/${type}`, {
        query: { size: 0, sort: 'name' },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

export function useSaveWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      api<TWidget>(id ? `/widget/${id}` : '/widget', { method: 'POST', body, silent: true }),
    onSuccess: (row) => {
      client.setQueryData(widgetKeys.detail(row.id), row);
      void client.invalidateQueries({ queryKey: widgetKeys.all });
    },
  });
}

export function useDeleteWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/widget/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: widgetKeys.all }),
  });
}

export function useWidgetStats(id: number | null, from: string, to: string) {
  return useQuery({
    queryKey: widgetKeys.stats(id ?? 0, from, to),
    queryFn: ({ signal }) => api<TWidgetStats>(`/widget/${id}/stats`, { query: { from, to }, signal }),
    enabled: id !== null && from !== '' && to !== '' && from <= to,
  });
}

/** The public page's widget: 404 for unknown or inactive slugs (shown by the page, no message bar). */
export function usePublicWidget(slug: string) {
  return useQuery({
    queryKey: widgetKeys.bySlug(slug),
    queryFn: ({ signal }) =>
      api<TPublicWidget>(`/widget/slug/${encodeURIComponent(slug)}`, { signal, silent: true }),
    enabled: slug !== '',
    retry: false,
  });
}

/** Reports a funnel step; failures are ignored (tracking never disturbs the guest). */
export function trackWidget(widgetId: number, visitor: string, action: TWidgetAction, bookingId?: number) {
  return api(`/widget/t/${widgetId}/${visitor}/${action}`, {
    method: 'POST',
    body: bookingId === undefined ? {} : { bookingId },
    silent: true,
  }).catch(() => undefined);
}

/** The embed code of a widget: the loader script, or an iframe alone. */
export function embedSnippets(origin: string, slug: string, title: string) {
  return {
    script: `<script src="${origin}/widget.js" data-atoll-widget="${slug}" async></script>`,
    iframe: `<iframe src="${origin}/widget/${slug}?embed=1" title="${title}" style="width:100%;height:900px;border:0" loading="lazy"></iframe>`,
  };
}
