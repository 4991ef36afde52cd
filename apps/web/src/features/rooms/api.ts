import type { TAddBlocker, TRoom, TRoomBlock, TRoomState, TUpdateRoom } from '@atoll/domain/inventory/rooms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TListQuery } from '../../components/useListState.ts';

/** What the room screens need of resorts, vessels, room types, decks and bed types. */
export type TOption = { id: number; name: string };
export type TRoomTypeOption = TOption & { resortId: number | null; vesselId: number | null };
export type TBedTypeOption = TOption & { key: string | null };
export type TAssetKind = 'resort' | 'vessel';

/** Query keys of rooms (TanStack Query key factory): invalidate `lists()` to refresh every list. */
export const roomKeys = {
  all: ['rooms'] as const,
  lists: () => [...roomKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...roomKeys.lists(), query] as const,
  detail: (id: number) => [...roomKeys.all, 'detail', id] as const,
};

/** Option lists of other resources, keyed by their own base path so their screens' changes reach them. */
const optionKeys = {
  assets: (kind: TAssetKind) => [kind, 'options'] as const,
  roomTypes: (filter: string) => ['roomtypes', 'options', filter] as const,
  decks: (vesselId: number) => ['vesseldeck', 'options', vesselId] as const,
  bedTypes: () => ['bedtype', 'options'] as const,
};

const all = <T>(path: string, signal: AbortSignal, filter?: Record<string, unknown>) =>
  api<TListAnswer<T>>(path, {
    query: { size: 0, sort: 'name', ...(filter ? { filter: JSON.stringify(filter) } : {}) },
    signal,
    silent: true,
  });

export function useRoom(id: number | null) {
  return useQuery({
    queryKey: roomKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TRoom>(`/rooms/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** The resorts or the vessels the user sees (a user without the read scope gets none). */
export function useAssets(kind: TAssetKind, enabled = true) {
  return useQuery({
    queryKey: optionKeys.assets(kind),
    queryFn: ({ signal }) => all<TOption>(kind === 'resort' ? '/resort' : '/vessel', signal),
    select: (answer) => answer.data,
    enabled,
  });
}

/** Room types of one asset, or all when none is given (the list's filter). */
export function useRoomTypes(asset?: { resortId: number | null; vesselId: number | null }) {
  const filter = asset
    ? asset.resortId
      ? { resortId: asset.resortId }
      : asset.vesselId
        ? { vesselId: asset.vesselId }
        : undefined
    : {};
  return useQuery({
    queryKey: optionKeys.roomTypes(JSON.stringify(filter ?? null)),
    queryFn: ({ signal }) => all<TRoomTypeOption>('/roomtypes', signal, filter),
    select: (answer) => answer.data,
    enabled: filter !== undefined,
  });
}

export function useDecks(vesselId: number | null) {
  return useQuery({
    queryKey: optionKeys.decks(vesselId ?? 0),
    queryFn: ({ signal }) => all<TOption>('/vesseldeck', signal, { vesselId }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

export function useBedTypes() {
  return useQuery({
    queryKey: optionKeys.bedTypes(),
    queryFn: ({ signal }) => all<TBedTypeOption>('/bedtype', signal),
    select: (answer) => answer.data,
  });
}

/** Keeps the open room and every list current after a change of one room. */
function useRoomChanged() {
  const client = useQueryClient();
  return (room: TRoom) => {
    client.setQueryData(roomKeys.detail(room.id), room);
    void client.invalidateQueries({ queryKey: roomKeys.lists() });
  };
}

export function useSaveRoom() {
  const changed = useRoomChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TUpdateRoom }) =>
      api<TRoom>(id ? `/rooms/${id}` : '/rooms', { method: 'POST', body, silent: true }),
    onSuccess: changed,
  });
}

export function useDeleteRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/rooms/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: roomKeys.lists() }),
  });
}

/** Housekeeping or usage state: the value decides which of the two it sets. */
export function useSetRoomState() {
  const changed = useRoomChanged();
  return useMutation({
    mutationFn: ({ id, state }: { id: number; state: TRoomState }) =>
      api<TRoom>(`/rooms/${id}/state/${state}`, { method: 'POST' }),
    onSuccess: changed,
  });
}

/** Blocks change the room's `blocked` list: the room is read again. */
function useBlocksChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: roomKeys.all });
}

export function useAddBlocker() {
  const changed = useBlocksChanged();
  return useMutation({
    mutationFn: (body: TAddBlocker) =>
      api<TRoomBlock[]>('/rooms/addBlocker', { method: 'POST', body, silent: true }),
    onSuccess: changed,
  });
}

export function useRemoveBlocker() {
  const changed = useBlocksChanged();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ ids: number[] }>('/rooms/removeBlocker', { method: 'POST', body: { id } }),
    onSuccess: changed,
  });
}
