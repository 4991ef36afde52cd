import type { FormField, FormFieldError } from '@atoll/domain/forms/rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

// Custom forms (spec booking §7 "Forms"): definitions (/api/formdef, generic resource hooks), sent forms
// (/api/form) and the guest's form by token. This file is also loaded by the public entry: no zod here.

export type TLocalText = { de?: string; en?: string };

export type TFormDef = {
  id: number;
  name: string;
  title: TLocalText;
  fields: FormField[];
  active: boolean;
  formCount?: number;
};

export type TSentForm = {
  id: number;
  formDefId: number;
  formDefName: string | null;
  token?: string;
  customerId: number | null;
  customerName?: string | null;
  bookingId: number | null;
  bookingNo?: string | null;
  language: string;
  status: 'open' | 'submitted';
  data: Record<string, unknown>;
  submittedAt: string | null;
  createdAt: string;
  link?: string;
};

/** GET /api/form/{id}: the form with its definition. */
export type TFormView = TSentForm & { title: TLocalText; fields: FormField[] };

export const formKeys = {
  ...resourceKeys('form'),
  defs: () => ['formdef', 'all'] as const,
  public: (id: string, token: string) => ['form', 'public', id, token] as const,
  customers: (search: string) => ['customers', 'formSend', search] as const,
};
export const formDefKeys = resourceKeys('formdef');

/** Server field errors (path `data.<key>`) as { key: message }. */
export function fieldErrorsOf(
  details: { path: string; message: string }[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details ?? []) out[d.path.replace(/^data\./, '')] = d.message;
  return out;
}
export const errorsByKey = (errors: FormFieldError[]) =>
  Object.fromEntries(errors.map((e) => [e.path, e.message]));

/** The guest's form: GET /api/form/{id}?token=… (public). */
export function usePublicForm(id: string, token: string) {
  return useQuery({
    queryKey: formKeys.public(id, token),
    queryFn: ({ signal }) => api<TFormView>(`/form/${id}`, { query: { token }, signal, silent: true }),
    enabled: Boolean(id && token),
    retry: false,
  });
}

export function useSubmitForm(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      api<TFormView>(`/form/${id}`, { method: 'POST', query: { token }, body: { data }, silent: true }),
    onSuccess: (view) => client.setQueryData(formKeys.public(id, token), view),
  });
}

/** Staff: one sent form with its definition. */
export function useFormView(id: number | null) {
  return useQuery({
    queryKey: formKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TFormView>(`/form/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** Active definitions for the send dialog. */
export function useFormDefs() {
  return useQuery({
    queryKey: formKeys.defs(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TFormDef>>('/formdef', {
        query: { size: 0, sort: 'name', filter: JSON.stringify({ active: true }) },
        signal,
      }),
    select: (answer) => answer.data,
  });
}

export type TCustomerHit = { id: number; fullName: string; email: string | null };

export function useCustomerHits(search: string) {
  return useQuery({
    queryKey: formKeys.customers(search),
    queryFn: ({ signal }) =>
      api<TListAnswer<TCustomerHit>>('/customers', { query: { search, size: 10 }, signal, silent: true }),
    select: (answer) => answer.data,
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export type TSendForm = {
  formDefId: number;
  customerId?: number | null;
  bookingId?: number | null;
  language: 'de' | 'en';
  sendMail?: boolean;
};

export function useSendForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendForm) => api<TSentForm>('/form', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: formKeys.lists() }),
  });
}

export function useFormActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: formKeys.all });
  return {
    copy: useMutation({
      mutationFn: (id: number) => api<TSentForm>(`/form/${id}/copy`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<{ id: number }>(`/form/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
