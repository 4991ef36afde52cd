import type { TCreateUser, TUpdateUser, TUser, ZCreateRole, ZRole } from '@atoll/domain/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListQuery } from '../../components/useListState.ts';

export type TRole = ReturnType<typeof ZRole.parse>;
export type TSaveRole = Partial<ReturnType<typeof ZCreateRole.parse>>;
export type TScopeGroup = { group: string; scopes: string[] };
export type TRoleOption = { id: number; name: string };

/** Query keys of users (TanStack Query key factory): invalidate `lists()` to refresh every list. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...userKeys.lists(), query] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
};

export const roleKeys = {
  all: ['userrole'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...roleKeys.lists(), query] as const,
  details: () => [...roleKeys.all, 'detail'] as const,
  detail: (id: number) => [...roleKeys.details(), id] as const,
  /** Id and name of every role (`GET /api/users/roles`), for the user form. */
  options: () => [...roleKeys.all, 'options'] as const,
  /** The scope catalogue (`GET /api/userrole/groups`). */
  groups: () => [...roleKeys.all, 'groups'] as const,
};

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TUser>(`/users/${id}`, { signal, silent: true }),
    enabled: id !== undefined,
  });
}

export function useRoleOptions() {
  return useQuery({
    queryKey: roleKeys.options(),
    queryFn: ({ signal }) => api<TRoleOption[]>('/users/roles', { signal }),
  });
}

export function useScopeGroups() {
  return useQuery({
    queryKey: roleKeys.groups(),
    queryFn: ({ signal }) => api<TScopeGroup[]>('/userrole/groups', { signal }),
    // The catalogue changes only with a new server version, which reloads all queries anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSaveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TCreateUser | TUpdateUser }) =>
      api<TUser>(id ? `/users/${id}` : '/users', { method: 'POST', body }),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(user.id), user);
      void client.invalidateQueries({ queryKey: userKeys.lists() });
      // One's own rights or settings may have changed: the session learns them from the bootstrap.
      void client.invalidateQueries({ queryKey: ['bootstrap'] });
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/users/${id}`, { method: 'DELETE' }),
    // The detail stays cached until its page is gone: removing it now would make the still-open page
    // fetch the deleted user again (404) before it navigates away.
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export function useCopyUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TUser>(`/users/${id}/copy`, { method: 'POST' }),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(user.id), user);
      void client.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useSetUserPassword() {
  return useMutation({
    mutationFn: ({ id, password, keepStatus }: { id: number; password: string; keepStatus: boolean }) =>
      api<{ ok: true }>(`/users/${id}/password`, { method: 'POST', body: { password, keepStatus } }),
  });
}

export function useRole(id: number | undefined) {
  return useQuery({
    queryKey: roleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TRole>(`/userrole/${id}`, { signal, silent: true }),
    enabled: id !== undefined,
  });
}

/** After a role changed: its lists, the role choice of the user form, and users' effective rights. */
function useRoleChanged() {
  const client = useQueryClient();
  return (role?: TRole) => {
    if (role) client.setQueryData(roleKeys.detail(role.id), role);
    void client.invalidateQueries({ queryKey: roleKeys.lists() });
    void client.invalidateQueries({ queryKey: roleKeys.options() });
    void client.invalidateQueries({ queryKey: ['bootstrap'] });
  };
}

export function useSaveRole() {
  const changed = useRoleChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TSaveRole }) =>
      api<TRole>(id ? `/userrole/${id}` : '/userrole', { method: 'POST', body }),
    onSuccess: (role) => changed(role),
  });
}

export function useDeleteRole() {
  const changed = useRoleChanged();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/userrole/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      // Users lose the deleted role (the server removes it from their role lists).
      void client.invalidateQueries({ queryKey: userKeys.all });
      changed();
    },
  });
}

export function useCopyRole() {
  const changed = useRoleChanged();
  return useMutation({
    mutationFn: (id: number) => api<TRole>(`/userrole/${id}/copy`, { method: 'POST' }),
    onSuccess: (role) => changed(role),
  });
}
