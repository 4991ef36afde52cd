import type { TGuestFormStatus, TGuestFormView } from '@atoll/domain/guestforms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

// The guest-form calls (spec platform §7 "Guest forms"). The guest's calls carry the form's token; the
// office's calls the session. Used by the public pages (light entry) and the back office alike.

export type TGuestForm = TGuestFormView;
export type TGuestFormLink = {
  id: number;
  bookingGuestId: number | null;
  guestName: string | null;
  status: TGuestFormStatus;
  link: string;
  multiLink: string;
};
export type TGuestFormDiff = {
  formId: number;
  customerId: number | null;
  fields: { answer: string; field: string; form: string | null; customer: string | null; differs: boolean }[];
};

export const guestFormKeys = {
  all: ['guestform'] as const,
  list: (query: unknown) => ['guestform', 'list', query] as const,
  one: (id: number, token?: string) => ['guestform', 'one', id, token ?? null] as const,
  linked: (id: number, token?: string) => ['guestform', 'linked', id, token ?? null] as const,
  links: (bookingId: number) => ['guestform', 'links', bookingId] as const,
  diff: (id: number) => ['guestform', 'diff', id] as const,
};

export function useGuestForm(id: number, token: string | undefined) {
  return useQuery({
    queryKey: guestFormKeys.one(id, token),
    queryFn: ({ signal }) =>
      api<TGuestForm>(`/api/guestform/${id}`, { query: { token }, signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });
}

export function useLinkedGuestForms(id: number, token: string | undefined, enabled = true) {
  return useQuery({
    queryKey: guestFormKeys.linked(id, token),
    queryFn: ({ signal }) =>
      api<TGuestForm[]>(`/api/guestform/${id}/linked`, { query: { token }, signal, silent: true }),
    enabled: enabled && id > 0,
    retry: false,
  });
}

export function useSubmitGuestForm(id: number, token: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      api<TGuestForm>(`/api/guestform/${id}`, {
        method: 'POST',
        query: { token },
        body: { data },
        silent: true,
      }),
    onSuccess: (form) => client.setQueryData(guestFormKeys.one(id, token), form),
  });
}

export function useSubmitLinkedGuestForms(id: number, token: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (forms: { id: number; data: Record<string, unknown> }[]) =>
      api<TGuestForm[]>(`/api/guestform/${id}/linked`, {
        method: 'POST',
        query: { token },
        body: { data: forms },
        silent: true,
      }),
    onSuccess: (forms) => client.setQueryData(guestFormKeys.linked(id, token), forms),
  });
}

// The office

export function useBookingGuestFormLinks(bookingId: number) {
  return useQuery({
    queryKey: guestFormKeys.links(bookingId),
    queryFn: ({ signal }) => api<TGuestFormLink[]>(`/api/guestform/${bookingId}/links`, { signal }),
  });
}

export function useGuestFormDiff(id: number | null) {
  return useQuery({
    queryKey: guestFormKeys.diff(id ?? 0),
    queryFn: ({ signal }) => api<TGuestFormDiff>(`/api/guestform/diff/${id}`, { signal }),
    enabled: id !== null,
  });
}

function useOfficeAction<T>(call: (arg: number) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: guestFormKeys.all }),
  });
}

export const useAddToBooking = () =>
  useOfficeAction((id) => api<TGuestForm>(`/api/guestform/${id}/addToBooking`, { method: 'POST', body: {} }));
export const useSyncWithCustomer = () =>
  useOfficeAction((id) => api(`/api/guestform/${id}/syncWithCustomer`, { method: 'POST', body: {} }));
export const useAddAllToBooking = () =>
  useOfficeAction((bookingId) =>
    api<{ added: number[] }>(`/api/guestform/addAllToBooking/${bookingId}`, { method: 'POST', body: {} }),
  );
