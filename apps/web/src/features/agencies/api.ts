import type {
  TAgency,
  TAgencyContactRow,
  TAgencyGroup,
  TAgencyLink,
  TAgencyTemplate,
  TAgencyUser,
  TUpdateAgency,
} from '@atoll/domain/agencies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TListQuery } from '../../components/useListState.ts';

export type TTemplateInfo = { key: TAgencyTemplate; name: { de: string; en: string } };

/** Query keys of agencies (TanStack Query key factory): invalidate `lists()` to refresh every list. */
export const agencyKeys = {
  all: ['agencies'] as const,
  lists: () => [...agencyKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...agencyKeys.lists(), query] as const,
  detail: (id: number) => [...agencyKeys.all, 'detail', id] as const,
  contacts: (id: number) => [...agencyKeys.detail(id), 'contacts'] as const,
  links: (id: number) => [...agencyKeys.detail(id), 'links'] as const,
  users: (id: number) => [...agencyKeys.detail(id), 'users'] as const,
  templates: () => [...agencyKeys.all, 'templates'] as const,
};

/** Agency groups share the generic resource keys, so the group screen's changes reach the agency list. */
export const agencyGroupKeys = {
  all: ['agencygroup'] as const,
  options: () => [...agencyGroupKeys.all, 'options'] as const,
};

export function useAgency(id: number | null) {
  return useQuery({
    queryKey: agencyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TAgency>(`/agencies/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** All contacts of one agency (an agency has at most 50). */
export function useAgencyContacts(id: number | null) {
  return useQuery({
    queryKey: agencyKeys.contacts(id ?? 0),
    queryFn: ({ signal }) =>
      api<TListAnswer<TAgencyContactRow>>('/agencies/contacts', {
        query: { agencyId: id, size: 100 },
        signal,
        silent: true,
      }),
    enabled: id !== null,
    select: (answer) => answer.data,
  });
}

/** Every agency group, for filters, the form and the list's group names. */
export function useAgencyGroups(enabled = true) {
  return useQuery({
    queryKey: agencyGroupKeys.options(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TAgencyGroup>>('/agencygroup', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

export function useAgencyTemplates() {
  return useQuery({
    queryKey: agencyKeys.templates(),
    queryFn: ({ signal }) => api<TTemplateInfo[]>('/agencies/templates', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAgencyLinks(id: number) {
  return useQuery({
    queryKey: agencyKeys.links(id),
    queryFn: ({ signal }) => api<TAgencyLink[]>(`/agencies/${id}/link`, { signal }),
  });
}

export function useAgencyUsers(id: number) {
  return useQuery({
    queryKey: agencyKeys.users(id),
    queryFn: ({ signal }) => api<TAgencyUser[]>(`/agencies/${id}/users`, { signal }),
  });
}

export function useSaveAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TUpdateAgency }) =>
      api<TAgency>(id ? `/agencies/${id}` : '/agencies', { method: 'POST', body }),
    onSuccess: (agency) => {
      client.setQueryData(agencyKeys.detail(agency.id), agency);
      void client.invalidateQueries({ queryKey: agencyKeys.contacts(agency.id) });
      void client.invalidateQueries({ queryKey: agencyKeys.lists() });
    },
  });
}

export function useDeleteAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/agencies/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: agencyKeys.lists() }),
  });
}

export function useSaveAgencyLink(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ system, external }: { system: string; external: string }) =>
      api<TAgencyLink>(`/agencies/${id}/link/${encodeURIComponent(system)}`, {
        method: 'POST',
        body: { external },
        silent: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: agencyKeys.links(id) }),
  });
}

export function useDeleteAgencyLink(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (system: string) =>
      api<{ ok: true }>(`/agencies/${id}/link/${encodeURIComponent(system)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: agencyKeys.links(id) }),
  });
}
