import type {
  TAssignBody,
  TBalance,
  TBank,
  TBankEntry,
  TImportResult,
  TPaymentRow,
} from '@atoll/domain/banks';
import type { TBookingSummary } from '@atoll/domain/bookings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiUrl } from '../../app/api.ts';
import { session } from '../../app/session.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';
import { statementFormatOf } from './statementFormat.ts';

// The bank calls (spec platform §7 Banks, Bank entries). The account list and drawer use the generic
// resource hooks (resourceKeys('banks')); these are the entries, import, assignment, balance and the
// payment lists.

export type TEntriesFilter = {
  page: number;
  size: number;
  status: 'all' | 'assigned' | 'unassigned';
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
};
export type TPaymentsFilter = {
  page: number;
  size: number;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
};

export const bankKeys = {
  ...resourceKeys('banks'),
  allBanks: () => ['banks', 'all'] as const,
  entries: (bankId: number, filter: TEntriesFilter) => ['bankentries', bankId, filter] as const,
  entriesOf: (bankId: number) => ['bankentries', bankId] as const,
  balance: (query: Record<string, unknown>) => ['bankentries', 'balance', query] as const,
  payments: (kind: 'manual' | 'temporary', filter: TPaymentsFilter) => ['bankentries', kind, filter] as const,
  bookingSearch: (search: string) => ['bookings', 'bankSearch', search] as const,
};

/** Every bank account, by name (the pickers). */
export function useBanks() {
  return useQuery({
    queryKey: bankKeys.allBanks(),
    queryFn: ({ signal }) => api<TListAnswer<TBank>>('/banks', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data,
  });
}

export function useBankEntries(bankId: number | null, filter: TEntriesFilter) {
  return useQuery({
    queryKey: bankKeys.entries(bankId ?? 0, filter),
    queryFn: ({ signal }) =>
      api<TListAnswer<TBankEntry>>(`/banks/${bankId}/entries`, {
        query: { ...filter },
        signal,
        silent: true,
      }),
    enabled: bankId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCashflow(query: { bankId?: number | undefined; from: string; to: string }) {
  return useQuery({
    queryKey: bankKeys.balance(query),
    queryFn: ({ signal }) => api<TBalance>('/banks/cashflow', { query, signal, silent: true }),
  });
}

export function usePayments(kind: 'manual' | 'temporary', filter: TPaymentsFilter) {
  return useQuery({
    queryKey: bankKeys.payments(kind, filter),
    queryFn: ({ signal }) =>
      api<TListAnswer<TPaymentRow>>(`/bankentries/${kind}`, { query: { ...filter }, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/** Bookings by number, customer or agency (the assign dialog). */
export function useBookingSearch(search: string) {
  return useQuery({
    queryKey: bankKeys.bookingSearch(search),
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingSummary>>('/bookings', { query: { search, size: 10 }, signal, silent: true }),
    enabled: search.trim().length >= 2,
    select: (answer) => answer.data,
  });
}

const invalidateEntries = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['bankentries'] }),
    client.invalidateQueries({ queryKey: ['bookings'] }),
  ]);

/** `POST /api/bankentries/{id}/payments`. */
export function useAssign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      entryId,
      body,
      rate,
    }: {
      entryId: number;
      body: TAssignBody;
      rate?: string | undefined;
    }) => api<TBankEntry>(`/bankentries/${entryId}/payments`, { method: 'POST', body, query: { rate } }),
    onSuccess: () => invalidateEntries(client),
  });
}

/** `DELETE /api/bankentries/{id}/payments/{paymentId}` (kind credit: a credit entry). */
export function useUnassign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, id, kind }: { entryId: number; id: number; kind: 'payment' | 'credit' }) =>
      api<TBankEntry>(`/bankentries/${entryId}/payments/${id}`, { method: 'DELETE', query: { kind } }),
    onSuccess: () => invalidateEntries(client),
  });
}

/** `DELETE /api/banks/{id}/entries?importId=…`: takes an import back while nothing is assigned. */
export function useDeleteImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bankId, importId }: { bankId: number; importId: string }) =>
      api<{ deleted: number }>(`/banks/${bankId}/entries`, { method: 'DELETE', query: { importId } }),
    onSuccess: () => invalidateEntries(client),
  });
}

/**
 * `POST /api/banks/{bankId}/import/{csv|camt053|mt940}`, the format read off the file's start, with upload
 * progress (0–1): fetch cannot report it, so this one call uses XMLHttpRequest; failures become the same
 * ApiError as every other call's.
 */
export async function uploadStatement(bankId: number, file: File, onProgress: (share: number) => void) {
  const format = statementFormatOf(await file.slice(0, 4096).text());
  return new Promise<TImportResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`/banks/${bankId}/import/${format}`));
    const token = session.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'NETWORK'));
    xhr.onload = () => {
      let body: { error?: string; message?: string; details?: ApiError['details'] } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as unknown as TImportResult);
      const code = body?.error ?? 'UNKNOWN';
      reject(new ApiError(xhr.status, code, body?.message ?? code, body?.details));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function useImportStatement(bankId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (share: number) => void }) =>
      uploadStatement(bankId ?? 0, file, onProgress),
    onSuccess: () => invalidateEntries(client),
  });
}

/** Customers or agencies by name: whose credit a part of an entry goes to. */
export function usePayerSearch(kind: 'customer' | 'agency', search: string) {
  return useQuery({
    queryKey: ['bankentries', 'payers', kind, search] as const,
    queryFn: async ({ signal }) => {
      const path = kind === 'customer' ? '/customers' : '/agencies';
      const sort = kind === 'customer' ? 'fullName' : 'name';
      const answer = await api<TListAnswer<{ id: number; fullName?: string; name?: string }>>(path, {
        query: { search, sort, size: 20 },
        signal,
        silent: true,
      });
      return answer.data.map((row) => ({
        value: String(row.id),
        label: row.fullName ?? row.name ?? `#${row.id}`,
      }));
    },
    enabled: search.length >= 2,
  });
}
